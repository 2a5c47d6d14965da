import { randomUUID } from 'node:crypto';
import type { EventDataInput } from '@careers/contracts/events/catalogue';
import { JobListQuery } from '@careers/contracts/requests/job-list-query';
import { projectorTestbed, testMessages } from '../testing.ts';
import { JobQueries } from './queries.ts';
import { jobPostedData } from './testing.ts';

/**
 * The board of the GET /jobs search and filter tests: a small board whose jobs differ in exactly what
 * each test is about. Jobs are posted a day apart in the order listed, so "newest first" is the
 * reverse of the list.
 */

type Posted = Partial<EventDataInput<'JobPosted'>>;
const skill = (name: string) => ({ name, required: true, proficiency: 'Advanced' as const });

const board: Posted[] = [
  {
    title: 'Kafka Platform Engineer',
    description: 'Run the event streaming platform.',
    skills: [skill('Scala')],
    company: { name: 'Streamly', industry: 'Software', size: '11-50', website: '' },
    location: { city: 'Austin', state: 'Texas', country: 'USA' },
    jobType: 'Full-time',
    workLocation: 'On-site',
    experienceLevel: 'Senior Level',
  },
  {
    title: 'Machine Learning Engineer',
    description: 'Train models and ship them.',
    skills: [skill('Python'), skill('PyTorch')],
    location: { city: 'San Francisco', state: 'California', country: 'USA' },
    jobType: 'Full-time',
    workLocation: 'Hybrid',
    experienceLevel: 'Mid Level',
  },
  {
    title: 'Learning Coordinator',
    description: 'Keep the machine room tidy and plan the learning budget.',
    location: { city: 'Toronto', state: 'Ontario', country: 'Canada' },
    jobType: 'Part-time',
    workLocation: 'On-site',
    experienceLevel: 'Entry Level',
    category: 'Education',
  },
  {
    title: 'Frontend Developer',
    description: 'Build screens people enjoy.',
    skills: [skill('JavaScript'), skill('React')],
    location: { city: 'Berlin', state: '', country: 'Germany' },
    jobType: 'Contract',
    workLocation: 'Remote',
    experienceLevel: 'Mid Level',
  },
  {
    title: 'Java Developer',
    description: 'Maintain the billing services.',
    skills: [skill('Java'), skill('Spring')],
    location: { city: 'Munich', state: 'Bavaria', country: 'Germany' },
    jobType: 'Full-time',
    workLocation: 'Hybrid',
    experienceLevel: 'Senior Level',
  },
  {
    title: 'Python Developer',
    description: 'Web services with Django.',
    skills: [skill('Python'), skill('Django')],
    location: { city: 'Paris', state: '', country: 'France' },
    jobType: 'Full-time',
    workLocation: 'Remote',
    experienceLevel: 'Mid Level',
  },
  {
    title: 'Python Developer',
    description: 'Small APIs with Flask.',
    skills: [skill('python'), skill('Flask')],
    location: { city: 'Lyon', state: '', country: 'France' },
    jobType: 'Freelance',
    workLocation: 'Remote',
    experienceLevel: 'Entry Level',
  },
  {
    title: 'Rust Engineer',
    description: 'Systems work.',
    skills: [skill('Rust')],
    location: { city: 'Amsterdam', state: 'North Holland', country: 'Netherlands' },
    jobType: 'Contract',
    workLocation: 'Remote',
    experienceLevel: 'Senior Level',
  },
  {
    title: 'Elixir Engineer',
    description: 'Realtime messaging.',
    skills: [skill('Elixir')],
    location: { city: 'Dallas', state: 'Texas', country: 'USA' },
    jobType: 'Full-time',
    workLocation: 'On-site',
    experienceLevel: 'Executive',
  },
  {
    // The newest job, and the one that only mentions Kafka in its description.
    title: 'Backend Developer',
    description: 'Services that read from Kafka and write to Postgres.',
    requirements: ['Three years of backend work'],
    skills: [skill('Go')],
    location: { city: 'Austin', state: 'Texas', country: 'USA' },
    jobType: 'Internship',
    workLocation: 'Hybrid',
    experienceLevel: 'Entry Level',
  },
];
export const BOARD_SIZE = board.length;
export const NEWEST_FIRST = board.map((job) => job.title).reverse();

/** A projector testbed (in its own namespace, `name`) with the board projected, the Elixir job closed. */
export async function boardTestbed(name: string) {
  const { event, message } = testMessages();
  const bed = await projectorTestbed(name);
  const jobs = new JobQueries(bed.pool, bed.schema);
  try {
    const events = board.map((fields, i) => {
      const data = jobPostedData({
        ...fields,
        postedAt: new Date(Date.UTC(2026, 2, 1 + i, 9)).toISOString(),
      });
      return event('JobPosted', data.jobId, 1, data);
    });
    // A closed job stays listed: the Elixir job is closed.
    const elixir = events[8];
    if (!elixir) throw new Error('the board has no Elixir job');
    events.push(
      event('JobClosed', elixir.streamId, 2, {
        jobId: elixir.streamId,
        employerId: randomUUID(),
        closedAt: '2026-04-01T09:00:00.000Z',
      }),
    );
    await bed.runner.applyMessages(events.map(message));
  } catch (error) {
    await bed.close();
    throw error;
  }
  return { bed, jobs };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The board of the minimum salary, date posted and sort tests: jobs posted hours and days before the
 * board is made (the list's date posted counts back from now), with salaries that have both ends, a
 * minimum alone, a maximum alone and none, two of them the same pay (in different currencies, which the
 * list does not look at). `pay` is the figure the list reads (the top of the range, or its minimum).
 * Listed newest first; no description names a title's word, so a search's matches are its titles.
 */
const payBoard: (Posted & { title: string; ago: number; pay: number | null })[] = [
  {
    title: 'Staff Data Engineer',
    salary: { min: 150_000, max: 190_000, currency: 'USD' },
    pay: 190_000,
    ago: 12 * HOUR_MS,
    skills: [skill('Python')],
    location: { city: 'Berlin', state: '', country: 'Germany' },
  },
  {
    title: 'Data Analyst',
    salary: { min: 90_000, max: null, currency: 'USD' },
    pay: 90_000,
    ago: 2 * DAY_MS,
    skills: [skill('SQL')],
    location: { city: 'Berlin', state: '', country: 'Germany' },
    jobType: 'Contract',
  },
  {
    title: 'Data Engineer Intern',
    salary: { min: null, max: null, currency: 'USD' },
    pay: null,
    ago: 4 * DAY_MS,
    skills: [skill('Python')],
    location: { city: 'Berlin', state: '', country: 'Germany' },
    jobType: 'Internship',
  },
  {
    title: 'Junior Data Engineer',
    salary: { min: 45_000, max: 60_000, currency: 'USD' },
    pay: 60_000,
    ago: 5 * DAY_MS,
    skills: [skill('Python')],
    location: { city: 'Lisbon', state: '', country: 'Portugal' },
  },
  {
    title: 'Platform Engineer',
    salary: { min: 100_000, max: 120_000, currency: 'USD' },
    pay: 120_000,
    ago: 10 * DAY_MS,
    skills: [skill('Go')],
    location: { city: 'Lisbon', state: '', country: 'Portugal' },
  },
  {
    title: 'Backend Engineer',
    salary: { min: 100_000, max: 120_000, currency: 'EUR' },
    pay: 120_000,
    ago: 20 * DAY_MS,
    skills: [skill('Go'), skill('Python')],
    location: { city: 'Berlin', state: '', country: 'Germany' },
  },
  {
    title: 'Senior Data Engineer',
    salary: { min: null, max: 130_000, currency: 'USD' },
    pay: 130_000,
    ago: 40 * DAY_MS,
    skills: [skill('Python')],
    location: { city: 'Lisbon', state: '', country: 'Portugal' },
  },
];
/** The pay board's titles, newest first as listed. */
export const PAY_BOARD_NEWEST = payBoard.map((job) => job.title);
/** The pay board's titles by pay, highest first, those without a salary last; newest first among equals. */
export const PAY_BOARD_BY_PAY = payBoard
  .map((job, i) => ({ title: job.title, pay: job.pay ?? -1, i }))
  .sort((a, b) => b.pay - a.pay || a.i - b.i)
  .map((job) => job.title);
/** The pay board's jobs as the filters read them: title, pay, and days since posted. */
export const PAY_BOARD = payBoard.map((job) => ({
  title: job.title,
  pay: job.pay,
  days: job.ago / DAY_MS,
  skills: (job.skills ?? []).map((s) => s.name.toLowerCase()),
  city: job.location?.city ?? '',
  jobType: job.jobType ?? 'Full-time',
}));

/** A projector testbed (in its own namespace, `name`) with the pay board projected. */
export async function payBoardTestbed(name: string) {
  const { event, message } = testMessages();
  const bed = await projectorTestbed(name);
  const jobs = new JobQueries(bed.pool, bed.schema);
  try {
    const now = Date.now();
    const events = payBoard.map(({ ago, pay: _pay, ...fields }) => {
      const data = jobPostedData({
        description: 'Work with a friendly team.',
        ...fields,
        postedAt: new Date(now - ago).toISOString(),
      });
      return event('JobPosted', data.jobId, 1, data);
    });
    await bed.runner.applyMessages(events.map(message));
  } catch (error) {
    await bed.close();
    throw error;
  }
  return { bed, jobs };
}

/** Searches of the board through the queries `jobs()` gives once the board is projected. */
export function boardSearch(jobs: () => JobQueries) {
  async function search(query: Record<string, unknown>) {
    const { jobs: found, total } = await jobs().search(JobListQuery.parse({ limit: 50, ...query }));
    return { titles: found.map((job) => job.title), total };
  }
  const titles = async (query: Record<string, unknown>) => (await search(query)).titles;
  return { search, titles };
}
