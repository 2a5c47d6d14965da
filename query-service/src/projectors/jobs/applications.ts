import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { EventOfType } from '@careers/contracts/events/event-table';
import { deletedAmong } from '../erasure.ts';
import type { ProjectionContext } from '../projector.ts';

/**
 * The applications of each job, as the jobs model keeps them to list a job's application ids: one row
 * per application, whichever topic delivered first (a row never waits for its job), with its status
 * as the application's own events leave it, so the job shows those not withdrawn.
 *
 * Kept here from the events rather than read from the applications model, as the same rows that model
 * keeps: a submission writes its row unless it is here already (a redelivery) or its applicant's
 * account is gone (their AccountDeleted applied first, from another topic: the applications model
 * leaves it out too, and as an answered application is not withdrawn by the deletion, nothing later
 * on its stream would take it away); each status change or withdrawal sets the status of a row that is
 * here; the applicant's AccountDeleted takes their rows away (project.ts).
 *
 * Any number of the three events, in stream order, in three statements: the deleted accounts among the
 * applicants, the new rows, then each application's last status. An application's events come in its
 * stream's order, its submission first, and no row goes within such a run, so the rows first and each
 * one's last status after leave what one event at a time does.
 */
export async function applyJobApplications(
  events: readonly DomainEvent[],
  { tx, schema }: Pick<ProjectionContext, 'tx' | 'schema'>,
): Promise<void> {
  const submitted: EventOfType<'ApplicationSubmitted'>[] = [];
  const statuses = new Map<string, string>();
  for (const event of events) {
    switch (event.type) {
      case 'ApplicationSubmitted':
        submitted.push(event);
        break;
      case 'ApplicationStatusChanged':
        statuses.set(event.data.applicationId, event.data.to);
        break;
      case 'ApplicationWithdrawn':
        statuses.set(event.data.applicationId, 'withdrawn');
        break;
      default:
        throw new Error(`jobs: ${event.type} is not taken with the applications`);
    }
  }
  const deleted = await deletedAmong(
    tx,
    schema,
    submitted.map((e) => e.data.applicantId),
  );
  const rows = submitted.map((e) => e.data).filter((d) => !deleted.has(d.applicantId));
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.job_applications (application_id, job_id, applicant_id, applied_at, status)
       SELECT id, job_id, applicant_id, applied_at, 'pending'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) AS x(id, job_id, applicant_id, applied_at)
       ON CONFLICT (application_id) DO NOTHING`,
      [
        rows.map((d) => d.applicationId),
        rows.map((d) => d.jobId),
        rows.map((d) => d.applicantId),
        rows.map((d) => d.appliedAt),
      ],
    );
  }
  if (statuses.size > 0) {
    await tx.query(
      `UPDATE ${schema}.job_applications a SET status = x.status
         FROM unnest($1::text[], $2::text[]) AS x(id, status)
        WHERE a.application_id = ANY($1::text[]) AND a.application_id = x.id`,
      [[...statuses.keys()], [...statuses.values()]],
    );
  }
}
