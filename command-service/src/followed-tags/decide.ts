import { MAX_FOLLOWED_TAGS } from '@careers/contracts/constants';
import type { NewDomainEvent, NewEventOf } from '@careers/contracts/events/catalogue';
import { postMessages } from '@careers/contracts/messages';
import { type Decision, refuse } from '../pipeline/domain-error.ts';
import { evolveUserStream } from '../users/evolve.ts';
import type { UserRecord } from '../users/store.ts';
import type { FollowedTagEntry } from './store.ts';

/**
 * Following tags (beyond the spec): posts carrying a tag one follows join one's Following feed. The
 * list is the person's own, as their saved jobs are: recorded on their user stream, decided on their
 * locked user row, so their follows and unfollows are decided one after another and the count the
 * limit reads is the count the follow leaves. Tags compare by `tagKey` (`#QA`, `#qa` and `#ＱＡ` are one
 * tag); the events keep the spelling the person used.
 */

/** What a follow or an unfollow is decided on: the person, the tag asked for, and where it stands. */
export interface TagFollowCommandState extends UserRecord {
  /** The tag as asked for (the path's, without its `#`). */
  tag: string;
  /** `tagKey(tag)`: how the list finds it. */
  key: string;
  entry: FollowedTagEntry;
}

/**
 * Following: a tag followed already (in any spelling) stays followed and nothing is recorded; one more
 * past MAX_FOLLOWED_TAGS is refused (400, the message the composer shows).
 */
export function decideFollowTag(input: {
  userId: string;
  tag: string;
  entry: FollowedTagEntry;
  now: Date;
}): Decision<NewEventOf<'TagFollowed'>> {
  const { userId, tag, entry } = input;
  if (entry.tag !== null) return [];
  if (entry.count >= MAX_FOLLOWED_TAGS) return refuse.invalid(postMessages.tooManyFollowedTags);
  return [{ type: 'TagFollowed', data: { userId, tag, followedAt: input.now.toISOString() } }];
}

/**
 * Unfollowing: a tag not followed records nothing. One followed is unfollowed by the spelling it was
 * followed with, whatever the spelling asked (the two are one tag).
 */
export function decideUnfollowTag(input: {
  userId: string;
  entry: FollowedTagEntry;
  now: Date;
}): Decision<NewEventOf<'TagUnfollowed'>> {
  const { userId, entry } = input;
  if (entry.tag === null) return [];
  return [{ type: 'TagUnfollowed', data: { userId, tag: entry.tag, unfollowedAt: input.now.toISOString() } }];
}

/** Where the tag stands on the list after these events (pure). */
export function evolveFollowedEntry(entry: FollowedTagEntry, event: NewDomainEvent): FollowedTagEntry {
  switch (event.type) {
    case 'TagFollowed':
      return entry.tag === null
        ? { tag: event.data.tag, followedAt: event.data.followedAt, count: entry.count + 1 }
        : entry;
    case 'TagUnfollowed':
      return entry.tag === null ? entry : { tag: null, followedAt: null, count: entry.count - 1 };
    default:
      return entry;
  }
}

/** The state a follow's or unfollow's events leave: the user stream moved on, and the list's entry. */
export function evolveTagFollowCommand(
  state: TagFollowCommandState,
  events: readonly NewDomainEvent[],
): TagFollowCommandState {
  return { ...evolveUserStream(state, events), entry: events.reduce(evolveFollowedEntry, state.entry) };
}
