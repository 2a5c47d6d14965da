import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { registerMessages } from '../messages.ts';

/** Field schemas shared by several request payloads. Text is trimmed; blank counts as empty. */

/** The spec's email pattern: text, @, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Text that must be present: a blank value gets `required`, a long one `tooLong`. */
export function requiredText(max: number, messages: { required: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(max, messages.tooLong);
}

/** Text that may be left out: absent or null becomes ''. */
export function optionalText(max: number, tooLongMessage: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage)
    .nullish()
    .transform((value) => value ?? '');
}

export function personName(messages: { required: string; tooShort: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .min(NAME_MIN_LENGTH, { error: messages.tooShort, abort: true })
    .max(NAME_MAX_LENGTH, messages.tooLong);
}

export const FirstName = personName({
  required: registerMessages.firstNameRequired,
  tooShort: registerMessages.firstNameTooShort,
  tooLong: registerMessages.firstNameTooLong,
});

export const LastName = personName({
  required: registerMessages.lastNameRequired,
  tooShort: registerMessages.lastNameTooShort,
  tooLong: registerMessages.lastNameTooLong,
});

/** An email address, trimmed and lowercased so one address is one account. */
export const EmailAddress = z
  .string({ error: registerMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: registerMessages.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: registerMessages.emailTooLong, abort: true })
  .regex(EMAIL_PATTERN, registerMessages.emailInvalid);

/** A new password: never trimmed (spaces are allowed characters). */
export function newPassword(messages: { required: string; tooShort: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .min(1, { error: messages.required, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: messages.tooShort, abort: true })
    .max(PASSWORD_MAX_LENGTH, messages.tooLong);
}

/** A password being checked (login, current password): only present, and bounded. */
export function givenPassword(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .max(PASSWORD_MAX_LENGTH, requiredMessage);
}

/**
 * A number typed into a form: a number or numeric text. Absent, null or blank become null, so the
 * caller decides whether it is required (`.pipe(z.number(...))`) or optional.
 */
export function numberInput(notANumberMessage: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: notANumberMessage })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'string' && value.trim() === '') return null;
      const parsed = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(parsed)) {
        ctx.issues.push({ code: 'custom', message: notANumberMessage, input: value });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A list of text entries where blank entries are dropped (dynamic form lists). */
export function textList(limits: { itemMax: number; maxItems: number }, messages: { itemTooLong: string; tooMany: string }) {
  return z
    .array(z.string().trim().max(limits.itemMax, messages.itemTooLong))
    .default([])
    .transform((items) => items.filter((item) => item !== ''))
    .refine((items) => items.length <= limits.maxItems, messages.tooMany);
}
