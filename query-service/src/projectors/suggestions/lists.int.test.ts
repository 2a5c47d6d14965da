import { randomUUID } from 'node:crypto';
import { domainEvents } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { createLogger } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import {
  LIST_MAX_AGE_MS,
  LIST_REFRESH_AGE_MS,
  rankSuggestions,
  refreshBacklog,
  refreshSuggestionLists,
  STORED_LIST_SIZE,
  suggestionsFor,
} from './lists.ts';
import { SUGGESTIONS_LIMIT } from './queries.ts';
import { SuggestionRefresher } from './refresher.ts';

/**
 * Stored lists of people you may know: ranked by the refresher from what the projectors keep, marked
 * for a refresh by exactly the events that change them, read minus the requests and deletions since,
 * and answering as the ranking run at read time does whenever they are fresh.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let bed: Bed;

beforeAll(async () => {
  bed = await projectorTestbed('suggestion-lists');
});
afterAll(async () => {
  await bed?.close();
});

// A seeded generator, so that a failure can be run again as it was.
let seed = 20261123;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;

const people = Array.from({ length: 60 }, () => randomUUID());
const [first, second, third] = people as [string, string, string];
const versions = new Map<string, number>();
const history: EventEnvelope[] = [];
let minute = 0;
const at = () => new Date(Date.UTC(2026, 4, 1, 9, minute++)).toISOString();

function record<T extends keyof typeof domainEvents>(
  type: T,
  streamId: string,
  data: unknown,
): EventEnvelope {
  const version = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, version);
  const e = bed.event(type, streamId, version, data as never);
  history.push(e);
  return e;
}
const apply = async (events: EventEnvelope[]) => {
  await bed.runner.applyMessages(events.map(bed.message));
};

function connect(a: string, b: string, ending: 'pending' | 'accepted' | 'declined' | 'removed') {
  const connectionId = randomUUID();
  const parties = { connectionId, requesterId: a, recipientId: b };
  const events = [record('ConnectionRequested', connectionId, { ...parties, requestedAt: at() })];
  if (ending === 'declined')
    events.push(record('ConnectionDeclined', connectionId, { ...parties, respondedAt: at() }));
  if (ending === 'accepted' || ending === 'removed')
    events.push(record('ConnectionAccepted', connectionId, { ...parties, respondedAt: at() }));
  if (ending === 'removed')
    events.push(record('ConnectionRemoved', connectionId, { ...parties, removedBy: a, removedAt: at() }));
  return { connectionId, events };
}

const skillsOf = (who: string, names: string[]) =>
  record('SkillsUpdated', who, {
    userId: who,
    skills: names.map((name) => ({ name, proficiency: 'Advanced' as const, experience: 2 })),
  });
const cityOf = (who: string, city: string) =>
  record('ProfileUpdated', who, {
    ...domainEvents.ProfileUpdated.example,
    userId: who,
    firstName: 'P',
    lastName: 'Tester',
    email: `${who}@example.com`,
    location: { city, state: '', country: 'United Kingdom' },
  });

async function refreshAll(): Promise<void> {
  while ((await refreshSuggestionLists(bed.pool, bed.schema, { batch: 25, settleMs: 0, sweep: true })) > 0);
}

/**
 * Ranks every list again, as the age refresh does: what one person's skills, city or number of
 * connections changes for others is not marked, and shows in their lists once they are ranked again.
 */
async function rankAllAgain(): Promise<void> {
  await bed.pool.query(`DELETE FROM ${bed.schema}.suggestion_list_state`);
  await refreshAll();
}

/** Someone with no connection row with `who`, accepted or pending. */
async function apartFrom(who: string): Promise<string> {
  const { rows } = await bed.pool.query<{ id: string }>(
    `SELECT p.user_id AS id FROM ${bed.schema}.suggestion_people p
      WHERE p.user_id <> $1 AND NOT EXISTS (
        SELECT 1 FROM ${bed.schema}.connections c
         WHERE c.status IN ('accepted', 'pending')
           AND ((c.requester_id = $1 AND c.recipient_id = p.user_id) OR (c.recipient_id = $1 AND c.requester_id = p.user_id)))
      ORDER BY p.user_id LIMIT 1`,
    [who],
  );
  if (!rows[0]) throw new Error('everyone is connected');
  return rows[0].id;
}

async function marked(): Promise<string[]> {
  const { rows } = await bed.pool.query<{ user_id: string }>(
    `SELECT user_id FROM ${bed.schema}.suggestion_refreshes ORDER BY user_id`,
  );
  return rows.map((r) => r.user_id);
}
async function clearMarks(): Promise<void> {
  await bed.pool.query(`DELETE FROM ${bed.schema}.suggestion_refreshes`);
}

/** The ranking run at read time, as suggestionsFor answered before lists were stored. */
async function live(who: string, limit = SUGGESTIONS_LIMIT) {
  const rows = await rankSuggestions(bed.pool, bed.schema, who, limit, 'read');
  return rows.map((r) => [r.id, r.mutuals]);
}
async function served(who: string, limit = SUGGESTIONS_LIMIT) {
  const { data, source } = await suggestionsFor(bed.pool, bed.schema, who, limit);
  return { source, list: data.map((s) => [s._id, s.mutualConnections]) };
}

async function expectAllStoredAndEqual(step: string): Promise<void> {
  for (const who of people) {
    for (const limit of [SUGGESTIONS_LIMIT, 3]) {
      const answer = await served(who, limit);
      expect(answer.source, `${step}: ${who}`).toBe('stored');
      expect(answer.list, `${step}: ${who}, ${limit}`).toEqual(await live(who, limit));
    }
  }
}

async function listOf(who: string): Promise<string[]> {
  const { rows } = await bed.pool.query<{ candidate_id: string }>(
    `SELECT candidate_id FROM ${bed.schema}.suggestion_lists WHERE user_id = $1 ORDER BY rank`,
    [who],
  );
  return rows.map((r) => r.candidate_id);
}

describe('stored suggestion lists', () => {
  it('ranks every person ahead of the reads and then answers exactly as the ranking at read time', async () => {
    const events: EventEnvelope[] = people.map((p, i) => {
      const e = bed.registered(p, `P${i}`);
      versions.set(p, 1);
      history.push(e);
      return e;
    });
    const skills = ['go', 'sql', 'rust', 'typescript', 'kafka', 'react'];
    for (const p of people) {
      events.push(skillsOf(p, [pick(skills), pick(skills)]));
      events.push(cityOf(p, pick(['London', 'Paris', 'Leeds', ''])));
    }
    const pairs = new Set<string>();
    for (let i = 0; i < 220; i++) {
      const a = pick(people);
      const b = pick(people);
      const key = a < b ? `${a}${b}` : `${b}${a}`;
      if (a === b || pairs.has(key)) continue;
      pairs.add(key);
      const ending = pick([
        'accepted',
        'accepted',
        'accepted',
        'accepted',
        'pending',
        'declined',
        'removed',
      ] as const);
      events.push(...connect(a, b, ending).events);
    }
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
    await bed.rebuildFrom(history);
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
