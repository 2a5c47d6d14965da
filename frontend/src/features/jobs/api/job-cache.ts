import { applicationStatuses } from '@careers/contracts/constants';
import type { Application, ApplicationStatusState } from '@careers/contracts/entities/application';
import type { ApplicationCounts, Job, PostedJob } from '@careers/contracts/entities/job';
import type { SavedJob } from '@careers/contracts/entities/saved-job';
import type { QueryClient } from '@tanstack/react-query';
import { jobQueryKey } from './get-job';
import { myApplicationsQueryKey } from './get-my-applications';
import { myPostedJobsQueryKey } from './get-my-posted-jobs';
import { savedJobsQueryKey } from './get-saved-jobs';
import { type JobListPage, jobListsKey } from './list-jobs';

/**
 * The only place a cached job or application changes: every jobs list page, the open job, the
 * poster's list, the applicant's list and the reader's saved jobs, so the screens never disagree about
 * one.
 */

type JobChange = <J extends Job>(job: J) => J;

export function updateJob(queryClient: QueryClient, jobId: string, change: JobChange): void {
  const changeIn = <J extends Job>(jobs: J[]) => jobs.map((job) => (job._id === jobId ? change(job) : job));
  queryClient.setQueriesData<JobListPage>({ queryKey: jobListsKey }, (page) =>
    page ? { ...page, data: changeIn(page.data) } : page,
  );
  queryClient.setQueryData<Job>(jobQueryKey(jobId), (job) => (job ? change(job) : job));
  queryClient.setQueryData<PostedJob[]>(myPostedJobsQueryKey, (jobs) => (jobs ? changeIn(jobs) : jobs));
  queryClient.setQueryData<SavedJob[]>(savedJobsQueryKey, (list) =>
    list?.map((saved) => (saved.job._id === jobId ? { ...saved, job: change(saved.job) } : saved)),
  );
}

/**
 * A job its poster edited: the open job becomes the reply, and every other cached copy takes its fields
 * (a posted job keeps its counts per status).
 */
export function replaceJob(queryClient: QueryClient, edited: Job): void {
  queryClient.setQueryData<Job>(jobQueryKey(edited._id), edited);
  updateJob(queryClient, edited._id, (job) => ({ ...job, ...edited }));
}

function noApplications(): ApplicationCounts {
  return Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as ApplicationCounts;
}

/** Spec section 4: a created job goes first in the user's posted jobs. */
export function addPostedJob(queryClient: QueryClient, job: Job): void {
  queryClient.setQueryData<PostedJob[]>(myPostedJobsQueryKey, (jobs) =>
    jobs
      ? [{ ...job, applicationCounts: noApplications() }, ...jobs.filter((other) => other._id !== job._id)]
      : jobs,
  );
}

/** The applications each cache has counted into their job's "{n} applied". */
const countedApplications = new WeakMap<QueryClient, Set<string>>();

/**
 * Spec section 4: applying adds the application to the open job (its "{n} applied"). A job's list
 * tells nothing of who applied, so each application is counted up once per cache, however often its
 * answer arrives; a later fetch of the job replaces the count with the server's.
 */
export function addApplication(queryClient: QueryClient, application: Application): void {
  const counted = countedApplications.get(queryClient) ?? new Set<string>();
  countedApplications.set(queryClient, counted);
  if (!counted.has(application._id)) {
    counted.add(application._id);
    updateJob(queryClient, application.job._id, (job) => ({
      ...job,
      applications: [...job.applications, {}],
    }));
  }
  queryClient.setQueryData<Application[]>(myApplicationsQueryKey, (applications) =>
    applications
      ? [application, ...applications.filter((other) => other._id !== application._id)]
      : applications,
  );
}

/**
 * Sets one of the applicant's applications to `state.status`. False when the list does not hold it
 * (not loaded yet, or the application is newer than the list).
 */
export function setApplicationStatus(queryClient: QueryClient, state: ApplicationStatusState): boolean {
  let found = false;
  queryClient.setQueryData<Application[]>(myApplicationsQueryKey, (applications) =>
    applications?.map((application) => {
      if (application._id !== state.applicationId) return application;
      found = true;
      return application.status === state.status ? application : { ...application, status: state.status };
    }),
  );
  return found;
}
