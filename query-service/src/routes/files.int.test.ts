import { randomBytes, randomUUID } from 'node:crypto';
import { fileUrls, type PictureSize } from '@careers/contracts/api/file-routes';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { authMessages, profileMessages } from '@careers/contracts/messages';
import {
  type ApplicationRelation,
  applicationAccessCases,
  canSeeApplication,
} from '@careers/contracts/policies/application-access';
import { createLogger, SESSION_COOKIE } from '@careers/service-kit';
import { ObjectStorage, storageKeys } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostedData } from '../projectors/jobs/testing.ts';
import { testMessages } from '../projectors/testing.ts';
import { buildQueryApp } from '../server.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The file routes against the real projectors, Postgres, Redis sessions and MinIO. Objects are put
 * straight into the bucket under the command-service's layout, as if uploaded; the events that name
 * them are applied through the runner. Who may read an application's resume is held to the one
 * statement of who may see an application (`applicationAccessCases` in contracts).
 */

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;
let app: FastifyInstance;
let storage: ObjectStorage;
const stored: string[] = [];
const { event } = testMessages();

beforeAll(async () => {
  bed = await queryAppTestbed('file-routes');
  ({ app, storage } = bed);
  await storage.ensureBucket();
});
afterAll(async () => {
  await storage?.remove(stored).catch(() => {});
  await bed?.close();
});

const pictureMissing = { message: profileMessages.notAvailableForDownload('profilePicture') };
const resumeMissing = { message: profileMessages.notAvailableForDownload('resume') };

interface Person {
  id: string;
  sid: string;
  /** The next version of this person's user stream. */
  version: number;
}

async function signedIn(firstName: string): Promise<Person> {
  return { ...(await bed.signedIn(firstName)), version: 2 };
}

const project = (events: EventEnvelope[]) => bed.project(events);

async function store(key: string, bytes: Buffer) {
  await storage.putBuffer(key, bytes, key.endsWith('.pdf') ? 'application/pdf' : 'image/webp');
  stored.push(key);
}

async function get(who: Person | null, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(who ? { cookie: `${SESSION_COOKIE}=${who.sid}` } : {}) },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

const json = (response: { body: Buffer }) => JSON.parse(response.body.toString('utf8'));

/** Bytes standing in for a re-encoded picture: the route serves what is stored, whatever it is. */
async function uploadPicture(
  person: Person,
): Promise<{ pictureId: string; bytes: Record<PictureSize, Buffer> }> {
  const pictureId = randomUUID();
  const bytes = { large: randomBytes(2048), avatar: randomBytes(256) };
  await store(storageKeys.picture(pictureId, 'large'), bytes.large);
  await store(storageKeys.picture(pictureId, 'avatar'), bytes.avatar);
  await project([
    event('ProfilePictureUploaded', person.id, person.version++, {
      userId: person.id,
      pictureId,
      size: bytes.large.length,
      uploadedAt: new Date().toISOString(),
    }),
  ]);
  return { pictureId, bytes };
}

const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096), Buffer.from('\n%%EOF\n')]);

async function uploadResume(
  person: Person,
  filename = 'resume.pdf',
): Promise<{ resumeId: string; bytes: Buffer }> {
  const resumeId = randomUUID();
  const bytes = pdf();
  await store(storageKeys.resume(resumeId), bytes);
  await project([
    event('ResumeUploaded', person.id, person.version++, {
      userId: person.id,
      resumeId,
      filename,
      size: bytes.length,
      uploadedAt: new Date().toISOString(),
    }),
  ]);
  return { resumeId, bytes };
}

/** `applicant` applies to a new job of `poster`'s with a copy of their resume, as the command-service makes it. */
async function applyWithResume(applicant: Person, poster: Person, filename = 'resume.pdf') {
  const job = jobPostedData({ employerId: poster.id });
  const applicationId = randomUUID();
  const copy = { resumeId: randomUUID(), filename, bytes: pdf() };
  await store(storageKeys.resume(copy.resumeId), copy.bytes);
  await project([
    event('JobPosted', job.jobId, 1, job),
    event('ApplicationSubmitted', applicationId, 1, {
      applicationId,
      jobId: job.jobId,
      applicantId: applicant.id,
      employerId: poster.id,
      coverLetter: 'Hello',
      expectedSalary: null,
      resume: { resumeId: copy.resumeId, filename, size: copy.bytes.length },
      appliedAt: new Date().toISOString(),
    }),
  ]);
  return { jobId: job.jobId, applicationId, copy };
}

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

describe('GET /api/files/resumes/:resumeId', () => {
  it("serves its owner's current resume as a PDF attachment that no cache keeps", async () => {
    const owner = await signedIn('Owner');
    const { resumeId, bytes } = await uploadResume(owner, 'ada-lovelace_resume.pdf');
    const response = await get(owner, fileUrls.resume(resumeId));
    expect(response.status).toBe(200);
    expect(response.body.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="ada-lovelace_resume.pdf"; filename*=UTF-8''ada-lovelace_resume.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    // HEAD answers the same headers without opening the file.
    const head = await app.inject({
      method: 'HEAD',
      url: fileUrls.resume(resumeId),
      headers: { cookie: `${SESSION_COOKIE}=${owner.sid}` },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['content-disposition']).toBe(response.headers['content-disposition']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const owner = await signedIn('Owner');
    const { resumeId } = await uploadResume(owner);
    const response = await get(null, fileUrls.resume(resumeId));
    expect(response.status).toBe(401);
    expect(json(response)).toEqual({ message: authMessages.signInRequired });
  });

  it("hides a person's resume from everyone else, as if it did not exist", async () => {
    const [owner, stranger, poster] = await Promise.all([
      signedIn('Owner'),
      signedIn('Stranger'),
      signedIn('Poster'),
    ]);
    const { resumeId } = await uploadResume(owner);
    // Applying shares the application's copy with the poster, not the resume the owner keeps.
    const { copy } = await applyWithResume(owner, poster);
    for (const viewer of [stranger, poster]) {
      const response = await get(viewer, fileUrls.resume(resumeId));
      expect(response.status).toBe(404);
      expect(json(response)).toEqual(resumeMissing);
    }
    expect((await get(poster, fileUrls.resume(copy.resumeId))).status).toBe(200);
    const unknown = await get(owner, fileUrls.resume(randomUUID()));
    expect({ status: unknown.status, body: json(unknown) }).toEqual({ status: 404, body: resumeMissing });
    const malformed = await get(owner, '/api/files/resumes/..%2Fpictures');
    expect({ status: malformed.status, body: json(malformed) }).toEqual({ status: 404, body: resumeMissing });
  });

  it('stops serving a replaced or removed resume to its owner', async () => {
    const owner = await signedIn('Owner');
    const first = await uploadResume(owner);
    const second = await uploadResume(owner);
    expect((await get(owner, fileUrls.resume(first.resumeId))).status).toBe(404);
    expect((await get(owner, fileUrls.resume(second.resumeId))).status).toBe(200);
    await project([event('ResumeRemoved', owner.id, owner.version++, { userId: owner.id })]);
    expect((await get(owner, fileUrls.resume(second.resumeId))).status).toBe(404);
  });

  describe("an application's resume, against the application access table", () => {
    const who: Record<ApplicationRelation, string> = {
      applicant: 'its applicant',
      poster: "the job's poster",
      'someone else': 'someone else (another poster included)',
    };
    const cases = applicationAccessCases.map((c) => ({
      ...c,
      viewerIs: who[c.viewer],
      outcome: c.canSee ? 'downloads it' : 'gets 404',
    }));

    it.for(cases)(
      '$viewerIs $outcome, even after the applicant removed their resume',
      async ({ viewer, canSee }) => {
        const [applicant, poster, otherPoster] = await Promise.all([
          signedIn('Applicant'),
          signedIn('Poster'),
          signedIn('Other'),
        ]);
        await uploadResume(applicant, 'applicant.pdf');
        const { copy } = await applyWithResume(applicant, poster, 'applicant.pdf');
        // The other poster has a job the applicant applied to as well, with another copy.
        const other = await applyWithResume(applicant, otherPoster, 'applicant.pdf');
        await project([event('ResumeRemoved', applicant.id, applicant.version++, { userId: applicant.id })]);
        const me = { applicant, poster, 'someone else': otherPoster }[viewer];
        expect(canSeeApplication({ applicantId: applicant.id, employerId: poster.id }, me.id)).toBe(canSee);

        const response = await get(me, fileUrls.resume(copy.resumeId));
        if (canSee) {
          expect(response.status).toBe(200);
          expect(response.body.equals(copy.bytes)).toBe(true);
          expect(response.headers['content-disposition']).toBe(
            `attachment; filename="applicant.pdf"; filename*=UTF-8''applicant.pdf`,
          );
        } else {
          expect({ status: response.status, body: json(response) }).toEqual({
            status: 404,
            body: resumeMissing,
          });
          // Their own applicant's copy they do read.
          expect((await get(me, fileUrls.resume(other.copy.resumeId))).status).toBe(200);
        }
      },
    );
  });

  it('lists the copy on the applicants view, where the poster downloads it', async () => {
    const [applicant, poster] = await Promise.all([signedIn('Applicant'), signedIn('Poster')]);
    const { jobId, copy } = await applyWithResume(applicant, poster, 'cv.pdf');
    const list = await get(poster, `/api/jobs/${jobId}/applications`);
    expect(list.status).toBe(200);
    const [entry] = json(list).data;
    expect(entry.resume).toEqual({
      filename: 'cv.pdf',
      url: fileUrls.resume(copy.resumeId),
      size: copy.bytes.length,
      uploadedAt: expect.any(String),
    });
    const download = await get(poster, entry.resume.url);
    expect(download.status).toBe(200);
    expect(download.body.equals(copy.bytes)).toBe(true);
  });
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

describe('readiness', () => {
  it('checks the bucket: ready while it exists, 503 naming object storage when it does not', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.objectStorage).toBe('ok');

    const missing = await buildQueryApp({
      config: bed.config,
      log: createLogger('test', 'silent'),
      pool: bed.pool,
      redis: bed.redis,
      storage: new ObjectStorage({ ...bed.config, S3_BUCKET: `missing-${randomUUID()}` }),
    });
    try {
      const response = await missing.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.objectStorage).toMatch(/^failing: /);
    } finally {
      await missing.close();
    }
  });
});
