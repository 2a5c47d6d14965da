import type { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';
import {
  connectionMessages,
  screenMessages,
  connectionScreenMessages as texts,
} from '@careers/contracts/messages';
import { useId } from 'react';
import { ActionButton } from './action-button';
import { PersonCard } from './person';
import type { ConnectionActions } from './use-connection-actions';

/** Spec section 9: suggested connections show at most 3 skills. */
const SHOWN_SKILLS = 3;

/**
 * Spec, Connections: name, bio, up to 3 skill names followed by "..." if more, and Connect; beyond the
 * spec, how many of the reader's connections know this person.
 */
export function SuggestionCard({
  person,
  actions,
}: {
  person: SuggestedConnection;
  actions: ConnectionActions;
}) {
  const nameId = useId();
  const shown = person.skills.slice(0, SHOWN_SKILLS);
  const more = person.skills.length - shown.length;
  return (
    <PersonCard
      person={person}
      nameId={nameId}
      actions={
        <ActionButton
          className="button"
          label={texts.connect}
          busy={actions.isBusy(person._id)}
          onAct={(origin) => actions.connect(person._id, origin)}
        />
      }
    >
      <p className={person.bio.trim() ? 'connection-bio' : 'connection-bio muted'} dir="auto">
        {person.bio.trim() || connectionMessages.noBio}
      </p>
      {shown.length > 0 ? (
        <ul className="job-skills" aria-label={texts.skills}>
          {shown.map((skill) => (
            <li key={skill.name} className="skill-chip">
              {skill.name}
            </li>
          ))}
          {more > 0 ? (
            <li className="skill-more">
              <span aria-hidden="true">...</span>
              <span className="visually-hidden">{screenMessages.moreSkills(more)}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      {person.mutualConnections > 0 ? (
        <p className="connection-when">{connectionMessages.mutualConnections(person.mutualConnections)}</p>
      ) : null}
    </PersonCard>
  );
}
