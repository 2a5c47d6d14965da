import { z } from 'zod';
import { Location } from './location.ts';
import { Id } from './scalars.ts';
import { ProfilePicture } from './uploaded-files.ts';
import { UserSkill } from './user-skill.ts';

/** A person as people search lists them: picture or initials, name, job title, place, skills. */
export const PersonCard = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  profilePicture: ProfilePicture.nullable(),
  location: Location,
  skills: z.array(UserSkill),
});
export type PersonCard = z.infer<typeof PersonCard>;

/** How the reader stands with a person: themselves, nothing yet, a request either way, or connected. */
export const PersonRelationship = z.object({
  status: z.enum(['self', 'none', 'sent', 'received', 'connected']),
  /** The request or connection, for its actions (withdraw, respond, remove); null for self or none. */
  connectionId: Id.nullable(),
});
export type PersonRelationship = z.infer<typeof PersonRelationship>;

/**
 * A person's profile page: the card, the bio, how many connections they have and which of them the
 * reader shares (a few names), how the reader stands with them, and their email and phone only for
 * themselves and their connections.
 */
export const PersonProfile = PersonCard.extend({
  bio: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  connectionCount: z.number().int().nonnegative(),
  mutualConnections: z.object({
    count: z.number().int().nonnegative(),
    people: z.array(z.object({ _id: Id, firstName: z.string(), lastName: z.string() })),
  }),
  relationship: PersonRelationship,
});
export type PersonProfile = z.infer<typeof PersonProfile>;
