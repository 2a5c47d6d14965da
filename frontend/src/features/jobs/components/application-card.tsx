import type { Application } from '@careers/contracts/entities/application';
import { applicationsScreenMessages, hiringMessages, jobMessages } from '@careers/contracts/messages';
import { canWithdrawFrom } from '@careers/contracts/policies/application-access';
import { relativeTimeLabel } from '@careers/contracts/relative-time';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, useLanguage } from '../../../lib/locale';
import { useWithdrawApplication } from '../api/withdraw-application';
import { employerName, locationText, money, salaryText } from '../format';
import { ConfirmAction } from './confirm-action';
import { refusalMessage } from './refusal';
import { StatusBadge } from './status-badge';

function WithdrawAction({ application }: { application: Application }) {
  const withdraw = useWithdrawApplication();
  return (
    <ConfirmAction
      label={hiringMessages.withdraw}
      question={hiringMessages.withdrawConfirm}
      confirmLabel={hiringMessages.confirmWithdraw}
      pendingLabel={hiringMessages.withdrawing}
      cancelLabel={hiringMessages.cancel}
      pending={withdraw.isPending}
      failure={withdraw.isError ? refusalMessage(withdraw.error, hiringMessages.withdrawFailed) : null}
      onConfirm={(done) => withdraw.mutate(application._id, { onSuccess: done })}
    />
  );
}

/**
 * Spec, My Applications: job title, jobType, employer name, location, salary, relative applied time,
 * the cover letter (two lines), expected salary and the status badge; View Job opens the job. The
 * company, when the job names one, stands beside the employer's name (the search covers the name, so
 * the card shows it). A pending or interview application can be withdrawn (beyond the spec). The job
 * is shown as it was when applied to; when its poster edited it since, the card says so, with a link
 * to the job as it is now (beyond the spec).
 */
export function ApplicationCard({ application, now }: { application: Application; now: Date }) {
  const language = useLanguage();
  const titleId = useId();
  const { job } = application;
  const company = job.company.name.trim();
  return (
    <article className="card application-card" aria-labelledby={titleId}>
      <header className="application-card-header">
        <h2 className="job-card-title" id={titleId}>
          {job.title}
        </h2>
        <StatusBadge status={application.status} />
      </header>
      <ul className="job-facts">
        <li>
          <span className="badge">{job.jobType}</span>
        </li>
        <li>{employerName(job.employer)}</li>
        {company ? <li>{company}</li> : null}
        <li>
          {job.workLocation} · {locationText(job.location)}
        </li>
        <li>{salaryText(job.salary, language, jobMessages.salaryNotSpecified)}</li>
        <li>
          <time dateTime={application.appliedAt} title={formatDateTime(application.appliedAt, language)}>
            {applicationsScreenMessages.applied(relativeTimeLabel(application.appliedAt, now))}
          </time>
        </li>
      </ul>
      {/* Beyond the spec: the card keeps the job as applied to; the job's page shows it as it is now. */}
      {application.jobEditedSince ? (
        <p className="muted">
          {hiringMessages.jobEditedSinceApplying}{' '}
          <Link to={`/jobs/${job._id}`}>{hiringMessages.viewJobAsItIsNow}</Link>
        </p>
      ) : null}
      <p className="application-cover-letter" dir="auto">
        {application.coverLetter}
      </p>
      {application.expectedSalary !== null ? (
        <p>{applicationsScreenMessages.expectedSalary(money(application.expectedSalary, language))}</p>
      ) : null}
      <div className="application-actions">
        <Link to={`/jobs/${job._id}`} className="button button-ghost">
          {applicationsScreenMessages.viewJob}
        </Link>
        {canWithdrawFrom(application.status) ? <WithdrawAction application={application} /> : null}
      </div>
    </article>
  );
}
