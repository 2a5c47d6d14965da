import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { registerMessages, requestMessages } from '../messages.ts';

/** Field schemas shared by several request payloads. Text is trimmed; blank counts as empty. */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether `value` is text a person could have typed: no NUL (Postgres refuses it in text columns, which
 * was a 500) and no lone surrogate (not Unicode; it cannot be stored or sent on as UTF-8 faithfully).
 * JSON escapes (`\u0000`, `\ud800`) and percent-encoded query strings (`%00`) carry both.
 */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Whether any text inside `value` (strings in objects and arrays, and object keys) breaks
 * `isSafeText`. The services run every body and query string through it before any schema, so a field
 * defined without the text helpers here is covered too.
 */
export function containsUnsafeText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isSafeText(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (!isSafeText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The spec's email pattern: text, @, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface TextRules {
  /** Message for a missing or blank value; without it, blank is allowed. */
  required?: string;
  min?: { length: number; message: string };
  max: { length: number; message: string };
  pattern?: { regex: RegExp; message: string };
}

/** The message of the first rule `value` breaks, so each field reports one problem at a time. */
function firstBrokenRule(value: string, rules: TextRules): string | undefined {
  if (!isSafeText(value)) return requestMessages.unsafeText;
  if (value === '') return rules.required;
  if (rules.min && value.length < rules.min.length) return rules.min.message;
  if (value.length > rules.max.length) return rules.max.message;
  if (rules.pattern && !rules.pattern.regex.test(value)) return rules.pattern.message;
  return undefined;
}

/**
 * A checked text field. One issue per field at most, and never an aborting one, so object-level
 * rules (passwords match) still run beside it.
 */
function checkedText(schema: z.ZodString, rules: TextRules) {
  return schema.check((ctx) => {
    const message = firstBrokenRule(ctx.value, rules);
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value, continue: true });
  });
}

/** Text that must be present: a blank value gets `required`, a long one `tooLong`. */
export function requiredText(max: number, messages: { required: string; tooLong: string }) {
  return checkedText(z.string({ error: messages.required }).trim(), {
    required: messages.required,
    max: { length: max, message: messages.tooLong },
  });
}

/** Text that may be left out: absent or null becomes ''. */
export function optionalText(max: number, tooLongMessage: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage)
    .refine(isSafeText, requestMessages.unsafeText)
    .nullish()
    .transform((value) => value ?? '');
}

export function personName(messages: { required: string; tooShort: string; tooLong: string }) {
  return checkedText(z.string({ error: messages.required }).trim(), {
    required: messages.required,
    min: { length: NAME_MIN_LENGTH, message: messages.tooShort },
    max: { length: NAME_MAX_LENGTH, message: messages.tooLong },
  });
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

const ASCII_VISIBLE = /^[\x21-\x7e]+$/;
/** Control, format (zero-width and direction marks among them) and space characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/u;
/** What a domain may not hold before it is read as a host name (a path, a port, a query...). */
const NOT_IN_DOMAIN = /[/?#[\]:\\%]/;

/**
 * An email address as one account is known by, or null when it is not one address: the same address
 * typed with fullwidth letters or other compatibility forms becomes its plain form (NFKC), lower case;
 * an invisible character anywhere (a zero-width space, a direction mark) is refused; the part before
 * the @ must be plain visible ASCII (look-alike letters of other scripts, as Cyrillic "і" beside Latin
 * "i", would make a second account for what reads as the same address); and the domain is held to its
 * ASCII form (IDNA, through the platform's URL parser), so "exámple.test" and "xn--exmple-qta.test"
 * are one domain.
 */
export function normalizeEmail(raw: string): string | null {
  const text = raw.trim().normalize('NFKC').toLowerCase();
  if (INVISIBLE.test(text)) return null;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return text;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!ASCII_VISIBLE.test(local) || NOT_IN_DOMAIN.test(domain)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  return ASCII_VISIBLE.test(ascii) ? `${local}@${ascii}` : null;
}

/** An email address, trimmed and normalized (`normalizeEmail`) so one address is one account. */
export const EmailAddress = checkedText(
  z.string({ error: registerMessages.emailRequired }).trim().toLowerCase(),
  {
    required: registerMessages.emailRequired,
    max: { length: EMAIL_MAX_LENGTH, message: registerMessages.emailTooLong },
    pattern: { regex: EMAIL_PATTERN, message: registerMessages.emailInvalid },
  },
).transform((email, ctx) => {
  const normal = normalizeEmail(email);
  if (normal === null || normal.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(normal)) {
    ctx.issues.push({ code: 'custom', message: registerMessages.emailInvalid, input: email });
    return z.NEVER;
  }
  return normal;
});

/** A new password: never trimmed (spaces are allowed characters). */
export function newPassword(messages: { required: string; tooShort: string; tooLong: string }) {
  return checkedText(z.string({ error: messages.required }), {
    required: messages.required,
    min: { length: PASSWORD_MIN_LENGTH, message: messages.tooShort },
    max: { length: PASSWORD_MAX_LENGTH, message: messages.tooLong },
  });
}

/** A password being checked (login, current password): only present, and bounded. */
export function givenPassword(messages: { required: string; tooLong: string }) {
  return checkedText(z.string({ error: messages.required }), {
    required: messages.required,
    max: { length: PASSWORD_MAX_LENGTH, message: messages.tooLong },
  });
}

/** Decimal text as a person types a number: digits, one point, a sign (no hex, exponent or Infinity). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A number typed into a form: a number or decimal text. Absent, null or blank become null, so the
 * caller decides whether it is required (`.pipe(z.number(...))`) or optional. Text JavaScript would
 * read as a number in other ways ("0x10" as 16, "1e3" as 1000) is not a number here.
 */
export function numberInput(notANumberMessage: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: notANumberMessage })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'string' && value.trim() === '') return null;
      const text = typeof value === 'string' ? value.trim() : null;
      const parsed = text === null ? (value as number) : DECIMAL.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(parsed)) {
        ctx.issues.push({ code: 'custom', message: notANumberMessage, input: value });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A list of text entries where blank entries are dropped (dynamic form lists). */
export function textList(
  limits: { itemMax: number; maxItems: number },
  messages: { itemTooLong: string; tooMany: string },
) {
  return z
    .array(
      z
        .string()
        .trim()
        .max(limits.itemMax, messages.itemTooLong)
        .refine(isSafeText, requestMessages.unsafeText),
    )
    .default([])
    .transform((items) => items.filter((item) => item !== ''))
    .refine((items) => items.length <= limits.maxItems, messages.tooMany);
}
