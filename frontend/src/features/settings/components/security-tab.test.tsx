import { passwordMessages, settingsMessages } from '@careers/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { descriptionOf } from '../../../testing/a11y';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, jsonReply, sentBodies, stubSession } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const labels = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
} as const;
type Passwords = Record<keyof typeof labels, string>;

const valid: Passwords = {
  currentPassword: 'old-secret',
  newPassword: 'new-secret',
  confirmPassword: 'new-secret',
};

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

async function fillPasswords(user: UserEvent, values: Passwords) {
  await screen.findByRole('heading', { name: 'Change password' });
  for (const name of Object.keys(labels) as Array<keyof Passwords>) {
    if (values[name] === '') continue;
    await user.click(field(labels[name]));
    await user.paste(values[name]);
  }
}

function renderSecurity(reply: () => Response | Promise<Response> = () => jsonReply(200, { message: 'ok' })) {
  const api = stubSession(ada, (method, url) =>
    method === 'PUT' && url === '/api/auth/change-password' ? reply() : jsonReply(404, {}),
  );
  return { api, ...renderApp('/settings') };
}

function updateButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Update password' });
}

describe('settings: security tab validation (spec section 5, "Change password")', () => {
  it.each<[string, string, string, Partial<Passwords>]>([
    ['current empty', 'Current password', passwordMessages.currentPasswordRequired, { currentPassword: '' }],
    [
      'current longer than any password',
      'Current password',
      passwordMessages.currentPasswordIncorrect,
      { currentPassword: 'x'.repeat(129) },
    ],
    ['new empty', 'New password', passwordMessages.newPasswordRequired, { newPassword: '' }],
    [
      'new 5 characters',
      'New password',
      passwordMessages.newPasswordTooShort,
      { newPassword: '12345', confirmPassword: '12345' },
    ],
    [
      'new too long',
      'New password',
      passwordMessages.newPasswordTooLong,
      { newPassword: 'y'.repeat(129), confirmPassword: 'y'.repeat(129) },
    ],
    [
      'new same as current',
      'New password',
      passwordMessages.newPasswordSameAsCurrent,
      { newPassword: 'old-secret', confirmPassword: 'old-secret' },
    ],
    [
      'confirmation empty',
      'Confirm new password',
      passwordMessages.confirmNewPasswordRequired,
      { confirmPassword: '' },
    ],
    [
      'confirmation different',
      'Confirm new password',
      passwordMessages.newPasswordsDoNotMatch,
      { confirmPassword: 'new-secreT' },
    ],
  ])('%s: "%s" reads "%s" and nothing is sent', async (_case, label, message, change) => {
    const { api, user } = renderSecurity();
    await fillPasswords(user, { ...valid, ...change });

    await user.click(updateButton());

    const control = field(label);
    expect(descriptionOf(control)).toEqual([message]);
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(control);
    expect(countCalls(api, 'PUT', '/api/auth/change-password')).toBe(0);
  });

  it("spells out the spec's two texts", () => {
    expect(passwordMessages.newPasswordsDoNotMatch).toBe('New passwords do not match');
    expect(passwordMessages.newPasswordTooShort).toBe('New password must be at least 6 characters');
  });

  it("clears a field's message when that field is edited, and only that one", async () => {
    const { user } = renderSecurity();
    await screen.findByRole('heading', { name: 'Change password' });
    await user.click(updateButton());
    expect(descriptionOf(field('Current password'))).toEqual([passwordMessages.currentPasswordRequired]);

    await user.type(field('Current password'), 'o');

    expect(descriptionOf(field('Current password'))).toEqual([]);
    expect(descriptionOf(field('New password'))).toEqual([passwordMessages.newPasswordRequired]);
    expect(descriptionOf(field('Confirm new password'))).toEqual([
      passwordMessages.confirmNewPasswordRequired,
    ]);
  });

  it('gives each password field its own show/hide toggle', async () => {
    const { user } = renderSecurity();
    await screen.findByRole('heading', { name: 'Change password' });
    const types = () => Object.values(labels).map((label) => field(label).type);

    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(types()).toEqual(['password', 'text', 'password']);
    await user.click(screen.getByRole('button', { name: 'Show current password' }));
    await user.click(screen.getByRole('button', { name: 'Show confirm new password' }));
    expect(types()).toEqual(['text', 'text', 'text']);
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(types()).toEqual(['text', 'password', 'text']);
  });
});

describe('settings: security tab saving', () => {
  it('sends the current and new password only, says so, and clears the fields', async () => {
    const { api, user } = renderSecurity();
    await fillPasswords(user, valid);

    await user.click(updateButton());

    expect((await screen.findByRole('status')).textContent).toBe(settingsMessages.passwordUpdated);
    expect(sentBodies(api, 'PUT', '/api/auth/change-password')).toEqual([
      { currentPassword: 'old-secret', newPassword: 'new-secret' },
    ]);
    expect(Object.values(labels).map((label) => field(label).value)).toEqual(['', '', '']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
  });

  it('reads "Updating password..." while the call is in flight', async () => {
    const reply = deferred<Response>();
    const { user } = renderSecurity(() => reply.promise);
    await fillPasswords(user, valid);

    await user.click(updateButton());

    const pending = screen.getByRole('button', { name: 'Updating password...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    reply.resolve(jsonReply(200, { message: 'ok' }));
    expect(await screen.findByText(settingsMessages.passwordUpdated)).toBeTruthy();
  });

  it.each([
    [400, { message: passwordMessages.currentPasswordIncorrect }],
    [400, {}],
    [500, { message: 'boom' }],
  ])("shows only the spec's failure text for a %i answer %j and keeps the fields", async (status, body) => {
    const { user, router } = renderSecurity(() => jsonReply(status, body));
    await fillPasswords(user, valid);

    await user.click(updateButton());

    expect((await screen.findByRole('alert')).textContent).toBe(settingsMessages.passwordUpdateFailed);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(field('Current password').value).toBe('old-secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('clears the outcome once the form is edited again', async () => {
    const { user } = renderSecurity(() =>
      jsonReply(400, { message: passwordMessages.currentPasswordIncorrect }),
    );
    await fillPasswords(user, valid);
    await user.click(updateButton());
    await screen.findByRole('alert');

    await user.type(field('Current password'), '!');

    expect(screen.queryByRole('alert')).toBeNull();
  });
});
