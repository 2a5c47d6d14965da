/**
 * The proof of erasure, through the whole architecture against the real Postgres, Kafka, Redis and
 * MinIO. A person with a distinctive name fills every part of the product (profile, picture, resume,
 * a post, a comment and a like on someone else's post, a connection, a request, an application with
 * a cover letter) and others act on what is theirs. Then they delete their account. Afterwards none
 * of their personal data is readable anywhere the product keeps data: every table of the read schema,
 * the command schema (the event log as stored among them) and the key vault, every Kafka message of
 * the topics, and every Redis key with its value. The others' counts no longer include them. A rebuild
 * of every read model from the topics then brings nothing of theirs back. The same search finds the
 * other people's data, so it is not blind.
 */

import { sendCommand, sessionCookieOf, TEST_ORIGIN } from '@careers/command-service/testing';
import { type FilePart, multipartBody, tinyPdf } from '@careers/command-service/uploads/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { streamTypes } from '@careers/contracts/topics';
import { createRedis, SESSION_COOKIE } from '@careers/service-kit';
import { topicName } from '@careers/service-kit/kafka';
import { readTopicUntil, waitUntil } from '@careers/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startInProcessServices } from './in-process.ts';

const services = await startInProcessServices('account-deletion');
const { ns, command } = services;
const pool = command.deps.pool;
const redis = createRedis(command.deps.config.REDIS_URL, '');

afterAll(async () => {
  redis.disconnect();
  await services.close();
});

interface Person {
  id: string;
  sid: string;
  tokens: string[];
  password: string;
}

const password = 'erase-me-2031';
/** Everything that is only the deleted person's: after the deletion, none of it may be found. */
const dora = {
  firstName: 'Dorothea',
  lastName: 'Quillfeather',
  email: `dorothea.quillfeather.${ns.id}@example.org`,
  phone: '+351 912 345 678',
  bio: 'Lighthouse keeper turned data engineer',
  city: 'Aveiro-on-Sea',
  post: 'Tide tables are a time series with a moon in it',
  comment: 'Splendid point about estuaries',
  coverLetter: 'I have wanted to build the Lumen harbour platform since 2019',
  resume: 'quillfeather-cv.pdf',
};
/** What the others wrote: the same search must find it, before and after. */
const others = {
  annEmail: `ann.${ns.id}@example.com`,
  annPost: 'Ann on the spring tides',
  bobComment: 'Bob agrees with Ann entirely',
};

let seq = 0;
async function signUp(
  firstName: string,
  lastName: string,
  email: string,
  accountType: 'job_seeker' | 'employer' = 'job_seeker',
): Promise<Person> {
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: { firstName, lastName, email, password, accountType },
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    id: response.json().user._id,
    sid: sessionCookieOf(response)?.value as string,
    tokens: [response.headers[CONSISTENCY_HEADER] as string],
    password,
  };
}

async function ok(who: Person, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await sendCommand(command.app, { method, url, body, sid: who.sid });
  expect(response.statusCode, response.body).toBeLessThan(300);
  const token = response.headers[CONSISTENCY_HEADER];
  if (typeof token === 'string') who.tokens.push(token);
  return response.json();
}

async function upload(who: Person, url: string, part: FilePart) {
  const { payload, contentType } = multipartBody([part]);
  const response = await command.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie: `${SESSION_COOKIE}=${who.sid}` },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

const commandSchema = ns.commandEnv.DB_SCHEMA as string;
const readSchema = ns.queryEnv.DB_SCHEMA as string;
const vaultSchema = ns.commandEnv.VAULT_SCHEMA as string;

/** Every event of the log published and applied by the projector (each stream at its last version). */
async function settled(): Promise<void> {
  await waitUntil(
    'the read side to apply every event of the log',
    async () => {
      const { rows } = await pool.query<{ behind: number; unpublished: number }>(
        `SELECT
           (SELECT count(*) FROM (SELECT stream_id, max(stream_version) AS v FROM "${commandSchema}".event_log GROUP BY 1) l
              LEFT JOIN "${readSchema}".stream_checkpoints c ON c.stream_id = l.stream_id
             WHERE c.stream_version IS NULL OR c.stream_version < l.v)::int AS behind,
           (SELECT count(*) FROM "${commandSchema}".event_outbox)::int AS unpublished`,
      );
      return rows[0]?.behind === 0 && rows[0]?.unpublished === 0;
    },
    30_000,
  );
}

/** Every row of every table of a schema, as JSON text, each with its table. */
async function rowsOf(schema: string): Promise<string[]> {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
    [schema],
  );
  const all: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await pool.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM "${schema}"."${table_name}" t`,
    );
    for (const { row } of rows) all.push(`${schema}.${table_name}: ${row}`);
  }
  return all;
}

/** Every key of the namespace's Redis prefix with its value. */
async function redisEntries(): Promise<string[]> {
  const entries: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `t:${ns.id}:*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let value: unknown;
      if (type === 'string') value = await redis.get(key);
      else if (type === 'set') value = await redis.smembers(key);
      else if (type === 'zset') value = await redis.zrange(key, '0', '-1');
      else if (type === 'hash') value = await redis.hgetall(key);
      else if (type === 'list') value = await redis.lrange(key, 0, -1);
      else if (type === 'stream') value = await redis.xrange(key, '-', '+');
      else value = `<${type}>`;
      entries.push(`redis ${key}: ${JSON.stringify(value)}`);
    }
  } while (cursor !== '0');
  return entries;
}

/** Every message of the namespace's topics, as text (each topic read to the log's count of its events). */
async function kafkaMessages(): Promise<string[]> {
  const { rows } = await pool.query<{ stream_type: string; n: number }>(
    `SELECT stream_type, count(*)::int AS n FROM "${commandSchema}".event_log GROUP BY 1`,
  );
  const counts = new Map(rows.map((r) => [r.stream_type, r.n]));
  const all: string[] = [];
  for (const type of streamTypes) {
    const expected = counts.get(type) ?? 0;
    if (expected === 0) continue;
    const topic = topicName(ns.queryEnv as never, type);
    const messages = await readTopicUntil(
      command.deps.config.KAFKA_BROKERS,
      topic,
      (m) => m.length >= expected,
    );
    for (const m of messages) {
      all.push(`kafka ${topic}/${m.partition}@${m.offset} ${m.key}: ${m.value?.toString('utf8') ?? ''}`);
    }
  }
  return all;
}

async function everything(): Promise<{ read: string[]; stored: string[]; kafka: string[]; redis: string[] }> {
  return {
    read: await rowsOf(readSchema),
    stored: [...(await rowsOf(commandSchema)), ...(await rowsOf(vaultSchema))],
    kafka: await kafkaMessages(),
    redis: await redisEntries(),
  };
}

/**
 * Keys of the prefix naming `userId`, except per-user rate-limit counters: a number with a time to
 * live no longer than the longest limit window (a day), so they are gone by themselves.
 */
async function lingeringKeysOf(userId: string): Promise<string[]> {
  const lingering: string[] = [];
  for (const entry of find(await redisEntries(), [userId])) {
    const key = entry.slice('redis '.length, entry.indexOf(': '));
    if (key.startsWith(`t:${ns.id}:rate-limit:`)) {
      const [value, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      if (/^\d+$/.test(value ?? '') && ttl > 0 && ttl <= 24 * 3600 * 1000) continue;
    }
    lingering.push(entry);
  }
  return lingering;
}

const find = (haystack: readonly string[], needles: readonly string[]) =>
  haystack.filter((entry) => needles.some((needle) => entry.toLowerCase().includes(needle.toLowerCase())));
const doraNeedles = Object.values(dora);
/** The texts of hers that matter most: email, names, phone, bio and cover letter. */
const doraCore = [dora.email, dora.firstName, dora.lastName, dora.phone, dora.bio, dora.coverLetter];

/** A 1x1 PNG: the smallest picture the upload route re-encodes. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

describe('deleting an account erases the person everywhere', () => {
  let d: Person;
  let ann: Person;
  let bob: Person;
  let eve: Person;
  let annPostId: string;
  let doraPostId: string;
  let jobId: string;

  it('has the person everywhere first (the search is not blind)', async () => {
    d = await signUp(dora.firstName, dora.lastName, dora.email);
    ann = await signUp('Ann', 'Tester', others.annEmail);
    bob = await signUp('Bob', 'Tester', `bob.${ns.id}.${++seq}@example.com`);
    eve = await signUp('Eve', 'Employer', `eve.${ns.id}.${++seq}@example.com`, 'employer');

    await ok(d, 'PUT', '/api/users/profile', {
      firstName: dora.firstName,
      lastName: dora.lastName,
      email: dora.email,
      phone: dora.phone,
      bio: dora.bio,
      location: { city: dora.city, country: 'Portugal' },
    });
    await ok(d, 'PUT', '/api/users/skills', {
      skills: [{ name: 'Rust', proficiency: 'Advanced', experience: 3 }],
    });
    await upload(d, '/api/users/profile-picture', {
      field: 'profilePicture',
      filename: 'me.png',
      contentType: 'image/png',
      content: ONE_PIXEL_PNG,
    });
    await upload(d, '/api/users/resume', {
      field: 'resume',
      filename: dora.resume,
      contentType: 'application/pdf',
      content: tinyPdf('Curriculum vitae'),
    });

    doraPostId = (await ok(d, 'POST', '/api/posts', { content: dora.post })).data._id;
    annPostId = (await ok(ann, 'POST', '/api/posts', { content: others.annPost })).data._id;
    await ok(d, 'POST', `/api/posts/${annPostId}/comments`, { content: dora.comment });
    await ok(bob, 'POST', `/api/posts/${annPostId}/comments`, { content: others.bobComment });
    await ok(d, 'POST', `/api/posts/${annPostId}/like`);
    await ok(bob, 'POST', `/api/posts/${annPostId}/like`);
    await ok(ann, 'POST', `/api/posts/${doraPostId}/like`);
    await ok(ann, 'POST', `/api/posts/${doraPostId}/comments`, { content: 'Ann says well done' });

    const request = await ok(d, 'POST', `/api/users/${ann.id}/connect`);
    await ok(ann, 'PUT', `/api/users/connections/${request.data._id}`, { status: 'accepted' });
    await ok(bob, 'POST', `/api/users/${d.id}/connect`);
    await ok(ann, 'POST', `/api/users/${bob.id}/connect`);

    jobId = (
      await ok(eve, 'POST', '/api/jobs', {
        title: 'Harbour Data Engineer',
        description: 'Pipelines for tides.',
        company: { name: 'Lumen', industry: 'Maritime' },
        location: { city: 'Porto', country: 'Portugal' },
        salary: { min: 60000, max: 80000 },
        workLocation: 'Remote',
        skills: [{ name: 'rust', required: true }],
      })
    ).data._id;
    await ok(d, 'POST', `/api/jobs/${jobId}/apply`, {
      applicationData: { coverLetter: dora.coverLetter, expectedSalary: 70000 },
    });

    await settled();
    const before = await everything();
    for (const text of doraNeedles) expect(find(before.read, [text]), text).not.toEqual([]);
    for (const text of doraCore) expect(find(before.redis.concat(before.read), [text]), text).not.toEqual([]);
    // Stored and published sealed: not even before the deletion does the log or a topic show them.
    const log = before.stored.filter((row) => row.startsWith(`${commandSchema}.event_log:`));
    expect(log.length).toBeGreaterThan(20);
    expect(find(log.concat(before.kafka), doraCore)).toEqual([]);
    expect(find(before.stored, [dora.email])).not.toEqual([]);
    const annPost = await services.read(ann.sid, `/api/posts/${annPostId}`, []);
    expect(annPost.body.data).toMatchObject({ likesCount: 2, commentsCount: 2 });
  });

  it('leaves nothing of theirs after the deletion, and the others’ counts without them', async () => {
    const response = await sendCommand(command.app, {
      method: 'DELETE',
      url: '/api/auth/account',
      body: { password: d.password },
      sid: d.sid,
    });
    expect(response.statusCode, response.body).toBe(200);
    await settled();

    const after = await everything();
    expect(find(after.read, doraNeedles)).toEqual([]);
    expect(find(after.stored, doraNeedles)).toEqual([]);
    expect(find(after.kafka, doraNeedles)).toEqual([]);
    expect(find(after.redis, doraNeedles)).toEqual([]);
    // The search sees the others' data where it is plain (the log and topics seal theirs too), and
    // their ids everywhere.
    for (const text of Object.values(others)) expect(find(after.read, [text]), text).not.toEqual([]);
    expect(find(after.redis, [ann.id])).not.toEqual([]);
    expect(find(after.kafka, [ann.id])).not.toEqual([]);
    expect(find(after.stored, [ann.id])).not.toEqual([]);
    // Nothing in Redis names them either (their sessions, timeline, likes) but the request counters of
    // the rate limits, which hold a count and expire with their window.
    expect(await lingeringKeysOf(d.id)).toEqual([]);

    const annPost = await services.read(ann.sid, `/api/posts/${annPostId}`, []);
    expect(annPost.body.data).toMatchObject({ likesCount: 1, commentsCount: 1 });
    const comments = (annPost.body.data as { comments: { content: string }[] }).comments;
    expect(comments.map((c) => c.content)).toEqual([others.bobComment]);
    expect((await services.read(ann.sid, `/api/posts/${doraPostId}`, [])).status).toBe(404);
    const annConnections = await services.read(ann.sid, '/api/users/connections', []);
    expect(annConnections.body.data).toEqual([]);
    // Bob's request to them was declined with the deletion; Ann's to Bob stands.
    expect((await services.read(bob.sid, '/api/users/connections/sent', [])).body.data).toEqual([]);
    const annSent = await services.read(ann.sid, '/api/users/connections/sent', []);
    expect((annSent.body.data as { user: { _id: string } }[]).map((c) => c.user._id)).toEqual([bob.id]);
    const applicants = await services.read(eve.sid, `/api/jobs/${jobId}/applications`, []);
    expect(applicants.body.data).toEqual([]);
    const feed = await services.read(ann.sid, '/api/posts/feed', []);
    expect((feed.body.data as { _id: string }[]).map((p) => p._id)).toEqual([annPostId]);
    const notifications = await services.read(ann.sid, '/api/notifications', []);
    expect(JSON.stringify(notifications.body)).not.toContain(d.id);
    // Their session is over.
    expect((await services.read(d.sid, '/api/auth/me', [])).status).toBe(401);
  });

  it('brings nothing of theirs back when every read model is rebuilt from the topics', async () => {
    const before = await rowsOf(readSchema);
    await services.rebuildFromTopics();
    const rebuilt = await rowsOf(readSchema);
    const redisAfter = await redisEntries();
    expect(find(rebuilt, doraNeedles)).toEqual([]);
    expect(find(redisAfter, doraNeedles)).toEqual([]);
    expect(await lingeringKeysOf(d.id)).toEqual([]);
    for (const text of Object.values(others)) expect(find(rebuilt, [text]), text).not.toEqual([]);
    // The same rows as before the rebuild, bookkeeping aside: stream checkpoints carry when each was
    // applied, people you may know are ranked from the rebuilt read models by the refresher (a
    // rebuild clears the stored lists and their marks, and marks nobody while it replays), and the
    // bell's counts are kept by live batches only (a rebuild leaves each to be counted when needed).
    const bookkeeping = [
      '.stream_checkpoints:',
      '.dead_letters:',
      '.suggestion_lists:',
      '.suggestion_list_state:',
      '.suggestion_refreshes:',
      '.notification_unread_counts:',
    ];
    const withoutBookkeeping = (rows: string[]) =>
      rows.filter((r) => !bookkeeping.some((table) => r.includes(table))).sort();
    expect(withoutBookkeeping(rebuilt)).toEqual(withoutBookkeeping(before));
    expect(find(rebuilt, ['.dead_letters:'])).toEqual([]);
  });
});
