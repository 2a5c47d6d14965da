import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { deletedAmong } from '../erasure.ts';
import { peopleCards, personCardEvents, userEventsBesidesCards } from '../people-cards.ts';
import { defineProjector, type ProjectionContext, unhandled } from '../projector.ts';

/** The applicants, as the poster's applicants view shows them (people-cards.ts). */
const applicants = peopleCards('application_people');

/**
 * The effect of ApplicationSubmitted, ApplicationStatusChanged and ApplicationWithdrawn, for any number
 * of them in stream order: written here once, for a batch or for one event alone.
 */
async function applyApplications(
  events: readonly DomainEvent[],
  { tx, schema }: Pick<ProjectionContext, 'tx' | 'schema'>,
): Promise<void> {
  // Which applications are here and who of the applicants is deleted, read once; then each event
  // plays out in memory as `apply` plays it on the table: a new row, a status, a history row for an
  // application that is here. New rows are written with the status their events leave them in.
  const ids = new Set<string>();
  const applicants: string[] = [];
  for (const event of events) {
    if (event.type === 'ApplicationSubmitted') {
      ids.add(event.data.applicationId);
      applicants.push(event.data.applicantId);
    } else if (event.type === 'ApplicationStatusChanged' || event.type === 'ApplicationWithdrawn') {
      ids.add(event.data.applicationId);
    } else {
      throw new Error(`applications: ${event.type} is not taken in batches`);
    }
  }
  const deleted = await deletedAmong(tx, schema, applicants);
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM ${schema}.applications WHERE id = ANY($1::text[])`,
    [[...ids]],
  );
  const here = new Set(rows.map((r) => r.id));
  const created = new Map<string, Record<string, unknown>>();
  const statuses = new Map<string, string>();
  const history: { application_id: string; stream_version: number; status: string; at: string }[] = [];
  const enter = (applicationId: string, streamVersion: number, status: string, at: string) => {
    if (!here.has(applicationId)) return;
    const row = created.get(applicationId);
    if (row) row.status = status;
    else statuses.set(applicationId, status);
    history.push({ application_id: applicationId, stream_version: streamVersion, status, at });
  };
  for (const event of events) {
    switch (event.type) {
      case 'ApplicationSubmitted': {
        const d = event.data;
        if (deleted.has(d.applicantId)) break;
        if (!here.has(d.applicationId)) {
          here.add(d.applicationId);
          created.set(d.applicationId, {
            id: d.applicationId,
            job_id: d.jobId,
            applicant_id: d.applicantId,
            employer_id: d.employerId,
            cover_letter: d.coverLetter,
            expected_salary: d.expectedSalary,
            resume: d.resume,
            // The job as they applied to it (null on events from before jobs could be edited).
            job: d.job,
            status: 'pending',
            applied_at: d.appliedAt,
          });
        }
        history.push({
          application_id: d.applicationId,
          stream_version: event.streamVersion,
          status: 'pending',
          at: d.appliedAt,
        });
        break;
      }
      case 'ApplicationStatusChanged':
        enter(event.data.applicationId, event.streamVersion, event.data.to, event.data.changedAt);
        break;
      case 'ApplicationWithdrawn':
        enter(event.data.applicationId, event.streamVersion, 'withdrawn', event.data.withdrawnAt);
        break;
    }
  }
  if (created.size > 0) {
    await tx.query(
      `INSERT INTO ${schema}.applications (id, job_id, applicant_id, employer_id, cover_letter, expected_salary,
         resume, job, status, applied_at)
       SELECT id, job_id, applicant_id, employer_id, cover_letter, expected_salary, resume, job, status, applied_at
         FROM jsonb_populate_recordset(NULL::${schema}.applications, $1::jsonb)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify([...created.values()])],
    );
  }
  if (statuses.size > 0) {
    await tx.query(
      `UPDATE ${schema}.applications a SET status = x.status
         FROM unnest($1::text[], $2::text[]) AS x(id, status) WHERE a.id = x.id`,
      [[...statuses.keys()], [...statuses.values()]],
    );
  }
  if (history.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.application_status_history (application_id, stream_version, status, at)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[])
       ON CONFLICT (application_id, stream_version) DO NOTHING`,
      [
        history.map((h) => h.application_id),
        history.map((h) => h.stream_version),
        history.map((h) => h.status),
        history.map((h) => h.at),
      ],
    );
  }
}

/**
 * Applications with their status history, the resume each was sent with and the job as it was applied
 * to (ApplicationSubmitted's `job`: the poster's later edits leave it), for "My Applications",
 * the poster's applicants view (and who may download that resume) and every application count (the
 * queries count these rows; no count is kept anywhere to drift). Rows never wait for their job: an
 * application may arrive before the JobPosted of its job, as the two travel on different topics, and
 * the views join them once both are here.
 *
 * Each history row is keyed by the event's stream version, so a redelivered event writes nothing new
 * even without the runner's checkpoint; the status is set to the value the event names.
 *
 * A deleted account takes the person's applications with it (every status: the poster's lists and
 * counts lose them); applications of others to jobs the person posted stay, as the applicants' own.
 * An application of theirs applied after their AccountDeleted (another topic) is not written, and the
 * later events of its stream find no row: history is written only for an application that is here.
 *
 * The applicants' names, job titles and pictures are kept here from their user events (`applicants`)
 * and joined when read; their AccountDeleted takes their card too.
 */
export const applicationsProjector = defineProjector({
  name: 'applications',
  handles: eventsDecided(['application', 'user'], {
    handles: [
      'ApplicationSubmitted',
      'ApplicationStatusChanged',
      'ApplicationWithdrawn',
      ...personCardEvents,
      'AccountDeleted',
    ],
    ignores: [...userEventsBesidesCards],
  }),
  async apply(event, { tx, schema }) {
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'ApplicationSubmitted':
      case 'ApplicationStatusChanged':
      case 'ApplicationWithdrawn':
        return applyApplications([event], { tx, schema });
      case 'UserRegistered':
      case 'ProfileUpdated':
      case 'ProfilePictureUploaded':
      case 'ProfilePictureRemoved':
        return applicants.apply([event], { tx, schema });
      case 'AccountDeleted': {
        const { rows } = await tx.query<{ id: string }>(
          `DELETE FROM ${schema}.applications WHERE applicant_id = $1 RETURNING id`,
          [event.data.userId],
        );
        await tx.query(
          `DELETE FROM ${schema}.application_status_history WHERE application_id = ANY($1::text[])`,
          [rows.map((r) => r.id)],
        );
        await applicants.apply([event], { tx, schema });
        return;
      }
      default:
        return unhandled(event);
    }
  },
  batched: [
    'ApplicationSubmitted',
    'ApplicationStatusChanged',
    'ApplicationWithdrawn',
    'UserRegistered',
    'ProfileUpdated',
  ],
  // A run is of one stream type: an application's events, or people's.
  applyBatch: (events, ctx) =>
    events[0]?.streamType === 'user' ? applicants.apply(events, ctx) : applyApplications(events, ctx),
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.applications, ${schema}.application_status_history`);
    await applicants.reset({ tx, schema });
  },
});
