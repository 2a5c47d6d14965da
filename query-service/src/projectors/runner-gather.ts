import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { Logger } from '@careers/service-kit';
import type { ConsumerHandle } from '@careers/service-kit/group-consumer';
import { describeError } from '@careers/service-kit/retry';
import { type BatchApplier, REPLAY_RETRY_CAP_MS, REPLAY_RETRY_MS } from './runner-batches.ts';
import { byTopic, commitOffsetsOf, type Decoded, type RawMessage } from './runner-messages.ts';

/**
 * The runner's gathering of partition batches into transactions: those handed over together go in
 * one, those that come meanwhile wait for the next, and a rebuild's batches are pipelined (see
 * `drain`). Offsets are committed after the commit that applied their messages.
 */
export class BatchGatherer {
  /** Partition batches waiting for the next transaction. */
  private readonly gathered: {
    messages: RawMessage[];
    /** Their events, read as soon as they came (while an earlier transaction is applied). */
    decoded: Promise<Decoded>;
    /** The consumer that fetched them, which commits their offsets once they are applied. */
    consumer: ConsumerHandle | null;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  /** The loop applying the gathered batches, while one runs. */
  private draining: Promise<void> | null = null;
  private stopping = false;
  /** The transaction of the projectors behind for the last batch applied, until it committed. */
  private behindWork: Promise<void> = Promise.resolve();

  private readonly applier: BatchApplier;
  private readonly decode: (messages: readonly RawMessage[]) => Promise<Decoded>;
  private readonly log: Logger;

  constructor(
    applier: BatchApplier,
    decode: (messages: readonly RawMessage[]) => Promise<Decoded>,
    log: Logger,
  ) {
    this.applier = applier;
    this.decode = decode;
    this.log = log;
  }

  /**
   * Stops the consumer (`stopConsumer`), then ends the batches in hand: a rebuild's were handed back to
   * the consumer before they were applied, and the transaction behind them.
   */
  async stop(stopConsumer: () => Promise<void>): Promise<void> {
    this.stopping = true;
    try {
      await stopConsumer();
      await this.draining;
      await this.behindWork;
    } finally {
      this.stopping = false;
    }
  }

  /** Applies `behind` (a rebuild's projectors behind) once the one before it committed. */
  async applyBehind(behind: DomainEvent[]): Promise<void> {
    await this.behindWork;
    await this.applier.applyBehind(behind, false);
  }

  /**
   * Applies the batches of every partition handed over together in one transaction: the batches that
   * reach this in the same turn of the event loop (one fetch's, as the consumer hands them over at once) are
   * applied as one, each partition's messages kept together and in order, and those that come while a
   * transaction is open wait for the next. A stream lives in one partition, so its order holds; the
   * order between partitions is any, as it is between topics read at their own paces. A failure
   * fails every batch of the transaction, and each is delivered again.
   */
  gather(messages: RawMessage[], consumer: ConsumerHandle | null): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const decoded = this.decode(messages);
      // Awaited when its transaction is applied; a failure fails that transaction, not this call.
      decoded.catch(() => {});
      this.gathered.push({ messages, decoded, consumer, resolve, reject });
      if (!this.draining) {
        this.draining = new Promise<void>((done) =>
          setImmediate(() => void this.drain().finally(() => done())),
        );
      }
    });
  }

  /**
   * Live, a batch's `eachBatch` ends once its transaction committed, and the consumer fetches the next ones
   * only then. In a rebuild it ends once its transaction has been begun, so the consumer fetches and this
   * process reads the next batches while Postgres applies these: their offsets are still committed
   * only after their commit, and a transaction that fails is tried again here with the same messages
   * (what a redelivery would bring) until it commits, so nothing after it is applied before it.
   */
  private async drain(): Promise<void> {
    while (this.gathered.length > 0) {
      const waiting = this.gathered.splice(0);
      // A topic's partitions next to each other, so its runs of batched types stay long.
      waiting.sort((a, b) => byTopic(a.messages, b.messages));
      const pipelined = this.applier.replaying;
      if (pipelined) for (const w of waiting) w.resolve();
      let applied = false;
      let behind: DomainEvent[] | null = null;
      for (let attempt = 0; !applied; attempt++) {
        try {
          const decoded = await Promise.all(waiting.map((w) => w.decoded));
          ({ behind } = await this.applier.applyDecoded({
            events: decoded.flatMap((d) => d.events),
            dead: decoded.flatMap((d) => d.dead),
          }));
          applied = true;
          if (!pipelined) for (const w of waiting) w.resolve();
        } catch (error) {
          if (!pipelined || this.stopping) {
            for (const w of waiting) w.reject(error);
            break;
          }
          const delay = Math.min(REPLAY_RETRY_MS * 2 ** attempt, REPLAY_RETRY_CAP_MS);
          this.log.warn(
            { err: describeError(error), retryInMs: delay },
            'replayed batch not applied; trying it again',
          );
          await new Promise((resolve) => setTimeout(resolve, delay));
          // Read again: what failed may have been reading them (the vault away).
          for (const w of waiting) {
            w.decoded = this.decode(w.messages);
            w.decoded.catch(() => {});
          }
        }
      }
      if (!applied && pipelined) {
        // Stopped with this transaction not applied: nothing after it may be, nor its offsets committed.
        for (const w of this.gathered.splice(0)) w.reject(new Error('projector runner stopped'));
        break;
      }
      // The offsets after the answer, so the consumer fetches the next batches meanwhile. A commit that
      // fails is logged: the next one covers it, and what a restart takes again is skipped as redelivered.
      if (applied) {
        const commitOffsets = () =>
          commitOffsetsOf(waiting).catch((error: unknown) =>
            this.log.warn({ err: describeError(error) }, 'projector offsets not committed'),
          );
        if (behind === null) await commitOffsets();
        else {
          // A rebuild's projectors behind: one transaction at a time, in the batches' order, each while
          // the next batch is applied; the offsets once it committed, so the group's lag says when a
          // rebuild has applied everything.
          await this.behindWork;
          const events = behind;
          this.behindWork = this.applier
            .applyBehind(events, true, () => this.stopping)
            .then((done) => (done ? commitOffsets() : undefined));
        }
      }
      // Batches that came meanwhile (a partition's next fetch, or one that came late) go next.
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.draining = null;
  }
}
