import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { EventOfType } from '@careers/contracts/events/event-table';
import { jobAlerts } from './job-alerts.ts';
import type { Change, Tx } from './shared.ts';

/**
 * New jobs: what a notification about a job shows of it (its title and company, kept here from its
 * JobPosted rather than read from the jobs model, and a job is never deleted), then their alerts. Every
 * job is kept, even one its poster's deleted account keeps from alerting, as the jobs model keeps it
 * listed.
 */
export async function jobsPosted(
  tx: Tx,
  schema: string,
  events: readonly (DomainEvent & { type: 'JobPosted' })[],
): Promise<Change[]> {
  await tx.query(
    `INSERT INTO ${schema}.notification_jobs (job_id, title, company_name)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (job_id) DO NOTHING`,
    [
      events.map((e) => e.data.jobId),
      events.map((e) => e.data.title),
      events.map((e) => e.data.company.name),
    ],
  );
  return jobAlerts(tx, schema, events);
}

/**
 * Edited jobs: the notifications about a job name it as it now reads (its title and company, as the
 * job's page they link to shows it), as they show people by their names now. An edit alerts nobody and
 * takes no alert away: a job's alerts were judged once, as it was posted (alert_jobs keeps what they
 * matched on then, which a person's later change judges them again by), and its notifications stay
 * where they are in the list, unread or read. Of a job's edits in a run the last is what is left, as
 * one at a time leaves it; an edit of a job not kept here (never the case: its JobPosted comes first in
 * its stream) changes nothing.
 */
export async function jobsEdited(
  tx: Tx,
  schema: string,
  events: readonly EventOfType<'JobEdited'>[],
): Promise<Change[]> {
  const last = new Map(events.map((e) => [e.data.jobId, e.data]));
  await tx.query(
    `UPDATE ${schema}.notification_jobs j SET title = x.title, company_name = x.company_name
       FROM unnest($1::text[], $2::text[], $3::text[]) AS x(job_id, title, company_name)
      WHERE j.job_id = x.job_id`,
    [[...last.keys()], [...last.values()].map((d) => d.title), [...last.values()].map((d) => d.company.name)],
  );
  return [];
}
