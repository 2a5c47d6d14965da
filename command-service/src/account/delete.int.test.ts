import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  authMessages,
  hiringMessages,
  postMessages,
  profileMessages,
} from '@careers/contracts/messages';
import { apiPath, type RouteDefinition, routes } from '@careers/contracts/routes';
import { createPool, ident, readSession, SESSION_COOKIE } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CommandTransaction } from '../event-log/event-store.ts';
import { PostStore } from '../posts/store.ts';
import { sendCommand, sessionCookieOf } from '../testing.ts';
import { tinyPdf, uploadTestbed } from '../uploads/testing.ts';

// A bucket of its own (the upload testbed's), so "their files are gone" is checked over every key.
const bed = uploadTestbed(testNamespace('account-delete'));
const PASSWORD = 'engine-1843';

const deps = () => bed.running().deps;
const posts = () => new PostStore(deps().config.DB_SCHEMA);

function send(
  route: RouteDefinition,
  sid: string | undefined,
  params: Record<string, string> = {},
  body?: unknown,
) {
  const url = apiPath(route).replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '');
  return sendCommand(bed.running().app, { method: route.method as 'POST', url, sid, body });
}

async function ok(
  route: RouteDefinition,
  sid: string,
  params: Record<string, string> = {},
  body?: unknown,
): Promise<{ data: { _id: string } }> {
  const response = await send(route, sid, params, body);
  expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(route.status);
  return response.json();
}

const deleteAccount = (sid: string | undefined, password: unknown = PASSWORD) =>
  send(routes.deleteAccount, sid, {}, { password });

type Person = Awaited<ReturnType<typeof bed.signUp>>;

const postBy = async (p: Person, content = 'Shipping today') =>
  (await ok(routes.createPost, p.sid, {}, { content, visibility: 'public' })).data._id;
const like = (p: Person, postId: string) => ok(routes.toggleLike, p.sid, { id: postId });
const comment = async (p: Person, postId: string, content = 'Nice one') =>
  (await ok(routes.addComment, p.sid, { id: postId }, { content })).data._id;
const jobBy = async (p: Person) =>
  (
    await ok(
      routes.createJob,
      p.sid,
      {},
      {
        title: 'Backend Engineer',
        description: 'Event logs and projections.',
        company: { name: 'Acme', industry: 'Software' },
        location: { city: 'Berlin', country: 'Germany' },
        salary: { min: 70000, max: 90000 },
      },
    )
  ).data._id;
const apply = async (p: Person, jobId: string) =>
  (await ok(routes.applyToJob, p.sid, { id: jobId }, { coverLetter: 'Hello', expectedSalary: null })).data
    ._id;
const connect = async (from: Person, to: Person) =>
  (await ok(routes.connect, from.sid, { id: to.id })).data._id;

async function eventsSince(position: number) {
  return bed.query<{ stream_id: string; type: string; data: Record<string, unknown> }>(
    'SELECT stream_id, type, data FROM {schema}.event_log WHERE position > $1 ORDER BY position',
    [position],
  );
}
async function logPosition(): Promise<number> {
  const [row] = await bed.query<{ p: string }>(
    'SELECT coalesce(max(position), 0) AS p FROM {schema}.event_log',
  );
  return Number(row?.p);
}

/** Every table of the command schema whose rows, as text, contain `needle` (case-insensitive). */
async function tablesMentioning(needle: string): Promise<string[]> {
  const tables = await bed.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
    [deps().config.DB_SCHEMA],
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await bed.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM {schema}.${ident(table_name)} t WHERE t::text ILIKE $1`,
      [`%${needle}%`],
    );
    if ((row?.n ?? 0) > 0) found.push(table_name);
  }
  return found.sort();
}

interface Held {
  /** Resolves once `n` backends wait for the held transaction. */
  blocked(n: number): Promise<void>;
  /** Ends the held transaction (as `end` says), letting the waiting ones go on. */
  release(): Promise<void>;
}

/**
 * Another command's transaction, held open: `lock` takes what it takes, then `work` starts requests
 * that queue behind it and releases it when it chooses.
 */
async function holding<T>(
  lock: (tx: CommandTransaction) => Promise<void>,
  work: (held: Held) => Promise<T>,
  end: 'COMMIT' | 'ROLLBACK' = 'ROLLBACK',
): Promise<T> {
  // Connections of its own: the service's pool (4 in tests) is left whole to the requests that queue.
  const side = createPool(deps().config.DATABASE_URL, 2, 'account-delete-test');
  const client = await side.connect();
  let open = false;
  const release = async () => {
    if (!open) return;
    open = false;
    await client.query(end);
  };
  try {
    await client.query('BEGIN');
    open = true;
    const meta = { actorId: null, correlationId: randomUUID(), causationId: null };
    await lock(new CommandTransaction(client, deps().config.DB_SCHEMA, meta, new Date(), deps().vault));
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]?.pid;
    const blocked = async (n: number) => {
      for (let i = 0; i < 400; i++) {
        // Directly or behind another waiter (the second in line for a row waits for the first).
        const {
          rows: [row],
        } = await side.query<{ n: number }>(
          `WITH RECURSIVE behind (pid) AS (
             SELECT $1::int
             UNION SELECT a.pid FROM pg_stat_activity a JOIN behind b ON b.pid = ANY (pg_blocking_pids(a.pid)))
           SELECT count(*)::int - 1 AS n FROM behind`,
          [pid],
        );
        if ((row?.n ?? 0) >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`${n} transactions were expected to wait for the held one`);
    };
    return await work({ blocked, release });
  } finally {
    await release().catch(() => {});
    client.release();
    await side.end();
  }
}

describe('DELETE /api/auth/account', () => {
  it('refuses a wrong or blank password and writes nothing', async () => {
    const a = await bed.signUp('Wilhelmina');
    const before = await logPosition();
    const wrong = await deleteAccount(a.sid, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: accountMessages.passwordIncorrect });
    const blank = await deleteAccount(a.sid, '');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: accountMessages.passwordRequired });
    const missing = await send(routes.deleteAccount, a.sid, {}, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: accountMessages.passwordRequired });
    expect(await logPosition()).toBe(before);
    expect(await deps().vault.isErased(deps().pool, a.id)).toBe(false);
    expect((await send(routes.updateSkills, a.sid, {}, { skills: [] })).statusCode).toBe(200);
    const nobody = await deleteAccount(undefined);
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ message: authMessages.signInRequired });
  });

  it('ends everything of theirs, in one transaction, and leaves nothing of them in the write side', async () => {
    const a = await bed.signUp('Xanthippe');
    const b = await bed.signUp('Bertrand');
    const c = await bed.signUp('Cornelia');
    const d = await bed.signUp('Dorothea');
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await bed.uploadPicture(a.sid, picture)).statusCode).toBe(200);
    expect((await bed.uploadResume(a.sid, tinyPdf('Xanthippe, analyst'))).statusCode).toBe(200);
    expect((await bed.uploadResume(b.sid, tinyPdf('Bertrand, engineer'))).statusCode).toBe(200);
    const othersKeys = await bed.keys();

    // Their post, liked by B and commented on by C.
    const ownPost = await postBy(a, 'Xanthippe writes');
    await like(b, ownPost);
    await comment(c, ownPost);
    // B's post: A likes it and comments twice; C likes it and comments once.
    const bPost = await postBy(b);
    await like(a, bPost);
    await like(c, bPost);
    const firstComment = await comment(a, bPost, 'First from Xanthippe');
    await comment(c, bPost);
    const secondComment = await comment(a, bPost, 'Second from Xanthippe');
    // Connections: accepted with B, a request sent to C, one received from D.
    const withB = await connect(a, b);
    await ok(routes.respondToConnection, b.sid, { requestId: withB }, { status: 'accepted' });
    const toC = await connect(a, c);
    const fromD = await connect(d, a);
    // Applications: one pending (with a resume copy), one accepted.
    const bJob = await jobBy(b);
    const pending = await apply(a, bJob);
    const cJob = await jobBy(c);
    const accepted = await apply(a, cJob);
    await ok(routes.moveApplication, c.sid, { id: accepted }, { status: 'accepted' });
    // Jobs: one open (B applied), one closed by them already.
    const openJob = await jobBy(a);
    await apply(b, openJob);
    const closedJob = await jobBy(a);
    await ok(routes.closeJob, a.sid, { id: closedJob });
    // Saved jobs: C's (applied to as well) and their own open one.
    await ok(routes.saveJob, a.sid, { id: cJob });
    await ok(routes.saveJob, a.sid, { id: openJob });
    // A second session of theirs, on another device.
    const login = await send(routes.login, undefined, {}, { email: a.email, password: PASSWORD });
    const otherSid = sessionCookieOf(login)?.value as string;
    expect(otherSid).toBeTruthy();

    const copies = await bed.query<{ resume_id: string }>(
      'SELECT resume_id FROM {schema}.applications WHERE applicant_id = $1 AND resume_id IS NOT NULL',
      [a.id],
    );
    expect(copies).toHaveLength(2);
    const [record] = await bed.query<{ picture_id: string; resume_id: string }>(
      'SELECT picture_id, resume_id FROM {schema}.users WHERE id = $1',
      [a.id],
    );
    const filesOfA = [
      `pictures/${record?.picture_id}/large.webp`,
      `pictures/${record?.picture_id}/avatar.webp`,
      `resumes/${record?.resume_id}.pdf`,
      ...copies.map((copy) => `resumes/${copy.resume_id}.pdf`),
    ].sort();
    expect(await bed.keys()).toEqual(expect.arrayContaining(filesOfA));

    const before = await logPosition();
    const response = await deleteAccount(a.sid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.deleted });
    const cleared = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');

    const events = await eventsSince(before);
    const at = events.find((event) => event.type === 'AccountDeleted')?.data.deletedAt;
    const connectionIds = [withB, toC, fromD].sort();
    const connectionEvent = {
      [withB]: {
        type: 'ConnectionRemoved',
        data: expect.objectContaining({ removedBy: a.id, removedAt: at }),
      },
      [toC]: {
        type: 'ConnectionWithdrawn',
        data: expect.objectContaining({ requesterId: a.id, withdrawnAt: at }),
      },
      [fromD]: {
        type: 'ConnectionDeclined',
        data: expect.objectContaining({ recipientId: a.id, respondedAt: at }),
      },
    };
    expect(events).toEqual([
      { stream_id: ownPost, type: 'PostRemoved', data: { postId: ownPost, authorId: a.id, removedAt: at } },
      {
        stream_id: bPost,
        type: 'CommentRemoved',
        data: { postId: bPost, commentId: firstComment, authorId: a.id, commentsCount: 2, removedAt: at },
      },
      {
        stream_id: bPost,
        type: 'CommentRemoved',
        data: { postId: bPost, commentId: secondComment, authorId: a.id, commentsCount: 1, removedAt: at },
      },
      {
        stream_id: bPost,
        type: 'PostUnliked',
        data: { postId: bPost, userId: a.id, likesCount: 1, unlikedAt: at },
      },
      ...connectionIds.map((id) => ({ stream_id: id, ...connectionEvent[id] })),
      {
        stream_id: pending,
        type: 'ApplicationWithdrawn',
        data: expect.objectContaining({ applicantId: a.id, from: 'pending', withdrawnAt: at }),
      },
      { stream_id: openJob, type: 'JobClosed', data: { jobId: openJob, employerId: a.id, closedAt: at } },
      { stream_id: a.id, type: 'AccountDeleted', data: { userId: a.id, deletedAt: at } },
    ]);

    // The state the events leave.
    expect(await bed.query('SELECT * FROM {schema}.posts WHERE id = $1', [ownPost])).toEqual([]);
    expect(
      await bed.query('SELECT likes_count, comments_count FROM {schema}.posts WHERE id = $1', [bPost]),
    ).toEqual([{ likes_count: 1, comments_count: 1 }]);
    expect(
      await bed.query('SELECT status FROM {schema}.applications WHERE applicant_id = $1 ORDER BY status', [
        a.id,
      ]),
    ).toEqual([{ status: 'accepted' }, { status: 'withdrawn' }]);
    expect(
      await bed.query("SELECT id FROM {schema}.jobs WHERE employer_id = $1 AND status = 'open'", [a.id]),
    ).toEqual([]);
    // Their email and name are nowhere, the event log included (sealed there, and their key is gone).
    expect(await tablesMentioning(a.email)).toEqual([]);
    expect(await tablesMentioning('Xanthippe')).toEqual([]);
    // Their id is left only where the deletion keeps it by design: the log's ids, their answered and withdrawn
    // applications, and their closed jobs.
    expect(await tablesMentioning(a.id)).toEqual(['applications', 'event_log', 'jobs']);
    expect(
      await bed.query('SELECT resume_id FROM {schema}.applications WHERE applicant_id = $1', [a.id]),
    ).toEqual([{ resume_id: null }, { resume_id: null }]);
    expect(await deps().vault.isErased(deps().pool, a.id)).toBe(true);

    // Their files are gone from the bucket; B's resume stays.
    const keysAfter = await bed.keys();
    for (const key of filesOfA) expect(keysAfter).not.toContain(key);
    expect(keysAfter).toEqual(expect.arrayContaining(othersKeys.filter((key) => !filesOfA.includes(key))));

    // Every session of theirs ended.
    expect(await readSession(deps().redis, a.sid)).toBeNull();
    expect(await readSession(deps().redis, otherSid)).toBeNull();
    expect((await send(routes.updateSkills, otherSid, {}, { skills: [] })).statusCode).toBe(401);
    const again = await deleteAccount(a.sid);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: authMessages.signInRequired });

    // Others meet a deleted account: its post is gone, its closed job takes nobody, it is nobody.
    const likeGone = await send(routes.toggleLike, c.sid, { id: ownPost });
    expect(likeGone.statusCode).toBe(404);
    expect(likeGone.json()).toEqual({ message: postMessages.postNotFound });
    expect((await send(routes.addComment, c.sid, { id: ownPost }, { content: 'Hello?' })).statusCode).toBe(
      404,
    );
    const applyGone = await send(
      routes.applyToJob,
      c.sid,
      { id: openJob },
      { coverLetter: 'Hi', expectedSalary: null },
    );
    expect(applyGone.statusCode).toBe(409);
    expect(applyGone.json()).toEqual({ message: hiringMessages.jobClosed });
    const connectGone = await send(routes.connect, b.sid, { id: a.id });
    expect(connectGone.statusCode).toBe(404);
    expect(connectGone.json()).toEqual({ message: profileMessages.userNotFound });

    // The email is free: registering it again makes a new person.
    const reborn = await send(
      routes.register,
      undefined,
      {},
      {
        firstName: 'Xanthippe',
        lastName: 'Again',
        email: a.email,
        password: 'a-new-start-1',
        accountType: 'job_seeker',
      },
    );
    expect(reborn.statusCode, reborn.body).toBe(201);
    expect(reborn.json().user._id).not.toBe(a.id);
  });

  it('two deletions of one account at once: one deletes, the other is answered 401 and writes nothing', async () => {
    const a = await bed.signUp('Ottoline');
    const b = await bed.signUp('Bertrand');
    await like(a, await postBy(b));
    await postBy(a);
    const before = await logPosition();
    const answers = await Promise.all([deleteAccount(a.sid), deleteAccount(a.sid)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const events = await eventsSince(before);
    expect(events.map((event) => event.type)).toEqual(['PostRemoved', 'PostUnliked', 'AccountDeleted']);
  });

  it('a comment of theirs that is sealing as the deletion starts is committed first, then removed', async () => {
    const a = await bed.signUp('Philippa');
    const b = await bed.signUp('Bertrand');
    const post = await postBy(b);
    const commentId = randomUUID();
    const response = await holding(
      // The comment command's transaction, stopped after its event was appended (its key is held).
      async (tx) => {
        const { post: state } = await posts().lock(tx.client, post, a.id);
        if (!state) throw new Error('no post');
        const next = { ...state, commentsCount: state.commentsCount + 1, version: state.version + 1 };
        await tx.append({
          streamType: 'post',
          streamId: post,
          expectedVersion: state.version,
          events: [
            {
              type: 'CommentAdded',
              data: {
                postId: post,
                commentId,
                authorId: a.id,
                content: 'Philippa was here',
                commentsCount: next.commentsCount,
                createdAt: new Date().toISOString(),
              },
            },
          ],
        });
        await posts().saveComment(tx.client, next, {
          postId: post,
          commentId,
          authorId: a.id,
          addedAt: new Date(),
        });
      },
      async ({ blocked, release }) => {
        const deletion = deleteAccount(a.sid);
        await blocked(1);
        await release();
        return deletion;
      },
      'COMMIT',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await bed.eventsOf(post)).map((event) => event.type)).toEqual([
      'PostCreated',
      'CommentAdded',
      'CommentRemoved',
    ]);
    expect(await bed.query('SELECT * FROM {schema}.post_comments WHERE author_id = $1', [a.id])).toEqual([]);
    expect(await bed.query('SELECT comments_count FROM {schema}.posts WHERE id = $1', [post])).toEqual([
      { comments_count: 0 },
    ]);
    // Sealed with their key, now destroyed: the comment's text reads as erased.
    const [added] = (await bed.eventsOf(post)).filter((event) => event.type === 'CommentAdded');
    expect(added?.data.content).toBe('');
  });

  it('a comment, like or request of theirs waiting behind a lock as the deletion commits is refused and leaves nothing', async () => {
    const a = await bed.signUp('Leopoldine');
    const b = await bed.signUp('Bertrand');
    const post = await postBy(b);
    const before = await logPosition();
    const [comment, likeAnswer, deletion] = await holding(
      // Someone else's transaction holding B's post, which A has never touched.
      async (tx) => {
        await posts().lock(tx.client, post, b.id);
      },
      async ({ blocked, release }) => {
        const commenting = send(routes.addComment, a.sid, { id: post }, { content: 'Too late' });
        const liking = send(routes.toggleLike, a.sid, { id: post });
        // One transaction waits for the post: likes and comments go in groups (posts/post-group.ts), and
        // the one that came later (the comment reads its author's card first) waits behind it there.
        await blocked(1);
        const deleted = await deleteAccount(a.sid);
        await release();
        return [await commenting, await liking, deleted];
      },
    );
    expect(deletion.statusCode, deletion.body).toBe(200);
    for (const refused of [comment, likeAnswer]) {
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toEqual({ message: authMessages.signInRequired });
    }
    expect((await eventsSince(before)).map((event) => event.type)).toEqual(['AccountDeleted']);
    expect(await bed.query('SELECT * FROM {schema}.post_likes WHERE user_id = $1', [a.id])).toEqual([]);
    expect(await bed.query('SELECT * FROM {schema}.post_comments WHERE author_id = $1', [a.id])).toEqual([]);
    expect(
      await bed.query('SELECT likes_count, comments_count FROM {schema}.posts WHERE id = $1', [post]),
    ).toEqual([{ likes_count: 0, comments_count: 0 }]);
  });

  it("someone's connection request to them, waiting as the deletion commits, finds nobody", async () => {
    const a = await bed.signUp('Hyacinth');
    const b = await bed.signUp('Bertrand');
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    const before = await logPosition();
    const [request, deletion] = await holding(
      async (tx) => {
        await tx.client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `connection:${low}:${high}`,
        ]);
      },
      async ({ blocked, release }) => {
        const asking = send(routes.connect, b.sid, { id: a.id });
        await blocked(1);
        const deleted = await deleteAccount(a.sid);
        await release();
        return [await asking, deleted];
      },
    );
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(request.statusCode, request.body).toBe(404);
    expect(request.json()).toEqual({ message: profileMessages.userNotFound });
    expect((await eventsSince(before)).map((event) => event.type)).toEqual(['AccountDeleted']);
    expect(
      await bed.query('SELECT * FROM {schema}.connections WHERE requester_id = $1 OR recipient_id = $1', [
        a.id,
      ]),
    ).toEqual([]);
  });

  it("someone else's like and comment waiting on their post as it is removed find no post", async () => {
    const a = await bed.signUp('Euphemia');
    const b = await bed.signUp('Bertrand');
    const post = await postBy(a);
    const [likeAnswer, commentAnswer, deletion] = await holding(
      async (tx) => {
        await posts().lock(tx.client, post, b.id);
      },
      async ({ blocked, release }) => {
        // The deletion queues for the post first; the like and comment after it.
        const deleting = deleteAccount(a.sid);
        await blocked(1);
        const liking = send(routes.toggleLike, b.sid, { id: post });
        const commenting = send(routes.addComment, b.sid, { id: post }, { content: 'Late' });
        // The like's group behind the deletion; the comment behind the group (posts/post-group.ts).
        await blocked(2);
        await release();
        return [await liking, await commenting, await deleting];
      },
    );
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(likeAnswer.statusCode, likeAnswer.body).toBe(404);
    expect(commentAnswer.statusCode, commentAnswer.body).toBe(404);
    expect((await bed.eventsOf(post)).map((event) => event.type)).toEqual(['PostCreated', 'PostRemoved']);
    expect(await bed.query('SELECT * FROM {schema}.post_likes WHERE post_id = $1', [post])).toEqual([]);
  });
});
