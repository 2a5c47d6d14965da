/**
 * Serialized responses kept in memory, each valid for one version of the read models it is made of.
 * The projector writes a new version to Redis with every batch that changes them (ReadModelVersion),
 * so an entry is served only while nothing it could depend on has changed; then it is simply never
 * matched again. Least recently used entries go first once the byte budget is spent.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: string; body: string }>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.drop(key);
      return undefined;
    }
    // Re-insert: Map order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: string): void {
    this.drop(key);
    const size = key.length + body.length;
    if (size > this.maxBytes) return;
    this.entries.set(key, { version, body });
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
    this.bytes -= key.length + entry.body.length;
    this.entries.delete(key);
  }
}
