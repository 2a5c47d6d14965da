import { ident, type PoolClient, preparedName } from '@careers/service-kit';
import type { JobListing, JobState } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

interface Row {
  id: string;
  employer_id: string;
  status: JobState['status'];
  /** Read as text (`YYYY-MM-DD`), not as a Date in the server's time zone. */
  application_deadline: string | null;
  closed_at: Date | null;
  listing: JobListing;
  version: number;
}

const COLUMNS = `id, employer_id, status, application_deadline::text AS application_deadline, closed_at,
  listing, version`;

const toState = (r: Row): JobState => ({
  id: r.id,
  employerId: r.employer_id,
  status: r.status,
  applicationDeadline: r.application_deadline,
  closedAt: r.closed_at?.toISOString() ?? null,
  listing: r.listing,
  version: r.version,
});

/**
 * The only reader and writer of the jobs table.
 *
 * Two locks, for two kinds of command. Closing and editing change the job: `lock` takes the row FOR
 * UPDATE. Applying (and saving a job, `saved-jobs/`) changes no job, but must not slip past a close or
 * an edit: `lockForApplying` takes it FOR SHARE, which many applies hold together and a close or an
 * edit waits for (and an apply waits for a close or an edit holding the row).
 * Under READ COMMITTED a locking read that waited re-reads the row as the other transaction committed
 * it, so an apply that queued behind a close sees the job closed and is refused, and one that queued
 * behind an edit keeps the edited listing and is held to the edited deadline; a close or an edit that
 * queued behind applies changes a job whose applications are all in, each with the listing it had.
 */
export class JobStore {
  private readonly table: string;
  private readonly eventLog: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.jobs`;
    this.eventLog = `${ident(schema)}.event_log`;
  }

  /** Reads and locks a job for a change to it (closing, editing): commands on one job run one at a time. */
  async lock(tx: Queryable, jobId: string): Promise<JobState | null> {
    const { rows } = await tx.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1 FOR UPDATE`, [
      jobId,
    ]);
    return rows[0] ? toState(rows[0]) : null;
  }

  /** A poster's open jobs, locked for closing, in id order. */
  async lockOpenOf(tx: Queryable, employerId: string): Promise<JobState[]> {
    const { rows } = await tx.query<Row>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE employer_id = $1 AND status = 'open' ORDER BY id FOR UPDATE`,
      [employerId],
    );
    return rows.map(toState);
  }

  /**
   * Reads a job and keeps it from closing until the transaction ends; applies (and saves, which must
   * not slip past a close either) do not wait for each other.
   */
  async lockForApplying(tx: Queryable, jobId: string): Promise<JobState | null> {
    const { rows } = await tx.query<Row>({
      name: preparedName(`${this.table}:lock-for-applying`),
      text: `SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1 FOR SHARE`,
      values: [jobId],
    });
    return rows[0] ? toState(rows[0]) : null;
  }

  /** Reads a job without holding it (unsaving one, which any state of the job allows). */
  async find(db: Queryable, jobId: string): Promise<JobState | null> {
    const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`, [jobId]);
    return rows[0] ? toState(rows[0]) : null;
  }

  async insert(tx: Queryable, job: JobState): Promise<void> {
    await tx.query(
      `INSERT INTO ${this.table}
         (id, employer_id, status, application_deadline, closed_at, listing, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        job.id,
        job.employerId,
        job.status,
        job.applicationDeadline,
        job.closedAt,
        JSON.stringify(job.listing),
        job.version,
      ],
    );
  }

  /**
   * When the job was posted, as its JobPosted (the first event of its stream) says: the time its
   * replies show as `createdAt`. Read from the event log, the system of record, rather than kept here:
   * no decision needs it, only the reply to an edit.
   */
  async postedAt(db: Queryable, jobId: string): Promise<string | null> {
    const { rows } = await db.query<{ posted_at: string }>(
      `SELECT data->>'postedAt' AS posted_at FROM ${this.eventLog}
        WHERE stream_id = $1 AND stream_version = 1 AND type = 'JobPosted'`,
      [jobId],
    );
    return rows[0]?.posted_at ?? null;
  }

  /** Writes what a close or an edit changed (and the version), whichever it was. */
  async save(tx: Queryable, job: JobState): Promise<void> {
    await tx.query(
      `UPDATE ${this.table}
          SET status = $2, closed_at = $3, application_deadline = $4, listing = $5, version = $6
        WHERE id = $1`,
      [job.id, job.status, job.closedAt, job.applicationDeadline, JSON.stringify(job.listing), job.version],
    );
  }
}
