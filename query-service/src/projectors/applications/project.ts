import type { Projector } from '../projector.ts';
import { anyDeleted } from '../users/deleted-accounts.ts';

/**
 * Applications with their status history and the resume each was sent with, for "My Applications",
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
 */
export const applicationsProjector: Projector = {
  name: 'applications',
  handles: ['ApplicationSubmitted', 'ApplicationStatusChanged', 'ApplicationWithdrawn', 'AccountDeleted'],
  async apply(event, { tx, schema }) {
    const history = (applicationId: string, status: string, at: string) =>
      tx.query(
        `INSERT INTO ${schema}.application_status_history (application_id, stream_version, status, at)
         SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM ${schema}.applications WHERE id = $1)
         ON CONFLICT (application_id, stream_version) DO NOTHING`,
        [applicationId, event.streamVersion, status, at],
      );
    switch (event.type) {
      case 'ApplicationSubmitted': {
        const d = event.data;
        if (await anyDeleted(tx, schema, d.applicantId)) return;
        await tx.query(
          `INSERT INTO ${schema}.applications (id, job_id, applicant_id, employer_id, cover_letter, expected_salary,
             resume, status, applied_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) ON CONFLICT (id) DO NOTHING`,
          [
            d.applicationId,
            d.jobId,
            d.applicantId,
            d.employerId,
            d.coverLetter,
            d.expectedSalary,
            d.resume === null ? null : JSON.stringify(d.resume),
            d.appliedAt,
          ],
        );
        await history(d.applicationId, 'pending', d.appliedAt);
        return;
      }
      case 'ApplicationStatusChanged': {
        const d = event.data;
        await tx.query(`UPDATE ${schema}.applications SET status = $2 WHERE id = $1`, [
          d.applicationId,
          d.to,
        ]);
        await history(d.applicationId, d.to, d.changedAt);
        return;
      }
      case 'ApplicationWithdrawn': {
        const d = event.data;
        await tx.query(`UPDATE ${schema}.applications SET status = 'withdrawn' WHERE id = $1`, [
          d.applicationId,
        ]);
        await history(d.applicationId, 'withdrawn', d.withdrawnAt);
        return;
      }
      case 'AccountDeleted': {
        const { rows } = await tx.query<{ id: string }>(
          `DELETE FROM ${schema}.applications WHERE applicant_id = $1 RETURNING id`,
          [event.data.userId],
        );
        await tx.query(
          `DELETE FROM ${schema}.application_status_history WHERE application_id = ANY($1::text[])`,
          [rows.map((r) => r.id)],
        );
        return;
      }
    }
  },
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.applications, ${schema}.application_status_history`);
  },
};
