/**
 * Read-your-writes: a command reply carries `<streamId>@<streamVersion>.<signature>` of the last event
 * it wrote. A query that sends it back waits (bounded) until the projection has applied that version.
 *
 * The signature is an HMAC the services make with a secret of theirs, over the token and the user it
 * was issued to (see service-kit's ConsistencyTokenSigner). A query waits only for tokens issued to
 * the signed-in viewer: without it, anyone could send `<anyone's stream>@N` and learn from the wait how
 * far someone else's stream had got, and tie up the query-service with it.
 */
export const CONSISTENCY_HEADER = 'x-consistency-token';
/** The longest a request waits for its tokens. */
export const CONSISTENCY_WAIT_MS = 2000;
/** A request waits for at most this many streams (the client keeps 32); more is refused as malformed. */
export const MAX_CONSISTENCY_TOKENS = 64;
/** Reads of one user that may wait at the same time (per query-service); more answer at once, stale. */
export const MAX_CONSISTENCY_WAITS_PER_USER = 4;

/** base64url of a 128-bit truncated HMAC-SHA256. */
const SIGNATURE = /^[A-Za-z0-9_-]{22}$/;
const TOKEN = /^(.+)@([1-9]\d{0,15})(?:\.([A-Za-z0-9_-]{22}))?$/;

export interface ConsistencyToken {
  streamId: string;
  streamVersion: number;
  /** Absent on a token nobody signed: the query-service ignores those. */
  signature?: string;
}

/** `<streamId>@<streamVersion>`: the part of a token a signature covers (with the viewer). */
export function consistencyTokenSubject(token: Pick<ConsistencyToken, 'streamId' | 'streamVersion'>): string {
  return `${token.streamId}@${token.streamVersion}`;
}

export function formatConsistencyToken(token: ConsistencyToken): string {
  const subject = consistencyTokenSubject(token);
  return token.signature ? `${subject}.${token.signature}` : subject;
}

/**
 * Parses one token or a comma-separated list of tokens; returns null when any part is malformed. A
 * token without a signature parses (it is then ignored, not refused).
 */
export function parseConsistencyTokens(header: string | undefined | null): ConsistencyToken[] | null {
  if (header === undefined || header === null || header.trim() === '') return [];
  const tokens: ConsistencyToken[] = [];
  const parts = header.split(',');
  if (parts.length > MAX_CONSISTENCY_TOKENS) return null;
  for (const part of parts) {
    const match = TOKEN.exec(part.trim());
    if (!match) return null;
    const [, streamId = '', version = '', signature] = match;
    const streamVersion = Number(version);
    if (!Number.isSafeInteger(streamVersion) || streamId.length > 200 || /[\s,]/.test(streamId)) return null;
    tokens.push(
      signature && SIGNATURE.test(signature)
        ? { streamId, streamVersion, signature }
        : { streamId, streamVersion },
    );
  }
  return tokens;
}

/**
 * Which writes a header or push names, signatures aside (`['<streamId>@<streamVersion>', ...]`): a
 * reply's token and a push's token for the same write differ when they went to different people.
 */
export function consistencyTokenSubjects(header: string | number | string[] | undefined | null): string[] {
  const text = Array.isArray(header)
    ? header.join(',')
    : typeof header === 'number'
      ? String(header)
      : header;
  return (parseConsistencyTokens(text) ?? []).map(consistencyTokenSubject);
}
