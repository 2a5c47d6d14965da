import { applyMessages } from '@careers/contracts/messages';
import { ident, type PoolClient, preparedName } from '@careers/service-kit';
import { refuse } from '../pipeline/domain-error.ts';
import type { ApplicationState } from './decide.ts';

type Queryable = Pick<PoolClient, 'query'>;

interface Row {
  id: string;
  job_id: string;
  applicant_id: string;
  employer_id: string;
  status: ApplicationState['status'];
  resume_id: string | null;
  version: number;
}

const toState = (r: Row): ApplicationState => ({
  id: r.id,
  jobId: r.job_id,
  applicantId: r.applicant_id,
  employerId: r.employer_id,
  status: r.status,
  resumeId: r.resume_id,
  version: r.version,
});

/** The only reader and writer of the applications table. */
export class ApplicationStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.applications`;
  }

  /**
   * Reads and locks an application for the rest of the transaction: a move and a withdrawal of the
   * same application (the poster rejecting while the applicant withdraws) run one after the other, and
   * the second is decided on the status the first left (a locking read that waited re-reads the row).
   */
  async lock(tx: Queryable, applicationId: string): Promise<ApplicationState | null> {
    const { rows } = await tx.query<Row>(`SELECT * FROM ${this.table} WHERE id = $1 FOR UPDATE`, [
      applicationId,
    ]);
    return rows[0] ? toState(rows[0]) : null;
  }

  /**
   * Whether the person has applied to the job, as far as committed work shows. Read after the job's
   * lock, in its own statement, so it sees every application committed before the lock was granted.
   * Applies share the job's lock, so two of them by one person can both read false here: `insert`
   * settles that race.
   */
  async hasApplied(tx: Queryable, jobId: string, applicantId: string): Promise<boolean> {
    const { rowCount } = await tx.query({
      name: preparedName(`${this.table}:has-applied`),
      text: `SELECT 1 FROM ${this.table} WHERE job_id = $1 AND applicant_id = $2`,
      values: [jobId, applicantId],
    });
    return (rowCount ?? 0) > 0;
  }

  /**
   * Whether an application links the two people, either way round (one posted the job, the other
   * applied to it), whatever its status; only through `jobId` when it is given. Messaging reads it to
   * decide whether one may write to the other.
   */
  async linksPeople(db: Queryable, a: string, b: string, jobId: string | null = null): Promise<boolean> {
    const { rowCount } = await db.query({
      name: preparedName(`${this.table}:links-people`),
      text: `SELECT 1 FROM ${this.table}
              WHERE ((applicant_id = $1 AND employer_id = $2) OR (applicant_id = $2 AND employer_id = $1))
                AND ($3::uuid IS NULL OR job_id = $3::uuid)
              LIMIT 1`,
      values: [a, b, jobId],
    });
    return (rowCount ?? 0) > 0;
  }

  /**
   * How many of a job's applications stand (not withdrawn: a withdrawn one no longer counts in its
   * "{n} applied"), as the job's replies list them. Exact under the job's FOR UPDATE lock (an edit's),
   * which no apply holds at the same time.
   */
  async standingCountOf(tx: Queryable, jobId: string): Promise<number> {
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.table} WHERE job_id = $1 AND status <> 'withdrawn'`,
      [jobId],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * The race of two applies by the same person (a double click, two tabs): both got past `hasApplied`.
   * The unique (job_id, applicant_id) constraint makes the second insert wait for the first
   * transaction; when that one commits, the second fails here and is refused as "already applied",
   * and its transaction (its ApplicationSubmitted event too) is rolled back. If the first rolls back,
   * the second goes through.
   */
  async insert(tx: Queryable, application: ApplicationState): Promise<void> {
    try {
      await tx.query(
        `INSERT INTO ${this.table} (id, job_id, applicant_id, employer_id, status, resume_id, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          application.id,
          application.jobId,
          application.applicantId,
          application.employerId,
          application.status,
          application.resumeId,
          application.version,
        ],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'applications_once_per_job') {
        throw refuse.conflict(applyMessages.alreadyApplied);
      }
      throw error;
    }
  }

  async save(tx: Queryable, application: ApplicationState): Promise<void> {
    await tx.query(`UPDATE ${this.table} SET status = $2, version = $3 WHERE id = $1`, [
      application.id,
      application.status,
      application.version,
    ]);
  }

  /** Every application a person sent, locked, in id order. */
  async lockOfApplicant(tx: Queryable, applicantId: string): Promise<ApplicationState[]> {
    const { rows } = await tx.query<Row>(
      `SELECT * FROM ${this.table} WHERE applicant_id = $1 ORDER BY id FOR UPDATE`,
      [applicantId],
    );
    return rows.map(toState);
  }

  /**
   * The applicant's account is deleted: their applications keep no resume copy. Once no row names a
   * copy, it is an orphan to the uploads sweeper, which removes whatever the deletion could not.
   */
  async forgetResumes(tx: Queryable, applicantId: string): Promise<void> {
    await tx.query(
      `UPDATE ${this.table} SET resume_id = NULL WHERE applicant_id = $1 AND resume_id IS NOT NULL`,
      [applicantId],
    );
  }

  /** Of the given file ids, those an application keeps as its resume (the uploads sweeper keeps them). */
  async referencedResumeIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await db.query<{ resume_id: string }>(
      `SELECT resume_id FROM ${this.table} WHERE resume_id = ANY($1::uuid[])`,
      [ids],
    );
    return new Set(rows.map((row) => row.resume_id));
  }
}
