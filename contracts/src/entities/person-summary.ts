import { z } from 'zod';
import { Id } from './scalars.ts';
import { ProfilePicture } from './uploaded-files.ts';

/** The author of a post or comment: picture or initials, name, job title or "Professional". */
export const AuthorSummary = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: ProfilePicture.nullable(),
  jobTitle: z.string(),
});
export type AuthorSummary = z.infer<typeof AuthorSummary>;
