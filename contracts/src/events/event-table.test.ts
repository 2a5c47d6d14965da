import { describe, expect, it } from 'vitest';
import { domainEventTypes, eventTypesOf } from './catalogue.ts';
import {
  dispatchEvent,
  type EventOnStream,
  type EventTable,
  eventsDecided,
  typesHandled,
} from './event-table.ts';

const liked = {
  id: '7f000000-0000-4000-8000-000000000001',
  type: 'PostLiked',
  streamType: 'post',
  streamId: 'p1',
  streamVersion: 2,
  schemaVersion: 1,
  occurredAt: '2026-01-01T00:00:00.000Z',
  metadata: { actorId: 'u1', correlationId: 'c1', causationId: null },
  data: { postId: 'p1', userId: 'u1', likesCount: 3, likedAt: '2026-01-01T00:00:00.000Z' },
} as unknown as EventOnStream<'post'>;

const postCounts: EventTable<number, 'post'> = {
  PostCreated: null,
  PostLiked: (event) => event.data.likesCount,
  PostUnliked: (event) => event.data.likesCount,
  CommentAdded: (event) => event.data.commentsCount,
  CommentRemoved: (event) => event.data.commentsCount,
  PostEdited: null,
  CommentEdited: null,
  PostRemoved: null,
};

describe('event tables', () => {
  it('runs the handler of the event type, with the arguments after the event', () => {
    expect(dispatchEvent(postCounts, liked, -1)).toBe(3);
    const withArgs: EventTable<string, 'post', [prefix: string]> = {
      ...Object.fromEntries(eventTypesOf('post').map((type) => [type, null])),
      PostLiked: (event, prefix) => `${prefix}${event.data.postId}`,
    } as EventTable<string, 'post', [prefix: string]>;
    expect(dispatchEvent(withArgs, liked, '', 'post:')).toBe('post:p1');
  });

  it('answers the fallback for a type named as unused, and throws for a stream the table does not cover', () => {
    expect(dispatchEvent({ ...postCounts, PostLiked: null }, liked, -1)).toBe(-1);
    const users = Object.fromEntries(eventTypesOf('user').map((type) => [type, null])) as EventTable<
      number,
      'user'
    >;
    expect(() => dispatchEvent(users, liked as never, -1)).toThrow('no decision for PostLiked');
  });

  it('lists the types a table handles', () => {
    expect(typesHandled<'post'>(postCounts)).toEqual([
      'PostLiked',
      'PostUnliked',
      'CommentAdded',
      'CommentRemoved',
    ]);
  });

  it('does not compile without a decision for every event type of its streams', () => {
    // @ts-expect-error PostRemoved is neither handled nor named as unused.
    const missing: EventTable<number, 'post'> = { ...postCounts, PostRemoved: undefined };
    // @ts-expect-error JobPosted is not an event of the post stream.
    const foreign: EventTable<number, 'post'> = { ...postCounts, JobPosted: null };
    expect([missing, foreign]).toHaveLength(2);
    expect(eventTypesOf('post').length + eventTypesOf('user').length).toBeLessThan(domainEventTypes.length);
  });
});

describe('event decisions', () => {
  it('returns the types handled once every type of the streams is decided', () => {
    expect(eventsDecided(['job'], { handles: ['JobPosted'], ignores: ['JobEdited', 'JobClosed'] })).toEqual([
      'JobPosted',
    ]);
  });

  it('does not compile, and throws, while a type is undecided or decided twice', () => {
    // @ts-expect-error JobClosed is undecided.
    expect(() => eventsDecided(['job'], { handles: ['JobPosted'], ignores: ['JobEdited'] })).toThrow(
      'undecided JobClosed',
    );
    expect(() =>
      // @ts-expect-error JobPosted is in both lists.
      eventsDecided(['job'], { handles: ['JobPosted'], ignores: ['JobPosted', 'JobEdited', 'JobClosed'] }),
    ).toThrow('in both lists JobPosted');
    expect(() =>
      // @ts-expect-error PostCreated is not of the job stream.
      eventsDecided(['job'], { handles: ['JobPosted', 'PostCreated'], ignores: ['JobEdited', 'JobClosed'] }),
    ).toThrow('not of these streams PostCreated');
  });
});
