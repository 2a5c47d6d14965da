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

/**
 * Beyond the spec: which resume goes with the application. `'profile'` (the default, and the spec's
 * behaviour) sends a copy of the profile resume, or none when the profile has none; `'none'` sends none
 * even when it has one; `{ uploadId }` sends the file uploaded for this application only
 * (`POST /applications/resume-uploads`), which the apply uses up.
 */
export const ResumeChoice = z.union(
  [
    z.literal('profile'),
    z.literal('none'),
    z.object({ uploadId: z.uuid({ error: applyMessages.resumeUploadNotFound }) }),
  ],
  { error: applyMessages.resumeChoiceInvalid },
);
export type ResumeChoice = z.infer<typeof ResumeChoice>;

/**
 * What the apply panel holds: a non-blank cover letter, an optional salary, kept as a whole number, and
 * the resume to send.
 */
export const ApplicationData = z.object({
  coverLetter: requiredText(COVER_LETTER_MAX_LENGTH, {
    required: applyMessages.coverLetterRequired,
    tooLong: applyMessages.coverLetterTooLong,
  }),
  expectedSalary: ExpectedSalary,
  resume: ResumeChoice.default('profile'),
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
 * `{ coverLetter, expectedSalary, resume }`. Either way the output is the flat `ApplicationData`.
 */
export const ApplyToJobRequest = z.preprocess(unwrapApplicationData, ApplicationData);
export type ApplyToJobRequest = z.infer<typeof ApplyToJobRequest>;
