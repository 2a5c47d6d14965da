import { z } from 'zod';
import { SHORT_TEXT_MAX_LENGTH } from '../constants.ts';
import { ExperienceLevel, JobType, WorkLocation } from '../entities/enums.ts';
import { tooLong } from '../messages.ts';
import { LimitParam, ListParam, optionalParam, PageParam, SearchParam } from './query-fields.ts';

/**
 * `GET /jobs` filters. `search` matches title, company and keywords; `skills` matches any listed skill;
 * `location` matches city, state or country.
 */
export const JobListQuery = z.object({
  search: SearchParam,
  skills: ListParam,
  jobType: optionalParam(JobType),
  workLocation: optionalParam(WorkLocation),
  experienceLevel: optionalParam(ExperienceLevel),
  location: optionalParam(
    z.string().trim().max(SHORT_TEXT_MAX_LENGTH, tooLong('Location', SHORT_TEXT_MAX_LENGTH)),
  ),
  page: PageParam,
  limit: LimitParam,
});
export type JobListQuery = z.infer<typeof JobListQuery>;
