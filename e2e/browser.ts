import { mkdirSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { ROOT } from './topology.ts';

export const ARTIFACTS = `${ROOT}/e2e/artifacts`;

/** The system Chromium (a test tool's own browser download is not available here). */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}
