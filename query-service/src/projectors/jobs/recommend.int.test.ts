import { randomUUID } from 'node:crypto';
import type { EventDataInput } from '@careers/contracts/events/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed } from '../testing.ts';
import { JobQueries } from './queries.ts';
import { jobPostedData } from './testing.ts';

let bed: Awaited<ReturnType<typeof projectorTestbed>>;
let jobs: JobQueries;

beforeAll(async () => {
  bed = await projectorTestbed('jobs-recommend');
  jobs = new JobQueries(bed.pool, bed.schema);
});
afterAll(async () => {
  await bed?.close();
});

const skill = (name: string) => ({ name, required: true, proficiency: 'Advanced' as const });
const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T09:00:00.000Z`;

describe('recommended jobs over every open job', () => {
  const reader = randomUUID();
  const employer = randomUUID();
  const ids = Object.fromEntries(
    ['both', 'fits', 'newest', 'older', 'closed', 'late', 'own', 'applied', 'go'].map((k) => [
      k,
      randomUUID(),
    ]),
  );
  const job = (key: string, overrides: Parameters<typeof jobPostedData>[0]) =>
    jobPostedData({
      jobId: ids[key],
      employerId: employer,
      workLocation: 'On-site',
      location: { city: 'Paris', state: '', country: 'France' },
      salary: { min: 40000, max: 50000, currency: 'USD' },
      ...overrides,
    });
  const posted = [
    job('both', { skills: [skill('React'), skill('TypeScript')], postedAt: day(1) }),
    // One skill shared, and every preference met: remote, Berlin, 100,000 USD at most, "Frontend".
    job('fits', {
      title: 'Frontend Developer',
      skills: [skill('React')],
      workLocation: 'Remote',
      location: { city: 'berlin ', state: '', country: 'Germany' },
      salary: { min: null, max: 100000, currency: 'USD' },
      postedAt: day(2),
    }),
    job('newest', { skills: [skill('react')], postedAt: day(9) }),
    job('older', { skills: [skill('REACT')], postedAt: day(3) }),
    job('closed', { skills: [skill('React')], postedAt: day(8) }),
    job('late', { skills: [skill('React')], applicationDeadline: '2020-01-01', postedAt: day(8) }),
    job('own', { employerId: reader, skills: [skill('React')], postedAt: day(8) }),
    job('applied', { skills: [skill('React')], postedAt: day(8) }),
    job('go', { skills: [skill('Go')], postedAt: day(8) }),
  ];
  const profile: EventDataInput<'ProfileUpdated'> = {
    userId: reader,
    firstName: 'Rae',
    lastName: 'Reader',
    email: `${reader}@example.com`,
    phone: '',
    bio: '',
    jobTitle: 'Developer',
    location: { city: 'Berlin', state: '', country: 'Germany' },
    jobPreferences: {
      roles: ['frontend'],
      preferredLocation: 'Remote',
      salaryExpectation: { min: 90000, max: null, currency: 'USD' },
    },
  };

  const applicationId = randomUUID();

  function history() {
    const { event, registered } = bed;
    return [
      registered(reader, 'Rae', 'Reader'),
      registered(employer, 'Emil', 'Employer'),
      event('ProfileUpdated', reader, 2, profile),
      event('SkillsUpdated', reader, 3, {
        userId: reader,
        skills: [
          { name: 'react', proficiency: 'Expert', experience: 4 },
          { name: 'TYPESCRIPT', proficiency: 'Advanced', experience: 2 },
        ],
      }),
      ...posted.map((data) => event('JobPosted', data.jobId, 1, data)),
      event('JobClosed', ids.closed as string, 2, {
        jobId: ids.closed as string,
        employerId: employer,
        closedAt: day(10),
      }),
      event('ApplicationSubmitted', applicationId, 1, {
        applicationId,
        jobId: ids.applied as string,
        applicantId: reader,
        employerId: employer,
        coverLetter: 'Hello',
        expectedSalary: null,
        resume: null,
        appliedAt: day(10),
      }),
    ];
  }
  let events: ReturnType<typeof history>;
  const titlesOf = async (limit = 3) => (await jobs.recommendedFor(reader, limit)).map((j) => j._id);
  const expected = [ids.both, ids.fits, ids.newest, ids.older];

  it('ranks by skills shared (any case), then by fit to the preferences and city, then newest', async () => {
    events = history();
    await bed.runner.applyMessages(events.map(bed.message));
    expect(await titlesOf(10)).toEqual(expected);
    const top = await jobs.recommendedFor(reader, 3);
    expect(top.map((j) => j._id)).toEqual(expected.slice(0, 3));
    expect(top[0]).toMatchObject({ employer: { _id: employer, firstName: 'Emil' }, status: 'open' });
  });

  it('leaves out closed, past-deadline, own and applied-to jobs and those sharing no skill', async () => {
    const all = await titlesOf(20);
    for (const key of ['closed', 'late', 'own', 'applied', 'go']) expect(all).not.toContain(ids[key]);
  });

  it('gives the same answer after a redelivery of everything, in order and reversed, and after a rebuild', async () => {
    expect(await bed.runner.applyMessages(events.map(bed.message))).toEqual({
      applied: 0,
      skipped: events.length,
    });
    expect(await bed.runner.applyMessages([...events].reverse().map(bed.message))).toEqual({
      applied: 0,
      skipped: events.length,
    });
    expect(await titlesOf(10)).toEqual(expected);
    const { rows } = await bed.pool.query(`SELECT count(*)::int AS n FROM ${bed.schema}.dead_letters`);
    expect(rows[0]?.n).toBe(0);
    await bed.rebuildFrom(events);
    expect(await titlesOf(10)).toEqual(expected);
  });

  it('follows a new skill list, and has nothing for a stranger', async () => {
    await bed.runner.applyMessages([
      bed.message(
        bed.event('SkillsUpdated', reader, 4, {
          userId: reader,
          skills: [{ name: 'go', proficiency: 'Beginner', experience: 0 }],
        }),
      ),
    ]);
    expect(await titlesOf()).toEqual([ids.go]);
    expect(await jobs.recommendedFor(randomUUID(), 3)).toEqual([]);
  });

  it("has nothing once the reader's account is deleted", async () => {
    await bed.runner.applyMessages([
      bed.message(bed.event('AccountDeleted', reader, 5, { userId: reader, deletedAt: day(11) })),
    ]);
    expect(await titlesOf()).toEqual([]);
  });
});
