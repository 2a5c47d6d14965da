import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerMessages } from '../messages.ts';
import { fieldErrors } from '../validation.ts';
import { RegisterForm, RegisterRequest } from './register.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  accountType: 'job_seeker',
};

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return fieldErrors(result.error);
}

describe('RegisterRequest', () => {
  it('accepts a valid registration, trimming names and lowercasing the email', () => {
    const parsed = RegisterRequest.parse({ ...valid, firstName: '  Ada ', email: ' Ada@Example.COM ' });
    expect(parsed).toEqual({ ...valid, firstName: 'Ada', email: 'ada@example.com' });
  });

  it('does not trim the password', () => {
    expect(RegisterRequest.parse({ ...valid, password: ' secret ' }).password).toBe(' secret ');
  });

  it.each([
    ['firstName', '', registerMessages.firstNameRequired],
    ['firstName', '   ', registerMessages.firstNameRequired],
    ['firstName', undefined, registerMessages.firstNameRequired],
    ['firstName', 'A', registerMessages.firstNameTooShort],
    ['firstName', ' A ', registerMessages.firstNameTooShort],
    ['firstName', 'A'.repeat(51), registerMessages.firstNameTooLong],
    ['lastName', '', registerMessages.lastNameRequired],
    ['lastName', 'L', registerMessages.lastNameTooShort],
    ['email', '', registerMessages.emailRequired],
    ['email', undefined, registerMessages.emailRequired],
    ['email', 'ada.example.com', registerMessages.emailInvalid],
    ['password', '', registerMessages.passwordRequired],
    ['password', undefined, registerMessages.passwordRequired],
    ['password', '12345', registerMessages.passwordTooShort],
    ['password', 'x'.repeat(129), registerMessages.passwordTooLong],
    ['accountType', undefined, registerMessages.accountTypeRequired],
    ['accountType', '', registerMessages.accountTypeRequired],
    ['accountType', 'admin', registerMessages.accountTypeRequired],
  ])('%s = %j reads "%s"', (field, value, message) => {
    const errors = errorsOf(RegisterRequest, { ...valid, [field]: value });
    expect(errors).toEqual({ [field]: message });
  });

  it('reports one message per field, the first rule that fails', () => {
    const result = RegisterRequest.safeParse({ firstName: '', lastName: '', email: '', password: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      registerMessages.firstNameRequired,
      registerMessages.lastNameRequired,
      registerMessages.emailRequired,
      registerMessages.passwordRequired,
      registerMessages.accountTypeRequired,
    ]);
  });

  it('accepts exactly 2-character names and a 6-character password', () => {
    expect(
      RegisterRequest.safeParse({ ...valid, firstName: 'Al', lastName: 'Wu', password: '123456' }).success,
    ).toBe(true);
  });

  it('drops a confirmPassword sent by mistake', () => {
    expect(RegisterRequest.parse({ ...valid, confirmPassword: 'secret1' })).not.toHaveProperty(
      'confirmPassword',
    );
  });
});

describe('RegisterForm', () => {
  const form = { ...valid, confirmPassword: 'secret1' };

  it('accepts matching passwords', () => {
    expect(RegisterForm.safeParse(form).success).toBe(true);
  });

  it('asks to confirm an empty confirmation', () => {
    expect(errorsOf(RegisterForm, { ...form, confirmPassword: '' })).toEqual({
      confirmPassword: registerMessages.confirmPasswordRequired,
    });
  });

  it('reports a mismatch', () => {
    expect(errorsOf(RegisterForm, { ...form, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: registerMessages.passwordsDoNotMatch,
    });
  });

  it('reports a mismatch alongside other field errors', () => {
    expect(errorsOf(RegisterForm, { ...form, firstName: '', confirmPassword: 'nope' })).toEqual({
      firstName: registerMessages.firstNameRequired,
      confirmPassword: registerMessages.passwordsDoNotMatch,
    });
  });
});
