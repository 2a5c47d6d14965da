import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import type { PersonalDataVault } from '@careers/service-kit';
import { storageKeys } from '@careers/service-kit/object-storage';
import { foldApplication } from '../applications/decide.ts';
import type { ApplicationStore } from '../applications/store.ts';
import { foldConnection } from '../connections/decide.ts';
import type { ConnectionStore } from '../connections/store.ts';
import type { BlockStore } from '../conversations/store.ts';
import type { CommandTransaction } from '../event-log/event-store.ts';
import type { FollowedTagStore } from '../followed-tags/store.ts';
import { foldJob } from '../jobs/decide.ts';
import type { JobStore } from '../jobs/store.ts';
import { foldPost, type PostState } from '../posts/decide.ts';
import type { PostImageStore } from '../posts/image-store.ts';
import type { PostStore } from '../posts/store.ts';
import type { SavedJobStore } from '../saved-jobs/store.ts';
import { pictureKeys, postImageKeys } from '../uploads/store-picture.ts';
import type { UserRecord, UserStore } from '../users/store.ts';
import type { AccountHoldings, StreamEvents, TouchedPost } from './decide.ts';

export interface AccountStoreDeps {
  users: UserStore;
  posts: PostStore;
  connections: ConnectionStore;
  applications: ApplicationStore;
  jobs: JobStore;
  savedJobs: SavedJobStore;
  followedTags: FollowedTagStore;
  postImages: PostImageStore;
  blocks: BlockStore;
  vault: PersonalDataVault;
}

/** The account as first locked: the user row, and the posts locked before it. */
export interface LockedAccount {
  record: UserRecord;
  lockedPosts: PostState[];
}

/**
 * An account's deletion on the write side, through each feature's own store. The order of the locks is
 * what keeps every command of the person, or aimed at them, from leaving a row of theirs behind:
 *
 * 1. The posts they wrote, liked or commented on (in id order). A like or comment of anyone's in
 *    flight on one of them holds its post: it commits first and is seen below, or comes after and finds
 *    the post gone or the person's part of it removed, with the counts right.
 * 2. Their user row (FOR UPDATE). Commands that record something about them outside their own streams
 *    hold that row (a like through its foreign key, a connection request or a job post explicitly): they
 *    commit first, or find no account. Their own user-stream commands lock it too.
 * 3. Their key is destroyed: a command sealing for them (a post, a comment, an application, a profile
 *    change) holds the key's row, so it commits first, and one after it fails (SubjectErasedError, a 401).
 * 4. Only then is what they own read, in new statements that see everything committed meanwhile; a post
 *    they touched in between is locked then.
 *
 * Their own like in flight on a post they first touched in between is the one circle left (it holds
 * that post and waits for their row); Postgres breaks it and the event store runs the loser again.
 */
export class AccountStore {
  private readonly deps: AccountStoreDeps;

  constructor(deps: AccountStoreDeps) {
    this.deps = deps;
  }

  /** Steps 1 and 2: null when the account is gone (deleted meanwhile). */
  async lockAccount(tx: CommandTransaction, userId: string): Promise<LockedAccount | null> {
    const lockedPosts = await this.deps.posts.lockTouchedBy(tx.client, userId);
    const record = await this.deps.users.lock(tx.client, userId);
    return record ? { record, lockedPosts } : null;
  }

  /** Steps 3 and 4: the key destroyed for good (with the transaction), then everything of theirs. */
  async destroyKeyAndLockHoldings(tx: CommandTransaction, locked: LockedAccount): Promise<AccountHoldings> {
    const { posts, connections, applications, jobs, vault } = this.deps;
    const userId = locked.record.user._id;
    await vault.destroy(tx.client, userId);
    const later = await posts.lockTouchedBy(
      tx.client,
      userId,
      locked.lockedPosts.map((post) => post.id),
    );
    const all = [...locked.lockedPosts, ...later];
    const liked = new Set(await posts.likedBy(tx.client, userId));
    const commentsByPost = new Map<string, string[]>();
    for (const { postId, commentId } of await posts.commentsBy(tx.client, userId)) {
      commentsByPost.set(postId, [...(commentsByPost.get(postId) ?? []), commentId]);
    }
    const touchedPosts: TouchedPost[] = all
      .filter((post) => post.authorId !== userId)
      .map((post) => ({ post, liked: liked.has(post.id), commentIds: commentsByPost.get(post.id) ?? [] }))
      .filter(({ liked, commentIds }) => liked || commentIds.length > 0);
    return {
      userId,
      version: locked.record.version,
      ownPosts: all.filter((post) => post.authorId === userId),
      touchedPosts,
      connections: await connections.lockLiveOf(tx.client, userId),
      applications: await applications.lockOfApplicant(tx.client, userId),
      openJobs: await jobs.lockOpenOf(tx.client, userId),
    };
  }

  /**
   * Writes what the events leave: their posts gone with every like and comment on them, their likes and
   * comments gone from other posts (with the counts after), their relationships ended (so deleted), their
   * applications withdrawn and without a resume copy, their jobs closed, their saved jobs and followed
   * tags forgotten (AccountDeleted ends the lists; no JobUnsaved or TagUnfollowed is recorded one by
   * one), their pictures uploaded for a post to come dropped, and their user row deleted (its email free
   * to register again).
   *
   * Resolves with the ids of the post pictures no row names any more (their posts' and their waiting
   * uploads'), whose objects go after the commit (`filesOf`).
   */
  async save(tx: CommandTransaction, holdings: AccountHoldings, streams: StreamEvents[]): Promise<string[]> {
    const { users, posts, connections, applications, jobs, savedJobs, followedTags, postImages, blocks } =
      this.deps;
    const db = tx.client;
    const eventsOf = new Map(streams.map(({ stream, events }) => [stream.id, events]));
    const after = <S extends { id: string }>(
      state: S,
      fold: (state: S, events: readonly NewDomainEvent[]) => S,
    ): S => fold(state, eventsOf.get(state.id) ?? []);

    const postImageIds = await posts.removePosts(
      db,
      holdings.ownPosts.map((post) => post.id),
    );
    await posts.removeLikesAndComments(
      db,
      holdings.userId,
      holdings.touchedPosts.map(({ post }) => after(post, foldPost)),
    );
    for (const connection of holdings.connections) {
      await connections.save(db, after(connection, foldConnection));
    }
    for (const application of holdings.applications) {
      if (eventsOf.has(application.id)) await applications.save(db, after(application, foldApplication));
    }
    await applications.forgetResumes(db, holdings.userId);
    for (const job of holdings.openJobs) await jobs.save(db, after(job, foldJob));
    // Their saves and unsaves hold their user row, locked here since step 2: none is in flight.
    await savedJobs.removeAllOf(db, holdings.userId);
    // Likewise their follows and unfollows.
    await followedTags.removeAllOf(db, holdings.userId);
    // Their blocks, and the blocks of them: nobody is left blocked by, or blocking, an account that is
    // gone (AccountDeleted ends them; no PersonUnblocked is recorded). Their conversations stay for the
    // other person, their messages' texts unreadable now that their key is destroyed.
    await blocks.removeAllOf(db, holdings.userId);
    // A post of theirs naming one of these in flight consumes it first (it is committed by now: it held
    // their key, destroyed in step 3), or finds it gone and is refused.
    const waitingImageIds = await postImages.removeAllOf(db, holdings.userId);
    await users.delete(db, holdings.userId);
    return [...postImageIds, ...waitingImageIds];
  }
}

/**
 * The object-store keys of everything the person uploaded and the product still keeps: `postImageIds`
 * are the pictures of their posts and their uploads waiting for a post (`AccountStore.save`).
 */
export function filesOf(
  record: UserRecord,
  holdings: AccountHoldings,
  postImageIds: readonly string[] = [],
): string[] {
  const { pictureId, resumeId } = record.files;
  return [
    ...postImageIds.flatMap(postImageKeys),
    ...(pictureId ? pictureKeys(pictureId) : []),
    ...(resumeId ? [storageKeys.resume(resumeId)] : []),
    ...holdings.applications.flatMap((application) =>
      application.resumeId ? [storageKeys.resume(application.resumeId)] : [],
    ),
  ];
}
