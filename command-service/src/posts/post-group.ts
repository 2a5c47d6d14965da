import { randomUUID } from 'node:crypto';
import type { AuthorSummary } from '@careers/contracts/entities/person-summary';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import type { PostViewer } from '@careers/contracts/policies/post-access';
import { routes } from '@careers/contracts/routes';
import {
  type AppendRequest,
  type CommandTransaction,
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  writesTogether,
} from '../event-log/event-store.ts';
import type {
  CommandGroup,
  CommandInput,
  CommandOutcome,
  CommandReply,
} from '../pipeline/command-pipeline.ts';
import { consistencyTokenOf } from '../pipeline/consistency-token.ts';
import { DomainError, isRefusal } from '../pipeline/domain-error.ts';
import { AlreadyCommitted, type Intent, intentId } from '../pipeline/idempotency.ts';
import { decideAddComment, decideToggleLike, foldPost, type PostState, postNotFound } from './decide.ts';
import type { PostStore } from './store.ts';

type ToggleLike = typeof routes.toggleLike;
type AddComment = typeof routes.addComment;

/** A like or comment's state, as the routes' single path (`routes.ts`) knows it. */
export interface PostCommandState {
  post: PostState;
  viewer: PostViewer;
  likedAlready: boolean;
  givenTags: string[];
  imageIds: string[];
}

/** What a comment prepares outside the transaction: its author's card and its new id. */
export interface CommentPrepared {
  author: AuthorSummary;
  commentId: string;
}

type Outcome<R extends ToggleLike | AddComment> = CommandOutcome<R, PostCommandState>;

/**
 * One command waiting for its group, a like or a comment, with how it ends: `settle` with what the
 * group decided, `alone` to run it in a transaction of its own instead, `fail` with the group's error.
 */
type Waiting = {
  intent: Intent | null;
  settle: (result: Settled) => void;
  alone: () => Promise<void>;
  fail: (error: unknown) => void;
} & (
  | { kind: 'like'; input: CommandInput<ToggleLike> }
  | { kind: 'comment'; input: CommandInput<AddComment>; prepared: CommentPrepared }
);

/** How a command of the group ended, settled once the group has committed. */
type Settled = { outcome: Outcome<ToggleLike | AddComment> } | { error: DomainError | AlreadyCommitted };

/** A waiting command's endings, from its promise and its own transaction. */
function endings<R extends ToggleLike | AddComment>(
  resolve: (outcome: Outcome<R>) => void,
  reject: (error: unknown) => void,
  alone: () => Promise<Outcome<R>>,
): Pick<Waiting, 'settle' | 'alone' | 'fail'> {
  return {
    // The group decided on this route's command, so its answer is this route's reply.
    settle: (result) => ('error' in result ? reject(result.error) : resolve(result.outcome as Outcome<R>)),
    alone: () => alone().then(resolve, reject),
    fail: reject,
  };
}

/**
 * At most this many commands in one transaction. Measured with pgbench on tables shaped like these
 * (docs/performance.md, "Group commit, on Postgres alone"): 16 likes a transaction cost Postgres a
 * ninth of the CPU of one each; beyond a few dozen the statements grow and the first waits longer.
 */
export const POST_GROUP_MAX = 32;

type Pair = { postId: string; userId: string };
const pairKey = (postId: string, userId: string) => `${postId}|${userId}`;

/**
 * Likes, unlikes and comments decided and written together: a group commit. Each command-service runs
 * one group at a time; commands that arrive while it runs wait and form the next, so a lone command
 * runs at once (a group of one) and a busy second turns hundreds of transactions into a few.
 *
 * A group waits on Postgres twice: the first time for the keyed commands' Idempotency-Key claims and
 * the lock of its posts in id order, with each (post, person) pair read; the commands are then decided
 * in arrival order, each on the post as the ones before it left it; the second statement appends every
 * event, adds and removes the likes, adds the comments, saves the posts' counts and versions and fills
 * in the keyed answers, with COMMIT behind it. A refused command (a post gone or out of reach) fails
 * alone: its events are not written and its key is given back. When the group's transaction fails as
 * a whole (a liker's account deleted meanwhile, a lost connection), each of its commands runs again in
 * a transaction of its own, the single path, which answers each as it would have without the group.
 */
export class PostGroup {
  private readonly store: EventStore;
  private readonly posts: PostStore;
  private readonly max: number;
  private waiting: Waiting[] = [];
  private running = false;

  /** The like route's way into the group. */
  readonly likes: CommandGroup<ToggleLike, PostCommandState> = {
    submit: (input, intent, alone) =>
      new Promise((resolve, reject) =>
        this.enter({ kind: 'like', input, intent, ...endings(resolve, reject, alone) }),
      ),
  };

  /** The comment route's way into the group (its author's card and id prepared before). */
  readonly comments: CommandGroup<AddComment, PostCommandState, CommentPrepared> = {
    submit: (input, intent, alone, prepared) =>
      new Promise((resolve, reject) =>
        this.enter({ kind: 'comment', input, prepared, intent, ...endings(resolve, reject, alone) }),
      ),
  };

  constructor(deps: { store: EventStore; posts: PostStore; max?: number }) {
    this.store = deps.store;
    this.posts = deps.posts;
    this.max = deps.max ?? POST_GROUP_MAX;
  }

  private enter(command: Waiting): void {
    this.waiting.push(command);
    this.next();
  }

  /** Starts the next group unless one is running. */
  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    // Two tries of one intent never go in one group (they would claim its key twice): the later waits
    // for the next group, whose claim then finds the first committed.
    const group: Waiting[] = [];
    const rest: Waiting[] = [];
    const keys = new Set<string>();
    for (const command of this.waiting) {
      const id = command.intent ? intentId(command.intent) : null;
      if (group.length >= this.max || (id !== null && keys.has(id))) {
        rest.push(command);
        continue;
      }
      if (id !== null) keys.add(id);
      group.push(command);
    }
    this.waiting = rest;
    this.running = true;
    void this.run(group).finally(() => {
      this.running = false;
      this.next();
    });
  }

  private async run(group: Waiting[]): Promise<void> {
    let settled: Settled[];
    const attempt = { committing: false };
    try {
      ({ result: settled } = await this.store.execute({ actorId: null }, (tx) => {
        attempt.committing = false;
        return this.decideAndWrite(tx, group, attempt);
      }));
    } catch (error) {
      if (attempt.committing && !rolledBack(error)) {
        // The connection failed with the group's COMMIT on its way: it may have committed. Running the
        // commands again could do a toggle twice, so each is answered with the failure, as a command of
        // its own would be (a keyed one sent again then finds its answer if it had committed).
        for (const command of group) command.fail(error);
        return;
      }
      // The group's transaction failed as a whole and wrote nothing: each command on its own, as if
      // there were no group.
      await Promise.all(group.map((command) => command.alone()));
      return;
    }
    for (const [i, command] of group.entries()) command.settle(settled[i] as Settled);
  }

  private async decideAndWrite(
    tx: CommandTransaction,
    group: readonly Waiting[],
    attempt: { committing: boolean },
  ): Promise<Settled[]> {
    const pairs: Pair[] = group.map(({ input }) => ({ postId: input.params.id, userId: input.actor.userId }));
    const keyed = group.flatMap(({ intent }) => (intent ? [intent] : []));
    // Sent together: the claims' wait for another try of an intent comes before any post is locked.
    const [claimed, rows] = await Promise.all([
      this.store.answers.claimMany(tx.client, keyed),
      this.posts.lockMany(tx.client, pairs),
    ]);
    const stale = pairs.filter((_, i) => group[i]?.kind === 'like' && rows[i]?.likedAlready === null);
    const likedNow = stale.length > 0 ? await this.posts.likedPairs(tx.client, stale) : new Set<string>();

    const posts = new Map<string, PostState>();
    const liked = new Map<string, boolean>();
    const likedAtStart = new Map<string, boolean>();
    const comments: { postId: string; commentId: string; authorId: string; addedAt: Date }[] = [];
    const settled: Settled[] = [];
    const requests: (AppendRequest & { metadata: EventMetadata })[] = [];
    const answered: { intent: Intent; status: number; body: unknown; token: string | null }[] = [];
    const refused: Intent[] = [];
    for (const [i, command] of group.entries()) {
      const { input, intent } = command;
      const row = rows[i] as (typeof rows)[number];
      const userId = input.actor.userId;
      if (intent && !claimed.has(intentId(intent))) {
        settled.push({ error: new AlreadyCommitted() });
        continue;
      }
      if (!row.post) {
        settled.push({ error: postNotFound() });
        if (intent) refused.push(intent);
        continue;
      }
      const post = posts.get(row.post.id) ?? row.post;
      const pair = pairKey(input.params.id, userId);
      if (command.kind === 'like' && !likedAtStart.has(pair)) {
        likedAtStart.set(pair, row.likedAlready ?? likedNow.has(pair));
      }
      const likedAlready = liked.get(pair) ?? likedAtStart.get(pair) ?? false;
      const decision =
        command.kind === 'like'
          ? decideToggleLike({ post, viewer: row.viewer, likedAlready, now: input.now })
          : decideAddComment({
              post,
              viewer: row.viewer,
              commentId: command.prepared.commentId,
              request: command.input.body,
              now: input.now,
            });
      if (isRefusal(decision)) {
        settled.push({ error: decision });
        if (intent) refused.push(intent);
        continue;
      }
      const after = foldPost(post, decision);
      posts.set(post.id, after);
      const nowLiked = command.kind === 'like' ? decision.some((e) => e.type === 'PostLiked') : likedAlready;
      if (command.kind === 'like') liked.set(pair, nowLiked);
      else
        comments.push({
          postId: post.id,
          commentId: command.prepared.commentId,
          authorId: userId,
          addedAt: input.now,
        });
      requests.push({
        streamType: 'post',
        streamId: post.id,
        expectedVersion: post.version,
        events: decision,
        metadata: { actorId: userId, correlationId: randomUUID(), causationId: null },
      });
      const next: PostCommandState = {
        post: after,
        viewer: row.viewer,
        likedAlready: nowLiked,
        givenTags: [],
        imageIds: [],
      };
      // A keyed command's answer is stored with the group's writes, so it is made now; an unkeyed
      // one is made by the pipeline from the state and events, once committed.
      let answer: Outcome<ToggleLike | AddComment>['answer'] = null;
      if (intent) {
        const token = consistencyTokenOf(
          input.reply,
          [{ streamType: 'post', streamId: after.id, streamVersion: after.version }],
          userId,
        );
        const body =
          command.kind === 'like'
            ? likeReply(after, nowLiked)
            : commentReply(after, command.input, command.prepared);
        const status = command.kind === 'like' ? routes.toggleLike.status : routes.addComment.status;
        answered.push({ intent, status, body, token });
        answer = { body, token };
      }
      settled.push({ outcome: { next, events: [], answer } });
    }

    // Each pair's net change over the group: liked then unliked in one group writes nothing.
    const added: Pair[] = [];
    const removed: Pair[] = [];
    for (const [pair, now] of liked) {
      if (now === likedAtStart.get(pair)) continue;
      const [postId, userId] = pair.split('|') as [string, string];
      (now ? added : removed).push({ postId, userId });
    }
    const write = writesTogether(
      this.posts.groupWrite({ added, removed, comments, saved: [...posts.values()] }),
      this.store.answers.groupWrite(answered, refused),
    );
    if (requests.length === 0) {
      // Every command refused or answered already: only the claims to give back (COMMIT follows).
      await tx.client.query(`WITH ${write.ctes} SELECT 1`, write.values);
      return settled;
    }
    const envelopes = await tx.appendMany(requests, write, {
      commit: true,
      onSend: () => {
        attempt.committing = true;
      },
    });
    let appended = 0;
    for (const result of settled) {
      if ('outcome' in result) result.outcome.events = envelopes[appended++] as EventEnvelope[];
    }
    return settled;
  }
}

/**
 * Whether a failure of the group's last statement left its transaction rolled back: Postgres refused a
 * statement (an error with a SQLSTATE), so the COMMIT behind it ended the transaction as a rollback.
 * A connection that failed says nothing of whether the COMMIT was applied.
 */
const rolledBack = (error: unknown) =>
  error instanceof DomainError ||
  error instanceof ConcurrencyError ||
  typeof (error as { code?: unknown }).code === 'string';

/** A like's answer (the route's single path answers the same from its state). */
export const likeReply = (post: PostState, isLiked: boolean): CommandReply<ToggleLike> => ({
  data: { postId: post.id, likesCount: post.likesCount, isLiked },
});

/** A new comment's answer. */
export const commentReply = (
  post: PostState,
  { body, now }: Pick<CommandInput<AddComment>, 'body' | 'now'>,
  { author, commentId }: CommentPrepared,
): CommandReply<AddComment> => ({
  data: {
    _id: commentId,
    author,
    content: body.content,
    createdAt: now.toISOString(),
    postId: post.id,
    commentsCount: post.commentsCount,
  },
});
