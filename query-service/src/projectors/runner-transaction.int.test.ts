import { randomUUID } from 'node:crypto';
import { createLogger } from '@careers/service-kit';
import { createKafka } from '@careers/service-kit/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from './projector.ts';
import { ProjectorRunner } from './runner.ts';
import type { RunnerBed } from './runner-testing.ts';
import { projectorTestbed, testMessages } from './testing.ts';

/** The settings of the transaction the projector runner applies a batch in. */

let bed: RunnerBed;
let pool: typeof bed.pool;
let redis: typeof bed.redis;

beforeAll(async () => {
  bed = await projectorTestbed('runner-transaction');
  ({ pool, redis } = bed);
});
afterAll(async () => {
  await bed?.close();
});

const { message, registered } = testMessages();

describe('a batch transaction', () => {
  it('prices a random page as the in-memory page it is, for its own statements only', async () => {
    const seen: string[] = [];
    const probe: Projector = {
      name: 'probe',
      handles: ['UserRegistered'],
      async apply(_event, ctx) {
        const { rows } = await ctx.tx.query<{ cost: string }>(
          `SELECT current_setting('random_page_cost') AS cost`,
        );
        seen.push(rows[0]?.cost ?? '');
      },
      async reset() {},
    };
    const log = createLogger('test', 'silent');
    const probing = new ProjectorRunner({
      vault: bed.vault,
      pool,
      schema: bed.config.DB_SCHEMA,
      redis,
      kafka: createKafka(bed.config, 'test', log),
      kafkaSettings: bed.config,
      log,
      projectors: [probe],
      versions: [],
    });
    // Every session of the testbed's pool (4), the batch's among them, as it is outside a batch.
    const everySession = async () => {
      const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
      try {
        return await Promise.all(
          clients.map(async (client) => {
            const { rows } = await client.query<{ cost: string }>(
              `SELECT current_setting('random_page_cost') AS cost`,
            );
            return rows[0]?.cost;
          }),
        );
      } finally {
        for (const client of clients) client.release();
      }
    };
    const before = await everySession();
    await probing.applyMessages([message(registered(randomUUID(), 'Probe'))]);
    expect(seen).toEqual(['1.1']);
    expect(await everySession()).toEqual(before);
    expect(before).not.toContain('1.1');
  });
});
