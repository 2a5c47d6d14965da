import { randomUUID } from 'node:crypto';
import { createPool, loadConfig, queryServiceEnv } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { preparingStatements } from './prepared.ts';
import { projectorTestbed } from './testing.ts';

const ns = testNamespace('prepared');
const config = loadConfig(queryServiceEnv, ns.queryEnv);
const pool = createPool(config.DATABASE_URL, 1, 'prepared-test');

let bed: Awaited<ReturnType<typeof projectorTestbed>> | undefined;

afterAll(async () => {
  await pool.end();
  await bed?.close();
});

/** The statements prepared on the connection, by their text. */
async function preparedTexts(client: { query: typeof pool.query }): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements ORDER BY statement',
  );
  return rows.map((r) => r.statement);
}

describe('the projectors’ statements, prepared per connection', () => {
  it('prepares a statement with parameters once and runs it again by name; one without goes unnamed', async () => {
    const client = await pool.connect();
    try {
      const tx = preparingStatements(client);
      const text = 'SELECT $1::int + 1 AS n /* prepared test: once */';
      const first = await tx.query<{ n: number }>(text, [1]);
      const second = await tx.query<{ n: number }>(text, [41]);
      expect(first.rows[0]?.n).toBe(2);
      expect(second.rows[0]?.n).toBe(42);
      await tx.query('SELECT 1 /* prepared test: no parameters */');
      const texts = await preparedTexts(client);
      expect(texts.filter((t) => t === text)).toHaveLength(1);
      expect(texts.some((t) => t.includes('no parameters'))).toBe(false);
      // A fresh wrapper of the same connection knows the statement is there (one per connection).
      expect((await preparingStatements(client).query<{ n: number }>(text, [2])).rows[0]?.n).toBe(3);
      expect((await preparedTexts(client)).filter((t) => t === text)).toHaveLength(1);
      // The rest of the client is the client's.
      expect(tx.escapeLiteral("it's")).toBe("'it''s'");
    } finally {
      client.release();
    }
  });

  it('prepares no more than its cap on one connection; past it, statements still run, unnamed', async () => {
    const client = await pool.connect();
    try {
      const before = (await preparedTexts(client)).length;
      const tx = preparingStatements(client, before + 3);
      for (let i = 0; i < 6; i++) {
        const { rows } = await tx.query<{ n: number }>(
          `SELECT $1::int * ${i} AS n /* prepared test: cap */`,
          [2],
        );
        expect(rows[0]?.n).toBe(2 * i);
      }
      const capped = (await preparedTexts(client)).filter((t) => t.includes('prepared test: cap'));
      expect(capped).toHaveLength(3);
    } finally {
      client.release();
    }
  });

  it('fails a statement as Postgres fails it, and the transaction ends in a rollback', async () => {
    const client = await pool.connect();
    try {
      const tx = preparingStatements(client);
      await tx.query('BEGIN');
      await expect(tx.query('SELECT $1::int / 0 /* prepared test: fails */', [1])).rejects.toThrow(
        /division by zero/,
      );
      await expect(tx.query('SELECT $1::int /* prepared test: after */', [1])).rejects.toThrow(/aborted/);
      expect((await tx.query('COMMIT')).command).toBe('ROLLBACK');
      // Prepared before it failed, the statement runs again in the next transaction.
      await expect(tx.query('SELECT $1::int / 0 /* prepared test: fails */', [1])).rejects.toThrow(
        /division by zero/,
      );
      expect(
        (await tx.query<{ n: number }>('SELECT $1::int AS n /* prepared test: after */', [5])).rows[0]?.n,
      ).toBe(5);
    } finally {
      client.release();
    }
  });
});

describe('a live batch', () => {
  it("runs the projectors' statements prepared; a rebuild's batches plan theirs anew", async () => {
    bed = await projectorTestbed('prepared-batch');
    const { event, registered, message, runner, schema } = bed;
    const testbed = bed;
    /** Every statement prepared on any of the testbed's connections that writes the likers. */
    const likersStatements = async () => {
      const clients = await Promise.all(Array.from({ length: 4 }, () => testbed.pool.connect()));
      try {
        const found = await Promise.all(clients.map((client) => preparedTexts(client)));
        return found.flat().filter((text) => text.includes(`${schema}.notification_likers`));
      } finally {
        for (const client of clients) client.release();
      }
    };
    const author = randomUUID();
    const postId = randomUUID();
    const like = (userId: string, version: number) =>
      event('PostLiked', postId, version, {
        postId,
        userId,
        likesCount: version - 1,
        likedAt: new Date().toISOString(),
      });
    const likers = [randomUUID(), randomUUID(), randomUUID()];
    await runner.applyMessages(
      [
        registered(author, 'Ada'),
        ...likers.map((id, i) => registered(id, `Liker${i}`)),
        event('PostCreated', postId, 1, {
          postId,
          authorId: author,
          content: 'Hello',
          type: 'text',
          category: 'Career',
          visibility: 'public',
          tags: [],
          createdAt: new Date().toISOString(),
        }),
        like(likers[0] as string, 2),
      ].map(message),
    );
    const live = await likersStatements();
    expect(live.length).toBeGreaterThan(0);
    runner.replay();
    await runner.applyMessages([message(like(likers[1] as string, 3))]);
    expect(await likersStatements()).toEqual(live);
  });
});
