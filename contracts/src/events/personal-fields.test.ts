import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type DomainEventType, domainEvents, domainEventTypes } from './catalogue.ts';

/**
 * Events whose free text is not personal data, and why. Everything else a person writes, or that
 * describes a person, travels sealed with their key (personal-data.ts), so deleting their account
 * shreds it on the topics and in the log.
 */
const JOB_LISTING =
  "a job listing is an employer's published offer (title, description, company, place, skills wanted), shown to every signed-in person; no person is its subject";
/** Whole event types, or one field of one (`Type.field`). */
const NOT_PERSONAL: Partial<Record<DomainEventType | `${DomainEventType}.${string}`, string>> = {
  JobPosted: JOB_LISTING,
  JobEdited: JOB_LISTING,
  'ApplicationSubmitted.job': `the job applied to, as it read then: ${JOB_LISTING}`,
  'ConversationStarted.job': `the job a conversation is about, by its title: ${JOB_LISTING}`,
};

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a schema lets through text a person chose: a string with no format, anywhere inside it. */
function holdsFreeText(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return def.format === undefined;
    case 'object':
      return Object.values(def.shape ?? {}).some(holdsFreeText);
    case 'array':
      return def.element ? holdsFreeText(def.element) : false;
    case 'optional':
    case 'nullable':
    case 'default':
      return def.innerType ? holdsFreeText(def.innerType) : false;
    case 'pipe':
      return def.in ? holdsFreeText(def.in) : false;
    case 'union':
      return (def.options ?? []).some(holdsFreeText);
    default:
      return false;
  }
}

describe('personal data on the event stream', () => {
  const unsealed = domainEventTypes.flatMap((type) => {
    const definition = domainEvents[type] as { data: z.ZodType; personalData?: { erased: object } };
    const sealed = new Set(Object.keys(definition.personalData?.erased ?? {}));
    const shape = defOf(definition.data).shape ?? {};
    return Object.entries(shape)
      .filter(([field, schema]) => !sealed.has(field) && holdsFreeText(schema))
      .map(([field]) => [type, field] as const);
  });

  it('seals every field of free text in every event, but for the listed exceptions', () => {
    expect(
      unsealed
        .filter(
          ([type, field]) =>
            NOT_PERSONAL[type] === undefined && NOT_PERSONAL[`${type}.${field}`] === undefined,
        )
        .map(([t, f]) => `${t}.${f}`),
    ).toEqual([]);
  });

  it('finds free text where there is some (the walk is not blind)', () => {
    expect(holdsFreeText(domainEvents.JobPosted.data)).toBe(true);
    expect(unsealed.some(([type, field]) => type === 'JobPosted' && field === 'title')).toBe(true);
    expect(holdsFreeText(domainEvents.PostLiked.data)).toBe(false);
  });
});
