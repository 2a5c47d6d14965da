import { formatConsistencyToken, parseConsistencyTokens } from '@careers/contracts/consistency';

/** What is kept per stream: the newest version, and its token exactly as the server issued it. */
interface KeptToken {
  version: number;
  text: string;
}

/** Enough for any burst of writes a person makes between two reads. */
const maxStreams = 32;
const STORAGE_KEY = 'consistency-tokens';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Read-your-writes on the client: remembers the consistency tokens that command replies (and socket
 * pushes) carry, and hands them to the next reads. A token is dropped once a read that carried it
 * has succeeded, because by then the query-service has applied that version (or waited its bound).
 */
export class ConsistencyTokens {
  readonly #versions = new Map<string, KeptToken>();
  readonly #storage: TokenStorage | undefined;

  /**
   * With `storage` (the tab's sessionStorage), the tokens survive a reload: a page reloaded right
   * after a write still waits for it.
   */
  constructor(storage?: TokenStorage) {
    this.#storage = storage;
    try {
      this.remember(storage?.getItem(STORAGE_KEY));
    } catch {
      // Storage may be unavailable (privacy modes); tokens then live in memory only.
    }
  }

  #save(): void {
    try {
      const header = ConsistencyTokens.header(this.#versions);
      if (header) this.#storage?.setItem(STORAGE_KEY, header);
      else this.#storage?.removeItem(STORAGE_KEY);
    } catch {
      // As above: memory only.
    }
  }

  /**
   * Accepts a raw header value: one token or a comma-separated list. Malformed values are ignored. A
   * token is kept whole: its signature ties it to this user, and the query-service waits for nothing
   * else.
   */
  remember(header: string | null | undefined): void {
    for (const token of parseConsistencyTokens(header) ?? []) {
      const known = this.#versions.get(token.streamId)?.version ?? 0;
      if (token.streamVersion <= known) continue;
      this.#versions.delete(token.streamId);
      this.#versions.set(token.streamId, {
        version: token.streamVersion,
        text: formatConsistencyToken(token),
      });
    }
    while (this.#versions.size > maxStreams) {
      const oldest = this.#versions.keys().next().value;
      if (oldest === undefined) break;
      this.#versions.delete(oldest);
    }
    this.#save();
  }

  /** What a read sends now; pass it back to `settled` when that read succeeds. */
  pending(): ReadonlyMap<string, KeptToken> {
    return new Map(this.#versions);
  }

  /** The header value for `pending()`, or undefined when there is nothing to wait for. */
  static header(tokens: ReadonlyMap<string, KeptToken>): string | undefined {
    if (tokens.size === 0) return undefined;
    return [...tokens.values()].map((token) => token.text).join(',');
  }

  /** Forgets the tokens a successful read carried, unless a newer write to that stream came since. */
  settled(sent: ReadonlyMap<string, KeptToken>): void {
    for (const [streamId, token] of sent) {
      if (this.#versions.get(streamId)?.version === token.version) this.#versions.delete(streamId);
    }
    this.#save();
  }
}
