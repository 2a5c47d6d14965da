import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { domainEvents } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { routes } from '@careers/contracts/routes';
import {
  ConsistencyTokenSigner,
  consistencyTokenSecret,
  createHttpServer,
  createLogger,
  SESSION_COOKIE,
} from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionQueries } from '../projectors/connections/queries.ts';
import { networkVersion } from '../projectors/version-scopes.ts';
import { ResponseCache } from '../response-cache.ts';
import {
  connectionListCacheOptions,
  readConnectionList,
  readSuggestions,
  suggestionsCacheOptions,
} from './connections.ts';
import { registerCachedQuery } from './register-cached-query.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The connections list's and people you may know's response caches over the real projectors,
 * Postgres and Redis: an entry is served while nothing it depends on has changed, and each change is
 * a miss for exactly the people it concerns. Each test makes its own people.
 */

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;
let signer: ConsistencyTokenSigner;

beforeAll(async () => {
  bed = await queryAppTestbed('network-cache');
  signer = new ConsistencyTokenSigner(consistencyTokenSecret(bed.config));
  // The projector's start gives the network's whole version its value (an account deletion moves it).
  await bed.redis.set(networkVersion.key, randomUUID());
});
afterAll(async () => {
  await bed?.close();
});

let minute = 0;
const later = () => new Date(Date.UTC(2026, 3, 1, 9, minute++)).toISOString();
const project = (events: EventEnvelope[]) => bed.project(events);

interface Person {
  id: string;
  sid: string;
  /** The next version of the person's own stream. */
  next: number;
}

async function person(firstName: string): Promise<Person> {
  return { ...(await bed.signedIn(firstName)), next: 2 };
}

const LIST = '/api/users/connections';
const SUGGESTED = '/api/users/suggested-connections';

interface Card {
  _id?: string;
  user?: { _id: string; firstName: string; profilePicture: string | null };
  firstName?: string;
  profilePicture?: string | null;
  mutualConnections?: number;
}

async function read(who: Person, url: string, headers: Record<string, string> = {}) {
  const response = await bed.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...headers },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { data: Card[] };
  return { cache: response.headers['x-read-cache'], body };
}

/** Ids on a list: the other person of each connection, or each person suggested. */
const idsOf = (body: { data: Card[] }) => body.data.map((c) => c.user?._id ?? c._id);

/** A request from one to the other; `answer` adds its answer, as the write side records them. */
function request(from: Person, to: Person) {
  const connectionId = randomUUID();
  const parties = { connectionId, requesterId: from.id, recipientId: to.id };
  let version = 1;
  return {
    connectionId,
    asked: bed.event('ConnectionRequested', connectionId, version++, { ...parties, requestedAt: later() }),
    accepted: () =>
      bed.event('ConnectionAccepted', connectionId, version++, { ...parties, respondedAt: later() }),
    declined: () =>
      bed.event('ConnectionDeclined', connectionId, version++, { ...parties, respondedAt: later() }),
    withdrawn: () =>
      bed.event('ConnectionWithdrawn', connectionId, version++, { ...parties, withdrawnAt: later() }),
    removed: () =>
      bed.event('ConnectionRemoved', connectionId, version++, {
        ...parties,
        removedBy: from.id,
        removedAt: later(),
      }),
  };
}

async function connect(a: Person, b: Person): Promise<void> {
  const r = request(a, b);
  await project([r.asked, r.accepted()]);
}

const city = (who: Person, name: string, place: string) =>
  bed.event('ProfileUpdated', who.id, who.next++, {
    ...domainEvents.ProfileUpdated.example,
    userId: who.id,
    firstName: name,
    lastName: 'Tester',
    email: `${who.id}@example.com`,
    location: { city: place, state: '', country: 'United Kingdom' },
  });

/** Reads each of `readers`' lists twice, so that each is cached (the second read a hit). */
async function primed(readers: Person[], urls = [LIST, SUGGESTED]): Promise<void> {
  for (const who of readers) {
    for (const url of urls) {
      await read(who, url);
      expect((await read(who, url)).cache, `${url} cached`).toBe('hit');
    }
  }
}

async function expectCache(who: Person, url: string, expected: 'hit' | 'miss') {
  expect((await read(who, url)).cache, url).toBe(expected);
}

/**
 * A small network: Ann-Bob, Bob-Zed (so Zed is Ann's suggestion, with Bob in common), and Cy-Dee with
 * Dee connected to ten more, so Cy's suggestions are those ten, none of the others.
 */
async function network() {
  const [ann, bob, zed, cy, dee] = await Promise.all([
    person('Ann'),
    person('Bob'),
    person('Zed'),
    person('Cy'),
    person('Dee'),
  ]);
  const dees = await Promise.all(Array.from({ length: 10 }, (_, i) => person(`Friend${i}`)));
  await connect(ann, bob);
  await connect(bob, zed);
  await connect(cy, dee);
  for (const friend of dees) await connect(dee, friend);
  return { ann, bob, zed, cy, dee };
}

describe('the network caches', () => {
  it('serve a reader their cached lists until their own network changes, and only theirs', async () => {
    const { ann, bob, zed, cy } = await network();
    expect(idsOf((await read(ann, LIST)).body)).toEqual([bob.id]);
    expect(idsOf((await read(ann, SUGGESTED)).body)[0]).toBe(zed.id);
    expect(idsOf((await read(cy, SUGGESTED)).body)).not.toContain(zed.id);

    const xan = await person('Xan');
    // Each step: Ann and Xan (the two people of the connection) fresh, Cy still cached.
    const asked = request(xan, ann);
    const steps: [string, EventEnvelope][] = [
      ['requested', asked.asked],
      ['accepted', asked.accepted()],
      ['removed', asked.removed()],
    ];
    const declinedOne = request(ann, xan);
    steps.push(['requested again', declinedOne.asked], ['declined', declinedOne.declined()]);
    const withdrawnOne = request(ann, xan);
    steps.push(['requested once more', withdrawnOne.asked], ['withdrawn', withdrawnOne.withdrawn()]);
    for (const [what, event] of steps) {
      await primed([ann, xan, cy]);
      await project([event]);
      for (const url of [LIST, SUGGESTED]) {
        expect((await read(ann, url)).cache, `${what}: Ann ${url}`).toBe('miss');
        expect((await read(xan, url)).cache, `${what}: Xan ${url}`).toBe('miss');
        expect((await read(cy, url)).cache, `${what}: Cy ${url}`).toBe('hit');
      }
    }
    // What the last reads show: Xan was connected, then not; requests answered or withdrawn exclude no one.
    expect(idsOf((await read(ann, LIST)).body)).toEqual([bob.id]);
    expect(idsOf((await read(ann, `${LIST}?status=pending`)).body)).toEqual([]);
  });

  it("make a reader's lists fresh when their own city or skills change, and their card wherever it is shown", async () => {
    const { ann, bob, zed, cy } = await network();
    await primed([ann, bob, zed, cy]);
    await project([city(ann, 'Ann', 'Leeds')]);
    // Ann's own lists (her city is what her suggestions match on); Bob's list shows her card; Zed's
    // suggestions show her (Bob in common).
    await expectCache(ann, LIST, 'miss');
    await expectCache(ann, SUGGESTED, 'miss');
    await expectCache(bob, LIST, 'miss');
    const zeds = await read(zed, SUGGESTED);
    expect(zeds.cache).toBe('miss');
    expect(idsOf(zeds.body)[0]).toBe(ann.id);
    // Not Zed's list (Ann is not his connection), nor Cy's.
    await expectCache(zed, LIST, 'hit');
    await expectCache(cy, LIST, 'hit');
    await expectCache(cy, SUGGESTED, 'hit');

    await primed([ann, bob, zed]);
    await project([
      bed.event('SkillsUpdated', ann.id, ann.next++, {
        userId: ann.id,
        skills: [{ name: 'Go', proficiency: 'Advanced', experience: 2 }],
      }),
    ]);
    await expectCache(ann, SUGGESTED, 'miss');
    await expectCache(bob, LIST, 'miss');
    const withSkills = await read(zed, SUGGESTED);
    expect(withSkills.cache).toBe('miss');
    expect(withSkills.body.data[0]).toMatchObject({ _id: ann.id, skills: [{ name: 'Go' }] });
    await expectCache(cy, SUGGESTED, 'hit');
  });

  it("make the lists showing a person fresh when their picture changes or their account goes, and no one else's", async () => {
    const { ann, bob, zed, cy } = await network();
    await primed([ann, bob, cy]);
    await project([
      bed.event('ProfilePictureUploaded', zed.id, zed.next++, {
        userId: zed.id,
        pictureId: randomUUID(),
        size: 1000,
        uploadedAt: later(),
      }),
    ]);
    // Zed is on Ann's suggestions and Bob's connections; not on Ann's connections nor Cy's anything.
    const anns = await read(ann, SUGGESTED);
    expect(anns.cache).toBe('miss');
    expect(anns.body.data[0]?.profilePicture).not.toBeNull();
    const bobs = await read(bob, LIST);
    expect(bobs.cache).toBe('miss');
    expect(bobs.body.data.find((c) => c.user?._id === zed.id)?.user?.profilePicture).not.toBeNull();
    await expectCache(ann, LIST, 'hit');
    await expectCache(cy, LIST, 'hit');
    await expectCache(cy, SUGGESTED, 'hit');

    await primed([ann, bob, cy]);
    await project([bed.event('ProfilePictureRemoved', zed.id, zed.next++, { userId: zed.id })]);
    await expectCache(ann, SUGGESTED, 'miss');
    await expectCache(bob, LIST, 'miss');
    await expectCache(ann, LIST, 'hit');
    await expectCache(cy, SUGGESTED, 'hit');

    await primed([ann, cy], [SUGGESTED]);
    await project([bed.event('AccountDeleted', zed.id, zed.next++, { userId: zed.id, deletedAt: later() })]);
    const afterDeletion = await read(ann, SUGGESTED);
    expect(afterDeletion.cache).toBe('miss');
    expect(idsOf(afterDeletion.body)).not.toContain(zed.id);
    // A deletion leaves no version key named after the person, so it retires every network read at once.
    await expectCache(cy, SUGGESTED, 'miss');
    expect(await bed.redis.keys(`*projections:*${zed.id}*`)).toEqual([]);
  });

  it('make a name-sorted list fresh when a connection not on its page is renamed', async () => {
    const [ann, bob, cat] = await Promise.all([person('Ann'), person('Bob'), person('Cat')]);
    await connect(ann, bob);
    await connect(ann, cat);
    const page1 = `${LIST}?limit=1&sortBy=name`;
    const byDate = `${LIST}?limit=1&sortBy=createdAt&sortOrder=asc`;
    expect(idsOf((await read(ann, page1)).body)).toEqual([bob.id]);
    expect(idsOf((await read(ann, byDate)).body)).toEqual([bob.id]);
    await primed([ann], [page1, byDate]);
    await project([city(cat, 'Abe', '')]);
    const renamed = await read(ann, page1);
    expect(renamed.cache).toBe('miss');
    expect(idsOf(renamed.body)).toEqual([cat.id]);
    // By date only the relationships decide the page, and Cat is not on it.
    await expectCache(ann, byDate, 'hit');
  });

  it('answer a reader holding the token of their own request with it applied, never the cached list', async () => {
    const { ann, zed } = await network();
    await primed([ann], [SUGGESTED]);
    const r = request(ann, zed);
    const token = signer.issue({ streamId: r.connectionId, streamVersion: 1 }, ann.id);
    const waiting = read(ann, SUGGESTED, { [CONSISTENCY_HEADER]: token });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await project([r.asked]);
    const waited = await waiting;
    expect(waited.cache).toBe('miss');
    // A request pending either way takes the person off the suggestions.
    expect(idsOf(waited.body)).not.toContain(zed.id);
  });
});

describe('a list read while its reader connects', () => {
  /** The routes' caches on an app of their own whose handlers let events be applied right after the query. */
  async function raceApp() {
    const app = await createHttpServer({
      serviceName: 'network-race',
      logger: createLogger('test', 'silent'),
      allowedOrigins: [],
      trustedProxies: [],
    });
    const between: { work: (() => Promise<void>) | null } = { work: null };
    const then = async () => {
      const work = between.work;
      between.work = null;
      if (work) await work();
    };
    const list = readConnectionList(new ConnectionQueries(bed.pool, bed.schema));
    const suggestions = readSuggestions({ pool: bed.pool, schema: bed.schema });
    const deps = { app, redis: bed.redis };
    registerCachedQuery(
      deps,
      routes.listConnections,
      connectionListCacheOptions(new ResponseCache(1024 * 1024)),
      async (input) => {
        const body = await list(input);
        await then();
        return body;
      },
    );
    registerCachedQuery(
      deps,
      routes.listSuggestedConnections,
      suggestionsCacheOptions(new ResponseCache(1024 * 1024)),
      async (input) => {
        const body = await suggestions(input);
        await then();
        return body;
      },
    );
    await app.ready();
    const get = async (who: Person, url: string) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { cookie: `${SESSION_COOKIE}=${who.sid}` },
      });
      return { cache: response.headers['x-read-cache'], body: response.json() as { data: Card[] } };
    };
    return { app, between, get };
  }

  it('does not keep what it read: the next read is a miss and shows the change', async () => {
    const { ann, bob, zed } = await network();
    const race = await raceApp();
    try {
      const r = request(ann, zed);
      await project([r.asked]);
      race.between.work = () => project([r.accepted()]);
      const stale = await race.get(ann, LIST);
      expect(idsOf(stale.body)).toEqual([bob.id]);
      const next = await race.get(ann, LIST);
      expect(next.cache).toBe('miss');
      expect(new Set(idsOf(next.body))).toEqual(new Set([bob.id, zed.id]));
      expect((await race.get(ann, LIST)).cache).toBe('hit');

      const xan = await person('Xan');
      await connect(zed, xan);
      race.between.work = () => project([request(ann, xan).asked]);
      const before = await race.get(ann, SUGGESTED);
      expect(idsOf(before.body)).toContain(xan.id);
      const after = await race.get(ann, SUGGESTED);
      expect(after.cache).toBe('miss');
      expect(idsOf(after.body)).not.toContain(xan.id);
    } finally {
      await race.app.close();
    }
  });

  it('keeps it when the change during the read is someone else’s', async () => {
    const { ann, cy } = await network();
    const race = await raceApp();
    try {
      const eve = await person('Eve');
      race.between.work = () => connect(cy, eve);
      const first = await race.get(ann, LIST);
      expect(first.cache).toBe('miss');
      expect(await race.get(ann, LIST)).toEqual({ cache: 'hit', body: first.body });
    } finally {
      await race.app.close();
    }
  });
});
