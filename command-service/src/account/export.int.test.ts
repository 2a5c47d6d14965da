import { AccountExport } from '@careers/contracts/api/account-export';
import { authMessages } from '@careers/contracts/messages';
import { SESSION_COOKIE } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendCommand, TEST_ORIGIN } from '../testing.ts';
import { tinyPdf, uploadTestbed } from '../uploads/testing.ts';

// The upload testbed: the command-service with a bucket of its own, since Ann's history has a resume.
const ns = testNamespace('account-export');
const bed = uploadTestbed(ns);

function exportOf(sid: string | undefined): Promise<LightMyRequestResponse> {
  return bed.running().app.inject({
    method: 'POST',
    url: '/api/auth/export',
    headers: { origin: TEST_ORIGIN, ...(sid ? { cookie: `${SESSION_COOKIE}=${sid}` } : {}) },
  });
}

async function ok(method: 'POST' | 'PUT', url: string, sid: string, body?: unknown) {
  const response = await sendCommand(bed.running().app, { method, url, sid, body });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as { data: { _id: string } };
}

const jobForm = (title: string) => ({
  title,
  description: 'Event logs and projections.',
  company: { name: 'Analytical Engines Ltd', industry: 'Software' },
  location: { city: 'London', country: 'United Kingdom' },
  salary: { min: 70000, max: 90000 },
});

type Person = Awaited<ReturnType<typeof bed.signUp>>;
let ann: Person;
let ben: Person;
let cat: Person;
const ids: Record<string, string> = {};

/**
 * Ann's scripted history, with Ben and Cat around her. What is Ann's: her profile, skills and resume;
 * two posts; a like and a comment on Ben's post; a like on Cat's post taken back; a request to Ben he
 * accepted and one from Cat still pending; two jobs (one closed, the other edited) and an application
 * to Ben's job that he moved to interview. What is not: Ben's comment and like on Ann's post, Ben's
 * application to Ann's job with his cover letter, Ben's and Cat's own profiles.
 */
beforeAll(async () => {
  ann = await bed.signUp('Ann');
  ben = await bed.signUp('Ben');
  cat = await bed.signUp('Cat');
  await ok('PUT', '/api/users/profile', ann.sid, {
    firstName: 'Ann',
    lastName: 'Lovelace',
    email: ann.email,
    phone: '+44 20 7946 0001',
    bio: 'Notes on the engine, annotated at length.',
    jobTitle: 'Analyst',
  });
  await ok('PUT', '/api/users/profile', ben.sid, {
    firstName: 'Ben',
    lastName: 'Babbage',
    email: ben.email,
    phone: '+44 20 7946 0002',
    bio: "Ben's private bio.",
    jobTitle: 'Inventor',
  });
  await ok('PUT', '/api/users/skills', ann.sid, { skills: [{ name: 'Mathematics', experience: 9 }] });
  const resume = await bed.uploadResume(ann.sid, tinyPdf(), 'ann-notes.pdf');
  expect(resume.statusCode, resume.body).toBe(200);

  ids.annPost1 = (await ok('POST', '/api/posts', ann.sid, { content: "Ann's first post" })).data._id;
  ids.annPost2 = (
    await ok('POST', '/api/posts', ann.sid, { content: "Ann's second post", visibility: 'connections' })
  ).data._id;
  ids.benPost = (await ok('POST', '/api/posts', ben.sid, { content: "Ben's post" })).data._id;
  ids.catPost = (await ok('POST', '/api/posts', cat.sid, { content: "Cat's post" })).data._id;
  await ok('POST', `/api/posts/${ids.benPost}/like`, ann.sid);
  await ok('POST', `/api/posts/${ids.benPost}/comments`, ann.sid, { content: 'Ann comments on Ben' });
  await ok('POST', `/api/posts/${ids.catPost}/like`, ann.sid);
  await ok('POST', `/api/posts/${ids.catPost}/like`, ann.sid);
  await ok('POST', `/api/posts/${ids.annPost1}/like`, ben.sid);
  await ok('POST', `/api/posts/${ids.annPost1}/comments`, ben.sid, { content: 'Ben was here' });

  ids.toBen = (await ok('POST', `/api/users/${ben.id}/connect`, ann.sid)).data._id;
  await ok('PUT', `/api/users/connections/${ids.toBen}`, ben.sid, { status: 'accepted' });
  ids.fromCat = (await ok('POST', `/api/users/${ann.id}/connect`, cat.sid)).data._id;

  ids.annJobClosed = (await ok('POST', '/api/jobs', ann.sid, jobForm('Engine Analyst'))).data._id;
  await ok('POST', `/api/jobs/${ids.annJobClosed}/close`, ann.sid);
  ids.annJobOpen = (await ok('POST', '/api/jobs', ann.sid, jobForm('Punch Card Designer'))).data._id;
  await ok('PUT', `/api/jobs/${ids.annJobOpen}`, ann.sid, {
    ...jobForm('Punch Card Architect'),
    company: { name: 'Analytical Engines plc', industry: 'Software' },
  });
  ids.benJob = (await ok('POST', '/api/jobs', ben.sid, jobForm('Difference Engineer'))).data._id;
  ids.annApplication = (
    await ok('POST', `/api/jobs/${ids.benJob}/apply`, ann.sid, {
      coverLetter: "Ann's cover letter",
      expectedSalary: 90000,
    })
  ).data._id;
  await ok('PUT', `/api/applications/${ids.annApplication}/status`, ben.sid, { status: 'interview' });
  await ok('POST', `/api/jobs/${ids.annJobOpen}/apply`, ben.sid, {
    coverLetter: "Ben's cover letter",
    expectedSalary: 120000,
  });
});

describe('POST /api/auth/export', () => {
  it('answers a JSON download of the person, every part filled from their events', async () => {
    const response = await exportOf(ann.sid);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="careers-export-${day}.json"`);
    expect(response.headers['cache-control']).toBe('no-store');
    // The route table's schema (CHECK_RESPONSES held the reply to it as well).
    const body = AccountExport.parse(response.json());

    expect(body.user).toMatchObject({
      _id: ann.id,
      firstName: 'Ann',
      email: ann.email,
      phone: '+44 20 7946 0001',
      bio: 'Notes on the engine, annotated at length.',
      jobTitle: 'Analyst',
      skills: [{ name: 'Mathematics', experience: 9 }],
      resume: { filename: 'ann-notes.pdf' },
    });
    expect(body.posts.map((p) => [p.postId, p.content, p.visibility])).toEqual([
      [ids.annPost1, "Ann's first post", 'public'],
      [ids.annPost2, "Ann's second post", 'connections'],
    ]);
    expect(body.comments).toEqual([
      {
        commentId: expect.any(String),
        postId: ids.benPost,
        content: 'Ann comments on Ben',
        createdAt: expect.any(String),
      },
    ]);
    expect(body.likes.map((like) => like.postId)).toEqual([ids.benPost]);
    expect(body.connections).toEqual([
      {
        connectionId: ids.toBen,
        otherUserId: ben.id,
        direction: 'sent',
        status: 'accepted',
        since: expect.any(String),
      },
      {
        connectionId: ids.fromCat,
        otherUserId: cat.id,
        direction: 'received',
        status: 'pending',
        since: expect.any(String),
      },
    ]);
    expect(body.applications).toEqual([
      {
        applicationId: ids.annApplication,
        jobId: ids.benJob,
        employerId: ben.id,
        status: 'interview',
        coverLetter: "Ann's cover letter",
        expectedSalary: 90000,
        resume: { filename: 'ann-notes.pdf', size: expect.any(Number) },
        appliedAt: expect.any(String),
      },
    ]);
    expect(body.jobsPosted.map((job) => [job.jobId, job.title, job.companyName, job.closed])).toEqual([
      [ids.annJobClosed, 'Engine Analyst', 'Analytical Engines Ltd', true],
      // As last edited (ExportedJob has no editedAt: the JobEdited in `events` tells when).
      [ids.annJobOpen, 'Punch Card Architect', 'Analytical Engines plc', false],
    ]);
  });

  it('lists every event that names the person, in log order, and only those', async () => {
    const body = AccountExport.parse((await exportOf(ann.sid)).json());
    // Another way to ask the same: every data field that can name a person, on any stream.
    const rows = await bed.query<{ event_id: string }>(
      `SELECT event_id FROM {schema}.event_log
        WHERE stream_id = $1
           OR data->>'authorId' = $1 OR data->>'userId' = $1 OR data->>'requesterId' = $1
           OR data->>'recipientId' = $1 OR data->>'applicantId' = $1
           OR (stream_type = 'job' AND data->>'employerId' = $1)
        ORDER BY position`,
      [ann.id],
    );
    expect(body.events.map((event) => event.id)).toEqual(rows.map((row) => row.event_id));
    expect(body.events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'UserRegistered',
        'ProfileUpdated',
        'SkillsUpdated',
        'ResumeUploaded',
        'PostCreated',
        'PostLiked',
        'PostUnliked',
        'CommentAdded',
        'ConnectionRequested',
        'ConnectionAccepted',
        'JobPosted',
        'JobEdited',
        'JobClosed',
        'ApplicationSubmitted',
        'ApplicationStatusChanged',
      ]),
    );
    const named = (data: Record<string, unknown>) =>
      ['userId', 'authorId', 'requesterId', 'recipientId', 'applicantId', 'employerId'].some(
        (field) => data[field] === ann.id,
      );
    expect(body.events.filter((event) => !named(event.data))).toEqual([]);
  });

  it('opens the sealed personal fields: plain in the export, sealed in the log', async () => {
    const text = (await exportOf(ann.sid)).body;
    const body = AccountExport.parse(JSON.parse(text));

    const registered = body.events.find((event) => event.type === 'UserRegistered');
    expect(registered?.data).toMatchObject({ userId: ann.id, firstName: 'Ann', email: ann.email });
    const applied = body.events.find((event) => event.type === 'ApplicationSubmitted');
    expect(applied?.data).toMatchObject({ coverLetter: "Ann's cover letter", expectedSalary: 90000 });
    expect(text).not.toContain('pii1.');

    const stored = await bed.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM {schema}.event_log
        WHERE type IN ('UserRegistered', 'ProfileUpdated', 'PostCreated', 'CommentAdded', 'ApplicationSubmitted', 'ResumeUploaded')
          AND (stream_id = $1 OR data->>'authorId' = $1 OR data->>'applicantId' = $1)`,
      [ann.id],
    );
    expect(stored.length).toBeGreaterThanOrEqual(7);
    const log = JSON.stringify(stored);
    for (const plain of [
      ann.email,
      '+44 20 7946 0001',
      "Ann's first post",
      'Ann comments on Ben',
      "Ann's cover letter",
      'ann-notes.pdf',
    ]) {
      expect(text).toContain(plain);
      expect(log).not.toContain(plain);
    }
    expect(stored.find((row) => row.type === 'UserRegistered')?.data.email).toMatch(/^pii1\./);
  });

  it("holds nothing personal of anyone else's", async () => {
    const text = (await exportOf(ann.sid)).body;
    for (const theirs of [
      ben.email,
      cat.email,
      'Ben was here',
      "Ben's cover letter",
      "Ben's private bio.",
      '+44 20 7946 0002',
      'Babbage',
      "Ben's post",
      "Cat's post",
    ]) {
      expect(text).not.toContain(theirs);
    }
    // Ben's own export holds his, and none of Ann's.
    const bens = (await exportOf(ben.sid)).body;
    expect(bens).toContain('Ben was here');
    expect(bens).toContain("Ben's cover letter");
    for (const hers of [
      ann.email,
      "Ann's first post",
      'Ann comments on Ben',
      "Ann's cover letter",
      'ann-notes.pdf',
    ]) {
      expect(bens).not.toContain(hers);
    }
  });

  it('answers a person with nothing but an account with that account', async () => {
    const dora = await bed.signUp('Dora');
    const body = AccountExport.parse((await exportOf(dora.sid)).json());
    expect(body.user).toMatchObject({ _id: dora.id, email: dora.email, firstName: 'Dora' });
    expect([
      body.posts,
      body.comments,
      body.likes,
      body.connections,
      body.applications,
      body.jobsPosted,
    ]).toEqual([[], [], [], [], [], []]);
    expect(body.events[0]).toMatchObject({ type: 'UserRegistered', streamId: dora.id });
  });

  it('answers 401 { message } without a session, or with one that has ended', async () => {
    for (const sid of [undefined, 'not-a-session']) {
      const response = await exportOf(sid);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authMessages.signInRequired });
      expect(response.headers['content-disposition']).toBeUndefined();
    }
  });

  it('records nothing', async () => {
    const before = await bed.query<{ n: number }>('SELECT count(*)::int AS n FROM {schema}.event_log');
    expect((await exportOf(ann.sid)).statusCode).toBe(200);
    expect(await bed.query('SELECT count(*)::int AS n FROM {schema}.event_log')).toEqual(before);
  });
});

describe('POST /api/auth/export after edits and deletions', () => {
  it('shows the current text of what the person kept, and nothing they or the post author deleted', async () => {
    const eve = await bed.signUp('Eve');
    const fay = await bed.signUp('Fay');
    const app = bed.running().app;
    const send = async (method: 'PUT' | 'DELETE', url: string, sid: string, body?: unknown) => {
      const response = await sendCommand(app, { method, url, sid, body });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    };
    const kept = (await ok('POST', '/api/posts', eve.sid, { content: "Eve's draft" })).data._id;
    const dropped = (await ok('POST', '/api/posts', eve.sid, { content: "Eve's regret" })).data._id;
    const faysPost = (await ok('POST', '/api/posts', fay.sid, { content: "Fay's post" })).data._id;
    const faysGone = (await ok('POST', '/api/posts', fay.sid, { content: "Fay's other post" })).data._id;
    const comment = async (postId: string, content: string) =>
      (await ok('POST', `/api/posts/${postId}/comments`, eve.sid, { content })).data._id;
    const edited = await comment(faysPost, "Eve's first thought");
    const removedByFay = await comment(faysPost, "Eve's rude remark");
    await comment(faysGone, "Eve's comment on a post to go");

    await send('PUT', `/api/posts/${kept}`, eve.sid, { content: "Eve's final words" });
    await send('DELETE', `/api/posts/${dropped}`, eve.sid);
    await send('PUT', `/api/posts/${faysPost}/comments/${edited}`, eve.sid, {
      content: "Eve's second thought",
    });
    await send('DELETE', `/api/posts/${faysPost}/comments/${removedByFay}`, fay.sid);
    await send('DELETE', `/api/posts/${faysGone}`, fay.sid);

    const text = (await exportOf(eve.sid)).body;
    const body = AccountExport.parse(JSON.parse(text));
    expect(body.posts.map((p) => [p.postId, p.content])).toEqual([[kept, "Eve's final words"]]);
    expect(body.comments.map((c) => [c.commentId, c.content])).toEqual([[edited, "Eve's second thought"]]);
    // The record keeps every version, in her words; Fay's deletion of her comment names Eve as its author.
    expect(
      body.events
        .filter((e) => ['PostEdited', 'CommentEdited', 'PostRemoved', 'CommentRemoved'].includes(e.type))
        .map((e) => [e.type, e.streamId, e.data.content ?? null]),
    ).toEqual([
      ['PostEdited', kept, "Eve's final words"],
      ['PostRemoved', dropped, null],
      ['CommentEdited', faysPost, "Eve's second thought"],
      ['CommentRemoved', faysPost, null],
    ]);
    expect(text).toContain("Eve's draft");
    expect(text).not.toContain("Fay's");
    // The edits' text is sealed in the log, as a new post's is.
    const stored = await bed.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM {schema}.event_log WHERE type IN ('PostEdited', 'CommentEdited') AND data->>'authorId' = $1`,
      [eve.id],
    );
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain('final words');
    expect(JSON.stringify(stored)).not.toContain('second thought');
  });
});

describe('POST /api/auth/export with conversations', () => {
  it("lists the person's conversations and the messages sent and received, received texts while their sender is there", async () => {
    const [gil, hal, ivy] = [await bed.signUp('Gil'), await bed.signUp('Hal'), await bed.signUp('Ivy')];
    const app = bed.running().app;
    const command = async (method: 'POST' | 'PUT', url: string, sid: string, body?: unknown) => {
      const response = await sendCommand(app, { method, url, sid, body });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json().data;
    };
    const connect = async (a: Person, b: Person) => {
      const { _id } = await command('POST', `/api/users/${b.id}/connect`, a.sid);
      await command('PUT', `/api/users/connections/${_id}`, b.sid, { status: 'accepted' });
    };
    await connect(gil, hal);
    await connect(ivy, gil);
    const withHal = (await command('POST', '/api/conversations', gil.sid, { participantId: hal.id }))
      .conversationId as string;
    const gilSaid = await command('POST', `/api/conversations/${withHal}/messages`, gil.sid, {
      text: 'Gil says hi',
    });
    const halSaid = await command('POST', `/api/conversations/${withHal}/messages`, hal.sid, {
      text: 'Hal answers',
    });
    await command('PUT', `/api/conversations/${withHal}/read`, gil.sid, { upToMessageId: halSaid._id });
    const withIvy = (await command('POST', '/api/conversations', ivy.sid, { participantId: gil.id }))
      .conversationId as string;
    const ivySaid = await command('POST', `/api/conversations/${withIvy}/messages`, ivy.sid, {
      text: 'Ivy here',
    });
    // Not Gil's: Hal and Ivy's own conversation.
    await connect(hal, ivy);
    const theirs = (await command('POST', '/api/conversations', hal.sid, { participantId: ivy.id }))
      .conversationId as string;
    await command('POST', `/api/conversations/${theirs}/messages`, hal.sid, { text: 'Between Hal and Ivy' });

    const text = (await exportOf(gil.sid)).body;
    const body = AccountExport.parse(JSON.parse(text));
    expect(body.conversations).toEqual([
      {
        conversationId: withHal,
        otherUserId: hal.id,
        job: null,
        startedBy: gil.id,
        startedAt: expect.any(String),
      },
      {
        conversationId: withIvy,
        otherUserId: ivy.id,
        job: null,
        startedBy: ivy.id,
        startedAt: expect.any(String),
      },
    ]);
    const message = (
      said: { _id: string; sentAt: string },
      conversationId: string,
      senderId: string,
      words: string,
    ) => ({ conversationId, messageId: said._id, senderId, text: words, sentAt: said.sentAt });
    expect(body.messages).toEqual([
      message(gilSaid, withHal, gil.id, 'Gil says hi'),
      message(halSaid, withHal, hal.id, 'Hal answers'),
      message(ivySaid, withIvy, ivy.id, 'Ivy here'),
    ]);
    expect(body.events.filter((e) => e.streamType === 'conversation').map((e) => e.type)).toEqual([
      'ConversationStarted',
      'MessageSent',
      'MessageSent',
      'MessagesRead',
      'ConversationStarted',
      'MessageSent',
    ]);
    expect(text).not.toContain('Between Hal and Ivy');
    expect(text).not.toContain(theirs);
    expect(text).not.toContain('pii1.');

    // Hal deletes his account: his texts are gone with his key, Gil's own stay.
    const deleted = await sendCommand(app, {
      method: 'DELETE',
      url: '/api/auth/account',
      sid: hal.sid,
      body: { password: 'engine-1843' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = AccountExport.parse((await exportOf(gil.sid)).json());
    expect(after.conversations.map((c) => c.otherUserId)).toEqual([hal.id, ivy.id]);
    expect(after.messages.map((m) => [m.senderId, m.text])).toEqual([
      [gil.id, 'Gil says hi'],
      [hal.id, ''],
      [ivy.id, 'Ivy here'],
    ]);
  });
});

// Last, as it changes the history the tests above read: Ben deletes his account.
describe('POST /api/auth/export after someone else deleted their account', () => {
  it("drops what was on their posts and the connection with them; the person's own events stay", async () => {
    const deleted = await sendCommand(bed.running().app, {
      method: 'DELETE',
      url: '/api/auth/account',
      sid: ben.sid,
      body: { password: 'engine-1843' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const text = (await exportOf(ann.sid)).body;
    const body = AccountExport.parse(JSON.parse(text));
    // Ben's post went with its likes and comments: Ann's are no longer in the product.
    expect(body.likes).toEqual([]);
    expect(body.comments).toEqual([]);
    expect(body.connections.map((c) => c.otherUserId)).toEqual([cat.id]);
    expect(body.posts.map((p) => p.postId)).toEqual([ids.annPost1, ids.annPost2]);
    // What she did is still on record, in her words.
    expect(
      body.events.filter((e) => e.streamId === ids.benPost).map((e) => [e.type, e.data.content ?? null]),
    ).toEqual([
      ['PostLiked', null],
      ['CommentAdded', 'Ann comments on Ben'],
    ]);
    for (const theirs of [ben.email, 'Ben was here', "Ben's cover letter", "Ben's post", 'pii1.']) {
      expect(text).not.toContain(theirs);
    }
  });
});
