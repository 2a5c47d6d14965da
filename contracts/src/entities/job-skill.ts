import { z } from 'zod';
import { SkillProficiency } from './enums.ts';

/** A skill a job asks for; required ones are highlighted on the job detail screen. */
export const JobSkill = z.object({
  name: z.string().min(1),
  required: z.boolean(),
  proficiency: SkillProficiency,
});
export type JobSkill = z.infer<typeof JobSkill>;
