import { randomUUID } from 'node:crypto';
import type { User } from '@careers/contracts/entities/user';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { authMessages, settingsMessages } from '@careers/contracts/messages';
import { apiPath, routes } from '@careers/contracts/routes';
import {
  type CommandServiceConfig,
  clearSessionCookie,
  createSession,
  deleteSession,
  type Pool,
  parseOr400,
  type Redis,
  readSession,
  requireSignedIn,
  revokeUserSessions,
  SESSION_COOKIE,
  setSessionCookie,
  unauthorized,
} from '@careers/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendConsistencyToken } from '../command-reply.ts';
import type { CommandTransaction, EventStore } from '../event-log/event-store.ts';
import {
  decideAppearanceSettings,
  decideChangePassword,
  decideLogin,
  decideLogout,
  decideNotificationSettings,
  decideRegister,
  invalidCredentials,
} from './decide.ts';
import { foldUser } from './evolve.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { UserRecord, UserStore } from './store.ts';

export interface UserRouteDeps {
  app: FastifyInstance;
  pool: Pool;
  config: CommandServiceConfig;
  redis: Redis;
  store: EventStore;
  users: UserStore;
  throttle: LoginThrottle;
}

/**
 * Appends a user's events and saves the state they lead to, in the command's transaction. The row lock
 * taken by `users.lock` makes commands on one user run one after another.
 */
async function commitUserEvents(
  tx: CommandTransaction,
  users: UserStore,
  record: UserRecord,
  events: NewDomainEvent[],
  passwordHash = record.passwordHash,
): Promise<UserRecord> {
  const user = foldUser(record.user, events) ?? record.user;
  await tx.append({ streamType: 'user', streamId: user._id, expectedVersion: record.version, events });
  const next = { user, passwordHash, version: record.version + events.length };
  await users.save(tx.client, next);
  return next;
}

export function registerUserRoutes(deps: UserRouteDeps): void {
  const { app, config, pool, redis, store, users, throttle } = deps;
  const cookieOptions = { secure: config.COOKIE_SECURE, ttlSeconds: config.SESSION_TTL_SECONDS };
  const logN = config.PASSWORD_SCRYPT_LOG_N;

  /** A new session for the user; any session the browser held before is ended (no session fixation). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(redis, previous);
    setSessionCookie(reply, await createSession(redis, userId, config.SESSION_TTL_SECONDS), cookieOptions);
  }

  app.post(apiPath(routes.register), async (request, reply) => {
    const body = parseOr400(routes.register.body, request.body);
    await throttle.registration(request.ip);
    const passwordHash = await hashPassword(body.password, logN);
    const userId = randomUUID();
    const { result: user, events } = await store.execute({ actorId: userId }, async (tx) => {
      const emailTaken = await users.emailTaken(tx.client, body.email);
      const decided = decideRegister({ userId, request: body, emailTaken, now: new Date() });
      const user = foldUser(null, decided) as User;
      await tx.append({ streamType: 'user', streamId: userId, expectedVersion: 0, events: decided });
      // Two registrations of one email racing past the check: the unique constraint makes the second a 409.
      await users.insert(tx.client, { user, passwordHash, version: decided.length });
      return user;
    });
    await startSession(request, reply, userId);
    sendConsistencyToken(reply, events);
    return reply.code(routes.register.status).send({ user });
  });

  app.post(apiPath(routes.login), async (request, reply) => {
    const body = parseOr400(routes.login.body, request.body);
    await throttle.check(body.email, request.ip);
    const found = await users.findByEmail(pool, body.email);
    // An unknown email is checked against a dummy hash, so it takes as long as a wrong password.
    const passwordMatches = await verifyPassword(
      body.password,
      found?.passwordHash ?? (await dummyHash(logN)),
    );
    if (!found || !passwordMatches) {
      await throttle.recordFailure(body.email, request.ip);
      throw invalidCredentials();
    }
    await throttle.recordSuccess(body.email, request.ip);

    const userId = found.user._id;
    const upgradedHash = needsRehash(found.passwordHash, logN)
      ? await hashPassword(body.password, logN)
      : null;
    const { result: user, events } = await store.execute({ actorId: userId }, async (tx) => {
      const record = await users.lock(tx.client, userId);
      const decided = decideLogin({ user: record?.user ?? null, passwordMatches, now: new Date() });
      return (await commitUserEvents(tx, users, record as UserRecord, decided, upgradedHash ?? undefined))
        .user;
    });
    await startSession(request, reply, userId);
    sendConsistencyToken(reply, events);
    return reply.code(routes.login.status).send({ user });
  });

  app.post(apiPath(routes.logout), async (request, reply) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    const session = await readSession(redis, sessionId);
    if (sessionId) await deleteSession(redis, sessionId);
    if (session) {
      const { events } = await store.execute({ actorId: session.userId }, async (tx) => {
        const record = await users.lock(tx.client, session.userId);
        if (!record) return;
        await commitUserEvents(tx, users, record, decideLogout({ user: record.user, now: new Date() }));
      });
      sendConsistencyToken(reply, events);
    }
    clearSessionCookie(reply, cookieOptions);
    return reply.code(routes.logout.status).send({ message: authMessages.signedOut });
  });

  app.put(apiPath(routes.changePassword), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const body = parseOr400(routes.changePassword.body, request.body);
    const current = await users.find(pool, actor.userId);
    if (!current) throw unauthorized(authMessages.signInRequired);
    // A wrong current password counts against the account like a failed sign-in.
    await throttle.check(current.user.email, request.ip);
    const currentPasswordMatches = await verifyPassword(body.currentPassword, current.passwordHash);
    if (!currentPasswordMatches) await throttle.recordFailure(current.user.email, request.ip);
    decideChangePassword({ user: current.user, currentPasswordMatches, now: new Date() });
    const passwordHash = await hashPassword(body.newPassword, logN);

    const { events } = await store.execute({ actorId: actor.userId }, async (tx) => {
      const record = await users.lock(tx.client, actor.userId);
      if (!record) throw unauthorized(authMessages.signInRequired);
      // The hash may have changed while this one was checked: check against the locked row again.
      const stillMatches =
        record.passwordHash === current.passwordHash ||
        (await verifyPassword(body.currentPassword, record.passwordHash));
      const decided = decideChangePassword({
        user: record.user,
        currentPasswordMatches: stillMatches,
        now: new Date(),
      });
      await commitUserEvents(tx, users, record, decided, passwordHash);
      // Before the commit: if this fails, nothing changed; other sessions never outlive the old password.
      await revokeUserSessions(redis, actor.userId, actor.sessionId);
    });
    sendConsistencyToken(reply, events);
    return reply.code(routes.changePassword.status).send({ message: settingsMessages.passwordUpdated });
  });

  /** A settings save: the decision runs on the signed-in user's locked state; answers the user after it. */
  async function saveSettings(userId: string, reply: FastifyReply, decide: (user: User) => NewDomainEvent[]) {
    const { result: user, events } = await store.execute({ actorId: userId }, async (tx) => {
      const record = await users.lock(tx.client, userId);
      if (!record) throw unauthorized(authMessages.signInRequired);
      return (await commitUserEvents(tx, users, record, decide(record.user))).user;
    });
    sendConsistencyToken(reply, events);
    return user;
  }

  app.put(apiPath(routes.updateNotifications), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const settings = parseOr400(routes.updateNotifications.body, request.body);
    const user = await saveSettings(actor.userId, reply, (current) =>
      decideNotificationSettings(current, settings),
    );
    return reply
      .code(routes.updateNotifications.status)
      .send({ data: { notificationSettings: user.notificationSettings } });
  });

  app.put(apiPath(routes.updateAppearance), async (request, reply) => {
    const actor = await requireSignedIn(redis, request);
    const settings = parseOr400(routes.updateAppearance.body, request.body);
    const user = await saveSettings(actor.userId, reply, (current) =>
      decideAppearanceSettings(current, settings),
    );
    return reply
      .code(routes.updateAppearance.status)
      .send({ data: { appearanceSettings: user.appearanceSettings } });
  });
}
