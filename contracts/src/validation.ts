import type { z } from 'zod';

/**
 * Parsing input with messages a person can read. Schemas carry the spec's own messages; this fills in
 * the rest (a missing nested field, a wrong type) with a sentence naming the field, instead of zod's
 * "Invalid input: expected string, received undefined".
 */

export type ParseOutcome<T> =
  | { success: true; data: T }
  | { success: false; message: string; fieldErrors: Record<string, string> };

/** Turns a path like `['company', 'name']` or `['skills', 0, 'name']` into "Company name" / "Skills 1 name". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'Request';
  const words = path.map((segment) =>
    typeof segment === 'number'
      ? String(segment + 1)
      : String(segment)
          .replace(/^_/, '')
          .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
          .toLowerCase(),
  );
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const expectedNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** A readable message for an issue that has no message of its own. */
export function readableIssueMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required`;
      return `${label} must be ${expectedNames[issue.expected] ?? issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return `${label} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${label} must have at least ${issue.minimum} items`;
      }
      return `${label} must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${label} must have at most ${issue.maximum} items`;
      }
      return `${label} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${label} is not a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `${label} has unexpected field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}

/** Every issue's path -> its first message, e.g. `{ 'company.name': 'Company name is required' }`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The first issue's message: the `{ message }` of a 400 answer. */
export function firstErrorMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is not valid';
}

/** `schema.safeParse` with readable messages, shaped for a 400 answer or a form. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): ParseOutcome<z.output<S>> {
  const result = schema.safeParse(input, { error: readableIssueMessage });
  if (result.success) return { success: true, data: result.data };
  return { success: false, message: firstErrorMessage(result.error), fieldErrors: fieldErrors(result.error) };
}
