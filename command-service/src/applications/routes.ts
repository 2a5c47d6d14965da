import { randomUUID } from 'node:crypto';
import type { JobEmployer } from '@careers/contracts/entities/job';
import { hiringMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import type { Pool } from '@careers/service-kit';
import { type ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import type { CommandTransaction } from '../event-log/event-store.ts';
import { type JobState, jobNotFound } from '../jobs/decide.ts';
import { findJobEmployer } from '../jobs/employer.ts';
import type { JobStore } from '../jobs/store.ts';
import { type PipelineDeps, registerCommand } from '../pipeline/command-pipeline.ts';
import { refuse } from '../pipeline/domain-error.ts';
import type { UserStore } from '../users/store.ts';
import {
  type ApplicationState,
  applicationNotFound,
  decideApply,
  decideMoveApplication,
  decideWithdrawApplication,
  foldApplication,
  statusStateOf,
  unsubmittedApplication,
} from './decide.ts';
import { copyApplicantResume } from './resume-copy.ts';
import type { ApplicationStore } from './store.ts';

export interface ApplicationRouteDeps extends PipelineDeps {
  applications: ApplicationStore;
  jobs: JobStore;
  users: UserStore;
  pool: Pool;
  storage: ObjectStorage;
}

/** An apply: the job as locked for applying, the application it would start, and its poster. */
interface ApplyState {
  job: JobState;
  application: ApplicationState;
  alreadyApplied: boolean;
  employer: JobEmployer;
}

const applicationStream = (application: ApplicationState) => ({
  type: 'application' as const,
  id: application.id,
  version: application.version,
});

/** The application aggregate's command routes, run by the pipeline. */
export function registerApplicationRoutes(deps: ApplicationRouteDeps): void {
  const { applications, jobs, users, storage } = deps;

  async function lockApplication(tx: CommandTransaction, applicationId: string) {
    return (await applications.lock(tx.client, applicationId)) ?? applicationNotFound();
  }

  registerCommand(deps, {
    route: routes.applyToJob,
    prepare: async ({ actor }) => ({
      applicationId: randomUUID(),
      resume: await copyApplicantResume(deps, actor.userId),
    }),
    /**
     * The job is locked FOR SHARE (see `JobStore`): a close waits for the applies in flight, and an
     * apply behind a close sees the job closed. Whether the person applied already is read after that
     * lock; two of their applies at once are settled by `ApplicationStore.insert`. An edit takes the
     * job FOR UPDATE as a close does, so the listing read here (and kept with the application) is the
     * one of the last edit committed before this apply, and no edit commits until this apply has.
     */
    async load(tx, { actor, params }, { applicationId }) {
      const job = await jobs.lockForApplying(tx.client, params.id);
      if (!job) return jobNotFound();
      const alreadyApplied = await applications.hasApplied(tx.client, job.id, actor.userId);
      // A poster without a user record deleted their account, which closed all their jobs with it.
      const employer = await findJobEmployer(users, tx.client, job.employerId);
      if (!employer) return refuse.conflict(hiringMessages.jobClosed);
      const application = unsubmittedApplication(applicationId, job, actor.userId);
      return { job, application, alreadyApplied, employer } satisfies ApplyState;
    },
    decide: ({ job, alreadyApplied }, { actor, body, now }, { applicationId, resume }) =>
      decideApply({
        job,
        applicationId,
        applicantId: actor.userId,
        alreadyApplied,
        request: body,
        resume,
        now,
      }),
    stream: ({ application }) => applicationStream(application),
    evolve: (state, events) => ({ ...state, application: foldApplication(state.application, events) }),
    save: (tx, { application }) => applications.insert(tx.client, application),
    // The application as "My Applications" shows it.
    respond: ({ job, application, employer }, { body, now }) => ({
      data: {
        _id: application.id,
        job: { _id: job.id, ...job.listing, employer },
        // The job as applied to is the job as it is now.
        jobEditedSince: false,
        status: application.status,
        appliedAt: now.toISOString(),
        coverLetter: body.coverLetter,
        expectedSalary: body.expectedSalary,
      },
    }),
    // Refused (applied already, job closed) or failed: the copy would belong to no application.
    async abandon(_input, { resume }) {
      if (resume) await storage.remove([storageKeys.resume(resume.resumeId)]);
    },
  });

  registerCommand(deps, {
    route: routes.moveApplication,
    load: (tx, { params }) => lockApplication(tx, params.id),
    decide: (application, { actor, body, now }) =>
      decideMoveApplication({ application, actorId: actor.userId, to: body.status, now }),
    stream: applicationStream,
    evolve: foldApplication,
    save: (tx, application) => applications.save(tx.client, application),
    respond: (application) => ({ data: statusStateOf(application) }),
  });

  registerCommand(deps, {
    route: routes.withdrawApplication,
    load: (tx, { params }) => lockApplication(tx, params.id),
    decide: (application, { actor, now }) =>
      decideWithdrawApplication({ application, actorId: actor.userId, now }),
    stream: applicationStream,
    evolve: foldApplication,
    save: (tx, application) => applications.save(tx.client, application),
    respond: (application) => ({ data: statusStateOf(application) }),
  });
}
