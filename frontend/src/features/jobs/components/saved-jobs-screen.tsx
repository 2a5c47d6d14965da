import type { SavedJob } from '@careers/contracts/entities/saved-job';
import { applicationsScreenMessages, savedJobMessages } from '@careers/contracts/messages';
import { relativeTimeLabel } from '@careers/contracts/relative-time';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCard } from '../../../components/error-card';
import { LoadingState } from '../../../components/loading-state';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateTime, useLanguage } from '../../../lib/locale';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useNow } from '../../../lib/use-now';
import { useSavedJobs } from '../api/get-saved-jobs';
import { employerLabel, placeText } from '../format';
import { JobCardHeader } from './job-card';
import { SaveAnnouncement, SaveJobToggle, useSaveAnnouncer } from './save-job-toggle';

interface SavedJobCardProps {
  saved: SavedJob;
  now: Date;
  onChanged: (saved: boolean) => void;
}

/**
 * One saved job: its title (a link to the job), type and Closed badges, the Save toggle (pressed),
 * the company or employer, where, and when it was saved. A job closed since says so.
 */
function SavedJobCard({ saved, now, onChanged }: SavedJobCardProps) {
  const language = useLanguage();
  const titleId = useId();
  const noteId = useId();
  const { job, savedAt } = saved;
  const closed = job.status === 'closed';
  return (
    <article
      className="card job-card saved-job-card"
      aria-labelledby={titleId}
      aria-describedby={closed ? noteId : undefined}
      data-job-id={job._id}
    >
      <JobCardHeader
        job={job}
        titleId={titleId}
        action={<SaveJobToggle job={job} saved onChanged={onChanged} />}
      />
      <p className="job-employer">{employerLabel(job)}</p>
      <ul className="job-facts">
        <li>{placeText(job.workLocation, job.location)}</li>
        <li>
          <time dateTime={savedAt} title={formatDateTime(savedAt, language)}>
            {savedJobMessages.savedOn(relativeTimeLabel(savedAt, now))}
          </time>
        </li>
      </ul>
      {closed ? (
        <p className="saved-job-closed" id={noteId}>
          {savedJobMessages.closedNote}
        </p>
      ) : null}
    </article>
  );
}

/**
 * Beyond the spec: Saved Jobs (/jobs/saved), the jobs the reader saved, the latest saved first, as
 * the server lists them, closed ones included and saying so. Unsaving one takes it off the list once
 * the server has it; the focus, if it was on that card, moves to the next card (else the one before,
 * else the heading). Read again each time the screen opens, and whenever the reader saves or unsaves
 * in another tab (useLiveSavedJobs).
 */
export function SavedJobsScreen() {
  const saved = useSavedJobs({ fresh: true });
  const now = useNow();
  const announcer = useSaveAnnouncer();
  const heading = useRef<HTMLHeadingElement>(null);
  const jobs = saved.data ?? [];
  const list = useFocusAfterRemoval(
    jobs.map((one) => one.job._id),
    'data-job-id',
    () => heading.current,
  );
  const failure = saved.isError ? errorMessageOf(saved.error, savedJobMessages.errorLoading) : null;

  return (
    <section className="screen saved-jobs-screen">
      <h1 className="screen-title" ref={heading}>
        {savedJobMessages.savedJobs}
      </h1>
      <SaveAnnouncement said={announcer.said} />
      {saved.isPending ? <LoadingState /> : null}
      {failure === null ? null : (
        <ErrorCard
          title={savedJobMessages.errorLoading}
          message={failure}
          retrying={saved.isFetching}
          onRetry={() => void saved.refetch()}
        />
      )}
      {saved.data?.length === 0 ? (
        <div className="card empty-state">
          <h2 className="section-title">{savedJobMessages.noSavedJobs}</h2>
          <p>{savedJobMessages.browseJobs}</p>
          <Link to="/jobs" className="button">
            {applicationsScreenMessages.browseJobs}
          </Link>
        </div>
      ) : null}
      {jobs.length > 0 ? (
        <div className="job-list saved-job-list" ref={list}>
          {jobs.map((one) => (
            <SavedJobCard key={one.job._id} saved={one} now={now} onChanged={announcer.onChanged} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
