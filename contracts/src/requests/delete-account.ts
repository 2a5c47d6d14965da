import { z } from 'zod';
import { accountMessages } from '../messages.ts';
import { givenPassword } from './fields.ts';

/** `DELETE /auth/account`: the person's password, asked again because nothing can undo it. */
export const DeleteAccountRequest = z.object({
  password: givenPassword({
    required: accountMessages.passwordRequired,
    // No stored password is this long, so it cannot be theirs.
    tooLong: accountMessages.passwordIncorrect,
  }),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;
