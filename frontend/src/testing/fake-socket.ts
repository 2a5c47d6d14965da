import { act } from '@testing-library/react';

type Listener = (...args: unknown[]) => void;

/** Runs `change` and lets the query cache notify React (it does so on the next macrotask). */
async function settle(change: () => void): Promise<void> {
  await act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Resolves once `ready()` holds, or after `ms` (the caller's own check then says what is missing). */
async function until(ready: () => boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready() && Date.now() < deadline) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/**
 * Stands in for the socket.io connection in component tests (see setup.ts): records what the app
 * emits and lets a test push what the gateway would send.
 */
export class FakeSocket {
  connected = false;
  /** Everything the app emitted, in order. */
  readonly sent: Array<{ event: string; payload: unknown; ack?: (reply: unknown) => void }> = [];
  readonly #listeners = new Map<string, Set<Listener>>();

  connect(): this {
    if (!this.connected) {
      this.connected = true;
      this.#fire('connect');
    }
    return this;
  }

  disconnect(): this {
    if (this.connected) {
      this.connected = false;
      this.#fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  on(event: string, listener: Listener): this {
    const listeners = this.#listeners.get(event) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(event, listeners);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload: unknown, ack?: (reply: unknown) => void): this {
    this.sent.push({ event, payload, ack });
    return this;
  }

  /**
   * Answers the last `event` the app emitted with an acknowledgement, as the gateway would. The app
   * emits from effects, which a busy machine may run a little after the screen shows: it waits for one.
   */
  async answerLast(event: string, reply: unknown): Promise<void> {
    const last = () => this.sent.filter((m) => m.event === event).at(-1);
    await until(() => last()?.ack !== undefined);
    const message = last();
    if (!message?.ack) throw new Error(`no ${event} waiting for an answer`);
    await act(async () => message.ack?.(reply));
  }

  /**
   * The gateway sends `event` to this socket; resolves once React has shown the outcome. Screens start
   * listening in effects, which a busy machine may run a little after the screen shows: it waits for a
   * listener first (a push nobody would hear is still sent, after that wait).
   */
  async push(event: string, payload: unknown): Promise<void> {
    await until(() => (this.#listeners.get(event)?.size ?? 0) > 0);
    await settle(() => this.#fire(event, payload));
  }

  /** The connection drops and comes back, as after a network blip. */
  async reconnect(): Promise<void> {
    await settle(() => {
      this.connected = false;
      this.#fire('disconnect', 'transport close');
      this.connected = true;
      this.#fire('connect');
    });
  }

  /** The post ids of each `event` the app emitted, in order. */
  postIdsSent(event: string): string[][] {
    return this.sent
      .filter((message) => message.event === event)
      .map((message) => (message.payload as { postIds: string[] }).postIds);
  }

  listenerCount(event: string): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  reset(): void {
    this.connected = false;
    this.sent.length = 0;
    this.#listeners.clear();
  }

  #fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(...args);
  }
}

export const fakeSocket = new FakeSocket();
