import type { SuggestedConnection, SuggestionReason } from '@careers/contracts/entities/suggested-connection';
import {
  connectionMessages,
  screenMessages,
  connectionScreenMessages as texts,
} from '@careers/contracts/messages';
import { useId } from 'react';
import { ActionButton } from './action-button';
import { cityAndCountry, PersonCard } from './person';
import type { ConnectionActions } from './use-connection-actions';

/** Spec section 9: suggested connections show at most 3 skills. */
const SHOWN_SKILLS = 3;

/** What a suggestion's reason reads: "3 mutual connections", "Shares React and TypeScript", "Also in Berlin". */
export function reasonText(reason: SuggestionReason): string {
  switch (reason.kind) {
    case 'mutual':
      return connectionMessages.mutualConnections(reason.count);
    case 'skills':
      return connectionMessages.sharesSkills(reason.skills);
    case 'place':
      return connectionMessages.alsoIn(reason.city);
  }
}

/**
 * Spec, Connections: name (a link to their profile), bio, up to 3 skill names followed by "..." if
 * more, and Connect. Beyond the spec: the job title and city and country under the name, so that two
 * people of one name can be told apart, and why the person is suggested.
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
  const jobTitle = person.jobTitle.trim();
  const place = cityAndCountry(person.location);
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
      {jobTitle ? (
        <p className="connection-job-title" dir="auto">
          {jobTitle}
        </p>
      ) : null}
      {place ? <p className="connection-place">{place}</p> : null}
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
      {person.reason ? <p className="connection-when">{reasonText(person.reason)}</p> : null}
    </PersonCard>
  );
}
