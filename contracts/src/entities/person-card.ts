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
