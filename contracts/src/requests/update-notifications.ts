import type { z } from 'zod';
import { NotificationSettings } from '../entities/notification-settings.ts';

/** `PUT /users/notifications`: all six toggles. */
export const UpdateNotificationsRequest = NotificationSettings;
export type UpdateNotificationsRequest = z.infer<typeof UpdateNotificationsRequest>;
