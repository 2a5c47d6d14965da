import type { ProfileFields } from '@careers/contracts/api/profile-routes';
import type { User } from '@careers/contracts/entities/user';
import { routes } from '@careers/contracts/routes';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { decideUpdateProfile, decideUpdateSkills } from './decide.ts';
import { evolveUserStream } from './evolve.ts';
import { userStream } from './routes.ts';
import type { UserStore } from './store.ts';

export interface ProfileRouteDeps extends PipelineDeps {
  users: UserStore;
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
  const { users } = deps;

  registerCommand(deps, {
    route: routes.updateProfile,
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
