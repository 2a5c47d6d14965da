import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The read models' boundaries, read from the source: each folder under `projectors/` is a read model;
 * the tables a model writes (INSERT, UPDATE, DELETE, TRUNCATE, COPY) are its own, and nothing outside
 * it imports its modules or names its tables. `crossings` lists every place where that does not hold,
 * as `from -> to: what` lines, and there must be none: what a model needs of another aggregate it keeps
 * from the events, and a route asks the owner's queries.
 */

const SRC = join(import.meta.dirname, '..');
const PROJECTORS = join(SRC, 'projectors');

/** Tests and their support (`testing.ts`, `search-testing.ts`, ...) are not the models' source. */
const isSource = (name: string) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('testing.ts');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return isSource(entry.name) ? [path] : [];
  });
}

/** The read models: the folders under projectors/. */
function readModels(): string[] {
  return readdirSync(PROJECTORS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Which model a source file belongs to, or where else it sits (`projectors`, `routes`, `service`). */
function placeOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  if (parts[0] === 'projectors' && parts.length > 2) return parts[1] as string;
  if (parts[0] === 'projectors') return 'projectors';
  return parts.length > 1 ? (parts[0] as string) : 'service';
}

const TABLE = String.raw`\$\{[A-Za-z_.]+\}\.([a-z_]+)`;
const WRITES = new RegExp(String.raw`(?:INSERT INTO|UPDATE|DELETE FROM|TRUNCATE|COPY)\s+${TABLE}`, 'g');
const NAMES = new RegExp(TABLE, 'g');
const TRUNCATED_LIST = new RegExp(String.raw`TRUNCATE\s+((?:${TABLE}\s*,\s*)+${TABLE})`, 'g');
const IMPORTS = /(?:from|import|import\() *'(\.{1,2}\/[^']+)'/g;
/** A table of people cards a model keeps through the shared kit (people-cards.ts) is that model's. */
const CARDS = /peopleCards\(\s*'([a-z_]+)'/g;

/**
 * The runner's own tables (checkpoints, dead letters) and the erasure ledger (erasure.ts, written by
 * the runner's first part for every AccountDeleted), shared by every model by design.
 */
const RUNNER_TABLES = new Set([
  'stream_checkpoints',
  'dead_letters',
  'replay_state',
  'schema_migrations',
  'deleted_accounts',
]);

/** Table -> the models that write it. */
function tableWriters(): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  const add = (table: string, model: string) => {
    if (RUNNER_TABLES.has(table)) return;
    writers.set(table, (writers.get(table) ?? new Set()).add(model));
  };
  for (const model of readModels()) {
    for (const file of filesUnder(join(PROJECTORS, model))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(WRITES)) add(match[1] as string, model);
      for (const match of text.matchAll(CARDS)) add(match[1] as string, model);
      for (const match of text.matchAll(TRUNCATED_LIST)) {
        for (const name of (match[1] as string).matchAll(NAMES)) add(name[1] as string, model);
      }
    }
  }
  return writers;
}

/**
 * Every crossing of a boundary in the query-service's source: a model importing another model's
 * module, and a file naming a table that another model writes (routes included: they should ask the
 * owner's queries). Sorted, one line each.
 */
function crossings(): string[] {
  const writers = tableWriters();
  const owner = (table: string) => [...(writers.get(table) ?? [])].sort().join('+');
  const found = new Set<string>();
  for (const [table, models] of writers) {
    if (models.size > 1) found.add(`${[...models].sort().join(' and ')} both write ${table}`);
  }
  for (const file of filesUnder(SRC)) {
    const place = placeOf(file);
    const text = readFileSync(file, 'utf8');
    const at = relative(SRC, file);
    for (const match of text.matchAll(NAMES)) {
      const table = match[1] as string;
      if (!writers.has(table)) continue;
      if (!writers.get(table)?.has(place)) found.add(`${at} -> ${owner(table)}: table ${table}`);
    }
    if (!readModels().includes(place)) continue;
    for (const match of text.matchAll(IMPORTS)) {
      const target = relative(SRC, join(file, '..', match[1] as string)).split('/');
      if (target[0] !== 'projectors' || target.length < 3) continue;
      if (target[1] !== place) found.add(`${at} -> ${target[1]}: imports ${target.slice(2).join('/')}`);
    }
  }
  return [...found].sort();
}

describe('read model boundaries', () => {
  it('finds the models and who writes which table', () => {
    expect(readModels()).toEqual(
      expect.arrayContaining(['connections', 'jobs', 'notifications', 'posts', 'users']),
    );
    expect([...(tableWriters().get('posts') ?? [])]).toEqual(['posts']);
    expect([...(tableWriters().get('notifications') ?? [])]).toEqual(['notifications']);
    expect([...(tableWriters().get('post_people') ?? [])]).toEqual(['posts']);
  });

  it('finds no model reaching into another', () => {
    expect(crossings()).toEqual([]);
  });

  it('defines every model with defineProjector, whose apply takes only the types it handles', () => {
    const loose = readModels().filter(
      (model) => !readFileSync(join(PROJECTORS, model, 'project.ts'), 'utf8').includes('= defineProjector({'),
    );
    expect(loose).toEqual([]);
  });
});
