import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { describe, expect, it } from 'vitest';
import { socketMessagesFor } from './routing.ts';

function event<T extends DomainEvent['type']>(
  type: T,
  streamId: string,
  streamVersion: number,
  data: object,
): DomainEvent {
  return {
    id: randomUUID(),
    type,
    schemaVersion: 1,
    streamType: type.startsWith('Connection') ? 'connection' : type.startsWith('User') ? 'user' : 'post',
    streamId,
    streamVersion,
    position: 1,
    occurredAt: new Date().toISOString(),
    actorId: null,
    correlationId: 'c',
    causationId: null,
    data,
  } as DomainEvent;
}

describe('socketMessagesFor', () => {
  const postId = randomUUID();
  const a = randomUUID();
  const b = randomUUID();

  it('sends a like count only to the room of that post, with the consistency token', () => {
    expect(
      socketMessagesFor(event('PostLiked', postId, 7, { postId, userId: a, likesCount: 3, likedAt: '' })),
    ).toEqual([
      {
        room: `post:${postId}`,
        event: 'post:updated',
        payload: { postId, likesCount: 3, consistencyToken: `${postId}@7` },
      },
    ]);
  });

  it('sends a new comment count to the post room', () => {
    const commentId = randomUUID();
    const [m] = socketMessagesFor(
      event('CommentAdded', postId, 8, {
        postId,
        commentId,
        authorId: a,
        content: 'x',
        commentsCount: 2,
        createdAt: '',
      }),
    );
    expect(m).toEqual({
      room: `post:${postId}`,
      event: 'post:comment-added',
      payload: { postId, commentId, commentsCount: 2, consistencyToken: `${postId}@8` },
    });
  });

  it('tells feed viewers about a new post', () => {
    const [m] = socketMessagesFor(
      event('PostCreated', postId, 1, { postId, authorId: a, visibility: 'public' }),
    );
    expect(m).toMatchObject({ room: 'feed', event: 'feed:post-created', payload: { postId, authorId: a } });
  });

  it('announces a connections-only post to its author alone', () => {
    const messages = socketMessagesFor(
      event('PostCreated', postId, 1, { postId, authorId: a, visibility: 'connections' }),
    );
    expect(messages.map((m) => m.room)).toEqual([`user:${a}`]);
  });

  it('sends a connection request to the recipient only, and the answer to both people', () => {
    const connectionId = randomUUID();
    const requested = socketMessagesFor(
      event('ConnectionRequested', connectionId, 1, {
        connectionId,
        requesterId: a,
        recipientId: b,
        requestedAt: '',
      }),
    );
    expect(requested.map((m) => m.room)).toEqual([`user:${b}`]);
    const accepted = socketMessagesFor(
      event('ConnectionAccepted', connectionId, 2, {
        connectionId,
        requesterId: a,
        recipientId: b,
        respondedAt: '',
      }),
    );
    expect(accepted.map((m) => m.room).sort()).toEqual([`user:${a}`, `user:${b}`].sort());
    expect(accepted[0]?.payload).toMatchObject({ status: 'accepted' });
  });

  it('pushes nothing for events no screen shows live', () => {
    expect(socketMessagesFor(event('UserLoggedIn', a, 2, { userId: a, at: '' }))).toEqual([]);
  });
});
