import { dashboardCounts } from '@careers/contracts/constants';
import type { Application, ApplicationJob } from '@careers/contracts/entities/application';
import { jobsPageInfo } from '@careers/contracts/entities/pagination';
import type { SavedJob } from '@careers/contracts/entities/saved-job';
import { jobMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import type { OwnApplication } from '../projectors/applications/queries.ts';
import type { JobSummary } from '../projectors/jobs/queries.ts';
import { jobsListVersion } from '../projectors/jobs/version.ts';
import { ResponseCache } from '../response-cache.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerCachedQuery } from './register-cached-query.ts';
import { registerQuery } from './register-query.ts';

/**
 * How long a list with a date posted (`postedWithin`) is served from the cache at most: no event
 * retires it when one of its jobs ages out of those days, so a job may stay listed up to a minute past
 * its window, however quiet the board.
 */
export const POSTED_WITHIN_MAX_AGE_MS = 60_000;

/**
 * An application as "My Applications" shows it: its job as it was applied to (`jobAsApplied`) with the
 * poster as the job now names them, or the job as it is now (`current`) when the application kept none;
 * and whether the poster edited the job after the application was made (its page shows it as now).
 */
export function applicationCard(
  { jobId, jobAsApplied, ...application }: OwnApplication,
  current: JobSummary,
): Application {
  const job: ApplicationJob = jobAsApplied
    ? {
        _id: jobId,
        title: jobAsApplied.title,
        jobType: jobAsApplied.jobType,
        workLocation: jobAsApplied.workLocation,
        location: jobAsApplied.location,
        salary: jobAsApplied.salary,
        company: jobAsApplied.company,
        employer: current.job.employer,
      }
    : current.job;
  const jobEditedSince =
    current.editedAt !== null && Date.parse(current.editedAt) > Date.parse(application.appliedAt);
  return {
    _id: application._id,
    job,
    jobEditedSince,
    status: application.status,
    appliedAt: application.appliedAt,
    coverLetter: application.coverLetter,
    expectedSalary: application.expectedSalary,
  };
}

/**
 * GET /api/jobs, /api/jobs/:id, /api/jobs/my/posted, /api/jobs/recommended, /api/jobs/my/applications,
 * /api/jobs/my/saved and /api/jobs/:id/applications.
 */
export function registerJobQueries(deps: QueryRouteDeps): void {
  const { jobs, applications, savedJobs } = deps;
  // Search pages by query (keyed by the URL as sent: each filter, sort and page its own entry), the
  // same for every reader (jobsListVersion says what they are made of), valid while the jobs listing
  // keeps its version: a like or a comment leaves them. 32 MB at most.
  const listCache = new ResponseCache(32 * 1024 * 1024);

  registerCachedQuery(
    deps,
    routes.listJobs,
    { cache: listCache, versionKey: jobsListVersion.key, perReader: false },
    async ({ query, maxAge }) => {
      // "Posted within" also depends on the clock: a job leaves it as it ages, with no event to say so.
      if (query.postedWithin !== undefined) maxAge(POSTED_WITHIN_MAX_AGE_MS);
      const { jobs: data, total } = await jobs.search(query);
      return { data, pagination: jobsPageInfo({ page: query.page, limit: query.limit, total }) };
    },
  );

  registerQuery(deps, routes.getJob, async ({ params }) => {
    const job = await jobs.findJob(params.id);
    if (!job) throw notFound(jobMessages.jobNotFound);
    return { data: job };
  });

  registerQuery(deps, routes.getMyPostedJobs, async ({ viewerId }) => {
    const posted = await jobs.postedBy(viewerId);
    const counts = await applications.countsByJob(posted.map((job) => job._id));
    return {
      data: posted.flatMap((job) => {
        const applicationCounts = counts.get(job._id);
        return applicationCounts ? [{ ...job, applicationCounts }] : [];
      }),
    };
  });

  registerQuery(deps, routes.getRecommendedJobs, async ({ viewerId }) => ({
    data: await jobs.recommendedFor(viewerId, dashboardCounts.recommendedJobs),
  }));

  // The reader's applications, each with the job as they applied to it (the applications model keeps
  // it from their ApplicationSubmitted) and its poster as now (the jobs model's); one whose event kept
  // no job (before jobs could be edited) shows the job as it is now. An application whose job has not
  // been projected yet (another topic) shows once it has.
  registerQuery(deps, routes.getMyApplications, async ({ viewerId }) => {
    const own = await applications.ofApplicant(viewerId);
    const summaries = await jobs.summaries([...new Set(own.map((a) => a.jobId))]);
    const data: Application[] = own.flatMap((application) => {
      const current = summaries.get(application.jobId);
      return current ? [applicationCard(application, current)] : [];
    });
    return { data };
  });

  // The reader's saved jobs, the latest saved first: which and when from the saved-jobs model, each job
  // as it is now from the jobs model (a closed one stays, with its status). Not cached, as "My
  // Applications" is not: one reader's list, read after their own saves (their consistency token waits
  // for the batch that applied the save, whose transaction moved the checkpoint).
  registerQuery(deps, routes.getSavedJobs, async ({ viewerId }) => {
    const saved = await savedJobs.ofUser(viewerId);
    const found = await jobs.byIds(saved.map((s) => s.jobId));
    // A job saved before its JobPosted was projected (another topic) shows once it is.
    const data: SavedJob[] = saved.flatMap(({ jobId, savedAt }) => {
      const job = found.get(jobId);
      return job ? [{ job, savedAt }] : [];
    });
    return { data };
  });

  // The poster's view of who applied. To anyone else the job's applications do not exist
  // (canSeeApplication in contracts: the applicant sees their own through /jobs/my/applications), so
  // they get the same 404 as for a job that does not exist.
  registerQuery(deps, routes.getJobApplicants, async ({ viewerId, params }) => {
    const posterId = await jobs.posterOf(params.id);
    if (posterId === null || posterId !== viewerId) throw notFound(jobMessages.jobNotFound);
    return { data: await applications.applicantsOf(params.id, posterId) };
  });
}
