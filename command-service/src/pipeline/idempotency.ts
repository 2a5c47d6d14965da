import { createHash } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAY_HEADER,
  UNKEYED_COMMANDS,
} from '@careers/contracts/idempotency';
import { requestMessages } from '@careers/contracts/messages';
import type { RouteDefinition, RouteName } from '@careers/contracts/routes';
import { HttpError, ident, type Pool, type PoolClient, preparedName } from '@careers/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AlongsideWrite } from '../event-log/event-store.ts';

/** One try of an intent: whose, its key, and what was asked (method, path and body, hashed). */
export interface Intent {
  userId: string;
  key: string;
  hash: string;
}

/** One intent's identity within its user's keys (a map key). */
export const intentId = (intent: Pick<Intent, 'userId' | 'key'>) => `${intent.userId}\u0000${intent.key}`;

/** The answer a command committed with its key. */
interface StoredAnswer {
  hash: string;
  status: number;
  body: unknown;
  token: string | null;
}

/** Whether `name`'s commands take an Idempotency-Key (contracts' UNKEYED_COMMANDS say which do not). */
export function takesKey(name: RouteName | undefined): boolean {
  return name !== undefined && !UNKEYED_COMMANDS.includes(name);
}

/**
 * The intent a command request names: null without the header or a signed-in user (keys are scoped per
 * user). A malformed key is refused with 400. The hash covers the method, the path with its query and
 * the parsed JSON body; an upload's body is a stream the command reads later, so an upload's key is
 * matched on its method and path alone.
 */
export function intentOf(
  route: Pick<RouteDefinition, 'method'>,
  request: FastifyRequest,
  userId: string | null,
): Intent | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, requestMessages.idempotencyKeyInvalid);
  if (userId === null) return null;
  const body = request.isMultipart() ? null : (request.body ?? null);
  const hash = createHash('sha256')
    .update(JSON.stringify([route.method, request.url, body]))
    .digest('base64url');
  return { userId, key, hash };
}

/** Sends the stored answer of an earlier try again, or 422 when that try asked for something else. */
function sendStored(reply: FastifyReply, intent: Intent, stored: StoredAnswer): FastifyReply {
  if (stored.hash !== intent.hash) throw new HttpError(422, requestMessages.idempotencyKeyReused);
  if (stored.token) reply.header(CONSISTENCY_HEADER, stored.token);
  return reply.code(stored.status).header(IDEMPOTENT_REPLAY_HEADER, 'true').send(stored.body);
}

/** Raised in a command's transaction when another try of its intent has committed: it rolls back. */
export class AlreadyCommitted extends Error {
  override name = 'AlreadyCommitted';
}

/**
 * The answers of keyed commands, in the command schema's `idempotency_keys` (migration 011). A command
 * with a key claims its row first thing in its transaction (a try that finds a committed row rolls
 * back; one that meets a row another try is still writing waits for its end, as Postgres makes the
 * second insert of a key wait), and fills in its answer before it commits. A refused command rolls back
 * with its claim, so a repeat of it is decided again: it wrote nothing.
 */
export class IdempotentAnswers {
  private readonly pool: Pool;
  private readonly table: string;
  private readonly fresh = `now() - interval '${IDEMPOTENCY_KEY_TTL_HOURS} hours'`;

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.table = `${ident(schema)}.idempotency_keys`;
  }

  private async find(intent: Intent): Promise<StoredAnswer | null> {
    const { rows } = await this.pool.query<{
      hash: string;
      status: number;
      body: unknown;
      token: string | null;
    }>(
      `SELECT request_hash AS hash, status, body, token FROM ${this.table}
        WHERE user_id = $1 AND key = $2 AND status IS NOT NULL AND created_at > ${this.fresh}`,
      [intent.userId, intent.key],
    );
    return rows[0] ?? null;
  }

  /** Answers a try whose intent has already committed (true), or leaves it to run (false). */
  async answered(reply: FastifyReply, intent: Intent): Promise<boolean> {
    const stored = await this.find(intent);
    if (!stored) return false;
    sendStored(reply, intent, stored);
    return true;
  }

  /**
   * After AlreadyCommitted: the answer of the try that committed. It is there (the claim met its row
   * committed); should it have gone meanwhile (older than a day, swept), the try is told to send again.
   */
  async answerRepeat(reply: FastifyReply, intent: Intent): Promise<FastifyReply> {
    const stored = await this.find(intent);
    if (!stored) throw new HttpError(409, requestMessages.changedMeanwhile);
    return sendStored(reply, intent, stored);
  }

  /**
   * Claims the key in the command's transaction. A row older than a day is taken over. Throws
   * AlreadyCommitted when another try's row is there (after waiting for that try's transaction).
   */
  async claim(client: Pick<PoolClient, 'query'>, intent: Intent): Promise<void> {
    const { rowCount } = await client.query(
      `INSERT INTO ${this.table} AS k (user_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status = NULL, body = NULL, token = NULL, created_at = now()
         WHERE k.created_at <= ${this.fresh}`,
      [intent.userId, intent.key, intent.hash],
    );
    if (rowCount === 0) throw new AlreadyCommitted();
  }

  /**
   * `claim` for the keyed commands of a group (`posts/post-group.ts`), in one statement: resolves with the intents
   * claimed (`intentId`). One missing had committed (AlreadyCommitted for its command). The intents must
   * differ (two tries of one intent in one statement would update one row twice).
   */
  async claimMany(client: Pick<PoolClient, 'query'>, intents: readonly Intent[]): Promise<Set<string>> {
    if (intents.length === 0) return new Set();
    const { rows } = await client.query<{ user_id: string; key: string }>({
      name: preparedName(`${this.table}:claim-many`),
      text: `INSERT INTO ${this.table} AS k (user_id, key, request_hash)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (user_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status = NULL, body = NULL, token = NULL, created_at = now()
         WHERE k.created_at <= ${this.fresh}
       RETURNING user_id, key`,
      values: [intents.map((i) => i.userId), intents.map((i) => i.key), intents.map((i) => i.hash)],
    });
    return new Set(rows.map((row) => intentId({ userId: row.user_id, key: row.key })));
  }

  /**
   * A group's answers filled in, and the claims of its refused commands given back (a refusal wrote
   * nothing, so a repeat of it is decided again): CTEs for the group's append statement.
   */
  groupWrite(
    answered: readonly { intent: Intent; status: number; body: unknown; token: string | null }[],
    refused: readonly Intent[],
  ): AlongsideWrite {
    return {
      name: 'answers',
      ctes: `answers_saved AS (
          UPDATE ${this.table} k SET status = a.status, body = a.body, token = a.token
            FROM unnest($1::text[], $2::text[], $3::int4[], $4::jsonb[], $5::text[]) AS a(user_id, key, status, body, token)
           WHERE k.user_id = a.user_id AND k.key = a.key),
        claims_returned AS (
          DELETE FROM ${this.table} k USING unnest($6::text[], $7::text[]) AS r(user_id, key)
           WHERE k.user_id = r.user_id AND k.key = r.key)`,
      values: [
        answered.map((a) => a.intent.userId),
        answered.map((a) => a.intent.key),
        answered.map((a) => a.status),
        answered.map((a) => JSON.stringify(a.body ?? null)),
        answered.map((a) => a.token),
        refused.map((i) => i.userId),
        refused.map((i) => i.key),
      ],
    };
  }

  /** Fills in the answer, in the same transaction as the command's events. */
  async record(
    client: Pick<PoolClient, 'query'>,
    intent: Intent,
    answer: { status: number; body: unknown; token: string | null },
  ): Promise<void> {
    await client.query(
      `UPDATE ${this.table} SET status = $3, body = $4::jsonb, token = $5 WHERE user_id = $1 AND key = $2`,
      [intent.userId, intent.key, answer.status, JSON.stringify(answer.body ?? null), answer.token],
    );
  }

  /** Removes the rows of one person (their account's deletion: the answers hold what they wrote). */
  async forget(client: Pick<PoolClient, 'query'>, userId: string): Promise<void> {
    await client.query(`DELETE FROM ${this.table} WHERE user_id = $1`, [userId]);
  }

  /** Removes the rows past their day; returns how many. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM ${this.table} WHERE created_at <= ${this.fresh}`);
    return rowCount ?? 0;
  }
}
