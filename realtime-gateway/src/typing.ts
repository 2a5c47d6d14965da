import { TYPING_EVERY_MS } from '@careers/contracts/constants';
import { SESSION_COOKIE } from '@careers/service-kit';
import { QueryServiceClient } from './query-service.ts';

/** What the query-service says of one conversation for one session: whom a typing note goes to. */
export type TypingAccess = { to: string } | 'refused' | 'signed-out';

/** How long one question to the query-service may take before the note is dropped. */
const CHECK_TIMEOUT_MS = 2_000;
/**
 * How long an answer is kept for a session and a conversation: a person typing sends a note every
 * TYPING_EVERY_MS, so one question covers a few of them; a block or a removed connection reaches the
 * notes within this long.
 */
export const TYPING_ANSWER_MS = 10_000;
/** Answers kept at once (each a session and a conversation); the oldest go first. */
const MAX_REMEMBERED = 20_000;

/**
 * Whether a socket's user may tell the other person of a conversation that they are typing, and who
 * that is, asked of the query-service exactly as the app asks for the thread (`GET
 * /api/conversations/:id/messages?limit=1` with the socket's own session), as post rooms ask about a
 * post (PostAccessCheck): a conversation the reader is not in answers 404, and the summary it answers
 * with names the other person and whether the reader may write to them now (`canWrite`: still linked,
 * no block either way). Anything but a clear yes is a no: a note dropped costs a moment's "typing…".
 */
export class TypingAccessCheck {
  readonly #queryService: QueryServiceClient;
  readonly #answers = new Map<string, { answer: TypingAccess; until: number }>();
  readonly #onError: (error: unknown, conversationId: string) => void;

  constructor(
    queryService: QueryServiceClient | string | readonly string[],
    onError: (error: unknown, conversationId: string) => void,
  ) {
    this.#queryService =
      queryService instanceof QueryServiceClient ? queryService : new QueryServiceClient(queryService);
    this.#onError = onError;
  }

  async check(sessionId: string, conversationId: string): Promise<TypingAccess> {
    const key = `${sessionId}:${conversationId}`;
    const kept = this.#answers.get(key);
    if (kept && kept.until > Date.now()) return kept.answer;
    const answer = await this.#ask(sessionId, conversationId);
    if (answer !== 'signed-out') {
      this.#answers.delete(key);
      if (this.#answers.size >= MAX_REMEMBERED) {
        const oldest = this.#answers.keys().next().value;
        if (oldest !== undefined) this.#answers.delete(oldest);
      }
      this.#answers.set(key, { answer, until: Date.now() + TYPING_ANSWER_MS });
    }
    return answer;
  }

  async #ask(sessionId: string, conversationId: string): Promise<TypingAccess> {
    try {
      const response = await this.#queryService.get(
        `/api/conversations/${encodeURIComponent(conversationId)}/messages?limit=1`,
        { cookie: `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}`, accept: 'application/json' },
        CHECK_TIMEOUT_MS,
      );
      if (response.status === 401) return 'signed-out';
      if (response.status !== 200) {
        await response.body?.cancel();
        if (response.status !== 404)
          this.#onError(new Error(`query-service answered ${response.status}`), conversationId);
        return 'refused';
      }
      const body = (await response.json()) as {
        data?: { conversation?: { _id?: unknown; canWrite?: unknown; other?: { _id?: unknown } } };
      };
      const c = body.data?.conversation;
      if (c?._id !== conversationId || c.canWrite !== true || typeof c.other?._id !== 'string')
        return 'refused';
      return { to: c.other._id };
    } catch (error) {
      this.#onError(error, conversationId);
      return 'refused';
    }
  }
}

/** A socket may pass on one typing note per this long; more are dropped (the client sends one per TYPING_EVERY_MS). */
export const TYPING_NOTE_EVERY_MS = TYPING_EVERY_MS / 2;

/** One socket's typing notes: whether the next may pass now (one per TYPING_NOTE_EVERY_MS). */
export function typingLimiter(now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < TYPING_NOTE_EVERY_MS) return false;
    last = at;
    return true;
  };
}
