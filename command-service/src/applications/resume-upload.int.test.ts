import { ApplicationResumeUpload } from '@careers/contracts/entities/uploaded-files';
import { applyMessages, profileMessages } from '@careers/contracts/messages';
import { storageKeys } from '@careers/service-kit/object-storage';
import { testNamespace } from '@careers/service-kit/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jobForm } from '../jobs/testing.ts';
import { pdfOfSize, tinyPdf, uploadTestbed } from '../uploads/testing.ts';

const bed = uploadTestbed(testNamespace('application-resume-upload'));

const UPLOADS_URL = '/api/applications/resume-uploads';
const MEGABYTE = 1024 * 1024;

async function postJob(sid: string) {
  const response = await bed.call('POST', '/api/jobs', sid, jobForm);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
}

function uploadForApplication(sid: string, content: Buffer, filename = 'CV for Acme.pdf', headers = {}) {
  return bed.upload(
    UPLOADS_URL,
    sid,
    { field: 'resume', filename, contentType: 'application/pdf', content },
    { headers },
  );
}

async function staged(sid: string, content = tinyPdf('for this job only'), filename?: string) {
  const response = await uploadForApplication(sid, content, filename);
  expect(response.statusCode, response.body).toBe(201);
  return ApplicationResumeUpload.parse(response.json().data);
}

function apply(sid: string, jobId: string, resume: unknown) {
  return bed.call('POST', `/api/jobs/${jobId}/apply`, sid, {
    applicationData: { coverLetter: 'I build event logs.', resume },
  });
}

async function submittedResume(applicationId: string) {
  const [submitted] = await bed.eventsOf(applicationId);
  expect(submitted?.type).toBe('ApplicationSubmitted');
  return submitted?.data.resume;
}

const stagedRows = (uploadId: string) =>
  bed.query('SELECT owner_id FROM {schema}.application_resume_uploads WHERE upload_id = $1', [uploadId]);
const applicationsOf = (jobId: string) =>
  bed.query<{ resume_id: string | null }>('SELECT resume_id FROM {schema}.applications WHERE job_id = $1', [
    jobId,
  ]);
const logLength = async () =>
  (await bed.query<{ n: number }>('SELECT count(*)::int AS n FROM {schema}.event_log'))[0]?.n;

describe('POST /applications/resume-uploads', () => {
  it('stores the PDF where resumes go and stages it for its uploader, recording no event', async () => {
    const ada = await bed.signUp();
    const pdf = tinyPdf('for this job only');
    const before = await logLength();

    const upload = await staged(ada.sid, pdf, 'CV for Acme.pdf');

    expect(upload).toEqual({ uploadId: expect.any(String), filename: 'CV-for-Acme.pdf', size: pdf.length });
    expect((await bed.read(storageKeys.resume(upload.uploadId))).equals(pdf)).toBe(true);
    expect(await stagedRows(upload.uploadId)).toEqual([{ owner_id: ada.id }]);
    expect(await logLength()).toBe(before);
    // The profile has no resume for it: it is the application's to send, not the profile's.
    const me = await bed.query('SELECT resume_id FROM {schema}.users WHERE id = $1', [ada.id]);
    expect(me).toEqual([{ resume_id: null }]);
  });

  it("refuses a file that is not a PDF by its bytes, with the profile resume's words, storing nothing", async () => {
    const ada = await bed.signUp();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const before = await bed.keys('resumes/');

    const response = await uploadForApplication(ada.sid, png, 'cv.pdf');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: profileMessages.resumeNotPdf });
    expect(await bed.keys('resumes/')).toEqual(before);
    expect(
      await bed.query('SELECT * FROM {schema}.application_resume_uploads WHERE owner_id = $1', [ada.id]),
    ).toEqual([]);
  });

  it('refuses a PDF over 10 MB, storing nothing', async () => {
    const ada = await bed.signUp();
    const before = await bed.keys('resumes/');

    const response = await uploadForApplication(ada.sid, pdfOfSize(12 * MEGABYTE));

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: profileMessages.fileTooLarge(10 * MEGABYTE) });
    expect(await bed.keys('resumes/')).toEqual(before);
    expect(
      await bed.query('SELECT * FROM {schema}.application_resume_uploads WHERE owner_id = $1', [ada.id]),
    ).toEqual([]);
  });

  it('answers a repeat with the same Idempotency-Key with the same upload, staged once', async () => {
    const ada = await bed.signUp();
    const headers = { 'idempotency-key': `upload-${ada.id}` };
    const first = await uploadForApplication(ada.sid, tinyPdf(), 'cv.pdf', headers);
    const again = await uploadForApplication(ada.sid, tinyPdf(), 'cv.pdf', headers);

    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(
      await bed.query('SELECT upload_id FROM {schema}.application_resume_uploads WHERE owner_id = $1', [
        ada.id,
      ]),
    ).toEqual([{ upload_id: first.json().data.uploadId }]);
  });
});

describe('an account deleted with an upload waiting', () => {
  it('takes its staged rows with it (their objects are orphans then, for the sweeper)', async () => {
    const ada = await bed.signUp();
    const upload = await staged(ada.sid);

    const deleted = await bed.call('DELETE', '/api/auth/account', ada.sid, { password: 'engine-1843' });

    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await stagedRows(upload.uploadId)).toEqual([]);
  });
});

describe("applying with the resume of one's choice", () => {
  it("sends the upload itself: its id becomes the application's resume, and it is used up", async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const jobId = await postJob(grace.sid);
    expect((await bed.uploadResume(ada.sid, tinyPdf('the profile one'))).statusCode).toBe(200);
    const pdf = tinyPdf('for Grace only');
    const upload = await staged(ada.sid, pdf);
    const keysBefore = await bed.keys('resumes/');

    const response = await apply(ada.sid, jobId, { uploadId: upload.uploadId });

    expect(response.statusCode, response.body).toBe(201);
    expect(await submittedResume(response.json().data._id)).toEqual({
      resumeId: upload.uploadId,
      filename: upload.filename,
      size: pdf.length,
    });
    expect(await applicationsOf(jobId)).toEqual([{ resume_id: upload.uploadId }]);
    expect(await stagedRows(upload.uploadId)).toEqual([]);
    // No copy: the object stays where it was uploaded, byte for byte.
    expect(await bed.keys('resumes/')).toEqual(keysBefore);
    expect((await bed.read(storageKeys.resume(upload.uploadId))).equals(pdf)).toBe(true);
  });

  it("sends no resume with 'none', even when the profile has one", async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const jobId = await postJob(grace.sid);
    expect((await bed.uploadResume(ada.sid, tinyPdf())).statusCode).toBe(200);
    const keysBefore = await bed.keys('resumes/');

    const response = await apply(ada.sid, jobId, 'none');

    expect(response.statusCode, response.body).toBe(201);
    expect(await submittedResume(response.json().data._id)).toBeNull();
    expect(await applicationsOf(jobId)).toEqual([{ resume_id: null }]);
    expect(await bed.keys('resumes/')).toEqual(keysBefore);
  });

  it("sends a copy of the profile resume with 'profile', and none when the profile has none", async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const bob = await bed.signUp('Bob');
    const jobId = await postJob(grace.sid);
    const pdf = tinyPdf('the profile one');
    expect((await bed.uploadResume(ada.sid, pdf, 'profile.pdf')).statusCode).toBe(200);

    const withProfile = await apply(ada.sid, jobId, 'profile');
    expect(withProfile.statusCode, withProfile.body).toBe(201);
    expect(await submittedResume(withProfile.json().data._id)).toEqual({
      resumeId: expect.any(String),
      filename: 'profile.pdf',
      size: pdf.length,
    });

    const without = await apply(bob.sid, jobId, 'profile');
    expect(without.statusCode, without.body).toBe(201);
    expect(await submittedResume(without.json().data._id)).toBeNull();
  });

  it.each([
    ["someone else's upload", 'foreign'],
    ['an upload never made', 'unknown'],
  ])('refuses %s with 400, writing nothing', async (_title, kind) => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const bob = await bed.signUp('Bob');
    const jobId = await postJob(grace.sid);
    const bobs = await staged(bob.sid);
    const uploadId = kind === 'foreign' ? bobs.uploadId : '0b9f1c52-6a55-4a8e-9d43-2f0a4c1e7a10';
    const before = await logLength();
    const keysBefore = await bed.keys('resumes/');

    const response = await apply(ada.sid, jobId, { uploadId });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: applyMessages.resumeUploadNotFound });
    expect(await logLength()).toBe(before);
    expect(await applicationsOf(jobId)).toEqual([]);
    expect(await bed.keys('resumes/')).toEqual(keysBefore);
    // Bob's upload is still his to send.
    expect(await stagedRows(bobs.uploadId)).toEqual([{ owner_id: bob.id }]);
  });

  it('refuses an upload already sent with another application, writing nothing', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const first = await postJob(grace.sid);
    const second = await postJob(grace.sid);
    const upload = await staged(ada.sid);
    expect((await apply(ada.sid, first, { uploadId: upload.uploadId })).statusCode).toBe(201);
    const before = await logLength();

    const again = await apply(ada.sid, second, { uploadId: upload.uploadId });

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: applyMessages.resumeUploadNotFound });
    expect(await logLength()).toBe(before);
    expect(await applicationsOf(second)).toEqual([]);
    expect(await applicationsOf(first)).toEqual([{ resume_id: upload.uploadId }]);
  });

  it('keeps the upload for another try when the apply is refused for another reason', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const jobId = await postJob(grace.sid);
    expect((await apply(ada.sid, jobId, 'none')).statusCode).toBe(201);
    const upload = await staged(ada.sid);

    const again = await apply(ada.sid, jobId, { uploadId: upload.uploadId });

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: applyMessages.alreadyApplied });
    expect(await stagedRows(upload.uploadId)).toEqual([{ owner_id: ada.id }]);
    expect(await bed.storage.stat(storageKeys.resume(upload.uploadId))).not.toBeNull();
  });

  it('lets one of two applies naming the same upload at once have it; the other is refused', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const jobs = [await postJob(grace.sid), await postJob(grace.sid)];
    const upload = await staged(ada.sid);

    const answers = await Promise.all(
      jobs.map((jobId) => apply(ada.sid, jobId, { uploadId: upload.uploadId })),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json()).toEqual({ message: applyMessages.resumeUploadNotFound });
    const holders = await bed.query('SELECT job_id FROM {schema}.applications WHERE resume_id = $1', [
      upload.uploadId,
    ]);
    expect(holders).toHaveLength(1);
    expect(await applicationsOf(jobs.find((_, i) => answers[i]?.statusCode === 400) as string)).toEqual([]);
    expect(await stagedRows(upload.uploadId)).toEqual([]);
  });
});
