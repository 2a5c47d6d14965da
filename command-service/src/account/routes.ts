import { accountMessages, requestMessages } from '@careers/contracts/messages';
import { apiPath, routes } from '@careers/contracts/routes';
import { firstErrorMessage } from '@careers/contracts/validation';
import {
  type CommandServiceConfig,
  clearSessionCookie,
  HttpError,
  type PersonalDataVault,
  type Pool,
  type Redis,
  requireSignedIn,
  revokeUserSessions,
} from '@careers/service-kit';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplicationStore } from '../applications/store.ts';
import type { ConnectionStore } from '../connections/store.ts';
import type { BlockStore } from '../conversations/store.ts';
import { ConcurrencyError, type EventStore } from '../event-log/event-store.ts';
import type { FollowedTagStore } from '../followed-tags/store.ts';
import type { JobStore } from '../jobs/store.ts';
import { httpErrorOf, signedOut } from '../pipeline/command-pipeline.ts';
import { DomainError, refuse } from '../pipeline/domain-error.ts';
import type { PostImageStore } from '../posts/image-store.ts';
import type { PostStore } from '../posts/store.ts';
import type { SavedJobStore } from '../saved-jobs/store.ts';
import type { LoginThrottle } from '../users/login-throttle.ts';
import { verifyPassword } from '../users/passwords.ts';
import type { UserStore } from '../users/store.ts';
import { decideDeleteAccount } from './decide.ts';
import { AccountStore, filesOf } from './store.ts';

export interface AccountRouteDeps {
  app: FastifyInstance;
  config: CommandServiceConfig;
  pool: Pool;
  redis: Redis;
  store: EventStore;
  vault: PersonalDataVault;
  storage: ObjectStorage;
  throttle: LoginThrottle;
  users: UserStore;
  posts: PostStore;
  connections: ConnectionStore;
  applications: ApplicationStore;
  jobs: JobStore;
  savedJobs: SavedJobStore;
  followedTags: FollowedTagStore;
  postImages: PostImageStore;
  blocks: BlockStore;
}

const passwordIncorrect = () => refuse.invalid(accountMessages.passwordIncorrect);

/**
 * `DELETE /auth/account`. Not a pipeline command: the deletion appends to every stream the person has
 * a part in (their posts, the posts they liked or commented on, their connections, applications and
 * jobs, and their own), in one transaction. It follows the pipeline's order otherwise: the session, the
 * body, the password checked outside the transaction (a wrong one counts against the account like a
 * failed sign-in, and the hashing cap applies), then load and lock, decide, append, save, commit.
 */
export function registerAccountRoutes(deps: AccountRouteDeps): void {
  const { app, config, pool, redis, store, storage, throttle, users } = deps;
  const account = new AccountStore(deps);
  const route = routes.deleteAccount;

  /**
   * After the commit, best effort: the files are the person's, and the deletion stands whether or not
   * the bucket answers. What is not removed here is not lost track of: no row names these files any
   * more (the user row is gone, their applications forgot their copies), so the uploads sweeper
   * removes them as orphans on one of its next rounds.
   */
  async function removeFiles(request: FastifyRequest, keys: string[]) {
    if (keys.length === 0) return;
    await storage.remove(keys).catch((error: unknown) => {
      request.log.warn({ err: error, keys }, 'files of a deleted account were not removed; the sweeper will');
    });
  }

  app.route({
    method: route.method,
    url: apiPath(route),
    handler: async (request, reply) => {
      const actor = await requireSignedIn(redis, request);
      const parsed = route.body.safeParse(request.body);
      if (!parsed.success) throw new HttpError(400, firstErrorMessage(parsed.error));
      const { password } = parsed.data;

      const current = await users.find(pool, actor.userId);
      if (!current) throw httpErrorOf(signedOut());
      const refused = async (refusal: DomainError): Promise<never> => {
        if (refusal.kind === 'invalid') await throttle.recordFailure(current.user.email, request.ip);
        throw httpErrorOf(refusal);
      };
      await throttle.check(current.user.email, request.ip);
      if (!(await verifyPassword(password, current.passwordHash))) return refused(passwordIncorrect());

      const now = new Date();
      let files: string[];
      try {
        ({ result: files } = await store.execute({ actorId: actor.userId }, async (tx) => {
          const locked = await account.lockAccount(tx, actor.userId);
          // Deleted meanwhile (a second deletion that waited for the first): nothing is left to do.
          if (!locked) throw signedOut();
          // The password may have changed while it was checked: check against the locked row again.
          const { passwordHash } = locked.record;
          if (passwordHash !== current.passwordHash && !(await verifyPassword(password, passwordHash))) {
            throw passwordIncorrect();
          }
          const holdings = await account.destroyKeyAndLockHoldings(tx, locked);
          const streams = decideDeleteAccount(holdings, now);
          for (const { stream, events } of streams) {
            await tx.append({
              streamType: stream.type,
              streamId: stream.id,
              expectedVersion: stream.version,
              events,
            });
          }
          const postImageIds = await account.save(tx, holdings, streams);
          // The answers kept for their keyed commands hold what they wrote: gone with the account.
          await store.answers.forget(tx.client, actor.userId);
          // Before the commit, as a password change does: if Redis fails, nothing is deleted and the
          // person may try again; no session of a deleted account outlives the commit.
          await revokeUserSessions(redis, actor.userId);
          return filesOf(locked.record, holdings, postImageIds);
        }));
      } catch (error) {
        if (error instanceof DomainError) return refused(error);
        if (error instanceof ConcurrencyError) throw new HttpError(409, requestMessages.changedMeanwhile);
        throw error;
      }

      // No consistency token: the person has no session left to read with.
      clearSessionCookie(reply, { secure: config.COOKIE_SECURE });
      // Best effort, as the files: what the sign-in throttle kept of the account (it expires anyway).
      await throttle.forget(current.user.email).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the sign-in traces of a deleted account were not removed');
      });
      await removeFiles(request, files);
      return reply.code(route.status).send({ message: accountMessages.deleted });
    },
  });
}
