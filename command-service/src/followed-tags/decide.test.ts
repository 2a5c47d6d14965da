import { MAX_FOLLOWED_TAGS } from '@careers/contracts/constants';
import { postMessages } from '@careers/contracts/messages';
import { describe, expect, it } from 'vitest';
import { given } from '../pipeline/testing.ts';
import { decideFollowTag, decideUnfollowTag, evolveFollowedEntry } from './decide.ts';
import type { FollowedTagEntry } from './store.ts';

const now = new Date('2026-04-02T03:00:00.000Z');
const earlier = '2026-03-01T10:00:00.000Z';
const userId = '11111111-1111-4111-8111-111111111111';

const notFollowed = (count = 0): FollowedTagEntry => ({ tag: null, followedAt: null, count });
const followed = (tag = 'QA', count = 1): FollowedTagEntry => ({ tag, followedAt: earlier, count });

const follow = (tag: string) => (entry: FollowedTagEntry) => decideFollowTag({ userId, tag, entry, now });
const unfollow = (entry: FollowedTagEntry) => decideUnfollowTag({ userId, entry, now });

describe('follow a tag', () => {
  it('records TagFollowed in the spelling asked for', () => {
    given(notFollowed(3))
      .when(follow('SoftwareTesting'))
      .thenRecords([
        { type: 'TagFollowed', data: { userId, tag: 'SoftwareTesting', followedAt: now.toISOString() } },
      ]);
  });

  it('records nothing for a tag followed already, in any spelling, even with the list full', () => {
    given(followed('QA')).when(follow('qa')).thenRecordsNothing();
    given(followed('QA', MAX_FOLLOWED_TAGS)).when(follow('QA')).thenRecordsNothing();
  });

  it(`takes the ${MAX_FOLLOWED_TAGS}th tag and refuses the one beyond`, () => {
    given(notFollowed(MAX_FOLLOWED_TAGS - 1))
      .when(follow('one'))
      .thenRecords([{ type: 'TagFollowed', data: { userId, tag: 'one', followedAt: now.toISOString() } }]);
    given(notFollowed(MAX_FOLLOWED_TAGS))
      .when(follow('one'))
      .thenRefuses('invalid', postMessages.tooManyFollowedTags);
  });
});

describe('unfollow a tag', () => {
  it('records TagUnfollowed in the spelling it was followed by', () => {
    given(followed('QA'))
      .when(unfollow)
      .thenRecords([{ type: 'TagUnfollowed', data: { userId, tag: 'QA', unfollowedAt: now.toISOString() } }]);
  });

  it('records nothing for a tag not followed', () => {
    given(notFollowed(5)).when(unfollow).thenRecordsNothing();
  });
});

describe('the list entry', () => {
  it('follows the events: followed counts one more, unfollowed one fewer, repeats change nothing', () => {
    const at = now.toISOString();
    const on = evolveFollowedEntry(notFollowed(2), {
      type: 'TagFollowed',
      data: { userId, tag: 'QA', followedAt: at },
    });
    expect(on).toEqual({ tag: 'QA', followedAt: at, count: 3 });
    expect(
      evolveFollowedEntry(on, { type: 'TagFollowed', data: { userId, tag: 'qa', followedAt: at } }),
    ).toBe(on);
    const off = evolveFollowedEntry(on, {
      type: 'TagUnfollowed',
      data: { userId, tag: 'QA', unfollowedAt: at },
    });
    expect(off).toEqual(notFollowed(2));
    expect(
      evolveFollowedEntry(off, { type: 'TagUnfollowed', data: { userId, tag: 'QA', unfollowedAt: at } }),
    ).toBe(off);
  });
});
