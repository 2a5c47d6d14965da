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
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { isRefusal, refuse } from '../pipeline/domain-error.ts';
import { receiveFile } from '../uploads/receive-file.ts';
import { safeResumeFilename } from '../uploads/safe-filename.ts';
import { resumeRefusal } from '../users/file-routes.ts';
import type { UserStore } from '../users/store.ts';
import {
  type ApplicationResume,
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
import type { ResumeUploadStore } from './resume-upload-store.ts';
import type { ApplicationStore } from './store.ts';

export interface ApplicationRouteDeps extends PipelineDeps {
  applications: ApplicationStore;
  resumeUploads: ResumeUploadStore;
  jobs: JobStore;
  users: UserStore;
  pool: Pool;
  storage: ObjectStorage;
}

/**
 * An apply: the job as locked for applying, the application it would start, its poster, and the
 * resume uploaded for it when the apply names one (taken in the transaction).
 */
interface ApplyState {
  job: JobState;
  application: ApplicationState;
  alreadyApplied: boolean;
  employer: JobEmployer;
  uploaded: ApplicationResume | null;
  resumeUploadMissing: boolean;
}

const applicationStream = (application: ApplicationState) => ({
  type: 'application' as const,
  id: application.id,
  version: application.version,
});

/** The application aggregate's command routes, run by the pipeline. */
export function registerApplicationRoutes(deps: ApplicationRouteDeps): void {
  const { applications, resumeUploads, jobs, users, storage } = deps;

  async function lockApplication(tx: CommandTransaction, applicationId: string) {
    return (await applications.lock(tx.client, applicationId)) ?? applicationNotFound();
  }

  registerCommand(deps, {
    route: routes.applyToJob,
    // Only the profile resume is copied (outside the transaction, as `copyApplicantResume` says why).
    prepare: async ({ actor, body }) => ({
      applicationId: randomUUID(),
      copy: body.resume === 'profile' ? await copyApplicantResume(deps, actor.userId) : null,
    }),
    /**
     * The job is locked FOR SHARE (see `JobStore`): a close waits for the applies in flight, and an
     * apply behind a close sees the job closed. Whether the person applied already is read after that
     * lock; two of their applies at once are settled by `ApplicationStore.insert`. An edit takes the
     * job FOR UPDATE as a close does, so the listing read here (and kept with the application) is the
     * one of the last edit committed before this apply, and no edit commits until this apply has.
     *
     * A resume uploaded for the application is taken here (`ResumeUploadStore.take`): its row is
     * deleted with this transaction's commit, and is back if the apply is refused or fails.
     */
    async load(tx, { actor, params, body }, { applicationId }) {
      const job = await jobs.lockForApplying(tx.client, params.id);
      if (!job) return jobNotFound();
      const alreadyApplied = await applications.hasApplied(tx.client, job.id, actor.userId);
      // A poster without a user record deleted their account, which closed all their jobs with it.
      const employer = await findJobEmployer(users, tx.client, job.employerId);
      if (!employer) return refuse.conflict(hiringMessages.jobClosed);
      const uploaded =
        typeof body.resume === 'object'
          ? await resumeUploads.take(tx.client, body.resume.uploadId, actor.userId)
          : null;
      const resumeUploadMissing = typeof body.resume === 'object' && uploaded === null;
      const application = unsubmittedApplication(applicationId, job, actor.userId);
      return {
        job,
        application,
        alreadyApplied,
        employer,
        uploaded,
        resumeUploadMissing,
      } satisfies ApplyState;
    },
    decide: (state, { actor, body, now }, { applicationId, copy }) =>
      decideApply({
        job: state.job,
        applicationId,
        applicantId: actor.userId,
        alreadyApplied: state.alreadyApplied,
        request: body,
        resume: copy ?? state.uploaded,
        resumeUploadMissing: state.resumeUploadMissing,
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
    // Refused (applied already, job closed) or failed: the copy would belong to no application. A
    // resume uploaded for it stays: its row is back with the rollback, for another try.
    async abandon(_input, { copy }) {
      if (copy) await storage.remove([storageKeys.resume(copy.resumeId)]);
    },
  });

  /**
   * A resume for one application only: stored as a profile resume is (a PDF by its first bytes, up to
   * 10 MB, at `storageKeys.resume(id)`, so the resume file route, an application's keeping of it and
   * the sweeper treat it as any resume), then staged (`ResumeUploadStore.stage`) for the apply that
   * names it. It records no event: it is not a fact of the product until an application names it,
   * and nobody but its uploader knows of it until then. The command has no stream: the one write is the
   * staging row, made in `load` inside the pipeline's transaction (so an Idempotency-Key's answer is
   * kept with it, and a repeat gets the same upload back).
   */
  registerCommand(deps, {
    route: routes.uploadApplicationResume,
    async prepare({ request }) {
      const file = await receiveFile(request, 'resume', resumeRefusal);
      if (isRefusal(file)) return file;
      const resumeId = randomUUID();
      const size = await storage.putStream(storageKeys.resume(resumeId), file.chunks, 'application/pdf');
      return { resumeId, size, filename: safeResumeFilename(file.filename) } satisfies ApplicationResume;
    },
    // The account was deleted while the file arrived: nobody to keep it for.
    load: async (tx, { actor, now }, upload) =>
      (await resumeUploads.stage(tx.client, { ...upload, ownerId: actor.userId }, now))
        ? upload
        : signedOut(),
    decide: () => [],
    stream: () => {
      throw new Error('a resume upload records no event');
    },
    evolve: (upload) => upload,
    save: async () => {},
    respond: ({ resumeId, filename, size }) => ({ data: { uploadId: resumeId, filename, size } }),
    abandon: (_input, { resumeId }) => storage.remove([storageKeys.resume(resumeId)]),
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
