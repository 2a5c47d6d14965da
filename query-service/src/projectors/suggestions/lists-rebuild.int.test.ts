import { createLogger } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { refreshBacklog } from './lists.ts';
import { type ListsBed, listsWorld } from './lists-testing.ts';
import { SuggestionRefresher } from './refresher.ts';

/**
 * Stored lists of people you may know through redelivery, an account deletion, a rebuild, and the
 * refresher running on its own (on the world of `lists-testing.ts`, built and ranked before the tests).
 */

let bed: ListsBed;

beforeAll(async () => {
  bed = await projectorTestbed('suggestion-lists-rebuild');
  await buildWorld();
});
afterAll(async () => {
  await bed?.close();
});

const {
  pick,
  people,
  first,
  history,
  at,
  record,
  apply,
  skillsOf,
  refreshAll,
  rankAllAgain,
  marked,
  clearMarks,
  live,
  served,
  expectAllStoredAndEqual,
  buildWorld,
} = listsWorld(() => bed);

describe('stored suggestion lists', () => {
  it('changes nothing when every event is delivered again, in order or reversed', async () => {
    await refreshAll();
    const before = await bed.pool.query(
      `SELECT * FROM ${bed.schema}.suggestion_lists ORDER BY user_id, rank`,
    );
    expect(await bed.runner.applyMessages(history.map(bed.message))).toEqual({
      applied: 0,
      skipped: history.length,
    });
    expect(await bed.runner.applyMessages([...history].reverse().map(bed.message))).toEqual({
      applied: 0,
      skipped: history.length,
    });
    expect(await marked()).toEqual([]);
    const after = await bed.pool.query(`SELECT * FROM ${bed.schema}.suggestion_lists ORDER BY user_id, rank`);
    expect(after.rows).toEqual(before.rows);
  });

  it('takes a deleted account off every list and ranks those lists again', async () => {
    const gone = pick(people.slice(10));
    const { rows: holders } = await bed.pool.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM ${bed.schema}.suggestion_lists WHERE candidate_id = $1 ORDER BY user_id`,
      [gone],
    );
    expect(holders.length).toBeGreaterThan(0);
    await clearMarks();
    await apply([record('AccountDeleted', gone, { userId: gone, deletedAt: at() })]);
    const { rows: left } = await bed.pool.query(
      `SELECT * FROM ${bed.schema}.suggestion_lists WHERE user_id = $1 OR candidate_id = $1`,
      [gone],
    );
    expect(left).toEqual([]);
    expect(await marked()).toEqual(expect.arrayContaining(holders.map((h) => h.user_id)));
    await refreshAll();
    const { rows: state } = await bed.pool.query(
      `SELECT 1 FROM ${bed.schema}.suggestion_list_state WHERE user_id = $1
       UNION ALL SELECT 1 FROM ${bed.schema}.suggestion_lists WHERE user_id = $1 OR candidate_id = $1
       UNION ALL SELECT 1 FROM ${bed.schema}.suggestion_refreshes WHERE user_id = $1`,
      [gone],
    );
    expect(state).toEqual([]);
    people.splice(people.indexOf(gone), 1);
    for (const { user_id: holder } of holders) {
      expect(await served(holder)).toEqual({ source: 'stored', list: await live(holder) });
    }
  });

  it('brings every list back after a rebuild', async () => {
    await rankAllAgain();
    const before = await bed.pool.query(
      `SELECT user_id, rank, candidate_id, mutuals FROM ${bed.schema}.suggestion_lists ORDER BY user_id, rank`,
    );
    await bed.rebuildFrom(history, 200);
    expect(await refreshBacklog(bed.pool, bed.schema)).toBeGreaterThanOrEqual(people.length);
    for (const who of people.slice(0, 5)) expect((await served(who)).source).toBe('computed');
    await refreshAll();
    const after = await bed.pool.query(
      `SELECT user_id, rank, candidate_id, mutuals FROM ${bed.schema}.suggestion_lists ORDER BY user_id, rank`,
    );
    expect(after.rows).toEqual(before.rows);
    await expectAllStoredAndEqual('after a rebuild');
  });

  it('is kept by the refresher on its own, round after round, until nobody waits', async () => {
    await bed.pool.query(`DELETE FROM ${bed.schema}.suggestion_list_state`);
    await apply([skillsOf(first, ['go', 'elixir'])]);
    const refresher = new SuggestionRefresher(bed.pool, bed.schema, createLogger('test', 'silent'), {
      batch: 7,
      settleMs: 0,
      idleMs: 20,
      sweepEveryMs: 50,
      busyShare: 0.5,
    });
    refresher.start();
    try {
      const deadline = Date.now() + 30_000;
      while ((await refreshBacklog(bed.pool, bed.schema)) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await refresher.stop();
    }
    expect(await refreshBacklog(bed.pool, bed.schema)).toBe(0);
    await expectAllStoredAndEqual('kept by the refresher');
  });
});
