import { z } from 'zod';
import { mailMessages } from '../messages.ts';

/** The signed token of a mail's unsubscribe link (contracts/src/mail.ts); checked by the command-service. */
export const UnsubscribeParams = z.object({
  token: z.string({ error: mailMessages.tokenInvalid }).min(1).max(400, { error: mailMessages.tokenInvalid }),
});

/** RFC 8058's form field, or nothing (the unsubscribe page sends `{}`). */
export const UnsubscribeRequest = z.strictObject({
  'List-Unsubscribe': z.literal('One-Click').optional(),
});
