import { randomUUID } from 'node:crypto';
import type { EventDataInput } from '@careers/contracts/events/catalogue';
import { domainEvents } from '@careers/contracts/events/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { PeopleQueries, peopleQueryText } from './queries.ts';
import { ensurePeopleIndex, peopleIndex } from './search-index.ts';

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let people: PeopleQueries;

beforeAll(async () => {
  bed = await projectorTestbed('people-directory');
  people = new PeopleQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

describe('peopleQueryText', () => {
  it('requires every word, each as a prefix, letters and digits only', () => {
    expect(peopleQueryText('Ada  Lov')).toBe('ada:* & lov:*');
    expect(peopleQueryText("o'brien & | ! :*")).toBe('o:* & brien:*');
    expect(peopleQueryText('Ａｄａ')).toBe('ada:*');
    expect(peopleQueryText('  ,; ')).toBeNull();
  });
});

describe('the people directory', () => {
  const [ada, adam, grace, kim] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const profile = (userId: string, first: string, last: string, jobTitle: string, city: string) =>
    ({
      ...domainEvents.ProfileUpdated.example,
      userId,
      firstName: first,
      lastName: last,
      email: `${userId}@example.com`,
      jobTitle,
      location: { city, state: '', country: '' },
    }) satisfies EventDataInput<'ProfileUpdated'>;
  const skills = (userId: string, ...names: string[]) =>
    ({
      userId,
      skills: names.map((name) => ({ name, proficiency: 'Advanced' as const, experience: 3 })),
    }) satisfies EventDataInput<'SkillsUpdated'>;

  function history() {
    const { event, registered } = bed;
    return [
      registered(ada, 'Ada', 'Lovelace'),
      registered(adam, 'Adam', 'Smith'),
      registered(grace, 'Grace', 'Hopper'),
      registered(kim, 'Kim', 'Lee'),
      event('ProfileUpdated', ada, 2, profile(ada, 'Ada', 'Lovelace', 'Analyst', 'London')),
      event('ProfileUpdated', adam, 2, profile(adam, 'Adam', 'Smith', 'Economist', 'Kirkcaldy')),
      event('ProfileUpdated', grace, 2, profile(grace, 'Grace', 'Hopper', 'Rear Admiral', 'Arlington')),
      event('SkillsUpdated', grace, 3, skills(grace, 'COBOL', 'Compilers')),
      // Kim's skill is the Ada language: a match below the people named Ada.
      event('SkillsUpdated', kim, 2, skills(kim, 'Ada', 'TypeScript')),
    ];
  }
  let events: ReturnType<typeof history>;
  const ids = async (search: string) => (await people.search(search, 10)).map((p) => p._id);
  const index = () => peopleIndex(bed.runner.search, bed.schema);

  it('finds people by a prefix of their name, then those whose skills match, best first', async () => {
    events = history();
    await bed.runner.applyMessages(events.map(bed.message));
    expect(await ids('ada')).toEqual([ada, adam, kim]);
    expect(await ids('ada lov')).toEqual([ada]);
    expect(await ids('Ａｄａ ＬＯＶ')).toEqual([ada]);
  });

  it('finds them by job title, skill and place, and answers a card for each', async () => {
    expect(await ids('rear adm')).toEqual([grace]);
    expect(await ids('cobol')).toEqual([grace]);
    expect(await ids('typescript')).toEqual([kim]);
    expect(await ids('london')).toEqual([ada]);
    expect(await people.search('grace', 10)).toEqual([
      {
        _id: grace,
        firstName: 'Grace',
        lastName: 'Hopper',
        jobTitle: 'Rear Admiral',
        profilePicture: null,
        location: { city: 'Arlington', state: '', country: '' },
        skills: [
          { name: 'COBOL', proficiency: 'Advanced', experience: 3 },
          { name: 'Compilers', proficiency: 'Advanced', experience: 3 },
        ],
      },
    ]);
    expect(await ids('   ')).toEqual([]);
    expect(await ids('nobody-by-this-name')).toEqual([]);
    expect((await people.search('a', 2)).length).toBe(2);
  });

  it('gives the same answers after a redelivery of everything, in order and reversed, and after a rebuild', async () => {
    expect(await bed.runner.applyMessages(events.map(bed.message))).toEqual({
      applied: 0,
      skipped: events.length,
    });
    expect(await bed.runner.applyMessages([...events].reverse().map(bed.message))).toEqual({
      applied: 0,
      skipped: events.length,
    });
    expect(await ids('ada')).toEqual([ada, adam, kim]);
    expect(await index().documents()).toBe(4);
    await bed.rebuildFrom(events);
    expect(await ids('ada')).toEqual([ada, adam, kim]);
    expect(await ids('cobol')).toEqual([grace]);
    expect(await index().documents()).toBe(4);
  });

  it('makes the index again from the directory when the engine lost it', async () => {
    await index().remove();
    expect(await ids('ada')).toEqual([]);
    expect(await ensurePeopleIndex(bed.pool, bed.schema, bed.runner.search)).toBe(4);
    expect(await ids('ada')).toEqual([ada, adam, kim]);
    expect(await ensurePeopleIndex(bed.pool, bed.schema, bed.runner.search)).toBe(0);
  });

  it('never finds a deleted account', async () => {
    await bed.runner.applyMessages([
      bed.message(
        bed.event('AccountDeleted', ada, 3, { userId: ada, deletedAt: '2026-06-01T00:00:00.000Z' }),
      ),
    ]);
    expect(await ids('ada')).toEqual([adam, kim]);
    expect(await ids('london')).toEqual([]);
    expect(await index().documents()).toBe(3);
  });
});
