/**
 * The authorization matrix: every command route of the route table (every method but GET), tried
 * against something person A owns, once by a stranger B and once by nobody signed in. Each route has
 * one row below: how A's resource is made, the request that acts on it, and what B must get. Checked
 * for every attempt:
 * - nobody signed in gets 401 `{ message }` (where the route needs a session);
 * - B gets the row's status, and a refusal is `{ message }`;
 * - a refusal writes nothing: the event log is exactly as long as before (every write goes through it);
 * - whatever B gets, none of A's streams named by the row moves, and A's session still works.
 * The rows are keyed by route name and the walk starts from `routes`, so a new command route fails
 * here until it has a row.
 */
import { randomUUID } from 'node:crypto';
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { sendCommand, sessionCookieOf, TEST_ORIGIN } from '@careers/command-service/testing';
import { type FilePart, multipartBody, tinyPdf } from '@careers/command-service/uploads/testing';
import {
  apiPath,
  type RouteDefinition,
  type RouteName,
  type Routes,
  routes,
} from '@careers/contracts/routes';
import { ident, SESSION_COOKIE, unsubscribeSecret, unsubscribeToken } from '@careers/service-kit';
import { testNamespace } from '@careers/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

type CommandRouteName = { [K in RouteName]: Routes[K]['method'] extends 'GET' ? never : K }[RouteName];

interface Person {
  id: string;
  sid: string;
  email: string;
  password: string;
}

/** A request against A's resource; the session is added by who sends it. */
interface Attempt {
  params?: Record<string, string>;
  body?: unknown;
  upload?: FilePart;
}

interface Arranged {
  attempt: Attempt;
  /** A's streams (stream ids) the attempt is aimed at: A's account at least. */
  owned: string[];
}

interface Row {
  /** Makes A's resource (with B and C in the world) and the request that acts on it. */
  arrange(world: World): Promise<Arranged>;
  /** What B's attempt must get. */
  stranger: number;
  /** The rule the row checks, in a few words. */
  rule: string;
}

const ns = testNamespace('authz-matrix');
// Started while the file is collected, as the route-table walk does: which routes have a handler is
// known only once the app is ready, and `it.todo` has to be declared then.
const command: RunningCommandService = await startCommandService(ns.commandEnv, { listen: false });
await command.app.ready();
const eventLog = `${ident(command.deps.config.DB_SCHEMA)}.event_log`;

afterAll(async () => {
  await command.close();
  await ns.cleanup();
});

/** A 1x1 PNG: the smallest picture the upload route re-encodes. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);
const picture: FilePart = {
  field: routes.uploadProfilePicture.multipart.field,
  filename: 'me.png',
  contentType: 'image/png',
  content: ONE_PIXEL_PNG,
};
const postImage: FilePart = {
  field: routes.uploadPostImage.multipart.field,
  filename: 'photo.png',
  contentType: 'image/png',
  content: ONE_PIXEL_PNG,
};
const resume: FilePart = {
  field: routes.uploadResume.multipart.field,
  filename: 'resume.pdf',
  contentType: 'application/pdf',
  content: tinyPdf(),
};

const jobForm = {
  title: 'Backend Engineer',
  description: 'Event logs and projections.',
  company: { name: 'Acme', industry: 'Software' },
  location: { city: 'Berlin', country: 'Germany' },
  salary: { min: 70000, max: 90000 },
};

function urlOf(route: RouteDefinition, params: Record<string, string> = {}): string {
  return apiPath(route).replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${route.path}`);
    return encodeURIComponent(value);
  });
}

/** The route as a browser on the allowed origin sends it, with `sid`'s session (none when undefined). */
function send(
  route: RouteDefinition,
  attempt: Attempt,
  sid: string | undefined,
): Promise<LightMyRequestResponse> {
  const url = urlOf(route, attempt.params);
  if (attempt.upload) {
    const { payload, contentType } = multipartBody([attempt.upload]);
    return command.app.inject({
      method: route.method,
      url,
      headers: {
        origin: TEST_ORIGIN,
        'content-type': contentType,
        ...(sid ? { cookie: `${SESSION_COOKIE}=${sid}` } : {}),
      },
      payload,
    });
  }
  return sendCommand(command.app, {
    method: route.method as 'POST' | 'PUT' | 'DELETE',
    url,
    sid,
    body: attempt.body,
  });
}

async function ok(route: RouteDefinition, attempt: Attempt, sid: string): Promise<Record<string, unknown>> {
  const response = await send(route, attempt, sid);
  expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(route.status);
  return response.json();
}

let people = 0;
async function signUp(accountType: 'job_seeker' | 'employer' = 'job_seeker'): Promise<Person> {
  const email = `person.${++people}.${ns.id}@example.com`;
  const password = `secret-${randomUUID()}`;
  const response = await sendCommand(command.app, {
    method: 'POST',
    url: apiPath(routes.register),
    body: { firstName: 'Alex', lastName: 'Morgan', email, password, accountType },
  });
  expect(response.statusCode, response.body).toBe(201);
  const sid = sessionCookieOf(response)?.value;
  if (!sid) throw new Error('register set no session');
  return { id: response.json().user._id, sid, email, password };
}

interface World {
  a: Person;
  b: Person;
  /** A third person, for what A shares with someone else (an application, a connection). */
  c: Person;
}

const dataId = (body: Record<string, unknown>) => (body.data as { _id: string })._id;

async function postBy(author: Person, visibility: 'public' | 'connections'): Promise<string> {
  return dataId(await ok(routes.createPost, { body: { content: 'For some eyes', visibility } }, author.sid));
}
async function commentBy(author: Person, postId: string): Promise<string> {
  return dataId(
    await ok(routes.addComment, { params: { id: postId }, body: { content: 'Mine' } }, author.sid),
  );
}
async function jobBy(poster: Person): Promise<string> {
  return dataId(await ok(routes.createJob, { body: jobForm }, poster.sid));
}
async function application(applicant: Person, jobId: string): Promise<string> {
  return dataId(
    await ok(
      routes.applyToJob,
      { params: { id: jobId }, body: { coverLetter: 'Hello', expectedSalary: null } },
      applicant.sid,
    ),
  );
}
async function connectionRequest(from: Person, to: Person): Promise<string> {
  return dataId(await ok(routes.connect, { params: { id: to.id } }, from.sid));
}

async function connected(a: Person, b: Person): Promise<void> {
  const requestId = await connectionRequest(a, b);
  await ok(routes.respondToConnection, { params: { requestId }, body: { status: 'accepted' } }, b.sid);
}
/** A conversation between two connected people, started by `by`. */
async function conversationBetween(by: Person, other: Person): Promise<string> {
  await connected(by, other);
  const body = await ok(routes.startConversation, { body: { participantId: other.id } }, by.sid);
  return (body.data as { conversationId: string }).conversationId;
}
async function messageIn(conversationId: string, from: Person): Promise<string> {
  return dataId(
    await ok(routes.sendMessage, { params: { id: conversationId }, body: { text: 'Hi' } }, from.sid),
  );
}

/** Rows for the routes that act on the caller's own account: B can only ever reach B's. */
function ownAccount(
  attempt: (world: World) => Attempt | Promise<Attempt>,
  rule: string,
  stranger = 200,
): Row {
  return {
    arrange: async (world) => ({ attempt: await attempt(world), owned: [world.a.id] }),
    stranger,
    rule,
  };
}

const matrix: Record<CommandRouteName, Row> = {
  login: {
    arrange: async ({ a }) => ({
      attempt: { body: { email: a.email, password: 'not-the-password' } },
      owned: [a.id],
    }),
    stranger: 400,
    rule: "A's account with a wrong password is refused",
  },
  register: {
    arrange: async ({ a }) => ({
      attempt: {
        body: {
          firstName: 'Alex',
          lastName: 'Morgan',
          email: a.email,
          password: 'another-1234',
          accountType: 'employer',
        },
      },
      owned: [a.id],
    }),
    stranger: 409,
    rule: "A's email cannot be registered again",
  },
  logout: {
    arrange: async ({ a }) => ({ attempt: {}, owned: [a.id] }),
    stranger: 200,
    rule: "B's sign-out ends B's session only (A's still works)",
  },
  changePassword: ownAccount(
    ({ a }) => ({ body: { currentPassword: a.password, newPassword: 'brand-new-secret' } }),
    "A's password is not B's current password",
    400,
  ),
  deleteAccount: ownAccount(
    ({ a }) => ({ body: { password: a.password } }),
    "A's password does not delete B's account, and A's is untouched",
    400,
  ),
  // B's export is B's alone: what it holds is checked in command-service/src/account/export.int.test.ts.
  exportMyData: ownAccount(async ({ a }) => {
    await postBy(a, 'public');
    return {};
  }, "B's own data only, none of A's; nothing is written"),
  updateProfile: ownAccount(
    ({ a }) => ({ body: { firstName: 'Bea', lastName: 'Stone', email: a.email } }),
    "B cannot take A's email",
    409,
  ),
  updateSkills: ownAccount(
    () => ({ body: { skills: [{ name: 'Go', experience: 2 }] } }),
    "B's own skills only",
  ),
  updateNotifications: ownAccount(
    () => ({
      body: {
        emailNotifications: false,
        pushNotifications: false,
        jobAlerts: false,
        connectionRequests: false,
        applicationUpdates: false,
        marketingEmails: false,
      },
    }),
    "B's own notification settings only",
  ),
  updateAppearance: ownAccount(
    () => ({ body: { theme: 'dark', language: 'en', timezone: 'UTC' } }),
    "B's own appearance only",
  ),
  uploadProfilePicture: ownAccount(() => ({ upload: picture }), "B's own picture only"),
  removeProfilePicture: ownAccount(
    async ({ a }) => {
      await ok(routes.uploadProfilePicture, { upload: picture }, a.sid);
      return {};
    },
    "B has no picture to remove, and A's stays",
    404,
  ),
  uploadResume: ownAccount(() => ({ upload: resume }), "B's own resume only"),
  removeResume: ownAccount(
    async ({ a }) => {
      await ok(routes.uploadResume, { upload: resume }, a.sid);
      return {};
    },
    "B has no resume to remove, and A's stays",
    404,
  ),
  createJob: {
    arrange: async ({ a }) => ({ attempt: { body: jobForm }, owned: [a.id, await jobBy(a)] }),
    stranger: 201,
    rule: "a new job of B's, nothing of A's",
  },
  applyToJob: {
    arrange: async ({ a }) => {
      const jobId = await jobBy(a);
      await ok(routes.closeJob, { params: { id: jobId } }, a.sid);
      return {
        attempt: { params: { id: jobId }, body: { coverLetter: 'Hello', expectedSalary: null } },
        owned: [a.id, jobId],
      };
    },
    stranger: 409,
    rule: "A's closed job takes no application",
  },
  // An upload staged for an application is its uploader's alone: B's is B's own, and A's stays A's to
  // send (applying with someone else's upload is refused: command-service/src/applications/resume-upload.int.test.ts).
  uploadApplicationResume: ownAccount(
    async ({ a }) => {
      await ok(routes.uploadApplicationResume, { upload: resume }, a.sid);
      return { upload: resume };
    },
    "a staged resume of B's own, nothing of A's",
    201,
  ),
  closeJob: {
    arrange: async ({ a }) => {
      const jobId = await jobBy(a);
      return { attempt: { params: { id: jobId } }, owned: [a.id, jobId] };
    },
    stranger: 403,
    rule: 'only the poster closes a job',
  },
  editJob: {
    arrange: async ({ a }) => {
      const jobId = await jobBy(a);
      return {
        attempt: { params: { id: jobId }, body: { ...jobForm, title: 'Taken over' } },
        owned: [a.id, jobId],
      };
    },
    stranger: 403,
    rule: 'only the poster edits a job',
  },
  // A saved list is its owner's: the job is anyone's to save, and B's save or unsave of the job A saved
  // acts on B's own list (on B's stream), never on A's (as markNotificationsRead acts on B's own marks).
  saveJob: {
    arrange: async ({ a, c }) => {
      const jobId = await jobBy(c);
      await ok(routes.saveJob, { params: { id: jobId } }, a.sid);
      return { attempt: { params: { id: jobId } }, owned: [a.id, jobId] };
    },
    stranger: 200,
    rule: "saved on B's own list; A's list and the job untouched",
  },
  unsaveJob: {
    arrange: async ({ a, c }) => {
      const jobId = await jobBy(c);
      await ok(routes.saveJob, { params: { id: jobId } }, a.sid);
      return { attempt: { params: { id: jobId } }, owned: [a.id, jobId] };
    },
    stranger: 200,
    rule: "B's own list only (not on it: nothing written); A's saved job stays saved",
  },
  followTag: {
    arrange: async ({ a }) => {
      await ok(routes.followTag, { params: { tag: 'QA' } }, a.sid);
      return { attempt: { params: { tag: 'QA' } }, owned: [a.id] };
    },
    stranger: 200,
    rule: "followed on B's own list; A's list untouched",
  },
  unfollowTag: {
    arrange: async ({ a }) => {
      await ok(routes.followTag, { params: { tag: 'QA' } }, a.sid);
      return { attempt: { params: { tag: 'QA' } }, owned: [a.id] };
    },
    stranger: 200,
    rule: "B's own list only (not on it: nothing written); A still follows the tag",
  },
  moveApplication: {
    arrange: async ({ a, c }) => {
      const jobId = await jobBy(a);
      const applicationId = await application(c, jobId);
      return {
        attempt: { params: { id: applicationId }, body: { status: 'interview' } },
        owned: [a.id, jobId, applicationId],
      };
    },
    stranger: 404,
    rule: "only the job's poster moves an application (others cannot see it)",
  },
  withdrawApplication: {
    arrange: async ({ a, c }) => {
      const jobId = await jobBy(c);
      const applicationId = await application(a, jobId);
      return { attempt: { params: { id: applicationId } }, owned: [a.id, applicationId] };
    },
    stranger: 404,
    rule: 'only the applicant withdraws (others cannot see the application)',
  },
  createPost: {
    arrange: async ({ a }) => ({
      attempt: { body: { content: 'Mine' } },
      owned: [a.id, await postBy(a, 'public')],
    }),
    stranger: 201,
    rule: "a new post of B's, nothing of A's",
  },
  uploadPostImage: ownAccount(
    async ({ a }) => {
      await ok(routes.uploadPostImage, { upload: postImage }, a.sid);
      return { upload: postImage };
    },
    "a waiting picture of B's own, nothing of A's",
    201,
  ),
  toggleLike: {
    arrange: async ({ a }) => {
      const postId = await postBy(a, 'connections');
      return { attempt: { params: { id: postId } }, owned: [a.id, postId] };
    },
    stranger: 404,
    rule: "A's connections-only post cannot be liked by a stranger",
  },
  addComment: {
    arrange: async ({ a }) => {
      const postId = await postBy(a, 'connections');
      return { attempt: { params: { id: postId }, body: { content: 'Seen it' } }, owned: [a.id, postId] };
    },
    stranger: 404,
    rule: "A's connections-only post cannot be commented on by a stranger",
  },
  editPost: {
    arrange: async ({ a }) => {
      const postId = await postBy(a, 'public');
      return { attempt: { params: { id: postId }, body: { content: 'Not yours' } }, owned: [a.id, postId] };
    },
    stranger: 403,
    rule: "only the author edits A's post, even one everyone sees",
  },
  deletePost: {
    arrange: async ({ a }) => {
      const postId = await postBy(a, 'public');
      return { attempt: { params: { id: postId } }, owned: [a.id, postId] };
    },
    stranger: 403,
    rule: "only the author deletes A's post, even one everyone sees",
  },
  editComment: {
    arrange: async ({ a, c }) => {
      // A's comment on C's post: B is neither its author nor the post's.
      const postId = await postBy(c, 'public');
      const commentId = await commentBy(a, postId);
      return {
        attempt: { params: { id: postId, commentId }, body: { content: 'Not yours' } },
        owned: [a.id, postId],
      };
    },
    stranger: 403,
    rule: "only the comment's author edits A's comment",
  },
  deleteComment: {
    arrange: async ({ a, c }) => {
      const postId = await postBy(c, 'public');
      const commentId = await commentBy(a, postId);
      return { attempt: { params: { id: postId, commentId } }, owned: [a.id, postId] };
    },
    stranger: 403,
    rule: "only the comment's author or the post's author deletes A's comment",
  },
  connect: {
    arrange: async ({ a, c }) => {
      const waiting = await connectionRequest(c, a);
      return { attempt: { params: { id: a.id } }, owned: [a.id, waiting] };
    },
    stranger: 201,
    rule: 'anyone may ask A; the request waiting on A from someone else is untouched',
  },
  respondToConnection: {
    arrange: async ({ a, c }) => {
      const requestId = await connectionRequest(a, c);
      return { attempt: { params: { requestId }, body: { status: 'accepted' } }, owned: [a.id, requestId] };
    },
    stranger: 404,
    rule: 'only the person asked answers a request',
  },
  withdrawConnectionRequest: {
    arrange: async ({ a, c }) => {
      const requestId = await connectionRequest(a, c);
      return { attempt: { params: { requestId } }, owned: [a.id, requestId] };
    },
    stranger: 404,
    rule: 'only the requester withdraws a request',
  },
  removeConnection: {
    arrange: async ({ a, c }) => {
      const requestId = await connectionRequest(a, c);
      await ok(routes.respondToConnection, { params: { requestId }, body: { status: 'accepted' } }, c.sid);
      return { attempt: { params: { connectionId: requestId } }, owned: [a.id, requestId] };
    },
    stranger: 404,
    rule: 'only the two people connected remove a connection',
  },
  startConversation: {
    arrange: async ({ a, c }) => {
      // C applied to A's job, so A and C may write to each other; B is a stranger to A.
      const jobId = await jobBy(a);
      await application(c, jobId);
      return { attempt: { body: { participantId: a.id, jobId } }, owned: [a.id, jobId] };
    },
    stranger: 404,
    rule: 'nobody opens a conversation with a stranger, nor through a job that does not link them',
  },
  sendMessage: {
    arrange: async ({ a, c }) => {
      const conversationId = await conversationBetween(a, c);
      return {
        attempt: { params: { id: conversationId }, body: { text: 'Let me in' } },
        owned: [a.id, conversationId],
      };
    },
    stranger: 404,
    rule: "only its two people write in A's conversation (others cannot see it)",
  },
  markConversationRead: {
    arrange: async ({ a, c }) => {
      const conversationId = await conversationBetween(a, c);
      const messageId = await messageIn(conversationId, c);
      return {
        attempt: { params: { id: conversationId }, body: { upToMessageId: messageId } },
        owned: [a.id, conversationId],
      };
    },
    stranger: 404,
    rule: "only its two people mark A's conversation read",
  },
  // A block is its blocker's: B's block of A is on B's own stream, and A is told nothing.
  blockUser: {
    arrange: async ({ a, c }) => {
      await ok(routes.blockUser, { params: { id: c.id } }, a.sid);
      return { attempt: { params: { id: a.id } }, owned: [a.id] };
    },
    stranger: 200,
    rule: "B's block of A is B's own; A's stream and A's blocks untouched",
  },
  unblockUser: {
    arrange: async ({ a, c }) => {
      await ok(routes.blockUser, { params: { id: c.id } }, a.sid);
      return { attempt: { params: { id: c.id } }, owned: [a.id] };
    },
    stranger: 200,
    rule: "B's own blocks only (none of C: nothing written); A's block of C stays",
  },
  // Notification ids belong to the read model; the write side records B's marks on B's own stream,
  // and the projector applies them to B's rows only (projectors/notifications: "marks only the reader's own").
  markNotificationsRead: ownAccount(
    () => ({ body: { notificationIds: [randomUUID()] } }),
    "B's own notifications only",
  ),
  updateMailPreferences: ownAccount(
    () => ({ body: { jobAlertEmails: 'instant' } }),
    "B's own mail choices only",
  ),
  unsubscribe: {
    // No session: the signed token is the authority. B's own link, re-addressed to A, is refused.
    arrange: async ({ a, b }) => {
      const mine = unsubscribeToken(b.id, 'connections', unsubscribeSecret(command.deps.config));
      const signature = mine.split('~')[2];
      return { attempt: { params: { token: `${a.id}~connections~${signature}` }, body: {} }, owned: [a.id] };
    },
    stranger: 400,
    rule: "B's unsubscribe link does not turn off A's settings",
  },
};

async function logPosition(): Promise<number> {
  const { rows } = await command.deps.pool.query<{ position: string }>(
    `SELECT coalesce(max(position), 0) AS position FROM ${eventLog}`,
  );
  return Number(rows[0]?.position);
}

async function streamsWrittenSince(position: number): Promise<string[]> {
  const { rows } = await command.deps.pool.query<{ stream_id: string }>(
    `SELECT stream_id FROM ${eventLog} WHERE position > $1 ORDER BY position`,
    [position],
  );
  return rows.map((row) => row.stream_id);
}

function expectMessage(response: LightMyRequestResponse) {
  expect(response.json(), response.body).toEqual({ message: expect.stringMatching(/\S/) });
}

const commandRoutes = (Object.entries(routes) as [RouteName, RouteDefinition][]).filter(
  ([, route]) => route.method !== 'GET',
);

describe('the authorization matrix', () => {
  it('has a row for every command route of the table, and no other', () => {
    const missing = commandRoutes.map(([name]) => name).filter((name) => !(name in matrix));
    expect(
      missing,
      `command routes without a row in the authorization matrix: ${missing.join(', ')}`,
    ).toEqual([]);
    expect(Object.keys(matrix).sort()).toEqual(commandRoutes.map(([name]) => name).sort());
  });

  for (const [name, route] of commandRoutes) {
    const row = (matrix as Record<string, Row | undefined>)[name];
    const handled = command.app.hasRoute({ method: route.method, url: apiPath(route) });
    if (!row || !handled) {
      it.todo(`${name} (${route.method} ${route.path}): ${row ? 'no handler yet' : 'no row yet'}`);
      continue;
    }

    describe(`${name} (${route.method} ${route.path})`, () => {
      if (route.auth === 'required') {
        it('nobody signed in: 401 { message }, nothing written', async () => {
          const world = { a: await signUp('employer'), b: await signUp('employer'), c: await signUp() };
          const { attempt } = await row.arrange(world);
          const before = await logPosition();
          const response = await send(route, attempt, undefined);
          expect(response.statusCode, response.body).toBe(401);
          expectMessage(response);
          expect(await streamsWrittenSince(before)).toEqual([]);
        });
      }

      it(`a stranger on A's: ${row.stranger} (${row.rule})`, async () => {
        const world = { a: await signUp('employer'), b: await signUp('employer'), c: await signUp() };
        const { attempt, owned } = await row.arrange(world);
        const before = await logPosition();
        const response = await send(route, attempt, world.b.sid);
        expect(response.statusCode, response.body).toBe(row.stranger);
        const written = await streamsWrittenSince(before);
        if (response.statusCode >= 400) {
          expectMessage(response);
          expect(written, 'a refused request wrote events').toEqual([]);
        }
        expect(
          written.filter((stream) => owned.includes(stream)),
          "B's request moved A's streams",
        ).toEqual([]);
        // A is still signed in and still the owner: A's session works for a command of A's own.
        const still = await send(
          routes.updateAppearance,
          { body: { theme: 'light', language: 'en', timezone: 'UTC' } },
          world.a.sid,
        );
        expect(still.statusCode, still.body).toBe(200);
      });
    });
  }
});
