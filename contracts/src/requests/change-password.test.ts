import { describe, expect, it } from 'vitest';
import { passwordMessages } from '../messages.ts';
import { fieldErrors } from '../validation.ts';
import { ChangePasswordForm, ChangePasswordRequest } from './change-password.ts';

function errorsOf(result: ReturnType<typeof ChangePasswordForm.safeParse>): Record<string, string> {
  return result.success ? {} : fieldErrors(result.error);
}

describe('ChangePasswordRequest', () => {
  it('accepts a new password of 6 characters', () => {
    expect(ChangePasswordRequest.parse({ currentPassword: 'old-one', newPassword: '123456' })).toEqual({
      currentPassword: 'old-one',
      newPassword: '123456',
    });
  });

  it('rejects a short new password with the spec message', () => {
    const result = ChangePasswordRequest.safeParse({ currentPassword: 'old-one', newPassword: '12345' });
    expect(result.error?.issues[0]?.message).toBe(passwordMessages.newPasswordTooShort);
    expect(passwordMessages.newPasswordTooShort).toBe('New password must be at least 6 characters');
  });

  it('requires the current password', () => {
    const result = ChangePasswordRequest.safeParse({ currentPassword: '', newPassword: '1234567' });
    expect(result.error?.issues[0]?.message).toBe(passwordMessages.currentPasswordRequired);
  });

  it.each([undefined, null, 'text', 12])(
    'refuses a body that is not an object (%s) with a message',
    (body) => {
      const result = ChangePasswordRequest.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/\S/);
      expect(ChangePasswordForm.safeParse(body).success).toBe(false);
    },
  );

  it('refuses a new password equal to the current one', () => {
    const result = ChangePasswordRequest.safeParse({
      currentPassword: 'same-pass',
      newPassword: 'same-pass',
    });
    expect(result.error?.issues[0]?.message).toBe(passwordMessages.newPasswordSameAsCurrent);
  });
});

describe('ChangePasswordForm', () => {
  const form = { currentPassword: 'old-one', newPassword: 'new-one', confirmPassword: 'new-one' };

  it('accepts a matching confirmation', () => {
    expect(ChangePasswordForm.safeParse(form).success).toBe(true);
  });

  it('reports "New passwords do not match"', () => {
    expect(errorsOf(ChangePasswordForm.safeParse({ ...form, confirmPassword: 'other' }))).toEqual({
      confirmPassword: 'New passwords do not match',
    });
  });

  it('reports the mismatch and the short password together', () => {
    expect(
      errorsOf(ChangePasswordForm.safeParse({ ...form, newPassword: 'abc', confirmPassword: 'abd' })),
    ).toEqual({
      newPassword: passwordMessages.newPasswordTooShort,
      confirmPassword: passwordMessages.newPasswordsDoNotMatch,
    });
  });
});
