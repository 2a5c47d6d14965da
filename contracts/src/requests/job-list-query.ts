import { z } from 'zod';
import { JOB_SORTS, POSTED_WITHIN_DAYS, SALARY_MAX, SHORT_TEXT_MAX_LENGTH } from '../constants.ts';
import { ExperienceLevel, JobType, WorkLocation } from '../entities/enums.ts';
import { queryMessages, tooLong } from '../messages.ts';
import { LimitParam, ListParam, optionalParam, PageParam, SearchParam } from './query-fields.ts';

/** `minSalary`: a whole number from 0 to SALARY_MAX (see MIN_SALARY_CHOICES for what it keeps). */
export const MinSalaryParam = optionalParam(
  z.coerce
    .number({ error: queryMessages.minSalaryInvalid })
    .int(queryMessages.minSalaryInvalid)
    .min(0, queryMessages.minSalaryInvalid)
    .max(SALARY_MAX, queryMessages.minSalaryInvalid),
);

/** `postedWithin`: days back from now, one of POSTED_WITHIN_DAYS. */
export const PostedWithinParam = optionalParam(
  z.coerce
    .number({ error: queryMessages.postedWithinInvalid })
    .pipe(z.literal(POSTED_WITHIN_DAYS, { error: queryMessages.postedWithinInvalid })),
);

/** `sort`: one of JOB_SORTS; absent means `relevance` (which is `newest` without search text). */
export const JobSortParam = optionalParam(z.enum(JOB_SORTS, { error: queryMessages.sortInvalid }));

/**
 * `GET /jobs` filters. `search` matches title, company and keywords; `skills` matches any listed skill;
 * `location` matches city, state or country; `minSalary` keeps jobs whose pay reaches it;
 * `postedWithin` those posted in the last so many days; `sort` orders them (JOB_SORTS).
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
  minSalary: MinSalaryParam,
  postedWithin: PostedWithinParam,
  sort: JobSortParam,
  page: PageParam,
  limit: LimitParam,
});
export type JobListQuery = z.infer<typeof JobListQuery>;
