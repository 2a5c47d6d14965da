import { randomUUID } from 'node:crypto';
import { fileUrls } from '@careers/contracts/api/file-routes';
import { authMessages } from '@careers/contracts/messages';
import {
  type ApplicationRelation,
  applicationAccessCases,
  canSeeApplication,
} from '@careers/contracts/policies/application-access';
import { SESSION_COOKIE } from '@careers/service-kit';
import type { ObjectStorage } from '@careers/service-kit/object-storage';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesBed, fileFixtures, json, resumeMissing } from './files-testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * GET /api/files/resumes/:resumeId against the real projectors, Postgres, Redis sessions and MinIO. Who
 * may read an application's resume is held to the one statement of who may see an application
 * (`applicationAccessCases` in contracts).
 */

let bed: FilesBed;
let app: FastifyInstance;
let storage: ObjectStorage;
const { stored, event, signedIn, project, get, uploadResume, applyWithResume } = fileFixtures(() => bed);

beforeAll(async () => {
  bed = await queryAppTestbed('file-resumes');
  ({ app, storage } = bed);
  await storage.ensureBucket();
});
afterAll(async () => {
  await storage?.remove(stored).catch(() => {});
  await bed?.close();
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
