import { z } from 'zod';
import { registerMessages } from '../messages.ts';
import { EmailAddress, givenPassword } from './fields.ts';

/** `POST /auth/login`. The email is normalized the same way as at registration. */
export const LoginRequest = z.object({
  email: EmailAddress,
  password: givenPassword({
    required: registerMessages.passwordRequired,
    tooLong: registerMessages.passwordTooLong,
  }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;
export type LoginRequestInput = z.input<typeof LoginRequest>;
