import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ROOT } from './topology.ts';

export const ARTIFACTS = `${ROOT}/e2e/artifacts`;

let shared: Browser | undefined;

/** Debian's chromium-headless-shell, which npm start installs (scripts/stack.sh). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Chromium's old headless shell where it is installed, else the whole browser in its headless mode.
 * The shell renders the same pages without the browser's own machinery: the responsive walk's
 * Chromium CPU went from 64 to 35 s with it, and Chromium had been a third of npm test's CPU.
 */
function browserPath(): string {
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

/**
 * The system Chromium (a test tool's own browser download is not available here), one for every
 * browser test of a run: they run one file at a time in one worker (`isolate: false`), and launching
 * one per file cost about 1.2 s of CPU each. Each call gets a handle of its own on it, whose `close`
 * closes the contexts (and their pages) opened through that handle only, so no cookie, page or cache
 * passes from one file to the next. Playwright closes the browser itself when the worker exits.
 */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  if (!shared?.isConnected()) {
    shared = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? browserPath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        // Every page in one renderer process: the browser test files ran on 145 s of Chromium CPU
        // instead of 179 s, and in 158 s instead of 183 s (the machine has two cores). The pages are
        // still apart: each context keeps its own cookies, storage and cache.
        '--disable-site-isolation-trials',
        '--renderer-process-limit=1',
      ],
    });
  }
  const browser = shared;
  const opened = new Set<BrowserContext>();
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    opened.add(context);
    return context;
  };
  const handle: Partial<Browser> = {
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    close: async () => {
      for (const context of opened) await context.close().catch(() => {});
      opened.clear();
    },
  };
  return new Proxy(browser, {
    get: (target, property) => {
      if (Object.hasOwn(handle, property)) return handle[property as keyof Browser];
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A screenshot for review, kept as `<name>.jpg` in the artifacts (`fullPage`: the whole page, not just
 * the window). JPEG: encoded as PNG, the shots of three of the browser test files cost 8 s more of
 * the machine's CPU (62 s against 54; 55 with no shots at all).
 */
export async function keepScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  await page.screenshot({ path: `${ARTIFACTS}/${name}.jpg`, fullPage, type: 'jpeg', quality: 80 });
}
