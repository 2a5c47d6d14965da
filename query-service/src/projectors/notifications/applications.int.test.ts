import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jobPostedData } from '../jobs/testing.ts';
import { notificationTesting } from './notification-testing.ts';

/** Notifications of applications: the poster of a new one, the applicant of each change, unless turned off. */

const testing = notificationTesting('notifications-applications');
const { at, next, apply, register, settings, listOf } = testing;

describe('applications', () => {
  it('tells the poster of a new application and the applicant of each change, unless applicationUpdates is off', async () => {
    const [eve, ann, ben] = [randomUUID(), randomUUID(), randomUUID()];
    await register(eve, 'Eve');
    await register(ann, 'Ann');
    await register(ben, 'Ben');
    const job = jobPostedData({
      postedAt: new Date().toISOString(),
      employerId: eve,
      title: 'Data Engineer',
      company: { name: 'Acme', industry: '', size: null, website: '' },
    });
    await apply(next('JobPosted', job.jobId, job));
    const [annApp, benApp] = [randomUUID(), randomUUID()];
    const parties = (applicationId: string, applicantId: string) => ({
      applicationId,
      jobId: job.jobId,
      applicantId,
      employerId: eve,
    });
    await apply(
      next('ApplicationSubmitted', annApp, {
        ...parties(annApp, ann),
        coverLetter: '',
        expectedSalary: null,
        appliedAt: at(10),
      }),
      next('ApplicationStatusChanged', annApp, {
        ...parties(annApp, ann),
        from: 'pending',
        to: 'interview',
        changedAt: at(11),
      }),
    );
    const eves = await listOf(eve);
    expect(eves.data).toHaveLength(1);
    expect(eves.data[0]).toMatchObject({
      kind: 'new_application',
      actors: [{ _id: ann, firstName: 'Ann' }],
      target: { type: 'job_applicants', jobId: job.jobId },
      jobTitle: 'Data Engineer',
      company: 'Acme',
    });
    const anns = await listOf(ann);
    expect(anns.data[0]).toMatchObject({
      kind: 'application_status',
      status: 'interview',
      jobTitle: 'Data Engineer',
      target: { type: 'application', applicationId: annApp, jobId: job.jobId },
    });

    await apply(settings(ben, { applicationUpdates: false }), settings(eve, { applicationUpdates: false }));
    await apply(
      next('ApplicationSubmitted', benApp, {
        ...parties(benApp, ben),
        coverLetter: '',
        expectedSalary: null,
        appliedAt: new Date().toISOString(),
      }),
      next('ApplicationStatusChanged', benApp, {
        ...parties(benApp, ben),
        from: 'pending',
        to: 'rejected',
        changedAt: new Date().toISOString(),
      }),
    );
    expect((await listOf(eve)).data).toHaveLength(1);
    expect((await listOf(ben)).data).toEqual([]);
  });
});
