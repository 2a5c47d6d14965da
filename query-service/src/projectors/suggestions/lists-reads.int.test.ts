import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import {
  LIST_MAX_AGE_MS,
  LIST_REFRESH_AGE_MS,
  refreshBacklog,
  refreshSuggestionLists,
  STORED_LIST_SIZE,
} from './lists.ts';
import { type ListsBed, listsWorld } from './lists-testing.ts';
import { SUGGESTIONS_LIMIT } from './queries.ts';

/**
 * Stored lists of people you may know, read: ranked by the refresher ahead of the reads (the world of
 * `lists-testing.ts`), answering as the ranking at read time does when fresh, and ranked at read time
 * when due, missing, too old or too short.
 */

let bed: ListsBed;

beforeAll(async () => {
  bed = await projectorTestbed('suggestion-lists-reads');
});
afterAll(async () => {
  await bed?.close();
});

const {
  people,
  first,
  second,
  at,
  record,
  apply,
  connect,
  refreshAll,
  marked,
  live,
  served,
  expectAllStoredAndEqual,
  listOf,
  worldEvents,
} = listsWorld(() => bed);

describe('stored suggestion lists', () => {
  it('ranks every person ahead of the reads and then answers exactly as the ranking at read time', async () => {
    const events = worldEvents();
    await apply(events);
    expect(await refreshBacklog(bed.pool, bed.schema)).toBe(people.length);
    await refreshAll();
    expect(await refreshBacklog(bed.pool, bed.schema)).toBe(0);
    // Most lists are full: the ranking found at least the margin.
    const { rows } = await bed.pool.query<{ full: number }>(
      `SELECT count(*)::int AS full FROM ${bed.schema}.suggestion_list_state WHERE size = $1`,
      [STORED_LIST_SIZE],
    );
    expect(rows[0]?.full).toBeGreaterThan(people.length / 2);
    await expectAllStoredAndEqual('as built');
  });

  it('answers from a list due for its age refresh and marks its reader; others are not ranked for their age', async () => {
    const [who, other] = [first, second];
    const age = async (user: string, ms: number) =>
      bed.pool.query(
        `UPDATE ${bed.schema}.suggestion_list_state SET computed_at = now() - make_interval(secs => $2)
          WHERE user_id = $1`,
        [user, ms / 1000],
      );
    await age(who, LIST_REFRESH_AGE_MS + 1000);
    await age(other, LIST_REFRESH_AGE_MS + 1000);
    expect(await served(who)).toEqual({ source: 'stored', list: await live(who) });
    expect(await marked()).toEqual([who]);
    // A refresher round ranks the reader again, not the one whose list nobody read.
    await refreshSuggestionLists(bed.pool, bed.schema, { batch: 25, settleMs: 0, sweep: true });
    expect(await marked()).toEqual([]);
    const ages = await bed.pool.query<{ user_id: string; old: boolean }>(
      `SELECT user_id, computed_at <= now() - make_interval(secs => $2) AS old
         FROM ${bed.schema}.suggestion_list_state WHERE user_id = ANY($1::text[])`,
      [[who, other], LIST_REFRESH_AGE_MS / 1000],
    );
    expect(Object.fromEntries(ages.rows.map((r) => [r.user_id, r.old]))).toEqual({
      [who]: false,
      [other]: true,
    });
    await age(other, 0);
  });

  it('ranks at read time when the list is missing, too old, or left too short by requests since', async () => {
    const who = first;
    await bed.pool.query(
      `UPDATE ${bed.schema}.suggestion_list_state SET computed_at = now() - make_interval(secs => $2)
      WHERE user_id = $1`,
      [who, LIST_MAX_AGE_MS / 1000 + 1],
    );
    expect(await served(who)).toEqual({ source: 'computed', list: await live(who) });
    // The read marks its reader, so the next one is answered from a list again.
    expect(await marked()).toEqual([who]);
    await refreshAll();
    expect((await served(who)).source).toBe('stored');
    await bed.pool.query(`DELETE FROM ${bed.schema}.suggestion_list_state WHERE user_id = $1`, [who]);
    await bed.pool.query(`DELETE FROM ${bed.schema}.suggestion_lists WHERE user_id = $1`, [who]);
    expect(await served(who)).toEqual({ source: 'computed', list: await live(who) });
    expect(await refreshBacklog(bed.pool, bed.schema)).toBe(1);
    await refreshAll();
    expect((await served(who)).source).toBe('stored');

    // Requests to all but a few of the stored list: what is left is too short to answer.
    const list = await listOf(who);
    expect(list).toHaveLength(STORED_LIST_SIZE);
    const requests = list
      .slice(0, STORED_LIST_SIZE - SUGGESTIONS_LIMIT + 1)
      .map((c) => ({ c, request: connect(who, c, 'pending') }));
    await apply(requests.flatMap((r) => r.request.events));
    expect(await marked()).toEqual([]);
    expect(await served(who)).toEqual({ source: 'computed', list: await live(who) });
    expect(await served(who, 5)).toEqual({ source: 'stored', list: await live(who, 5) });
    // Withdrawn again, they are back in the answer from the stored list.
    await apply(
      requests.map(({ c, request }) =>
        record('ConnectionWithdrawn', request.connectionId, {
          connectionId: request.connectionId,
          requesterId: who,
          recipientId: c,
          withdrawnAt: at(),
        }),
      ),
    );
    expect(await served(who)).toEqual({ source: 'stored', list: await live(who) });
  });
});
