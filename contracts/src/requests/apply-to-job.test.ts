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
    [{ coverLetter: 'Hi', expectedSalary: 1000.5 }, applyMessages.expectedSalaryInvalid],
    [{ coverLetter: 'Hi', expectedSalary: 'a lot' }, applyMessages.expectedSalaryInvalid],
    [{ coverLetter: 'Hi', expectedSalary: -5 }, applyMessages.expectedSalaryNegative],
  ])('rejects %j with "%s"', (body, message) => {
    expect(ApplyToJobRequest.safeParse(body).error?.issues[0]?.message).toBe(message);
  });
});
