import type { Logger } from '@careers/service-kit';
import pg from 'pg';

/** The channel the projector's batches NOTIFY on, with the read schema as the payload. */
export const CHECKPOINT_CHANNEL = 'careers_checkpoints';

/** A listener's connection lost is tried again after this long, doubling up to the cap. */
const RETRY_MS = 100;
const RETRY_CAP_MS = 5000;

interface SignalOptions {
  databaseUrl: string;
  /** The read schema whose batches it listens for. */
  schema: string;
  log: Logger;
  /** The connection's application_name. */
  name?: string;
}

/**
 * Tells the query-service's waiting reads that the projector committed a batch. Each batch transaction
 * NOTIFYs CHECKPOINT_CHANNEL with its read schema (runner-checkpoints.ts), which Postgres delivers at
 * the commit and never for a batch rolled back; this listens on one connection of its own. A read that
 * waits on a consistency token (consistency.ts) reads the checkpoints again as soon as a batch commits,
 * instead of at its next poll. While the connection is not up (starting, or lost and being made again)
 * the waits poll as before, and every wait is woken when it goes, so none sleeps on a signal that
 * cannot come.
 */
export class CheckpointSignal {
  private readonly options: SignalOptions;
  private client: pg.Client | null = null;
  /** The connection being made, before it listens. */
  private connecting: pg.Client | null = null;
  private woken = Promise.withResolvers<void>();
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Whether a NOTIFY would reach this process now. */
  listening = false;

  constructor(options: SignalOptions) {
    this.options = options;
  }

  start(): void {
    void this.connect();
  }

  /**
   * Resolves when the next batch of this schema commits (or the listening stops). Take it before
   * reading the checkpoints, so that a batch committed between the read and the wait is not missed.
   */
  next(): Promise<void> {
    return this.woken.promise;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    this.wake();
    await client?.end().catch(() => {});
  }

  private wake(): void {
    this.woken.resolve();
    this.woken = Promise.withResolvers<void>();
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: this.options.name ?? 'query-service-checkpoints',
    });
    client.on('notification', (message) => {
      if (message.channel === CHECKPOINT_CHANNEL && message.payload === this.options.schema) this.wake();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    this.connecting = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      if (this.stopped) {
        this.connecting = null;
        await client.end().catch(() => {});
        return;
      }
      this.connecting = null;
      this.client = client;
      this.listening = true;
      this.failures = 0;
      // Batches committed while nobody listened: the waits read the checkpoints again.
      this.wake();
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** Once per connection (its `error` and `end` both come here): a connection long replaced is ignored. */
  private lost(client: pg.Client, error?: unknown): void {
    if (client !== this.client && client !== this.connecting) return;
    const wasListening = this.listening;
    this.client = null;
    this.connecting = null;
    this.listening = false;
    this.wake();
    void client.end().catch(() => {});
    if (this.stopped || this.retry) return;
    const delay = Math.min(RETRY_CAP_MS, RETRY_MS * 2 ** this.failures++);
    if (wasListening || this.failures === 1) {
      this.options.log.warn(
        { err: error instanceof Error ? error.message : undefined, retryInMs: delay },
        'checkpoint signal: connection lost; reads waiting on a token poll until it is back',
      );
    }
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }
}
