import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { STORED_LIST_SIZE } from './lists.ts';
import { type ListsBed, listsWorld } from './lists-testing.ts';

/**
 * Stored lists of people you may know, marked for a refresh by exactly the events that change them:
 * connections, skills and cities (on the world of `lists-testing.ts`, built and ranked before the tests).
 */

let bed: ListsBed;

beforeAll(async () => {
  bed = await projectorTestbed('suggestion-lists-marks');
  await buildWorld();
});
afterAll(async () => {
  await bed?.close();
});

const {
  first,
  third,
  versions,
  history,
  at,
  record,
  apply,
  connect,
  skillsOf,
  cityOf,
  refreshAll,
  rankAllAgain,
  apartFrom,
  marked,
  clearMarks,
  live,
  served,
  expectAllStoredAndEqual,
  listOf,
  buildWorld,
} = listsWorld(() => bed);

describe('stored suggestion lists', () => {
  it('marks both people of a connection made or removed and everyone whose mutual counts it moves', async () => {
    await clearMarks();
    const a = first;
    const b = await apartFrom(a);
    const neighbours = async (who: string) => {
      const { rows } = await bed.pool.query<{ other: string }>(
        `SELECT CASE WHEN requester_id = $1 THEN recipient_id ELSE requester_id END AS other
           FROM ${bed.schema}.connections WHERE (requester_id = $1 OR recipient_id = $1) AND status = 'accepted'`,
        [who],
      );
      return rows.map((r) => r.other);
    };
    const expected = [...new Set([a, b, ...(await neighbours(a)), ...(await neighbours(b))])].sort();
    expect(expected.length).toBeGreaterThan(4);
    const made = connect(a, b, 'accepted');
    await apply(made.events);
    expect(await marked()).toEqual(expected);
    // Being marked, both read from the ranking at once, and see the connection.
    expect((await served(a)).source).toBe('computed');
    expect((await served(a)).list.map(([id]) => id)).not.toContain(b);
    await refreshAll();
    expect(await marked()).toEqual([]);

    const removed = record('ConnectionRemoved', made.connectionId, {
      connectionId: made.connectionId,
      requesterId: a,
      recipientId: b,
      removedBy: a,
      removedAt: at(),
    });
    await apply([removed]);
    expect(await marked()).toEqual(expected);
    await refreshAll();
    await expectAllStoredAndEqual('after a connection came and went');
  });

  it('marks the person whose skills or city change and those sharing what they gain or lose, and nobody for a request made, declined or withdrawn', async () => {
    const holders = async (
      table: 'suggestion_skills' | 'suggestion_people',
      column: string,
      keys: string[],
    ) => {
      const { rows } = await bed.pool.query<{ user_id: string }>(
        `SELECT DISTINCT user_id FROM ${bed.schema}.${table} WHERE ${column} = ANY($1::text[])`,
        [keys],
      );
      return rows.map((r) => r.user_id);
    };
    const { rows: had } = await bed.pool.query<{ skill_key: string }>(
      `SELECT skill_key FROM ${bed.schema}.suggestion_skills WHERE user_id = $1`,
      [third],
    );
    const old = had.map((r) => r.skill_key);
    const next = ['haskell', old[0] ?? 'go'];
    // The skills gained or lost; the one kept changes no one's shared count with them.
    const moved = [...old.filter((k) => !next.includes(k)), ...next.filter((k) => !old.includes(k))];
    expect(moved.length).toBeGreaterThan(0);
    const expected = [
      ...new Set([third, ...(await holders('suggestion_skills', 'skill_key', moved))]),
    ].sort();
    expect(expected.length).toBeGreaterThan(2);
    await clearMarks();
    await apply([skillsOf(third, next)]);
    // The person and, of those sharing a skill gained or lost, whoever's list it can alter: ranked
    // again, every list answers as the ranking does, the lists of those not marked included.
    const skillMarks = await marked();
    expect(skillMarks).toContain(third);
    expect(skillMarks.filter((p) => !expected.includes(p))).toEqual([]);
    await refreshAll();
    await expectAllStoredAndEqual('after a change of skills');
    // The same skills again (another proficiency): the person alone.
    await clearMarks();
    await apply([skillsOf(third, next)]);
    expect(await marked()).toEqual([third]);

    const { rows: from } = await bed.pool.query<{ city_key: string }>(
      `SELECT city_key FROM ${bed.schema}.suggestion_people WHERE user_id = $1`,
      [third],
    );
    const leaving = from[0]?.city_key ?? '';
    const sameCity = [
      ...new Set([third, ...(await holders('suggestion_people', 'city_key', [leaving, 'york']))]),
    ]
      .filter((p) => leaving !== '' || p === third)
      .sort();
    await clearMarks();
    await apply([cityOf(third, 'York')]);
    const cityMarks = await marked();
    expect(cityMarks).toContain(third);
    expect(cityMarks.filter((p) => !sameCity.includes(p))).toEqual([]);
    await refreshAll();
    await expectAllStoredAndEqual('after a move');
    await clearMarks();
    await apply([cityOf(third, ' york ')]);
    expect(await marked()).toEqual([third]);
    await rankAllAgain();

    const a = first;
    const b = await apartFrom(a);
    const request = connect(a, b, 'pending');
    await apply(request.events);
    expect(await marked()).toEqual([]);
    // The request leaves both out of each other's answers at once, from the stored lists.
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const answer = await served(who);
      expect(answer.source).toBe('stored');
      expect(answer.list.map(([id]) => id)).not.toContain(other);
      expect(answer.list).toEqual(await live(who));
    }
    await apply([
      record('ConnectionWithdrawn', request.connectionId, {
        connectionId: request.connectionId,
        requesterId: a,
        recipientId: b,
        withdrawnAt: at(),
      }),
    ]);
    expect(await marked()).toEqual([]);
    await expectAllStoredAndEqual('after a request was withdrawn');
  });

  it('leaves alone those sharing a skill whose lists of friends of friends the change cannot reach', async () => {
    // A hub with 34 spokes; H knows the hub, so H and every spoke have over STORED_LIST_SIZE friends of
    // friends, each with one mutual connection: their lists are full and end in one. L knows nobody.
    const cluster = Array.from({ length: 38 }, () => randomUUID());
    const [hub, holder, loner, newcomer, ...spokes] = cluster as [
      string,
      string,
      string,
      string,
      ...string[],
    ];
    const [s1, s2] = spokes as [string, string];
    const events: EventEnvelope[] = cluster.map((p, i) => {
      const e = bed.registered(p, `C${i}`);
      versions.set(p, 1);
      history.push(e);
      return e;
    });
    for (const spoke of [...spokes, holder]) events.push(...connect(hub, spoke, 'accepted').events);
    events.push(skillsOf(holder, ['cobol']), skillsOf(loner, ['cobol']), skillsOf(s1, ['cobol']));
    await apply(events);
    await refreshAll();
    const last = async (who: string) => {
      const { rows } = await bed.pool.query<{ mutuals: number }>(
        `SELECT l.mutuals FROM ${bed.schema}.suggestion_lists l
           JOIN ${bed.schema}.suggestion_list_state s ON s.user_id = l.user_id AND l.rank = s.size
          WHERE l.user_id = $1 AND s.size = $2`,
        [who, STORED_LIST_SIZE],
      );
      return rows[0]?.mutuals ?? null;
    };
    expect([await last(holder), await last(s1), await last(loner)]).toEqual([1, 1, 0]);

    // A newcomer taking up the skill: no mutual connection with anyone, so only the loner's list
    // (ending in someone with none) can take them in.
    await clearMarks();
    await apply([skillsOf(newcomer, ['cobol'])]);
    expect(await marked()).toEqual([newcomer, loner].sort());
    await refreshAll();
    // A spoke taking it up has one mutual connection with H and with s1, as many as their lists end in.
    await apply([skillsOf(s2, ['cobol'])]);
    expect(await marked()).toEqual([s2, holder, loner, newcomer, s1].sort());
    await refreshAll();
    for (const who of [holder, loner, newcomer, s1, s2]) {
      expect(await served(who), who).toEqual({ source: 'stored', list: await live(who) });
    }
    expect(await listOf(holder)).not.toContain(newcomer);
  });
});
