import { randomUUID } from 'node:crypto';
import {
  type DomainEventType,
  domainEvents,
  type EventDataInput,
  sealEventData,
} from '@careers/contracts/events/catalogue';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { sealWith } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueries } from './jobs/queries.ts';
import { jobPostedData } from './jobs/testing.ts';
import { findIn, type ReadModelSnapshot, readModelSnapshot } from './read-model-snapshot.ts';
import { projectorTestbed } from './testing.ts';
import { timelineKeys } from './timelines/keys.ts';

/**
 * An account deletion across every read model. One person (Dora) registers, fills her profile, posts,
 * comments, likes, connects, applies and posts a job; others interact with her; then she deletes her
 * account, which the write side records as the end of each of her posts, comments, likes, connections,
 * open applications and open jobs on their own streams, and AccountDeleted last on hers.
 *
 * Topics are read at their own paces, so the same history is applied in several orders that keep each
 * stream's own order: as it happened; her whole stream (AccountDeleted included) before anything else;
 * the streams in reverse; AccountDeleted before every removal. Each must leave the same rows and keys,
 * with nothing of hers but her id where a job she posted or an application to it keeps it, and every
 * count of others right. Redelivery changes nothing, and so does a rebuild once her key is destroyed
 * (her sealed fields then arrive as stand-ins, which must not stay either).
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let bed: Bed;

beforeAll(async () => {
  bed = await projectorTestbed('account-deletion');
});
afterAll(async () => {
  await bed?.close();
});

const dora = randomUUID();
const [ann, bob, cy, eve] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
/** What only Dora's data holds: none of it may be left anywhere. */
const doraText = {
  firstName: 'Dorothea',
  lastName: 'Quillfeather',
  email: 'dorothea.quillfeather@example.org',
  phone: '+351 912 345 678',
  bio: 'Lighthouse keeper turned data engineer',
  city: 'Aveiro',
  post: 'Dorothea writes about tide tables',
  comment: 'Dorothea thinks this is splendid',
  coverLetter: 'Dorothea has wanted to work at Lumen since 2019',
  resume: 'dorothea-quillfeather-cv.pdf',
};
const doraNeedles = [dora, ...Object.values(doraText)];

let minute = 0;
const at = () => new Date(Date.UTC(2026, 4, 1, 9, minute++)).toISOString();

/** The whole history, in the order it happened. */
const history: EventEnvelope[] = [];
const versions = new Map<string, number>();
function record<T extends DomainEventType>(
  type: T,
  streamId: string,
  data: EventDataInput<T>,
): EventEnvelope {
  const version = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, version);
  const envelope = {
    ...bed.event(type, streamId, version, data),
    occurredAt: at(),
    actorId: null,
  };
  history.push(envelope);
  return envelope;
}

const ids = {
  doraPost: randomUUID(),
  annPost: randomUUID(),
  bobPost: randomUUID(),
  doraComment: randomUUID(),
  bobCommentOnDora: randomUUID(),
  bobCommentOnAnn: randomUUID(),
  doraJob: randomUUID(),
  eveJob: randomUUID(),
  eveOtherJob: randomUUID(),
  doraPending: randomUUID(),
  doraAccepted: randomUUID(),
  bobApplication: randomUUID(),
};
const connections = {
  doraAnn: randomUUID(),
  bobDora: randomUUID(),
  doraCy: randomUUID(),
  annBob: randomUUID(),
  cyAnn: randomUUID(),
};

function register(userId: string, firstName: string, lastName: string, email: string) {
  record('UserRegistered', userId, {
    userId,
    firstName,
    lastName,
    email,
    accountType: 'job_seeker',
    registeredAt: at(),
  });
}
function profile(
  userId: string,
  fields: { firstName: string; lastName: string; email: string; phone: string; bio: string; city: string },
) {
  record('ProfileUpdated', userId, {
    userId,
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: fields.email,
    phone: fields.phone,
    bio: fields.bio,
    jobTitle: 'Engineer',
    location: { city: fields.city, state: '', country: 'Portugal' },
    jobPreferences: {
      roles: ['Data Engineer'],
      preferredLocation: null,
      salaryExpectation: { min: null, max: null, currency: 'EUR' },
    },
  });
}
const post = (postId: string, authorId: string, content: string) =>
  record('PostCreated', postId, {
    postId,
    authorId,
    content,
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: ['tides'],
    createdAt: at(),
  });
function connect(connectionId: string, requesterId: string, recipientId: string, accept: boolean) {
  const parties = { connectionId, requesterId, recipientId };
  record('ConnectionRequested', connectionId, { ...parties, requestedAt: at() });
  if (accept) record('ConnectionAccepted', connectionId, { ...parties, respondedAt: at() });
  return parties;
}
function apply(
  applicationId: string,
  jobId: string,
  applicantId: string,
  employerId: string,
  coverLetter: string,
) {
  const parties = { applicationId, jobId, applicantId, employerId };
  record('ApplicationSubmitted', applicationId, {
    ...parties,
    coverLetter,
    expectedSalary: 70000,
    resume: applicantId === dora ? { resumeId: randomUUID(), filename: doraText.resume, size: 2048 } : null,
    appliedAt: at(),
  });
  return parties;
}

/** Builds the history once the testbed (whose envelope builder it uses) exists. */
function buildHistory() {
  register(dora, doraText.firstName, doraText.lastName, doraText.email);
  register(ann, 'Ann', 'Tester', 'ann@example.com');
  register(bob, 'Bob', 'Tester', 'bob@example.com');
  register(cy, 'Cy', 'Tester', 'cy@example.com');
  register(eve, 'Eve', 'Employer', 'eve@example.com');
  profile(dora, { ...doraText });
  profile(ann, {
    firstName: 'Ann',
    lastName: 'Tester',
    email: 'ann@example.com',
    phone: '',
    bio: 'Ann here',
    city: 'Porto',
  });
  const rust = (userId: string) =>
    record('SkillsUpdated', userId, {
      userId,
      skills: [{ name: 'Rust', proficiency: 'Advanced', experience: 3 }],
    });
  rust(dora);
  rust(bob);
  record('ProfilePictureUploaded', dora, {
    userId: dora,
    pictureId: randomUUID(),
    size: 1000,
    uploadedAt: at(),
  });
  record('ResumeUploaded', dora, {
    userId: dora,
    resumeId: randomUUID(),
    filename: doraText.resume,
    size: 2048,
    uploadedAt: at(),
  });

  const doraAnn = connect(connections.doraAnn, dora, ann, true);
  const bobDora = connect(connections.bobDora, bob, dora, true);
  const doraCy = connect(connections.doraCy, dora, cy, false);
  connect(connections.annBob, ann, bob, true);
  connect(connections.cyAnn, cy, ann, true);

  post(ids.doraPost, dora, doraText.post);
  post(ids.annPost, ann, 'Ann on tides');
  post(ids.bobPost, bob, 'Bob on boats');
  record('PostLiked', ids.doraPost, { postId: ids.doraPost, userId: ann, likesCount: 1, likedAt: at() });
  record('CommentAdded', ids.doraPost, {
    postId: ids.doraPost,
    commentId: ids.bobCommentOnDora,
    authorId: bob,
    content: 'Bob likes it',
    commentsCount: 1,
    createdAt: at(),
  });
  record('PostLiked', ids.annPost, { postId: ids.annPost, userId: bob, likesCount: 1, likedAt: at() });
  // Dora's like is the latest: once it is gone, Ann's like notification is dated by Bob's again.
  record('PostLiked', ids.annPost, { postId: ids.annPost, userId: dora, likesCount: 2, likedAt: at() });
  record('CommentAdded', ids.annPost, {
    postId: ids.annPost,
    commentId: ids.doraComment,
    authorId: dora,
    content: doraText.comment,
    commentsCount: 1,
    createdAt: at(),
  });
  record('CommentAdded', ids.annPost, {
    postId: ids.annPost,
    commentId: ids.bobCommentOnAnn,
    authorId: bob,
    content: 'Bob agrees',
    commentsCount: 2,
    createdAt: at(),
  });

  const rustJob = (jobId: string, employerId: string) =>
    record('JobPosted', jobId, {
      ...jobPostedData({
        jobId,
        employerId,
        postedAt: at(),
        skills: [{ name: 'Rust', required: true, proficiency: 'Advanced' }],
      }),
    });
  rustJob(ids.doraJob, dora);
  rustJob(ids.eveJob, eve);
  record(
    'JobPosted',
    ids.eveOtherJob,
    jobPostedData({ jobId: ids.eveOtherJob, employerId: eve, postedAt: at() }),
  );
  const pending = apply(ids.doraPending, ids.eveJob, dora, eve, doraText.coverLetter);
  const accepted = apply(ids.doraAccepted, ids.eveOtherJob, dora, eve, doraText.coverLetter);
  record('ApplicationStatusChanged', ids.doraAccepted, {
    ...accepted,
    from: 'pending',
    to: 'accepted',
    changedAt: at(),
  });
  const bobs = apply(ids.bobApplication, ids.doraJob, bob, dora, 'Bob would like to join');
  record('ApplicationStatusChanged', ids.bobApplication, {
    ...bobs,
    from: 'pending',
    to: 'interview',
    changedAt: at(),
  });
  record('NotificationsRead', dora, { userId: dora, notificationIds: [randomUUID()], readAt: at() });
  record('AllNotificationsRead', dora, { userId: dora, upTo: at() });

  // The deletion, as the write side records it: the removals on their streams, AccountDeleted last.
  const removedAt = at();
  record('PostRemoved', ids.doraPost, { postId: ids.doraPost, authorId: dora, removedAt });
  record('CommentRemoved', ids.annPost, {
    postId: ids.annPost,
    commentId: ids.doraComment,
    authorId: dora,
    commentsCount: 1,
    removedAt,
  });
  record('PostUnliked', ids.annPost, {
    postId: ids.annPost,
    userId: dora,
    likesCount: 1,
    unlikedAt: removedAt,
  });
  record('ConnectionRemoved', connections.doraAnn, { ...doraAnn, removedBy: dora, removedAt });
  record('ConnectionRemoved', connections.bobDora, { ...bobDora, removedBy: dora, removedAt });
  record('ConnectionWithdrawn', connections.doraCy, { ...doraCy, withdrawnAt: removedAt });
  record('ApplicationWithdrawn', ids.doraPending, { ...pending, from: 'pending', withdrawnAt: removedAt });
  record('JobClosed', ids.doraJob, { jobId: ids.doraJob, employerId: dora, closedAt: removedAt });
  record('AccountDeleted', dora, { userId: dora, deletedAt: removedAt });
}

/** The streams, each in its own order, listed by their first event. */
function streams(events: readonly EventEnvelope[]): EventEnvelope[][] {
  const byStream = new Map<string, EventEnvelope[]>();
  for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
  return [...byStream.values()];
}
const isDeletion = (e: EventEnvelope) => e.type === 'AccountDeleted';
const removals = new Set([
  'PostRemoved',
  'CommentRemoved',
  'PostUnliked',
  'ConnectionRemoved',
  'ConnectionWithdrawn',
  'ApplicationWithdrawn',
  'JobClosed',
]);

function orders(events: readonly EventEnvelope[]): Record<string, EventEnvelope[]> {
  const doraStream = events.filter((e) => e.streamId === dora);
  const firstRemoval = events.findIndex((e) => removals.has(e.type));
  const deletion = events.find(isDeletion) as EventEnvelope;
  return {
    'as it happened': [...events],
    'her stream first, AccountDeleted before everything else': [
      ...doraStream,
      ...events.filter((e) => e.streamId !== dora),
    ],
    'streams reversed': streams(events).reverse().flat(),
    'AccountDeleted before every removal': [
      ...events.slice(0, firstRemoval).filter((e) => !isDeletion(e)),
      deletion,
      ...events.slice(firstRemoval).filter((e) => !isDeletion(e)),
    ],
  };
}

/** The read models as they stand; no event of the history may have been refused on the way. */
async function snapshot(): Promise<ReadModelSnapshot> {
  const dead = await bed.pool.query(`SELECT reason FROM ${bed.schema}.dead_letters`);
  expect(dead.rows).toEqual([]);
  return readModelSnapshot(bed.pool, bed.config.DB_SCHEMA, bed.redis);
}

/** Rows naming Dora's id where the deletion keeps it by design: her closed job, the application to it, her tombstone. */
function unexpectedTracesOfDora(s: ReadModelSnapshot): string[] {
  const allowed = (table: string, row: Record<string, unknown>) =>
    (table === 'jobs' && row.id === ids.doraJob) ||
    (table === 'applications' && row.id === ids.bobApplication) ||
    (table === 'deleted_accounts' && row.user_id === dora);
  return findIn(s, doraNeedles).filter((hit) => {
    const [table, ...rest] = hit.split(': ');
    if (table?.startsWith('redis')) return true;
    const row = JSON.parse(rest.join(': ')) as Record<string, unknown>;
    if (!allowed(table as string, row)) return true;
    // The kept rows hold her id in one column and nothing else of hers.
    const others = Object.entries(row).filter(([column]) => column !== 'employer_id' && column !== 'user_id');
    return (
      findIn({ tables: { t: [JSON.stringify(Object.fromEntries(others))] }, keys: {} }, doraNeedles).length >
      0
    );
  });
}

let expected: ReadModelSnapshot;

describe('an account deletion in the read models', () => {
  it('leaves nothing of the person but the ids a kept job needs, and every count of others right', async () => {
    buildHistory();
    // Before the deletion she is everywhere: the search is not blind.
    const beforeDeletion = history.slice(
      0,
      history.findIndex((e) => removals.has(e.type)),
    );
    await bed.rebuildFrom(beforeDeletion);
    const present = findIn(await snapshot(), doraNeedles).join('\n');
    for (const text of Object.values(doraText)) expect(present).toContain(text);

    await bed.rebuildFrom(history);
    expected = await snapshot();
    expect(unexpectedTracesOfDora(expected)).toEqual([]);
    expect(findIn(expected, ['Ann on tides', 'Bob agrees', 'ann@example.com'])).not.toEqual([]);

    const { tables, keys } = expected;
    const rows = (table: string) =>
      (tables[table] ?? []).map((r) => JSON.parse(r) as Record<string, unknown>);
    const annPost = rows('posts').find((p) => p.id === ids.annPost);
    expect(annPost).toMatchObject({ likes_count: 1, comments_count: 1 });
    expect(
      rows('posts')
        .map((p) => p.id)
        .sort(),
    ).toEqual([ids.annPost, ids.bobPost].sort());
    expect(rows('post_comments').map((c) => c.id)).toEqual([ids.bobCommentOnAnn]);
    expect(keys[`posts:likes:${ids.annPost}`]).toEqual([bob]);
    expect(keys[`posts:likes:${ids.doraPost}`]).toBeUndefined();
    expect(keys[timelineKeys.home(dora)]).toBeUndefined();
    const timeline = (userId: string) =>
      (keys[timelineKeys.home(userId)] as string[]).filter((_, i) => i % 2 === 0).sort();
    expect(timeline(ann)).toEqual([ids.annPost, ids.bobPost].sort());
    expect(timeline(bob)).toEqual([ids.annPost, ids.bobPost].sort());
    expect(timeline(cy)).toEqual([ids.annPost]);

    expect(
      rows('connections')
        .map((c) => c.id)
        .sort(),
    ).toEqual([connections.annBob, connections.cyAnn].sort());
    expect(
      rows('connection_mutuals')
        .map((m) => [m.user_id, m.candidate_id, m.mutuals])
        .sort(),
    ).toEqual(
      [
        [bob, cy, 1],
        [cy, bob, 1],
      ].sort(),
    );
    expect(Object.fromEntries(rows('suggestion_people').map((p) => [p.user_id, p.connections]))).toEqual({
      [ann]: 2,
      [bob]: 1,
      [cy]: 1,
      [eve]: 0,
    });

    expect(rows('applications').map((a) => [a.id, a.status])).toEqual([[ids.bobApplication, 'interview']]);
    expect(new Set(rows('application_status_history').map((h) => h.application_id))).toEqual(
      new Set([ids.bobApplication]),
    );
    expect(rows('jobs').find((j) => j.id === ids.doraJob)).toMatchObject({ status: 'closed' });
    const job = await new JobQueries(bed.pool, bed.schema).findJob(ids.doraJob);
    expect(job?.employer).toEqual({ _id: dora, firstName: '', lastName: '' });
    expect(
      rows('alert_jobs')
        .map((j) => j.job_id)
        .sort(),
    ).toEqual([ids.eveJob, ids.eveOtherJob].sort());

    const notifications = rows('notifications').map((n) => [n.user_id, n.kind, n.actor_id, n.actor_count]);
    expect(notifications.sort()).toEqual(
      [
        [ann, 'post_likes', null, 1],
        [ann, 'post_comment', bob, 1],
        [ann, 'connection_accepted', bob, 1],
        [cy, 'connection_accepted', ann, 1],
        [bob, 'job_alert', eve, 1],
      ].sort(),
    );
    const bobsLike = history.find(
      (e) => e.type === 'PostLiked' && (e.data as { userId: string }).userId === bob,
    )?.data as { likedAt: string };
    const likes = rows('notifications').find((n) => n.kind === 'post_likes');
    expect(new Date(likes?.created_at as string).toISOString()).toBe(bobsLike.likedAt);
    expect(rows('notification_likers').map((l) => l.user_id)).toEqual([bob]);
  });

  it('leaves the same rows and keys whatever order the streams are applied in', async () => {
    for (const [name, order] of Object.entries(orders(history))) {
      expect(order).toHaveLength(history.length);
      await bed.rebuildFrom(order);
      expect({ order: name, snapshot: await snapshot() }).toEqual({ order: name, snapshot: expected });
    }
  });

  it('changes nothing when the whole history is redelivered, in order and reversed', async () => {
    await bed.rebuildFrom(history);
    const all = history.map((e) => bed.message(e));
    expect(await bed.runner.applyMessages(all)).toEqual({ applied: 0, skipped: history.length });
    expect(await bed.runner.applyMessages([...all].reverse())).toEqual({
      applied: 0,
      skipped: history.length,
    });
    expect(await snapshot()).toEqual(expected);
  });

  it('rebuilds to the same rows from sealed events once her key is destroyed, her stand-ins gone too', async () => {
    // The same history as the event log holds it now: personal fields sealed with each person's key.
    const sealed: EventEnvelope[] = [];
    for (const e of history) {
      const type = e.type as DomainEventType;
      const definition = domainEvents[type] as { schemaVersion: number; personalData?: { subject: string } };
      const subjectField = definition.personalData?.subject;
      if (!subjectField) {
        sealed.push(e);
        continue;
      }
      const subject = String((e.data as Record<string, unknown>)[subjectField]);
      const key = await bed.vault.keyFor(bed.pool, subject);
      sealed.push({
        ...e,
        schemaVersion: definition.schemaVersion,
        data: sealEventData(type, e.data, (id, json) => sealWith(key, id, json)) as EventEnvelope['data'],
      });
    }
    expect(JSON.stringify(sealed)).not.toContain(doraText.email);
    await bed.rebuildFrom(sealed);
    expect(await snapshot()).toEqual(expected);

    await bed.vault.destroy(bed.pool, dora);
    const standIns = [`erased-${dora}`, 'erased.pdf'];
    for (const [name, order] of Object.entries(orders(sealed))) {
      await bed.rebuildFrom(order);
      const after = await snapshot();
      expect({ order: name, snapshot: after }).toEqual({ order: name, snapshot: expected });
      expect(findIn(after, standIns)).toEqual([]);
    }
    // Halfway through a rebuild (her stream applied up to, not including, AccountDeleted) her row is the
    // stand-in, never her name.
    await bed.rebuildFrom(sealed.filter((e) => !isDeletion(e)));
    const halfway = await snapshot();
    expect(findIn(halfway, Object.values(doraText))).toEqual([]);
    expect(findIn(halfway, [`erased-${dora}@erased.invalid`])).not.toEqual([]);
  });
});
