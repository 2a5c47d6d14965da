import { randomBytes, randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import type { PostVisibility } from '@careers/contracts/entities/enums';
import { domainEvents } from '@careers/contracts/events/catalogue';
import { authMessages, postMessages } from '@careers/contracts/messages';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import { storageKeys } from '@careers/service-kit/object-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesBed, fileFixtures, json, type Person } from './files-testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * GET /api/files/post-images/:imageId/:size against the real projectors, Postgres, Redis sessions and
 * MinIO: a post's picture for whoever may read the post, the same 404 for everyone else.
 */

let bed: FilesBed;
let storage: ObjectStorage;
const { stored, event, signedIn, project, store, get } = fileFixtures(() => bed);
const imageMissing = { message: postMessages.imageNotFound };

beforeAll(async () => {
  bed = await queryAppTestbed('file-post-images');
  ({ storage } = bed);
  await storage.ensureBucket();
});
afterAll(async () => {
  await storage?.remove(stored).catch(() => {});
  await bed?.close();
});

/** Both sizes stored, as the command-service re-encodes them, and a post of `author`'s holding them. */
async function postWithImage(author: Person, visibility: PostVisibility) {
  const [postId, imageId] = [randomUUID(), randomUUID()];
  const bytes = { small: randomBytes(512), large: randomBytes(2048) };
  await store(storageKeys.postImage(imageId, 'small'), bytes.small);
  await store(storageKeys.postImage(imageId, 'large'), bytes.large);
  await project([
    {
      ...event('PostCreated', postId, 1, {
        postId,
        authorId: author.id,
        content: 'A picture',
        type: 'text',
        category: 'Career',
        visibility,
        tags: [],
        images: [{ imageId, alt: 'A view', width: 1600, height: 900 }],
        createdAt: new Date().toISOString(),
      }),
      schemaVersion: domainEvents.PostCreated.schemaVersion,
    },
  ]);
  return { postId, imageId, bytes };
}

async function connect(a: Person, b: Person) {
  const connectionId = randomUUID();
  const parties = { connectionId, requesterId: a.id, recipientId: b.id };
  const now = new Date().toISOString();
  await project([
    event('ConnectionRequested', connectionId, 1, { ...parties, requestedAt: now }),
    event('ConnectionAccepted', connectionId, 2, { ...parties, respondedAt: now }),
  ]);
}

describe('GET /api/files/post-images/:imageId/:size', () => {
  it('serves both sizes of a public post picture to anyone signed in, as WebP, private and revalidated', async () => {
    const [author, reader] = await Promise.all([signedIn('Author'), signedIn('Reader')]);
    const { imageId, bytes } = await postWithImage(author, 'public');
    for (const size of ['small', 'large'] as const) {
      const response = await get(reader, fileUrls.postImage(imageId, size));
      expect(response.status).toBe(200);
      expect(response.body.equals(bytes[size])).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(bytes[size].length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=86400',
        etag: `"${imageId}-${size}"`,
      });
    }
    const again = await get(reader, fileUrls.postImage(imageId, 'small'), {
      'if-none-match': `"${imageId}-small"`,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("serves a connections-only post's picture to its author and their connections, and 404 to anyone else", async () => {
    const [author, friend, stranger] = await Promise.all([
      signedIn('Author'),
      signedIn('Friend'),
      signedIn('Stranger'),
    ]);
    await connect(author, friend);
    const { imageId } = await postWithImage(author, 'connections');
    for (const viewer of [author, friend]) {
      expect((await get(viewer, fileUrls.postImage(imageId, 'large'))).status).toBe(200);
    }
    // Not even to a browser revalidating a copy it should not have.
    for (const headers of [{}, { 'if-none-match': `"${imageId}-large"` }] as Record<string, string>[]) {
      const refused = await get(stranger, fileUrls.postImage(imageId, 'large'), headers);
      expect(refused.status).toBe(404);
      expect(json(refused)).toEqual(imageMissing);
    }
  });

  it('stops serving the pictures of a removed post, and answers unknown, malformed and unposted ids alike', async () => {
    const [author, reader] = await Promise.all([signedIn('Author'), signedIn('Reader')]);
    const { postId, imageId } = await postWithImage(author, 'public');
    await project([
      event('PostRemoved', postId, 2, { postId, authorId: author.id, removedAt: new Date().toISOString() }),
    ]);
    // Stored, but in no post: not yet posted, or its post gone.
    const unposted = randomUUID();
    await store(storageKeys.postImage(unposted, 'small'), randomBytes(64));
    for (const url of [
      fileUrls.postImage(imageId, 'small'),
      fileUrls.postImage(unposted, 'small'),
      fileUrls.postImage(randomUUID(), 'large'),
      '/api/files/post-images/not-an-id/small',
      `/api/files/post-images/${imageId}/huge`,
    ]) {
      for (const viewer of [author, reader]) {
        const response = await get(viewer, url);
        expect(response.status, url).toBe(404);
        expect(json(response), url).toEqual(imageMissing);
      }
    }
  });

  it('answers 401 without a session', async () => {
    const author = await signedIn('Author');
    const { imageId } = await postWithImage(author, 'public');
    const response = await get(null, fileUrls.postImage(imageId, 'large'));
    expect(response.status).toBe(401);
    expect(json(response)).toEqual({ message: authMessages.signInRequired });
  });
});
