import type { ProfileFields } from '@careers/contracts/api/profile-routes';
import { EMAIL_CHANGES_PER_HOUR } from '@careers/contracts/constants';
import type { User } from '@careers/contracts/entities/user';
import { routes } from '@careers/contracts/routes';
import type { Pool } from '@careers/service-kit';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { decideUpdateProfile, decideUpdateSkills } from './decide.ts';
import { evolveUserStream } from './evolve.ts';
import { ThrottledError } from './login-throttle.ts';
import { hashPassword } from './passwords.ts';
import { userStream } from './routes.ts';
import type { UserStore } from './store.ts';

export interface ProfileRouteDeps extends PipelineDeps {
  users: UserStore;
  pool: Pool;
  /** The cost of a password hash (scrypt's log2 N), paid by each try of a new email. */
  passwordLogN: number;
}

/** What the profile form saves, as its reply's `data` (the client merges it into its user). */
export function profileFieldsOf(user: User): ProfileFields {
  const { firstName, lastName, email, phone, bio, jobTitle, location, jobPreferences, skills } = user;
  return { firstName, lastName, email, phone, bio, jobTitle, location, jobPreferences, skills };
}

/**
 * `PUT /users/profile` and `PUT /users/skills`, decided on the signed-in user's locked row. Changing
 * the email keeps the session: sessions name the user's id, never the email.
 */
export function registerProfileRoutes(deps: ProfileRouteDeps): void {
  const { users, pool, redis, passwordLogN } = deps;

  /**
   * A save that names an email other than the person's own tells whether that email has an account
   * (409 or 200): each such try is counted (EMAIL_CHANGES_PER_HOUR, then 429 with Retry-After) and
   * costs a password hash, as a registration does, so the form is no faster a way to find out who has
   * an account than signing up.
   */
  async function chargeEmailChange(userId: string, email: string): Promise<void> {
    const current = await users.find(pool, userId);
    if (!current || current.user.email === email) return;
    const key = `email-change:${userId}`;
    const replies = await redis.multi().incr(key).expire(key, 3600, 'NX').ttl(key).exec();
    const tries = Number(replies?.[0]?.[1] ?? 0);
    if (tries > EMAIL_CHANGES_PER_HOUR) throw new ThrottledError(Number(replies?.[2]?.[1] ?? 3600));
    await hashPassword(email, passwordLogN);
  }

  registerCommand(deps, {
    route: routes.updateProfile,
    async prepare({ actor, body }) {
      await chargeEmailChange(actor.userId, body.email);
      return undefined;
    },
    async load(tx, { actor, body }) {
      const record = await users.lock(tx.client, actor.userId);
      if (!record) return signedOut();
      // Any letter case: emails are stored lowercased, and the request lowercases the new one.
      const emailTakenByAnother =
        body.email !== record.user.email &&
        (await users.emailTakenByAnother(tx.client, body.email, actor.userId));
      return { ...record, emailTakenByAnother };
    },
    decide: ({ user, emailTakenByAnother }, { body }) =>
      decideUpdateProfile({ user, request: body, emailTakenByAnother }),
    stream: userStream,
    evolve: evolveUserStream,
    // Two accounts taking the same email at once both pass the check above; the unique index refuses
    // the one that writes second (`UserStore.save`).
    save: (tx, next) => users.save(tx.client, next),
    respond: (next) => ({ data: profileFieldsOf(next.user) }),
  });

  registerCommand(deps, {
    route: routes.updateSkills,
    load: async (tx, { actor }) => (await users.lock(tx.client, actor.userId)) ?? signedOut(),
    decide: (record, { body }) => decideUpdateSkills(record.user, body.skills),
    stream: userStream,
    evolve: evolveUserStream,
    save: (tx, next) => users.save(tx.client, next),
    respond: (next) => ({ data: { skills: next.user.skills } }),
  });
}
