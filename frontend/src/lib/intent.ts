import { useState } from 'react';

/** A new Idempotency-Key: 128 random bits, hex (crypto.randomUUID needs a secure context; this does not). */
export function newIntentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fingerprintOf(payload: unknown): string {
  return JSON.stringify(payload, (_name, value: unknown) =>
    value instanceof File ? { file: value.name, size: value.size, modified: value.lastModified } : value,
  );
}

interface Try {
  fingerprint: string;
  key: string;
  running: boolean;
}

/**
 * What a person means by a click or a submit, each under a name (a form has one; a list of cards has
 * one per card). One intent, one Idempotency-Key:
 * - `begin` while a try of the same name is running answers null: a double click sends once;
 * - a try that failed leaves its key, and sending the same again (Try again, or the same text
 *   submitted again) reuses it, so if the first did reach the server (its answer was lost), the server
 *   answers what it did then instead of doing it twice;
 * - a try that succeeded, or a changed payload, starts a new intent with a new key.
 * The state is plain (no render): a second click in the same frame as the first already finds it.
 */
export class Intents {
  private readonly tries = new Map<string, Try>();

  /** The key of a new try of `name` with `payload`, or null while one is running. */
  begin(name: string, payload: unknown = null): string | null {
    const fingerprint = fingerprintOf(payload);
    const last = this.tries.get(name);
    if (last?.running) return null;
    const key = last && last.fingerprint === fingerprint ? last.key : newIntentKey();
    this.tries.set(name, { fingerprint, key, running: true });
    return key;
  }

  /** The try of `name` ended: after a success the next one is a new intent. */
  end(name: string, succeeded: boolean): void {
    const last = this.tries.get(name);
    if (!last) return;
    if (succeeded) this.tries.delete(name);
    else last.running = false;
  }

  isRunning(name: string): boolean {
    return this.tries.get(name)?.running ?? false;
  }
}

/** The intents of one component (a form, a screen's list of cards), kept for its lifetime. */
export function useIntents(): Intents {
  const [intents] = useState(() => new Intents());
  return intents;
}
