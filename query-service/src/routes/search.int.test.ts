import { randomUUID } from 'node:crypto';
import { SiteSearchResults } from '@careers/contracts/api/search-routes';
import { CompanyPage, companySlug } from '@careers/contracts/entities/company';
import { domainEvents } from '@careers/contracts/events/catalogue';
import { companyMessages, queryMessages } from '@careers/contracts/messages';
import { SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostedData } from '../projectors/jobs/testing.ts';
import { queryAppTestbed } from './testing.ts';

let bed: Awaited<ReturnType<typeof queryAppTestbed>>;
let reader: { id: string; sid: string };
// Words of this run only: other files' people and jobs share nothing with them.
const tag = randomUUID().replace(/-/g, '').replace(/\d/g, '').slice(0, 8);
const company = (name: string) => ({
  name,
  industry: 'Software',
  size: '51-200' as const,
  website: 'https://example.com',
});

beforeAll(async () => {
  bed = await queryAppTestbed('search-routes');
  reader = await bed.signedIn('Reader');
});
afterAll(async () => {
  await bed?.close();
});

const get = (url: string) =>
  bed.app.inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=${reader.sid}` } });

let minute = 0;
const posted = (overrides: Parameters<typeof jobPostedData>[0]) => {
  const data = jobPostedData({
    postedAt: new Date(Date.UTC(2026, 4, 1, 9, minute++)).toISOString(),
    ...overrides,
  });
  return { data, event: bed.event('JobPosted', data.jobId, 1, data) };
};

describe('GET /api/search', () => {
  it('finds people, companies and jobs by the start of a word, at most limit of each', async () => {
    const ada = await bed.signedIn('Ada');
    await bed.project([
      bed.event('ProfileUpdated', ada.id, 2, {
        ...domainEvents.ProfileUpdated.example,
        userId: ada.id,
        firstName: `${tag}ada`,
        lastName: 'Lovelace',
        jobTitle: 'Analyst',
      }),
    ]);
    const jobs = [
      posted({ title: `${tag}ada Engineer`, company: company(`${tag}ada Works`) }),
      posted({ title: 'Designer', company: company(`${tag}ada Works`) }),
      posted({ title: 'Writer', company: company(`${tag}adam & Sons`) }),
      posted({ title: 'Unrelated', company: company('Other Co') }),
    ];
    await bed.project(jobs.map((j) => j.event));

    const response = await get(`/api/search?q=${tag}ad&limit=5`);
    expect(response.statusCode, response.body).toBe(200);
    const results = SiteSearchResults.parse(response.json().data);
    expect(results.people.map((p) => p._id)).toEqual([ada.id]);
    // Two companies: "Works" has two open jobs, so it comes first; a company counts once.
    expect(results.companies.map((c) => [c.slug, c.openJobs])).toEqual([
      [`${tag}ada-works`, 2],
      [`${tag}adam-sons`, 1],
    ]);
    expect(results.companies[0]).toMatchObject({
      name: `${tag}ada Works`,
      industry: 'Software',
      size: '51-200',
    });
    // Jobs are found as GET /api/jobs finds them: by title, skills or company name.
    expect(results.jobs.map((j) => j._id).sort()).toEqual(
      jobs
        .slice(0, 3)
        .map((j) => j.data.jobId)
        .sort(),
    );
    expect(results.totalJobs).toBe(3);

    const one = SiteSearchResults.parse((await get(`/api/search?q=${tag}ad&limit=1`)).json().data);
    expect([one.people.length, one.companies.length, one.jobs.length, one.totalJobs]).toEqual([1, 1, 1, 3]);
  });

  it('as a typeahead, offers jobs by title alone, newest first, and does not count them', async () => {
    const word = `${tag}typ`;
    const older = posted({ title: `${word}ist Writer` });
    const newer = posted({ title: `Senior ${word}ographer` });
    // The word in the company name alone: the list's search finds it, the typeahead does not.
    const byCompany = posted({ title: 'Editor', company: company(`${word}ist Press`) });
    await bed.project([older.event, newer.event, byCompany.event]);

    const typeahead = SiteSearchResults.parse(
      (await get(`/api/search?q=${word}&kind=typeahead`)).json().data,
    );
    expect(typeahead.jobs.map((j) => j._id)).toEqual([newer.data.jobId, older.data.jobId]);
    expect(typeahead.totalJobs).toBeNull();
    const page = SiteSearchResults.parse((await get(`/api/search?q=${word}&kind=page`)).json().data);
    expect(page.totalJobs).toBe(3);
    expect((await get(`/api/search?q=${word}&kind=everything`)).statusCode).toBe(400);
  });

  it('answers nothing for a text without words, and 400 for a bad limit', async () => {
    const empty = await get('/api/search?q=%20-%20');
    expect(empty.json()).toEqual({ data: { people: [], companies: [], jobs: [], totalJobs: 0 } });
    expect((await get('/api/search?q=a&limit=0')).statusCode).toBe(400);
    const tooMany = await get('/api/search?q=a&limit=21');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: queryMessages.limitOutOf(20) });
  });

  it('needs a session', async () => {
    expect((await bed.app.inject({ method: 'GET', url: '/api/search?q=a' })).statusCode).toBe(401);
  });
});

describe('GET /api/companies/:slug', () => {
  it("shows the newest job's company details and the open jobs, newest first; found by slug or name", async () => {
    const name = `${tag} Beta GmbH`;
    const closed = posted({ title: 'Closed', company: company(name) });
    const older = posted({ title: 'Older', company: { ...company(name), industry: 'Old industry' } });
    const newer = posted({
      title: 'Newer',
      company: { ...company(name.toUpperCase()), website: 'https://beta.example' },
    });
    await bed.project([older.event, newer.event, closed.event]);
    await bed.project([
      bed.event('JobClosed', closed.data.jobId, 2, {
        jobId: closed.data.jobId,
        employerId: closed.data.employerId,
        closedAt: new Date(Date.UTC(2026, 4, 2)).toISOString(),
      }),
    ]);
    const slug = companySlug(name);
    expect(slug).toBe(`${tag}-beta-gmbh`);

    const response = await get(`/api/companies/${slug}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = CompanyPage.parse(response.json().data);
    expect(page).toMatchObject({
      slug,
      name: name.toUpperCase(),
      website: 'https://beta.example',
      openJobs: 2,
    });
    expect(page.jobs.map((j) => j.title)).toEqual(['Newer', 'Older']);

    const byName = await get(`/api/companies/${encodeURIComponent(name)}`);
    expect(byName.json().data.slug).toBe(slug);
  });

  it('is 404 with its message for a company no job names', async () => {
    const response = await get(`/api/companies/${tag}-nobody`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: companyMessages.companyNotFound });
  });
});
