import { z } from 'zod';
import { SkillProficiency } from './enums.ts';

/** A skill on a profile: name, proficiency and years of experience. */
export const UserSkill = z.object({
  name: z.string().min(1),
  proficiency: SkillProficiency,
  experience: z.number().int().nonnegative(),
});
export type UserSkill = z.infer<typeof UserSkill>;
