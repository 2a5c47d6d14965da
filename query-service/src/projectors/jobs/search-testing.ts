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

/** Searches of the board through the queries `jobs()` gives once the board is projected. */
export function boardSearch(jobs: () => JobQueries) {
  async function search(query: Record<string, unknown>) {
    const { jobs: found, total } = await jobs().search(JobListQuery.parse({ limit: 50, ...query }));
    return { titles: found.map((job) => job.title), total };
  }
  const titles = async (query: Record<string, unknown>) => (await search(query)).titles;
  return { search, titles };
}
