/**
 * The Profile screen in a browser, against the whole product: a new job seeker edits their profile,
 * adds skills and desired roles, saves, uploads a picture and a PDF through the real file inputs, sees
 * the spec's messages and the completion percent move, reloads and finds everything kept (the picture
 * in the top bar too), removes both, and sees the server refuse a text file named .pdf. axe checks the
 * filled screen at 1280 and 375 px in both themes. What the page saw is kept next to the screenshots.
 */
import { fallbackMessages, profileMessages } from '@careers/contracts/messages';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser } from './browser.ts';
import {
  aPdf,
  at,
  axeAtEveryLook,
  closeVisitors,
  openVisitor,
  registerVisitor,
  replyTo,
  type Visitor,
  visible,
} from './browser-steps.ts';

/** A real PNG, made here: a 96 x 96 square with a gradient, so the server has something to decode. */
async function aPng(): Promise<Buffer> {
  const size = 96;
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i += 1) {
    pixels[i * 3] = (i % size) * 2;
    pixels[i * 3 + 1] = 90;
    pixels[i * 3 + 2] = Math.floor(i / size) * 2;
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });

/** The percent Profile Stats shows. */
async function completion(page: Page): Promise<string | null> {
  return page
    .getByRole('region', { name: 'Profile Stats', exact: true })
    .locator('.completion-percent')
    .textContent();
}

async function percentReads(page: Page, percent: string): Promise<void> {
  await visible(
    page.getByRole('region', { name: 'Profile Stats', exact: true }).getByText(percent, { exact: true }),
    `the completion percent ${percent}`,
  );
}

describe('profile in a browser: edit, upload, reload, remove, refuse', () => {
  let browser: Browser;
  let ada: Visitor;
  let axeFindings: string[] = [];
  let png: Buffer;

  beforeAll(async () => {
    png = await aPng();
    browser = await launchBrowser();
    ada = await openVisitor(browser, 'Ada', 'Lovelace');
    await registerVisitor(ada, { password: 'profile-e2e-password', accountType: 'job_seeker' });
  });
  afterAll(() => closeVisitors(browser, { profile: ada }));

  const shot = (name: string) => keepScreenshot(ada.page, `profile-${name}`, { fullPage: true });

  it('edits the profile, adds skills and desired roles, and saves', async () => {
    const { page } = ada;
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'Profile', exact: true })
      .click();
    await at(page, '/profile');
    await visible(
      page.getByRole('heading', { name: 'Profile', exact: true, level: 1 }),
      'the Profile screen',
    );
    await visible(page.getByText(profileMessages.resumeNotAdded, { exact: true }), '"Resume Not Added Yet"');
    expect(await completion(page), 'a new account: first and last name').toBe('33%');
    expect(await field(page, 'Bio').isDisabled(), 'the fields are disabled unless editing').toBe(true);

    await page.getByRole('button', { name: 'Edit Profile', exact: true }).click();
    await field(page, 'Job title').fill('Analyst of engines');
    await field(page, 'Phone').fill('+44 20 7946 0000');
    await field(page, 'Bio').fill('I wrote the first program for the Analytical Engine.');
    await field(page, 'City').fill('London');
    await field(page, 'Country').fill('United Kingdom');
    await field(page, 'Skill name').fill('Mathematics');
    await field(page, 'Proficiency').selectOption('Expert');
    await field(page, 'Years of experience').fill('20');
    await page.getByRole('button', { name: 'Add Skill', exact: true }).click();
    await field(page, 'Skill name').fill('Poetry');
    await field(page, 'Skill name').press('Enter');
    await field(page, 'Desired role').fill('Programmer');
    await page.getByRole('button', { name: 'Add Role', exact: true }).click();
    await field(page, 'Desired role').fill('Analyst');
    await field(page, 'Desired role').press('Enter');
    await field(page, 'Preferred location').selectOption('Remote');
    await field(page, 'Minimum salary expectation').fill('90000');
    await field(page, 'Maximum salary expectation').fill('120000');

    const reply = await replyTo(page, 'PUT', '/api/users/profile', () =>
      page.getByRole('button', { name: 'Save Changes', exact: true }).click(),
    );
    expect(reply.status(), 'PUT /api/users/profile').toBe(200);
    await visible(page.getByText(profileMessages.updated, { exact: true }), `"${profileMessages.updated}"`);
    // Names, bio, city and a skill: five of six.
    await percentReads(page, '83%');
    expect(await field(page, 'Bio').isDisabled(), 'a successful save leaves edit mode').toBe(true);
    await visible(page.getByText('Expert · 20 years', { exact: true }), "the skill's proficiency and years");
    await visible(
      page.getByRole('listitem').filter({ hasText: 'Programmer' }),
      'the desired role Programmer',
    );
    await shot('saved');
  });

  it('uploads a picture and a PDF resume through the file inputs', async () => {
    const { page } = ada;
    await page.getByRole('button', { name: 'Edit Profile', exact: true }).click();

    const picture = await replyTo(page, 'POST', '/api/users/profile-picture', () =>
      field(page, 'Upload picture').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: png }),
    );
    expect(picture.status(), `POST profile-picture: ${await picture.text()}`).toBe(200);
    await visible(
      page.getByText(profileMessages.uploaded('profilePicture'), { exact: true }),
      'the picture upload message',
    );
    const topBarPicture = page.getByRole('banner').getByRole('img', { name: 'Ada Lovelace', exact: true });
    await visible(topBarPicture, 'the picture in the top bar');

    const resume = await replyTo(page, 'POST', '/api/users/resume', () =>
      field(page, 'Upload resume').setInputFiles({
        name: 'ada-lovelace.pdf',
        mimeType: 'application/pdf',
        buffer: aPdf(),
      }),
    );
    expect(resume.status(), `POST resume: ${await resume.text()}`).toBe(200);
    await visible(
      page.getByText(profileMessages.uploaded('resume'), { exact: true }),
      'the resume upload message',
    );
    await visible(page.getByText('ada-lovelace.pdf', { exact: true }), 'the resume filename');
    await percentReads(page, '100%');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  it('finds everything kept after a reload, the picture loaded in the top bar and on the screen', async () => {
    const { page } = ada;
    await page.reload();
    await visible(
      page.getByRole('heading', { name: 'Profile', exact: true, level: 1 }),
      'the Profile screen',
    );
    await visible(page.getByText('ada-lovelace.pdf', { exact: true }), 'the resume after the reload');
    await percentReads(page, '100%');
    expect(await field(page, 'Bio').inputValue()).toBe(
      'I wrote the first program for the Analytical Engine.',
    );
    expect(await field(page, 'City').inputValue()).toBe('London');
    expect(await field(page, 'Preferred location').inputValue()).toBe('Remote');
    expect(await field(page, 'Minimum salary expectation').inputValue()).toBe('90000');
    await visible(page.getByText('Expert · 20 years', { exact: true }), 'the skill after the reload');
    const stats = page.getByRole('region', { name: 'Profile Stats', exact: true });
    expect(await stats.textContent()).toMatch(
      /Skills\s*2\s*Desired roles\s*2\s*Account type\s*job seeker\s*Resume\s*Uploaded/,
    );

    for (const image of await page.getByRole('img', { name: 'Ada Lovelace', exact: true }).all()) {
      await expect
        .poll(() => image.evaluate((element: { naturalWidth?: number }) => element.naturalWidth ?? 0), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
    }
    expect(await page.getByRole('img', { name: 'Ada Lovelace', exact: true }).count()).toBe(2);
    await shot('filled');
    axeFindings = await axeAtEveryLook(page);
  });

  it('downloads the resume', async () => {
    const { page } = ada;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download resume', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ada-lovelace.pdf');
    await visible(
      page.getByText(profileMessages.downloadStarted('resume'), { exact: true }),
      'the download message',
    );
  });

  it('removes the resume, sees the server refuse a text file named .pdf, and removes the picture', async () => {
    const { page } = ada;
    await page.getByRole('button', { name: 'Edit Profile', exact: true }).click();
    const removed = await replyTo(page, 'DELETE', '/api/users/resume', () =>
      page.getByRole('button', { name: 'Remove resume', exact: true }).click(),
    );
    expect(removed.status()).toBe(200);
    await visible(
      page.getByText(profileMessages.removed('resume'), { exact: true }),
      'the resume removal message',
    );
    await visible(page.getByText(profileMessages.resumeNotAdded, { exact: true }), '"Resume Not Added Yet"');
    await percentReads(page, '83%');

    const refused = await replyTo(page, 'POST', '/api/users/resume', () =>
      field(page, 'Upload resume').setInputFiles({
        name: 'notes.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('These are plain notes, not a PDF at all.\n'),
      }),
    );
    expect(refused.status(), 'a text file named .pdf').toBe(400);
    const { message } = (await refused.json()) as { message: string };
    const alert = page
      .getByRole('alert')
      .filter({ hasText: profileMessages.uploadFailed('resume', message) });
    await visible(alert, `"${profileMessages.uploadFailed('resume', message)}"`);
    expect(message).not.toBe(fallbackMessages.uploadResume);
    await shot('refused');
    await alert.getByRole('button', { name: 'Dismiss', exact: true }).click();
    expect(await alert.count(), 'the error dismissed').toBe(0);

    const pictureGone = await replyTo(page, 'DELETE', '/api/users/profile-picture', () =>
      page.getByRole('button', { name: 'Remove picture', exact: true }).click(),
    );
    expect(pictureGone.status()).toBe(200);
    await visible(
      page.getByText(profileMessages.removed('profilePicture'), { exact: true }),
      'the picture removal message',
    );
    expect(await page.getByRole('img', { name: 'Ada Lovelace', exact: true }).count()).toBe(0);
    await visible(page.getByRole('banner').getByText('AL', { exact: true }), 'the initials in the top bar');

    await page.reload();
    await visible(
      page.getByText(profileMessages.resumeNotAdded, { exact: true }),
      'no resume after the reload',
    );
    await percentReads(page, '83%');
    expect(await page.getByRole('img', { name: 'Ada Lovelace', exact: true }).count()).toBe(0);
  });

  it('met no serious or critical axe-core finding on the filled screen', () => {
    expect(axeFindings).toEqual([]);
  });

  it('met no server error and no page error', () => {
    expect(ada.journal.filter((line) => / -> 5\d\d$| page error: /.test(line))).toEqual([]);
  });
});
