import { randomUUID } from 'node:crypto';
import type { routes } from '@careers/contracts/routes';
import { describe, expect, it, vi } from 'vitest';
import type { CommandTransaction, EventStore } from '../event-log/event-store.ts';
import type { CommandInput, CommandOutcome } from '../pipeline/command-pipeline.ts';
import type { PostState } from './decide.ts';
import { type PostCommandState, PostGroup } from './post-group.ts';
import type { PostStore } from './store.ts';

/**
 * How a group answers when its transaction fails, with the database stood in for: the failures are
 * ones an integration test cannot time (a connection lost with the COMMIT on its way).
 */
type Like = typeof routes.toggleLike;

const post: PostState = {
  id: randomUUID(),
  authorId: randomUUID(),
  visibility: 'public',
  likesCount: 0,
  commentsCount: 0,
  version: 1,
};

function groupFailingWith(failure: Error) {
  const appendMany = vi.fn(async (_requests: unknown, _write: unknown, options: { onSend?: () => void }) => {
    options.onSend?.();
    throw failure;
  });
  const tx = { client: { query: vi.fn() }, appendMany } as unknown as CommandTransaction;
  const store = {
    execute: async (_meta: unknown, fn: (tx: CommandTransaction) => Promise<unknown>) => ({
      result: await fn(tx),
      events: [],
    }),
    answers: {
      claimMany: async () => new Set<string>(),
      groupWrite: () => ({ name: 'answers', ctes: 'a AS (SELECT 1)', values: [] }),
    },
  } as unknown as EventStore;
  const posts = {
    lockMany: async (_tx: unknown, pairs: { userId: string }[]) =>
      pairs.map(({ userId }) => ({
        post,
        viewer: { userId, connectedToAuthor: false },
        likedAlready: false,
      })),
    likedPairs: async () => new Set<string>(),
    groupWrite: () => ({ name: 'post-group', ctes: 'b AS (SELECT 1)', values: [] }),
  } as unknown as PostStore;
  return { group: new PostGroup({ store, posts }), appendMany };
}

const likeInput = () =>
  ({
    actor: { userId: randomUUID(), sessionId: 's' },
    params: { id: post.id },
    body: undefined,
    now: new Date(),
    request: {},
    // Unkeyed commands: the group makes no answer or token for them (the pipeline does).
    reply: {},
  }) as unknown as CommandInput<Like>;

const aloneOutcome = { answer: null, events: [], next: {} } as unknown as CommandOutcome<
  Like,
  PostCommandState
>;

describe('a group whose transaction fails', () => {
  it('runs each command again on its own when Postgres refused the statement (nothing was written)', async () => {
    const refused = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { group, appendMany } = groupFailingWith(refused);
    const alone = vi.fn(async () => aloneOutcome);
    const answers = await Promise.all(
      [1, 2].map(() => group.likes.submit(likeInput(), null, alone, undefined)),
    );
    // Two groups (the second like came while the first ran), each failing at its last statement.
    expect(appendMany).toHaveBeenCalledTimes(2);
    expect(alone).toHaveBeenCalledTimes(2);
    expect(answers).toEqual([aloneOutcome, aloneOutcome]);
  });

  it('answers each command with the failure when the connection failed with the COMMIT on its way', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const { group, appendMany } = groupFailingWith(lost);
    const alone = vi.fn(async () => aloneOutcome);
    const answers = await Promise.allSettled(
      [1, 2].map(() => group.likes.submit(likeInput(), null, alone, undefined)),
    );
    // It may have committed: a toggle run again would undo it.
    expect(appendMany).toHaveBeenCalledTimes(2);
    expect(alone).not.toHaveBeenCalled();
    expect(answers).toEqual([
      { status: 'rejected', reason: lost },
      { status: 'rejected', reason: lost },
    ]);
  });
});
