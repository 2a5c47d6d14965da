import type { JobApplicant } from '@careers/contracts/entities/application';
import type { EmployerApplicationStatus } from '@careers/contracts/entities/enums';
import { applicationsScreenMessages, hiringMessages, screenMessages } from '@careers/contracts/messages';
import { applicationMoves } from '@careers/contracts/policies/application-access';
import { relativeTimeLabel } from '@careers/contracts/relative-time';
import { useId, useState } from 'react';
import { Avatar, initialsOf } from '../../../components/avatar';
import { PersonLink } from '../../../components/person-link';
import { formatDateTime, useLanguage } from '../../../lib/locale';
import { MessageButton } from '../../messages/components/message-button';
import { useMoveApplication } from '../api/move-application';
import { money } from '../format';
import { refusalMessage } from './refusal';
import { StatusBadge } from './status-badge';

/**
 * One applicant as the job's poster sees them (beyond the spec): picture or initials, name (a link to
 * their profile) and job title, when they applied, their letter and salary, the resume they sent with
 * it (the application's own copy, kept when they later replace or remove theirs), the status and every
 * step it went through, the moves `applicationMoves` allows from where it stands, and Message (beyond
 * the spec), which opens the conversation about this job with the applicant.
 */
export function ApplicantCard({ applicant, now }: { applicant: JobApplicant; now: Date }) {
  const language = useLanguage();
  const nameId = useId();
  const move = useMoveApplication();
  const [moving, setMoving] = useState<EmployerApplicationStatus | null>(null);
  const person = applicant.applicant;
  const moves = applicationMoves[applicant.status] ?? [];
  const name = `${person.firstName} ${person.lastName}`.trim();

  function moveTo(status: EmployerApplicationStatus) {
    if (move.isPending) return;
    setMoving(status);
    move.mutate({ applicationId: applicant._id, status });
  }

  return (
    <article className="card applicant-card" aria-labelledby={nameId}>
      <header className="applicant-header">
        <Avatar picture={person.profilePicture} name={name} initials={initialsOf(person)} />
        <div>
          <h2 className="applicant-name" id={nameId}>
            <PersonLink id={person._id} name={name} />
          </h2>
          <p className="muted">{person.jobTitle.trim() || screenMessages.professional}</p>
        </div>
        <StatusBadge status={applicant.status} />
      </header>
      <div className="applicant-message">
        <MessageButton participantId={person._id} name={name} jobId={applicant.jobId} />
      </div>
      <p className="applicant-meta">
        <time dateTime={applicant.appliedAt} title={formatDateTime(applicant.appliedAt, language)}>
          {applicationsScreenMessages.applied(relativeTimeLabel(applicant.appliedAt, now))}
        </time>
        {applicant.expectedSalary !== null ? (
          <span>{applicationsScreenMessages.expectedSalary(money(applicant.expectedSalary, language))}</span>
        ) : null}
      </p>
      <p className="applicant-letter" dir="auto">
        {applicant.coverLetter}
      </p>
      {applicant.resume ? (
        <p className="applicant-resume">
          {/* The server answers with the file as an attachment under its safe name: a plain link downloads it. */}
          <a className="button button-ghost" href={applicant.resume.url} download={applicant.resume.filename}>
            Resume
          </a>
          <span className="muted">{applicant.resume.filename}</span>
        </p>
      ) : null}
      <ol className="status-history" aria-label={hiringMessages.statusHistory}>
        {applicant.history.map((entry) => (
          <li key={`${entry.status}@${entry.at}`}>
            {hiringMessages.historyEntry(entry.status, formatDateTime(entry.at, language))}
          </li>
        ))}
      </ol>
      {moves.length > 0 ? (
        <div className="applicant-moves">
          {moves.map((status) => (
            <button
              key={status}
              type="button"
              className={status === 'rejected' ? 'button button-danger' : 'button'}
              aria-disabled={move.isPending || undefined}
              onClick={() => moveTo(status)}
            >
              {move.isPending && moving === status ? hiringMessages.moving : hiringMessages.moveTo(status)}
            </button>
          ))}
        </div>
      ) : null}
      {move.isError ? (
        <p className="action-error" role="alert">
          {refusalMessage(move.error, hiringMessages.updateStatusFailed)}
        </p>
      ) : null}
    </article>
  );
}
