import { z } from 'zod';
import { DEFAULT_CURRENCY, SALARY_MAX } from '../constants.ts';
import { jobFormMessages } from '../messages.ts';
import { numberInput } from './fields.ts';

export const CurrencyCode = z
  .string({ error: jobFormMessages.currencyInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, jobFormMessages.currencyInvalid)
  .default(DEFAULT_CURRENCY);

const amount = z
  .number()
  .int(jobFormMessages.salaryNotWhole)
  .nonnegative(jobFormMessages.salaryNegative)
  .max(SALARY_MAX, jobFormMessages.salaryTooLarge);

const requiredAmount = numberInput(jobFormMessages.salaryNotANumber).pipe(
  z.number({ error: jobFormMessages.salaryRangeRequired }).pipe(amount),
);
const optionalAmount = numberInput(jobFormMessages.salaryNotANumber).pipe(amount.nullable());

function maxNotBelowMin(range: { min: number | null; max: number | null }): boolean {
  return range.min === null || range.max === null || range.max >= range.min;
}

const maxNotBelowMinRule = { path: ['max'], error: jobFormMessages.salaryMaxBelowMin };

/** A job's salary: both ends required ("Salary range is required"), max not below min. */
export const RequiredSalaryInput = z
  .object(
    { min: requiredAmount, max: requiredAmount, currency: CurrencyCode },
    { error: jobFormMessages.salaryRangeRequired },
  )
  .refine(maxNotBelowMin, maxNotBelowMinRule);

/** A salary expectation: either end may be left empty. */
export const OptionalSalaryInput = z
  .object({ min: optionalAmount, max: optionalAmount, currency: CurrencyCode })
  .refine(maxNotBelowMin, maxNotBelowMinRule);
