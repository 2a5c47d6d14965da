import { z } from 'zod';
import { Language, Theme, Timezone } from './enums.ts';

export const AppearanceSettings = z.object({
  theme: Theme,
  language: Language,
  timezone: Timezone,
});
export type AppearanceSettings = z.infer<typeof AppearanceSettings>;
