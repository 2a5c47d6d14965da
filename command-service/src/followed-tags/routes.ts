import { routes } from '@careers/contracts/routes';
import { tagKey } from '@careers/contracts/tags';
import type { CommandTransaction } from '../event-log/event-store.ts';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { userStream } from '../users/routes.ts';
import type { UserStore } from '../users/store.ts';
import {
  decideFollowTag,
  decideUnfollowTag,
  evolveTagFollowCommand,
  type TagFollowCommandState,
} from './decide.ts';
import type { FollowedTagStore } from './store.ts';

export interface FollowedTagRouteDeps extends PipelineDeps {
  users: UserStore;
  followedTags: FollowedTagStore;
}

/**
 * `PUT /tags/:tag/follow` and `DELETE /tags/:tag/follow` (beyond the spec): recorded on the signed-in
 * person's own stream (TagFollowed, TagUnfollowed), decided on their locked user row as every command
 * of their stream is, as saved jobs are. So two follows of one tag at once (a double click, two tabs)
 * run one after the other: the second finds the tag followed and records nothing. A tag is not a thing
 * that must exist first: any tag a post could carry can be followed before any post carries it.
 */
export function registerFollowedTagRoutes(deps: FollowedTagRouteDeps): void {
  const { users, followedTags } = deps;

  /** The person's row locked first; then, in a statement of its own, the list's entry for the tag. */
  async function load(tx: CommandTransaction, userId: string, tag: string) {
    const record = await users.lock(tx.client, userId);
    if (!record) return signedOut();
    const key = tagKey(tag);
    const entry = await followedTags.entry(tx.client, userId, key);
    return { ...record, tag, key, entry };
  }

  async function save(tx: CommandTransaction, next: TagFollowCommandState): Promise<void> {
    await users.save(tx.client, next);
    const { user, key, entry } = next;
    if (entry.tag === null || entry.followedAt === null) await followedTags.remove(tx.client, user._id, key);
    else await followedTags.add(tx.client, user._id, key, entry.tag, entry.followedAt);
  }

  /** The tag as asked for, and whether it is followed now. */
  const respond = ({ tag, entry }: TagFollowCommandState) => ({
    data: { tag, isFollowing: entry.tag !== null },
  });

  registerCommand(deps, {
    route: routes.followTag,
    load: (tx, { actor, params }) => load(tx, actor.userId, params.tag),
    decide: ({ user, tag, entry }, { now }) => decideFollowTag({ userId: user._id, tag, entry, now }),
    stream: userStream,
    evolve: evolveTagFollowCommand,
    save,
    respond,
  });

  registerCommand(deps, {
    route: routes.unfollowTag,
    load: (tx, { actor, params }) => load(tx, actor.userId, params.tag),
    decide: ({ user, entry }, { now }) => decideUnfollowTag({ userId: user._id, entry, now }),
    stream: userStream,
    evolve: evolveTagFollowCommand,
    save,
    respond,
  });
}
