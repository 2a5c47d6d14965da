import { describe, expect, it } from 'vitest';
import { applyMessages } from '../messages.ts';
import { ApplyToJobRequest } from './apply-to-job.ts';

describe('ApplyToJobRequest', () => {
  it('accepts the { applicationData } form', () => {
    expect(
      ApplyToJobRequest.parse({ applicationData: { coverLetter: ' Hello ', expectedSalary: 90000 } }),
    ).toEqual({ coverLetter: 'Hello', expectedSalary: 90000, resume: 'profile' });
  });

  it('accepts the flat form', () => {
    expect(ApplyToJobRequest.parse({ coverLetter: 'Hello', expectedSalary: '85000' })).toEqual({
      coverLetter: 'Hello',
      expectedSalary: 85000,
      resume: 'profile',
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
      resume: 'profile',
    });
  });

  it.each([undefined, null, ''])('treats an expected salary of %j as not given', (expectedSalary) => {
    expect(ApplyToJobRequest.parse({ applicationData: { coverLetter: 'Hi', expectedSalary } })).toEqual({
      coverLetter: 'Hi',
      expectedSalary: null,
      resume: 'profile',
    });
  });

  const uploadId = '0b9f1c52-6a55-4a8e-9d43-2f0a4c1e7a10';

  it.each([
    ['profile', 'profile'],
    ['none', 'none'],
    [{ uploadId }, { uploadId }],
    [{ uploadId, filename: 'ignored.pdf' }, { uploadId }],
  ])('takes the resume choice %j', (resume, parsed) => {
    expect(ApplyToJobRequest.parse({ applicationData: { coverLetter: 'Hi', resume } }).resume).toEqual(
      parsed,
    );
  });

  it('sends the profile resume when no choice is given, as the spec has it', () => {
    expect(ApplyToJobRequest.parse({ coverLetter: 'Hi' }).resume).toBe('profile');
  });

  it.each([
    [{ coverLetter: 'Hi', resume: { uploadId: 'not-an-id' } }, applyMessages.resumeUploadNotFound],
    [{ coverLetter: 'Hi', resume: 'mine' }, applyMessages.resumeChoiceInvalid],
    [{ coverLetter: 'Hi', resume: null }, applyMessages.resumeChoiceInvalid],
    [{ coverLetter: 'Hi', resume: {} }, applyMessages.resumeChoiceInvalid],
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
