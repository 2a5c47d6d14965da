import { ResumeFile } from '@careers/contracts/entities/uploaded-files';
import { applyMessages } from '@careers/contracts/messages';
import { storageKeys } from '@careers/service-kit/object-storage';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { jobForm } from '../jobs/testing.ts';
import { tinyPdf, uploadTestbed } from '../uploads/testing.ts';

const bed = uploadTestbed(testNamespace('application-resume'));

const letter = { coverLetter: 'I build event logs.' };

async function postJob(sid: string) {
  const response = await bed.call('POST', '/api/jobs', sid, jobForm);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
}

async function uploadResume(sid: string, pdf: Buffer, filename = 'Ada CV.pdf') {
  const response = await bed.uploadResume(sid, pdf, filename);
  expect(response.statusCode, response.body).toBe(200);
  const resume = ResumeFile.parse(response.json().resume);
  return { ...resume, id: resume.url.split('/').at(-1) as string };
}

describe('an application keeps the resume it was sent with', () => {
  it('copies the resume under a new id that survives the owner replacing and removing theirs', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const jobId = await postJob(grace.sid);
    const sent = tinyPdf('the resume Grace received');
    const original = await uploadResume(ada.sid, sent);

    const response = await bed.call('POST', `/api/jobs/${jobId}/apply`, ada.sid, letter);
    expect(response.statusCode, response.body).toBe(201);
    const applicationId = response.json().data._id as string;
    const [submitted] = await bed.eventsOf(applicationId);
    const copy = (submitted?.data.resume ?? null) as { resumeId: string } | null;
    expect(submitted?.data.resume).toEqual({
      resumeId: expect.any(String),
      filename: 'Ada-CV.pdf',
      size: sent.length,
    });
    expect(copy?.resumeId).not.toBe(original.id);
    const copyId = copy?.resumeId as string;
    expect(
      await bed.query('SELECT resume_id FROM {schema}.applications WHERE id = $1', [applicationId]),
    ).toEqual([{ resume_id: copyId }]);
    expect((await bed.read(storageKeys.resume(copyId))).equals(sent)).toBe(true);

    // The owner replaces theirs, then removes it: the application's copy stays, byte for byte.
    const replacement = await uploadResume(ada.sid, tinyPdf('a newer resume'));
    expect(await bed.storage.stat(storageKeys.resume(original.id))).toBeNull();
    expect((await bed.call('DELETE', '/api/users/resume', ada.sid)).statusCode).toBe(200);
    expect(await bed.storage.stat(storageKeys.resume(replacement.id))).toBeNull();
    expect((await bed.read(storageKeys.resume(copyId))).equals(sent)).toBe(true);
  });

  it('leaves no copy behind when the apply is refused', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const jobId = await postJob(grace.sid);
    await uploadResume(ada.sid, tinyPdf());
    expect((await bed.call('POST', `/api/jobs/${jobId}/apply`, ada.sid, letter)).statusCode).toBe(201);
    const before = await bed.keys('resumes/');

    const again = await bed.call('POST', `/api/jobs/${jobId}/apply`, ada.sid, letter);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: applyMessages.alreadyApplied });
    const ownJob = await bed.call('POST', `/api/jobs/${await postJob(ada.sid)}/apply`, ada.sid, letter);
    expect(ownJob.statusCode).toBe(400);
    expect(await bed.keys('resumes/')).toEqual(before);
  });

  it('fails the apply cleanly when the resume cannot be copied: nothing written, nothing left', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const jobId = await postJob(grace.sid);
    const resume = await uploadResume(ada.sid, tinyPdf());
    // The object is lost while the user still has the resume on record.
    await bed.storage.remove([storageKeys.resume(resume.id)]);
    const before = await bed.keys('resumes/');

    const response = await bed.call('POST', `/api/jobs/${jobId}/apply`, ada.sid, letter);
    expect(response.statusCode).toBe(500);
    expect(await bed.query('SELECT id FROM {schema}.applications WHERE job_id = $1', [jobId])).toEqual([]);
    expect(await bed.keys('resumes/')).toEqual(before);
  });

  it('applies without a resume when the applicant has none', async () => {
    const grace = await bed.signUp('Grace');
    const ada = await bed.signUp();
    const response = await bed.call('POST', `/api/jobs/${await postJob(grace.sid)}/apply`, ada.sid, letter);
    expect(response.statusCode, response.body).toBe(201);
    const [submitted] = await bed.eventsOf(response.json().data._id);
    expect(submitted?.data.resume).toBeNull();
  });
});
