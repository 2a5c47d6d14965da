import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import type { seeded } from './batch-history.ts';
import type { testMessages } from './testing.ts';

/**
 * Conversations for the batch histories (`batch-history.ts`, `batch-network-history.ts`,
 * `batch-job-history.ts`): one stream per pair, as the write side makes it, step by step.
 */

type Random = ReturnType<typeof seeded>;
type MakeEvent = ReturnType<typeof testMessages>['event'];

/**
 * One conversation of two people (participantIds the lower id first, as the write side orders them):
 * started by either (naming a job when an application links them), then messages both ways, and now and
 * then one of them reading up to one of the other's messages not yet read (not always the latest, so a
 * read mark may leave some unread). A step that may not send (`send: false`: a block, no link, an
 * account gone) can only read, as the write side lets a participant read whatever happens.
 */
export class Thread {
  readonly conversationId = randomUUID();
  readonly participantIds: [string, string];
  readonly #job: { jobId: string; title: string } | null;
  readonly #sent: { messageId: string; senderId: string; version: number }[] = [];
  readonly #readUpTo = new Map<string, number>();
  #version = 0;

  constructor(a: string, b: string, job: { jobId: string; title: string } | null = null) {
    this.participantIds = a < b ? [a, b] : [b, a];
    this.#job = job;
  }

  get started(): boolean {
    return this.#version > 0;
  }

  /** The next event, of `by` (or either), at `at`; undefined when it may not send and has nothing to read. */
  step(
    random: Random,
    event: MakeEvent,
    at: string,
    options: { by?: string; send?: boolean } = {},
  ): EventEnvelope | undefined {
    const { conversationId, participantIds } = this;
    const people = { conversationId, participantIds };
    const me = options.by ?? random.pick(participantIds);
    const send = options.send ?? true;
    if (!this.started) {
      if (!send) return undefined;
      return event('ConversationStarted', conversationId, ++this.#version, {
        ...people,
        startedBy: me,
        job: this.#job,
        startedAt: at,
      });
    }
    const unread = this.#sent.filter((m) => m.senderId !== me && m.version > (this.#readUpTo.get(me) ?? 0));
    if (unread.length > 0 && (!send || random.int(3) === 0)) {
      const upTo = random.pick(unread);
      this.#readUpTo.set(me, upTo.version);
      return event('MessagesRead', conversationId, ++this.#version, {
        ...people,
        readerId: me,
        upToMessageId: upTo.messageId,
        readAt: at,
      });
    }
    if (!send) return undefined;
    const messageId = randomUUID();
    const version = ++this.#version;
    this.#sent.push({ messageId, senderId: me, version });
    return event('MessageSent', conversationId, version, {
      ...people,
      messageId,
      senderId: me,
      text: `Message ${version} of ${conversationId.slice(0, 8)}`,
      sentAt: at,
    });
  }

  /** `count` steps (by either, sending), at `at(0)`, `at(1)`, ...: the whole stream at once. */
  steps(random: Random, event: MakeEvent, count: number, at: (n: number) => string): EventEnvelope[] {
    return Array.from({ length: count }, (_, n) => this.step(random, event, at(n))).filter(
      (e): e is EventEnvelope => e !== undefined,
    );
  }
}

/** A pair's key, whichever way round: `a b`, the lower id first. */
export const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);
