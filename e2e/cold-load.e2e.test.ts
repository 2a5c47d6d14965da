/**
 * The product as users get it (issue 48): each main screen loaded cold in Chromium through the
 * production edge (the built app behind nginx, docker/nginx.conf), where no request may go out twice,
 * and what the edge answers to probes for source files and to a browser's caching questions.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { requestMessages } from '@careers/contracts/messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { keepJournal, newPage, registerThroughForm, visible } from './browser-steps.ts';
import { ROOT, WEB_URL } from './topology.ts';

let browser: Browser;
/** The cookies of a person who registered, for pages opened cold as them. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
const first = 'Cora';

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  const journal: string[] = [];
  const page = await newPage(context, journal);
  try {
    await registerThroughForm(page, {
      first,
      last: 'Coldload',
      email: `cora-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Sup3r-Secret-Pass',
      accountType: 'job_seeker',
    });
  } finally {
    keepJournal('cold-load-register', journal);
  }
  signedIn = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
});

/** What a screen shows once it has loaded: its heading, and no "Loading..." left in the page. */
const mainContent: Record<string, (page: Page) => Promise<void>> = {
  '/login': (page) =>
    visible(page.getByRole('heading', { name: 'Welcome back', exact: true }), 'the sign-in form'),
  '/dashboard': (page) =>
    visible(page.getByRole('heading', { name: `Welcome back, ${first}!`, level: 1 }), 'the dashboard'),
  '/jobs': (page) => visible(page.getByRole('heading', { name: 'Find Jobs', level: 1 }), 'the jobs list'),
  '/feed': (page) => visible(page.getByRole('heading', { name: 'Feed', level: 1 }), 'the feed'),
};

describe('a cold load of each main screen through the production edge', () => {
  it.each(Object.keys(mainContent))('%s shows its content and asks for nothing twice', async (path) => {
    // A new context: no HTTP cache, no service worker, only the session cookie (none for /login).
    const context = await browser.newContext(path === '/login' ? {} : { storageState: signedIn });
    const journal: string[] = [];
    const page = await newPage(context, journal);
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // socket.io's transport asks again by design (polling, then the upgrade); everything else once.
      if (url.pathname.startsWith('/socket.io/')) return;
      requests.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    try {
      await page.goto(`${WEB_URL}${path}`);
      await mainContent[path]?.(page);
      await page.getByText('Loading...').first().waitFor({ state: 'detached' });
      // Whatever the screen starts after it shows has started too.
      await page.waitForLoadState('networkidle');

      expect(new URL(page.url()).pathname).toBe(path);
      const seen = new Map<string, number>();
      for (const request of requests) seen.set(request, (seen.get(request) ?? 0) + 1);
      expect([...seen].filter(([, count]) => count > 1)).toEqual([]);
      // The session check and the screen's first reads went out; the page's scripts were the build's.
      expect(requests.some((request) => request.startsWith('GET /assets/index-'))).toBe(true);
      if (path !== '/login') expect(requests).toContain('GET /api/auth/me');
      expect(journal.filter((line) => line.includes('page error'))).toEqual([]);
    } finally {
      keepJournal(`cold-load${path.replace(/\//g, '-')}`, [...journal, ...requests]);
      await context.close();
    }
  });
});

describe('the production edge', () => {
  it('serves no source files, and no development server paths, only the build', async () => {
    for (const probe of [
      `/@fs${ROOT}node_modules/@careers/service-kit/src/config.ts?raw`,
      `/@fs${ROOT}service-kit/src/config.ts`,
      '/src/main.tsx',
      '/@vite/client',
      '/.stack/secrets.env',
      '/package.json',
      '/assets/missing.js',
    ]) {
      const response = await fetch(`${WEB_URL}${probe}`);
      expect(response.status, probe).toBe(404);
      const body = await response.text();
      expect(body, probe).not.toContain('import');
      expect(body, probe).not.toContain(ROOT);
    }
    // A route of the app is the app.
    expect((await fetch(`${WEB_URL}/jobs/some-job`)).status).toBe(200);
  });

  it('answers its own refusals as { message }: a body over its limit, headers too large', async () => {
    const tooLarge = await fetch(`${WEB_URL}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: WEB_URL },
      body: 'a'.repeat(20_000_000),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: requestMessages.payloadTooLarge });
    const headers = await fetch(`${WEB_URL}/api/auth/me`, { headers: { cookie: `x=${'a'.repeat(40_000)}` } });
    expect(headers.status).toBe(400);
    expect(await headers.json()).toEqual({ message: requestMessages.invalidRequest });
  });

  it('caches hashed files for good and asks again for index.html, compressed, under the strict CSP', async () => {
    const index = await fetch(`${WEB_URL}/dashboard`, { headers: { 'accept-encoding': 'gzip' } });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const policy = index.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe');
    const html = await index.text();
    const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(html)?.[1];
    expect(script).toBeDefined();

    const asset = await fetch(`${WEB_URL}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    // The .gz the build wrote, sent as it is.
    const built = readFileSync(`${ROOT}frontend/dist${script}.gz`);
    expect(Number(asset.headers.get('content-length'))).toBe(built.length);
  });
});
