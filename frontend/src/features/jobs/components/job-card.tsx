import { MAX_SKILLS_SHOWN } from '@careers/contracts/constants';
import type { Job } from '@careers/contracts/entities/job';
import {
  hiringMessages,
  jobMessages,
  jobScreenMessages,
  savedJobMessages,
  screenMessages,
} from '@careers/contracts/messages';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../../lib/locale';
import { employerLabel, placeText, salaryText } from '../format';
import { SaveJobToggle } from './save-job-toggle';
import { ClosedBadge } from './status-badge';

/** Where "Back to Jobs" returns to: the list with the filters it was opened from. */
export interface JobLinkState {
  jobsSearch?: string;
}

interface JobCardHeaderProps {
  job: Job;
  titleId: string;
  state?: JobLinkState;
  /** Beside the badges: the card's Save toggle, when it has one. */
  action?: ReactNode;
}

/** A job card's title (a link to the job, with where to come back to) and its type and Closed badges. */
export function JobCardHeader({ job, titleId, state, action }: JobCardHeaderProps) {
  return (
    <header className="job-card-header">
      <h2 className="job-card-title" id={titleId}>
        <Link to={`/jobs/${job._id}`} state={state}>
          {job.title}
        </Link>
      </h2>
      <div className="job-card-aside">
        <div className="job-badges">
          <span className="badge">{job.jobType}</span>
          {job.status === 'closed' ? <ClosedBadge text={hiringMessages.closedBadge} /> : null}
        </div>
        {action}
      </div>
    </header>
  );
}

/**
 * A screen's title with Saved Jobs (beyond the spec) and the Post a Job button beside it (Find Jobs,
 * My Posted Jobs).
 */
export function JobsScreenHeader({ title }: { title: string }) {
  return (
    <header className="screen-header">
      <h1 className="screen-title">{title}</h1>
      <div className="screen-actions">
        <Link to="/jobs/saved" className="button button-ghost">
          {savedJobMessages.savedJobs}
        </Link>
        <Link to="/jobs/post" className="button">
          {jobScreenMessages.postAJob}
        </Link>
      </div>
    </header>
  );
}

interface JobCardProps {
  job: Job;
  listSearch: string;
  /**
   * Whether the job is on the reader's saved list: given, the card has the Save toggle (beyond the
   * spec); the jobs list gives it, the other lists of job cards do not.
   */
  saved?: boolean;
  /** Told of each save or unsave of the card's toggle that succeeded (the screen's announcer). */
  onSavedChange?: (saved: boolean) => void;
}

/**
 * Spec, Jobs list: title, jobType badge, company or employer name, work location and city, experience
 * level, salary, a two-line description, the first 3 skills and "+N more". A closed job says so.
 */
export function JobCard({ job, listSearch, saved, onSavedChange }: JobCardProps) {
  const language = useLanguage();
  const titleId = useId();
  const shownSkills = job.skills.slice(0, MAX_SKILLS_SHOWN);
  const moreSkills = job.skills.length - shownSkills.length;
  const state: JobLinkState = { jobsSearch: listSearch };
  return (
    <article className="card job-card" aria-labelledby={titleId}>
      <JobCardHeader
        job={job}
        titleId={titleId}
        state={state}
        action={
          saved === undefined ? null : <SaveJobToggle job={job} saved={saved} onChanged={onSavedChange} />
        }
      />
      <p className="job-employer">{employerLabel(job)}</p>
      <ul className="job-facts">
        <li>{placeText(job.workLocation, job.location)}</li>
        <li>{job.experienceLevel}</li>
        <li>{salaryText(job.salary, language, jobMessages.salaryNotSpecified)}</li>
      </ul>
      <p className="job-card-description" dir="auto">
        {job.description}
      </p>
      {shownSkills.length > 0 ? (
        <ul className="job-skills" aria-label={jobScreenMessages.skills}>
          {shownSkills.map((skill) => (
            <li key={skill.name} className="skill-chip">
              {skill.name}
            </li>
          ))}
          {moreSkills > 0 ? <li className="skill-more">{screenMessages.moreSkills(moreSkills)}</li> : null}
        </ul>
      ) : null}
    </article>
  );
}
