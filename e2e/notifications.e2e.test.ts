/**
 * The notification centre and the dashboard in two browsers at once, each with its own cookies. B has
 * a skill no one else has and job alerts on; A posts a job asking for it. B's bell shows 1 without a
 * reload (notifications:changed), B opens the panel, follows the job alert to the job and the count
 * drops to 0. A then sends B a connection request: B's bell and Pending badge rise live. Back on the
 * dashboard, the cards show the counts of the lists behind them and Recommended Jobs lists A's job,
 * though five newer jobs have pushed it out of the 5 newest the dashboard fetches.
 * axe-core checks the open panel and the filled dashboard at 1280 and 375 px in both themes. The time
 * from each command's reply to B's bell is written to the output.
 */
import { randomUUID } from 'node:crypto';
import { serverEvents } from '@careers/contracts/sockets';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import {
  at,
  axeAtEveryLook,
  callFromPage,
  closeVisitors,
  connects,
  eventsReceived,
  noteFigure,
  openVisitor,
  registerVisitor,
  replyTo,
  until,
  type Visitor,
  visible,
  WAIT,
} from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

interface Person extends Visitor {
  label: 'a' | 'b';
}

function shot(person: Person, name: string): Promise<void> {
  return keepScreenshot(person.page, `notifications-${person.label}-${name}`, { fullPage: true });
}

/** axe-core's serious and critical findings on each screen as filled with this test's data. */
const axeFindings: Record<string, string[]> = {};

function note(person: Person, text: string): void {
  noteFigure(person.journal, 'notifications', text);
}

function bell(person: Person): Locator {
  return person.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

function bellNamed(count: number): RegExp {
  return count === 0 ? /^Notifications$/ : new RegExp(`^Notifications, ${count} unread$`);
}

async function expectBell(person: Person, count: number, what: string): Promise<void> {
  let shown: string | null = null;
  try {
    await until(`${what} to read ${count}`, async () => {
      shown = await bell(person).getAttribute('aria-label', { timeout: WAIT });
      return bellNamed(count).test(shown ?? '');
    });
  } catch (error) {
    throw new Error(`${(error as Error).message} (its name is ${JSON.stringify(shown)})`);
  }
}

/** Starts timing at a command's reply: resolves with the milliseconds until B's bell names `count`. */
function bellAfter(person: Person, count: number): Promise<number> {
  const replied = performance.now();
  return person.page
    .getByRole('banner')
    .getByRole('button', { name: bellNamed(count) })
    .waitFor({ timeout: WAIT })
    .then(() => Math.round(performance.now() - replied));
}

/** The stat cards as [label, value] pairs. */
async function statCards(person: Person): Promise<string[][]> {
  return person.page
    .locator('.stat-card')
    .evaluateAll((cards) =>
      cards.map((card) => [
        card.querySelector('.stat-label')?.textContent ?? '',
        card.querySelector('.stat-value')?.textContent ?? '',
      ]),
    );
}

function pendingBadge(person: Person): Locator {
  return person.page.getByRole('tab', { name: /^Pending Requests/ }).locator('.tab-count');
}

describe('notifications in two browsers: a job alert, a connection request, the dashboard', () => {
  const skill = `Notif-${randomUUID().slice(0, 8)}`;
  const title = `Engineer of ${skill}`;
  const company = `Firm ${randomUUID().slice(0, 6)}`;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let bId = '';
  let jobId = '';
  let alertShown: Promise<number> = Promise.resolve(Number.NaN);

  beforeAll(async () => {
    browser = await launchBrowser();
    a = { ...(await openVisitor(browser, 'Grace', 'Hopper')), label: 'a' };
    b = { ...(await openVisitor(browser, 'Katherine', 'Johnson')), label: 'b' };
    await registerVisitor(a, { password: 'notifications-e2e-password', accountType: 'employer' });
    await registerVisitor(b, { password: 'notifications-e2e-password', accountType: 'job_seeker' });
    // B's skill is written in another case than the job's: matching ignores case.
    const skills = await callFromPage(b.page, 'PUT', '/api/users/skills', {
      skills: [{ name: skill.toLowerCase(), proficiency: 'Expert', experience: 5 }],
    });
    expect(skills.status, "B's skills").toBe(200);
    const settings = await callFromPage(b.page, 'PUT', '/api/users/notifications', {
      emailNotifications: false,
      pushNotifications: true,
      jobAlerts: true,
      connectionRequests: true,
      applicationUpdates: true,
      marketingEmails: false,
    });
    expect(settings.status, "B's notification settings").toBe(200);
    const me = await callFromPage(b.page, 'GET', '/api/auth/me');
    bId = String((me.body.user as { _id: string })._id);
  });
  afterAll(() => closeVisitors(browser, { 'notifications-a': a, 'notifications-b': b }));

  it("A posts a job asking for B's skill: B's bell shows 1 without a reload", async () => {
    // A fresh load, so the dashboard reads B's new skills; then the socket must be in B's room.
    const before = connects(b);
    await b.page.goto(`${WEB_URL}/dashboard`);
    await visible(
      b.page.getByRole('heading', { name: 'Welcome back, Katherine!', level: 1 }),
      "B's dashboard",
    );
    await until("B's socket to connect", () => connects(b) > before);
    await expectBell(b, 0, "B's bell before the job");
    const navigations = b.navigations.length;

    const reply = await callFromPage(a.page, 'POST', '/api/jobs', {
      title,
      description: 'Compute trajectories.',
      requirements: [],
      jobType: 'Full-time',
      workLocation: 'Remote',
      experienceLevel: 'Senior Level',
      category: 'Technology',
      skills: [{ name: skill, required: true, proficiency: 'Expert' }],
      benefits: [],
      company: { name: company, industry: '', size: null, website: '' },
      location: { city: 'Hampton', state: 'VA', country: 'USA' },
      salary: { min: 90000, max: 120000, currency: 'USD' },
      applicationDeadline: null,
    });
    alertShown = bellAfter(b, 1);
    expect(reply.status, 'POST /api/jobs').toBe(201);
    jobId = String((reply.body.data as { _id: string })._id);

    await expectBell(b, 1, "B's bell (live, without a reload)");
    expect(b.navigations.slice(navigations), 'navigations of B while the alert arrived').toEqual([]);
    note(b, `the job alert reached B's bell ${await alertShown} ms after A's reply`);
    expect(
      eventsReceived(b, serverEvents.notificationsChanged).some((event) => event.unreadCount === 1),
      'B received notifications:changed with 1 unread',
    ).toBe(true);
    await visible(b.page.locator('.bell-count').filter({ hasText: /^1$/ }), "the bell's badge showing 1");
    // The same push reads the dashboard's jobs again: the new job is recommended without a reload.
    await visible(
      b.page.getByRole('region', { name: 'Recommended Jobs' }).getByRole('link', { name: new RegExp(title) }),
      "A's job under B's Recommended Jobs (live)",
    );
  });

  it('B opens the panel, follows the alert to the job, and the count drops to 0', async () => {
    await bell(b).click();
    const panel = b.page.getByRole('dialog', { name: 'Notifications' });
    await visible(panel, 'the notifications panel');
    const alert = panel.getByRole('link', { name: `Unread: New job that fits you: ${title} at ${company}` });
    await visible(alert, 'the job alert in the panel');
    // The row's time is beside its link (the names in a row are links of their own).
    await visible(
      panel.getByRole('listitem').filter({ hasText: title }).getByText('Just now', { exact: true }),
      'its relative time',
    );
    expect(await alert.getAttribute('href')).toBe(`/jobs/${jobId}`);
    expect(await b.page.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe(
      'Notifications',
    );
    await shot(b, 'panel');
    axeFindings['Notifications panel'] = await axeAtEveryLook(b.page);
    await visible(panel, 'the panel, still open after the checks');

    // On a phone the panel spans the screen below the top bar, all of it on screen.
    await b.page.setViewportSize({ width: 375, height: 800 });
    const box = await panel.boundingBox();
    expect(box, "the panel's box at 375 px").not.toBeNull();
    if (box) {
      expect(box.x, 'left edge at 375 px').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'right edge at 375 px').toBeLessThanOrEqual(375);
      expect(box.y + box.height, 'bottom edge at 375 px').toBeLessThanOrEqual(800);
    }
    await shot(b, 'panel-375');
    await b.page.setViewportSize({ width: 1280, height: 900 });

    const marked = await replyTo(b.page, 'PUT', '/api/notifications/read', () => alert.click());
    expect(marked.status(), 'PUT /api/notifications/read').toBe(200);
    expect(marked.request().postDataJSON()).toEqual({ notificationIds: [expect.any(String)] });
    await at(b.page, `/jobs/${jobId}`);
    await visible(b.page.getByRole('heading', { name: title, level: 1 }), 'the job');
    expect(await panel.count(), 'the panel closed').toBe(0);
    await expectBell(b, 0, "B's bell after following the alert");
    expect(await b.page.locator('.bell-count').count(), 'no badge at 0').toBe(0);
  });

  it("A sends B a connection request: B's bell and Pending badge rise live", async () => {
    await b.page
      .getByRole('navigation', { name: 'Quick Actions' })
      .getByRole('link', { name: 'Connections' })
      .click();
    await at(b.page, '/connections');
    await until("B's Pending badge to read 0", async () => (await pendingBadge(b).textContent()) === '0');
    const navigations = b.navigations.length;

    const reply = await callFromPage(a.page, 'POST', `/api/users/${bId}/connect`);
    const shown = bellAfter(b, 1);
    expect(reply.status, 'POST connect').toBe(201);

    await expectBell(b, 1, "B's bell after the request");
    await until(
      "B's Pending badge to read 1 (live)",
      async () => (await pendingBadge(b).textContent()) === '1',
    );
    expect(b.navigations.slice(navigations), 'navigations of B while the request arrived').toEqual([]);
    note(b, `the connection request reached B's bell ${await shown} ms after A's reply`);

    await bell(b).click();
    const request = b.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: `Unread: ${a.first} ${a.last} wants to connect with you` });
    await visible(request, 'the request in the panel');
    expect(await request.getAttribute('href')).toBe('/connections?tab=pending');
    await b.page.keyboard.press('Escape');
    expect(await b.page.getByRole('dialog').count(), 'Escape closed the panel').toBe(0);
    expect(
      await b.page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null"),
    ).toBe('Notifications, 1 unread');
  });

  it("the dashboard's cards show the right counts, and Recommended Jobs lists A's job", async () => {
    // Five newer jobs that ask for other skills: A's job is no longer among the 5 newest the dashboard
    // fetches, and is still recommended (ranked over every open job).
    for (let n = 1; n <= 5; n++) {
      const other = await callFromPage(a.page, 'POST', '/api/jobs', {
        title: `Other role ${n} ${skill}`,
        description: 'Something else.',
        requirements: [],
        jobType: 'Part-time',
        workLocation: 'On-site',
        experienceLevel: 'Entry Level',
        category: 'Technology',
        skills: [{ name: `Other-${n}-${skill}`, required: true, proficiency: 'Beginner' }],
        benefits: [],
        company: { name: company, industry: '', size: null, website: '' },
        location: { city: 'Norfolk', state: 'VA', country: 'USA' },
        salary: { min: 30000, max: 40000, currency: 'USD' },
        applicationDeadline: null,
      });
      expect(other.status, `POST /api/jobs (other ${n}): ${JSON.stringify(other.body)}`).toBe(201);
    }
    // B's reads do not carry A's consistency tokens: the five show once projected.
    await until("A's job out of the 5 newest jobs", async () => {
      const newest = await callFromPage(b.page, 'GET', '/api/jobs?limit=5');
      return !(newest.body.data as { _id: string }[]).some((job) => job._id === jobId);
    });

    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await at(b.page, '/dashboard');
    const recommended = b.page.getByRole('region', { name: 'Recommended Jobs' });
    const row = recommended.getByRole('link', { name: new RegExp(title) });
    await visible(row, "A's job under Recommended Jobs");
    expect(await row.getAttribute('href')).toBe(`/jobs/${jobId}`);
    for (const part of [company, 'Hampton, VA, USA', '$90,000 - $120,000 USD', 'Full-time']) {
      await visible(row.getByText(part, { exact: true }), `"${part}" on the row`);
    }

    // What the lists behind the cards hold now, read as B.
    const jobs = await callFromPage(b.page, 'GET', '/api/jobs?limit=1');
    const posts = await callFromPage(b.page, 'GET', '/api/posts/feed?limit=1&following=true');
    const totalJobs = (jobs.body.pagination as { totalJobs: number }).totalJobs;
    const totalPosts = (posts.body.pagination as { totalPosts: number }).totalPosts;
    const expected = [
      ['Available Jobs', totalJobs.toLocaleString('en')],
      // The request is pending: it is not a connection yet.
      ['Connections', '0'],
      ['Recent Posts', totalPosts.toLocaleString('en')],
      // First and last name and one skill of six items.
      ['Profile Completion', '50%'],
    ];
    let shown: string[][] = [];
    try {
      await until("the stat cards to show the lists' totals", async () => {
        shown = await statCards(b);
        return JSON.stringify(shown) === JSON.stringify(expected);
      });
    } catch (error) {
      throw new Error(
        `${(error as Error).message}: ${JSON.stringify(shown)} not ${JSON.stringify(expected)}`,
      );
    }
    expect(
      await b.page.locator('.stat-card.stat-red').getByText('50%', { exact: true }).count(),
      'Profile Completion red below 60',
    ).toBe(1);
    await shot(b, 'dashboard');
    axeFindings.Dashboard = await axeAtEveryLook(b.page);
  });

  it('found no serious or critical axe violation on the open panel or the dashboard, in either theme or size', () => {
    expect(Object.keys(axeFindings)).toEqual(['Notifications panel', 'Dashboard']);
    expect(Object.fromEntries(Object.entries(axeFindings).filter(([, found]) => found.length > 0))).toEqual(
      {},
    );
  });

  it('met no server error and no page error in either browser', () => {
    for (const person of [a, b]) {
      expect(person.journal.filter((line) => / -> 5\d\d$| page error: /.test(line))).toEqual([]);
    }
  });
});
