import { randomUUID } from 'node:crypto';
import type { User } from '@careers/contracts/entities/user';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { authMessages, settingsMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import {
  type CommandServiceConfig,
  clearSessionCookie,
  createSession,
  deleteSession,
  type Pool,
  type Redis,
  revokeUserSessions,
  SESSION_COOKIE,
  setSessionCookie,
} from '@careers/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type CommandHandler,
  type CommandInput,
  type CommandReply,
  type PipelineDeps,
  registerCommand,
  signedOut,
} from '../pipeline/command-pipeline.ts';
import {
  decideAppearanceSettings,
  decideChangePassword,
  decideLogin,
  decideLogout,
  decideNotificationSettings,
  decideRegister,
  invalidCredentials,
} from './decide.ts';
import { evolveUserStream, noFiles } from './evolve.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { UserRecord, UserStore } from './store.ts';

export interface UserRouteDeps extends PipelineDeps {
  pool: Pool;
  config: CommandServiceConfig;
  redis: Redis;
  users: UserStore;
  throttle: LoginThrottle;
}

/** The user stream a command on an existing user appends to. */
export const userStream = (record: UserRecord) => ({
  type: 'user' as const,
  id: record.user._id,
  version: record.version,
});

/**
 * The user aggregate's command routes. Each is the contracts route plus its steps; the pipeline runs
 * them. The row lock taken by `users.lock` makes commands on one user run one after another.
 */
export function registerUserRoutes(deps: UserRouteDeps): void {
  const { config, pool, redis, users, throttle } = deps;
  const cookieOptions = { secure: config.COOKIE_SECURE, ttlSeconds: config.SESSION_TTL_SECONDS };
  const logN = config.PASSWORD_SCRYPT_LOG_N;

  /** A new session for the user; any session the browser held before is ended (no session fixation). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(redis, previous);
    setSessionCookie(reply, await createSession(redis, userId, config.SESSION_TTL_SECONDS), cookieOptions);
  }

  registerCommand(deps, {
    route: routes.register,
    async prepare({ body, request }) {
      await throttle.registration(request.ip);
      return { userId: randomUUID(), passwordHash: await hashPassword(body.password, logN) };
    },
    load: async (tx, { body }) => ({
      emailTaken: await users.emailTaken(tx.client, body.email),
      user: null as User | null,
      files: noFiles,
      version: 0,
    }),
    decide: (state, { body, now }, { userId }) =>
      decideRegister({ userId, request: body, emailTaken: state.emailTaken, now }),
    stream: (_state, _input, { userId }) => ({ type: 'user', id: userId, version: 0 }),
    evolve: evolveUserStream,
    // Two registrations of one email racing past the check: the unique constraint refuses the second.
    save: (tx, next, _input, { passwordHash }) =>
      users.insert(tx.client, {
        user: next.user as User,
        passwordHash,
        files: next.files,
        version: next.version,
      }),
    async respond(next, { body, request, reply }, { userId }) {
      await startSession(request, reply, userId);
      // The address it registered from is the account's own, as after a sign-in: strangers' failures
      // can lock everyone else out of it, never its owner there.
      await throttle.recordSuccess(body.email, request.ip);
      return { user: next.user as User };
    },
  });

  registerCommand(deps, {
    route: routes.login,
    async prepare({ body, request }) {
      await throttle.check(body.email, request.ip);
      const found = await users.findByEmail(pool, body.email);
      // An unknown email is checked against a dummy hash, so it takes as long as a wrong password.
      const passwordMatches = await verifyPassword(
        body.password,
        found?.passwordHash ?? (await dummyHash(logN)),
      );
      const upgradedHash =
        found && passwordMatches && needsRehash(found.passwordHash, logN)
          ? await hashPassword(body.password, logN)
          : null;
      return { userId: found?.user._id ?? null, passwordMatches, upgradedHash };
    },
    // An unknown email reads like a wrong password.
    load: async (tx, _input, { userId }) =>
      (userId && (await users.lock(tx.client, userId))) || invalidCredentials(),
    decide: (record, { now }, { passwordMatches }) =>
      decideLogin({ user: record.user, passwordMatches, now }),
    stream: userStream,
    evolve: evolveUserStream,
    save: (tx, next, _input, { upgradedHash }) =>
      users.save(tx.client, { ...next, passwordHash: upgradedHash ?? next.passwordHash }),
    async respond(next, { body, request, reply }) {
      await throttle.recordSuccess(body.email, request.ip);
      await startSession(request, reply, next.user._id);
      return { user: next.user };
    },
    onRefused: async (_refusal, { body, request }) => throttle.recordFailure(body.email, request.ip),
  });

  registerCommand(deps, {
    // Public, so that signing out always succeeds, even with an expired session.
    route: routes.logout,
    async prepare({ request }) {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (sessionId) await deleteSession(redis, sessionId);
      return undefined;
    },
    load: (tx, { actor }) => (actor ? users.lock(tx.client, actor.userId) : Promise.resolve(null)),
    decide: (record, { now }) => decideLogout({ user: record?.user ?? null, now }),
    stream: userStream,
    evolve: evolveUserStream,
    save: (tx, next) => users.save(tx.client, next),
    respond(_next, { reply }) {
      clearSessionCookie(reply, cookieOptions);
      return { message: authMessages.signedOut };
    },
  });

  registerCommand(deps, {
    route: routes.changePassword,
    async prepare({ actor, body, request }) {
      const current = await users.find(pool, actor.userId);
      if (!current) return signedOut();
      // A wrong current password counts against the account like a failed sign-in.
      await throttle.check(current.user.email, request.ip);
      const matches = await verifyPassword(body.currentPassword, current.passwordHash);
      // No hash of the new password for a wrong current one: the decision refuses it anyway.
      const newHash = matches ? await hashPassword(body.newPassword, logN) : null;
      return { current, matches, newHash };
    },
    async load(tx, { actor, body }, { current, matches }) {
      const record = await users.lock(tx.client, actor.userId);
      if (!record) return signedOut();
      // The hash may have changed while this one was checked: check against the locked row again.
      const currentPasswordMatches =
        matches &&
        (record.passwordHash === current.passwordHash ||
          (await verifyPassword(body.currentPassword, record.passwordHash)));
      return { ...record, currentPasswordMatches };
    },
    decide: (state, { now }) =>
      decideChangePassword({ user: state.user, currentPasswordMatches: state.currentPasswordMatches, now }),
    stream: userStream,
    evolve: evolveUserStream,
    async save(tx, next, { actor }, { newHash }) {
      const { currentPasswordMatches: _, ...record } = next;
      await users.save(tx.client, { ...record, passwordHash: newHash ?? record.passwordHash });
      // Before the commit: if this fails, nothing changed; other sessions never outlive the old password.
      await revokeUserSessions(redis, actor.userId, actor.sessionId);
    },
    // The session that changed the password is replaced too: whoever may have copied its id (the reason
    // people change passwords) holds nothing once this answer sets the new one.
    async respond(_next, { actor, request, reply }) {
      await startSession(request, reply, actor.userId);
      return { message: settingsMessages.passwordUpdated };
    },
    async onRefused(refusal, { request }, prepared) {
      if (refusal.kind === 'invalid' && prepared) {
        await throttle.recordFailure(prepared.current.user.email, request.ip);
      }
    },
  });

  registerCommand(
    deps,
    settingsSave(users, routes.updateNotifications, decideNotificationSettings, (user) => ({
      data: { notificationSettings: user.notificationSettings },
    })),
  );
  registerCommand(
    deps,
    settingsSave(users, routes.updateAppearance, decideAppearanceSettings, (user) => ({
      data: { appearanceSettings: user.appearanceSettings },
    })),
  );
}

/** A settings save: decided on the signed-in user's locked state; answers with the settings after it. */
function settingsSave<R extends typeof routes.updateNotifications | typeof routes.updateAppearance>(
  users: UserStore,
  route: R,
  decide: (user: User, settings: CommandInput<R>['body']) => NewDomainEvent[],
  reply: (user: User) => CommandReply<R>,
): CommandHandler<R, UserRecord> {
  return {
    route,
    load: async (tx, { actor }) => (await users.lock(tx.client, actor.userId)) ?? signedOut(),
    decide: (record, { body }) => decide(record.user, body),
    stream: userStream,
    evolve: evolveUserStream,
    save: (tx, next) => users.save(tx.client, next),
    respond: (next) => reply(next.user),
  };
}
