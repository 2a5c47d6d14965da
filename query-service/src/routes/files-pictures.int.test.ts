import { randomBytes, randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import { authMessages } from '@careers/contracts/messages';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import { storageKeys } from '@careers/service-kit/object-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesBed, fileFixtures, json, pictureMissing } from './files-testing.ts';
import { queryAppTestbed } from './testing.ts';

/** GET /api/files/pictures/:pictureId/:size against the real projectors, Postgres, Redis sessions and MinIO. */

let bed: FilesBed;
let storage: ObjectStorage;
const { stored, event, signedIn, project, store, get, uploadPicture } = fileFixtures(() => bed);

beforeAll(async () => {
  bed = await queryAppTestbed('file-pictures');
  ({ storage } = bed);
  await storage.ensureBucket();
});
afterAll(async () => {
  await storage?.remove(stored).catch(() => {});
  await bed?.close();
});

describe('GET /api/files/pictures/:pictureId/:size', () => {
  it('serves both sizes of a current picture to any signed-in user, as WebP, cacheable for good', async () => {
    const [owner, stranger] = await Promise.all([signedIn('Owner'), signedIn('Stranger')]);
    const { pictureId, bytes } = await uploadPicture(owner);
    for (const size of ['large', 'avatar'] as const) {
      for (const viewer of [owner, stranger]) {
        const response = await get(viewer, fileUrls.picture(pictureId, size));
        expect(response.status).toBe(200);
        expect(response.body.equals(bytes[size])).toBe(true);
        expect(response.headers).toMatchObject({
          'content-type': 'image/webp',
          'content-length': String(bytes[size].length),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, max-age=31536000, immutable',
          etag: `"${pictureId}-${size}"`,
        });
      }
    }
    // A browser revalidating what it has gets no body.
    const again = await get(stranger, fileUrls.picture(pictureId, 'avatar'), {
      'if-none-match': `"${pictureId}-avatar"`,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const listed = await get(stranger, fileUrls.picture(pictureId, 'large'), {
      'if-none-match': `"other", W/"${pictureId}-large"`,
    });
    expect(listed.status).toBe(304);
    const otherSize = await get(stranger, fileUrls.picture(pictureId, 'large'), {
      'if-none-match': `"${pictureId}-avatar"`,
    });
    expect(otherSize.status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const owner = await signedIn('Owner');
    const { pictureId } = await uploadPicture(owner);
    const response = await get(null, fileUrls.picture(pictureId, 'large'));
    expect(response.status).toBe(401);
    expect(json(response)).toEqual({ message: authMessages.signInRequired });
  });

  it('stops serving a replaced picture, and a removed one, once projected (even while still stored)', async () => {
    const [owner, viewer] = await Promise.all([signedIn('Owner'), signedIn('Viewer')]);
    const first = await uploadPicture(owner);
    expect((await get(viewer, fileUrls.picture(first.pictureId, 'large'))).status).toBe(200);
    const second = await uploadPicture(owner);
    for (const size of ['large', 'avatar'] as const) {
      const replaced = await get(viewer, fileUrls.picture(first.pictureId, size));
      expect(replaced.status).toBe(404);
      expect(json(replaced)).toEqual(pictureMissing);
      // Not even to its owner, nor to a browser that still holds it.
      const revalidated = await get(owner, fileUrls.picture(first.pictureId, size), {
        'if-none-match': `"${first.pictureId}-${size}"`,
      });
      expect(revalidated.status).toBe(404);
    }
    expect((await get(viewer, fileUrls.picture(second.pictureId, 'large'))).status).toBe(200);

    await project([event('ProfilePictureRemoved', owner.id, owner.version++, { userId: owner.id })]);
    const removed = await get(viewer, fileUrls.picture(second.pictureId, 'avatar'));
    expect(removed.status).toBe(404);
    expect(json(removed)).toEqual(pictureMissing);
  });

  it('serves a stored picture whose upload is not projected yet, so the uploader sees it at once', async () => {
    const viewer = await signedIn('Viewer');
    const pictureId = randomUUID();
    const bytes = randomBytes(512);
    await store(storageKeys.picture(pictureId, 'avatar'), bytes);
    const response = await get(viewer, fileUrls.picture(pictureId, 'avatar'));
    expect(response.status).toBe(200);
    expect(response.body.equals(bytes)).toBe(true);
  });

  it('answers 404 for an id nothing is stored under, a malformed id, an unknown size, or a lost object', async () => {
    const [owner, viewer] = await Promise.all([signedIn('Owner'), signedIn('Viewer')]);
    const pictureId = randomUUID();
    // Projected, but its objects are gone (deleted by hand, or a store restored from an older copy).
    await project([
      event('ProfilePictureUploaded', owner.id, owner.version++, {
        userId: owner.id,
        pictureId,
        size: 1,
        uploadedAt: new Date().toISOString(),
      }),
    ]);
    for (const url of [
      fileUrls.picture(randomUUID(), 'large'),
      fileUrls.picture(pictureId, 'large'),
      '/api/files/pictures/not-an-id/large',
      `/api/files/pictures/${pictureId}/huge`,
      `/api/files/pictures/${pictureId}/..%2F..%2Fresumes`,
    ]) {
      const response = await get(viewer, url);
      expect(response.status, url).toBe(404);
      expect(json(response), url).toEqual(pictureMissing);
    }
  });
});
