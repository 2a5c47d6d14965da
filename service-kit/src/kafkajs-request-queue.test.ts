import { afterEach, describe, expect, it, vi } from 'vitest';
import { kafkajsRequestQueue, PENDING_CHECK_INTERVAL_MS } from './kafkajs-request-queue.ts';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

interface Queue {
  pending: unknown[];
  inflight: Map<number, unknown>;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  maybeThrottle(ms: number): void;
  push(request: unknown): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  destroy(): void;
}

const makeQueue = (maxInFlightRequests: number | null = null): Queue => {
  const Class = kafkajsRequestQueue as unknown as new (options: object) => Queue;
  return new Class({
    maxInFlightRequests,
    requestTimeout: 30_000,
    clientId: 'test',
    broker: 'b:1',
    logger: silent,
  });
};

/** A request as a connection pushes it; `sent` counts the times the queue put it on the wire. */
const request = (correlationId: number) => {
  const sent = { count: 0 };
  return {
    sent,
    pushed: {
      entry: { correlationId, apiKey: 0, apiName: 'Produce', apiVersion: 0, resolve() {}, reject() {} },
      expectResponse: true,
      sendRequest: () => sent.count++,
    },
  };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the request queue of every kafkajs connection', () => {
  it('schedules nothing while nothing waits, also after answers', () => {
    vi.useFakeTimers();
    const queue = makeQueue();
    const { pushed, sent } = request(1);
    queue.push(pushed);
    expect(sent.count).toBe(1);
    queue.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(queue.throttleCheckTimeoutId).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('sends what waited for a throttle once the throttle ends, and then stops', () => {
    vi.useFakeTimers();
    const queue = makeQueue();
    queue.maybeThrottle(200);
    const { pushed, sent } = request(1);
    queue.push(pushed);
    expect(sent.count).toBe(0);
    vi.advanceTimersByTime(199);
    expect(sent.count).toBe(0);
    vi.advanceTimersByTime(1);
    expect(sent.count).toBe(1);
    expect(queue.pending).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('sends what waited for a free in-flight slot, at the latest one check interval after it frees', () => {
    vi.useFakeTimers();
    const queue = makeQueue(1);
    const first = request(1);
    const second = request(2);
    queue.push(first.pushed);
    queue.push(second.pushed);
    expect([first.sent.count, second.sent.count]).toEqual([1, 0]);
    // The answer frees the slot and sends the next at once.
    queue.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(second.sent.count).toBe(1);
    // A slot freed some other way (a timed-out request) is found by the scheduled check.
    const third = request(3);
    queue.push(third.pushed);
    expect(third.sent.count).toBe(0);
    queue.inflight.clear();
    vi.advanceTimersByTime(PENDING_CHECK_INTERVAL_MS);
    expect(third.sent.count).toBe(1);
    queue.destroy();
  });
});
