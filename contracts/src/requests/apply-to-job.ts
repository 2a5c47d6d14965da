import { z } from 'zod';
import { COVER_LETTER_MAX_LENGTH, SALARY_MAX } from '../constants.ts';
import { applyMessages } from '../messages.ts';
import { numberInput, requiredText } from './fields.ts';

/**
 * Spec, Apply: "Expected salary is optional and parsed as an integer": a fraction is cut off as
 * parseInt would (95000.7 is 95000) rather than refused. A negative amount is refused before the cut,
 * so -0.5 does not slip through as 0.
 */
const ExpectedSalary = numberInput(applyMessages.expectedSalaryInvalid).pipe(
  z
    .number()
    .nonnegative(applyMessages.expectedSalaryNegative)
    .transform(Math.trunc)
    .pipe(z.number().max(SALARY_MAX, applyMessages.expectedSalaryTooLarge))
    .nullable(),
);

/** What the apply panel holds: a non-blank cover letter and an optional salary, kept as a whole number. */
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
