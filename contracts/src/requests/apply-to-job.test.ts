import { describe, expect, it } from 'vitest';
import { applyMessages } from '../messages.ts';
import { ApplyToJobRequest } from './apply-to-job.ts';

describe('ApplyToJobRequest', () => {
  it('accepts the { applicationData } form', () => {
    expect(
      ApplyToJobRequest.parse({ applicationData: { coverLetter: ' Hello ', expectedSalary: 90000 } }),
    ).toEqual({ coverLetter: 'Hello', expectedSalary: 90000 });
  });

  it('accepts the flat form', () => {
    expect(ApplyToJobRequest.parse({ coverLetter: 'Hello', expectedSalary: '85000' })).toEqual({
      coverLetter: 'Hello',
      expectedSalary: 85000,
    });
  });

  it.each([
    [95000.7, 95000],
    ['95000.7', 95000],
    [' 1000.99 ', 1000],
    [0.5, 0],
    [80000, 80000],
  ])('parses an expected salary of %j as the integer %j, cutting off the fraction', (given, parsed) => {
    expect(ApplyToJobRequest.parse({ coverLetter: 'Hi', expectedSalary: given })).toEqual({
      coverLetter: 'Hi',
      expectedSalary: parsed,
    });
  });

  it.each([undefined, null, ''])('treats an expected salary of %j as not given', (expectedSalary) => {
    expect(ApplyToJobRequest.parse({ applicationData: { coverLetter: 'Hi', expectedSalary } })).toEqual({
      coverLetter: 'Hi',
      expectedSalary: null,
    });
  });

  it.each([
    [{ coverLetter: '   ' }, applyMessages.coverLetterRequired],
    [{ applicationData: {} }, applyMessages.coverLetterRequired],
    [{ applicationData: { coverLetter: 'x'.repeat(5001) } }, applyMessages.coverLetterTooLong],
    [{ coverLetter: 'Hi', expectedSalary: 'a lot' }, applyMessages.expectedSalaryInvalid],
    [{ coverLetter: 'Hi', expectedSalary: '12abc' }, applyMessages.expectedSalaryInvalid],
    [{ coverLetter: 'Hi', expectedSalary: true }, applyMessages.expectedSalaryInvalid],
    [{ coverLetter: 'Hi', expectedSalary: -5 }, applyMessages.expectedSalaryNegative],
    [{ coverLetter: 'Hi', expectedSalary: -0.5 }, applyMessages.expectedSalaryNegative],
    [{ coverLetter: 'Hi', expectedSalary: 1e12 }, applyMessages.expectedSalaryTooLarge],
  ])('rejects %j with "%s"', (body, message) => {
    expect(ApplyToJobRequest.safeParse(body).error?.issues[0]?.message).toBe(message);
  });
});
