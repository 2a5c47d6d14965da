/**
 * Accounts in Chromium, through the edge routing of the dev server: register, sign out and in, change
 * the password in Settings, the top-bar theme toggle and its persistence, and the Appearance settings
 * read back after a reload. Passwords are hashed at the production scrypt cost, so every sign-in takes
 * a few hundred milliseconds: the waits below are generous but bounded.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import { at, keepJournal, newPage, replyTo, visible, WAIT } from './browser-steps.ts';
import { WEB_URL } from './topology.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, `accounts-${name}`);
}

/** The red banner above a form: an alert with the banner-error style, in a red colour. */
async function expectErrorBanner(page: Page, message: string): Promise<void> {
  const banner = page.getByRole('alert').filter({ hasText: message });
  await visible(banner);
  expect((await banner.textContent())?.trim()).toBe(message);
  expect(await banner.getAttribute('class')).toContain('banner-error');
  // Evaluated in the page as text: this package is type-checked without the DOM library.
  const color = await page.evaluate<string>(
    `getComputedStyle(document.querySelector('[role="alert"].banner-error')).color`,
  );
  const [red, green, blue] = color.match(/\d+/g)?.map(Number) ?? [0, 0, 0];
  expect(red).toBeGreaterThan(green ?? 0);
  expect(red).toBeGreaterThan(blue ?? 0);
}

async function signIn(page: Page, email: string, password: string): Promise<Response> {
  await visible(page.getByRole('heading', { name: 'Welcome back', exact: true }));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  return replyTo(page, 'POST', '/api/auth/login', () =>
    page.getByRole('button', { name: 'Sign in', exact: true }).click(),
  );
}

async function signOut(page: Page): Promise<void> {
  const reply = await replyTo(page, 'POST', '/api/auth/logout', () =>
    page.getByRole('button', { name: 'Logout', exact: true }).click(),
  );
  expect(reply.ok()).toBe(true);
  await at(page, '/login');
  await visible(page.getByRole('heading', { name: 'Welcome back', exact: true }));
}

async function openSettingsTab(page: Page, tab: 'Security' | 'Notifications' | 'Appearance'): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Settings', exact: true, level: 1 }));
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await visible(page.getByRole('tabpanel', { name: tab, exact: true }));
}

interface ThemeOnScreen {
  theme: string | undefined;
  colorScheme: string;
  themeColor: string | null | undefined;
  stored: string | null;
}

/** `<html data-theme>`, its color-scheme, the meta theme-color and the stored preference. */
function themeOnScreen(page: Page): Promise<ThemeOnScreen> {
  return page.evaluate<ThemeOnScreen>(`({
    theme: document.documentElement.dataset.theme,
    colorScheme: document.documentElement.style.colorScheme,
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    stored: window.localStorage.getItem('theme'),
  })`);
}

describe('register in the browser', () => {
  it('checks an empty form on submit with the spec messages and sends nothing', async () => {
    const journal: string[] = [];
    const page = await newPage(browser, journal);
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/register') registerCalls.push(request.method());
    });
    try {
      await page.goto(`${WEB_URL}/register`);
      await visible(page.getByRole('heading', { name: 'Create your account', exact: true }));
      await page.getByRole('button', { name: 'Create account', exact: true }).click();

      const expected = {
        'First name': 'First name is required',
        'Last name': 'Last name is required',
        Email: 'Email is required',
        Password: 'Password is required',
        'Confirm password': 'Please confirm your password',
        'Account type': 'Please select an account type',
      };
      for (const [label, message] of Object.entries(expected)) {
        await visible(page.getByText(message, { exact: true }));
        const field = page.getByLabel(label, { exact: true });
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        // The message is the field's description, so a screen reader reads it with the field.
        const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
        const descriptions = await Promise.all(
          describedBy
            .split(' ')
            .filter(Boolean)
            .map((id) => page.locator(`[id="${id}"]`).textContent()),
        );
        expect(descriptions).toContain(message);
      }
      await shot(page, 'register-validation');

      // Editing a field clears its own message only.
      await page.getByLabel('First name', { exact: true }).fill('A');
      await page
        .getByText('First name is required', { exact: true })
        .waitFor({ state: 'hidden', timeout: WAIT });
      await visible(page.getByText('Last name is required', { exact: true }));
      expect(page.url()).toBe(`${WEB_URL}/register`);
      expect(registerCalls).toEqual([]);
    } finally {
      keepJournal('accounts-register-validation', journal);
      await page.close();
    }
  });
});

describe('an account in Chromium: register, sign out and in, password, theme, appearance', () => {
  const first = 'Grace';
  const last = 'Hopper';
  const email = `grace.${randomUUID().slice(0, 8)}@example.com`;
  const oldPassword = 'cobol-1959';
  const newPassword = 'nanosecond-wire';
  let context: BrowserContext;
  let page: Page;
  const journal: string[] = [];

  beforeAll(async () => {
    // A light system scheme, so the first toggle has a known outcome (dark).
    context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
    page = await newPage(context, journal);
  });
  afterAll(async () => {
    keepJournal('accounts-journey', journal);
    await context?.close();
  });

  it('registers and lands on the dashboard with the name in the top bar', async () => {
    await page.goto(`${WEB_URL}/register`);
    await visible(page.getByRole('heading', { name: 'Create your account', exact: true }));
    await page.getByLabel('First name', { exact: true }).fill(first);
    await page.getByLabel('Last name', { exact: true }).fill(last);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(oldPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(oldPassword);
    await page.getByLabel('Account type', { exact: true }).selectOption('job_seeker');
    await visible(page.getByText('Find and apply to job opportunities', { exact: true }));

    const reply = await replyTo(page, 'POST', '/api/auth/register', () =>
      page.getByRole('button', { name: 'Create account', exact: true }).click(),
    );
    expect(reply.status()).toBe(201);
    const sent = reply.request().postDataJSON() as Record<string, unknown>;
    expect(sent).not.toHaveProperty('confirmPassword');

    await at(page, '/dashboard');
    await visible(page.getByRole('heading', { name: `Welcome back, ${first}!`, exact: true, level: 1 }));
    await visible(page.getByRole('banner').getByText(`${first} ${last}`, { exact: true }));
    await shot(page, 'dashboard');
  });

  it('keeps a signed-in visitor off /login, and sends unknown paths to /dashboard', async () => {
    for (const path of ['/login', '/register', '/no-such-screen', '/jobs/my/elsewhere']) {
      await page.goto(`${WEB_URL}${path}`);
      await at(page, '/dashboard');
      await visible(page.getByRole('heading', { name: `Welcome back, ${first}!`, exact: true, level: 1 }));
      await visible(page.getByRole('banner').getByText(`${first} ${last}`, { exact: true }));
    }
  });

  it('signs out to /login, then signs back in with the password', async () => {
    await signOut(page);
    // The session is gone on the server too: a protected screen now asks to sign in.
    await page.goto(`${WEB_URL}/settings`);
    await at(page, '/login');
    await shot(page, 'login');

    // Signing in lands on the page that was asked for.
    expect((await signIn(page, email, oldPassword)).status()).toBe(200);
    await at(page, '/settings');
    await visible(page.getByRole('banner').getByText(`${first} ${last}`, { exact: true }));
  });

  it('changes the password in Settings: the old one is refused, the new one works', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await at(page, '/settings');
    await openSettingsTab(page, 'Security');
    await page.getByLabel('Current password', { exact: true }).fill(oldPassword);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    const reply = await replyTo(page, 'PUT', '/api/auth/change-password', () =>
      page.getByRole('button', { name: 'Update password', exact: true }).click(),
    );
    expect(reply.ok()).toBe(true);
    await visible(page.getByRole('status').getByText('Password updated successfully!', { exact: true }));
    // The form is cleared after a successful change.
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    await shot(page, 'settings');

    await signOut(page);
    const refused = await signIn(page, email, oldPassword);
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);
    await expectErrorBanner(page, 'Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'login-refused');

    // Editing a field clears the banner; the new password signs in.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('alert').waitFor({ state: 'detached', timeout: WAIT });
    const accepted = await replyTo(page, 'POST', '/api/auth/login', () =>
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    );
    expect(accepted.status()).toBe(200);
    await at(page, '/dashboard');
    await visible(page.getByRole('banner').getByText(`${first} ${last}`, { exact: true }));
  });

  it('switches the theme with the top-bar toggle and keeps it across a reload', async () => {
    // The signed-in user's saved theme (a new account's is light) is the theme, and this device keeps a copy.
    expect(await themeOnScreen(page)).toEqual({
      theme: 'light',
      colorScheme: 'light',
      themeColor: '#ffffff',
      stored: 'light',
    });
    // The toggle saves the theme with the user's appearance settings.
    const toggled = await replyTo(page, 'PUT', '/api/users/appearance', () =>
      page.getByRole('button', { name: 'Switch to dark theme', exact: true }).click(),
    );
    expect(toggled.ok()).toBe(true);
    await visible(page.getByRole('button', { name: 'Switch to light theme', exact: true }));
    const dark = { theme: 'dark', colorScheme: 'dark', themeColor: '#0f0f23', stored: 'dark' };
    expect(await themeOnScreen(page)).toEqual(dark);
    await shot(page, 'theme-dark');

    await page.reload();
    await visible(page.getByRole('banner').getByText(`${first} ${last}`, { exact: true }));
    await visible(page.getByRole('button', { name: 'Switch to light theme', exact: true }));
    expect(await themeOnScreen(page)).toEqual(dark);
    await shot(page, 'theme-dark-reloaded');
  });

  it('saves Appearance settings, and a reload of /settings shows the saved values', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await at(page, '/settings');
    await openSettingsTab(page, 'Appearance');
    const theme = page.getByLabel('Theme', { exact: true });
    const language = page.getByLabel('Language', { exact: true });
    const timezone = page.getByLabel('Timezone', { exact: true });
    // A new account starts from the defaults, with the theme the top-bar toggle saved.
    expect([await theme.inputValue(), await language.inputValue(), await timezone.inputValue()]).toEqual([
      'dark',
      'en',
      'UTC',
    ]);

    await theme.selectOption({ label: 'System' });
    await language.selectOption({ label: 'French' });
    await timezone.selectOption({ label: 'PST' });
    const saved = await replyTo(page, 'PUT', '/api/users/appearance', () =>
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    );
    expect(saved.ok()).toBe(true);
    expect(saved.headers()['x-consistency-token']).toBeTruthy();
    await visible(
      page.getByRole('status').getByText('Appearance settings updated successfully!', { exact: true }),
    );
    // The saved theme applies on this device: "system" follows the (light) system scheme.
    expect(await themeOnScreen(page)).toEqual({
      theme: 'light',
      colorScheme: 'light',
      themeColor: '#ffffff',
      stored: 'system',
    });
    await shot(page, 'appearance-saved');

    // A reload starts a new client with no consistency token: the query side has the write by now.
    const me = await replyTo(page, 'GET', '/api/auth/me', () => page.goto(`${WEB_URL}/settings`));
    expect(me.status()).toBe(200);
    await openSettingsTab(page, 'Appearance');
    expect([await theme.inputValue(), await language.inputValue(), await timezone.inputValue()]).toEqual([
      'system',
      'fr',
      'PST',
    ]);
    expect((await themeOnScreen(page)).stored).toBe('system');
    await shot(page, 'appearance-reloaded');
  });

  it('met no server error and no page error on the way', () => {
    expect(journal.filter((line) => / -> 5\d\d$| page error: /.test(line))).toEqual([]);
  });
});
