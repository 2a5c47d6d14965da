/**
 * Steps the browser tests share: waiting for what a person would see, catching the reply of the call
 * an action makes, signing up, and reading the socket.io packets a page received.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { WEB_URL } from './topology.ts';

/** How long a step may wait for the screen: generous, as two cores run the whole product. */
export const WAIT = 15_000;

/** A time stamp for a page's journal: "14:03:07.512". */
export const stamp = () => new Date().toISOString().slice(11, 23);

export async function visible(locator: Locator, what: string): Promise<void> {
  try {
    await locator.waitFor({ state: 'visible', timeout: WAIT });
  } catch {
    throw new Error(`${what}: not visible within ${WAIT / 1000} s`);
  }
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

/** The socket.io events among the `received` packets, parsed: each `name` event's payload. */
export function eventsIn(received: readonly string[], name: string): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (const packet of received) {
    const body = packet.match(/^2\d*(\[.*)$/s)?.[1];
    if (body === undefined) continue;
    const [event, payload] = JSON.parse(body) as [string, Record<string, unknown>];
    if (event === name) events.push(payload);
  }
  return events;
}

/** Counts the namespace connect acknowledgements: from one on, the socket is in its rooms. */
export function connectsIn(received: readonly string[]): number {
  return received.filter((packet) => packet.startsWith('0')).length;
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
