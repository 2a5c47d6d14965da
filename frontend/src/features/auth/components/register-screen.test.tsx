import { authMessages, registerMessages } from '@careers/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { descriptionOf } from '../../../testing/a11y';
import { deferred } from '../../../testing/deferred';
import { ada, countCalls, jsonReply, sentBodies, stubSession } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

const textFields = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
} as const;
type TextFieldName = keyof typeof textFields;

const valid: Record<TextFieldName, string> & { accountType: string } = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  accountType: 'job_seeker',
};

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input, select' });
}

async function fillForm(user: UserEvent, values: Partial<typeof valid>) {
  await screen.findByRole('heading', { name: 'Create your account' });
  for (const name of Object.keys(textFields) as TextFieldName[]) {
    const value = values[name];
    if (!value) continue;
    await user.click(field(textFields[name]));
    await user.paste(value); // paste: some cases are 250 characters long
  }
  if (values.accountType) await user.selectOptions(field('Account type'), values.accountType);
}

function renderRegister(reply: () => Response | Promise<Response> = () => jsonReply(201, { user: ada })) {
  const api = stubSession(null, (method, url) =>
    method === 'POST' && url === '/api/auth/register' ? reply() : jsonReply(404, {}),
  );
  return { api, ...renderApp('/register') };
}

describe('register screen: validation (spec section 5)', () => {
  it.each<[string, string, string, Partial<typeof valid>]>([
    ['first name empty', 'First name', registerMessages.firstNameRequired, { firstName: '' }],
    ['first name blank', 'First name', registerMessages.firstNameRequired, { firstName: '   ' }],
    ['first name 1 character', 'First name', registerMessages.firstNameTooShort, { firstName: 'A' }],
    ['first name too long', 'First name', registerMessages.firstNameTooLong, { firstName: 'A'.repeat(51) }],
    ['last name empty', 'Last name', registerMessages.lastNameRequired, { lastName: '' }],
    ['last name 1 character', 'Last name', registerMessages.lastNameTooShort, { lastName: 'L' }],
    ['last name too long', 'Last name', registerMessages.lastNameTooLong, { lastName: 'L'.repeat(51) }],
    ['email empty', 'Email', registerMessages.emailRequired, { email: '' }],
    ['email without @', 'Email', registerMessages.emailInvalid, { email: 'ada.example.com' }],
    ['email without dot', 'Email', registerMessages.emailInvalid, { email: 'ada@example' }],
    ['email with a space', 'Email', registerMessages.emailInvalid, { email: 'ada love@example.com' }],
    ['email too long', 'Email', registerMessages.emailTooLong, { email: `${'a'.repeat(250)}@x.io` }],
    ['password empty', 'Password', registerMessages.passwordRequired, { password: '' }],
    [
      'password 5 characters',
      'Password',
      registerMessages.passwordTooShort,
      { password: '12345', confirmPassword: '12345' },
    ],
    [
      'password too long',
      'Password',
      registerMessages.passwordTooLong,
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
    ],
    [
      'confirmation empty',
      'Confirm password',
      registerMessages.confirmPasswordRequired,
      { confirmPassword: '' },
    ],
    [
      'confirmation different',
      'Confirm password',
      registerMessages.passwordsDoNotMatch,
      { confirmPassword: 'secret2' },
    ],
    ['no account type', 'Account type', registerMessages.accountTypeRequired, { accountType: '' }],
  ])('%s: "%s" reads "%s" and nothing is sent', async (_case, label, message, change) => {
    const { api, user } = renderRegister();
    await fillForm(user, { ...valid, ...change });

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const control = field(label);
    expect(descriptionOf(control)).toContain(message);
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(control);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(countCalls(api, 'POST', '/api/auth/register')).toBe(0);
  });

  it('shows every required message at once for an empty form and focuses the first name', async () => {
    const { api, user } = renderRegister();
    await screen.findByRole('heading', { name: 'Create your account' });

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(descriptionOf(field('First name'))).toEqual([registerMessages.firstNameRequired]);
    expect(descriptionOf(field('Last name'))).toEqual([registerMessages.lastNameRequired]);
    expect(descriptionOf(field('Email'))).toEqual([registerMessages.emailRequired]);
    expect(descriptionOf(field('Password'))).toEqual([registerMessages.passwordRequired]);
    expect(descriptionOf(field('Confirm password'))).toEqual([registerMessages.confirmPasswordRequired]);
    expect(descriptionOf(field('Account type'))).toEqual([registerMessages.accountTypeRequired]);
    expect(document.activeElement).toBe(field('First name'));
    expect(countCalls(api, 'POST', '/api/auth/register')).toBe(0);
  });

  it("clears a field's message when that field is edited, and only that one", async () => {
    const { user } = renderRegister();
    await screen.findByRole('heading', { name: 'Create your account' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await user.type(field('First name'), 'A');

    expect(screen.queryByText(registerMessages.firstNameRequired)).toBeNull();
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(registerMessages.lastNameRequired)).toBeTruthy();

    await user.selectOptions(field('Account type'), 'employer');
    expect(screen.queryByText(registerMessages.accountTypeRequired)).toBeNull();
    expect(screen.getByText(registerMessages.emailRequired)).toBeTruthy();
  });

  it('starts with no account type chosen, then shows the hint for the chosen one', async () => {
    const { user } = renderRegister();
    await screen.findByRole('heading', { name: 'Create your account' });
    const select = field('Account type');
    expect((select as unknown as HTMLSelectElement).value).toBe('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select account type', 'Job Seeker', 'Employer']);
    expect(descriptionOf(select)).toEqual([]);

    await user.selectOptions(select, 'job_seeker');
    expect(descriptionOf(select)).toEqual(['Find and apply to job opportunities']);

    await user.selectOptions(select, 'Employer');
    expect(descriptionOf(select)).toEqual(['Post jobs and hire talented professionals']);
  });

  it('gives each password field its own show/hide toggle', async () => {
    const { user } = renderRegister();
    await screen.findByRole('heading', { name: 'Create your account' });
    const password = field('Password');
    const confirm = field('Confirm password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect([password.type, confirm.type]).toEqual(['text', 'password']);

    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect([password.type, confirm.type]).toEqual(['text', 'text']);

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect([password.type, confirm.type]).toEqual(['password', 'text']);

    await user.click(screen.getByRole('button', { name: 'Hide confirm password' }));
    expect([password.type, confirm.type]).toEqual(['password', 'password']);
  });
});

describe('register screen: sending', () => {
  it('sends the account without confirmPassword and lands on the dashboard with the user cached', async () => {
    const { api, user, router } = renderRegister();
    await fillForm(user, {
      ...valid,
      firstName: '  Ada ',
      email: ' Ada@Example.com',
      accountType: 'employer',
    });

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(sentBodies(api, 'POST', '/api/auth/register')).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'secret1',
        accountType: 'employer',
      },
    ]);
    expect(countCalls(api, 'GET', '/api/auth/me')).toBe(1);
  });

  it('reads "Creating account..." while the call is in flight', async () => {
    const reply = deferred<Response>();
    const { user } = renderRegister(() => reply.promise);
    await fillForm(user, valid);

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const pending = screen.getByRole('button', { name: 'Creating account...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    reply.resolve(jsonReply(201, { user: ada }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeTruthy();
  });

  it.each([
    [409, { message: authMessages.emailTaken }, authMessages.emailTaken],
    [400, { message: registerMessages.passwordTooShort }, registerMessages.passwordTooShort],
    [400, {}, 'Registration failed'],
  ])('shows the %i answer %j in the red banner above the form', async (status, body, banner) => {
    const { user, router } = renderRegister(() => jsonReply(status, body));
    await fillForm(user, valid);

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(banner);
    expect(alert.compareDocumentPosition(field('First name'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it.each(['First name', 'Last name', 'Email', 'Password', 'Confirm password'])(
    'clears the banner when %s is edited',
    async (label) => {
      const { user } = renderRegister(() => jsonReply(409, { message: authMessages.emailTaken }));
      await fillForm(user, valid);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await screen.findByRole('alert');

      await user.type(field(label), 'x');

      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('clears the banner when the account type is changed', async () => {
    const { user } = renderRegister(() => jsonReply(409, { message: authMessages.emailTaken }));
    await fillForm(user, valid);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('alert');

    await user.selectOptions(field('Account type'), 'employer');

    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links back to the sign-in screen', async () => {
    const { user, router } = renderRegister();

    await user.click(await screen.findByRole('link', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
