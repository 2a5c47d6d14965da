import { z } from 'zod';
import { uploadLimits } from '../constants.ts';
import { Application, ApplicationStatusState, JobApplicant } from '../entities/application.ts';
import { JobStatus } from '../entities/enums.ts';
import { Job, PostedJob } from '../entities/job.ts';
import { JobsPagination } from '../entities/pagination.ts';
import { SavedJob, SavedJobState } from '../entities/saved-job.ts';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { ApplicationResumeUpload } from '../entities/uploaded-files.ts';
import { ApplyToJobRequest } from '../requests/apply-to-job.ts';
import { CreateJobRequest } from '../requests/create-job.ts';
import { JobListQuery } from '../requests/job-list-query.ts';
import { MoveApplicationRequest } from '../requests/move-application.ts';
import { ApplicationIdParams, JobIdParams } from '../requests/route-params.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse, pageResponse } from './responses.ts';

export const jobRoutes = {
  listJobs: defineRoute({
    method: 'GET',
    path: '/jobs',
    service: 'query',
    auth: 'required',
    query: JobListQuery,
    status: 200,
    response: pageResponse(Job, JobsPagination),
    summary: 'Searches and filters jobs, newest first.',
  }),
  getJob: defineRoute({
    method: 'GET',
    path: '/jobs/:id',
    service: 'query',
    auth: 'required',
    params: JobIdParams,
    status: 200,
    response: dataResponse(Job),
    summary: 'One job.',
  }),
  createJob: defineRoute({
    method: 'POST',
    path: '/jobs',
    service: 'command',
    auth: 'required',
    // The deadline rule (not before today) needs the clock: the command-service decides it (jobs/decide.ts).
    body: CreateJobRequest,
    status: 201,
    response: dataResponse(Job),
    summary: 'Posts a job.',
  }),
  applyToJob: defineRoute({
    method: 'POST',
    path: '/jobs/:id/apply',
    service: 'command',
    auth: 'required',
    params: JobIdParams,
    body: ApplyToJobRequest,
    status: 201,
    response: dataResponse(Application),
    summary:
      'Applies to a job with a cover letter, and the profile resume (the default), a resume uploaded for ' +
      'this application (resume: { uploadId }), or none (resume: "none").',
  }),
  // Beyond the spec: a resume for one application only, as Indeed and LinkedIn offer.
  uploadApplicationResume: defineRoute({
    method: 'POST',
    path: '/applications/resume-uploads',
    service: 'command',
    auth: 'required',
    body: null,
    multipart: uploadLimits.resume,
    status: 201,
    response: dataResponse(ApplicationResumeUpload),
    summary:
      'Beyond the spec: uploads a PDF resume for one application only (multipart field resume); ' +
      'applyToJob names it within an hour, and it is not kept on the profile.',
  }),
  saveJob: defineRoute({
    method: 'PUT',
    path: '/jobs/:id/saved',
    service: 'command',
    auth: 'required',
    params: JobIdParams,
    body: null,
    status: 200,
    response: dataResponse(SavedJobState),
    summary: "Beyond the spec: puts the job on the reader's saved list (saving it again changes nothing).",
  }),
  unsaveJob: defineRoute({
    method: 'DELETE',
    path: '/jobs/:id/saved',
    service: 'command',
    auth: 'required',
    params: JobIdParams,
    body: null,
    status: 200,
    response: dataResponse(SavedJobState),
    summary: "Beyond the spec: takes the job off the reader's saved list (a job not on it changes nothing).",
  }),
  getSavedJobs: defineRoute({
    method: 'GET',
    path: '/jobs/my/saved',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(SavedJob)),
    summary: "Beyond the spec: the reader's saved jobs, the latest saved first, closed ones included.",
  }),
  getMyPostedJobs: defineRoute({
    method: 'GET',
    path: '/jobs/my/posted',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(PostedJob)),
    summary: 'The jobs the user posted, newest first, each with its applications counted per status.',
  }),
  // Beyond the spec's "5 fetched jobs": the dashboard's Recommended Jobs over every open job.
  getRecommendedJobs: defineRoute({
    method: 'GET',
    path: '/jobs/recommended',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(Job)),
    summary:
      'Up to 3 open jobs that share a skill with the user, most shared skills first, then those that fit ' +
      'their job preferences and city, then newest; not their own, not applied to, not past the deadline.',
  }),
  getMyApplications: defineRoute({
    method: 'GET',
    path: '/jobs/my/applications',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(Application)),
    summary: "The user's applications, newest first.",
  }),
  // Beyond the spec: the poster's side of hiring.
  closeJob: defineRoute({
    method: 'POST',
    path: '/jobs/:id/close',
    service: 'command',
    auth: 'required',
    params: JobIdParams,
    body: null,
    status: 200,
    response: dataResponse(z.object({ jobId: Id, status: JobStatus, closedAt: IsoDateTime.nullable() })),
    summary: 'Closes a job (its poster only): it stays visible and takes no more applications.',
  }),
  editJob: defineRoute({
    method: 'PUT',
    path: '/jobs/:id',
    service: 'command',
    auth: 'required',
    params: JobIdParams,
    // The whole Post-a-Job form again, with its deadline rule (jobs/decide.ts).
    body: CreateJobRequest,
    status: 200,
    response: dataResponse(Job),
    summary:
      'Edits an open job (its poster only): the whole posting is replaced; applications already made ' +
      'keep the job as they were made to.',
  }),
  getJobApplicants: defineRoute({
    method: 'GET',
    path: '/jobs/:id/applications',
    service: 'query',
    auth: 'required',
    params: JobIdParams,
    status: 200,
    response: dataResponse(z.array(JobApplicant)),
    summary: "A job's applications with their history, newest first (its poster only).",
  }),
  moveApplication: defineRoute({
    method: 'PUT',
    path: '/applications/:id/status',
    service: 'command',
    auth: 'required',
    params: ApplicationIdParams,
    body: MoveApplicationRequest,
    status: 200,
    response: dataResponse(ApplicationStatusState),
    summary: "Moves an application to interview, accepted or rejected (the job's poster only).",
  }),
  withdrawApplication: defineRoute({
    method: 'POST',
    path: '/applications/:id/withdraw',
    service: 'command',
    auth: 'required',
    params: ApplicationIdParams,
    body: null,
    status: 200,
    response: dataResponse(ApplicationStatusState),
    summary: 'Withdraws a pending or interview application (its applicant only).',
  }),
} as const;
