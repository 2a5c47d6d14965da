import { randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import { MEGABYTE } from '@careers/contracts/constants';
import { Post } from '@careers/contracts/entities/post';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@careers/contracts/idempotency';
import { authMessages, postMessages, requestMessages } from '@careers/contracts/messages';
import { createSession } from '@careers/service-kit';
import { storageKeys } from '@careers/service-kit/object-storage';
import { testNamespace } from '@careers/service-kit/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sweepOrphanedUploads, uploadSweeperDeps } from '../uploads/sweeper.ts';
import { notPictures, phonePhoto, pixelBomb, png, uploadTestbed } from '../uploads/testing.ts';

const bed = uploadTestbed(testNamespace('post-images'));
const { call, query } = bed;

/** The first bytes of a real JPEG: what a damaged or disguised file would start with. */
const jpegStart = (
  await sharp(await png(10, 10))
    .jpeg()
    .toBuffer()
).subarray(0, 40);

const uploadImage = (
  sid: string,
  content: Buffer,
  options: { filename?: string; contentType?: string; headers?: Record<string, string>; cut?: number } = {},
) =>
  bed.upload(
    '/api/posts/images',
    sid,
    {
      field: 'image',
      filename: options.filename ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      content,
    },
    { headers: options.headers, cut: options.cut },
  );

/** An uploaded picture of `sid`'s, waiting for its post: its id and the large rendition's size. */
async function uploaded(sid: string, content?: Buffer) {
  const response = await uploadImage(sid, content ?? (await png()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; width: number; height: number };
}

const imageKeys = (imageId: string) => [
  storageKeys.postImage(imageId, 'large'),
  storageKeys.postImage(imageId, 'small'),
];

async function eventCount() {
  const rows = await query<{ n: number }>('SELECT count(*)::int AS n FROM {schema}.event_log');
  return rows[0]?.n ?? 0;
}

async function staged(imageId: string) {
  return query<{ owner_id: string; width: number; height: number; bytes: number }>(
    'SELECT owner_id, width, height, bytes FROM {schema}.post_image_uploads WHERE image_id = $1',
    [imageId],
  );
}

async function postRow(postId: string) {
  const rows = await query<{ image_ids: string[]; given_tags: string[] }>(
    'SELECT image_ids, given_tags FROM {schema}.posts WHERE id = $1',
    [postId],
  );
  return rows[0] ?? null;
}

const createPost = (sid: string, images: { imageId: string; alt?: string }[], content = 'Look at this') =>
  call('POST', '/api/posts', sid, { content, images });

describe('POST /api/posts/images', () => {
  it('stores the picture re-encoded as WebP in two sizes, stages it, and records no event', async () => {
    const ada = await bed.signUp();
    const before = await eventCount();
    const response = await uploadImage(ada.sid, await png(2000, 1000), { filename: 'x.png' });
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json().data;
    expect(image).toEqual({ _id: expect.any(String), width: 1600, height: 800 });
    expect(await bed.keys(`post-images/${image._id}/`)).toEqual(imageKeys(image._id));
    const sizes = await Promise.all(
      (['small', 'large'] as const).map(async (size) => {
        const stored = await bed.read(storageKeys.postImage(image._id, size));
        const metadata = await sharp(stored).metadata();
        expect(metadata.format).toBe('webp');
        return [metadata.width, metadata.height];
      }),
    );
    expect(sizes).toEqual([
      [640, 320],
      [1600, 800],
    ]);
    const [row] = await staged(image._id);
    expect(row).toMatchObject({ owner_id: ada.id, width: 1600, height: 800 });
    expect(row?.bytes).toBeGreaterThan(0);
    // An upload is not a fact of the product until a post names it.
    expect(await eventCount()).toBe(before);
    expect((await bed.eventsOf(ada.id)).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('never enlarges, and keeps a tall picture at most 640 wide and 1,600 high when small', async () => {
    const ada = await bed.signUp();
    const tiny = await uploaded(ada.sid, await png(120, 80));
    expect([tiny.width, tiny.height]).toEqual([120, 80]);
    for (const size of ['small', 'large'] as const) {
      const metadata = await sharp(await bed.read(storageKeys.postImage(tiny._id, size))).metadata();
      expect([metadata.width, metadata.height]).toEqual([120, 80]);
    }
    const tall = await uploaded(ada.sid, await png(600, 3000));
    expect([tall.width, tall.height]).toEqual([320, 1600]);
    const small = await sharp(await bed.read(storageKeys.postImage(tall._id, 'small'))).metadata();
    expect([small.width, small.height]).toEqual([320, 1600]);
  });

  it('keeps no metadata: a phone photo loses its GPS position and camera, and is turned upright', async () => {
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString('latin1')).toContain('Careers Test Camera');
    expect(original.orientation).toBe(6);

    const ada = await bed.signUp();
    // Named and typed as something else: only the bytes decide.
    const response = await uploadImage(ada.sid, photo, { filename: 'holiday.gif', contentType: 'image/gif' });
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json().data;
    // 300 x 150 turned a quarter: upright it is 150 wide and 300 high.
    expect([image.width, image.height]).toEqual([150, 300]);
    for (const size of ['small', 'large'] as const) {
      const stored = await bed.read(storageKeys.postImage(image._id, size));
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('Careers Test Camera');
      expect([metadata.width, metadata.height]).toEqual([150, 300]);
    }
  });

  it('takes GIF and WebP too', async () => {
    const ada = await bed.signUp();
    for (const image of [
      await sharp(await png(64, 64))
        .gif()
        .toBuffer(),
      await sharp(await png(64, 64))
        .webp()
        .toBuffer(),
    ]) {
      const response = await uploadImage(ada.sid, image, { filename: 'x.png', contentType: 'image/png' });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it.each([
    ...notPictures('photo.jpg', {
      notImage: postMessages.imageNotImage,
      unsupported: postMessages.imageTypeNotSupported,
    }),
    [
      'a TIFF',
      Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(200, 0)]),
      postMessages.imageTypeNotSupported,
    ],
    [
      'a JPEG header over garbage',
      Buffer.concat([jpegStart, Buffer.alloc(5000, 7)]),
      postMessages.imageNotImage,
    ],
  ])('refuses %s with 400 and leaves nothing in the bucket', async (_name, content, message) => {
    const ada = await bed.signUp();
    const before = await bed.keys('post-images/');
    const response = await uploadImage(ada.sid, content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await bed.keys('post-images/')).toEqual(before);
    expect(await query('SELECT 1 FROM {schema}.post_image_uploads WHERE owner_id = $1', [ada.id])).toEqual(
      [],
    );
  });

  it('cuts off a picture over 10 MB while it streams with 413 and leaves nothing', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('post-images/');
    const huge = Buffer.concat([jpegStart, Buffer.alloc(10 * MEGABYTE, 1)]);
    const response = await uploadImage(ada.sid, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: postMessages.imageTooLarge(10 * MEGABYTE) });
    expect(await bed.keys('post-images/')).toEqual(before);
    expect(await query('SELECT 1 FROM {schema}.post_image_uploads WHERE owner_id = $1', [ada.id])).toEqual(
      [],
    );
  });

  it('refuses a canvas past the pixel limit (a small file that would decode huge) with 413', async () => {
    const ada = await bed.signUp();
    const bomb = await pixelBomb();
    const before = await bed.keys('post-images/');
    const response = await uploadImage(ada.sid, bomb, { filename: 'x.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: postMessages.imageTooLarge(10 * MEGABYTE) });
    expect(await bed.keys('post-images/')).toEqual(before);
  });

  it('refuses a body cut off mid-file with 400 and leaves nothing', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('post-images/');
    const response = await uploadImage(ada.sid, await png(600, 600), { cut: 300 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: requestMessages.invalidRequest });
    expect(await bed.keys('post-images/')).toEqual(before);
  });

  it('answers 401 without an account behind the session, and removes what it stored', async () => {
    const sid = await createSession(bed.running().deps.redis, randomUUID(), 60);
    const before = await bed.keys('post-images/');
    const response = await uploadImage(sid, await png(200, 200));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: authMessages.signInRequired });
    expect(await bed.keys('post-images/')).toEqual(before);
  });

  it('answers a repeat with the same Idempotency-Key as the first time, and keeps one picture', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('post-images/');
    const headers = { [IDEMPOTENCY_HEADER]: randomUUID() };
    const first = await uploadImage(ada.sid, await png(300, 200), { headers });
    const again = await uploadImage(ada.sid, await png(300, 200), { headers });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    const after = await bed.keys('post-images/');
    expect(after.filter((key) => !before.includes(key))).toEqual(imageKeys(first.json().data._id));
  });
});

describe('POST /api/posts with pictures', () => {
  it('puts the pictures in the post in the order given: the event, the reply and the post row', async () => {
    const ada = await bed.signUp();
    const wide = await uploaded(ada.sid, await png(2000, 1000));
    const square = await uploaded(ada.sid, await png(500, 500));
    const response = await createPost(ada.sid, [
      { imageId: square._id, alt: '  A square  ' },
      { imageId: wide._id.toUpperCase() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const post = Post.parse(response.json().data);
    expect(post.images).toEqual([
      {
        _id: square._id,
        alt: 'A square',
        width: 500,
        height: 500,
        urls: {
          small: fileUrls.postImage(square._id, 'small'),
          large: fileUrls.postImage(square._id, 'large'),
        },
      },
      {
        _id: wide._id,
        alt: '',
        width: 1600,
        height: 800,
        urls: { small: fileUrls.postImage(wide._id, 'small'), large: fileUrls.postImage(wide._id, 'large') },
      },
    ]);
    const [created] = await bed.eventsOf(post._id);
    expect(created?.data.images).toEqual([
      { imageId: square._id, alt: 'A square', width: 500, height: 500 },
      { imageId: wide._id, alt: '', width: 1600, height: 800 },
    ]);
    // Sealed: the alt text is the author's words.
    const raw = await query<{ images: unknown }>(
      `SELECT data->'images' AS images FROM {schema}.event_log WHERE stream_id = $1`,
      [post._id],
    );
    expect(JSON.stringify(raw[0]?.images ?? null)).not.toContain('A square');
    expect((await postRow(post._id))?.image_ids).toEqual([square._id, wide._id]);
    // Consumed: no longer waiting, and the objects stay.
    expect(await staged(square._id)).toEqual([]);
    expect(await staged(wide._id)).toEqual([]);
    expect(await bed.keys(`post-images/${square._id}/`)).toEqual(imageKeys(square._id));
  });

  it.each([
    ["someone else's picture", 'other'],
    ['a picture never uploaded', 'unknown'],
  ] as const)('refuses %s with 400 and writes nothing', async (_name, which) => {
    const ada = await bed.signUp();
    const bob = await bed.signUp('Bob');
    const mine = await uploaded(ada.sid);
    const bobs = await uploaded(bob.sid);
    const named = which === 'other' ? bobs._id : randomUUID();
    const before = await eventCount();
    const response = await createPost(ada.sid, [{ imageId: mine._id }, { imageId: named }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: postMessages.imageNotFound });
    expect(await eventCount()).toBe(before);
    expect(await query('SELECT 1 FROM {schema}.posts WHERE author_id = $1', [ada.id])).toEqual([]);
    // The refusal rolled the whole command back: both pictures still wait for their owners.
    expect((await staged(mine._id)).map((row) => row.owner_id)).toEqual([ada.id]);
    expect((await staged(bobs._id)).map((row) => row.owner_id)).toEqual([bob.id]);
  });

  it('refuses a picture already in a post: it goes into one post only', async () => {
    const ada = await bed.signUp();
    const image = await uploaded(ada.sid);
    expect((await createPost(ada.sid, [{ imageId: image._id }])).statusCode).toBe(201);
    const before = await eventCount();
    const again = await createPost(ada.sid, [{ imageId: image._id }], 'Again');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: postMessages.imageNotFound });
    expect(await eventCount()).toBe(before);
  });

  it('gives a picture named by two posts at once to one of them; the other is refused', async () => {
    const ada = await bed.signUp();
    for (let round = 0; round < 3; round += 1) {
      const image = await uploaded(ada.sid, await png(100, 100));
      const answers = await Promise.all([
        createPost(ada.sid, [{ imageId: image._id }], 'First'),
        createPost(ada.sid, [{ imageId: image._id }], 'Second'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      const refused = answers.find((a) => a.statusCode === 400);
      expect(refused?.json()).toEqual({ message: postMessages.imageNotFound });
      const holders = await query<{ id: string }>(
        'SELECT id FROM {schema}.posts WHERE $1::uuid = ANY(image_ids)',
        [image._id],
      );
      expect(holders).toHaveLength(1);
    }
  });

  it('rejects more than four pictures, or one twice, before anything is read', async () => {
    const ada = await bed.signUp();
    const image = await uploaded(ada.sid, await png(50, 50));
    const before = await eventCount();
    const five = Array.from({ length: 5 }, () => ({ imageId: randomUUID() }));
    const tooMany = await createPost(ada.sid, five);
    expect([tooMany.statusCode, tooMany.json()]).toEqual([400, { message: postMessages.tooManyImages }]);
    const twice = await createPost(ada.sid, [{ imageId: image._id }, { imageId: image._id }]);
    expect([twice.statusCode, twice.json()]).toEqual([400, { message: postMessages.imageRepeated }]);
    expect(await eventCount()).toBe(before);
    expect(await staged(image._id)).toHaveLength(1);
  });

  it('keeps the pictures through an edit, and removes their objects with the post', async () => {
    const ada = await bed.signUp();
    const image = await uploaded(ada.sid);
    const post = Post.parse((await createPost(ada.sid, [{ imageId: image._id }])).json().data);
    const edited = await call('PUT', `/api/posts/${post._id}`, ada.sid, { content: 'New words #pictures' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.tags).toEqual(['pictures']);
    expect((await postRow(post._id))?.image_ids).toEqual([image._id]);
    expect(await bed.keys(`post-images/${image._id}/`)).toEqual(imageKeys(image._id));

    const removed = await call('DELETE', `/api/posts/${post._id}`, ada.sid);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await bed.keys(`post-images/${image._id}/`)).toEqual([]);
  });

  it("removes the pictures of a deleted account's posts and its waiting uploads", async () => {
    const ada = await bed.signUp();
    const posted = await uploaded(ada.sid);
    const waiting = await uploaded(ada.sid);
    const bob = await bed.signUp('Bob');
    const bobs = await uploaded(bob.sid);
    expect((await createPost(ada.sid, [{ imageId: posted._id }])).statusCode).toBe(201);
    const deleted = await call('DELETE', '/api/auth/account', ada.sid, { password: 'engine-1843' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bed.keys(`post-images/${posted._id}/`)).toEqual([]);
    expect(await bed.keys(`post-images/${waiting._id}/`)).toEqual([]);
    expect(await staged(waiting._id)).toEqual([]);
    // Someone else's stay.
    expect(await bed.keys(`post-images/${bobs._id}/`)).toEqual(imageKeys(bobs._id));
    expect(await staged(bobs._id)).toHaveLength(1);
  });
});

// Last in the file: a sweep reaches every object of the file's bucket.
describe('sweepOrphanedUploads: post pictures', () => {
  it('removes old objects neither in a post nor waiting, and uploads that waited past the age', async () => {
    const ada = await bed.signUp();
    const inPost = await uploaded(ada.sid);
    expect((await createPost(ada.sid, [{ imageId: inPost._id }])).statusCode).toBe(201);
    const fresh = await uploaded(ada.sid);
    const stale = await uploaded(ada.sid);
    // Orphans, as a crash between storing and committing leaves them; and a key outside the layout.
    const orphan = randomUUID();
    const stranger = `post-images/${orphan}/huge.webp`;
    for (const key of [...imageKeys(orphan), stranger]) {
      await bed.storage.putBuffer(key, Buffer.from('x'), 'image/webp');
    }

    // Two hours on: every object is past the age. The fresh upload was made just before that sweep,
    // the stale one two hours before it.
    const now = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await query('UPDATE {schema}.post_image_uploads SET uploaded_at = $2 WHERE image_id = $1', [
      fresh._id,
      now,
    ]);
    const { storage, pool, config, log } = bed.running().deps;
    const removed = await sweepOrphanedUploads(uploadSweeperDeps({ storage, pool, log }, config.DB_SCHEMA), {
      now,
    });
    expect(removed).toEqual(expect.arrayContaining([...imageKeys(orphan), ...imageKeys(stale._id)]));
    expect(removed).not.toContain(stranger);
    expect(await bed.keys(`post-images/${orphan}/`)).toEqual([stranger]);
    expect(await bed.keys(`post-images/${stale._id}/`)).toEqual([]);
    expect(await staged(stale._id)).toEqual([]);
    expect(await bed.keys(`post-images/${inPost._id}/`)).toEqual(imageKeys(inPost._id));
    expect(await bed.keys(`post-images/${fresh._id}/`)).toEqual(imageKeys(fresh._id));
    expect(await staged(fresh._id)).toHaveLength(1);
    // The stale one can no longer go into a post.
    const late = await createPost(ada.sid, [{ imageId: stale._id }]);
    expect([late.statusCode, late.json()]).toEqual([400, { message: postMessages.imageNotFound }]);
  });
});
