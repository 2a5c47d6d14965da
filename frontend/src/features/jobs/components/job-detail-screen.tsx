import { companySlug } from '@careers/contracts/entities/company';
import type { Job } from '@careers/contracts/entities/job';
import {
  errorCardTitles,
  fallbackMessages,
  hiringMessages,
  jobMessages,
  jobScreenMessages,
  pageTitles,
} from '@careers/contracts/messages';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/locale';
import { isHttpUrl } from '../../../lib/urls';
import { useNow } from '../../../lib/use-now';
import { useJob } from '../api/get-job';
import { useMyApplications } from '../api/get-my-applications';
import { useSavedJobIds } from '../api/get-saved-jobs';
import { dateText, employerLabel, placeText, salaryText } from '../format';
import { useLiveJobApplications } from '../live/use-live-hiring';
import { ApplySection } from './apply-section';
import type { JobLinkState } from './job-card';
import { JobNotFound } from './job-not-found';
import { PosterPanel } from './poster-panel';
import { isNotFound } from './refusal';
import { SaveAnnouncement, SaveJobToggle, useSaveAnnouncer } from './save-job-toggle';
import { ClosedBadge } from './status-badge';

function TextList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="job-section">
      <h2 className="section-title">{title}</h2>
      <ul className="job-bullets">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a job's list, in its order, never reordered here
          <li key={index} dir="auto">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The job itself; `action` (the Save toggle) stands beside its title. */
function JobMain({ job, action }: { job: Job; action: ReactNode }) {
  const language = useLanguage();
  const { company } = job;
  const hasCompanyDetails = company.industry !== '' || company.size !== null || company.website !== '';
  return (
    <article className="card job-detail-main" aria-labelledby="job-title">
      <header className="job-detail-header">
        <div className="job-detail-title-row">
          <h1 className="screen-title" id="job-title">
            {job.title}
          </h1>
          {action}
        </div>
        <p className="job-employer">
          {/* Beyond the spec: a company's name opens its page, with its other open jobs. */}
          {company.name.trim() ? (
            <Link to={`/companies/${encodeURIComponent(companySlug(company.name))}`}>
              {employerLabel(job)}
            </Link>
          ) : (
            employerLabel(job)
          )}
        </p>
        <div className="job-badges">
          <span className="badge">{job.jobType}</span>
          <span className="badge">{job.experienceLevel}</span>
          {job.status === 'closed' ? <ClosedBadge text={hiringMessages.closedBadge} /> : null}
        </div>
        <ul className="job-facts">
          <li>{placeText(job.workLocation, job.location)}</li>
          <li>
            {jobScreenMessages.category}: {job.category}
          </li>
        </ul>
      </header>
      <section className="job-section">
        <h2 className="section-title">{jobScreenMessages.salaryRange}</h2>
        <p className="job-salary">{salaryText(job.salary, language, jobMessages.notSpecified)}</p>
      </section>
      {hasCompanyDetails ? (
        <section className="job-section">
          <h2 className="section-title">{jobScreenMessages.company}</h2>
          <dl className="job-facts-list">
            {company.industry ? (
              <div>
                <dt>{jobScreenMessages.industry}</dt>
                <dd>{company.industry}</dd>
              </div>
            ) : null}
            {company.size ? (
              <div>
                <dt>{jobScreenMessages.size}</dt>
                <dd>{jobScreenMessages.employees(company.size)}</dd>
              </div>
            ) : null}
            {company.website ? (
              <div>
                <dt>{jobScreenMessages.website}</dt>
                <dd>
                  {isHttpUrl(company.website) ? (
                    <a href={company.website} target="_blank" rel="noopener noreferrer nofollow">
                      {company.website}
                    </a>
                  ) : (
                    company.website
                  )}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}
      <section className="job-section">
        <h2 className="section-title">{jobScreenMessages.description}</h2>
        <p className="job-description" dir="auto">
          {job.description}
        </p>
      </section>
      <TextList title={jobScreenMessages.requirements} items={job.requirements} />
      {job.skills.length > 0 ? (
        <section className="job-section">
          <h2 className="section-title">{jobScreenMessages.requiredSkills}</h2>
          <ul className="job-skills">
            {job.skills.map((skill) => (
              <li key={skill.name} className={skill.required ? 'skill-chip skill-required' : 'skill-chip'}>
                {skill.name} · {skill.proficiency}
                {skill.required ? (
                  <span className="skill-required-mark"> ({jobScreenMessages.requiredSkill})</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <TextList title={jobScreenMessages.benefits} items={job.benefits} />
    </article>
  );
}

function JobInformation({ job }: { job: Job }) {
  const language = useLanguage();
  return (
    <section className="card job-side-card" aria-labelledby="job-information">
      <h2 className="section-title" id="job-information">
        {jobScreenMessages.jobInformation}
      </h2>
      <dl className="job-facts-list">
        <div>
          <dt>{jobScreenMessages.posted}</dt>
          <dd>
            <time dateTime={job.createdAt}>{dateText(job.createdAt, language)}</time>
            {/* Beyond the spec: when its poster last edited it. */}
            {job.editedAt ? (
              <span className="edited">
                <span aria-hidden="true"> · </span>
                <time dateTime={job.editedAt}>
                  {hiringMessages.editedOn(dateText(job.editedAt, language))}
                </time>
              </span>
            ) : null}
          </dd>
        </div>
        {job.applicationDeadline ? (
          <div>
            <dt>{jobScreenMessages.applicationDeadline}</dt>
            <dd>
              <time dateTime={job.applicationDeadline}>{dateText(job.applicationDeadline, language)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{jobScreenMessages.applications}</dt>
          <dd>{jobMessages.appliedCount(job.applications.length)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * Spec, Job detail (/jobs/{id}). The job's own poster gets a way to the applicants, Edit Job (an open
 * job) and Close Job in place of Apply Now (the server refuses an application to one's own job anyway).
 * Beyond the spec, the Save toggle beside the title, marked from the reader's saved list.
 */
export function JobDetailScreen({ jobId, viewerId }: { jobId: string; viewerId: string }) {
  const job = useJob(jobId);
  const isPoster = job.data?.employer._id === viewerId;
  // Whether the viewer applied already; a failure here only leaves Apply Now in place.
  const myApplications = useMyApplications();
  const now = useNow();
  const location = useLocation();
  const back = `/jobs${(location.state as JobLinkState | null)?.jobsSearch ?? ''}`;
  useLiveJobApplications();

  const application = myApplications.data?.find((one) => one.job._id === jobId);
  const savedIds = useSavedJobIds();
  const announcer = useSaveAnnouncer();

  return (
    <section className="screen job-detail-screen">
      <Link to={back} className="button button-ghost back-link">
        <span aria-hidden="true">← </span>
        {jobScreenMessages.backToJobs}
      </Link>
      <SaveAnnouncement said={announcer.said} />
      {job.isPending ? <LoadingState /> : null}
      {job.isError && isNotFound(job.error) ? <JobNotFound level={1} /> : null}
      {job.isError && !isNotFound(job.error) ? (
        <h1 className="visually-hidden">{pageTitles.jobDetails}</h1>
      ) : null}
      {job.isError && !isNotFound(job.error) ? (
        <ErrorCard
          title={errorCardTitles.jobDetails}
          message={errorMessageOf(job.error, fallbackMessages.fetchJob)}
          retrying={job.isFetching}
          onRetry={() => void job.refetch()}
        />
      ) : null}
      {job.data ? (
        <div className="job-detail-grid">
          <JobMain
            job={job.data}
            action={
              <SaveJobToggle
                job={job.data}
                saved={savedIds.has(job.data._id)}
                onChanged={announcer.onChanged}
              />
            }
          />
          <aside className="job-detail-side">
            {isPoster ? (
              <PosterPanel job={job.data} />
            ) : (
              <ApplySection job={job.data} application={application} now={now} />
            )}
            <JobInformation job={job.data} />
          </aside>
        </div>
      ) : null}
    </section>
  );
}
