import type { User } from '@careers/contracts/entities/user';
import { authMessages } from '@careers/contracts/messages';
import { ident, type PoolClient } from '@careers/service-kit';
import { refuse } from '../pipeline/domain-error.ts';

/** One row of `users`: the write-side state of a user stream. */
export interface UserRecord {
  user: User;
  passwordHash: string;
  /** The user stream's version this state reflects. */
  version: number;
}

interface Row {
  password_hash: string;
  profile: User;
  version: number;
}

type Queryable = Pick<PoolClient, 'query'>;

const toRecord = (row: Row): UserRecord => ({
  user: row.profile,
  passwordHash: row.password_hash,
  version: row.version,
});

/** The only reader and writer of the users table. */
export class UserStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.users`;
  }

  /** Reads and locks a user for the rest of the transaction, so commands on one user run one at a time. */
  async lock(tx: Queryable, userId: string): Promise<UserRecord | null> {
    const { rows } = await tx.query<Row>(
      `SELECT password_hash, profile, version FROM ${this.table} WHERE id = $1 FOR UPDATE`,
      [userId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async find(db: Queryable, userId: string): Promise<UserRecord | null> {
    const { rows } = await db.query<Row>(
      `SELECT password_hash, profile, version FROM ${this.table} WHERE id = $1`,
      [userId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
    const { rows } = await db.query<Row>(
      `SELECT password_hash, profile, version FROM ${this.table} WHERE email = $1`,
      [email.toLowerCase()],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async emailTaken(db: Queryable, email: string): Promise<boolean> {
    const { rowCount } = await db.query(`SELECT 1 FROM ${this.table} WHERE email = $1`, [
      email.toLowerCase(),
    ]);
    return (rowCount ?? 0) > 0;
  }

  /** A second registration of the same email that got past the check loses here, as a conflict. */
  async insert(tx: Queryable, record: UserRecord): Promise<void> {
    try {
      await tx.query(
        `INSERT INTO ${this.table} (id, email, password_hash, profile, version) VALUES ($1, $2, $3, $4, $5)`,
        [
          record.user._id,
          record.user.email.toLowerCase(),
          record.passwordHash,
          JSON.stringify(record.user),
          record.version,
        ],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'users_email_unique') {
        throw refuse.conflict(authMessages.emailTaken);
      }
      throw error;
    }
  }

  async save(tx: Queryable, record: UserRecord): Promise<void> {
    await tx.query(
      `UPDATE ${this.table} SET email = $2, password_hash = $3, profile = $4, version = $5 WHERE id = $1`,
      [
        record.user._id,
        record.user.email.toLowerCase(),
        record.passwordHash,
        JSON.stringify(record.user),
        record.version,
      ],
    );
  }
}
