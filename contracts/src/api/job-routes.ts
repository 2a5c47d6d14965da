import { z } from 'zod';
import { Application } from '../entities/application.ts';
import { Job } from '../entities/job.ts';
import { JobsPagination } from '../entities/pagination.ts';
import { ApplyToJobRequest } from '../requests/apply-to-job.ts';
import { CreateJobRequest } from '../requests/create-job.ts';
import { JobListQuery } from '../requests/job-list-query.ts';
import { JobIdParams } from '../requests/route-params.ts';
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
    // The command-service parses with createJobRequestSchema(earliestCurrentDate(now)) for the deadline.
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
    summary: 'Applies to a job with a cover letter.',
  }),
  getMyPostedJobs: defineRoute({
    method: 'GET',
    path: '/jobs/my/posted',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(Job)),
    summary: 'The jobs the user posted, newest first.',
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
} as const;
