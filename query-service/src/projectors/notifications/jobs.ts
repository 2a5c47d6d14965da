import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { jobAlerts } from './job-alerts.ts';
import type { Change, Tx } from './shared.ts';

/**
 * New jobs: what a notification about a job shows of it (its title and company, kept here from its
 * JobPosted rather than read from the jobs model: neither ever changes, and a job is never deleted),
 * then their alerts. Every job is kept, even one its poster's deleted account keeps from alerting, as
 * the jobs model keeps it listed.
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
