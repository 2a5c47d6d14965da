import type { CompanyPage } from '@careers/contracts/entities/company';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, jsonReply, stubSession } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { aJob, aSavedJob, dataReply, savedJobsUrl } from '../../jobs/testing';

const page: CompanyPage = {
  slug: 'grace-labs',
  name: 'Grace Labs',
  industry: 'Software',
  size: '11-50',
  website: 'https://grace.example',
  openJobs: 1,
  jobs: [aJob({ title: 'Compiler Engineer' })],
};

describe('a company page (beyond the spec)', () => {
  it('shows the company details and its open jobs, each opening its job', async () => {
    stubSession(ada, (method, url) =>
      method === 'GET' && url === '/api/companies/grace-labs'
        ? jsonReply(200, { data: page })
        : method === 'GET' && url === savedJobsUrl
          ? dataReply([aSavedJob(page.jobs[0])])
          : jsonReply(404, { message: 'Not found' }),
    );
    renderApp('/companies/grace-labs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Labs' })).toBeTruthy();
    expect(screen.getByText('Software')).toBeTruthy();
    expect(screen.getByText('11-50 employees')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://grace.example' }).getAttribute('rel')).toContain(
      'noopener',
    );
    expect(screen.getByRole('heading', { level: 2, name: '1 open job' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compiler Engineer' }).getAttribute('href')).toBe(
      `/jobs/${page.jobs[0]?._id}`,
    );
    // Each card has the Save toggle, pressed for a job on the reader's saved list.
    const toggle = screen.getByRole('button', { name: 'Save job' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when no job names the company', async () => {
    stubSession(ada, () => jsonReply(404, { message: 'Company not found' }));
    renderApp('/companies/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeTruthy();
  });
});
