import { z } from 'zod';

/**
 * Read-your-writes: a command reply carries `<streamId>@<streamVersion>` of the last event it wrote.
 * A query that sends it back waits (bounded) until the projection has applied that version.
 */
export const CONSISTENCY_HEADER = 'x-consistency-token';
export const CONSISTENCY_WAIT_MS = 2000;
/** A request waits for at most this many streams (the client keeps 32); more is refused as malformed. */
export const MAX_CONSISTENCY_TOKENS = 64;

/** One token as text, as socket pushes carry it: `<streamId>@<streamVersion>`. */
export const ConsistencyTokenText = z
  .string()
  .max(220)
  .regex(/^[^,\s]+@[1-9]\d*$/);

export interface ConsistencyToken {
  streamId: string;
  streamVersion: number;
}

export function formatConsistencyToken(token: ConsistencyToken): string {
  return `${token.streamId}@${token.streamVersion}`;
}

/** Parses one token or a comma-separated list of tokens; returns null when any part is malformed. */
export function parseConsistencyTokens(header: string | undefined | null): ConsistencyToken[] | null {
  if (header === undefined || header === null || header.trim() === '') return [];
  const tokens: ConsistencyToken[] = [];
  const parts = header.split(',');
  if (parts.length > MAX_CONSISTENCY_TOKENS) return null;
  for (const part of parts) {
    const at = part.trim().lastIndexOf('@');
    if (at <= 0) return null;
    const streamId = part.trim().slice(0, at);
    const version = Number(part.trim().slice(at + 1));
    if (!Number.isSafeInteger(version) || version < 1 || streamId.length > 200) return null;
    tokens.push({ streamId, streamVersion: version });
  }
  return tokens;
}
