import { randomUUID } from 'node:crypto';
import { rooms } from '@careers/contracts/sockets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushCoalescer } from './push-coalescer.ts';
import type { SocketMessage } from './routing.ts';

const WINDOW_MS = 50;

const liked = (postId: string, version: number, likesCount = version): SocketMessage => ({
  room: rooms.post(postId),
  event: 'post:updated',
  payload: { postId, likesCount, consistencyToken: `${postId}@${version}` },
});

const comment = (
  event: 'post:comment-added' | 'post:comment-removed',
  postId: string,
  version: number,
  commentsCount: number,
): SocketMessage => ({
  room: rooms.post(postId),
  event,
  payload: { postId, commentId: randomUUID(), commentsCount, consistencyToken: `${postId}@${version}` },
});

const requested = (userId: string, connectionId = randomUUID()): SocketMessage => ({
  room: rooms.user(userId),
  event: 'connection:requested',
  payload: { connectionId, requesterId: randomUUID(), consistencyToken: `${connectionId}@1` },
});

/** What was sent, one entry per send: the time and `<event> <version>` of each message. */
function recorder() {
  const sends: Array<{ at: number; messages: SocketMessage[] }> = [];
  const coalescer = new PushCoalescer({
    windowMs: WINDOW_MS,
    send: (messages) => sends.push({ at: Date.now(), messages }),
  });
  const versions = () =>
    sends.flatMap((s) =>
      s.messages.map((m) =>
        'consistencyToken' in m.payload ? `${m.event} ${m.payload.consistencyToken.split('@')[1]}` : m.event,
      ),
    );
  return { coalescer, sends, versions };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PushCoalescer', () => {
  const postId = randomUUID();

  it('sends a lone count update at once', () => {
    const { coalescer, sends } = recorder();
    coalescer.add([liked(postId, 1)]);
    expect(sends).toEqual([{ at: 0, messages: [liked(postId, 1)] }]);
  });

  it('given updates inside a window, sends only the newest, when the window ends and not later', () => {
    const { coalescer, sends, versions } = recorder();
    coalescer.add([liked(postId, 1)]);
    vi.advanceTimersByTime(10);
    coalescer.add([liked(postId, 2)]);
    vi.advanceTimersByTime(10);
    coalescer.add([liked(postId, 3), liked(postId, 4)]);
    vi.advanceTimersByTime(WINDOW_MS - 21);
    expect(versions()).toEqual(['post:updated 1']);
    vi.advanceTimersByTime(1);
    expect(sends.map((s) => s.at)).toEqual([0, WINDOW_MS]);
    expect(versions()).toEqual(['post:updated 1', 'post:updated 4']);
    expect(sends[1]?.messages).toEqual([liked(postId, 4)]);
  });

  it('sends at most one count per room per window under a steady stream, the last one the newest', () => {
    const { coalescer, sends } = recorder();
    // A like every 5 ms for a second: 200 updates.
    for (let version = 1; version <= 200; version++) {
      coalescer.add([liked(postId, version)]);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(WINDOW_MS);
    expect(sends.length).toBeLessThanOrEqual(1000 / WINDOW_MS + 1);
    const times = sends.map((s) => s.at);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(WINDOW_MS);
    }
    expect(sends.at(-1)?.messages).toEqual([liked(postId, 200)]);
  });

  it('sends the newest of a batch that arrives out of order, and nothing older afterwards', () => {
    const { coalescer, versions } = recorder();
    coalescer.add([liked(postId, 3), liked(postId, 5), liked(postId, 4)]);
    vi.advanceTimersByTime(WINDOW_MS);
    coalescer.add([liked(postId, 4)]);
    vi.advanceTimersByTime(WINDOW_MS * 3);
    expect(versions()).toEqual(['post:updated 5']);
  });

  it('given a batch redelivered after its counts were sent, sends nothing from it again', () => {
    const { coalescer, versions } = recorder();
    const batch = [liked(postId, 1), liked(postId, 2), liked(postId, 3)];
    coalescer.add(batch);
    vi.advanceTimersByTime(WINDOW_MS * 2);
    coalescer.add(batch);
    vi.advanceTimersByTime(WINDOW_MS * 2);
    coalescer.add([...batch, liked(postId, 4)]);
    vi.advanceTimersByTime(WINDOW_MS * 2);
    expect(versions()).toEqual(['post:updated 3', 'post:updated 4']);
  });

  it('keeps rooms apart: a busy post does not hold back another', () => {
    const other = randomUUID();
    const { coalescer, sends } = recorder();
    coalescer.add([liked(postId, 1)]);
    coalescer.add([liked(postId, 2)]);
    coalescer.add([liked(other, 7)]);
    expect(sends.map((s) => s.messages)).toEqual([[liked(postId, 1)], [liked(other, 7)]]);
  });

  it('keeps like and comment counts apart, and sends a window’s comment changes in stream order', () => {
    const { coalescer, versions } = recorder();
    coalescer.add([liked(postId, 1)]);
    coalescer.add([
      comment('post:comment-added', postId, 2, 1),
      comment('post:comment-added', postId, 3, 2),
      liked(postId, 5),
      comment('post:comment-removed', postId, 4, 1),
      comment('post:comment-added', postId, 6, 2),
    ]);
    vi.advanceTimersByTime(WINDOW_MS);
    // The removal (v4) sets the count down before the newest addition (v6) raises it again.
    expect(versions()).toEqual([
      'post:updated 1',
      'post:comment-removed 4',
      'post:updated 5',
      'post:comment-added 6',
    ]);
  });

  it('never coalesces or drops pushes to a person’s room', () => {
    const userId = randomUUID();
    const { coalescer, sends } = recorder();
    const messages = [requested(userId), requested(userId), requested(userId)];
    coalescer.add(messages);
    coalescer.add(messages.slice(0, 1));
    expect(sends.map((s) => s.messages)).toEqual([messages, messages.slice(0, 1)]);
  });

  it('sends the counts a room had waiting before a push that is not a count (a removed post)', () => {
    const { coalescer, sends, versions } = recorder();
    const removed: SocketMessage = {
      room: rooms.post(postId),
      event: 'post:removed',
      payload: { postId, consistencyToken: `${postId}@9` },
    };
    coalescer.add([liked(postId, 1)]);
    coalescer.add([liked(postId, 8), removed]);
    expect(versions()).toEqual(['post:updated 1', 'post:updated 8', 'post:removed 9']);
    vi.advanceTimersByTime(WINDOW_MS * 2);
    expect(sends).toHaveLength(2);
  });

  it('drops its own older count once another gateway delivered a newer one here', () => {
    const { coalescer, versions } = recorder();
    coalescer.add([liked(postId, 1)]);
    coalescer.add([liked(postId, 8)]);
    expect(coalescer.admit(liked(postId, 10))).toBe(true);
    expect(coalescer.admit(liked(postId, 9))).toBe(false);
    expect(coalescer.admit(requested(randomUUID()))).toBe(true);
    vi.advanceTimersByTime(WINDOW_MS);
    expect(versions()).toEqual(['post:updated 1']);
  });

  it('sends what is waiting when it closes', () => {
    const { coalescer, versions } = recorder();
    coalescer.add([liked(postId, 1)]);
    coalescer.add([liked(postId, 2)]);
    coalescer.close();
    vi.advanceTimersByTime(WINDOW_MS * 2);
    expect(versions()).toEqual(['post:updated 1', 'post:updated 2']);
  });
});
