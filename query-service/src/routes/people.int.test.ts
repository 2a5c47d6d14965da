import { randomUUID } from 'node:crypto';
import { PersonProfile } from '@careers/contracts/entities/person-card';
import { domainEvents } from '@careers/contracts/events/catalogue';
import { profileMessages } from '@careers/contracts/messages';
import { SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleSearchVersion } from '../projectors/people/version.ts';
import { networkVersion } from '../projectors/version-scopes.ts';
import { queryAppTestbed } from './testing.ts';

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;

beforeAll(async () => {
  bed = await queryAppTestbed('people-routes');
  // As the projector does when it starts: with no value, nothing is cached.
  await bed.redis.set(networkVersion.key, randomUUID());
  await bed.redis.set(peopleSearchVersion.key, randomUUID());
});
afterAll(async () => {
  await bed?.close();
});

type Person = { id: string; sid: string };

async function get(sid: string, url: string) {
  return bed.app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
}

let minute = 0;
const at = () => new Date(Date.UTC(2026, 4, 1, 9, minute++)).toISOString();

/** A request from one to the other, accepted unless `pending`. */
function connection(requesterId: string, recipientId: string, pending = false) {
  const connectionId = randomUUID();
  const parties = { connectionId, requesterId, recipientId };
  const events = [bed.event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: at() })];
  if (!pending)
    events.push(bed.event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: at() }));
  return { connectionId, events };
}

describe('GET /api/people/:id', () => {
  it('shows a person with their connections, the mutual ones, how the reader stands, and contact only to connections', async () => {
    const [ana, ben, cat, dan] = (await Promise.all(
      ['Ana', 'Ben', 'Cat', 'Dan'].map((n) => bed.signedIn(n)),
    )) as [Person, Person, Person, Person];
    await bed.project([
      bed.event('ProfileUpdated', ben.id, 2, {
        ...domainEvents.ProfileUpdated.example,
        userId: ben.id,
        firstName: 'Ben',
        lastName: 'Tester',
        email: 'ben@example.com',
        phone: '+1 555 0101',
        bio: 'Builds bridges',
        jobTitle: 'Engineer',
      }),
    ]);
    // Ana and Ben both know Cat; Ana and Ben are connected; Dan has asked Ben.
    const anaCat = connection(ana.id, cat.id);
    const benCat = connection(cat.id, ben.id);
    const anaBen = connection(ana.id, ben.id);
    const danBen = connection(dan.id, ben.id, true);
    await bed.project([...anaCat.events, ...benCat.events, ...anaBen.events, ...danBen.events]);

    const asAna = await get(ana.sid, `/api/people/${ben.id}`);
    expect(asAna.statusCode, asAna.body).toBe(200);
    const profile = PersonProfile.parse(asAna.json().data);
    expect(profile).toMatchObject({
      _id: ben.id,
      firstName: 'Ben',
      jobTitle: 'Engineer',
      bio: 'Builds bridges',
      email: 'ben@example.com',
      phone: '+1 555 0101',
      connectionCount: 2,
      mutualConnections: { count: 1, people: [{ _id: cat.id, firstName: 'Cat', lastName: 'Tester' }] },
      relationship: { status: 'connected', connectionId: anaBen.connectionId },
    });

    const asDan = PersonProfile.parse((await get(dan.sid, `/api/people/${ben.id}`)).json().data);
    expect(asDan).toMatchObject({
      email: null,
      phone: null,
      mutualConnections: { count: 0, people: [] },
      relationship: { status: 'sent', connectionId: danBen.connectionId },
    });
    const asBenOfDan = PersonProfile.parse((await get(ben.sid, `/api/people/${dan.id}`)).json().data);
    expect(asBenOfDan.relationship).toEqual({ status: 'received', connectionId: danBen.connectionId });
    const asCatOfDan = PersonProfile.parse((await get(cat.sid, `/api/people/${dan.id}`)).json().data);
    expect(asCatOfDan.relationship).toEqual({ status: 'none', connectionId: null });
    const self = PersonProfile.parse((await get(ben.sid, `/api/people/${ben.id}`)).json().data);
    expect(self).toMatchObject({
      email: 'ben@example.com',
      relationship: { status: 'self', connectionId: null },
    });
  });

  it("is served from the cache until what it shows changes: the two people's networks, the names it shows", async () => {
    const [hal, ivy, joe] = (await Promise.all(['Hal', 'Ivy', 'Joe'].map((n) => bed.signedIn(n)))) as [
      Person,
      Person,
      Person,
    ];
    const halJoe = connection(hal.id, joe.id);
    const ivyJoe = connection(ivy.id, joe.id);
    await bed.project([...halJoe.events, ...ivyJoe.events]);
    const read = async () => {
      const reply = await get(hal.sid, `/api/people/${ivy.id}`);
      return { cache: reply.headers['x-read-cache'], body: PersonProfile.parse(reply.json().data) };
    };
    expect((await read()).body.mutualConnections.people.map((m) => m.firstName)).toEqual(['Joe']);
    const again = await read();
    expect(again.cache).toBe('hit');

    // Hal asks Ivy: both networks move, and the profile says so at once.
    const halIvy = connection(hal.id, ivy.id, true);
    await bed.project(halIvy.events);
    const asked = await read();
    expect(asked.cache).not.toBe('hit');
    expect(asked.body.relationship).toEqual({ status: 'sent', connectionId: halIvy.connectionId });

    // The mutual connection renames themself: a name the profile shows.
    await bed.project([
      bed.event('ProfileUpdated', joe.id, 2, {
        ...domainEvents.ProfileUpdated.example,
        userId: joe.id,
        firstName: 'Joseph',
        lastName: 'Tester',
      }),
    ]);
    expect((await read()).body.mutualConnections.people.map((m) => m.firstName)).toEqual(['Joseph']);
  });

  it('answers 404 for someone unknown or deleted, and 401 without a session', async () => {
    const [eve, fay] = (await Promise.all(['Eve', 'Fay'].map((n) => bed.signedIn(n)))) as [Person, Person];
    const unknown = await get(eve.sid, `/api/people/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: profileMessages.userNotFound });
    await bed.project([bed.event('AccountDeleted', fay.id, 2, { userId: fay.id, deletedAt: at() })]);
    expect((await get(eve.sid, `/api/people/${fay.id}`)).statusCode).toBe(404);
    expect((await bed.app.inject({ method: 'GET', url: `/api/people/${eve.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/people', () => {
  it('finds people by a prefix of the name, and refuses a limit past 20', async () => {
    const [gil] = await Promise.all([bed.signedIn('Gilberto'), bed.signedIn('Gilda')]);
    const found = await get(gil.sid, '/api/people?search=gil');
    expect(found.statusCode).toBe(200);
    expect(
      found
        .json()
        .data.map((p: { firstName: string }) => p.firstName)
        .sort(),
    ).toEqual(['Gilberto', 'Gilda']);
    expect((await get(gil.sid, '/api/people?search=gil&limit=21')).statusCode).toBe(400);
    expect((await get(gil.sid, '/api/people')).json()).toEqual({ data: [] });
  });

  it('is served from the cache for every reader until the directory changes', async () => {
    const [kim, lou] = (await Promise.all(['Kimberley', 'Louisa'].map((n) => bed.signedIn(n)))) as [
      Person,
      Person,
    ];
    expect((await get(kim.sid, '/api/people?search=kimberl')).json().data).toHaveLength(1);
    const other = await get(lou.sid, '/api/people?search=kimberl');
    expect(other.headers['x-read-cache']).toBe('hit');
    // Someone new of that name: found at once.
    await bed.signedIn('Kimberly');
    const after = await get(lou.sid, '/api/people?search=kimberl');
    expect(
      after
        .json()
        .data.map((p: { firstName: string }) => p.firstName)
        .sort(),
    ).toEqual(['Kimberley', 'Kimberly']);
  });
});
