import { randomBytes } from 'node:crypto';
import { type BenchUser, HttpStatusError, type ProductApi } from './api.ts';

export interface Population {
  users: BenchUser[];
  postIds: string[];
}

/** Runs `task` for 0..count-1 with at most `concurrency` at a time. */
export async function inParallel<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) results[i] = await task(i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return results;
}

/**
 * Registers the users (each keeps its own session cookie), publishes the posts, and waits until the
 * read side shows every post (read-your-writes with each post's consistency token).
 */
export async function populate(
  api: ProductApi,
  counts: { users: number; posts: number },
  progress: (line: string) => void,
): Promise<Population> {
  const runId = randomBytes(4).toString('hex');
  const users = await inParallel(counts.users, 8, (i) => api.register(i, runId));
  progress(`registered ${users.length} users`);
  const created = await inParallel(counts.posts, 8, (i) =>
    api.createPost(users[i % users.length] as BenchUser, `Bench post ${i}: what I learned this week.`),
  );
  await inParallel(created.length, 8, async (i) => {
    const { postId, token } = created[i] as { postId: string; token: string };
    // As its author: a consistency token is honoured only for the person it was issued to.
    const reply = await api.getPost(users[i % users.length] as BenchUser, postId, token);
    if (reply.status !== 200) throw new HttpStatusError(`read post ${postId}`, reply);
  });
  progress(`published ${created.length} posts, all visible on the read side`);
  return { users, postIds: created.map((c) => c.postId) };
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}
