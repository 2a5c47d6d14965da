import { randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorTestbed, testMessages } from '../testing.ts';
import { PostQueries } from './queries.ts';

/**
 * A post's pictures (PostCreated version 4) and its tags as edits replace them (PostEdited version 2):
 * shown on every read of posts, matched by `tagKey`, the same one event at a time, redelivered and
 * rebuilt.
 */

type Bed = Awaited<ReturnType<typeof projectorTestbed>>;
let bed: Bed;
let oneByOne: Bed;
let posts: PostQueries;
const { event, current, registered } = testMessages();

beforeAll(async () => {
  [bed, oneByOne] = await Promise.all([
    projectorTestbed('post-images-tags'),
    projectorTestbed('post-images-tags-one-by-one', { eventByEvent: true }),
  ]);
  posts = new PostQueries(bed.pool, bed.redis, bed.schema);
});
afterAll(async () => {
  await Promise.all([bed?.close(), oneByOne?.close()]);
});

const at = (minute: number) => new Date(Date.UTC(2026, 7, 1, 9, minute)).toISOString();
const [ada, bob] = [randomUUID(), randomUUID()];
const [pictured, plain] = [randomUUID(), randomUUID()];
const images = [
  { imageId: randomUUID(), alt: 'The harbour at dawn', width: 1600, height: 900 },
  { imageId: randomUUID(), alt: '', width: 800, height: 1200 },
];
const created = (postId: string, tags: string[], withImages: typeof images, minute: number) =>
  current('PostCreated', postId, 1, {
    postId,
    authorId: ada,
    content: 'Harbour pictures',
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags,
    images: withImages,
    createdAt: at(minute),
  });
const edited = (postId: string, version: number, minute: number, tags?: string[]) =>
  event('PostEdited', postId, version, {
    postId,
    authorId: ada,
    content: `Edited at ${minute}`,
    ...(tags ? { tags } : {}),
    editedAt: at(minute),
  });

const all: EventEnvelope[] = [
  registered(ada, 'Ada'),
  registered(bob, 'Bob'),
  created(pictured, ['Harbours', 'QA'], images, 1),
  // A version 1 post, as it travelled before pictures: none.
  event('PostCreated', plain, 1, {
    postId: plain,
    authorId: ada,
    content: 'No pictures',
    type: 'text',
    category: 'Career',
    visibility: 'public',
    tags: ['Go'],
    createdAt: at(2),
  }),
  // Tags replaced, then an edit without tags (version 1's kind) that leaves them.
  edited(pictured, 2, 3, ['ＱＡ', 'Sailing']),
  edited(pictured, 3, 4),
  edited(plain, 2, 5, []),
];

async function rows(on: Bed) {
  const { rows: found } = await on.pool.query(
    `SELECT id, tags, tag_keys, images FROM ${on.schema}.posts WHERE id = ANY($1) ORDER BY id`,
    [[pictured, plain]],
  );
  return found;
}

describe('pictures and tags of posts', () => {
  it('shows the pictures in order with the URLs of both sizes, and the tags of the last edit that had any', async () => {
    await bed.runner.applyMessages(all.map(bed.message));
    const expected = images.map((image) => ({
      _id: image.imageId,
      alt: image.alt,
      width: image.width,
      height: image.height,
      urls: {
        small: fileUrls.postImage(image.imageId, 'small'),
        large: fileUrls.postImage(image.imageId, 'large'),
      },
    }));
    const one = await posts.findPost(pictured, bob);
    expect(one).toMatchObject({ images: expected, tags: ['ＱＡ', 'Sailing'], content: 'Edited at 4' });
    const [mine] = await posts.byAuthor(ada);
    expect(mine?.images).toEqual(mine?._id === pictured ? expected : []);
    const feed = await posts.feed(bob, { page: 1, limit: 10, tags: [], following: false });
    expect(feed.posts.find((p) => p._id === plain)).toMatchObject({ images: [], tags: [] });
    expect(await rows(bed)).toEqual(
      [
        { id: pictured, tags: ['ＱＡ', 'Sailing'], tag_keys: ['qa', 'sailing'], images },
        { id: plain, tags: [], tag_keys: [], images: [] },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it('matches the feed filter and counts a tag by its key, not by the tags the post no longer carries', async () => {
    const tagged = async (tag: string) =>
      (await posts.feed(bob, { page: 1, limit: 10, tags: [tag], following: false })).posts.map((p) => p._id);
    expect(await tagged('#qa')).toEqual([pictured]);
    expect(await tagged('QA')).toEqual([pictured]);
    expect(await tagged('harbours')).toEqual([]);
    expect(await tagged('Go')).toEqual([]);
    expect(await posts.taggedCount(bob, 'ｑａ')).toBe(1);
    expect(await posts.taggedCount(bob, 'Harbours')).toBe(0);
  });

  it('finds who may see a picture by the post holding it', async () => {
    expect(await posts.canSeeImage(images[1]?.imageId as string, bob)).toBe(true);
    expect(await posts.canSeeImage(randomUUID(), bob)).toBe(false);
  });

  it('comes to the same rows one event at a time, redelivered and rebuilt', async () => {
    const expected = await rows(bed);
    for (const one of all) await oneByOne.runner.applyMessages([oneByOne.message(one)]);
    expect(await rows(oneByOne)).toEqual(expected);
    expect(await bed.runner.applyMessages(all.map(bed.message))).toEqual({ applied: 0, skipped: all.length });
    await bed.rebuildFrom(all);
    expect(await rows(bed)).toEqual(expected);
  });
});
