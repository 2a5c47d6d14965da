import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4 keeps every broker connection's request queue polling itself once a millisecond, for
 * ever: after each answer it schedules a check of its pending requests at `throttledUntil - now`, which
 * without throttling is a large negative number (Node turns it into 1 ms and, from Node 24 on, prints a
 * TimeoutNegativeWarning), and each check schedules the next. An idle process with two connections
 * spends about 3% of a core on it, and every service holds several (tulios/kafkajs#1704, #1751, not
 * released upstream).
 *
 * The queue needs a timer only when requests wait: while the broker throttles us (until then), or when
 * too many are in flight (then soon, as kafkajs does; an answer also checks the queue). Nothing waits,
 * nothing is scheduled. This replaces the one method on kafkajs's own class, so every client made
 * anywhere in the process gets it.
 */
export const PENDING_CHECK_INTERVAL_MS = 10;

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

const require = createRequire(import.meta.url);
const RequestQueueClass = require('kafkajs/src/network/requestQueue/index.js') as {
  prototype: RequestQueue;
};

RequestQueueClass.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(
  this: RequestQueue,
) {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const throttledFor = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    throttledFor > 0 ? throttledFor : PENDING_CHECK_INTERVAL_MS,
  );
};

export const kafkajsRequestQueue = RequestQueueClass;
