/**
 * The shell on phones and to assistive technology, in Chromium through the edge routing of the dev
 * server: no sideways scrolling at 320 and 375px, the sidebar as a menu on a narrow screen, the skip
 * link, one highlighted sidebar link per screen, and axe-core on every route of the route table in
 * both themes, wide and at 375px, with no serious or critical violation.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { waitUntil } from '@careers/service-kit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, keepScreenshot, launchBrowser } from './browser.ts';
import { type AxeViolation, axeViolations, settledAnimations, until } from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

const WAIT = 15_000;
/** The walk over every route (each screen loaded once, axe in four looks): about 30 s on two cores. */
const ROUTE_WALK = 120_000;

const signedInRoutes = [
  '/dashboard',
  '/feed',
  '/jobs',
  '/jobs/post',
  '/jobs/my/posted',
  '/jobs/saved',
  '/jobs/applications',
  '/applications',
  '/profile',
  '/connections',
  '/settings',
];
const signedOutRoutes = ['/login', '/register'];
const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];

const first = 'Katherine';
const last = 'Johnson-Goble';

let browser: Browser;
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Signed in, the theme is the account's saved Appearance theme: one account saved in each. */
const sessions = {} as Record<Theme, Session>;
const opened: BrowserContext[] = [];

/** Registers an account whose saved theme is `theme`, with one post, and returns its cookies. */
async function register(theme: Theme): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  await page.goto(`${WEB_URL}/register`);
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill(last);
  await page.getByLabel('Email', { exact: true }).fill(`katherine.${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('trajectory-1962');
  await page.getByLabel('Confirm password', { exact: true }).fill('trajectory-1962');
  await page.getByLabel('Account type', { exact: true }).selectOption('job_seeker');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: WAIT });
  const api = (path: string) => `${WEB_URL}/api${path}`;
  // A post with a tag, so the feed and the dashboard show a card, a tag and the like and comment buttons.
  const post = await context.request.post(api('/posts'), {
    headers: { origin: WEB_URL },
    data: { content: 'Orbital mechanics, checked by hand.', tags: ['math'] },
  });
  expect(post.ok()).toBe(true);
  const appearance = await context.request.put(api('/users/appearance'), {
    headers: { origin: WEB_URL },
    data: { theme, language: 'en', timezone: 'UTC' },
  });
  expect(appearance.ok()).toBe(true);
  // The read side has the write once the session check reports it.
  await waitUntil(`the saved ${theme} theme on the read side`, async () => {
    const me = await context.request.get(api('/auth/me'));
    return (await me.json()).user.appearanceSettings.theme === theme;
  });
  const session = await context.storageState();
  await context.close();
  return session;
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const theme of themes) sessions[theme] = await register(theme);
});

afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
});

/** A context `width` pixels wide in `theme` (stored, as the toggle would), signed in or not. */
async function pageAt(width: number, theme: Theme, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    colorScheme: theme,
    ...(signedIn ? { storageState: sessions[theme] } : {}),
  });
  opened.push(context);
  await context.addInitScript(`window.localStorage.setItem('theme', '${theme}')`);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  return page;
}

/** Opens `path` and waits until its screen has rendered and nothing is loading. */
async function open(page: Page, path: string, theme?: Theme): Promise<void> {
  await page.goto(`${WEB_URL}${path}`);
  await page.waitForURL((url) => url.pathname === path, { timeout: WAIT });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: WAIT });
  // A locator, not a waitForFunction string: the app's Content-Security-Policy forbids eval.
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: WAIT });
  if (theme)
    expect(await page.evaluate<string | undefined>('document.documentElement.dataset.theme')).toBe(theme);
}

type Violation = AxeViolation;

/**
 * Findings that belong to another part of the issue, named here one by one rather than hidden. None
 * are open now; an entry is `{ id: '<axe rule>', node: /<selector of the element>/ }`.
 */
const trackedElsewhere: { id: string; node: RegExp }[] = [];

function isTrackedElsewhere(violation: Violation, node: string): boolean {
  return trackedElsewhere.some((known) => known.id === violation.id && known.node.test(node));
}

function keep(name: string, findings: unknown): void {
  writeFileSync(`${ARTIFACTS}/shell-responsive-${name}.json`, `${JSON.stringify(findings, null, 2)}\n`);
}

async function widthOfPage(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
}

/** The sidebar links marked as the current page (hidden ones too: the menu may be closed). */
function highlighted(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    `[...document.querySelectorAll('a[aria-current="page"]')].map((link) => link.textContent.trim())`,
  );
}

type PageWidth = { scrollWidth: number; innerWidth: number };

/**
 * What one walk over every route saw: axe's findings by theme, width and screen, and each screen's
 * width where it is wider than a phone's window. The walk loads each screen once, wide, then narrows
 * the window and switches the theme in place, as a person turning a phone or the theme toggle would:
 * loading each screen again for each look cost about half a minute on two cores. The saved theme
 * applying on load is checked with an account saved in each (`open` with a theme, below).
 */
interface Walk {
  axe: Record<Theme, Record<AxeWidth, Record<string, Violation[]>>>;
  wide: Record<PhoneWidth, Record<string, PageWidth>>;
}

const axeWidths = [1280, 375] as const;
type AxeWidth = (typeof axeWidths)[number];
const phoneWidths = [320, 375] as const;
type PhoneWidth = (typeof phoneWidths)[number];
let walking: Promise<Walk> | undefined;

/** The walk, made once by the first test that needs it. */
function walk(): Promise<Walk> {
  walking ??= walkEveryRoute();
  return walking;
}

async function walkEveryRoute(): Promise<Walk> {
  const found: Walk = {
    axe: { light: { 1280: {}, 375: {} }, dark: { 1280: {}, 375: {} } },
    wide: { 320: {}, 375: {} },
  };
  const axeInBothThemes = async (page: Page, width: AxeWidth, screen: string) => {
    for (const theme of themes) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      // Colours ease over 120 ms: judge them once the change has finished, not halfway.
      await page.evaluate(settledAnimations);
      found.axe[theme][width][screen] = await axeViolations(page);
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  };
  const look = async (page: Page, path: string) => {
    await open(page, path, 'light');
    for (const width of [1280, 375, 320] as const) {
      await page.setViewportSize({ width, height: 800 });
      // Two frames: the layout, and anything the app renders again for a narrow screen.
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      if (width !== 1280) {
        const size = await widthOfPage(page);
        if (size.scrollWidth > size.innerWidth) found.wide[width][path] = size;
      }
      if (width === 320) continue;
      await axeInBothThemes(page, width, path);
      if (width === 375 && path === '/dashboard') {
        // The menu, open, is part of the page too.
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
        await axeInBothThemes(page, width, '/dashboard with the menu open');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };
  const signedIn = await pageAt(1280, 'light', true);
  for (const path of signedInRoutes) await look(signedIn, path);
  const signedOut = await pageAt(1280, 'light', false);
  for (const path of signedOutRoutes) await look(signedOut, path);
  for (const context of opened.splice(0)) await context.close();
  for (const theme of themes)
    for (const width of axeWidths) keep(`axe-${theme}-${width}`, found.axe[theme][width]);
  return found;
}

describe('axe-core on every route: no serious or critical violation', () => {
  for (const theme of themes) {
    for (const width of axeWidths) {
      it(
        `${theme} theme, ${width}px wide`,
        async () => {
          const findings = (await walk()).axe[theme][width];
          expect(Object.keys(findings).sort()).toEqual(
            [
              ...signedInRoutes,
              ...(width < 800 ? ['/dashboard with the menu open'] : []),
              ...signedOutRoutes,
            ].sort(),
          );
          const failing: Record<string, Violation[]> = {};
          for (const [path, found] of Object.entries(findings)) {
            const left = found
              .map((violation) => ({
                ...violation,
                nodes: violation.nodes.filter((node) => !isTrackedElsewhere(violation, node)),
              }))
              .filter((violation) => violation.nodes.length > 0);
            if (left.length > 0) failing[path] = left;
          }
          expect(failing).toEqual({});
        },
        ROUTE_WALK,
      );
    }
  }
});

describe('phones: nothing wider than the window', () => {
  for (const width of phoneWidths) {
    it(
      `at ${width}px no route scrolls sideways, and the top bar's controls are all on screen`,
      async () => {
        expect((await walk()).wide[width]).toEqual({});

        const signedIn = await pageAt(width, 'light', true);
        await open(signedIn, '/dashboard');
        const bar = signedIn.getByRole('banner').first();
        const controls = {
          menu: bar.getByRole('button', { name: 'Menu', exact: true }),
          brand: bar.getByRole('link', { name: 'JobConnect', exact: true }),
          search: bar.getByRole('combobox', { name: 'Search' }),
          theme: bar.getByRole('button', { name: 'Switch to dark theme', exact: true }),
          bell: bar.getByRole('button', { name: 'Notifications', exact: true }),
          name: bar.getByText(`${first} ${last}`, { exact: true }),
          logout: bar.getByRole('button', { name: 'Logout', exact: true }),
        };
        const offScreen: Record<string, unknown> = {};
        for (const [control, locator] of Object.entries(controls)) {
          const box = await locator.boundingBox();
          if (!box || box.width < 24 || box.x < 0 || box.x + box.width > width) offScreen[control] = box;
        }
        expect(offScreen).toEqual({});
        await keepScreenshot(signedIn, `shell-responsive-dashboard-${width}`);
      },
      ROUTE_WALK,
    );
  }

  it('at 375px the dark theme too (screenshots for review)', async () => {
    const page = await pageAt(375, 'dark', true);
    await open(page, '/feed', 'dark');
    await keepScreenshot(page, `shell-responsive-feed-375-dark`);
    await open(page, '/dashboard', 'dark');
    await keepScreenshot(page, `shell-responsive-dashboard-375-dark`);
  });
});

describe('the sidebar as a menu at 375px', () => {
  it('opens from a named button, keeps focus inside, closes on Escape and on a link, and gives focus back', async () => {
    const page = await pageAt(375, 'light', true);
    await open(page, '/dashboard');
    // A page that just loaded keeps its focus where the browser put it.
    expect(await page.evaluate<boolean>('document.activeElement === document.body')).toBe(true);
    // Hidden, not two rows of links above the screen.
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor({ state: 'visible' });
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const focused = () =>
      page.evaluate<string>(
        'document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute("aria-label") || ""',
      );
    expect(await focused()).toBe('Close menu');
    await keepScreenshot(page, `shell-responsive-menu-375`);

    // Tab from the last link comes back to the top of the menu, Shift+Tab the other way.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Settings');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Close menu');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await focused()).toBe('Menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    await menu.getByRole('link', { name: 'Post a Job', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/jobs/post', { timeout: WAIT });
    await menu.waitFor({ state: 'hidden' });
    // The screen (and with it the sidebar's highlight) follows the URL a moment later.
    let lit: string[] = [];
    await until('Post a Job to be the one link lit', async () => {
      lit = await highlighted(page);
      return lit.length === 1 && lit[0] === 'Post a Job';
    }).catch((error: Error) => {
      throw new Error(`${error.message}: lit ${JSON.stringify(lit)} at ${page.url()}`);
    });
  });
});

describe('keyboard and highlighting, wide', () => {
  it('"Skip to content" is the first Tab stop and lands on the screen; focus rings are solid and opaque', async () => {
    const page = await pageAt(1280, 'light', true);
    await open(page, '/dashboard');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to content');
    expect(await skip.isVisible()).toBe(true);
    const ring = await page.evaluate<{ style: string; color: string }>(
      '({ style: getComputedStyle(document.activeElement).outlineStyle, color: getComputedStyle(document.activeElement).outlineColor })',
    );
    expect(ring.style).toBe('solid');
    expect(ring.color).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    await keepScreenshot(page, `shell-responsive-skip-link`);

    await page.keyboard.press('Enter');
    expect(await page.evaluate<string>('document.activeElement.tagName')).toBe('MAIN');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('lights exactly one sidebar link on every screen', async () => {
    const page = await pageAt(1280, 'light', true);
    const expected: Record<string, string> = {
      '/dashboard': 'Dashboard',
      '/feed': 'Feed',
      '/jobs': 'Jobs',
      '/jobs/some-job': 'Jobs',
      '/jobs/post': 'Post a Job',
      '/jobs/saved': 'Jobs',
      '/jobs/applications': 'My Applications',
      '/applications': 'My Applications',
      '/profile': 'Profile',
      '/connections': 'Connections',
      '/settings': 'Settings',
    };
    const seen: Record<string, string[]> = {};
    for (const path of Object.keys(expected)) {
      await open(page, path);
      seen[path] = await highlighted(page);
    }
    expect(seen).toEqual(
      Object.fromEntries(Object.entries(expected).map(([path, label]) => [path, [label]])),
    );
  });
});
