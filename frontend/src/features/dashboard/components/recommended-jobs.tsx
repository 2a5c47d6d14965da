import { fallbackMessages, jobMessages, screenMessages } from '@careers/contracts/messages';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LoadingState } from '../../../components/loading-state';
import { TryAgainButton } from '../../../components/try-again-button';
import { errorMessageOf } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/locale';
import { locationText, salaryText } from '../../jobs/format';
import { useRecommendedJobs } from '../api/recommended-jobs';

/**
 * Spec, Dashboard, Recommended Jobs (ranked by the server over every open job: api/recommended-jobs.ts):
 * each row shows the title, the company name or "Company", the
 * location (or "Location not specified"), the salary (or "Salary not specified") and the job type, and
 * leads to the job.
 */
export function RecommendedJobs() {
  const jobs = useRecommendedJobs();
  const recommended = jobs.data?.data ?? [];
  const language = useLanguage();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);

  // The error goes once the list loads: focus moves to the card's heading, not to the top of the page.
  async function retry() {
    const result = await jobs.refetch();
    if (!result.isError) title.current?.focus();
  }

  return (
    <section className="card dashboard-card" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId} ref={title} tabIndex={-1}>
        Recommended Jobs
      </h2>
      {jobs.isPending ? <LoadingState /> : null}
      {jobs.isError && !jobs.data ? (
        <div className="card-error-block">
          <p className="card-error" role="alert">
            {errorMessageOf(jobs.error, fallbackMessages.fetchJobs)}
          </p>
          <TryAgainButton
            className="button button-ghost"
            retrying={jobs.isFetching}
            onRetry={() => void retry()}
          />
        </div>
      ) : null}
      {jobs.data && recommended.length === 0 ? (
        <div className="empty-state">
          <p>{screenMessages.noRecommendations}</p>
          <Link to="/profile" className="button">
            Update Profile
          </Link>
        </div>
      ) : null}
      {recommended.length > 0 ? (
        <ul className="recommended-jobs">
          {recommended.map((job) => (
            <li key={job._id}>
              <Link to={`/jobs/${job._id}`} className="recommended-job">
                <span className="recommended-job-title">{job.title}</span>
                <span className="recommended-job-company">
                  {job.company.name.trim() || screenMessages.company}
                </span>
                <span className="recommended-job-meta">
                  <span>{locationText(job.location)}</span>
                  <span>{salaryText(job.salary, language, jobMessages.salaryNotSpecified)}</span>
                  <span className="badge">{job.jobType}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/jobs" className="button button-ghost card-footer-action">
        View All Jobs
      </Link>
    </section>
  );
}
