import { z } from 'zod';
import { passwordMessages } from '../messages.ts';
import { givenPassword, newPassword } from './fields.ts';

const passwordFields = {
  currentPassword: givenPassword({
    required: passwordMessages.currentPasswordRequired,
    // No stored password is this long, so it cannot be the current one.
    tooLong: passwordMessages.currentPasswordIncorrect,
  }),
  newPassword: newPassword({
    required: passwordMessages.newPasswordRequired,
    tooShort: passwordMessages.newPasswordTooShort,
    tooLong: passwordMessages.newPasswordTooLong,
  }),
};

function stringsGiven(value: unknown, keys: readonly string[]): boolean {
  // Runs even when the body is not an object at all (none sent, or JSON null): then nothing is given.
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return keys.every((key) => typeof record[key] === 'string');
}

const differentFromCurrent = {
  path: ['newPassword'],
  error: passwordMessages.newPasswordSameAsCurrent,
  when: (payload: { value: unknown }) => stringsGiven(payload.value, ['currentPassword', 'newPassword']),
};

/** `PUT /auth/change-password`. */
export const ChangePasswordRequest = z
  .object(passwordFields)
  .refine((body) => body.newPassword !== body.currentPassword, differentFromCurrent);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The security tab's form: the request plus the confirmation, which is checked on the client only. */
export const ChangePasswordForm = z
  .object({
    ...passwordFields,
    confirmPassword: z
      .string({ error: passwordMessages.confirmNewPasswordRequired })
      .min(1, passwordMessages.confirmNewPasswordRequired),
  })
  .refine((form) => form.newPassword !== form.currentPassword, differentFromCurrent)
  .refine((form) => form.confirmPassword === '' || form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: passwordMessages.newPasswordsDoNotMatch,
    when: (payload) => stringsGiven(payload.value, ['newPassword', 'confirmPassword']),
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;
