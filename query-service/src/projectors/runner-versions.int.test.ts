import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEditedData, jobPostedData } from './jobs/testing.ts';
import { jobsListVersion } from './jobs/version.ts';
import { PROJECTIONS_VERSION_KEY } from './runner.ts';
import type { RunnerBed } from './runner-testing.ts';
import { projectorTestbed, testMessages } from './testing.ts';
import { feedVersion, networkVersion, siteSearchVersion } from './version-scopes.ts';

/** The versions of the read models that the projector runner moves with what a batch changes. */

let bed: RunnerBed;
let redis: typeof bed.redis;
let runner: typeof bed.runner;

beforeAll(async () => {
  bed = await projectorTestbed('runner-versions');
  ({ redis, runner } = bed);
});
afterAll(async () => {
  await bed?.close();
});

const { message } = testMessages();

describe('read model versions', () => {
  const { event } = testMessages();
  const versions = async () => ({
    any: await redis.get(PROJECTIONS_VERSION_KEY),
    jobs: await redis.get(jobsListVersion.key),
  });
  const postId = randomUUID();
  const job = jobPostedData();

  it('moves the jobs version for a batch with a job event, and only then', async () => {
    // Given a post and a like: every read model's version moves, the jobs listing's does not.
    const before = await versions();
    await runner.applyMessages([
      message(
        event('PostCreated', postId, 1, {
          postId,
          authorId: randomUUID(),
          content: 'Hello',
          type: 'text',
          category: 'Career',
          visibility: 'public',
          tags: [],
          createdAt: new Date().toISOString(),
        }),
      ),
      message(
        event('PostLiked', postId, 2, {
          postId,
          userId: randomUUID(),
          likesCount: 1,
          likedAt: new Date().toISOString(),
        }),
      ),
    ]);
    const afterPosts = await versions();
    expect(afterPosts.any).not.toBe(before.any);
    expect(afterPosts.jobs).toBe(before.jobs);

    // When a job is posted, both move.
    await runner.applyMessages([message(event('JobPosted', job.jobId, 1, job))]);
    const afterJob = await versions();
    expect(afterJob.any).not.toBe(afterPosts.any);
    expect(afterJob.jobs).not.toBe(afterPosts.jobs);
  });

  it('moves it for an application, which the listing counts', async () => {
    const before = await versions();
    const applicationId = randomUUID();
    await runner.applyMessages([
      message(
        event('ApplicationSubmitted', applicationId, 1, {
          applicationId,
          jobId: job.jobId,
          applicantId: randomUUID(),
          employerId: job.employerId,
          coverLetter: 'Hello',
          expectedSalary: null,
          appliedAt: new Date().toISOString(),
        }),
      ),
    ]);
    expect((await versions()).jobs).not.toBe(before.jobs);
  });

  it("moves the jobs version and the site search's for an edit, and not the feed's or the network's", async () => {
    const others = async () => ({
      search: await redis.get(siteSearchVersion.key),
      feed: await redis.get(feedVersion.key),
      network: await redis.get(networkVersion.key),
    });
    const before = { ...(await versions()), ...(await others()) };
    const edit = event(
      'JobEdited',
      job.jobId,
      2,
      jobEditedData(job, new Date().toISOString(), { title: 'Edited' }),
    );
    await runner.applyMessages([message(edit)]);
    const after = { ...(await versions()), ...(await others()) };
    expect(after.jobs).not.toBe(before.jobs);
    expect(after.search).not.toBe(before.search);
    expect(after.any).not.toBe(before.any);
    expect({ feed: after.feed, network: after.network }).toEqual({
      feed: before.feed,
      network: before.network,
    });
    // Redelivered, it is skipped and moves nothing.
    expect(await runner.applyMessages([message(edit)])).toEqual({ applied: 0, skipped: 1 });
    expect({ ...(await versions()), ...(await others()) }).toEqual(after);
  });

  it('moves nothing for a redelivered job batch, which changes nothing', async () => {
    const before = await versions();
    expect(await runner.applyMessages([message(event('JobPosted', job.jobId, 1, job))])).toEqual({
      applied: 0,
      skipped: 1,
    });
    expect(await versions()).toEqual(before);
  });
});
