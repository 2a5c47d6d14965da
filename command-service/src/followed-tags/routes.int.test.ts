import { AccountExport } from '@careers/contracts/api/account-export';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { MAX_FOLLOWED_TAGS } from '@careers/contracts/constants';
import { authMessages, postMessages } from '@careers/contracts/messages';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { commandTestbed } from '../testing.ts';

const bed = commandTestbed(testNamespace('followed-tags'));
const { call, query, signUp, eventsOf, eventCount } = bed;

const follow = (sid: string | undefined, tag: string) =>
  call('PUT', `/api/tags/${encodeURIComponent(tag)}/follow`, sid);
const unfollow = (sid: string | undefined, tag: string) =>
  call('DELETE', `/api/tags/${encodeURIComponent(tag)}/follow`, sid);

/** The person's followed tags as the write side keeps them, oldest first. */
async function followedRows(userId: string) {
  return query<{ tag_key: string; tag: string; followed_at: Date }>(
    'SELECT tag_key, tag, followed_at FROM {schema}.followed_tags WHERE user_id = $1 ORDER BY followed_at, tag_key',
    [userId],
  );
}

/** The follow events on the person's stream. */
async function tagEvents(userId: string) {
  return (await eventsOf(userId)).filter((e) => e.type === 'TagFollowed' || e.type === 'TagUnfollowed');
}

describe('PUT /api/tags/:tag/follow', () => {
  it('follows the tag on the person stream, in the spelling asked, and keeps it on the list', async () => {
    const ada = await signUp('Ada');
    const response = await follow(ada.sid, '#SoftwareTesting');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { tag: 'SoftwareTesting', isFollowing: true } });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${ada.id}@2`]);
    const events = await eventsOf(ada.id);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'TagFollowed']);
    expect(events[1]?.data).toEqual({
      userId: ada.id,
      tag: 'SoftwareTesting',
      followedAt: expect.any(String),
    });
    const rows = await followedRows(ada.id);
    expect(rows.map((r) => [r.tag_key, r.tag, r.followed_at.toISOString()])).toEqual([
      ['softwaretesting', 'SoftwareTesting', events[1]?.data.followedAt],
    ]);
  });

  it('answers following again for a tag followed in any spelling, and records nothing', async () => {
    const ada = await signUp('Ada');
    expect((await follow(ada.sid, 'QA')).statusCode).toBe(200);
    for (const spelling of ['QA', 'qa', 'ＱＡ']) {
      const before = await eventCount();
      const again = await follow(ada.sid, spelling);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ data: { tag: spelling, isFollowing: true } });
      expect(again.headers[CONSISTENCY_HEADER]).toBeUndefined();
      expect(await eventCount()).toBe(before);
    }
    expect((await followedRows(ada.id)).map((r) => r.tag)).toEqual(['QA']);
  });

  it('records one follow when the same tag is followed twice at once, every time', async () => {
    const ada = await signUp('Ada');
    for (let round = 0; round < 5; round += 1) {
      const tag = `race${round}`;
      const answers = await Promise.all([follow(ada.sid, tag), follow(ada.sid, tag.toUpperCase())]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      for (const answer of answers) expect(answer.json().data.isFollowing).toBe(true);
      // One of the two wrote; the other found it followed.
      expect(answers.filter((a) => a.headers[CONSISTENCY_HEADER] !== undefined)).toHaveLength(1);
    }
    expect((await tagEvents(ada.id)).map((e) => e.type)).toEqual(Array(5).fill('TagFollowed'));
    expect(await followedRows(ada.id)).toHaveLength(5);
  });

  it(`takes ${MAX_FOLLOWED_TAGS} tags and refuses the ones beyond with 400, even all sent at once`, async () => {
    const ada = await signUp('Ada');
    const extra = 3;
    const tags = Array.from({ length: MAX_FOLLOWED_TAGS + extra }, (_, i) => `topic${i}`);
    const answers = await Promise.all(tags.map((tag) => follow(ada.sid, tag)));
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json()])).toEqual(
      Array.from({ length: extra }, () => [400, { message: postMessages.tooManyFollowedTags }]),
    );
    expect(await followedRows(ada.id)).toHaveLength(MAX_FOLLOWED_TAGS);
    expect(await tagEvents(ada.id)).toHaveLength(MAX_FOLLOWED_TAGS);

    // A refused follow writes nothing; one tag off the list makes room for one more.
    const before = await eventCount();
    const full = await follow(ada.sid, 'oneTooMany');
    expect([full.statusCode, full.json()]).toEqual([400, { message: postMessages.tooManyFollowedTags }]);
    expect(await eventCount()).toBe(before);
    const followed = (await followedRows(ada.id))[0]?.tag as string;
    expect((await unfollow(ada.sid, followed)).statusCode).toBe(200);
    expect((await follow(ada.sid, 'oneTooMany')).json()).toEqual({
      data: { tag: 'oneTooMany', isFollowing: true },
    });
  }, 120_000);

  it.each([
    ['a tag with a space', 'two words'],
    ['a tag with punctuation', 'hello!'],
    ['a tag too long', 'x'.repeat(31)],
    ['a lone #', '#'],
  ])('answers 404 for %s and writes nothing', async (_name, tag) => {
    const ada = await signUp('Ada');
    const before = await eventCount();
    for (const send of [follow, unfollow]) {
      const response = await send(ada.sid, tag);
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await eventCount()).toBe(before);
    expect(await followedRows(ada.id)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    for (const send of [follow, unfollow]) {
      const response = await send(undefined, 'QA');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authMessages.signInRequired });
    }
  });
});

describe('DELETE /api/tags/:tag/follow', () => {
  it('stops following in any spelling: TagUnfollowed names the tag as it was followed', async () => {
    const ada = await signUp('Ada');
    expect((await follow(ada.sid, 'TypeScript')).statusCode).toBe(200);
    const response = await unfollow(ada.sid, 'typescript');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { tag: 'typescript', isFollowing: false } });
    expect(consistencyTokenSubjects(response.headers[CONSISTENCY_HEADER])).toEqual([`${ada.id}@3`]);
    const events = await tagEvents(ada.id);
    expect(events.map((e) => e.type)).toEqual(['TagFollowed', 'TagUnfollowed']);
    expect(events[1]?.data).toEqual({ userId: ada.id, tag: 'TypeScript', unfollowedAt: expect.any(String) });
    expect(await followedRows(ada.id)).toEqual([]);
  });

  it('answers not following for a tag not followed, and records nothing', async () => {
    const ada = await signUp('Ada');
    const before = await eventCount();
    const response = await unfollow(ada.sid, 'Nothing');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { tag: 'Nothing', isFollowing: false } });
    expect(response.headers[CONSISTENCY_HEADER]).toBeUndefined();
    expect(await eventCount()).toBe(before);
  });

  it("touches only the person's own list", async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    expect((await follow(ada.sid, 'QA')).statusCode).toBe(200);
    expect((await unfollow(bob.sid, 'QA')).json()).toEqual({ data: { tag: 'QA', isFollowing: false } });
    expect((await followedRows(ada.id)).map((r) => r.tag)).toEqual(['QA']);
    expect((await eventsOf(bob.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });
});

describe('followed tags and the account', () => {
  it('exports the tags followed now, with when they were followed', async () => {
    const ada = await signUp('Ada');
    for (const tag of ['Kept', 'Dropped']) expect((await follow(ada.sid, tag)).statusCode).toBe(200);
    expect((await unfollow(ada.sid, 'dropped')).statusCode).toBe(200);
    const response = await call('POST', '/api/auth/export', ada.sid);
    expect(response.statusCode, response.body).toBe(200);
    const body = AccountExport.parse(response.json());
    const followedAt = (await followedRows(ada.id))[0]?.followed_at.toISOString();
    expect(body.followedTags).toEqual([{ tag: 'Kept', followedAt }]);
    expect(body.events.filter((e) => e.type.startsWith('Tag')).map((e) => [e.type, e.data.tag])).toEqual([
      ['TagFollowed', 'Kept'],
      ['TagFollowed', 'Dropped'],
      ['TagUnfollowed', 'Dropped'],
    ]);
  });

  it("drops the person's followed tags with their account; others' lists stay", async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    expect((await follow(ada.sid, 'QA')).statusCode).toBe(200);
    expect((await follow(bob.sid, 'QA')).statusCode).toBe(200);
    const deleted = await call('DELETE', '/api/auth/account', ada.sid, { password: 'cobol-1959' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await followedRows(ada.id)).toEqual([]);
    expect((await followedRows(bob.id)).map((r) => r.tag)).toEqual(['QA']);
    // AccountDeleted ends the list; no TagUnfollowed is recorded tag by tag.
    expect((await eventsOf(ada.id)).map((e) => e.type)).toEqual([
      'UserRegistered',
      'TagFollowed',
      'AccountDeleted',
    ]);
    expect((await follow(ada.sid, 'QA')).statusCode).toBe(401);
  });
});
