import type { Job } from '@careers/contracts/entities/job';
import {
  applicationsScreenMessages,
  errorCardTitles,
  fallbackMessages,
  hiringMessages,
} from '@careers/contracts/messages';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { useIntents } from '../../../lib/intent';
import { useEditJob } from '../api/edit-job';
import { useJob } from '../api/get-job';
import { JobFormView, useJobForm } from './job-form';
import { JobNotFound } from './job-not-found';
import { jobFormValuesOf } from './post-job-form';
import { isNotFound, refusalMessage } from './refusal';

/** Instead of the form: why this job cannot be edited here, and the way back to it. */
function NotEditable({ jobId, reason }: { jobId: string; reason: string }) {
  return (
    <div className="card empty-state">
      <p>{reason}</p>
      <Link to={`/jobs/${jobId}`} className="button">
        {applicationsScreenMessages.viewJob}
      </Link>
    </div>
  );
}

/**
 * The Post a Job form (job-form.tsx), filled in from `job`. Saved, the job's cached copies take the
 * reply and the app goes to the job's page; the server's refusal (not the poster, closed meanwhile, a
 * deadline past by its clock) shows in its own words under the form, anything else as "Failed to save
 * the job". Leaving once the form differs from the job asks first.
 */
function EditJobForm({ job }: { job: Job }) {
  const edit = useEditJob();
  const intents = useIntents();
  const navigate = useNavigate();
  const form = useJobForm(() => jobFormValuesOf(job), {
    // The job keeps its currency: the form has no field for it.
    currency: job.salary.currency,
    onEdit: () => {
      if (edit.isError) edit.reset();
    },
  });

  function submit() {
    if (intents.isRunning('edit-job')) return;
    const changed = form.validate();
    if (changed === null) return;
    // One edit per intent (lib/intent.ts): a double click saves once; sending the same again reuses the key.
    const key = intents.begin('edit-job', changed);
    if (key === null) return;
    edit.mutate(
      { jobId: job._id, job: changed, key },
      {
        onSettled: (_job, error) => intents.end('edit-job', !error),
        onSuccess: () => {
          form.release();
          navigate(`/jobs/${job._id}`);
        },
      },
    );
  }

  return (
    <JobFormView
      form={form}
      onSubmit={submit}
      failure={
        edit.isError ? (
          <p className="action-error" role="alert">
            {refusalMessage(edit.error, hiringMessages.editJobFailed)}
          </p>
        ) : null
      }
      actions={
        <div className="form-actions text-editor-actions">
          <Link to={`/jobs/${job._id}`} className="button button-ghost">
            {hiringMessages.cancel}
          </Link>
          <button type="submit" className="button" aria-disabled={edit.isPending || undefined}>
            {edit.isPending ? hiringMessages.savingJob : hiringMessages.saveJobChanges}
          </button>
        </div>
      }
    />
  );
}

/**
 * Beyond the spec: Edit Job (/jobs/{id}/edit), for the job's poster while it is open. Anyone else, or a
 * closed job, finds why not and a way back to the job instead of the form (the server refuses either
 * edit anyway).
 */
export function EditJobScreen({ jobId, viewerId }: { jobId: string; viewerId: string }) {
  const job = useJob(jobId);

  function body() {
    // A job on screen stays there while a read of it again fails: the form keeps what was typed.
    if (job.data) {
      if (job.data.employer._id !== viewerId) {
        return <NotEditable jobId={jobId} reason={hiringMessages.onlyPosterEdits} />;
      }
      if (job.data.status === 'closed') {
        return <NotEditable jobId={jobId} reason={hiringMessages.closedJobNotEditable} />;
      }
      return <EditJobForm job={job.data} />;
    }
    if (job.isError && isNotFound(job.error)) return <JobNotFound />;
    if (job.isError) {
      return (
        <ErrorCard
          title={errorCardTitles.jobDetails}
          message={errorMessageOf(job.error, fallbackMessages.fetchJob)}
          retrying={job.isFetching}
          onRetry={() => void job.refetch()}
        />
      );
    }
    return <LoadingState />;
  }

  return (
    <section className="screen post-job-screen">
      <h1 className="screen-title">{hiringMessages.editJob}</h1>
      {body()}
    </section>
  );
}
