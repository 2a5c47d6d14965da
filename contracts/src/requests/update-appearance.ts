import type { z } from 'zod';
import { AppearanceSettings } from '../entities/appearance-settings.ts';

/** `PUT /users/appearance`: theme, language and timezone. */
export const UpdateAppearanceRequest = AppearanceSettings;
export type UpdateAppearanceRequest = z.infer<typeof UpdateAppearanceRequest>;
