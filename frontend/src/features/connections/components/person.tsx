import type { ProfilePicture } from '@careers/contracts/entities/uploaded-files';
import type { ReactNode } from 'react';
import { Avatar, initialsOf } from '../../../components/avatar';
import { PersonLink } from '../../../components/person-link';

export interface PersonSummary {
  /** Their id: the name links to their profile page. */
  _id?: string;
  firstName: string;
  lastName: string;
  profilePicture: ProfilePicture | null;
}

export function fullName(person: Pick<PersonSummary, 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Spec: "city and country", each left out when unknown. */
export function cityAndCountry(location: { city: string; country: string }): string {
  return [location.city.trim(), location.country.trim()].filter(Boolean).join(', ');
}

interface PersonCardProps {
  person: PersonSummary;
  /** The id of the name's heading: the card is named by it. */
  nameId: string;
  /** What the card says under the name (bio, location, when). */
  children?: ReactNode;
  /** The card's buttons. */
  actions?: ReactNode;
  className?: string;
}

/**
 * The card every list of the screen shows a person in: picture or initials, the name as the card's
 * heading, then what that list says about them and its buttons.
 */
export function PersonCard({ person, nameId, children, actions, className = '' }: PersonCardProps) {
  const name = fullName(person);
  return (
    <article className={`card connection-card ${className}`.trim()} aria-labelledby={nameId}>
      <div className="connection-card-main">
        <Avatar picture={person.profilePicture} name={name} initials={initialsOf(person)} />
        <div className="connection-card-body">
          <h3 className="connection-name" id={nameId}>
            {person._id ? <PersonLink id={person._id} name={name} /> : name}
          </h3>
          {children}
        </div>
      </div>
      {actions ? <div className="connection-actions">{actions}</div> : null}
    </article>
  );
}
