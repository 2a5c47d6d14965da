import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateJobRequest } from './requests/create-job.ts';
import { fieldLabel, parseInput } from './validation.ts';

describe('fieldLabel', () => {
  it('turns paths into words', () => {
    expect(fieldLabel(['company', 'name'])).toBe('Company name');
    expect(fieldLabel(['skills', 0, 'proficiency'])).toBe('Skills 1 proficiency');
    expect(fieldLabel(['applicationDeadline'])).toBe('Application deadline');
    expect(fieldLabel([])).toBe('Request');
  });
});

describe('parseInput', () => {
  it('returns the data on success', () => {
    expect(parseInput(z.object({ a: z.number() }), { a: 1 })).toEqual({ success: true, data: { a: 1 } });
  });

  it('keeps the schema messages', () => {
    const result = parseInput(CreateJobRequest, { title: ' ' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.message).toBe('Job title is required');
      expect(result.fieldErrors.company).toBe('Company name is required');
    }
  });

  it.each([
    [z.object({ firstName: z.string() }), {}, 'First name is required'],
    [z.object({ age: z.number() }), { age: 'x' }, 'Age must be a number'],
    [z.object({ tags: z.array(z.string()).max(1) }), { tags: ['a', 'b'] }, 'Tags must have at most 1 items'],
    [z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' }, 'Kind must be one of: a, b'],
    [z.strictObject({ a: z.string() }), { a: 'x', password: 'y' }, 'Request has unexpected field: password'],
    [z.object({ a: z.string() }), undefined, 'Request is required'],
  ])('words a message-less issue readably (%#)', (schema, input, message) => {
    const result = parseInput(schema, input);
    expect(result.success ? null : result.message).toBe(message);
  });
});
