import { z } from 'zod';

/**
 * Personal data on the event stream is sealed: each personal field's value (any JSON, e.g. a string or
 * a location object) is encrypted with a key that belongs to one person, the event's data subject, and
 * travels as a string `pii1.<base64url of nonce, ciphertext and tag>`. Destroying that person's key
 * (account deletion) makes every such field unreadable for good, on the topics, in the event log and in
 * every backup, while the events themselves stay (crypto-shredding).
 *
 * This module is the pure part (which fields, how they are swapped); the cipher and the key store live
 * in the services (`service-kit/src/personal-data.ts`).
 */
export const SEALED_PREFIX = 'pii1.';

export const SealedValue = z
  .string()
  .regex(/^pii1\.[A-Za-z0-9_-]{38,}$/, 'must be a sealed value (pii1.…)')
  .describe(
    'Personal data, sealed: AES-256-GCM with a key of the data subject, base64url of nonce, ciphertext and tag. Unreadable without the key; unreadable for good once the person deleted their account.',
  );

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/**
 * Turns the sealed fields of one event's data back into values: `open(subjectId, sealed)` returns the
 * plain JSON text, or null when the key is gone (or the reader has none): the field then takes its
 * `erased` stand-in. Fields that are not sealed (older versions) are left as they are.
 */
export type OpenSealed = (subjectId: string, sealed: string) => string | null;

export interface PersonalSpecLike {
  subject: string;
  erased: Record<string, ((subjectId: string) => unknown) | undefined>;
}

export function personalFieldsOf(spec: PersonalSpecLike | undefined): string[] {
  return spec ? Object.keys(spec.erased) : [];
}

/** Seals the personal fields of plain data (the command-service, before appending). */
export function sealFields(
  spec: PersonalSpecLike | undefined,
  data: Record<string, unknown>,
  seal: (subjectId: string, plainJson: string) => string,
): Record<string, unknown> {
  if (!spec) return data;
  const subjectId = String(data[spec.subject]);
  const sealed = { ...data };
  for (const field of personalFieldsOf(spec)) {
    if (field in sealed) sealed[field] = seal(subjectId, JSON.stringify(sealed[field]));
  }
  return sealed;
}

/** Opens the sealed fields of wire data (or puts the erased stand-ins in). */
export function openFields(
  spec: PersonalSpecLike | undefined,
  data: unknown,
  open: OpenSealed | undefined,
): unknown {
  if (!spec || typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  const subjectId = String(record[spec.subject]);
  const opened = { ...record };
  for (const field of personalFieldsOf(spec)) {
    const value = opened[field];
    if (!isSealed(value)) continue;
    const plain = open ? open(subjectId, value) : null;
    opened[field] = plain === null ? spec.erased[field]?.(subjectId) : JSON.parse(plain);
  }
  return opened;
}

/** The subjects whose keys reading this raw event needs (none when it carries nothing sealed). */
export function sealedSubjectOf(spec: PersonalSpecLike | undefined, data: unknown): string | null {
  if (!spec || typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  return personalFieldsOf(spec).some((field) => isSealed(record[field]))
    ? String(record[spec.subject])
    : null;
}

function plainSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-07', io: 'input' });
  return rest;
}

/** The wire schema of a data schema: each personal field becomes a sealed string. */
/** The spec of an older version that sealed only `fields` of the current version's personal fields. */
export function narrowedSpec(spec: PersonalSpecLike | undefined, fields: readonly string[] | undefined) {
  if (!spec || !fields || fields.length === 0) return undefined;
  return {
    subject: spec.subject,
    erased: Object.fromEntries(fields.map((field) => [field, spec.erased[field]])),
  };
}

export function sealedSchemaOf(spec: PersonalSpecLike | undefined, data: z.ZodType): z.ZodType {
  if (!spec) return data;
  const object = data as unknown as z.ZodObject<z.ZodRawShape>;
  const sealed = Object.fromEntries(
    personalFieldsOf(spec).map((field) => [
      field,
      SealedValue.meta({
        'x-personal-data': true,
        'x-plain-schema': plainSchema(object.shape[field] as z.ZodType),
      }),
    ]),
  );
  return object.extend(sealed);
}
