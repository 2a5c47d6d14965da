/**
 * Connections through the whole architecture, against the real Postgres, Kafka and Redis: connection
 * commands -> event log -> Kafka -> projector -> GET /api/users/connections (and pending, sent,
 * suggested); live pushes to the two people's sockets; the feed following the network (connections-
 * only posts, home timelines filled on connect and emptied on removal); and a rebuild of the
 * connections and suggestions read models from the topics that reproduces them exactly.
 */

import { sendCommand, sessionCookieOf } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { Connection } from '@careers/contracts/entities/connection';
import { SuggestedConnection } from '@careers/contracts/entities/suggested-connection';
import { connectionMessages, queryMessages } from '@careers/contracts/messages';
import { serverEvents } from '@careers/contracts/sockets';
import { afterAll, describe, expect, it } from 'vitest';
import { startInProcessServices } from './in-process.ts';

const services = await startInProcessServices('connections');
const { ns, command } = services;

afterAll(() => services.close());

interface Person {
  id: string;
  sid: string;
  name: string;
}

/**
 * Every consistency token received since the last read, per person: a token is signed for the person it
 * was issued to, and the query-service ignores anyone else's.
 */
const tokens = new Map<string, { sid: string; tokens: string[] }>();

function keep(who: { id: string; sid: string }, token: unknown) {
  if (typeof token !== 'string') return;
  const entry = tokens.get(who.id) ?? { sid: who.sid, tokens: [] };
  entry.tokens.push(token);
  tokens.set(who.id, entry);
}

async function send(who: Person | undefined, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await sendCommand(command.app, { method, url, body, sid: who?.sid });
  if (who) keep(who, response.headers[CONSISTENCY_HEADER]);
  return response;
}

/**
 * Reads as `who` once the read side has everything written so far: each writer's own tokens are sent
 * with a read as that writer first (one projector applies every stream, so once it has a writer's
 * events, every reader sees them), then `who` reads.
 */
async function get(who: Person, path: string) {
  const pending = [...tokens.entries()];
  tokens.clear();
  for (const [id, entry] of pending) {
    if (id !== who.id) await services.read(entry.sid, '/api/users/connections/sent', entry.tokens);
  }
  return services.read(who.sid, path, pending.find(([id]) => id === who.id)?.[1].tokens ?? []);
}

let seq = 0;
async function signUp(firstName: string, lastName = 'Tester'): Promise<Person> {
  const response = await send(undefined, 'POST', '/api/auth/register', {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
    password: 'network-test-1',
    accountType: 'job_seeker',
  });
  expect(response.statusCode).toBe(201);
  const person = {
    id: response.json().user._id,
    sid: sessionCookieOf(response)?.value as string,
    name: firstName,
  };
  keep(person, response.headers[CONSISTENCY_HEADER]);
  return person;
}

async function connect(from: Person, to: Person): Promise<string> {
  const response = await send(from, 'POST', `/api/users/${to.id}/connect`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

async function accept(who: Person, requestId: string) {
  const response = await send(who, 'PUT', `/api/users/connections/${requestId}`, { status: 'accepted' });
  expect(response.statusCode, response.body).toBe(200);
}

/** A consistency token of `streamId` at `version`, whoever it is signed for. */
const tokenOf = (streamId: string, version: number) =>
  expect.stringMatching(new RegExp(`^${streamId}@${version}(\\.|$)`));

const names = (body: Record<string, unknown>) => (body.data as Connection[]).map((c) => c.user.firstName);

describe('connections, end to end', () => {
  let ada: Person;
  let bob: Person;
  let cy: Person;
  let dee: Person;
  let eve: Person;
  let adaBob: string;

  it('pushes a request to the person asked and the acceptance to the requester, live', async () => {
    [ada, bob, cy, dee, eve] = await Promise.all([
      signUp('Ada', 'Lovelace'),
      signUp('Bob', 'Babbage'),
      signUp('Cy', 'Young'),
      signUp('Dee', 'Ash'),
      signUp('Eve', 'Zed'),
    ]);
    const [adaSocket, bobSocket] = await Promise.all([
      services.openSocket(ada.sid),
      services.openSocket(bob.sid),
    ]);
    const heardByBob = new Promise<Record<string, unknown>>((resolve) =>
      bobSocket.once(serverEvents.connectionRequested, resolve),
    );
    const adaHeardRequest: unknown[] = [];
    adaSocket.on(serverEvents.connectionRequested, (p) => adaHeardRequest.push(p));
    const requested = await send(ada, 'POST', `/api/users/${bob.id}/connect`);
    adaBob = requested.json().data._id;
    expect(await heardByBob).toEqual({
      connectionId: adaBob,
      requesterId: ada.id,
      // Signed for Bob, who hears it; the reply's token is signed for Ada.
      consistencyToken: tokenOf(adaBob, 1),
    });

    const pending = await get(bob, '/api/users/connections/pending');
    expect(pending.status).toBe(200);
    expect((pending.body.data as Connection[]).map((c) => Connection.parse(c))).toEqual([
      {
        _id: adaBob,
        status: 'pending',
        createdAt: expect.any(String),
        user: {
          _id: ada.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          profilePicture: null,
          bio: '',
          location: { city: '', state: '', country: '' },
        },
      },
    ]);
    expect(names((await get(ada, '/api/users/connections/sent')).body)).toEqual(['Bob']);

    const heardByAda = new Promise<Record<string, unknown>>((resolve) =>
      adaSocket.once(serverEvents.connectionUpdated, resolve),
    );
    await send(bob, 'PUT', `/api/users/connections/${adaBob}`, { status: 'accepted' });
    expect(await heardByAda).toEqual({
      connectionId: adaBob,
      status: 'accepted',
      consistencyToken: tokenOf(adaBob, 2),
    });
    expect(adaHeardRequest).toEqual([]);
    expect(names((await get(ada, '/api/users/connections')).body)).toEqual(['Bob']);
    const bobsConnections = await get(bob, '/api/users/connections');
    expect(names(bobsConnections.body)).toEqual(['Ada']);
    // A connection carries the address the Message button writes to; the pending request above did not.
    expect((bobsConnections.body.data as Connection[])[0]?.user.email).toMatch(/^ada\./);
    expect((await get(bob, '/api/users/connections/pending')).body.data).toEqual([]);
  });

  it('searches, filters, sorts and pages the connections list', async () => {
    await accept(cy, await connect(ada, cy));
    await accept(ada, await connect(dee, ada));
    await connect(ada, eve);

    expect(names((await get(ada, '/api/users/connections')).body)).toEqual(['Bob', 'Cy', 'Dee']);
    expect(names((await get(ada, '/api/users/connections?sortOrder=desc')).body)).toEqual([
      'Dee',
      'Cy',
      'Bob',
    ]);
    expect(names((await get(ada, '/api/users/connections?sortBy=createdAt&sortOrder=desc')).body)).toEqual([
      'Dee',
      'Cy',
      'Bob',
    ]);
    expect(names((await get(ada, '/api/users/connections?search=babb')).body)).toEqual(['Bob']);
    expect(names((await get(ada, '/api/users/connections?search=cy%20young')).body)).toEqual(['Cy']);
    expect(names((await get(ada, '/api/users/connections?search=%25')).body)).toEqual([]);
    expect(names((await get(ada, '/api/users/connections?status=pending')).body)).toEqual(['Eve']);

    const page2 = await get(ada, '/api/users/connections?limit=2&page=2');
    expect(names(page2.body)).toEqual(['Dee']);
    expect(page2.body.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalConnections: 3,
      hasNext: false,
      hasPrev: true,
    });
    const past = await get(ada, '/api/users/connections?page=9');
    expect(past.body).toEqual({
      data: [],
      pagination: { currentPage: 9, totalPages: 1, totalConnections: 3, hasNext: false, hasPrev: true },
    });
  });

  it('refuses a bad list query with 400 and its message', async () => {
    for (const [query, message] of [
      ['status=rejected', connectionMessages.statusFilterInvalid],
      ['sortBy=age', connectionMessages.sortByInvalid],
      ['sortOrder=up', connectionMessages.sortOrderInvalid],
      ['page=0', queryMessages.pageInvalid],
    ] as const) {
      expect(await get(ada, `/api/users/connections?${query}`)).toEqual({ status: 400, body: { message } });
    }
  });

  it('suggests people by mutual connections, never a connection or a pending request', async () => {
    // Bob's suggestions: Cy and Dee through Ada; not Ada (a connection) and not Bob himself.
    const forBob = await get(bob, '/api/users/suggested-connections');
    const list = (forBob.body.data as SuggestedConnection[]).map((s) => SuggestedConnection.parse(s));
    // (Equal in every measure, the two are ordered by id.)
    expect(
      list
        .slice(0, 2)
        .map((s) => [s.firstName, s.mutualConnections])
        .sort(),
    ).toEqual([
      ['Cy', 1],
      ['Dee', 1],
    ]);
    // Each says why: the connection in common.
    expect(list.slice(0, 2).map((s) => s.reason)).toEqual([
      { kind: 'mutual', count: 1 },
      { kind: 'mutual', count: 1 },
    ]);
    expect(list.map((s) => s.firstName)).not.toContain('Ada');
    expect(list.map((s) => s.firstName)).not.toContain('Bob');
    // Asking takes Cy off Bob's suggestions (and Bob off Cy's).
    await connect(bob, cy);
    expect(
      ((await get(bob, '/api/users/suggested-connections')).body.data as SuggestedConnection[]).map(
        (s) => s.firstName,
      ),
    ).not.toContain('Cy');
    expect(
      ((await get(cy, '/api/users/suggested-connections')).body.data as SuggestedConnection[]).map(
        (s) => s.firstName,
      ),
    ).not.toContain('Bob');
    // Eve, with a request pending from Ada, is not suggested to Ada.
    expect(
      ((await get(ada, '/api/users/suggested-connections')).body.data as SuggestedConnection[]).map(
        (s) => s.firstName,
      ),
    ).not.toContain('Eve');
  });

  it("brings the author's connections-only posts to a connection's feed, and takes them away on removal", async () => {
    const created = await send(ada, 'POST', '/api/posts', {
      content: 'Ada for her network',
      visibility: 'connections',
    });
    expect(created.statusCode).toBe(201);
    const postId = created.json().data._id;
    const feedOf = async (who: Person, query = '') =>
      ((await get(who, `/api/posts/feed${query}`)).body.data as { content: string }[]).map((p) => p.content);

    expect(await feedOf(bob)).toContain('Ada for her network');
    expect(await feedOf(bob, '?following=true')).toContain('Ada for her network');
    expect((await send(bob, 'POST', `/api/posts/${postId}/like`)).statusCode).toBe(200);
    expect(await feedOf(eve)).not.toContain('Ada for her network');

    const bobSocket = await services.openSocket(bob.sid);
    const heard = new Promise<Record<string, unknown>>((resolve) =>
      bobSocket.once(serverEvents.connectionUpdated, resolve),
    );
    const removed = await send(ada, 'DELETE', `/api/users/connections/${adaBob}`);
    expect(removed.json()).toEqual({ message: connectionMessages.removed });
    expect(await heard).toMatchObject({ connectionId: adaBob, status: 'removed' });

    expect(await feedOf(bob)).not.toContain('Ada for her network');
    expect(await feedOf(bob, '?following=true')).not.toContain('Ada for her network');
    expect((await get(bob, `/api/posts/${postId}`)).status).toBe(404);
    expect((await send(bob, 'POST', `/api/posts/${postId}/like`)).statusCode).toBe(404);
    expect(names((await get(bob, '/api/users/connections')).body)).toEqual([]);

    // The pair may connect again: the post comes back.
    await accept(bob, await connect(ada, bob));
    expect(await feedOf(bob, '?following=true')).toContain('Ada for her network');
  });

  it('rebuilds the connections and suggestions read models from the topics into exactly the same rows', async () => {
    const snapshot = () =>
      services.rows([
        ['connections', 'id'],
        ['connection_mutuals', 'user_id, candidate_id'],
        ['suggestion_people', 'user_id'],
        ['suggestion_skills', 'skill_key, user_id'],
      ]);
    // Wait until the projector has everything written so far.
    await get(ada, '/api/users/connections');
    const before = await snapshot();
    expect(before.connection_mutuals?.length).toBeGreaterThan(0);
    await services.rebuildFromTopics();
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});
