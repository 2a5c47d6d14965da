import { randomUUID } from 'node:crypto';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import { postMessages } from '@careers/contracts/messages';
import { SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAppTestbed } from './testing.ts';

/**
 * GET /api/tags/:tag, GET /api/users/followed-tags and the Following feed's followed tags, over the
 * real projectors, Postgres and Redis sessions, through `app.inject`.
 */

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;

beforeAll(async () => {
  bed = await queryAppTestbed('tag-routes');
});
afterAll(async () => {
  await bed?.close();
});

let minute = 0;
const later = () => new Date(Date.UTC(2026, 8, 1, 9, minute++)).toISOString();
// A tag of this run alone: the testbed's read schema is shared by this file's tests.
const tag = `Tides${randomUUID().slice(0, 8)}`;

type Person = { id: string; sid: string; version: number };

async function person(firstName: string): Promise<Person> {
  return { ...(await bed.signedIn(firstName)), version: 1 };
}

async function read(who: Person, url: string) {
  const response = await bed.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${SESSION_COOKIE}=${who.sid}` },
  });
  return { status: response.statusCode, body: response.json() };
}

const follow = (who: Person, spelled: string) =>
  bed.project([
    bed.event('TagFollowed', who.id, ++who.version, { userId: who.id, tag: spelled, followedAt: later() }),
  ]);
const unfollow = (who: Person, spelled: string) =>
  bed.project([
    bed.event('TagUnfollowed', who.id, ++who.version, {
      userId: who.id,
      tag: spelled,
      unfollowedAt: later(),
    }),
  ]);

async function post(author: Person, tags: string[], visibility: PostVisibility = 'public'): Promise<string> {
  const postId = randomUUID();
  await bed.project([
    bed.event('PostCreated', postId, 1, {
      postId,
      authorId: author.id,
      content: 'On tides',
      type: 'text',
      category: 'Career',
      visibility,
      tags,
      createdAt: later(),
    }),
  ]);
  return postId;
}

const feedIds = async (who: Person, query: string) =>
  ((await read(who, `/api/posts/feed?${query}`)).body.data as { _id: string }[]).map((p) => p._id);

describe('followed tags', () => {
  let [ann, bob, cy]: Person[] = [];
  const posts: Record<string, string> = {};

  beforeAll(async () => {
    [ann, bob, cy] = await Promise.all([person('Ann'), person('Bob'), person('Cy')]);
  });

  it("answers a tag's page: its spelling as asked, the posts the reader may see, its followers and the reader's follow", async () => {
    const [a, b, c] = [ann as Person, bob as Person, cy as Person];
    posts.before = await post(c, [tag]);
    await follow(a, tag);
    await follow(b, tag.toUpperCase());
    await follow(a, 'Sea');
    posts.open = await post(c, [tag.toLowerCase(), 'Sea']);
    posts.hidden = await post(c, [tag], 'connections');
    expect(await read(a, `/api/tags/${encodeURIComponent(`#${tag.toUpperCase()}`)}`)).toEqual({
      status: 200,
      body: { data: { tag: tag.toUpperCase(), postsCount: 2, followersCount: 2, isFollowing: true } },
    });
    // Cy sees their own connections-only post too, and follows nothing.
    expect((await read(c, `/api/tags/${tag}`)).body.data).toEqual({
      tag,
      postsCount: 3,
      followersCount: 2,
      isFollowing: false,
    });
    const invalid = await read(a, '/api/tags/not%20a%20tag');
    expect(invalid).toEqual({ status: 404, body: { message: postMessages.tagInvalid } });
  });

  it('lists the tags the reader follows, newest first, as they spelled them', async () => {
    const a = ann as Person;
    const { status, body } = await read(a, '/api/users/followed-tags');
    expect(status).toBe(200);
    expect((body.data as { tag: string }[]).map((f) => f.tag)).toEqual(['Sea', tag]);
    expect((await read(cy as Person, '/api/users/followed-tags')).body).toEqual({ data: [] });
  });

  it('holds in the Following feed the public posts carrying a followed tag made since the follow, filtered or not', async () => {
    const [a, c] = [ann as Person, cy as Person];
    // Ann is connected with nobody: her Following feed is her followed tags' posts alone.
    expect(await feedIds(a, 'following=true')).toEqual([posts.open]);
    expect(await feedIds(a, 'following=true&type=text')).toEqual([posts.open]);
    expect(await feedIds(a, 'following=true&tags=sea')).toEqual([posts.open]);
    expect(await feedIds(c, 'following=true')).toEqual([posts.hidden, posts.open, posts.before]);
    await unfollow(a, tag.toLowerCase());
    // Still following Sea, which the post carries.
    expect(await feedIds(a, 'following=true')).toEqual([posts.open]);
    await unfollow(a, 'SEA');
    expect(await feedIds(a, 'following=true')).toEqual([]);
    expect(await feedIds(a, 'following=true&type=text')).toEqual([]);
  });
});
