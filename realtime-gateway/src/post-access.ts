import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { SESSION_COOKIE } from '@careers/service-kit';
import { QueryServiceClient } from './query-service.ts';

/** What the query-service says of one post for one session. */
export type PostAccess = 'visible' | 'hidden' | 'signed-out';

/** Public posts remembered at once; each is a post id (a public post stays public). */
const MAX_REMEMBERED_PUBLIC = 50_000;
/** How long one question to the query-service may take before the post counts as hidden. */
const CHECK_TIMEOUT_MS = 5_000;
/**
 * How long a post hidden from a session stays so without asking again: a session naming the same
 * hidden or missing post over and over costs one question per this long. Short, as a person's own new
 * post is missing only until the projector has it (the feed asks again after 250 ms, then 750...).
 */
export const REFUSAL_MEMORY_MS = 500;
/** Refusals remembered at once (each a session and a post); the oldest go first. */
const MAX_REMEMBERED_REFUSALS = 50_000;

/**
 * Whether a socket's user may see a post, asked of the query-service exactly as the app asks it
 * (`GET /api/posts/:id` with the socket's own session): the post access policy is applied there, by
 * the same rule the feed reads with, so a post room is joined only by people the post would be shown
 * to. A post that is public is remembered (its visibility never changes), so a busy feed costs one
 * question per post, not one per socket; sockets that subscribe to a post while the first question
 * about it is out wait for that answer rather than ask too (a popular post coming on screen for a
 * thousand people at once is one question, not a thousand), and ask for themselves only if it did not
 * show the post public. Anything but a clear answer counts as hidden: a join that fails closed is a
 * missed live count, one that fails open is a leak.
 */
export class PostAccessCheck {
  readonly #queryService: QueryServiceClient;
  readonly #publicPosts = new Set<string>();
  /** `<session>:<post>` of recent refusals, with when each is forgotten. */
  readonly #refused = new Map<string, number>();
  /** The question out about each post, if any: later askers wait for it before asking themselves. */
  readonly #asking = new Map<string, Promise<PostAccess>>();
  readonly #onError: (error: unknown, postId: string) => void;

  constructor(
    queryService: QueryServiceClient | string | readonly string[],
    onError: (error: unknown, postId: string) => void,
  ) {
    this.#queryService =
      queryService instanceof QueryServiceClient ? queryService : new QueryServiceClient(queryService);
    this.#onError = onError;
  }

  /** Whether the post is known public: a check of it asks nothing. */
  knownPublic(postId: string): boolean {
    return this.#publicPosts.has(postId);
  }

  /**
   * Asks again, now, whether a post that is not public is still shown to a session, after `token`'s
   * change (a removed connection): the query-service waits until it has applied it. A public post stays
   * visible and costs nothing.
   */
  async recheck(sessionId: string, postId: string, token: string): Promise<PostAccess> {
    if (this.#publicPosts.has(postId)) return 'visible';
    return this.#ask(sessionId, postId, token);
  }

  async check(sessionId: string, postId: string): Promise<PostAccess> {
    if (this.#publicPosts.has(postId)) return 'visible';
    const refusal = `${sessionId}:${postId}`;
    const until = this.#refused.get(refusal);
    if (until !== undefined && until > Date.now()) return 'hidden';
    const answer = await this.#checkNow(sessionId, postId);
    if (answer === 'hidden') this.#rememberRefusal(refusal);
    return answer;
  }

  #rememberRefusal(refusal: string): void {
    this.#refused.delete(refusal);
    if (this.#refused.size >= MAX_REMEMBERED_REFUSALS) {
      const oldest = this.#refused.keys().next().value;
      if (oldest !== undefined) this.#refused.delete(oldest);
    }
    this.#refused.set(refusal, Date.now() + REFUSAL_MEMORY_MS);
  }

  async #checkNow(sessionId: string, postId: string): Promise<PostAccess> {
    const asking = this.#asking.get(postId);
    if (asking) {
      await asking;
      if (this.#publicPosts.has(postId)) return 'visible';
      // Not public (or no clear answer): whether this session may see it is its own question.
      return this.#ask(sessionId, postId);
    }
    const question = this.#ask(sessionId, postId);
    this.#asking.set(postId, question);
    try {
      return await question;
    } finally {
      this.#asking.delete(postId);
    }
  }

  async #ask(sessionId: string, postId: string, token?: string): Promise<PostAccess> {
    try {
      const response = await this.#queryService.get(
        `/api/posts/${encodeURIComponent(postId)}`,
        {
          cookie: `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}`,
          accept: 'application/json',
          ...(token ? { [CONSISTENCY_HEADER]: token } : {}),
        },
        CHECK_TIMEOUT_MS,
      );
      if (response.status === 401) return 'signed-out';
      if (response.status !== 200) {
        await response.body?.cancel();
        if (response.status !== 404)
          this.#onError(new Error(`query-service answered ${response.status}`), postId);
        return 'hidden';
      }
      const body = (await response.json()) as { data?: { _id?: unknown; visibility?: unknown } };
      if (body.data?._id !== postId) return 'hidden';
      if (body.data.visibility === 'public') this.#remember(postId);
      return 'visible';
    } catch (error) {
      this.#onError(error, postId);
      return 'hidden';
    }
  }

  #remember(postId: string): void {
    if (this.#publicPosts.size >= MAX_REMEMBERED_PUBLIC) {
      const oldest = this.#publicPosts.values().next().value;
      if (oldest !== undefined) this.#publicPosts.delete(oldest);
    }
    this.#publicPosts.add(postId);
  }
}
