import { z } from 'zod';

/** City, state and country; an unset part is an empty string. */
export const Location = z.object({
  city: z.string(),
  state: z.string(),
  country: z.string(),
});
export type Location = z.infer<typeof Location>;

export const emptyLocation: Location = { city: '', state: '', country: '' };
