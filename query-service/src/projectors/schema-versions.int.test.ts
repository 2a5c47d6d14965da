import { randomUUID } from 'node:crypto';
import {
  type DomainEventType,
  domainEvents,
  type EventDataInput,
  readableVersions,
  sealEventData,
} from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { sealWith } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostedData } from './jobs/testing.ts';
import { findIn, readModelSnapshot } from './read-model-snapshot.ts';
import { projectorTestbed, testMessages } from './testing.ts';

/**
 * Events written before personal fields were sealed stay on the topics for good as version 1, in
 * plain text. Replayed after their types moved to version 2, they must make the same rows as the
 * sealed version 2 events a key holder opens: two read schemas, one fed each.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let plain: Bed;
let sealed: Bed;
const { event } = testMessages();

beforeAll(async () => {
  [plain, sealed] = await Promise.all([
    projectorTestbed('versions-plain'),
    projectorTestbed('versions-sealed'),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), sealed?.close()]);
});

const [ida, omar] = [randomUUID(), randomUUID()];
const [postId, commentId, jobId, applicationId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const versions = new Map<string, number>();
const history: EventEnvelope[] = [];
function record<T extends DomainEventType>(type: T, streamId: string, data: EventDataInput<T>) {
  const version = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, version);
  history.push(event(type, streamId, version, data));
}

for (const [userId, firstName] of [
  [ida, 'Ida'],
  [omar, 'Omar'],
] as const) {
  record('UserRegistered', userId, {
    userId,
    firstName,
    lastName: 'Versionson',
    email: `${firstName.toLowerCase()}@versions.example`,
    accountType: 'job_seeker',
    registeredAt: '2026-05-01T08:00:00.000Z',
  });
}
record('ProfileUpdated', ida, {
  ...domainEvents.ProfileUpdated.example,
  userId: ida,
  firstName: 'Ida',
  lastName: 'Versionson',
  email: 'ida@versions.example',
  phone: '+1 555 0100',
  bio: 'Writes schemas for fun',
});
record('SkillsUpdated', ida, {
  userId: ida,
  skills: [{ name: 'Avro', proficiency: 'Expert', experience: 6 }],
});
record('ResumeUploaded', ida, {
  userId: ida,
  resumeId: randomUUID(),
  filename: 'ida-versionson.pdf',
  size: 4096,
  uploadedAt: '2026-05-01T08:10:00.000Z',
});
record('PostCreated', postId, {
  postId,
  authorId: ida,
  content: 'Version one forever',
  type: 'text',
  category: 'Career',
  visibility: 'public',
  tags: ['schemas'],
  createdAt: '2026-05-01T09:00:00.000Z',
});
record('CommentAdded', postId, {
  postId,
  commentId,
  authorId: omar,
  content: 'Omar read it twice',
  commentsCount: 1,
  createdAt: '2026-05-01T09:05:00.000Z',
});
record('JobPosted', jobId, jobPostedData({ jobId, employerId: omar, postedAt: '2026-05-01T09:10:00.000Z' }));
record('ApplicationSubmitted', applicationId, {
  applicationId,
  jobId,
  applicantId: ida,
  employerId: omar,
  coverLetter: 'Ida applies with a plain letter',
  expectedSalary: 90000,
  resume: { resumeId: randomUUID(), filename: 'ida-versionson.pdf', size: 4096 },
  appliedAt: '2026-05-01T09:20:00.000Z',
});

/** The event as the log holds it today: its type's current version, personal fields sealed. */
async function asSealed(bed: Bed, e: EventEnvelope): Promise<EventEnvelope> {
  const type = e.type as DomainEventType;
  const definition = domainEvents[type] as { schemaVersion: number; personalData?: { subject: string } };
  const subjectField = definition.personalData?.subject;
  if (!subjectField) return e;
  const subject = String((e.data as Record<string, unknown>)[subjectField]);
  const key = await bed.vault.keyFor(bed.pool, subject);
  return {
    ...e,
    schemaVersion: definition.schemaVersion,
    data: sealEventData(type, e.data, (id, json) => sealWith(key, id, json)) as EventEnvelope['data'],
  };
}

describe('a version 1 event replayed after its type moved to version 2', () => {
  it('makes the same read-model rows as the sealed version 2 event', async () => {
    const upgraded = [...new Set(history.map((e) => e.type as DomainEventType))].filter(
      (type) => domainEvents[type].schemaVersion >= 2,
    );
    expect(upgraded.sort()).toEqual(
      [
        'ApplicationSubmitted',
        'CommentAdded',
        'PostCreated',
        'ProfileUpdated',
        'ResumeUploaded',
        'SkillsUpdated',
        'UserRegistered',
      ].sort(),
    );
    for (const type of upgraded) {
      // PostCreated went on to seal its tags too (version 3), then to carry pictures (version 4).
      expect(readableVersions(type)).toEqual(type === 'PostCreated' ? [4, 3, 2, 1] : [2, 1]);
    }

    const v1 = history.map((e) => ({ ...e, schemaVersion: 1 }));
    const v2 = await Promise.all(history.map((e) => asSealed(sealed, e)));
    expect(v2.filter((e) => e.schemaVersion >= 2)).toHaveLength(
      history.filter((e) => upgraded.includes(e.type as DomainEventType)).length,
    );
    expect(JSON.stringify(v2)).not.toContain('Versionson');
    expect(JSON.stringify(v1)).toContain('Versionson');

    expect(await plain.runner.applyMessages(v1.map((e) => plain.message(e)))).toEqual({
      applied: history.length,
      skipped: 0,
    });
    expect(await sealed.runner.applyMessages(v2.map((e) => sealed.message(e)))).toEqual({
      applied: history.length,
      skipped: 0,
    });
    for (const bed of [plain, sealed]) {
      expect((await bed.pool.query(`SELECT reason FROM ${bed.schema}.dead_letters`)).rows).toEqual([]);
    }
    const fromPlain = await readModelSnapshot(plain.pool, plain.config.DB_SCHEMA, plain.redis);
    const fromSealed = await readModelSnapshot(sealed.pool, sealed.config.DB_SCHEMA, sealed.redis);
    expect(fromSealed).toEqual(fromPlain);
    // Opened, not stand-ins: the rows hold the real texts.
    for (const text of [
      'Writes schemas for fun',
      'Version one forever',
      'Omar read it twice',
      'Ida applies with a plain letter',
      'ida-versionson.pdf',
    ]) {
      expect(findIn(fromSealed, [text])).not.toEqual([]);
    }
  });

  it('reads a version 2 post (its content sealed, its tags in plain) as the sealed current one', async () => {
    const post = history.find((e) => e.type === 'PostCreated') as EventEnvelope;
    const data = post.data as EventDataInput<'PostCreated'>;
    const key = await sealed.vault.keyFor(sealed.pool, data.authorId);
    const v2 = {
      ...post,
      schemaVersion: 2,
      data: { ...data, content: sealWith(key, data.authorId, JSON.stringify(data.content)) },
    };
    const mixed = await Promise.all(history.map((e) => (e === post ? v2 : asSealed(sealed, e))));
    await sealed.rebuildFrom(mixed);
    const fromMixed = await readModelSnapshot(sealed.pool, sealed.config.DB_SCHEMA, sealed.redis);
    expect(fromMixed).toEqual(await readModelSnapshot(plain.pool, plain.config.DB_SCHEMA, plain.redis));
  });

  it('reads a mix of both versions on one stream the same way', async () => {
    // The stream's first events written before sealing, its later ones after.
    const mixed = await Promise.all(
      history.map((e, i) => (i % 2 === 0 ? { ...e, schemaVersion: 1 } : asSealed(sealed, e))),
    );
    await sealed.rebuildFrom(mixed);
    const fromMixed = await readModelSnapshot(sealed.pool, sealed.config.DB_SCHEMA, sealed.redis);
    expect(fromMixed).toEqual(await readModelSnapshot(plain.pool, plain.config.DB_SCHEMA, plain.redis));
  });
});
