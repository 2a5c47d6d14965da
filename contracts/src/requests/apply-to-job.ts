import { z } from 'zod';
import { COVER_LETTER_MAX_LENGTH, SALARY_MAX } from '../constants.ts';
import { applyMessages } from '../messages.ts';
import { numberInput, requiredText } from './fields.ts';

const ExpectedSalary = numberInput(applyMessages.expectedSalaryInvalid).pipe(
  z
    .number()
    .int(applyMessages.expectedSalaryInvalid)
    .nonnegative(applyMessages.expectedSalaryNegative)
    .max(SALARY_MAX, applyMessages.expectedSalaryTooLarge)
    .nullable(),
);

/** What the apply panel holds: a non-blank cover letter and an optional whole-number salary. */
export const ApplicationData = z.object({
  coverLetter: requiredText(COVER_LETTER_MAX_LENGTH, {
    required: applyMessages.coverLetterRequired,
    tooLong: applyMessages.coverLetterTooLong,
  }),
  expectedSalary: ExpectedSalary,
});
export type ApplicationData = z.infer<typeof ApplicationData>;

/** The body the client sends to `POST /jobs/:id/apply`. */
export const ApplyToJobBody = z.object({ applicationData: ApplicationData });
export type ApplyToJobBody = z.input<typeof ApplyToJobBody>;

function unwrapApplicationData(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'applicationData' in body) {
    return (body as { applicationData: unknown }).applicationData;
  }
  return body;
}

/**
 * What the server accepts at `POST /jobs/:id/apply`: `{ applicationData: {...} }` or the flat
 * `{ coverLetter, expectedSalary }`. Either way the output is the flat `ApplicationData`.
 */
export const ApplyToJobRequest = z.preprocess(unwrapApplicationData, ApplicationData);
export type ApplyToJobRequest = z.infer<typeof ApplyToJobRequest>;
