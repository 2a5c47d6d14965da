import { randomBytes, randomUUID } from 'node:crypto';
import type { PictureSize } from '@careers/contracts/api/file-routes';
import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { profileMessages } from '@careers/contracts/messages';
import { SESSION_COOKIE } from '@careers/service-kit';
import { storageKeys } from '@careers/service-kit/object-storage';
import { jobPostedData } from '../projectors/jobs/testing.ts';
import { testMessages } from '../projectors/testing.ts';
import type { queryAppTestbed } from './testing.ts';

/**
 * People, pictures, resumes and applications for the file route tests. Objects are put straight into
 * the bucket under the command-service's layout, as if uploaded; the events that name them are applied
 * through the runner.
 */

export type FilesBed = Awaited<ReturnType<typeof queryAppTestbed>>;

export const pictureMissing = { message: profileMessages.notAvailableForDownload('profilePicture') };
export const resumeMissing = { message: profileMessages.notAvailableForDownload('resume') };

export interface Person {
  id: string;
  sid: string;
  /** The next version of this person's user stream. */
  version: number;
}

export const json = (response: { body: Buffer }) => JSON.parse(response.body.toString('utf8'));

const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096), Buffer.from('\n%%EOF\n')]);

/**
 * The helpers over the testbed `bed()` gives once it is opened (in `beforeAll`); `stored` lists the
 * keys they put in the bucket, for the file to remove after its tests.
 */
export function fileFixtures(bed: () => FilesBed) {
  const stored: string[] = [];
  const { event } = testMessages();

  async function signedIn(firstName: string): Promise<Person> {
    return { ...(await bed().signedIn(firstName)), version: 2 };
  }

  const project = (events: EventEnvelope[]) => bed().project(events);

  async function store(key: string, bytes: Buffer) {
    await bed().storage.putBuffer(key, bytes, key.endsWith('.pdf') ? 'application/pdf' : 'image/webp');
    stored.push(key);
  }

  async function get(who: Person | null, url: string, headers: Record<string, string> = {}) {
    const response = await bed().app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(who ? { cookie: `${SESSION_COOKIE}=${who.sid}` } : {}) },
    });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
  }

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

  return { stored, event, signedIn, project, store, get, uploadPicture, uploadResume, applyWithResume };
}
