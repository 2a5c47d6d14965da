import { z } from 'zod';
import { Location } from './location.ts';
import { Id } from './scalars.ts';
import { ProfilePicture } from './uploaded-files.ts';
import { UserSkill } from './user-skill.ts';

/** Not in the spec: how many shared skills a suggestion's reason names at most. */
export const REASON_SKILLS_SHOWN = 2;

/**
 * Why a person is suggested (beyond the spec), the strongest that applies, as the ranking weighs them:
 * connections in common, then skills in common (their names as the person wrote them, at most
 * REASON_SKILLS_SHOWN), then the same city (as the person wrote it).
 */
export const SuggestionReason = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mutual'), count: z.number().int().positive() }),
  z.object({ kind: z.literal('skills'), skills: z.array(z.string()).min(1).max(REASON_SKILLS_SHOWN) }),
  z.object({ kind: z.literal('place'), city: z.string().min(1) }),
]);
export type SuggestionReason = z.infer<typeof SuggestionReason>;

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
  /** Beyond the spec, so that two people of one name can be told apart: job title ('' when none) and place. */
  jobTitle: z.string(),
  location: Location,
  /** Beyond the spec: why they are suggested; null when nothing but how connected they are. */
  reason: SuggestionReason.nullable(),
});
export type SuggestedConnection = z.infer<typeof SuggestedConnection>;
