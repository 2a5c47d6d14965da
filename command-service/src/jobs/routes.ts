import { randomUUID } from 'node:crypto';
import { routes } from '@careers/contracts/routes';
import type { Pool } from '@careers/service-kit';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import type { UserStore } from '../users/store.ts';
import { decideCloseJob, decidePostJob, foldJob, type JobState, jobNotFound, unpostedJob } from './decide.ts';
import { findJobEmployer } from './employer.ts';
import type { JobStore } from './store.ts';

export interface JobRouteDeps extends PipelineDeps {
  pool: Pool;
  jobs: JobStore;
  users: UserStore;
}

const jobStream = (job: JobState) => ({ type: 'job' as const, id: job.id, version: job.version });

/** The job aggregate's command routes, run by the pipeline. */
export function registerJobRoutes(deps: JobRouteDeps): void {
  const { pool, jobs, users } = deps;

  registerCommand(deps, {
    route: routes.createJob,
    async prepare({ actor }) {
      const employer = await findJobEmployer(users, pool, actor.userId);
      return employer ? { employer, jobId: randomUUID() } : signedOut();
    },
    // The poster's account is held until the commit: a job posted while they delete it is posted
    // before (and closed by the deletion) or refused after.
    load: async (tx, { actor, body }, { jobId }) =>
      (await users.holdExisting(tx.client, [actor.userId])).has(actor.userId)
        ? unpostedJob(jobId, actor.userId, body)
        : signedOut(),
    decide: (_job, { actor, body, now }, { jobId }) =>
      decidePostJob({ jobId, employerId: actor.userId, request: body, now }),
    stream: jobStream,
    evolve: foldJob,
    save: (tx, job) => jobs.insert(tx.client, job),
    // The job as its detail screen shows it: nobody has applied yet.
    respond: (job, { body, now }, { employer }) => ({
      data: {
        _id: job.id,
        ...body,
        createdAt: now.toISOString(),
        employer,
        applications: [],
        status: job.status,
        closedAt: job.closedAt,
      },
    }),
  });

  registerCommand(deps, {
    route: routes.closeJob,
    load: async (tx, { params }) => (await jobs.lock(tx.client, params.id)) ?? jobNotFound(),
    decide: (job, { actor, now }) => decideCloseJob({ job, actorId: actor.userId, now }),
    stream: jobStream,
    evolve: foldJob,
    save: (tx, job) => jobs.save(tx.client, job),
    respond: (job) => ({ data: { jobId: job.id, status: job.status, closedAt: job.closedAt } }),
  });
}
