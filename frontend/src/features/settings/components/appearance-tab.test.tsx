import { appearanceDefaults } from '@careers/contracts/constants';
import type { User } from '@careers/contracts/entities/user';
import { appearanceMessages, settingsMessages } from '@careers/contracts/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, jsonReply, sentBodies, stubSession } from '../../../testing/fake-api';
import { installMatchMedia } from '../../../testing/match-media';
import { renderApp } from '../../../testing/render-app';

type Reply = (body: unknown) => Response | Promise<Response>;

const echo: Reply = (body) => jsonReply(200, { data: { appearanceSettings: body } });

async function openAppearance(reply: Reply = echo, signedIn: User = ada) {
  const api = stubSession(signedIn, (method, url, init) =>
    method === 'PUT' && url === '/api/users/appearance'
      ? reply(JSON.parse(String(init?.body)))
      : jsonReply(404, {}),
  );
  const rendered = renderApp('/settings');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Appearance' }));
  return { api, ...rendered };
}

function select(label: string): HTMLSelectElement {
  return screen.getByRole('combobox', { name: label });
}

function optionLabels(label: string): Array<string | null> {
  return within(select(label))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

function themeColor(): string | null {
  return document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null;
}

describe('settings: appearance tab', () => {
  it("offers the spec's choices and starts from the signed-in user's settings", async () => {
    await openAppearance(echo, {
      ...ada,
      appearanceSettings: { theme: 'dark', language: 'fr', timezone: 'PST' },
    });

    expect(optionLabels('Theme')).toEqual(['Light', 'Dark', 'System']);
    expect(optionLabels('Language')).toEqual(['English', 'Spanish', 'French', 'German']);
    expect(optionLabels('Timezone')).toEqual(['UTC', 'EST', 'CST', 'MST', 'PST']);
    expect([select('Theme').value, select('Language').value, select('Timezone').value]).toEqual([
      'dark',
      'fr',
      'PST',
    ]);
  });

  it('says next to the language that only English texts exist, and what the language changes', async () => {
    await openAppearance();

    const language = select('Language');
    const note = document.getElementById(language.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(appearanceMessages.languageNote);
  });

  it('shows the defaults the server gives a new account: light, English, UTC', async () => {
    await openAppearance();

    expect([select('Theme').value, select('Language').value, select('Timezone').value]).toEqual([
      appearanceDefaults.theme,
      appearanceDefaults.language,
      appearanceDefaults.timezone,
    ]);
  });

  it('saves, confirms, applies the theme here and keeps the values in the signed-in user', async () => {
    window.localStorage.setItem('theme', 'light');
    const { api, user } = await openAppearance();
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.selectOptions(select('Theme'), 'Dark');
    await user.selectOptions(select('Language'), 'German');
    await user.selectOptions(select('Timezone'), 'EST');
    // Choosing is not saving: the page keeps its theme until the save succeeds.
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('status')).textContent).toBe(settingsMessages.appearanceUpdated);
    expect(sentBodies(api, 'PUT', '/api/users/appearance')).toEqual([
      { theme: 'dark', language: 'de', timezone: 'EST' },
    ]);
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(themeColor()).toBe('#0f0f23');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.click(screen.getByRole('tab', { name: 'Appearance' }));
    expect([select('Theme').value, select('Language').value, select('Timezone').value]).toEqual([
      'dark',
      'de',
      'EST',
    ]);
    expect(countCalls(api, 'GET', '/api/auth/me')).toBe(1);
  });

  it('follows the system after saving "system"', async () => {
    window.localStorage.setItem('theme', 'light');
    installMatchMedia({ prefersDark: true });
    const { user } = await openAppearance();
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.selectOptions(select('Theme'), 'System');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(settingsMessages.appearanceUpdated);
    expect(window.localStorage.getItem('theme')).toBe('system');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(themeColor()).toBe('#0f0f23');
  });

  it('switches back to light after saving "light"', async () => {
    window.localStorage.setItem('theme', 'dark');
    const { user } = await openAppearance(echo, {
      ...ada,
      appearanceSettings: { ...appearanceDefaults, theme: 'dark' },
    });
    expect(document.documentElement.dataset.theme).toBe('dark');

    await user.selectOptions(select('Theme'), 'Light');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(settingsMessages.appearanceUpdated);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(themeColor()).toBe('#ffffff');
  });

  it('reads "Saving..." while the call is in flight', async () => {
    const reply = deferred<Response>();
    const { user } = await openAppearance(() => reply.promise);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(jsonReply(200, { data: { appearanceSettings: appearanceDefaults } }));
    expect(await screen.findByText(settingsMessages.appearanceUpdated)).toBeTruthy();
  });

  it.each([
    [400, { message: settingsMessages.themeInvalid }],
    [500, {}],
  ])('shows the failure text for a %i answer %j and leaves the theme alone', async (status, body) => {
    window.localStorage.setItem('theme', 'light');
    const { user } = await openAppearance(() => jsonReply(status, body));

    await user.selectOptions(select('Theme'), 'Dark');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(settingsMessages.appearanceUpdateFailed);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.selectOptions(select('Language'), 'Spanish');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
