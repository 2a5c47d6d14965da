import type { Job } from '@careers/contracts/entities/job';
import type { User } from '@careers/contracts/entities/user';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, type FetchHandler, jsonReply, sentBodies } from '../../../testing/fake-api';
import { openSignedIn } from '../../../testing/render-app';
import { aJob, anApplication, dataReply, savedJobsUrl } from '../testing';

const UPLOADS_URL = '/api/applications/resume-uploads';
const uploadId = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

const adaWithResume: User = {
  ...ada,
  resume: {
    filename: 'Ada-CV.pdf',
    url: '/api/files/resumes/5f0e1d2c-3b4a-4958-8776-655443322110',
    size: 18342,
    uploadedAt: '2026-03-01T10:00:00.000Z',
  },
};

/** `who` opens `job` with nothing applied to or saved; `others` answers the rest (an apply succeeds). */
function openJob(job: Job, who: User, others?: FetchHandler) {
  return openSignedIn(
    `/jobs/${job._id}`,
    (method, url, init) => {
      if (method === 'GET' && url === `/api/jobs/${job._id}`) return dataReply(job);
      if (method === 'GET' && url === '/api/jobs/my/applications') return dataReply([]);
      if (method === 'GET' && url === savedJobsUrl) return dataReply([]);
      if (others) return others(method, url, init);
      if (method === 'POST' && url === `/api/jobs/${job._id}/apply`) {
        return dataReply(anApplication({ coverLetter: 'Hello' }, job), 201);
      }
      return jsonReply(404, { message: 'Not found' });
    },
    who,
  );
}

function pdf(name = 'For Navy Labs.pdf', bytes = 2048): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

function resumeGroup() {
  return within(screen.getByRole('group', { name: 'Resume' }));
}

async function openPanel(user: ReturnType<typeof openJob>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Apply Now' }));
  await user.type(screen.getByRole('textbox', { name: 'Cover Letter' }), 'Hello');
}

const submit = (user: ReturnType<typeof openJob>['user']) =>
  user.click(screen.getByRole('button', { name: 'Submit Application' }));

describe('job detail: choosing the resume to send', () => {
  it('offers the profile resume by name and sends it by default', async () => {
    const job = aJob();
    const { api, user } = openJob(job, adaWithResume);
    await openPanel(user);

    const profile = resumeGroup().getByRole('radio', { name: 'Send my profile resume (Ada-CV.pdf)' });
    expect((profile as HTMLInputElement).checked).toBe(true);
    expect(resumeGroup().getByRole('radio', { name: 'Upload a resume for this job' })).toBeTruthy();
    expect(resumeGroup().getByRole('radio', { name: 'Apply without a resume' })).toBeTruthy();
    await submit(user);

    expect(await screen.findByText('Application submitted successfully!')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([
      { applicationData: { coverLetter: 'Hello', expectedSalary: null, resume: 'profile' } },
    ]);
  });

  it('sends no resume when "Apply without a resume" is chosen', async () => {
    const job = aJob();
    const { api, user } = openJob(job, adaWithResume);
    await openPanel(user);

    await user.click(resumeGroup().getByRole('radio', { name: 'Apply without a resume' }));
    await submit(user);

    expect(await screen.findByText('Application submitted successfully!')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([
      { applicationData: { coverLetter: 'Hello', expectedSalary: null, resume: 'none' } },
    ]);
  });

  it('uploads a file for this job at once, shows it, and sends its upload id', async () => {
    const job = aJob();
    const { api, user } = openJob(job, adaWithResume, (method, url) => {
      if (method === 'POST' && url === UPLOADS_URL) {
        return dataReply({ uploadId, filename: 'For-Navy-Labs.pdf', size: 2048 }, 201);
      }
      if (method === 'POST' && url === `/api/jobs/${job._id}/apply`) {
        return dataReply(anApplication({ coverLetter: 'Hello' }, job), 201);
      }
      return jsonReply(404, { message: 'Not found' });
    });
    await openPanel(user);

    await user.click(resumeGroup().getByRole('radio', { name: 'Upload a resume for this job' }));
    await user.upload(resumeGroup().getByLabelText('Choose a PDF'), pdf());

    expect(await resumeGroup().findByText('For-Navy-Labs.pdf')).toBeTruthy();
    expect(resumeGroup().getByText('2 KB')).toBeTruthy();
    const sent = sentBodies(api, 'POST', UPLOADS_URL);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(FormData);
    expect(((sent[0] as FormData).get('resume') as File).name).toBe('For Navy Labs.pdf');
    // Another file replaces it.
    expect(resumeGroup().getByLabelText('Replace')).toBeTruthy();
    await submit(user);

    expect(await screen.findByText('Application submitted successfully!')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([
      { applicationData: { coverLetter: 'Hello', expectedSalary: null, resume: { uploadId } } },
    ]);
  });

  it("shows an upload's refusal in the server's words, and sends no apply without a file", async () => {
    const job = aJob();
    const { api, user } = openJob(job, adaWithResume, (method, url) =>
      method === 'POST' && url === UPLOADS_URL
        ? jsonReply(400, { message: 'Please upload a PDF file for resume' })
        : jsonReply(404, { message: 'Not found' }),
    );
    await openPanel(user);

    await user.click(resumeGroup().getByRole('radio', { name: 'Upload a resume for this job' }));
    await user.upload(resumeGroup().getByLabelText('Choose a PDF'), pdf('renamed.pdf'));

    expect((await resumeGroup().findByRole('alert')).textContent).toBe('Please upload a PDF file for resume');
    await submit(user);
    expect((await resumeGroup().findByRole('alert')).textContent).toBe(
      'Please upload a resume, or choose another option',
    );
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([]);
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const job = aJob();
    const { api, user } = openJob(job, adaWithResume);
    await openPanel(user);

    await user.click(resumeGroup().getByRole('radio', { name: 'Upload a resume for this job' }));
    await user.upload(resumeGroup().getByLabelText('Choose a PDF'), pdf('big.pdf', 11 * 1024 * 1024));

    expect((await resumeGroup().findByRole('alert')).textContent).toBe(
      'File size too large. Maximum size: 10MB',
    );
    expect(sentBodies(api, 'POST', UPLOADS_URL)).toEqual([]);
  });

  it('without a profile resume: says so with a link to the profile, and sends none by default', async () => {
    const job = aJob();
    const { api, user } = openJob(job, ada);
    await openPanel(user);

    expect(resumeGroup().queryByRole('radio', { name: /profile resume/ })).toBeNull();
    expect(resumeGroup().getByText(/Your profile has no resume\./)).toBeTruthy();
    expect(resumeGroup().getByRole('link', { name: 'Add one to your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    const none = resumeGroup().getByRole('radio', { name: 'Apply without a resume' }) as HTMLInputElement;
    expect(none.checked).toBe(true);
    await submit(user);

    expect(await screen.findByText('Application submitted successfully!')).toBeTruthy();
    expect(sentBodies(api, 'POST', `/api/jobs/${job._id}/apply`)).toEqual([
      { applicationData: { coverLetter: 'Hello', expectedSalary: null, resume: 'none' } },
    ]);
  });
});
