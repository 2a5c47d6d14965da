import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import type { PostViewer } from '@careers/contracts/policies/post-access';
import { routes } from '@careers/contracts/routes';
import {
  type AppendRequest,
  type CommandTransaction,
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
import { type DomainError, isRefusal } from '../pipeline/domain-error.ts';
import { AlreadyCommitted, type Intent, intentId } from '../pipeline/idempotency.ts';
import { decideToggleLike, foldPost, type PostState, postNotFound } from './decide.ts';
import type { PostStore } from './store.ts';

type ToggleLike = typeof routes.toggleLike;

/** A like or unlike's state, as the route's single path (`routes.ts`) knows it. */
export interface LikeState {
  post: PostState;
  viewer: PostViewer;
  likedAlready: boolean;
  givenTags: string[];
  imageIds: string[];
}

type Outcome = CommandOutcome<ToggleLike, LikeState>;

interface Waiting {
  input: CommandInput<ToggleLike>;
  intent: Intent | null;
  alone: () => Promise<Outcome>;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

/** How a command of the group ended, settled once the group has committed. */
type Settled = { outcome: Outcome } | { error: DomainError | AlreadyCommitted };

/**
 * At most this many likes in one transaction. Measured with pgbench on tables shaped like these
 * (docs/performance.md, "The command path"): 16 likes a transaction cost Postgres a ninth of the CPU
 * of one each; beyond a few dozen the statements grow and the first like waits longer for the last.
 */
export const LIKE_GROUP_MAX = 32;

/**
 * Likes and unlikes decided and written together: a group commit. Each command-service runs one group
 * at a time; commands that arrive while it runs wait and form the next, so a lone like runs at once (a
 * group of one) and a busy second turns hundreds of transactions into a few.
 *
 * A group is two statements: the first claims the keyed commands' Idempotency-Keys (when there are
 * any) and locks the posts in id order, reading each (post, person) pair; the commands are then decided
 * in arrival order, each on the post as the ones before it left it; the second appends every event,
 * adds and removes the likes, saves the posts' counts and versions and fills in the keyed answers, with
 * COMMIT behind it. A refused command (a post gone or not visible to its liker) fails alone: its events
 * are not written and its key is given back. When the group's transaction fails (a liker's account
 * deleted meanwhile, a lost connection) each of its commands runs again in a transaction of its own,
 * the single path, which answers each as it would have without the group.
 */
export class LikeGroup implements CommandGroup<ToggleLike, LikeState> {
  private readonly store: EventStore;
  private readonly posts: PostStore;
  private readonly max: number;
  private waiting: Waiting[] = [];
  private running = false;

  constructor(deps: { store: EventStore; posts: PostStore; max?: number }) {
    this.store = deps.store;
    this.posts = deps.posts;
    this.max = deps.max ?? LIKE_GROUP_MAX;
  }

  submit(
    input: CommandInput<ToggleLike>,
    intent: Intent | null,
    alone: () => Promise<Outcome>,
  ): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, intent, alone, resolve, reject });
      this.next();
    });
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
    try {
      ({ result: settled } = await this.store.execute({ actorId: null }, (tx) =>
        this.decideAndWrite(tx, group),
      ));
    } catch {
      // The group's transaction failed as a whole: each command on its own, as if there were no group.
      await Promise.all(group.map((command) => command.alone().then(command.resolve, command.reject)));
      return;
    }
    for (const [i, command] of group.entries()) {
      const result = settled[i] as Settled;
      if ('outcome' in result) command.resolve(result.outcome);
      else command.reject(result.error);
    }
  }

  private async decideAndWrite(tx: CommandTransaction, group: readonly Waiting[]): Promise<Settled[]> {
    const pairs = group.map(({ input }) => ({ postId: input.params.id, userId: input.actor.userId }));
    const keyed = group.flatMap(({ intent }) => (intent ? [intent] : []));
    // Sent together: the claim's wait for another try of an intent comes before any post is locked.
    const [claimed, rows] = await Promise.all([
      this.store.answers.claimMany(tx.client, keyed),
      this.posts.lockMany(tx.client, pairs),
    ]);
    const stale = pairs.filter((_, i) => rows[i]?.likedAlready === null);
    const likedNow = stale.length > 0 ? await this.posts.likedPairs(tx.client, stale) : new Set<string>();

    const posts = new Map<string, PostState>();
    const liked = new Map<string, boolean>();
    const likedAtStart = new Map<string, boolean>();
    const settled: Settled[] = [];
    const requests: (AppendRequest & { metadata: EventMetadata })[] = [];
    const answered: { intent: Intent; status: number; body: unknown; token: string | null }[] = [];
    const refused: Intent[] = [];
    for (const [i, { input, intent }] of group.entries()) {
      const row = rows[i] as (typeof rows)[number];
      const pair = `${input.params.id}|${input.actor.userId}`;
      if (intent && !claimed.has(intentId(intent))) {
        settled.push({ error: new AlreadyCommitted() });
        continue;
      }
      const post = row.post ? (posts.get(row.post.id) ?? row.post) : null;
      if (!likedAtStart.has(pair)) likedAtStart.set(pair, row.likedAlready ?? likedNow.has(pair));
      const likedAlready = liked.get(pair) ?? (likedAtStart.get(pair) as boolean);
      const decision = post
        ? decideToggleLike({ post, viewer: row.viewer, likedAlready, now: input.now })
        : postNotFound();
      if (isRefusal(decision) || !post) {
        settled.push({ error: isRefusal(decision) ? decision : postNotFound() });
        if (intent) refused.push(intent);
        continue;
      }
      const after = foldPost(post, decision);
      const nowLiked = decision.some((event) => event.type === 'PostLiked');
      posts.set(post.id, after);
      liked.set(pair, nowLiked);
      requests.push({
        streamType: 'post',
        streamId: post.id,
        expectedVersion: post.version,
        events: decision,
        metadata: { actorId: input.actor.userId, correlationId: randomUUID(), causationId: null },
      });
      const next: LikeState = {
        post: after,
        viewer: row.viewer,
        likedAlready: nowLiked,
        givenTags: [],
        imageIds: [],
      };
      const body: CommandReply<ToggleLike> = {
        data: { postId: after.id, likesCount: after.likesCount, isLiked: nowLiked },
      };
      const token = consistencyTokenOf(
        input.reply,
        [{ streamType: 'post', streamId: after.id, streamVersion: after.version }],
        input.actor.userId,
      );
      if (intent) answered.push({ intent, status: routes.toggleLike.status, body, token });
      settled.push({ outcome: { next, events: [], answer: intent ? { body, token } : null } });
    }

    // Each pair's net change over the group: liked then unliked in one group writes nothing.
    const added: { postId: string; userId: string }[] = [];
    const removed: { postId: string; userId: string }[] = [];
    for (const [pair, now] of liked) {
      if (now === likedAtStart.get(pair)) continue;
      const [postId, userId] = pair.split('|') as [string, string];
      (now ? added : removed).push({ postId, userId });
    }
    const write = writesTogether(
      this.posts.likeGroupWrite(added, removed, [...posts.values()]),
      this.store.answers.groupWrite(answered, refused),
    );
    if (requests.length === 0) {
      // Every command refused or answered already: only the claims to give back (COMMIT follows).
      await tx.client.query(`WITH ${write.ctes} SELECT 1`, write.values);
      return settled;
    }
    const envelopes = await tx.appendMany(requests, write, { commit: true });
    let appended = 0;
    for (const result of settled) {
      if ('outcome' in result) result.outcome.events = envelopes[appended++] as EventEnvelope[];
    }
    return settled;
  }
}
