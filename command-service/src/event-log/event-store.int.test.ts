import {
  createPool,
  ident,
  migrateVault,
  PersonalDataVault,
  type Pool,
  SubjectErasedError,
} from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateCommandSchema } from '../migrate.ts';
import { ConcurrencyError, EventStore } from './event-store.ts';
import { newId, postCreated, postLiked } from './testing.ts';

const ns = testNamespace('event-store');
const schema = ns.commandEnv.DB_SCHEMA as string;
const vaultSchema = ns.commandEnv.VAULT_SCHEMA as string;
const vault = new PersonalDataVault('event-store-test-secret-of-32-chars!', vaultSchema);
let pool: Pool;
let store: EventStore;

beforeAll(async () => {
  pool = createPool(
    ns.commandEnv.DATABASE_URL ?? 'postgres://careers:careers@127.0.0.1:5432/careers',
    6,
    'test',
  );
  await migrateCommandSchema(pool, schema);
  await migrateVault(pool, vaultSchema);
  store = new EventStore({
    pool,
    schema,
    vault,
  });
});
afterAll(async () => {
  await pool.end();
  await ns.cleanup();
});

const rowsOf = async (streamId: string) =>
  (
    await pool.query<{ stream_version: number; type: string }>(
      `SELECT stream_version, type FROM ${ident(schema)}.event_log WHERE stream_id = $1 ORDER BY stream_version`,
      [streamId],
    )
  ).rows;

/** A post's first event, appended in a command of its own. */
const createPost = (on: EventStore, postId: string, author: string) =>
  on.execute({ actorId: author }, (tx) =>
    tx.append({
      streamType: 'post',
      streamId: postId,
      expectedVersion: 0,
      events: [postCreated(postId, author)],
    }),
  );

describe('event store', () => {
  it('appends events with consecutive stream versions and returns their envelopes', async () => {
    const postId = newId();
    const author = newId();
    const { events } = await store.execute({ actorId: author }, async (tx) =>
      tx.append({
        streamType: 'post',
        streamId: postId,
        expectedVersion: 0,
        events: [postCreated(postId, author), postLiked(postId, author, 1)],
      }),
    );
    expect(events.map((e) => [e.type, e.streamVersion])).toEqual([
      ['PostCreated', 1],
      ['PostLiked', 2],
    ]);
    expect(events[0]?.actorId).toBe(author);
    expect(events[0]?.position).toBeLessThan(events[1]?.position ?? 0);
    expect(await rowsOf(postId)).toHaveLength(2);
  });

  it('stores personal fields sealed with their subject key, and hands the caller its plain data', async () => {
    const postId = newId();
    const author = newId();
    const { events } = await store.execute({ actorId: author }, async (tx) =>
      tx.append({
        streamType: 'post',
        streamId: postId,
        expectedVersion: 0,
        events: [postCreated(postId, author, 'My secret launch plans')],
      }),
    );
    expect(events[0]?.data).toMatchObject({ content: 'My secret launch plans' });
    const { rows } = await pool.query<{ data: Record<string, unknown>; schema_version: number }>(
      `SELECT data, schema_version FROM ${ident(schema)}.event_log WHERE stream_id = $1`,
      [postId],
    );
    expect(rows[0]?.schema_version).toBe(4);
    expect(rows[0]?.data.content).toMatch(/^pii1\./);
    // What a person tags a post with is theirs too (version 3), and so are the pictures' alt texts (4).
    expect(rows[0]?.data.tags).toMatch(/^pii1\./);
    expect(rows[0]?.data.images).toMatch(/^pii1\./);
    expect(JSON.stringify(rows[0]?.data)).not.toContain('secret');
    expect(JSON.stringify(rows[0]?.data)).not.toContain('hiring');
    // Not personal: stays readable for every consumer.
    expect(rows[0]?.data.authorId).toBe(author);
    expect(rows[0]?.data.visibility).toBe('public');
  });

  it('refuses to seal anything for a person whose key was destroyed, and writes nothing', async () => {
    const postId = newId();
    const author = newId();
    await vault.destroy(pool, author);
    await expect(
      store.execute({ actorId: author }, async (tx) =>
        tx.append({
          streamType: 'post',
          streamId: postId,
          expectedVersion: 0,
          events: [postCreated(postId, author)],
        }),
      ),
    ).rejects.toBeInstanceOf(SubjectErasedError);
    expect(await rowsOf(postId)).toHaveLength(0);
  });

  it('lets only one of two writers that read the same version commit (optimistic concurrency)', async () => {
    const postId = newId();
    const author = newId();
    await createPost(store, postId, author);
    let arrived = 0;
    let release: () => void = () => {};
    const bothRead = new Promise<void>((resolve) => {
      release = resolve;
    });
    const likeOnce = (userId: string) =>
      store.execute(
        { actorId: userId },
        async (tx) => {
          const version = await tx.streamVersion(postId);
          if (++arrived === 2) release();
          await bothRead;
          return tx.append({
            streamType: 'post',
            streamId: postId,
            expectedVersion: version,
            events: [postLiked(postId, userId, 1)],
          });
        },
        1,
      );
    const results = await Promise.allSettled([likeOnce(newId()), likeOnce(newId())]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(await rowsOf(postId)).toHaveLength(2);
  });

  it('retries a conflicting command on fresh state when attempts remain', async () => {
    const postId = newId();
    const author = newId();
    await createPost(store, postId, author);
    // As many racers as a command has attempts (3): each round of appends lets at least one through,
    // so every racer gets in, whatever the timing. (Five racers that all meet in every round would
    // leave two without an attempt, the 409 a person then sees.) Their first attempts all read the
    // stream before any of them appends, so the first round always conflicts.
    const racers = 3;
    let firstReads = 0;
    let allRead: () => void = () => {};
    const readTogether = new Promise<void>((resolve) => {
      allRead = resolve;
    });
    let attempts = 0;
    const like = (userId: string) => {
      let mine = 0;
      return store.execute({ actorId: userId }, async (tx) => {
        mine++;
        attempts++;
        const version = await tx.streamVersion(postId);
        if (mine === 1) {
          if (++firstReads === racers) allRead();
          await readTogether;
        }
        return tx.append({
          streamType: 'post',
          streamId: postId,
          expectedVersion: version,
          events: [postLiked(postId, userId, version)],
        });
      });
    };
    await Promise.all(Array.from({ length: racers }, () => like(newId())));
    expect((await rowsOf(postId)).map((r) => r.stream_version)).toEqual([1, 2, 3, 4]);
    // Two of the three lost the first round and tried again.
    expect(attempts).toBeGreaterThanOrEqual(racers + 2);
  });

  it('rejects an event whose data breaks its schema, and writes nothing', async () => {
    const postId = newId();
    const bad = { type: 'PostCreated', data: { postId, content: 'no author' } } as never;
    await expect(
      store.execute({ actorId: null }, (tx) =>
        tx.append({ streamType: 'post', streamId: postId, expectedVersion: 0, events: [bad] }),
      ),
    ).rejects.toThrow();
    expect(await rowsOf(postId)).toHaveLength(0);
  });

  it('refuses to change or delete logged events', async () => {
    const postId = newId();
    await store.execute({ actorId: null }, (tx) =>
      tx.append({
        streamType: 'post',
        streamId: postId,
        expectedVersion: 0,
        events: [postCreated(postId, newId())],
      }),
    );
    const table = `${ident(schema)}.event_log`;
    await expect(
      pool.query(`UPDATE ${table} SET data = '{}' WHERE stream_id = $1`, [postId]),
    ).rejects.toThrow(/immutable/);
    await expect(pool.query(`DELETE FROM ${table} WHERE stream_id = $1`, [postId])).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('event store on a pipelining pool, the last append committing as it goes', () => {
  let onePool: Pool;
  let oneStore: EventStore;
  beforeAll(() => {
    // One connection: whatever a command leaves open on it, the next command meets.
    onePool = createPool(
      ns.commandEnv.DATABASE_URL ?? 'postgres://careers:careers@127.0.0.1:5432/careers',
      1,
      'test',
      { pipeline: true },
    );
    oneStore = new EventStore({ pool: onePool, schema, vault });
  });
  afterAll(async () => {
    await onePool.end();
  });

  const postRow = async (postId: string) =>
    (await pool.query(`SELECT version FROM ${ident(schema)}.posts WHERE id = $1`, [postId])).rows;
  /** The post's row written in the append's statement. */
  const savePost = (postId: string, author: string, version: number) => ({
    name: `test-post-${version}`,
    ctes: `saved AS (INSERT INTO ${ident(schema)}.posts (id, author_id, visibility, version)
      VALUES ($1, $2, 'public', $3) ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version)`,
    values: [postId, author, version],
  });

  it('commits the events and the write along with them, and the connection is free after', async () => {
    const postId = newId();
    const author = newId();
    const { result } = await oneStore.execute({ actorId: author }, async (tx) => {
      await tx.append(
        { streamType: 'post', streamId: postId, expectedVersion: 0, events: [postCreated(postId, author)] },
        savePost(postId, author, 1),
        { commit: true },
      );
      return tx.committed;
    });
    expect(result).toBe(true);
    expect(await rowsOf(postId)).toHaveLength(1);
    expect(await postRow(postId)).toEqual([{ version: 1 }]);
    // No transaction left open on the one connection: a statement's clock is its own, not an old BEGIN's.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { rows } = await onePool.query<{ own: boolean }>('SELECT now() = statement_timestamp() AS own');
    expect(rows[0]?.own).toBe(true);
  });

  it('rolls back everything of an append that conflicts, and the retry on the same connection commits', async () => {
    const postId = newId();
    const author = newId();
    await createPost(oneStore, postId, author);
    const liker = newId();
    let attempts = 0;
    const { events } = await oneStore.execute({ actorId: liker }, async (tx) => {
      attempts++;
      // The first attempt decides on a stale version (0): its append conflicts with the post's first event.
      const version = attempts === 1 ? 0 : await tx.streamVersion(postId);
      return tx.append(
        {
          streamType: 'post',
          streamId: postId,
          expectedVersion: version,
          events: [postLiked(postId, liker, 1)],
        },
        savePost(postId, author, version + 1),
        { commit: true },
      );
    });
    expect(attempts).toBe(2);
    expect(events.map((e) => e.streamVersion)).toEqual([2]);
    expect((await rowsOf(postId)).map((r) => r.type)).toEqual(['PostCreated', 'PostLiked']);
    // The conflicting attempt's write (version 1) was rolled back with it; the retry's is there.
    expect(await postRow(postId)).toEqual([{ version: 2 }]);
  });

  it('answers a conflict it may not retry with ConcurrencyError and leaves nothing of it', async () => {
    const postId = newId();
    const author = newId();
    await createPost(oneStore, postId, author);
    await expect(
      oneStore.execute(
        { actorId: author },
        (tx) =>
          tx.append(
            {
              streamType: 'post',
              streamId: postId,
              expectedVersion: 0,
              events: [postCreated(postId, author)],
            },
            savePost(postId, author, 1),
            { commit: true },
          ),
        1,
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await postRow(postId)).toEqual([]);
    const { rows } = await onePool.query<{ own: boolean }>('SELECT now() = statement_timestamp() AS own');
    expect(rows[0]?.own).toBe(true);
  });
});
