import {
  CONSISTENCY_HEADER,
  CONSISTENCY_WAIT_MS,
  type ConsistencyToken,
  MAX_CONSISTENCY_WAITS_PER_USER,
  parseConsistencyTokens,
} from '@careers/contracts/consistency';
import {
  badRequest,
  type ConsistencyTokenSigner,
  ident,
  type Pool,
  type Redis,
  readSession,
  SESSION_COOKIE,
} from '@careers/service-kit';
import type { FastifyInstance } from 'fastify';
import type { CheckpointSignal } from './checkpoint-signal.ts';

/** How often a wait reads the checkpoints while a CheckpointSignal is listening (it is woken sooner). */
const SIGNALLED_POLL_MS = 250;

/**
 * Read-your-writes: resolves when every token's stream has been projected at or past its version, or
 * when `timeoutMs` passes (the query then answers with what it has). Returns whether it caught up.
 * With a listening `signal` it reads the checkpoints again as each batch commits; without, it polls
 * (5 ms, doubling up to 50 ms).
 */
export async function waitForProjection(
  pool: Pool,
  schema: string,
  tokens: ConsistencyToken[],
  timeoutMs: number,
  signal?: CheckpointSignal,
): Promise<boolean> {
  if (tokens.length === 0) return true;
  const s = ident(schema);
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (;;) {
    // Taken before the read: a batch that commits after it wakes this wait.
    const committed = signal?.listening ? signal.next() : null;
    const { rows } = await pool.query<{ stream_id: string; stream_version: number }>(
      `SELECT stream_id, stream_version FROM ${s}.stream_checkpoints WHERE stream_id = ANY($1)`,
      [tokens.map((t) => t.streamId)],
    );
    const seen = new Map(rows.map((r) => [r.stream_id, r.stream_version]));
    if (tokens.every((t) => (seen.get(t.streamId) ?? 0) >= t.streamVersion)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    if (committed) {
      // Woken by the next batch's commit; the poll only guards a NOTIFY lost with the connection.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        committed,
        new Promise((resolve) => {
          timer = setTimeout(resolve, Math.min(SIGNALLED_POLL_MS, left));
        }),
      ]);
      clearTimeout(timer);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, left)));
    delay = Math.min(delay * 2, 50);
  }
}

export interface ConsistencyWaitDeps {
  pool: Pool;
  redis: Redis;
  /** The read schema, unquoted. */
  schema: string;
  signer: ConsistencyTokenSigner;
  waitMs?: number;
  waitsPerUser?: number;
  /** Wakes the waits as the projector commits (they poll without it). */
  signal?: CheckpointSignal;
}

/**
 * The read side of consistency tokens, for every query route. Tokens count only after the session is
 * known and only those issued to its user: a request without a session, and any token forged, altered
 * or issued to someone else, is answered at once as if it had none (no wait, no stale flag), so the wait
 * tells nobody anything about streams they were not told of. A wait lasts at most `waitMs`, and one
 * user has at most `waitsPerUser` reads waiting at once; more answer at once with
 * `x-consistency-stale: 1`, so a flood of token-carrying reads cannot hold the pool.
 */
export function registerConsistencyWait(app: FastifyInstance, deps: ConsistencyWaitDeps): void {
  const waitMs = deps.waitMs ?? CONSISTENCY_WAIT_MS;
  const waitsPerUser = deps.waitsPerUser ?? MAX_CONSISTENCY_WAITS_PER_USER;
  const waiting = new Map<string, number>();

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[CONSISTENCY_HEADER];
    if (header === undefined) return;
    const tokens = parseConsistencyTokens(Array.isArray(header) ? header.join(',') : header);
    if (tokens === null) throw badRequest(`Invalid ${CONSISTENCY_HEADER} header`);
    if (tokens.length === 0) return;
    const session = await readSession(deps.redis, request.cookies[SESSION_COOKIE]);
    if (!session) return;
    const issuedToViewer = tokens.filter((token) => deps.signer.verify(token, session.userId));
    if (issuedToViewer.length === 0) return;

    const already = waiting.get(session.userId) ?? 0;
    if (already >= waitsPerUser) {
      reply.header('x-consistency-stale', '1');
      return;
    }
    waiting.set(session.userId, already + 1);
    try {
      const caughtUp = await waitForProjection(deps.pool, deps.schema, issuedToViewer, waitMs, deps.signal);
      if (!caughtUp) reply.header('x-consistency-stale', '1');
    } finally {
      const left = (waiting.get(session.userId) ?? 1) - 1;
      if (left === 0) waiting.delete(session.userId);
      else waiting.set(session.userId, left);
    }
  });
}
