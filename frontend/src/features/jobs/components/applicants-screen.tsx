import { hiringMessages } from '@careers/contracts/messages';
import { Link, useParams } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useJob } from '../api/get-job';
import { useJobApplicants } from '../api/get-job-applicants';
import { useLiveJobApplications } from '../live/use-live-hiring';
import { ApplicantCard } from './applicant-card';
import { JobNotFound } from './job-not-found';
import { isNotFound } from './refusal';
import { ClosedBadge } from './status-badge';

/**
 * Beyond the spec: a job's applicants (/jobs/{id}/applicants), for its poster only; to anyone else the
 * server answers 404 and the screen says the job was not found. New applications, moves and
 * withdrawals arrive live (job:applications-changed) and the list is read again.
 */
export function ApplicantsScreen() {
  const { id: jobId = '' } = useParams();
  const job = useJob(jobId);
  const applicants = useJobApplicants(jobId);
  const now = useNow();
  useLiveJobApplications();
  const title = job.data ? hiringMessages.applicantsFor(job.data.title) : hiringMessages.applicants;

  return (
    <section className="screen applicants-screen">
      <Link to="/jobs/my/posted" className="button button-ghost back-link">
        <span aria-hidden="true">← </span>
        {hiringMessages.myPostedJobs}
      </Link>
      <header className="screen-header">
        <h1 className="screen-title">{title}</h1>
        {job.data?.status === 'closed' ? <ClosedBadge text={hiringMessages.closedBadge} /> : null}
      </header>
      {applicants.isPending ? <LoadingState /> : null}
      {applicants.isError && isNotFound(applicants.error) ? <JobNotFound /> : null}
      {applicants.isError && !isNotFound(applicants.error) ? (
        <ErrorCard
          title={hiringMessages.errorLoadingApplicants}
          message={errorMessageOf(applicants.error, hiringMessages.fetchApplicants)}
          retrying={applicants.isFetching}
          onRetry={() => void applicants.refetch()}
        />
      ) : null}
      {applicants.data?.length === 0 ? (
        <div className="card empty-state">
          <p>{hiringMessages.noApplicants}</p>
        </div>
      ) : null}
      {applicants.data && applicants.data.length > 0 ? (
        <>
          <p className="jobs-count">{hiringMessages.applicantCount(applicants.data.length)}</p>
          <div className="applicant-list">
            {applicants.data.map((applicant) => (
              <ApplicantCard key={applicant._id} applicant={applicant} now={now} />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
