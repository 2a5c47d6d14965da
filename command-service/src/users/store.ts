import type { User } from '@careers/contracts/entities/user';
import { authMessages } from '@careers/contracts/messages';
import { ident, type PoolClient, preparedName } from '@careers/service-kit';
import { refuse } from '../pipeline/domain-error.ts';
import type { UserFiles } from './evolve.ts';

/** One row of `users`: the write-side state of a user stream. */
export interface UserRecord {
  user: User;
  passwordHash: string;
  /** The ids of the user's current picture and resume. */
  files: UserFiles;
  /** The user stream's version this state reflects. */
  version: number;
}

interface Row {
  password_hash: string;
  profile: User;
  picture_id: string | null;
  resume_id: string | null;
  version: number;
}

const COLUMNS = 'password_hash, profile, picture_id, resume_id, version';

type Queryable = Pick<PoolClient, 'query'>;

const toRecord = (row: Row): UserRecord => ({
  user: row.profile,
  passwordHash: row.password_hash,
  files: { pictureId: row.picture_id, resumeId: row.resume_id },
  version: row.version,
});

/** The row's columns in order: id, email, password_hash, profile, picture_id, resume_id, version. */
const rowValues = (record: UserRecord) => [
  record.user._id,
  record.user.email.toLowerCase(),
  record.passwordHash,
  JSON.stringify(record.user),
  record.files.pictureId,
  record.files.resumeId,
  record.version,
];

/**
 * Two accounts taking one email: both may pass the `emailTaken` check, but the unique index on the
 * (lowercased) email makes the second write wait for the first transaction, and fail once it commits.
 * That failure is the same refusal the check gives.
 */
function refuseTakenEmail(error: unknown): never {
  if ((error as { constraint?: string }).constraint === 'users_email_unique') {
    throw refuse.conflict(authMessages.emailTaken);
  }
  throw error;
}

/** The only reader and writer of the users table. */
export class UserStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.users`;
  }

  /** Reads and locks a user for the rest of the transaction, so commands on one user run one at a time. */
  async lock(tx: Queryable, userId: string): Promise<UserRecord | null> {
    const { rows } = await tx.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1 FOR UPDATE`, [
      userId,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async find(db: Queryable, userId: string): Promise<UserRecord | null> {
    // Prepared per connection: every comment and post reads its author's row first.
    const { rows } = await db.query<Row>({
      name: preparedName(`${this.table}:find`),
      text: `SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`,
      values: [userId],
    });
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
    const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM ${this.table} WHERE email = $1`, [
      email.toLowerCase(),
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async emailTaken(db: Queryable, email: string): Promise<boolean> {
    const { rowCount } = await db.query(`SELECT 1 FROM ${this.table} WHERE email = $1`, [
      email.toLowerCase(),
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** Whether an account other than `userId` uses the email, in any letter case. */
  async emailTakenByAnother(db: Queryable, email: string, userId: string): Promise<boolean> {
    const { rowCount } = await db.query(`SELECT 1 FROM ${this.table} WHERE email = $1 AND id <> $2`, [
      email.toLowerCase(),
      userId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  /**
   * Which of these people have an account, each row held (FOR KEY SHARE) until the transaction ends:
   * for a command that records something about them outside their own stream (a connection, a job).
   * Their account's deletion, which takes the row FOR UPDATE, waits for such a command to commit and
   * then finds its rows; a command behind the deletion finds no account.
   */
  async holdExisting(tx: Queryable, userIds: readonly string[]): Promise<Set<string>> {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM ${this.table} WHERE id = ANY($1::uuid[]) ORDER BY id FOR KEY SHARE`,
      [userIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The account is deleted: its email is free again, and nothing of its hash or profile is kept. */
  async delete(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM ${this.table} WHERE id = $1`, [userId]);
  }

  /** A second registration of the same email that got past the check loses here, as a conflict. */
  async insert(tx: Queryable, record: UserRecord): Promise<void> {
    await tx
      .query(
        `INSERT INTO ${this.table} (id, email, password_hash, profile, picture_id, resume_id, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        rowValues(record),
      )
      .catch(refuseTakenEmail);
  }

  /** An email change that got past the check while another account took the email loses here. */
  async save(tx: Queryable, record: UserRecord): Promise<void> {
    await tx
      .query(
        `UPDATE ${this.table}
            SET email = $2, password_hash = $3, profile = $4, picture_id = $5, resume_id = $6, version = $7
          WHERE id = $1`,
        rowValues(record),
      )
      .catch(refuseTakenEmail);
  }

  /** Of the given file ids, those a user has as their current picture or resume. */
  async referencedFileIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT picture_id AS id FROM ${this.table} WHERE picture_id = ANY($1::uuid[])
       UNION SELECT resume_id FROM ${this.table} WHERE resume_id = ANY($1::uuid[])`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }
}
