import { randomUUID } from 'node:crypto';
import type { NewEvent } from './event-store.ts';

/** A valid PostCreated for tests. */
export function postCreated(
  postId: string,
  authorId: string,
  content = 'Hello network',
): NewEvent<'PostCreated'> {
  return {
    type: 'PostCreated',
    data: {
      postId,
      authorId,
      content,
      type: 'text',
      category: 'Career',
      visibility: 'public',
      tags: ['hiring'],
      createdAt: new Date().toISOString(),
    },
  };
}

export function postLiked(postId: string, userId: string, likesCount: number): NewEvent<'PostLiked'> {
  return { type: 'PostLiked', data: { postId, userId, likesCount, likedAt: new Date().toISOString() } };
}

export const newId = () => randomUUID();
