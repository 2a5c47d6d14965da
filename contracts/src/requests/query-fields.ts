import { z } from 'zod';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_FILTER_VALUES,
  MAX_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '../constants.ts';
import { queryMessages, requestMessages } from '../messages.ts';
import { isSafeText } from './fields.ts';

/**
 * Query-string fields. Values arrive as text (or a list of texts when a key repeats); a blank value
 * means "not set", so an "All" option can send ''.
 */

function blankToUndefined(value: unknown): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return value;
}

function single(value: unknown): unknown {
  return blankToUndefined(Array.isArray(value) ? value[0] : value);
}

export const PageParam = z.preprocess(
  single,
  z.coerce
    .number({ error: queryMessages.pageInvalid })
    .int(queryMessages.pageInvalid)
    .min(1, queryMessages.pageInvalid)
    .default(DEFAULT_PAGE),
);

/** How many a list answers: a whole number from 1 to `max`, `fallback` when not given. */
export function limitParam(max: number, fallback: number) {
  const message = max === MAX_PAGE_SIZE ? queryMessages.limitInvalid : queryMessages.limitOutOf(max);
  return z.preprocess(
    single,
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback),
  );
}

export const LimitParam = limitParam(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);

/** Free text to search for; blank means no search. */
export const SearchParam = z.preprocess(
  single,
  z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, queryMessages.searchTooLong)
    .refine(isSafeText, requestMessages.unsafeText)
    .optional(),
);

/** An optional filter whose values are one of `schema`'s. */
export function optionalParam<S extends z.ZodType>(schema: S) {
  return z.preprocess(single, schema.optional());
}

/**
 * A list filter: `skills=a&skills=b` or `skills=a,b`. Entries are trimmed, blanks dropped; an empty list
 * means no filter.
 */
export const ListParam = z.preprocess(
  (value) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
      typeof part === 'string' ? part.split(',') : part === undefined || part === null ? [] : [part],
    );
    return parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '');
  },
  z
    .array(
      z
        .string()
        .max(SHORT_TEXT_MAX_LENGTH, queryMessages.listFilterTooLong)
        .refine(isSafeText, requestMessages.unsafeText),
    )
    .max(MAX_FILTER_VALUES, queryMessages.listFilterTooLong),
);

/** `true`/`false` (also `1`/`0`); blank means not set. */
export function booleanParam(invalidMessage: string) {
  return z.preprocess((value) => {
    const one = single(value);
    if (one === 'true' || one === '1') return true;
    if (one === 'false' || one === '0') return false;
    return one;
  }, z.boolean({ error: invalidMessage }).optional());
}
