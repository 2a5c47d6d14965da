/**
 * The analytics example (examples/analytics, Python) as an outside consumer of the product: a known
 * scenario made through the command routes, read back from the topics by the example, and its figures
 * checked against the read models the query-service built from the same events. Then the example's
 * own checks: a scratch topic with a duplicate, an event newer than the catalogue and two invalid
 * messages, and the Python unit tests (the validator, the load, the views on events made there).
 */

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sendCommand, sessionCookieOf } from '@careers/command-service/testing';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { baseEnv, createLogger, ident, loadConfig } from '@careers/service-kit';
import { createIdempotentProducer, createKafka, ensureTopics, withAdmin } from '@careers/service-kit/kafka';
import { readTopicUntil } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessServices } from './in-process.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STACK = process.env.CAREERS_STACK_DIR ?? join(ROOT, '.stack');
const PYTHON = join(STACK, 'analytics-venv', 'bin', 'python');
const EXAMPLE = join(ROOT, 'examples', 'analytics');

const services = await startInProcessServices('analytics');
const { ns, command } = services;
const config = loadConfig(baseEnv, ns.queryEnv);
const scratchPrefix = `${config.KAFKA_TOPIC_PREFIX}scratch.`;
const scratchTopic = `${scratchPrefix}careers.posts`;

afterAll(async () => {
  const kafka = createKafka(config, 'analytics-test', createLogger('analytics-test', 'silent'));
  await withAdmin(kafka, async (admin) => {
    if ((await admin.listTopics()).includes(scratchTopic)) {
      await admin.deleteTopics({ topics: [scratchTopic] }).catch(() => {});
    }
  });
  await services.close();
});

// The example's venv, as npm test's "analytics consumer (python)" step installs it: here too, so the
// file also runs on its own.
beforeAll(async () => {
  await run('bash', ['-c', 'source scripts/lib/services.sh && ensure_analytics'], { cwd: ROOT });
}, 300_000);

interface Counts {
  read: number;
  loaded: number;
  duplicates: number;
  skipped: number;
  invalid: number;
  sealed: number;
  plain_personal: number;
}
type Row = Record<string, unknown>;
interface Report {
  catalogue: string;
  topics: { topic: string; exists: boolean; read: number }[];
  counts: Counts;
  skipped: Record<string, number>;
  invalid: { topic: string; event: string; errors: string[] }[];
  views: Record<'daily_signups' | 'hiring_funnel' | 'daily_engagement' | 'most_engaged_posts', Row[]>;
}

/** Runs the example on the topics under `prefix`; its stdout, and its exit code. */
async function analytics(prefix: string, ...extra: string[]): Promise<{ code: number; stdout: string }> {
  const args = ['-B', join(EXAMPLE, 'analytics.py'), '--quiet', '--timeout', '20', '--topic-prefix', prefix];
  try {
    const { stdout } = await run(PYTHON, [...args, '--brokers', config.KAFKA_BROKERS.join(','), ...extra], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? `${failed.stderr}` };
  }
}

async function report(prefix: string): Promise<Report> {
  const { code, stdout } = await analytics(prefix, '--json');
  expect(code, stdout).toBe(0);
  return JSON.parse(stdout) as Report;
}

interface Person {
  id: string;
  sid: string;
  email: string;
}

/** Every consistency token since the scenario began: the read that waits for them all sends them. */
const tokens: string[] = [];

async function send(who: Person | undefined, method: 'POST' | 'PUT', url: string, body?: unknown) {
  const response = await sendCommand(command.app, { method, url, body, sid: who?.sid });
  expect(response.statusCode, response.body).toBeLessThan(300);
  const token = response.headers[CONSISTENCY_HEADER];
  if (typeof token === 'string') tokens.push(token);
  return response.json().data as { _id: string };
}

let seq = 0;
async function signUp(firstName: string, accountType: 'job_seeker' | 'employer'): Promise<Person> {
  const email = `${firstName.toLowerCase()}.${ns.id}.${++seq}@example.com`;
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: '/api/auth/register',
    body: { firstName, lastName: 'Analyticsperson', email, password: 'analytics-test-1', accountType },
  });
  expect(response.statusCode, response.body).toBe(201);
  const token = response.headers[CONSISTENCY_HEADER];
  if (typeof token === 'string') tokens.push(token);
  return { id: response.json().user._id, sid: sessionCookieOf(response)?.value as string, email };
}

const postJob = async (poster: Person, title: string) =>
  (
    await send(poster, 'POST', '/api/jobs', {
      title,
      description: 'Pipelines from events to answers.',
      company: { name: 'Acme', industry: 'Software' },
      location: { city: 'Berlin', country: 'Germany' },
      salary: { min: 70000, max: 90000 },
    })
  )._id;
const apply = async (applicant: Person, jobId: string) =>
  (
    await send(applicant, 'POST', `/api/jobs/${jobId}/apply`, {
      coverLetter: `Secret cover letter of ${applicant.email}`,
      expectedSalary: '80000',
    })
  )._id;
const move = (poster: Person, applicationId: string, status: string) =>
  send(poster, 'PUT', `/api/applications/${applicationId}/status`, { status });
const post = async (author: Person, content: string) =>
  (await send(author, 'POST', '/api/posts', { content }))._id;
const like = (who: Person, postId: string) => send(who, 'POST', `/api/posts/${postId}/like`);
const comment = (who: Person, postId: string, content: string) =>
  send(who, 'POST', `/api/posts/${postId}/comments`, { content });

const byKey = <T extends Row>(rows: T[], key: string) =>
  Object.fromEntries(rows.map((r) => [String(r[key]), r]));
const countBy = (rows: Row[], key: string) =>
  rows.reduce<Record<string, number>>((acc, row) => {
    acc[String(row[key])] = (acc[String(row[key])] ?? 0) + 1;
    return acc;
  }, {});

describe('the analytics example, against the events of a known scenario', () => {
  let people: Record<'ann' | 'ben' | 'cy' | 'eve' | 'fay', Person>;
  let jobs: { kafka: string; design: string };
  let posts: string[];
  let result: Report;

  it('reads every event the scenario wrote, loads each once, and nothing invalid', async () => {
    const [ann, ben, cy, eve, fay] = await Promise.all([
      signUp('Ann', 'job_seeker'),
      signUp('Ben', 'job_seeker'),
      signUp('Cy', 'job_seeker'),
      signUp('Eve', 'employer'),
      signUp('Fay', 'employer'),
    ]);
    people = { ann, ben, cy, eve, fay };
    jobs = { kafka: await postJob(eve, 'Kafka Engineer'), design: await postJob(fay, 'Product Designer') };
    const annKafka = await apply(ann, jobs.kafka);
    const benKafka = await apply(ben, jobs.kafka);
    const cyKafka = await apply(cy, jobs.kafka);
    const annDesign = await apply(ann, jobs.design);
    await move(eve, annKafka, 'interview');
    await move(eve, annKafka, 'accepted');
    await move(eve, benKafka, 'rejected');
    await send(cy, 'POST', `/api/applications/${cyKafka}/withdraw`);
    await move(fay, annDesign, 'interview');

    posts = [
      await post(ann, 'Ann on hiring'),
      await post(eve, 'Eve is hiring'),
      await post(ben, 'Ben says hi'),
    ];
    const [p1, p2] = posts as [string, string];
    for (const who of [ben, cy, eve]) await like(who, p1);
    await like(eve, p1); // a second click takes the like back
    await like(ann, p2);
    await comment(ben, p1, 'Ben agrees');
    await comment(cy, p1, 'Cy too');
    await comment(ann, p2, 'Ann applies');

    // Once the read models show every write, every event is on the topics.
    const seen = await services.read(eve.sid, '/api/jobs/my/posted', tokens);
    expect(seen.status).toBe(200);

    result = await report(config.KAFKA_TOPIC_PREFIX);
    const schema = ident(ns.commandEnv.DB_SCHEMA as string);
    const logged = await command.deps.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${schema}.event_log`,
    );
    const written = Number(logged.rows[0]?.n);
    // 5 sign-ups, 2 jobs, 4 applications, 4 moves and a withdrawal, 3 posts, 5 like clicks, 3 comments.
    expect(written).toBe(27);
    expect(result.catalogue).toMatch(/^\d+\.\d+\.\d+$/);
    expect(result.counts).toEqual({
      read: written,
      loaded: written,
      duplicates: 0,
      skipped: 0,
      invalid: 0,
      // 5 sign-ups x 3 names, 4 applications x 3 fields, 3 posts x 3 (text, tags, pictures), 3
      // comments: all sealed on the wire.
      sealed: 15 + 12 + 9 + 3,
      plain_personal: 0,
    });
    expect(result.topics.map((t) => t.topic)).toEqual(
      ['users', 'jobs', 'applications', 'posts', 'connections', 'messages'].map(
        (t) => `${config.KAFKA_TOPIC_PREFIX}careers.${t}`,
      ),
    );
  });

  it('prints no personal data: the sealed fields are neither opened nor loaded', async () => {
    const text = JSON.stringify(result);
    for (const person of Object.values(people)) {
      expect(text).not.toContain(person.email);
    }
    for (const secret of ['Analyticsperson', 'Secret cover letter', 'Ann on hiring', 'Ben agrees', 'pii1.']) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts the sign-ups per account type as the read model holds the accounts', async () => {
    const { users } = await services.rows([['users', 'id']]);
    const signups: Record<string, number> = {};
    for (const row of result.views.daily_signups) {
      const type = String(row.account_type);
      signups[type] = (signups[type] ?? 0) + Number(row.signups) - Number(row.deleted_since);
    }
    expect(signups).toEqual(countBy(users as Row[], 'account_type'));
    expect(signups).toEqual({ job_seeker: 3, employer: 2 });
  });

  it('counts each job funnel as the applications read model holds it', async () => {
    const tables = await services.rows([
      ['jobs', 'id'],
      ['applications', 'id'],
      ['application_status_history', 'application_id, stream_version'],
    ]);
    const funnel = byKey(result.views.hiring_funnel, 'job_id');
    expect(Object.keys(funnel).sort()).toEqual((tables.jobs as Row[]).map((j) => j.id));
    for (const job of tables.jobs as Row[]) {
      const applications = (tables.applications as Row[]).filter((a) => a.job_id === job.id);
      const ids = new Set(applications.map((a) => a.id));
      const interviewed = new Set(
        (tables.application_status_history as Row[])
          .filter((h) => ids.has(h.application_id) && h.status === 'interview')
          .map((h) => h.application_id),
      );
      const status = countBy(applications, 'status');
      expect(funnel[String(job.id)]).toMatchObject({
        title: job.title,
        applications: applications.length,
        interviews: interviewed.size,
        accepted: status.accepted ?? 0,
        rejected: status.rejected ?? 0,
        withdrawn: status.withdrawn ?? 0,
      });
    }
    expect(funnel[jobs.kafka]).toMatchObject({
      title: 'Kafka Engineer',
      applications: 3,
      interviews: 1,
      accepted: 1,
      rejected: 1,
      withdrawn: 1,
      hours_to_first_application: expect.any(Number),
      median_hours_to_interview: expect.any(Number),
      median_hours_interview_to_accepted: expect.any(Number),
    });
    expect(funnel[jobs.design]).toMatchObject({ applications: 1, interviews: 1, accepted: 0 });
    expect(funnel[jobs.design]?.median_hours_interview_to_accepted).toBeNull();
  });

  it('counts likes and comments per post as the posts read model holds them', async () => {
    const { posts: rows } = await services.rows([['posts', 'id']]);
    const top = byKey(result.views.most_engaged_posts, 'post_id');
    expect(Object.keys(top).sort()).toEqual([...posts].sort());
    for (const row of rows as Row[]) {
      expect(top[String(row.id)]).toMatchObject({ likes: row.likes_count, comments: row.comments_count });
    }
    const [p1, p2, p3] = posts as [string, string, string];
    expect([p1, p2, p3].map((id) => [top[id]?.likes, top[id]?.comments])).toEqual([
      [2, 2],
      [1, 1],
      [0, 0],
    ]);
    expect(result.views.most_engaged_posts[0]?.post_id).toBe(p1);
    const days = result.views.daily_engagement;
    const total = (key: string) => days.reduce((sum, day) => sum + Number(day[key]), 0);
    expect(['posts', 'likes', 'unlikes', 'comments'].map(total)).toEqual([3, 4, 1, 3]);
  });

  it('counts a duplicate, skips an event newer than the catalogue, and lists invalid messages', async () => {
    const [liked] = await readTopicUntil(
      config.KAFKA_BROKERS,
      `${config.KAFKA_TOPIC_PREFIX}careers.posts`,
      (m) => m.some((message) => JSON.parse(String(message.value)).type === 'PostLiked'),
    ).then((messages) => messages.filter((m) => JSON.parse(String(m.value)).type === 'PostLiked'));
    const envelope = JSON.parse(String(liked?.value));
    const key = String(liked?.key);
    const kafka = createKafka(config, 'analytics-test', createLogger('analytics-test', 'silent'));
    await ensureTopics(kafka, { ...config, KAFKA_TOPIC_PREFIX: scratchPrefix }, [scratchTopic]);
    const producer = createIdempotentProducer(kafka);
    const value = (v: unknown) => ({
      topic: scratchTopic,
      key,
      value: typeof v === 'string' ? v : JSON.stringify(v),
    });
    await producer.send({
      messages: [
        value(envelope),
        value(envelope), // delivered twice
        value({ ...envelope, id: randomUUID(), type: 'PostShared' }), // a type this catalogue does not know
        value({ ...envelope, id: randomUUID(), data: { ...envelope.data, likesCount: -1 } }),
        value('{"type": "PostLiked", "schemaVersion": 1'),
      ],
    });
    await producer.close();

    const scratch = await report(scratchPrefix);
    expect(scratch.counts).toEqual({
      read: 5,
      loaded: 1,
      duplicates: 1,
      skipped: 1,
      invalid: 2,
      sealed: 0,
      plain_personal: 0,
    });
    expect(scratch.skipped).toEqual({ 'PostShared v1': 1 });
    expect(scratch.invalid).toEqual([
      expect.objectContaining({
        topic: scratchTopic,
        event: 'PostLiked v1',
        errors: [expect.stringMatching(/^data\.likesCount: /)],
      }),
      expect.objectContaining({
        topic: scratchTopic,
        errors: ['the value is not UTF-8 JSON (JSONDecodeError)'],
      }),
    ]);
    expect(scratch.topics.filter((t) => t.exists).map((t) => t.topic)).toEqual([scratchTopic]);
    // For a pipeline that must stop on a broken contract.
    expect((await analytics(scratchPrefix, '--fail-on-invalid')).code).toBe(1);
    const text = await analytics(scratchPrefix);
    expect(text.stdout).toContain('read 5 in');
    expect(text.stdout).toContain('2 invalid');
  });

  it("passes the example's own unit tests", async () => {
    const { stderr } = await run(PYTHON, ['-B', '-m', 'unittest', 'discover', '-s', EXAMPLE], { cwd: ROOT });
    const ran = Number(/Ran (\d+) tests?/.exec(stderr)?.[1]);
    expect(ran).toBeGreaterThanOrEqual(15);
    expect(stderr.trimEnd().endsWith('OK')).toBe(true);
  });
});
