import { randomUUID } from 'node:crypto';
import { domainEvents } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionQueries } from '../connections/queries.ts';
import { projectorTestbed, testMessages } from '../testing.ts';
import { refreshSuggestionLists, suggestionsFor } from './lists.ts';
import { mutualSuggestionsSql, suggestionsSql } from './queries.ts';

/**
 * People you may know, from events: given connections, skills and cities, then this ranking. The same
 * events are also applied to a second read schema with the connection streams reversed (a pair's later
 * stream before its earlier one) and the people last, as different topics may deliver them: the
 * counts must come out the same. Redelivery and a rebuild change nothing.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let inOrder: Bed;
let reversed: Bed;
const { event, registered } = testMessages();

beforeAll(async () => {
  [inOrder, reversed] = await Promise.all([
    projectorTestbed('suggestions-projector'),
    projectorTestbed('suggestions-reversed'),
  ]);
});
afterAll(async () => {
  await Promise.all([inOrder?.close(), reversed?.close()]);
});

const names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim', 'Lee'] as const;
type Name = (typeof names)[number];
const id = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const nameOf = new Map(names.map((n) => [id[n], n]));

let minute = 0;
const at = () => new Date(Date.UTC(2026, 3, 1, 9, minute++)).toISOString();

/** One connection stream, as the write side records it. */
function stream(from: Name, to: Name, ending: 'pending' | 'accepted' | 'declined' | 'withdrawn' | 'removed') {
  const connectionId = randomUUID();
  const parties = { connectionId, requesterId: id[from], recipientId: id[to] };
  const events: EventEnvelope[] = [
    event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: at() }),
  ];
  if (ending === 'declined')
    events.push(event('ConnectionDeclined', connectionId, 2, { ...parties, respondedAt: at() }));
  if (ending === 'withdrawn')
    events.push(event('ConnectionWithdrawn', connectionId, 2, { ...parties, withdrawnAt: at() }));
  if (ending === 'accepted' || ending === 'removed') {
    events.push(event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: at() }));
  }
  if (ending === 'removed') {
    events.push(
      event('ConnectionRemoved', connectionId, 3, { ...parties, removedBy: id[to], removedAt: at() }),
    );
  }
  return { connectionId, events };
}

const profile = (who: Name, city: string, version: number) =>
  event('ProfileUpdated', id[who], version, {
    ...domainEvents.ProfileUpdated.example,
    userId: id[who],
    firstName: who,
    lastName: 'Tester',
    email: `${who.toLowerCase()}@example.com`,
    location: { city, state: '', country: 'United Kingdom' },
  });
const skills = (who: Name, list: string[], version: number) =>
  event('SkillsUpdated', id[who], version, {
    userId: id[who],
    skills: list.map((name) => ({ name, proficiency: 'Advanced' as const, experience: 2 })),
  });

const people: EventEnvelope[] = [
  ...names.map((n) => registered(id[n], n)),
  profile('Ann', 'London', 2),
  skills('Ann', ['TypeScript', 'SQL', 'Go'], 3),
  skills('Fay', ['typescript ', 'sql'], 2),
  skills('Gus', ['Go'], 2),
  profile('Gus', ' london', 3),
  profile('Hal', 'LONDON', 2),
  profile('Kim', 'Paris', 2),
];
// Ann and Cy connected, parted and connected again: two streams of one pair.
const annCyFirst = stream('Ann', 'Cy', 'removed');
const network = [
  stream('Ann', 'Bob', 'accepted'),
  annCyFirst,
  stream('Cy', 'Ann', 'accepted'),
  stream('Bob', 'Dee', 'accepted'),
  stream('Eve', 'Bob', 'accepted'),
  stream('Dee', 'Cy', 'accepted'),
  stream('Bob', 'Ivy', 'accepted'),
  stream('Kim', 'Dee', 'accepted'),
  stream('Kim', 'Eve', 'accepted'),
  stream('Ann', 'Ivy', 'pending'),
  stream('Jon', 'Ann', 'pending'),
  stream('Ann', 'Lee', 'declined'),
  stream('Lee', 'Hal', 'withdrawn'),
];
const connections = network.flatMap((s) => s.events);
const everything = [...people, ...connections];

async function rows(bed: Bed) {
  const read = async (table: string, order: string) =>
    (await bed.pool.query(`SELECT * FROM ${bed.schema}.${table} ORDER BY ${order}`)).rows;
  return {
    connections: await read('connections', 'id'),
    links: await read('suggestion_links', 'connection_id, user_id'),
    mutuals: await read('connection_mutuals', 'user_id, candidate_id'),
    people: await read('suggestion_people', 'user_id'),
    skills: await read('suggestion_skills', 'skill_key, user_id'),
    cards: await read('suggestion_cards', 'id'),
  };
}

async function ranking(bed: Bed, who: Name) {
  const { data: list } = await suggestionsFor(bed.pool, bed.schema, id[who]);
  return list.map((s) => [nameOf.get(s._id), s.mutualConnections]);
}

describe('suggestions projector', () => {
  it('ranks by mutual connections, then shared skills, then the same city, then the most connected', async () => {
    await inOrder.runner.applyMessages(everything.map(inOrder.message));
    // Never Ann, her connections Bob and Cy, nor Ivy and Jon (a request pending either way). Lee's
    // declined request and Hal's withdrawn one bind nobody.
    expect(await ranking(inOrder, 'Ann')).toEqual([
      ['Dee', 2], // through Bob and Cy
      ['Eve', 1], // through Bob
      ['Fay', 0], // two shared skills, whatever their case and spaces
      ['Gus', 0], // one shared skill and London
      ['Hal', 0], // London
      ['Kim', 0], // two connections
      ['Lee', 0],
    ]);
    const [dee] = (await suggestionsFor(inOrder.pool, inOrder.schema, id.Ann)).data;
    expect(dee).toEqual({
      _id: id.Dee,
      firstName: 'Dee',
      lastName: 'Tester',
      profilePicture: null,
      bio: '',
      skills: [],
      mutualConnections: 2,
      jobTitle: '',
      location: { city: '', state: '', country: '' },
      reason: { kind: 'mutual', count: 2 },
    });
    const fay = (await suggestionsFor(inOrder.pool, inOrder.schema, id.Ann)).data[2];
    expect(fay?.skills.map((s) => s.name)).toEqual(['typescript ', 'sql']);
  });

  it('says why each person is suggested: the strongest reason the ranking weighs, named as they wrote it', async () => {
    const reasons = async () =>
      (await suggestionsFor(inOrder.pool, inOrder.schema, id.Ann)).data.map((s) => [
        nameOf.get(s._id),
        s.reason,
      ]);
    expect(await reasons()).toEqual([
      ['Dee', { kind: 'mutual', count: 2 }],
      ['Eve', { kind: 'mutual', count: 1 }],
      ['Fay', { kind: 'skills', skills: ['typescript', 'sql'] }],
      ['Gus', { kind: 'skills', skills: ['Go'] }], // London too, but a shared skill weighs more
      ['Hal', { kind: 'place', city: 'LONDON' }],
      ['Kim', null], // in Paris, sharing nothing: only how connected she is
      ['Lee', null],
    ]);
    const hal = (await suggestionsFor(inOrder.pool, inOrder.schema, id.Ann)).data[4];
    expect(hal).toMatchObject({
      jobTitle: 'Mathematician',
      location: { city: 'LONDON', state: '', country: 'United Kingdom' },
    });
    // From her stored list, once ranked, the same reasons.
    await refreshSuggestionLists(inOrder.pool, inOrder.schema, { batch: 100, settleMs: 0, sweep: true });
    expect((await suggestionsFor(inOrder.pool, inOrder.schema, id.Ann)).source).toBe('stored');
    expect((await reasons()).map(([, reason]) => reason)).toEqual([
      { kind: 'mutual', count: 2 },
      { kind: 'mutual', count: 1 },
      { kind: 'skills', skills: ['typescript', 'sql'] },
      { kind: 'skills', skills: ['Go'] },
      { kind: 'place', city: 'LONDON' },
      null,
      null,
    ]);
    // The later cases read rankings run for the read, as before the lists were stored.
    await inOrder.pool.query(
      `TRUNCATE ${inOrder.schema}.suggestion_lists, ${inOrder.schema}.suggestion_list_state`,
    );
  });

  it('answers from mutual connections alone when they fill the list, exactly as the whole ranking does', async () => {
    const ids = (result: { rows: { id: string; mutuals: number }[] }) =>
      result.rows.map((r) => [nameOf.get(r.id), r.mutuals]);
    let fromMutualsAlone = 0;
    for (const who of names) {
      for (const limit of [1, 2, 3]) {
        const values = [id[who], limit];
        const whole = await inOrder.pool.query(suggestionsSql(inOrder.schema), values);
        const mutual = await inOrder.pool.query(mutualSuggestionsSql(inOrder.schema), values);
        if (mutual.rows.length >= limit) {
          fromMutualsAlone++;
          expect(ids(mutual), `${who}, ${limit}`).toEqual(ids(whole));
        }
        const { data: served } = await suggestionsFor(inOrder.pool, inOrder.schema, id[who], limit);
        expect(served.map((s) => s._id)).toEqual(whole.rows.map((r) => r.id));
      }
    }
    // Ann (Dee through two, Eve through one), Dee, Eve, Kim and others fill short lists from mutuals.
    expect(fromMutualsAlone).toBeGreaterThan(5);
  });

  it('still suggests people to someone with no connections: the same city, then the most connected', async () => {
    const byId = (list: Name[]) => [...list].sort((a, b) => id[a].localeCompare(id[b]));
    // Lee has no connection, skill or city (his declined and withdrawn requests bind nobody).
    const forLee = (await ranking(inOrder, 'Lee')).map(([n]) => n);
    expect(forLee.slice(0, 7)).toEqual([
      'Bob', // four connections
      'Dee', // three
      ...byId(['Ann', 'Cy', 'Eve', 'Kim']), // two each
      'Ivy', // one
    ]);
    expect(forLee).toHaveLength(10);
    // Hal has no connection or skill, but lives in London, as Ann (two connections) and Gus (none) do.
    expect((await ranking(inOrder, 'Hal')).slice(0, 4)).toEqual([
      ['Ann', 0],
      ['Gus', 0],
      ['Bob', 0],
      ['Dee', 0],
    ]);
  });

  it('keeps the counts right as a connection goes: mutuals lowered, the person suggested again', async () => {
    const bobAnn = network[0];
    if (!bobAnn) throw new Error('no stream');
    const parties = { connectionId: bobAnn.connectionId, requesterId: id.Ann, recipientId: id.Bob };
    const removal = event('ConnectionRemoved', bobAnn.connectionId, 3, {
      ...parties,
      removedBy: id.Ann,
      removedAt: at(),
    });
    await inOrder.runner.applyMessages([inOrder.message(removal)]);
    const after = await ranking(inOrder, 'Ann');
    expect(after.slice(0, 2)).toEqual([
      ['Dee', 1], // through Cy alone now
      ['Fay', 0],
    ]);
    // Bob is suggested again (connected with three people, none of them Ann's).
    expect(after.map(([n]) => n)).toContain('Bob');
    expect(after.map(([n]) => n)).not.toContain('Cy');
    everything.push(removal);
  });

  it('changes nothing when everything is redelivered, in order or reversed', async () => {
    const before = await rows(inOrder);
    const n = everything.length;
    expect(await inOrder.runner.applyMessages(everything.map(inOrder.message))).toEqual({
      applied: 0,
      skipped: n,
    });
    expect(await inOrder.runner.applyMessages([...everything].reverse().map(inOrder.message))).toEqual({
      applied: 0,
      skipped: n,
    });
    expect(await rows(inOrder)).toEqual(before);
  });

  it('comes to the same counts when streams arrive in another order and the people last', async () => {
    // Each stream keeps its own order; the streams come newest first, and the removal of Ann and Cy's
    // first connection comes last of all: until it does, the pair shows two accepted rows (the second
    // connection arrived before the first one's end), which must count as one edge.
    const firstRemoval = annCyFirst.events.at(-1);
    const byStream = new Map<string, EventEnvelope[]>();
    for (const e of everything.filter((e) => e.streamType === 'connection' && e !== firstRemoval)) {
      byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
    }
    for (const e of [...byStream.values()].reverse().flat()) {
      await reversed.runner.applyMessages([reversed.message(e)]);
    }
    await reversed.runner.applyMessages(people.map(reversed.message));
    const theirs = await rows(inOrder);
    const beforeRemoval = await rows(reversed);
    expect(beforeRemoval.mutuals).toEqual(theirs.mutuals);
    expect(beforeRemoval.people).toEqual(theirs.people);

    await reversed.runner.applyMessages([reversed.message(firstRemoval as EventEnvelope)]);
    const mine = await rows(reversed);
    expect(mine.links).toEqual(theirs.links);
    expect(mine.mutuals).toEqual(theirs.mutuals);
    expect(mine.people).toEqual(theirs.people);
    expect(mine.skills).toEqual(theirs.skills);
    expect(await ranking(reversed, 'Ann')).toEqual(await ranking(inOrder, 'Ann'));
  });

  it('keeps its own copy of every relationship, both ways, with the status the connections read model gives it', async () => {
    const { connections: rowsOfConnections, links } = await rows(inOrder);
    const key = (l: { connection_id: string; user_id: string }) => `${l.connection_id} ${l.user_id}`;
    const expected = rowsOfConnections.flatMap((c) =>
      [
        [c.requester_id, c.recipient_id],
        [c.recipient_id, c.requester_id],
      ].map(([user_id, other_id]) => ({ connection_id: c.id, user_id, other_id, status: c.status })),
    );
    expect(links.length).toBeGreaterThan(20);
    expect([...links].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
  });

  it('rebuilds the connections and suggestions read models to the same rows', async () => {
    const before = await rows(inOrder);
    await inOrder.rebuildFrom(everything);
    expect(await rows(inOrder)).toEqual(before);
  });

  it('keeps the walk down the mutual counts equal to the whole ranking as connections, skills and cities change', async () => {
    // For every person and short lists (where ties at the cutoff are common): whenever the mutual
    // counts alone fill the list, they give the whole ranking's answer.
    const expectSameAnswers = async (step: string) => {
      let compared = 0;
      for (const who of names) {
        for (const limit of [1, 2, 3, 4]) {
          const values = [id[who], limit];
          const whole = await inOrder.pool.query(suggestionsSql(inOrder.schema), values);
          const walked = await inOrder.pool.query(mutualSuggestionsSql(inOrder.schema), values);
          if (walked.rows.length === 0) continue;
          compared++;
          expect(walked.rows, `${step}: ${who}, ${limit}`).toEqual(whole.rows);
        }
      }
      expect(compared, step).toBeGreaterThan(5);
    };
    const changes: EventEnvelope[] = [];
    const apply = async (events: EventEnvelope[]) => {
      await inOrder.runner.applyMessages(events.map(inOrder.message));
      changes.push(...events);
    };
    await expectSameAnswers('as built');
    // Skills and a city change the later keys among people with as many mutual connections.
    await apply([
      skills('Dee', ['Go', 'SQL'], 2),
      skills('Eve', ['typescript'], 2),
      profile('Kim', 'London', 3),
    ]);
    await expectSameAnswers('after skills and a city changed');
    // New connections raise counts (and make new ties); a pending request excludes its two people.
    const made = [
      stream('Eve', 'Fay', 'accepted'),
      stream('Gus', 'Bob', 'accepted'),
      stream('Hal', 'Dee', 'pending'),
    ];
    await apply(made.flatMap((m) => m.events));
    await expectSameAnswers('after connections were made');
    // A removal lowers counts again.
    const gusBob = made[1];
    if (!gusBob) throw new Error('no stream');
    await apply([
      event('ConnectionRemoved', gusBob.connectionId, 3, {
        connectionId: gusBob.connectionId,
        requesterId: id.Gus,
        recipientId: id.Bob,
        removedBy: id.Gus,
        removedAt: at(),
      }),
    ]);
    await expectSameAnswers('after a connection was removed');
    // Redelivering the changes writes nothing and answers the same.
    const before = await rows(inOrder);
    expect(await inOrder.runner.applyMessages(changes.map(inOrder.message))).toEqual({
      applied: 0,
      skipped: changes.length,
    });
    expect(await rows(inOrder)).toEqual(before);
    await expectSameAnswers('after redelivery');
  });

  it('lists pending requests to the reader and those the reader sent', async () => {
    const q = new ConnectionQueries(inOrder.pool, inOrder.schema);
    expect((await q.pendingFor(id.Ann)).map((c) => [c.user.firstName, c.status])).toEqual([
      ['Jon', 'pending'],
    ]);
    expect((await q.sentBy(id.Ann)).map((c) => [c.user.firstName, c.status])).toEqual([['Ivy', 'pending']]);
  });
});
