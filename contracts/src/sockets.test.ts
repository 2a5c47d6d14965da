import { describe, expect, it } from 'vitest';
import {
  clientEventPayloads,
  clientEvents,
  MAX_POST_SUBSCRIPTIONS,
  PostSubscriptionPayload,
  PostUpdatedPayload,
  rooms,
  serverEventPayloads,
  serverEvents,
} from './sockets.ts';

const postId = '01936b32-3b4c-7d5e-af60-8c7d6e5f4a55';

describe('rooms', () => {
  it('names rooms once', () => {
    expect(rooms.user('u1')).toBe('user:u1');
    expect(rooms.post('p1')).toBe('post:p1');
    expect(rooms.feed).toBe('feed');
  });
});

describe('socket events', () => {
  it('has a payload schema for every event name', () => {
    expect(Object.keys(serverEventPayloads).sort()).toEqual(Object.values(serverEvents).sort());
    expect(Object.keys(clientEventPayloads).sort()).toEqual(Object.values(clientEvents).sort());
  });

  it('requires a consistency token on pushes', () => {
    expect(
      PostUpdatedPayload.safeParse({ postId, likesCount: 1, consistencyToken: `${postId}@3` }).success,
    ).toBe(true);
    expect(PostUpdatedPayload.safeParse({ postId, likesCount: 1 }).success).toBe(false);
    expect(
      PostUpdatedPayload.safeParse({ postId, likesCount: 1, consistencyToken: `${postId}@0` }).success,
    ).toBe(false);
  });

  it(`limits a subscription to ${MAX_POST_SUBSCRIPTIONS} posts of valid ids`, () => {
    expect(PostSubscriptionPayload.safeParse({ postIds: Array(100).fill(postId) }).success).toBe(true);
    expect(PostSubscriptionPayload.safeParse({ postIds: Array(101).fill(postId) }).success).toBe(false);
    expect(PostSubscriptionPayload.safeParse({ postIds: ['post:1'] }).success).toBe(false);
  });
});
