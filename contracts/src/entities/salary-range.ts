import { z } from 'zod';

/** A salary range in whole currency units; either end may be missing ("$min+", "Not specified"). */
export const SalaryRange = z.object({
  min: z.number().nonnegative().nullable(),
  max: z.number().nonnegative().nullable(),
  currency: z.string().length(3),
});
export type SalaryRange = z.infer<typeof SalaryRange>;
