import { randomUUID } from 'node:crypto';
import { domainEvents, type EventDataInput } from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { interleaved, seeded } from './batch-history.ts';
import { Thread } from './batch-messaging-history.ts';
import { testMessages } from './testing.ts';

/**
 * Applications as the write side makes them, their streams interleaved: submitted (some with a
 * resume), moved through statuses, withdrawn, and an applicant deleting their account partway (their
 * AccountDeleted on the user topic), so some of their applications come after it and are not written.
 * The employer and some applicants write about a job applied to (a conversation naming it), hers among
 * them: her messages and reads may be applied after her AccountDeleted, and the employer reads on.
 */
export function applicationHistory(seed: number): EventEnvelope[] {
  const random = seeded(seed);
  const { event, registered } = testMessages();
  const users = Array.from({ length: 8 }, () => randomUUID());
  const employer = users[0] as string;
  const leaving = users[1] as string;
  const streams: EventEnvelope[][] = users.map((userId, i) => [registered(userId, `Applicant${i}`)]);
  // One applicant turns application updates off from partway through: later changes are kept hidden.
  const turning = streams[2] as EventEnvelope[];
  turning[0] = { ...(turning[0] as EventEnvelope), occurredAt: '2026-01-02T00:00:00.000Z' };
  turning.push({
    ...event('NotificationSettingsUpdated', users[2] as string, 2, {
      userId: users[2] as string,
      settings: { ...domainEvents.NotificationSettingsUpdated.example.settings, applicationUpdates: false },
    }),
    occurredAt: '2026-01-03T00:20:00.000Z',
  });
  const jobs = Array.from({ length: 3 }, () => randomUUID());
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 3, 0, minute)).toISOString();
  /** Applicants and the first job each applied to, and when: the conversations' (below). */
  const applied = new Map<string, { jobId: string; minute: number }>();
  for (let i = 0; i < 40; i++) {
    const applicationId = randomUUID();
    const parties = {
      applicationId,
      jobId: random.pick(jobs),
      applicantId: random.pick(users.slice(1)),
      employerId: employer,
    };
    const stream = [
      event('ApplicationSubmitted', applicationId, 1, {
        ...parties,
        coverLetter: `Letter ${i}`,
        expectedSalary: random.int(2) === 0 ? null : 50_000 + i,
        resume:
          random.int(2) === 0 ? null : { resumeId: randomUUID(), filename: `cv-${i}.pdf`, size: 1000 + i },
        appliedAt: at(i),
      }),
    ];
    let from: 'pending' | 'interview' = 'pending';
    for (const to of ['interview', 'rejected'] as const) {
      if (random.int(3) === 0) break;
      stream.push(
        event('ApplicationStatusChanged', applicationId, stream.length + 1, {
          ...parties,
          from,
          to,
          changedAt: at(i + stream.length),
        }),
      );
      if (to === 'rejected') break;
      from = to;
    }
    if (random.int(4) === 0 && stream.length < 3) {
      stream.push(
        event('ApplicationWithdrawn', applicationId, stream.length + 1, {
          ...parties,
          from,
          withdrawnAt: at(i + 5),
        }),
      );
    }
    streams.push(stream);
    if (!applied.has(parties.applicantId))
      applied.set(parties.applicantId, { jobId: parties.jobId, minute: i });
  }
  // Conversations of the employer with the applicants, drawn from a generator of their own (the rest of
  // the history is as it was without them): hers up to her deletion, the employer reading on after it.
  const chat = seeded(seed * 7919 + 29);
  for (const [applicantId, { jobId, minute }] of applied) {
    if (applicantId !== leaving && chat.int(2) === 0) continue;
    const thread = new Thread(employer, applicantId, { jobId, title: `Job ${jobId.slice(0, 8)}` });
    const stream = thread.steps(chat, event, 3 + chat.int(4), (k) => at(minute + 1 + k));
    if (applicantId === leaving) {
      for (let k = 0; k < 2; k++) {
        const read = thread.step(chat, event, at(40 + k), { by: employer, send: false });
        if (read) stream.push(read);
      }
    }
    streams.push(stream);
  }
  // Her deletion partway through the history.
  (streams[1] as EventEnvelope[]).push(
    event('AccountDeleted', leaving, 2, { userId: leaving, deletedAt: at(20) }),
  );
  return interleaved(streams, random);
}

/**
 * Jobs as the write side makes them, with the people they alert: skills and roles saved (and saved
 * again, so a job matches someone as they stood at its time), alerts turned off or limited to a work
 * location, jobs posted with and without skills, some edited by their posters (once or more, some
 * moved to another type, place and company, one edit redelivered after the rest of the topic, and
 * now and then one of a closed job), some closed later, and a poster deleting their account
 * partway (their jobs stay listed, and those applied after it alert nobody). People save jobs and unsave
 * some of them, often within one batch (the leaving poster's saves go with their account). The
 * people's topic and the jobs' are each in order; the jobs' comes whole after the people's or
 * interleaved with it.
 */
export function jobHistory(seed: number): { people: EventEnvelope[]; jobs: EventEnvelope[] } {
  const random = seeded(seed);
  const { event, registered } = testMessages();
  const users = Array.from({ length: 10 }, () => randomUUID());
  const leaving = users[0] as string;
  const skills = ['TypeScript', 'Kafka', 'Postgres', 'Go'];
  const roles = ['Data Engineer', 'Backend Engineer', 'Designer'];
  const locations = ['Remote', 'Hybrid', 'On-site'] as const;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 4, 0, minute)).toISOString();
  const jobIds = Array.from({ length: 60 }, () => randomUUID());
  // The saves draw from a generator of their own, so the rest of the history is drawn as without them.
  const saving = seeded(seed + 1000);
  const people: EventEnvelope[] = [];
  for (const [i, userId] of users.entries()) {
    const stream: EventEnvelope[] = [{ ...registered(userId, `Seeker${i}`), occurredAt: at(0) }];
    const add = (
      type: 'SkillsUpdated' | 'ProfileUpdated' | 'NotificationSettingsUpdated',
      minute: number,
    ) => {
      const version = stream.length + 1;
      const data =
        type === 'SkillsUpdated'
          ? {
              userId,
              skills: skills
                .filter(() => random.int(2) === 0)
                .map((name) => ({ name, proficiency: 'Intermediate' as const, experience: 2 })),
            }
          : type === 'ProfileUpdated'
            ? {
                ...domainEvents.ProfileUpdated.example,
                userId,
                firstName: `Seeker${i}`,
                jobPreferences: {
                  ...domainEvents.ProfileUpdated.example.jobPreferences,
                  roles: [random.pick(roles)],
                  preferredLocation: random.int(3) === 0 ? random.pick(locations) : null,
                },
              }
            : {
                userId,
                settings: {
                  ...domainEvents.NotificationSettingsUpdated.example.settings,
                  jobAlerts: random.int(3) !== 0,
                },
              };
      stream.push({ ...event(type, userId, version, data as never), occurredAt: at(minute) });
    };
    add('SkillsUpdated', 1);
    add('ProfileUpdated', 2);
    if (i % 3 === 1) add('NotificationSettingsUpdated', 3 + random.int(60));
    add('SkillsUpdated', 30 + random.int(60));
    // Saves as the write side records them: JobSaved of a job not saved, JobUnsaved of one saved.
    const saved = new Set<string>();
    const saves = saving.int(7);
    for (let n = 0; n < saves; n++) {
      const minute = 40 + n;
      const jobId = saved.size > 0 && saving.int(3) === 0 ? saving.pick([...saved]) : saving.pick(jobIds);
      const version = stream.length + 1;
      if (saved.has(jobId)) {
        saved.delete(jobId);
        stream.push({
          ...event('JobUnsaved', userId, version, { userId, jobId, unsavedAt: at(minute) }),
          occurredAt: at(minute),
        });
      } else {
        saved.add(jobId);
        stream.push({
          ...event('JobSaved', userId, version, { userId, jobId, savedAt: at(minute) }),
          occurredAt: at(minute),
        });
      }
    }
    if (userId === leaving) {
      stream.push({
        ...event('AccountDeleted', userId, stream.length + 1, { userId, deletedAt: at(50) }),
        occurredAt: at(50),
      });
    }
    people.push(...stream);
  }
  const jobs: EventEnvelope[] = [];
  // The edits draw from a generator of their own, so the rest of the history is drawn as without them.
  const editing = seeded(seed + 2000);
  const { postedAt: _postedAt, ...example } = domainEvents.JobPosted.example;
  const companies = ['Acme Careers', 'Nimbus Labs', 'Quokka & Co'];
  let redelivered: EventEnvelope | null = null;
  for (let i = 0; i < 60; i++) {
    const jobId = jobIds[i] as string;
    const employerId = i % 5 === 0 ? leaving : random.pick(users);
    const postedAt = at(5 + i * 1.5);
    const posting: Omit<EventDataInput<'JobPosted'>, 'postedAt'> = {
      ...example,
      jobId,
      employerId,
      title: `${random.pick(roles)} ${i}`,
      requirements: random.int(2) === 0 ? [] : [`Requirement ${i}`, 'Kafka in production'],
      workLocation: random.pick(locations),
      skills: skills
        .filter(() => random.int(3) === 0)
        .map((name) => ({ name, required: true, proficiency: 'Expert' as const })),
      location: {
        city: random.pick(['Berlin', 'Lisbon']),
        state: random.int(2) === 0 ? '' : 'BE',
        country: 'Germany',
      },
      applicationDeadline: random.int(2) === 0 ? null : '2026-03-31',
      // Salaries with both ends, with a minimum alone and with none (the list's pay, migration 033),
      // by the job's place in the history so that the other draws stay as they were.
      salary:
        i % 4 === 0
          ? { min: null, max: null, currency: 'USD' }
          : { min: 40_000 + i * 1000, max: i % 4 === 1 ? null : 60_000 + i * 1000, currency: 'USD' },
    };
    const stream: EventEnvelope[] = [event('JobPosted', jobId, 1, { ...posting, postedAt })];
    // Its poster's edits (the whole posting again, some of it changed): the fourth job's first edit
    // changes its type, place and company, and its second its title and skills; others are edited now
    // and then, some more than once, some moved too.
    const edits = i === 3 ? 2 : editing.int(4) === 0 ? 1 + editing.int(2) : 0;
    let current = posting;
    for (let n = 0; n < edits; n++) {
      const moved = i === 3 ? n === 0 : editing.int(2) === 0;
      current = {
        ...current,
        // A word of its own in each edit's title: the words of every edit are kept, not only the last's.
        title: `${editing.pick(roles)} ${i} (edit ${n + 1}, draft${i}x${n})`,
        description: `Edited ${n + 1} times: ${editing.pick(skills)} every day.`,
        requirements: editing.int(2) === 0 ? [] : [`Edited requirement ${i}`],
        skills: skills
          .filter(() => editing.int(3) === 0)
          .map((name) => ({ name, required: editing.int(2) === 0, proficiency: 'Advanced' as const })),
        ...(moved
          ? {
              jobType: i === 3 ? 'Contract' : editing.pick(['Full-time', 'Part-time', 'Contract'] as const),
              workLocation: editing.pick(locations),
              experienceLevel: editing.pick(['Mid Level', 'Senior Level'] as const),
              location: { city: editing.pick(['Porto', 'Berlin', 'Madrid']), state: '', country: 'Portugal' },
              company: { ...current.company, name: i === 3 ? 'Nimbus Labs' : editing.pick(companies) },
            }
          : {}),
        // The pay of the jobs whose pays the test looks for stays as posted.
        ...(i > 3 && editing.int(2) === 0
          ? { salary: { min: 30_000 + i * 1000, max: 45_000 + i * 1000, currency: 'EUR' } }
          : {}),
      };
      stream.push(
        event('JobEdited', jobId, stream.length + 1, { ...current, editedAt: at(5.5 + i * 1.5 + n * 0.1) }),
      );
    }
    if (random.int(3) === 0) {
      stream.push(
        event('JobClosed', jobId, stream.length + 1, { jobId, employerId, closedAt: at(6 + i * 1.5) }),
      );
      // Once in a while an edit of a closed job comes anyway (the write side refuses them).
      if (editing.int(6) === 0) {
        stream.push(
          event('JobEdited', jobId, stream.length + 1, {
            ...current,
            title: `${current.title} (after closing)`,
            editedAt: at(6.5 + i * 1.5),
          }),
        );
      }
    }
    // The fourth job's first edit is delivered again after the rest of the topic (the runner skips it).
    if (i === 3) redelivered = stream[1] as EventEnvelope;
    jobs.push(...stream);
  }
  if (redelivered) jobs.push(redelivered);
  return { people, jobs };
}
