import type { ConsistencyToken } from '@careers/contracts/consistency';
import { ident, type Pool } from '@careers/service-kit';

/**
 * Read-your-writes: resolves when every token's stream has been projected at or past its version, or
 * when `timeoutMs` passes (the query then answers with what it has). Returns whether it caught up.
 */
export async function waitForProjection(
  pool: Pool,
  schema: string,
  tokens: ConsistencyToken[],
  timeoutMs: number,
): Promise<boolean> {
  if (tokens.length === 0) return true;
  const s = ident(schema);
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (;;) {
    const { rows } = await pool.query<{ stream_id: string; stream_version: number }>(
      `SELECT stream_id, stream_version FROM ${s}.stream_checkpoints WHERE stream_id = ANY($1)`,
      [tokens.map((t) => t.streamId)],
    );
    const seen = new Map(rows.map((r) => [r.stream_id, r.stream_version]));
    if (tokens.every((t) => (seen.get(t.streamId) ?? 0) >= t.streamVersion)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, left)));
    delay = Math.min(delay * 2, 50);
  }
}
