import { z } from 'zod';
import { duplicateRedis, type Redis } from './redis.ts';

/**
 * What the notifications projector tells the realtime gateways after a batch commits: whose
 * notifications changed, their new unread count and the notification that caused it. Only people who
 * want pushes (`pushNotifications` on) are named; the gateway sends each their `notifications:changed`.
 */
export const NotificationPush = z.object({
  userId: z.string(),
  unreadCount: z.number().int().nonnegative(),
  notificationId: z.string().nullable(),
});
export type NotificationPush = z.infer<typeof NotificationPush>;

const NotificationPushes = z.array(NotificationPush);

/** Redis pub/sub channel; channels are not key-prefixed by the client, so the deployment's prefix is added. */
function notificationPushChannel(redis: Redis): string {
  return `${redis.options.keyPrefix ?? ''}notifications:changed`;
}

/** Announces changed notifications to every gateway (they are not replayed: see the note below). */
export async function publishNotificationPushes(
  redis: Redis,
  pushes: readonly NotificationPush[],
): Promise<void> {
  if (pushes.length > 0) await redis.publish(notificationPushChannel(redis), JSON.stringify(pushes));
}

/**
 * Calls `onPushes` with each announcement. A subscription holds its own connection; the returned
 * function closes it. An announcement missed while Redis was unreachable is lost: the bell's count is
 * read again whenever the screen loads, so a missed push only delays it.
 */
export async function watchNotificationPushes(
  redis: Redis,
  onPushes: (pushes: NotificationPush[]) => void,
): Promise<() => Promise<void>> {
  const subscriber = duplicateRedis(redis);
  const channel = notificationPushChannel(redis);
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const parsed = NotificationPushes.safeParse(JSON.parse(message));
      if (parsed.success) onPushes(parsed.data);
    } catch {
      // Not ours: every announcement is a JSON list.
    }
  });
  await subscriber.subscribe(channel);
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
