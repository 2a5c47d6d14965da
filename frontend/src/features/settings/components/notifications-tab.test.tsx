import { notificationDefaults } from '@careers/contracts/constants';
import type { User } from '@careers/contracts/entities/user';
import { settingsMessages } from '@careers/contracts/messages';
import { serverEvents } from '@careers/contracts/sockets';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, jsonReply, sentBodies, stubSession } from '../../../testing/fake-api';
import { fakeSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

const labels = [
  'Email notifications',
  'Push notifications',
  'Job alerts',
  'Connection requests',
  'Application updates',
  'Marketing emails',
];

function switches(): boolean[] {
  return labels.map((label) => (screen.getByRole('switch', { name: label }) as HTMLInputElement).checked);
}

type Reply = (body: unknown) => Response | Promise<Response>;

const echo: Reply = (body) => jsonReply(200, { data: { notificationSettings: body } });

async function openNotifications(reply: Reply = echo, signedIn: User = ada) {
  const api = stubSession(signedIn, (method, url, init) =>
    method === 'PUT' && url === '/api/users/notifications'
      ? reply(JSON.parse(String(init?.body)))
      : jsonReply(404, {}),
  );
  const rendered = renderApp('/settings');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Notifications' }));
  return { api, ...rendered };
}

describe('settings: notifications tab', () => {
  it("starts from the signed-in user's settings", async () => {
    await openNotifications(echo, {
      ...ada,
      notificationSettings: { ...notificationDefaults, jobAlerts: false, marketingEmails: true },
    });

    expect(switches()).toEqual([true, true, false, true, true, true]);
  });

  it('shows the defaults the server gives a new account: all on except marketing emails', async () => {
    await openNotifications();

    expect(switches()).toEqual([true, true, true, true, true, false]);
  });

  it('sends all six toggles, confirms, and keeps the saved values in the signed-in user', async () => {
    const { api, user } = await openNotifications();

    await user.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await user.click(screen.getByRole('switch', { name: 'Marketing emails' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('status')).textContent).toBe(settingsMessages.notificationsUpdated);
    expect(sentBodies(api, 'PUT', '/api/users/notifications')).toEqual([
      {
        emailNotifications: true,
        pushNotifications: false,
        jobAlerts: true,
        connectionRequests: true,
        applicationUpdates: true,
        marketingEmails: true,
      },
    ]);

    // The tab starts again from the cached user, which now holds the saved values.
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(switches()).toEqual([true, false, true, true, true, true]);
    expect(countCalls(api, 'GET', '/api/auth/me')).toBe(1);
  });

  it('reads "Saving..." while the call is in flight', async () => {
    const reply = deferred<Response>();
    const { user } = await openNotifications(() => reply.promise);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(jsonReply(200, { data: { notificationSettings: notificationDefaults } }));
    expect(await screen.findByText(settingsMessages.notificationsUpdated)).toBeTruthy();
  });

  it.each([
    [400, { message: 'Job alerts must be turned on or off' }],
    [500, {}],
  ])('shows the failure text for a %i answer %j', async (status, body) => {
    const { user } = await openNotifications(() => jsonReply(status, body));

    await user.click(screen.getByRole('switch', { name: 'Job alerts' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(settingsMessages.notificationsUpdateFailed);
    expect(screen.getByRole('status').textContent).toBe('');

    await user.click(screen.getByRole('switch', { name: 'Job alerts' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('settings: job alert emails', () => {
  it('shows the choice and saves a new one when picked, apart from the toggles', async () => {
    const api = stubSession(ada, (method, url, init) => {
      if (url !== '/api/users/mail-preferences') return jsonReply(404, {});
      return method === 'GET'
        ? jsonReply(200, { data: { jobAlertEmails: 'daily' } })
        : jsonReply(200, { data: JSON.parse(String(init?.body)) });
    });
    const { user } = renderApp('/settings?tab=notifications');
    const group = await screen.findByRole('group', { name: 'Job alert emails' });
    // Nothing is checked until the saved choice has arrived; wait for it, not for a moment.
    await screen.findByRole('radio', { name: 'Daily digest, at 8:00 in your time zone', checked: true });
    expect((screen.getByRole('radio', { name: 'As they come' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'As they come' }));
    expect(await screen.findByText('Job alert emails updated')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'As they come' }) as HTMLInputElement).checked).toBe(true);
    expect(sentBodies(api, 'PUT', '/api/users/mail-preferences')).toEqual([{ jobAlertEmails: 'instant' }]);
    expect(countCalls(api, 'PUT', '/api/users/notifications')).toBe(0);
    expect(group).toBeTruthy();
  });
});

describe('settings: job alert emails, a failed save', () => {
  it('says so and shows the saved choice again', async () => {
    stubSession(ada, (method, url) =>
      url === '/api/users/mail-preferences' && method === 'PUT' ? jsonReply(500, {}) : jsonReply(404, {}),
    );
    const { user } = renderApp('/settings?tab=notifications');
    const daily = (await screen.findByRole('radio', {
      name: 'Daily digest, at 8:00 in your time zone',
      checked: true,
    })) as HTMLInputElement;
    await user.click(screen.getByRole('radio', { name: 'As they come' }));
    expect(await screen.findByText('Failed to update job alert emails')).toBeTruthy();
    expect(daily.checked).toBe(true);
  });
});

describe('settings: job alert emails chosen in another tab', () => {
  it('shows the new choice when user:updated says the person changed, without a reload', async () => {
    let saved = 'daily';
    stubSession(ada, (method, url) =>
      url === '/api/users/mail-preferences' && method === 'GET'
        ? jsonReply(200, { data: { jobAlertEmails: saved } })
        : jsonReply(404, {}),
    );
    renderApp('/settings?tab=notifications');
    await screen.findByRole('radio', { name: 'Daily digest, at 8:00 in your time zone', checked: true });

    saved = 'instant';
    await fakeSocket.push(serverEvents.userUpdated, { consistencyToken: `${ada._id}@9` });
    expect(await screen.findByRole('radio', { name: 'As they come', checked: true })).toBeTruthy();
  });
});
