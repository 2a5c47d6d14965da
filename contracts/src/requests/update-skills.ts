import { z } from 'zod';
import {
  MAX_PROFILE_SKILLS,
  MAX_YEARS_OF_EXPERIENCE,
  SHORT_TEXT_MAX_LENGTH,
  skillDefaults,
} from '../constants.ts';
import { SkillProficiency } from '../entities/enums.ts';
import { profileMessages } from '../messages.ts';
import { numberInput } from './fields.ts';

const YearsOfExperience = numberInput(profileMessages.experienceInvalid)
  .transform((years) => years ?? skillDefaults.experience)
  .pipe(
    z
      .number()
      .int(profileMessages.experienceInvalid)
      .min(0, profileMessages.experienceInvalid)
      .max(MAX_YEARS_OF_EXPERIENCE, profileMessages.experienceInvalid),
  );

export const UserSkillInput = z.object({
  name: z.string().trim().max(SHORT_TEXT_MAX_LENGTH, profileMessages.skillNameTooLong),
  proficiency: SkillProficiency.default(skillDefaults.proficiency),
  experience: YearsOfExperience,
});

/** A profile's skills: rows whose name is blank are dropped. */
export const UserSkillsInput = z
  .array(UserSkillInput)
  .transform((skills) => skills.filter((skill) => skill.name !== ''))
  .refine((skills) => skills.length <= MAX_PROFILE_SKILLS, profileMessages.tooManySkills);

/** `PUT /users/skills` (payload not shown in the spec; chosen: the whole list). */
export const UpdateSkillsRequest = z.object({ skills: UserSkillsInput });
export type UpdateSkillsRequest = z.infer<typeof UpdateSkillsRequest>;
export type UpdateSkillsRequestInput = z.input<typeof UpdateSkillsRequest>;
