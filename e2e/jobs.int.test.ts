/**
 * Jobs and applications through the whole read side, against the real Postgres, Kafka and Redis: job
 * and application events appended to the command-service's event log -> Kafka -> projectors -> the
 * job query routes; live pushes to the applicant's and the poster's sockets; and a rebuild of every
 * read model from the topics that reproduces the jobs and applications read models exactly.
 *
 * The events are appended through the command-service's event store (as the write side's routes do),
 * so this file tests the read side on its own terms while the job commands are being built.
 */

import { randomUUID } from 'node:crypto';
import { sendCommand, sessionCookieOf } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { Application, JobApplicant } from '@careers/contracts/entities/application';
import { Job, PostedJob } from '@careers/contracts/entities/job';
import { type DomainEventType, type EventDataInput, newEvent } from '@careers/contracts/events/catalogue';
import { jobMessages } from '@careers/contracts/messages';
import { serverEvents } from '@careers/contracts/sockets';
import type { StreamType } from '@careers/contracts/topics';
import { jobPostedData } from '@careers/query-service/projectors/jobs/testing';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sameWrite, startInProcessServices } from './in-process.ts';

const services = await startInProcessServices('jobs');
const { ns, command } = services;

afterAll(() => services.close());

interface Person {
  id: string;
  sid: string;
}

/** Every consistency token written since the last read, sent with the next read (read-your-writes). */
let tokens: string[] = [];

async function get(who: Person, path: string) {
  const sent = tokens;
  tokens = [];
  return services.read(who.sid, path, sent);
}

async function data<S extends z.ZodType>(who: Person, path: string, schema: S): Promise<z.infer<S>> {
  const { status, body } = await get(who, path);
  expect(status, JSON.stringify(body)).toBe(200);
  return schema.parse(body.data);
}

let seq = 0;
async function signUp(firstName: string): Promise<Person> {
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`,
      password: 'jobs-test-1',
      accountType: 'job_seeker',
    },
  });
  expect(response.statusCode).toBe(201);
  const token = response.headers[CONSISTENCY_HEADER];
  if (typeof token === 'string') tokens.push(token);
  return { id: response.json().user._id, sid: sessionCookieOf(response)?.value as string };
}

/** Appends events to a stream through the command-service's event store, as a command would. */
async function append<T extends DomainEventType>(
  actor: Person,
  streamType: StreamType,
  streamId: string,
  expectedVersion: number,
  events: { type: T; data: EventDataInput<T> }[],
) {
  const written = await command.deps.store.execute({ actorId: actor.id }, (tx) =>
    tx.append({
      streamType,
      streamId,
      expectedVersion,
      events: events.map((e) => newEvent(e.type, e.data)),
    }),
  );
  const last = written.events.at(-1);
  if (last) tokens.push(`${streamId}@${last.streamVersion}`);
  return last ? `${streamId}@${last.streamVersion}` : '';
}

async function postJob(poster: Person, fields: Parameters<typeof jobPostedData>[0]): Promise<string> {
  const data = jobPostedData({ ...fields, employerId: poster.id, postedAt: new Date().toISOString() });
  await append(poster, 'job', data.jobId, 0, [{ type: 'JobPosted', data }]);
  return data.jobId;
}

interface Applied {
  applicationId: string;
  jobId: string;
  applicantId: string;
  employerId: string;
}

async function apply(
  applicant: Person,
  jobId: string,
  poster: Person,
  coverLetter: string,
): Promise<Applied> {
  const parties = { applicationId: randomUUID(), jobId, applicantId: applicant.id, employerId: poster.id };
  await append(applicant, 'application', parties.applicationId, 0, [
    {
      type: 'ApplicationSubmitted',
      data: { ...parties, coverLetter, expectedSalary: 80000, appliedAt: new Date().toISOString() },
    },
  ]);
  return parties;
}

const openSocket = (who: Person): Promise<Socket> => services.openSocket(who.sid);

const next = (socket: Socket, event: string) =>
  new Promise<Record<string, unknown>>((resolve) => socket.once(event, resolve));

const titlesOf = (body: Record<string, unknown>) => (body.data as Job[]).map((job) => job.title);

describe('jobs and applications, end to end', () => {
  let eve: Person;
  let ann: Person;
  let ben: Person;
  let kafkaJob: string;
  let backendJob: string;
  let annApplied: Applied;
  let benApplied: Applied;

  it('searches the posted jobs: ranked text, prefix, filters and pages', async () => {
    [eve, ann, ben] = await Promise.all([signUp('Eve'), signUp('Ann'), signUp('Ben')]);
    kafkaJob = await postJob(eve, {
      title: 'Kafka Platform Engineer',
      description: 'Run the streaming platform.',
      skills: [{ name: 'Scala', required: true, proficiency: 'Advanced' }],
      location: { city: 'Austin', state: 'Texas', country: 'USA' },
      workLocation: 'On-site',
    });
    await postJob(ben, {
      title: 'Frontend Developer',
      description: 'Screens people enjoy.',
      skills: [{ name: 'JavaScript', required: true, proficiency: 'Advanced' }],
      jobType: 'Contract',
    });
    backendJob = await postJob(eve, {
      title: 'Backend Developer',
      description: 'Services that read from Kafka.',
      location: { city: 'Austin', state: 'Texas', country: 'USA' },
    });

    const all = await get(ann, '/api/jobs?limit=2');
    expect(all.status).toBe(200);
    expect(titlesOf(all.body)).toEqual(['Backend Developer', 'Frontend Developer']);
    expect(all.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalJobs: 3,
      hasNext: true,
      hasPrev: false,
    });
    const last = await get(ann, '/api/jobs?limit=2&page=2');
    expect(titlesOf(last.body)).toEqual(['Kafka Platform Engineer']);
    expect(last.body.pagination).toMatchObject({ currentPage: 2, hasNext: false, hasPrev: true });
    const past = await get(ann, '/api/jobs?limit=2&page=5');
    expect(past.body).toEqual({
      data: [],
      pagination: { currentPage: 5, totalPages: 2, totalJobs: 3, hasNext: false, hasPrev: true },
    });

    // The title match first, though the description match is newer.
    expect(titlesOf((await get(ann, '/api/jobs?search=kafka')).body)).toEqual([
      'Kafka Platform Engineer',
      'Backend Developer',
    ]);
    expect(titlesOf((await get(ann, '/api/jobs?search=java')).body)).toEqual(['Frontend Developer']);
    expect(
      titlesOf((await get(ann, `/api/jobs?search=${encodeURIComponent('developer -kafka')}`)).body),
    ).toEqual(['Frontend Developer']);
    expect(titlesOf((await get(ann, '/api/jobs?location=TEXAS&workLocation=Remote')).body)).toEqual([
      'Backend Developer',
    ]);
    expect(titlesOf((await get(ann, '/api/jobs?skills=scala,javascript&jobType=Contract')).body)).toEqual([
      'Frontend Developer',
    ]);
  });

  it('serves one job with its poster, and 404 for an unknown or malformed id', async () => {
    const job = await data(ann, `/api/jobs/${kafkaJob}`, Job);
    expect(job).toMatchObject({
      _id: kafkaJob,
      title: 'Kafka Platform Engineer',
      employer: { _id: eve.id, firstName: 'Eve', lastName: 'Tester' },
      applications: [],
      status: 'open',
    });
    for (const path of [`/api/jobs/${randomUUID()}`, '/api/jobs/nope', '/api/jobs/nope/applications']) {
      expect(await get(ann, path)).toEqual({ status: 404, body: { message: jobMessages.jobNotFound } });
    }
  });

  it("pushes a new application to the poster, counts it, and lists it as the applicant's", async () => {
    const eveSocket = await openSocket(eve);
    const told = next(eveSocket, serverEvents.jobApplicationsChanged);
    annApplied = await apply(ann, kafkaJob, eve, 'I run Kafka for a living.');
    expect(await told).toEqual({
      jobId: kafkaJob,
      applicationId: annApplied.applicationId,
      status: 'pending',
      consistencyToken: sameWrite(`${annApplied.applicationId}@1`),
    });
    benApplied = await apply(ben, kafkaJob, eve, 'Scala is my first language.');

    const job = await data(ann, `/api/jobs/${kafkaJob}`, Job);
    expect(job.applications).toEqual([{}, {}]);

    const mine = await data(ann, '/api/jobs/my/applications', z.array(Application));
    expect(mine).toEqual([
      {
        _id: annApplied.applicationId,
        job: expect.objectContaining({
          _id: kafkaJob,
          title: 'Kafka Platform Engineer',
          employer: { _id: eve.id, firstName: 'Eve', lastName: 'Tester' },
        }),
        jobEditedSince: false,
        status: 'pending',
        appliedAt: expect.any(String),
        coverLetter: 'I run Kafka for a living.',
        expectedSalary: 80000,
      },
    ]);
  });

  it('pushes a move to the applicant and the poster, and keeps the history', async () => {
    const [annSocket, eveSocket] = await Promise.all([openSocket(ann), openSocket(eve)]);
    const annTold = next(annSocket, serverEvents.applicationUpdated);
    const eveTold = next(eveSocket, serverEvents.jobApplicationsChanged);
    const token = await append(eve, 'application', annApplied.applicationId, 1, [
      {
        type: 'ApplicationStatusChanged',
        data: { ...annApplied, from: 'pending', to: 'interview', changedAt: new Date().toISOString() },
      },
    ]);
    expect(await annTold).toEqual({
      applicationId: annApplied.applicationId,
      jobId: kafkaJob,
      status: 'interview',
      consistencyToken: sameWrite(token),
    });
    expect(await eveTold).toMatchObject({ applicationId: annApplied.applicationId, status: 'interview' });

    const applicants = await data(eve, `/api/jobs/${kafkaJob}/applications`, z.array(JobApplicant));
    expect(applicants.map((a) => [a.applicant.firstName, a.status])).toEqual([
      ['Ben', 'pending'],
      ['Ann', 'interview'],
    ]);
    expect(applicants[1]?.history.map((entry) => entry.status)).toEqual(['pending', 'interview']);
    // Nobody but the poster has the applicants view.
    for (const someone of [ann, ben]) {
      expect(await get(someone, `/api/jobs/${kafkaJob}/applications`)).toEqual({
        status: 404,
        body: { message: jobMessages.jobNotFound },
      });
    }
  });

  it('pushes a withdrawal to both, and counts it apart from "{n} applied"', async () => {
    const [benSocket, eveSocket] = await Promise.all([openSocket(ben), openSocket(eve)]);
    const benTold = next(benSocket, serverEvents.applicationUpdated);
    const eveTold = next(eveSocket, serverEvents.jobApplicationsChanged);
    await append(ben, 'application', benApplied.applicationId, 1, [
      {
        type: 'ApplicationWithdrawn',
        data: { ...benApplied, from: 'pending', withdrawnAt: new Date().toISOString() },
      },
    ]);
    expect(await benTold).toMatchObject({ applicationId: benApplied.applicationId, status: 'withdrawn' });
    expect(await eveTold).toMatchObject({ applicationId: benApplied.applicationId, status: 'withdrawn' });

    const posted = await data(eve, '/api/jobs/my/posted', z.array(PostedJob));
    expect(posted.map((job) => [job.title, job.applications.length, job.applicationCounts])).toEqual([
      ['Backend Developer', 0, { pending: 0, interview: 0, accepted: 0, rejected: 0, withdrawn: 0 }],
      ['Kafka Platform Engineer', 1, { pending: 0, interview: 1, accepted: 0, rejected: 0, withdrawn: 1 }],
    ]);
    expect(await data(ben, '/api/jobs/my/applications', z.array(Application))).toMatchObject([
      { _id: benApplied.applicationId, status: 'withdrawn' },
    ]);
  });

  it('keeps a closed job listed and marked closed', async () => {
    await append(eve, 'job', backendJob, 1, [
      {
        type: 'JobClosed',
        data: { jobId: backendJob, employerId: eve.id, closedAt: new Date().toISOString() },
      },
    ]);
    const { body } = await get(ann, '/api/jobs');
    expect((body.data as Job[]).map((job) => [job.title, job.status])).toEqual([
      ['Backend Developer', 'closed'],
      ['Frontend Developer', 'open'],
      ['Kafka Platform Engineer', 'open'],
    ]);
  });

  it('rebuilds the jobs and applications read models from the topics into exactly the same rows and answers', async () => {
    const snapshot = async () => {
      const tables = await services.rows([
        ['users', 'id'],
        ['jobs', 'id'],
        ['applications', 'id'],
        ['application_status_history', 'application_id, stream_version'],
        ['stream_checkpoints', 'stream_id'],
      ]);
      const answers = {
        list: (await get(ann, '/api/jobs?search=developer OR engineer')).body,
        posted: (await get(eve, '/api/jobs/my/posted')).body,
        applicants: (await get(eve, `/api/jobs/${kafkaJob}/applications`)).body,
        mine: (await get(ben, '/api/jobs/my/applications')).body,
      };
      return { tables, answers };
    };
    const before = await snapshot();
    expect(before.tables.applications).toHaveLength(2);
    expect(before.tables.application_status_history).toHaveLength(4);

    await services.rebuildFromTopics();
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});
