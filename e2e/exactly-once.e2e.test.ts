/**
 * Every intent lands once, in Chromium: a person double-clicks Post, Comment, Submit Application and
 * Connect, and each makes one post, one comment, one application and one request, with the success
 * the screen gives for it. The browser's requests are counted beside what the server kept: a second
 * click may or may not send (the screens send one try per intent), but whatever is sent carries the
 * intent's Idempotency-Key, and the server keeps one of each.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import {
  at,
  callFromPage,
  closeVisitors,
  openVisitor,
  registerWithSkill,
  until,
  type Visitor,
  visible,
  WAIT,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

/** The keys of the commands `page` sends to paths matching `path`, in order. */
function keysSent(page: Page, path: RegExp): (string | null)[] {
  const keys: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && path.test(new URL(request.url()).pathname)) {
      keys.push(request.headers()['idempotency-key'] ?? null);
    }
  });
  return keys;
}

function expectOneIntent(keys: (string | null)[], what: string): void {
  expect(keys.length, `${what}: requests sent`).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size, `${what}: one key for every try`).toBe(1);
  expect(keys[0], `${what}: a key`).toMatch(/^[0-9a-f]{32}$/);
}

describe('a double click lands once: post, comment, application, connection request', () => {
  const run = randomUUID().slice(0, 8);
  const skill = `Once-${run}`;
  let browser: Browser;
  let poster: Visitor;
  let seeker: Visitor;
  let jobId = '';
  let postId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    poster = await openVisitor(browser, 'Barbara', 'Liskov');
    seeker = await openVisitor(browser, 'Edsger', 'Dijkstra');
    await registerWithSkill([poster, seeker], 'exactly-once-password', skill);
    const job = await callFromPage(poster.page, 'POST', '/api/jobs', {
      title: `Verifier ${run}`,
      description: 'Prove programs correct.',
      requirements: [],
      jobType: 'Full-time',
      workLocation: 'Remote',
      experienceLevel: 'Senior Level',
      category: 'Technology',
      skills: [{ name: skill, required: true, proficiency: 'Expert' }],
      benefits: [],
      company: { name: 'Once Labs', industry: '', size: null, website: '' },
      location: { city: 'Austin', state: 'TX', country: 'USA' },
      salary: { min: 90000, max: 120000, currency: 'USD' },
      applicationDeadline: null,
    });
    expect(job.status, 'POST /api/jobs').toBe(201);
    jobId = String((job.body.data as { _id: string })._id);
  }, 60_000);
  afterAll(() => closeVisitors(browser, { 'exactly-once-poster': poster, 'exactly-once-seeker': seeker }));

  it('Post, double-clicked: one post, first in the feed, and the composer cleared', async () => {
    const { page } = seeker;
    const content = `Double-clicked post ${run}`;
    await page.goto(`${WEB_URL}/feed`);
    await visible(page.getByRole('heading', { name: 'Feed', exact: true, level: 1 }), 'the feed');
    const composer = page.getByRole('textbox', { name: "What's on your mind?" });
    await composer.fill(content);
    const keys = keysSent(page, /^\/api\/posts$/);
    await page.getByRole('button', { name: 'Post', exact: true }).dblclick();

    await visible(page.getByRole('article').filter({ hasText: content }), 'the new post');
    await until('the composer to clear', async () => (await composer.inputValue()) === '');
    // Read without the page's consistency tokens: once the read side has the post.
    let posts: { _id: string }[] = [];
    await until('the post on the read side', async () => {
      const mine = await callFromPage(page, 'GET', '/api/posts/my/posts');
      posts = ((mine.body.data ?? []) as { _id: string; content: string }[]).filter(
        (p) => p.content === content,
      );
      return posts.length > 0;
    });
    expect(posts, 'posts with that text').toHaveLength(1);
    postId = posts[0]?._id ?? '';
    expect(await page.getByRole('article').filter({ hasText: content }).count(), 'cards of it').toBe(1);
    expectOneIntent(keys, 'Post');
  });

  it('Comment, double-clicked: one comment under the post, counted once', async () => {
    const { page } = seeker;
    const card = page.getByRole('article').filter({ hasText: `Double-clicked post ${run}` });
    await card.getByRole('button', { name: /^Comments, \d+$/ }).click();
    const comment = `Double-clicked comment ${run}`;
    await card.getByRole('textbox', { name: 'Write a comment', exact: true }).fill(comment);
    const keys = keysSent(page, /^\/api\/posts\/[^/]+\/comments$/);
    await card.getByRole('button', { name: 'Comment', exact: true }).dblclick();

    await visible(
      card.getByRole('list', { name: 'Comments', exact: true }).getByText(comment),
      'the comment',
    );
    let data = { commentsCount: 0, comments: [] as { content: string }[] };
    await until('the comment on the read side', async () => {
      const post = await callFromPage(page, 'GET', `/api/posts/${postId}`);
      data = (post.body.data as typeof data | undefined) ?? data;
      return data.commentsCount > 0;
    });
    expect(
      data.comments.filter((c) => c.content === comment),
      'comments with that text',
    ).toHaveLength(1);
    expect(data.commentsCount).toBe(1);
    expect(await card.getByText(comment, { exact: true }).count(), 'shown once').toBe(1);
    expectOneIntent(keys, 'Comment');
  });

  it('Submit Application, double-clicked: the success message, and one application', async () => {
    const { page } = seeker;
    await page.goto(`${WEB_URL}/jobs/${jobId}`);
    await at(page, `/jobs/${jobId}`);
    await page.getByRole('button', { name: 'Apply Now', exact: true }).click();
    await page
      .getByLabel('Cover Letter', { exact: true })
      .fill('Simplicity is prerequisite for reliability.');
    const keys = keysSent(page, /^\/api\/jobs\/[^/]+\/apply$/);
    await page.getByRole('button', { name: 'Submit Application', exact: true }).dblclick();

    await visible(
      page.getByText('Application submitted successfully!', { exact: true }),
      'the success message',
    );
    // Read without the page's consistency tokens: once the read side has the application.
    let applications: unknown[] = [];
    await until('the application on the read side', async () => {
      const mine = await callFromPage(page, 'GET', '/api/jobs/my/applications');
      applications = (mine.body.data as { job: { _id: string } }[]).filter((a) => a.job._id === jobId);
      return applications.length > 0;
    });
    expect(applications, 'applications to the job').toHaveLength(1);
    expectOneIntent(keys, 'Submit Application');
  });

  it('Connect, double-clicked: "Connection request sent", and one request waiting for the other', async () => {
    const { page } = seeker;
    await page.goto(`${WEB_URL}/connections?tab=suggested`);
    const name = `${poster.first} ${poster.last}`;
    const suggestion = page.getByRole('tabpanel').getByRole('article', { name, exact: true });
    await visible(suggestion, `${name} among the suggestions`);
    const keys = keysSent(page, /^\/api\/users\/[^/]+\/connect$/);
    await suggestion.getByRole('button', { name: 'Connect', exact: true }).dblclick();

    await visible(
      page.getByRole('status').filter({ hasText: 'Connection request sent' }),
      'the announcement',
    );
    await suggestion.waitFor({ state: 'detached', timeout: WAIT });
    // Read without the poster's consistency tokens: once their read side has the request.
    let waiting = 0;
    await until("the request on the poster's read side", async () => {
      const pending = await callFromPage(poster.page, 'GET', '/api/users/connections/pending');
      waiting = (pending.body.data as unknown[]).length;
      return waiting > 0;
    });
    expect(waiting, 'requests waiting for the poster').toBe(1);
    expectOneIntent(keys, 'Connect');
  });
});
