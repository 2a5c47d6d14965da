import type { Job } from '@careers/contracts/entities/job';
import { hiringMessages } from '@careers/contracts/messages';
import { Link } from 'react-router-dom';
import { useCloseJob } from '../api/close-job';
import { ConfirmAction } from './confirm-action';
import { refusalMessage } from './refusal';

/** Beyond the spec: Close Job, asking first; once closed, the job takes no more applications. */
export function CloseJobAction({ job }: { job: Job }) {
  const close = useCloseJob();
  if (job.status === 'closed') return null;
  return (
    <ConfirmAction
      label={hiringMessages.closeJob}
      question={hiringMessages.closeJobConfirm}
      confirmLabel={hiringMessages.confirmClose}
      pendingLabel={hiringMessages.closing}
      cancelLabel={hiringMessages.cancel}
      pending={close.isPending}
      failure={close.isError ? refusalMessage(close.error, hiringMessages.closeJobFailed) : null}
      onConfirm={(done) => close.mutate(job._id, { onSuccess: done })}
    />
  );
}

/** Beyond the spec: Edit Job, to the job form filled in from the job; an open job only. */
export function EditJobLink({ job }: { job: Job }) {
  if (job.status === 'closed') return null;
  return (
    <Link to={`/jobs/${job._id}/edit`} className="button button-ghost">
      {hiringMessages.editJob}
    </Link>
  );
}

/**
 * On its own job, the poster sees a way to its applicants, Edit Job and Close Job instead of Apply
 * Now.
 */
export function PosterPanel({ job }: { job: Job }) {
  return (
    <section className="card job-side-card poster-panel" aria-label={hiringMessages.applicants}>
      <p>{hiringMessages.youPostedThis}</p>
      {job.status === 'closed' ? <p className="apply-notice">{hiringMessages.jobClosed}</p> : null}
      <Link to={`/jobs/${job._id}/applicants`} className="button">
        {hiringMessages.viewApplicants}
      </Link>
      <EditJobLink job={job} />
      <CloseJobAction job={job} />
    </section>
  );
}
