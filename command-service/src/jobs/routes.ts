import { randomUUID } from 'node:crypto';
import { routes } from '@careers/contracts/routes';
import type { Pool } from '@careers/service-kit';
import type { ApplicationStore } from '../applications/store.ts';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import type { UserStore } from '../users/store.ts';
import {
  decideCloseJob,
  decideEditJob,
  decidePostJob,
  foldJob,
  type JobState,
  jobNotFound,
  unpostedJob,
} from './decide.ts';
import { findJobEmployer } from './employer.ts';
import type { JobStore } from './store.ts';

export interface JobRouteDeps extends PipelineDeps {
  pool: Pool;
  jobs: JobStore;
  applications: ApplicationStore;
  users: UserStore;
}

/** An edit: the job as locked, and what its reply shows besides the form (read under the same lock). */
interface EditState {
  job: JobState;
  /** JobPosted's `postedAt`: the reply's `createdAt`. */
  postedAt: string;
  /** Its standing applications, one `{}` each in the reply (as every reader of the job sees them). */
  standingApplications: number;
}

const jobStream = (job: JobState) => ({ type: 'job' as const, id: job.id, version: job.version });

/** The job aggregate's command routes, run by the pipeline. */
export function registerJobRoutes(deps: JobRouteDeps): void {
  const { pool, jobs, applications, users } = deps;

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
        editedAt: null,
      },
    }),
  });

  registerCommand(deps, {
    route: routes.editJob,
    // The reply's poster is the actor (an edit by anyone else is refused): read as createJob reads it.
    async prepare({ actor }) {
      const employer = await findJobEmployer(users, pool, actor.userId);
      return employer ? { employer } : signedOut();
    },
    /**
     * The job is locked FOR UPDATE, as a close locks it (see `JobStore`): an apply in flight holds it
     * FOR SHARE, so the edit waits for it (that application keeps the listing before the edit), and an
     * apply behind the edit re-reads the row as the edit left it (it keeps the edited listing). An edit
     * and a close of the same job run one after the other: the later one finds the job as the first
     * left it (a close after an edit closes the edited job; an edit after a close is refused).
     */
    async load(tx, { params }) {
      const job = await jobs.lock(tx.client, params.id);
      if (!job) return jobNotFound();
      const postedAt = await jobs.postedAt(tx.client, job.id);
      if (postedAt === null) throw new Error(`job ${job.id} has no JobPosted in the event log`);
      const standingApplications = await applications.standingCountOf(tx.client, job.id);
      return { job, postedAt, standingApplications } satisfies EditState;
    },
    decide: ({ job }, { actor, body, now }) =>
      decideEditJob({ job, actorId: actor.userId, request: body, now }),
    stream: ({ job }) => jobStream(job),
    evolve: (state, events) => ({ ...state, job: foldJob(state.job, events) }),
    save: (tx, { job }) => jobs.save(tx.client, job),
    // The job as edited, in createJob's shape: every edit is recorded, so it was edited now.
    respond: ({ job, postedAt, standingApplications }, { body, now }, { employer }) => ({
      data: {
        _id: job.id,
        ...body,
        createdAt: postedAt,
        employer,
        applications: Array.from({ length: standingApplications }, () => ({})),
        status: job.status,
        closedAt: job.closedAt,
        editedAt: now.toISOString(),
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
