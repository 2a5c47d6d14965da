import { decidePostJob } from '@careers/command-service/jobs/decide';
import { isRefusal } from '@careers/command-service/pipeline/domain-error';
import { experienceLevels, jobCategories, jobTypes, workLocations } from '@careers/contracts/constants';
import { domainEvents } from '@careers/contracts/events/catalogue';
import { CreateJobRequest } from '@careers/contracts/requests/create-job';
import { describe, expect, it } from 'vitest';
import { type JobBoardOptions, type JobPosting, jobPostings } from './job-generator.ts';
import { SeededRandom } from './seeded-random.ts';

const employerIds = [
  '3f0c1d9e-8a4b-4c2d-9e1f-0a1b2c3d4e5f',
  '7b2e4f6a-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  'c4d5e6f7-a8b9-4c0d-9e1f-2a3b4c5d6e7f',
];
const board: JobBoardOptions = { seed: 42, employerIds, now: new Date('2026-03-01T12:00:00.000Z') };
const take = (options: JobBoardOptions, count: number): JobPosting[] => [...jobPostings(options, count)];
const jobs = take(board, 2000);

describe('SeededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = new SeededRandom(7);
    const b = new SeededRandom(7);
    const c = new SeededRandom(8);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('makes version 4 UUIDs', () => {
    const random = new SeededRandom(1);
    for (let i = 0; i < 100; i++) {
      expect(random.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe('jobPostings', () => {
  it('gives the same jobs for the same seed, employers and now, and other jobs for another seed', () => {
    expect(take(board, 200)).toEqual(jobs.slice(0, 200));
    const other = take({ ...board, seed: 43 }, 200);
    expect(other.map((j) => j.request.title)).not.toEqual(jobs.slice(0, 200).map((j) => j.request.title));
  });

  it('writes requests the Post-a-Job form accepts, and JobPosted data that passes its schema', () => {
    for (const job of jobs) {
      expect(CreateJobRequest.parse(job.request)).toEqual(job.request);
      const events = decidePostJob({ ...job, now: job.postedAt });
      if (isRefusal(events)) throw new Error(`refused: ${events.message}`);
      const [posted] = events;
      expect(posted?.type).toBe('JobPosted');
      expect(domainEvents.JobPosted.data.parse(posted?.data)).toEqual(posted?.data);
    }
  });

  it('posts within the 90 days before now, with any deadline after the posting', () => {
    const now = board.now.getTime();
    for (const { postedAt, request } of jobs) {
      expect(postedAt.getTime()).toBeLessThanOrEqual(now);
      expect(postedAt.getTime()).toBeGreaterThanOrEqual(now - 90 * 86_400_000);
      if (request.applicationDeadline !== null) {
        expect(request.applicationDeadline > postedAt.toISOString().slice(0, 10)).toBe(true);
      }
    }
  });

  it('varies every field a search or filter reads', () => {
    const distinct = <T>(pick: (job: JobPosting) => T) => new Set(jobs.map(pick)).size;
    expect(new Set(jobs.map((j) => j.jobId)).size).toBe(jobs.length);
    expect(distinct((j) => j.request.title)).toBeGreaterThan(300);
    expect(distinct((j) => j.request.description)).toBe(jobs.length);
    expect(distinct((j) => j.request.company.name)).toBeGreaterThan(200);
    expect(distinct((j) => j.request.location.city)).toBeGreaterThan(30);
    expect(distinct((j) => j.request.salary.currency)).toBeGreaterThan(8);
    expect(new Set(jobs.flatMap((j) => j.request.skills.map((s) => s.name))).size).toBeGreaterThan(150);
    expect(distinct((j) => j.employerId)).toBe(employerIds.length);
    for (const [field, all] of [
      ['jobType', jobTypes],
      ['workLocation', workLocations],
      ['experienceLevel', experienceLevels],
      ['category', jobCategories],
    ] as const) {
      expect(new Set(jobs.map((j) => j.request[field]))).toEqual(new Set(all));
    }
  });

  it('keeps the board plausible: technology most common, salaries by level, internships entry level', () => {
    const share = (test: (job: JobPosting) => boolean) => jobs.filter(test).length / jobs.length;
    expect(share((j) => j.request.category === 'Technology')).toBeGreaterThan(0.25);
    expect(share((j) => j.request.jobType === 'Full-time')).toBeGreaterThan(0.5);
    const median = (level: string) => {
      const usd = jobs
        .filter((j) => j.request.experienceLevel === level && j.request.salary.currency === 'USD')
        .map((j) => j.request.salary.min as number)
        .sort((a, b) => a - b);
      return usd[Math.floor(usd.length / 2)] as number;
    };
    expect(median('Entry Level')).toBeLessThan(median('Mid Level'));
    expect(median('Mid Level')).toBeLessThan(median('Senior Level'));
    expect(median('Senior Level')).toBeLessThan(median('Executive'));
    for (const job of jobs.filter((j) => j.request.jobType === 'Internship')) {
      expect(job.request.experienceLevel).toBe('Entry Level');
    }
  });
});
