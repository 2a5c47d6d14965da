import { z } from 'zod';
import { Id } from './scalars.ts';
import { ProfilePicture } from './uploaded-files.ts';
import { UserSkill } from './user-skill.ts';

/** A person the reader may want to connect with; cards show up to 3 skill names. */
export const SuggestedConnection = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: ProfilePicture.nullable(),
  bio: z.string(),
  skills: z.array(UserSkill),
  /** How many of the reader's connections are connected with this person (beyond the spec). */
  mutualConnections: z.number().int().nonnegative(),
});
export type SuggestedConnection = z.infer<typeof SuggestedConnection>;
