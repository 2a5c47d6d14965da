/**
 * What projectors keep in memory for the length of one rebuild (ProjectorRunner.replay), beside the
 * read models it fills from empty: a copy of rows a projector alone writes, so it can tell what they
 * hold without asking Postgres for each one. A projector makes its entry the first time it asks
 * (empty, as its tables are when the rebuild starts) and changes it with every write to those rows,
 * in the transaction that writes them.
 *
 * A transaction that did not commit may have changed an entry for rows it never wrote, so the runner
 * forgets everything once one fails (`forget`): from then on `get` answers undefined and the
 * projectors ask Postgres, as they do live, where nothing is kept.
 */
export class ReplayMemory {
  private kept: Map<string, unknown> | null = new Map();

  /** The entry under `key`, made by `make` the first time; undefined once forgotten. */
  get<T>(key: string, make: () => T): T | undefined {
    if (this.kept === null) return undefined;
    if (!this.kept.has(key)) this.kept.set(key, make());
    return this.kept.get(key) as T;
  }

  /** Drops every entry for good (a transaction rolled back). */
  forget(): void {
    this.kept = null;
  }

  /** Whether entries are still kept (false once forgotten). */
  get trusted(): boolean {
    return this.kept !== null;
  }
}
