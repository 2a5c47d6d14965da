/**
 * Steps the browser tests share: opening a page that keeps a journal, waiting for what a person would
 * see, catching the reply of the call an action makes, signing up, and recording and reading the
 * socket.io packets a page exchanged.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS, keepScreenshot } from './browser.ts';
import { WEB_URL } from './topology.ts';

/** How long a step may wait for the screen: generous, as two cores run the whole product. */
export const WAIT = 15_000;

/** A time stamp for a page's journal: "14:03:07.512". */
export const stamp = () => new Date().toISOString().slice(11, 23);

/** Waits for `locator` to show; `what` names it in the error (the locator itself when left out). */
export async function visible(locator: Locator, what = String(locator)): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout: WAIT });
  } catch {
    throw new Error(`${what}: not visible within ${WAIT / 1000} s`);
  }
}

/**
 * A page whose actions give up after WAIT, and whose console errors, page errors, main-frame
 * navigations and API replies are written to `journal`, to read when a step fails.
 */
export async function newPage(owner: Browser | BrowserContext, journal: string[]): Promise<Page> {
  const page = await owner.newPage();
  page.setDefaultTimeout(WAIT);
  page.setDefaultNavigationTimeout(WAIT);
  page.on('console', (message) => {
    if (message.type() === 'error') journal.push(`${stamp()} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => journal.push(`${stamp()} page error: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) journal.push(`${stamp()} at ${frame.url()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) {
      journal.push(
        `${stamp()} ${response.request().method()} ${url.pathname}${url.search} -> ${response.status()}`,
      );
    }
  });
  return page;
}

/** socket.io packets as text ("40{...}" a namespace connect, "42[...]" an event), each way. */
export interface SocketTraffic {
  received: string[];
  sent: string[];
}

/**
 * Records every socket.io packet `page` exchanges with the gateway, over WebSocket or long polling,
 * in `traffic` and (cut to 300 characters) in `journal`.
 */
export function recordSocketTraffic(page: Page, journal: string[], traffic: SocketTraffic): void {
  const keep = (direction: 'in' | 'out', payload: string) => {
    for (const packet of socketPackets(payload)) {
      (direction === 'in' ? traffic.received : traffic.sent).push(packet);
      journal.push(`${stamp()} socket ${direction === 'in' ? '<-' : '->'} ${packet.slice(0, 300)}`);
    }
  };
  const isSocketIo = (url: URL) => url.pathname === '/socket.io/';
  page.on('request', (request) => {
    if (isSocketIo(new URL(request.url())) && request.method() === 'POST')
      keep('out', request.postData() ?? '');
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (
      isSocketIo(url) &&
      response.request().method() === 'GET' &&
      url.searchParams.get('transport') === 'polling'
    ) {
      response.text().then(
        (body) => keep('in', body),
        () => {},
      );
    }
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    journal.push(`${stamp()} websocket ${socket.url()}`);
    socket.on('framereceived', ({ payload }) => keep('in', payload.toString()));
    socket.on('framesent', ({ payload }) => keep('out', payload.toString()));
    socket.on('close', () => journal.push(`${stamp()} websocket closed`));
  });
}

/** Polls `check` until it holds, for at most WAIT; `what` says what was awaited when it does not. */
export async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${WAIT / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function at(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: WAIT });
}

/** Runs `action` and returns the reply of the API call it makes (both settle, so nothing is left dangling). */
export async function replyTo(
  page: Page,
  method: string,
  path: string | RegExp,
  action: () => Promise<unknown>,
): Promise<Response> {
  const matches = (pathname: string) => (typeof path === 'string' ? pathname === path : path.test(pathname));
  const [response] = await Promise.all([
    page.waitForResponse(
      (reply) => reply.request().method() === method && matches(new URL(reply.url()).pathname),
      { timeout: WAIT },
    ),
    action(),
  ]);
  return response;
}

/** socket.io packets in an engine.io message: "4" + the packet; polling joins several with \x1e. */
export function socketPackets(payload: string): string[] {
  return payload
    .split('\x1e')
    .filter((message) => message.startsWith('4'))
    .map((message) => message.slice(1));
}

/** The socket.io events among the packets the page received, parsed: each `name` event's payload. */
export function eventsReceived(traffic: SocketTraffic, name: string): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (const packet of traffic.received) {
    const body = packet.match(/^2\d*(\[.*)$/s)?.[1];
    if (body === undefined) continue;
    const [event, payload] = JSON.parse(body) as [string, Record<string, unknown>];
    if (event === name) events.push(payload);
  }
  return events;
}

/** Counts the namespace connect acknowledgements the page received: from one on, the socket is in its rooms. */
export function connects(traffic: SocketTraffic): number {
  return traffic.received.filter((packet) => packet.startsWith('0')).length;
}

export interface NewAccount {
  first: string;
  last: string;
  email: string;
  password: string;
  accountType: 'job_seeker' | 'employer';
}

/** Registers through the form and waits for the dashboard's welcome. */
export async function registerThroughForm(page: Page, account: NewAccount): Promise<void> {
  await page.goto(`${WEB_URL}/register`);
  await visible(page.getByRole('heading', { name: 'Create your account', exact: true }), 'the register form');
  await page.getByLabel('First name', { exact: true }).fill(account.first);
  await page.getByLabel('Last name', { exact: true }).fill(account.last);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByLabel('Account type', { exact: true }).selectOption(account.accountType);
  const reply = await replyTo(page, 'POST', '/api/auth/register', () =>
    page.getByRole('button', { name: 'Create account', exact: true }).click(),
  );
  expect(reply.status(), `registering ${account.email}`).toBe(201);
  await at(page, '/dashboard');
  await visible(
    page.getByRole('heading', { name: `Welcome back, ${account.first}!`, exact: true, level: 1 }),
    `${account.first}'s dashboard`,
  );
}

/** One person in a browser context of their own (their own cookies), with what their page saw. */
export interface Visitor extends SocketTraffic {
  first: string;
  last: string;
  /** Unique to this run, so the same test can register again. */
  email: string;
  context: BrowserContext;
  page: Page;
  journal: string[];
  /** Every document load or history change of the main frame. */
  navigations: string[];
}

/** Opens a 1280x900 page in a context of its own whose journal, navigations and socket traffic are kept. */
export async function openVisitor(browser: Browser, first: string, last: string): Promise<Visitor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const journal: string[] = [];
  const page = await newPage(context, journal);
  const visitor: Visitor = {
    first,
    last,
    email: `${first.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
    context,
    page,
    journal,
    received: [],
    sent: [],
    navigations: [],
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visitor.navigations.push(frame.url());
  });
  recordSocketTraffic(page, journal, visitor);
  return visitor;
}

/** Writes `journal` next to the screenshots as `<name>.log`: what the browser saw, to read when a step fails. */
export function keepJournal(name: string, journal: readonly string[]): void {
  writeFileSync(`${ARTIFACTS}/${name}.log`, `${journal.join('\n')}\n`);
}

/** Keeps each visitor's journal under its name, then closes their contexts and the browser: whatever was opened. */
export async function closeVisitors(
  browser: Browser | undefined,
  visitors: Record<string, Visitor | undefined>,
): Promise<void> {
  for (const [name, visitor] of Object.entries(visitors)) {
    if (visitor) keepJournal(name, visitor.journal);
  }
  for (const visitor of Object.values(visitors)) await visitor?.context.close();
  await browser?.close();
}

/** Registers `visitor` through the form, then waits for their signed-in socket to connect. */
export async function registerVisitor(
  visitor: Visitor,
  account: Pick<NewAccount, 'password' | 'accountType'>,
): Promise<void> {
  await registerThroughForm(visitor.page, { ...visitor, ...account });
  await until(`${visitor.first}'s socket to connect`, () => connects(visitor) > 0);
}

/**
 * Job seekers opened and registered through the form, one per name, in order: the n-th (from 1) with
 * the password `<prefix>-<n>-password`.
 */
export async function registeredJobSeekers(
  browser: Browser,
  prefix: string,
  names: readonly (readonly [first: string, last: string])[],
): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  for (const [i, [first, last]] of names.entries()) {
    const visitor = await openVisitor(browser, first, last);
    await registerVisitor(visitor, { password: `${prefix}-${i + 1}-password`, accountType: 'job_seeker' });
    visitors.push(visitor);
  }
  return visitors;
}

/**
 * Registers each visitor through the form and gives them `skill` (set directly, as no screen of the
 * flow under test is about it), so two people who share an unusual skill suggest each other.
 */
export async function registerWithSkill(
  visitors: readonly Visitor[],
  password: string,
  skill: string,
): Promise<void> {
  for (const visitor of visitors) {
    await registerVisitor(visitor, { password, accountType: 'job_seeker' });
    const reply = await callFromPage(visitor.page, 'PUT', '/api/users/skills', {
      skills: [{ name: skill, proficiency: 'Expert', experience: 5 }],
    });
    expect(reply.status, `${visitor.first}'s skills`).toBe(200);
  }
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One axe-core rule broken on the page, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

let axeSource: string | undefined;

/**
 * axe-core's serious and critical violations on the page as it is now (axe is injected on first use).
 * Injected by evaluating its source, as the browser's tools do: the app's CSP refuses a script element
 * with inline code, which is what a script tag from a file would be.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= `${readFileSync(AXE_SCRIPT, 'utf8')}\n;undefined`;
  if (!(await page.evaluate<boolean>("typeof window.axe !== 'undefined'"))) await page.evaluate(axeSource);
  return page.evaluate<AxeViolation[]>(`
    axe.run(document, { resultTypes: ['violations'] }).then((results) =>
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.map((node) => node.target.join(' ') + ' :: ' + node.failureSummary),
        })),
    )
  `);
}

/**
 * In the page: resolves once the running animations that end have ended (a theme's colours ease over
 * 120 ms). One that is cancelled meanwhile (its element left the page, a newer change took over) counts
 * as ended instead of rejecting, and one that never ends (a spinner, the typing dots) is not waited for.
 */
export const settledAnimations = `Promise.all(document.getAnimations()
  .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
  .map((animation) => animation.finished.catch(() => undefined)))`;

/**
 * axe on the screen as it is, then at 375 px, each in the light and the dark theme: the findings as
 * "375px dark: rule: element :: summary". The theme is set on the page for the check only (the
 * person's saved theme stays as it is), and the size put back after. With `screenshots`, each look is
 * also kept as a full-page `<screenshots>-<width>-<theme>.jpg` next to the other screenshots.
 */
export async function axeAtEveryLook(
  page: Page,
  { screenshots }: { screenshots?: string } = {},
): Promise<string[]> {
  const size = page.viewportSize();
  const theme = await page.evaluate<string | undefined>('document.documentElement.dataset.theme');
  const found: string[] = [];
  for (const width of [size?.width ?? 1280, 375]) {
    await page.setViewportSize({ width, height: size?.height ?? 800 });
    for (const look of ['light', 'dark']) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(look)}`);
      // Colours ease over 120 ms: judge them once the change has finished, not halfway.
      await page.evaluate(settledAnimations);
      for (const violation of await axeViolations(page)) {
        found.push(...violation.nodes.map((node) => `${width}px ${look}: ${violation.id}: ${node}`));
      }
      if (screenshots) {
        await keepScreenshot(page, `${screenshots}-${width}-${look}`, { fullPage: true });
      }
    }
  }
  await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme ?? 'light')}`);
  if (size) await page.setViewportSize(size);
  return found;
}

/**
 * A JSON call from the person's page, as the app makes it (their cookie, this origin): for what no
 * screen offers (a connections-only post, skills set directly) or to read what the screen is built from.
 */
export async function callFromPage(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ([method, path, body]) => {
      const reply = await fetch(path, {
        method,
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
      });
      // As the app does with a command's reply: its consistency token goes to the tab's storage, so
      // the next screen this tab loads waits until the read side has applied the write.
      const token = reply.headers.get('x-consistency-token');
      if (token) {
        const kept = sessionStorage.getItem('consistency-tokens');
        sessionStorage.setItem('consistency-tokens', kept ? `${kept},${token}` : token);
      }
      return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
    },
    [method, path, body] as const,
  );
}

/** A figure a browser test measured, in the person's journal and the test's output. */
export function noteFigure(journal: string[], test: string, text: string): void {
  journal.push(`${stamp()} ${text}`);
  console.info(`${test} e2e: ${text}`);
}

/** A small, valid one-page PDF written by hand (the header, a catalogue, one page, the trailer). */
export function aPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The signed-in visitor's user id. */
export async function userIdOf(visitor: Visitor): Promise<string> {
  const me = await callFromPage(visitor.page, 'GET', '/api/auth/me');
  return String((me.body.user as { _id: string })._id);
}

/** `a` asks `b` to connect and `b` accepts, through the API as their pages would. */
export async function connectVisitors(a: Visitor, b: Visitor): Promise<void> {
  const requested = await callFromPage(a.page, 'POST', `/api/users/${await userIdOf(b)}/connect`);
  expect(requested.status, `${a.first} asks ${b.first} to connect`).toBe(201);
  const requestId = String((requested.body.data as { _id: string })._id);
  const accepted = await callFromPage(b.page, 'PUT', `/api/users/connections/${requestId}`, {
    status: 'accepted',
  });
  expect(accepted.status, `${b.first} accepts`).toBe(200);
}
