import { randomUUID } from 'node:crypto';
import { domainEvents } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { expect } from 'vitest';
import type { projectorTestbed } from '../testing.ts';
import { rankSuggestions, refreshSuggestionLists, suggestionsFor } from './lists.ts';
import { SUGGESTIONS_LIMIT } from './queries.ts';

/**
 * What the stored suggestion list tests (`lists-*.int.test.ts`) share: sixty people, the events that
 * make their network (recorded, so a rebuild can replay them), and ways to refresh, read and compare
 * the lists, on the testbed `bed()` gives.
 */

export type ListsBed = Awaited<ReturnType<typeof projectorTestbed>>;

export function listsWorld(bed: () => ListsBed) {
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
    const e = bed().event(type, streamId, version, data as never);
    history.push(e);
    return e;
  }
  const apply = async (events: EventEnvelope[]) => {
    await bed().runner.applyMessages(events.map(bed().message));
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
    while (
      (await refreshSuggestionLists(bed().pool, bed().schema, { batch: 25, settleMs: 0, sweep: true })) > 0
    );
  }

  /**
   * Ranks every list again, as the age refresh does: what one person's skills, city or number of
   * connections changes for others is not marked, and shows in their lists once they are ranked again.
   */
  async function rankAllAgain(): Promise<void> {
    await bed().pool.query(`DELETE FROM ${bed().schema}.suggestion_list_state`);
    await refreshAll();
  }

  /** Someone with no connection row with `who`, accepted or pending. */
  async function apartFrom(who: string): Promise<string> {
    const { rows } = await bed().pool.query<{ id: string }>(
      `SELECT p.user_id AS id FROM ${bed().schema}.suggestion_people p
        WHERE p.user_id <> $1 AND NOT EXISTS (
          SELECT 1 FROM ${bed().schema}.connections c
           WHERE c.status IN ('accepted', 'pending')
             AND ((c.requester_id = $1 AND c.recipient_id = p.user_id) OR (c.recipient_id = $1 AND c.requester_id = p.user_id)))
        ORDER BY p.user_id LIMIT 1`,
      [who],
    );
    if (!rows[0]) throw new Error('everyone is connected');
    return rows[0].id;
  }

  async function marked(): Promise<string[]> {
    const { rows } = await bed().pool.query<{ user_id: string }>(
      `SELECT user_id FROM ${bed().schema}.suggestion_refreshes ORDER BY user_id`,
    );
    return rows.map((r) => r.user_id);
  }
  async function clearMarks(): Promise<void> {
    await bed().pool.query(`DELETE FROM ${bed().schema}.suggestion_refreshes`);
  }

  /** The ranking run at read time, as suggestionsFor answered before lists were stored. */
  async function live(who: string, limit = SUGGESTIONS_LIMIT) {
    const rows = await rankSuggestions(bed().pool, bed().schema, who, limit, 'read');
    return rows.map((r) => [r.id, r.mutuals]);
  }
  async function served(who: string, limit = SUGGESTIONS_LIMIT) {
    const { data, source } = await suggestionsFor(bed().pool, bed().schema, who, limit);
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
    const { rows } = await bed().pool.query<{ candidate_id: string }>(
      `SELECT candidate_id FROM ${bed().schema}.suggestion_lists WHERE user_id = $1 ORDER BY rank`,
      [who],
    );
    return rows.map((r) => r.candidate_id);
  }

  /** The people registered with skills and a city each, and connections made, pending, declined or removed among them. */
  function worldEvents(): EventEnvelope[] {
    const events: EventEnvelope[] = people.map((p, i) => {
      const e = bed().registered(p, `P${i}`);
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
    return events;
  }

  /** The world of `worldEvents()` applied and every list ranked, as the first test leaves it. */
  async function buildWorld(): Promise<void> {
    await apply(worldEvents());
    await refreshAll();
  }

  return {
    pick,
    people,
    first,
    second,
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
    worldEvents,
    buildWorld,
  };
}
