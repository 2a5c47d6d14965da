import { z } from 'zod';
import { AccountType } from '../entities/enums.ts';
import { registerMessages } from '../messages.ts';
import { EmailAddress, FirstName, LastName, newPassword } from './fields.ts';

const Password = newPassword({
  required: registerMessages.passwordRequired,
  tooShort: registerMessages.passwordTooShort,
  tooLong: registerMessages.passwordTooLong,
});

/** `POST /auth/register`. Names are trimmed and the email lowercased; confirmPassword is not sent. */
export const RegisterRequest = z.object({
  firstName: FirstName,
  lastName: LastName,
  email: EmailAddress,
  password: Password,
  accountType: AccountType,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;
export type RegisterRequestInput = z.input<typeof RegisterRequest>;

/** The register screen's form: the request plus confirmPassword, checked on the client only. */
export const RegisterForm = RegisterRequest.extend({
  confirmPassword: z
    .string({ error: registerMessages.confirmPasswordRequired })
    .min(1, registerMessages.confirmPasswordRequired),
}).refine((form) => form.confirmPassword === '' || form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  error: registerMessages.passwordsDoNotMatch,
  // Report a mismatch even while other fields (a name, the email) are still wrong.
  when: (payload) => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown };
    return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
  },
});
export type RegisterForm = z.infer<typeof RegisterForm>;
export type RegisterFormInput = z.input<typeof RegisterForm>;
