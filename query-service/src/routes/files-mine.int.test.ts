import { fileUrls } from '@careers/contracts/api/file-routes';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesBed, fileFixtures, json } from './files-testing.ts';
import { queryAppTestbed } from './testing.ts';

/** The caller's own files: GET /api/users/resume, and the picture on /api/auth/me. */

let bed: FilesBed;
let storage: ObjectStorage;
const { stored, signedIn, get, uploadPicture, uploadResume } = fileFixtures(() => bed);

beforeAll(async () => {
  bed = await queryAppTestbed('file-mine');
  ({ storage } = bed);
  await storage.ensureBucket();
});
afterAll(async () => {
  await storage?.remove(stored).catch(() => {});
  await bed?.close();
});

describe('GET /api/users/resume and the picture on /api/auth/me', () => {
  it("answers the caller's own resume, or null", async () => {
    const [owner, other] = await Promise.all([signedIn('Owner'), signedIn('Other')]);
    expect(json(await get(owner, '/api/users/resume'))).toEqual({ resume: null });
    const { resumeId, bytes } = await uploadResume(owner, 'mine.pdf');
    const mine = await get(owner, '/api/users/resume');
    expect(mine.status).toBe(200);
    expect(json(mine)).toEqual({
      resume: {
        filename: 'mine.pdf',
        url: fileUrls.resume(resumeId),
        size: bytes.length,
        uploadedAt: expect.any(String),
      },
    });
    expect(json(await get(other, '/api/users/resume'))).toEqual({ resume: null });
    const signedOut = await get(null, '/api/users/resume');
    expect(signedOut.status).toBe(401);
  });

  it('gives the signed-in user their picture in both sizes', async () => {
    const owner = await signedIn('Owner');
    const { pictureId } = await uploadPicture(owner);
    expect(json(await get(owner, '/api/auth/me')).user.profilePicture).toEqual({
      url: fileUrls.picture(pictureId, 'large'),
      avatarUrl: fileUrls.picture(pictureId, 'avatar'),
    });
  });
});
