/** The versions (values of Redis keys, null for a key not set) one cached response was made under. */
export interface EntryVersions {
  /** The version of everything the response may show (a ReadModelVersion's key). */
  version: string;
  /** Narrower keys, each for one part the response shows (a post), and their values, in order. */
  parts: readonly string[];
  partVersions: readonly (string | null)[];
}

/**
 * A serialized response. A Buffer is sent as it is, where a string is encoded again on every send (and
 * measured again for Content-Length): the routes store Buffers.
 */
export type CachedBody = string | Buffer;

interface Entry extends EntryVersions {
  body: CachedBody;
  size: number;
  /** When the entry stops being served whatever its versions (ms since the epoch), if ever. */
  expiresAt: number | undefined;
}

/**
 * Serialized responses kept in memory, each valid while the versions it was made under are unchanged.
 * The projector moves a version with every batch that changes what it stands for (ReadModelVersion for
 * a whole view, version-scopes.ts for single posts), so an entry is served only while nothing it could
 * depend on has changed; then it is simply never matched again. An entry stored with a lifetime is
 * also not served past it: for what depends on changes no version can be moved for cheaply. Least
 * recently used entries go first once the byte budget is spent.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The part keys the entry under `key` was made under, to read before `get`; none without an entry. */
  partsOf(key: string): readonly string[] {
    return this.entries.get(key)?.parts ?? [];
  }

  /**
   * The body under `key` if it was made under exactly these versions (`partVersions` read for the
   * keys `partsOf` gave, in that order); an entry that does not match is dropped.
   */
  get(key: string, version: string, partVersions: readonly (string | null)[]): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const expired = entry.expiresAt !== undefined && Date.now() >= entry.expiresAt;
    if (expired || !matches(entry, version, partVersions)) {
      this.drop(key);
      return undefined;
    }
    // Re-insert: Map order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /** Stores `body` under these versions, and for `maxAgeMs` at most when given. */
  set(key: string, versions: EntryVersions, body: CachedBody, maxAgeMs?: number): void {
    this.drop(key);
    if (versions.parts.length !== versions.partVersions.length) {
      throw new Error('a version is needed for each part');
    }
    let size = key.length + body.length + versions.version.length;
    for (const part of versions.parts) size += part.length;
    for (const partVersion of versions.partVersions) size += partVersion?.length ?? 0;
    if (size > this.maxBytes) return;
    this.entries.set(key, {
      version: versions.version,
      parts: [...versions.parts],
      partVersions: [...versions.partVersions],
      body,
      size,
      expiresAt: maxAgeMs === undefined ? undefined : Date.now() + maxAgeMs,
    });
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.size;
    this.entries.delete(key);
  }
}

function matches(entry: Entry, version: string, partVersions: readonly (string | null)[]): boolean {
  if (entry.version !== version || entry.partVersions.length !== partVersions.length) return false;
  return entry.partVersions.every((partVersion, i) => partVersion === partVersions[i]);
}
