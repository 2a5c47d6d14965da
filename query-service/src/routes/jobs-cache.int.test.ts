import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { SESSION_COOKIE } from '@careers/service-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobEditedData, jobPostedData } from '../projectors/jobs/testing.ts';
import { POSTED_WITHIN_MAX_AGE_MS } from './jobs.ts';
import { type JobsBed, jobsFixtures } from './jobs-testing.ts';
import { queryAppTestbed } from './testing.ts';

/**
 * The job list cache of the job query routes: which reads it serves, and which events retire them.
 */

let bed: JobsBed;
beforeAll(async () => {
  bed = await queryAppTestbed('job-list-cache');
});
afterAll(async () => {
  await bed?.close();
});
const { event, later, signedIn, project, applied } = jobsFixtures(() => bed);

describe('the job list cache', () => {
  async function search(who: { sid: string }, url: string, headers: Record<string, string> = {}) {
    const response = await bed.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${SESSION_COOKIE}=${who.sid}`, ...headers },
    });
    return { cache: response.headers['x-read-cache'], body: response.body };
  }
  const titles = (body: string) => (JSON.parse(body).data as { title: string }[]).map((job) => job.title);
  const url = '/api/jobs?search=quokka';

  it('serves a repeated search to every reader until a job event, and not after a like', async () => {
    // Signing in projects a registration, which names posters in the list: done before the first read.
    const [poster, ann, ben, fan] = await Promise.all([
      signedIn('Poster'),
      signedIn('Ann'),
      signedIn('Ben'),
      signedIn('Fan'),
    ]);
    const first = jobPostedData({ employerId: poster.id, title: 'Quokka Keeper', postedAt: later() });
    await project([event('JobPosted', first.jobId, 1, first)]);

    const cold = await search(ann, url);
    expect(cold.cache).toBe('miss');
    expect(titles(cold.body)).toEqual(['Quokka Keeper']);
    expect(await search(ann, url)).toEqual({ cache: 'hit', body: cold.body });
    // No part of the reply depends on its reader, so they share the entry.
    expect(await search(ben, url)).toEqual({ cache: 'hit', body: cold.body });

    // A post, a like and a comment change other read models only.
    const postId = randomUUID();
    await project([
      event('PostCreated', postId, 1, {
        postId,
        authorId: fan.id,
        content: 'Hello',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        tags: [],
        createdAt: later(),
      }),
      event('PostLiked', postId, 2, { postId, userId: ann.id, likesCount: 1, likedAt: later() }),
      event('CommentAdded', postId, 3, {
        postId,
        commentId: randomUUID(),
        authorId: ann.id,
        content: 'Congrats',
        commentsCount: 1,
        createdAt: later(),
      }),
    ]);
    expect(await search(ann, url)).toEqual({ cache: 'hit', body: cold.body });

    // A new job does: the next search reads it.
    const second = jobPostedData({ employerId: poster.id, title: 'Quokka Photographer', postedAt: later() });
    await project([event('JobPosted', second.jobId, 1, second)]);
    const fresh = await search(ben, url);
    expect(fresh.cache).toBe('miss');
    expect(titles(fresh.body)).toEqual(['Quokka Photographer', 'Quokka Keeper']);
    expect((await search(ann, url)).cache).toBe('hit');

    // So does an application, which the list shows among the job's applications.
    const applicationId = randomUUID();
    await project([applied(applicationId, second.jobId, ann.id, poster.id)]);
    const counted = await search(ben, url);
    expect(counted.cache).toBe('miss');
    expect(JSON.parse(counted.body).data[0].applications).toEqual([{}]);
    expect(counted.body).not.toContain(applicationId);
  });

  it('keeps each filter and order apart, and serves a date-posted list a minute at most', async () => {
    const [poster, ann] = await Promise.all([signedIn('Poster'), signedIn('Ann')]);
    const job = jobPostedData({
      employerId: poster.id,
      title: 'Wombat Keeper',
      salary: { min: 50_000, max: 70_000, currency: 'USD' },
      postedAt: new Date().toISOString(),
    });
    await project([event('JobPosted', job.jobId, 1, job)]);
    const wombats = '/api/jobs?search=wombat';
    expect(titles((await search(ann, wombats)).body)).toEqual(['Wombat Keeper']);
    for (const [query, expected] of [
      ['&minSalary=70001', []],
      ['&minSalary=70000', ['Wombat Keeper']],
      ['&postedWithin=1', ['Wombat Keeper']],
      ['&sort=salary', ['Wombat Keeper']],
      ['&sort=newest&minSalary=80000', []],
    ] as const) {
      const first = await search(ann, `${wombats}${query}`);
      expect(first.cache, query).toBe('miss');
      expect(titles(first.body), query).toEqual(expected);
      expect((await search(ann, `${wombats}${query}`)).cache, query).toBe('hit');
    }
    // A minute on, the date-posted list is read again (a job may have aged out of its days, with no
    // event to say so); the others are still served.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + POSTED_WITHIN_MAX_AGE_MS + 1000);
    try {
      expect((await search(ann, `${wombats}&postedWithin=1`)).cache).toBe('miss');
      expect((await search(ann, `${wombats}&minSalary=70000`)).cache).toBe('hit');
    } finally {
      clock.mockRestore();
    }
  });

  it('retires the cached lists and site search when a job is edited', async () => {
    const [poster, ann] = await Promise.all([signedIn('Poster'), signedIn('Ann')]);
    const job = jobPostedData({ employerId: poster.id, title: 'Wallaby Walker', postedAt: later() });
    await project([event('JobPosted', job.jobId, 1, job)]);
    const wallabies = '/api/jobs?search=wallaby';
    const typeahead = '/api/search?q=wallaby&kind=typeahead';
    for (const url of [wallabies, typeahead]) await search(ann, url);
    expect((await search(ann, wallabies)).cache).toBe('hit');
    expect((await search(ann, typeahead)).cache).toBe('hit');

    await project([
      event(
        'JobEdited',
        job.jobId,
        2,
        jobEditedData(job, later(), { title: 'Wombat Walker', jobType: 'Contract' }),
      ),
    ]);
    const list = await search(ann, wallabies);
    expect(list.cache).toBe('miss');
    expect(titles(list.body)).toEqual([]);
    const found = await search(ann, typeahead);
    expect(found.cache).toBe('miss');
    expect(JSON.parse(found.body).data.jobs).toEqual([]);
    expect(titles((await search(ann, '/api/jobs?search=wombat%20walker')).body)).toEqual(['Wombat Walker']);
  });

  it('does not serve a request that waited for a consistency token from the cache', async () => {
    const ann = await signedIn('Ann');
    await search(ann, url);
    expect((await search(ann, url)).cache).toBe('hit');
    // The token names a stream already projected (Ann's registration), so the wait is immediate.
    expect((await search(ann, url, { [CONSISTENCY_HEADER]: `${ann.id}@1` })).cache).toBe('miss');
  });
});
