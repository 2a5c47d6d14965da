import { notificationMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { type PipelineDeps, registerCommand, signedOut } from '../pipeline/command-pipeline.ts';
import { evolveUserStream } from '../users/evolve.ts';
import { userStream } from '../users/routes.ts';
import type { UserStore } from '../users/store.ts';
import { decideMarkNotificationsRead } from './decide.ts';

export interface NotificationRouteDeps extends PipelineDeps {
  users: UserStore;
}

/**
 * `PUT /notifications/read` and `PUT /users/mail-preferences`. `PUT /notifications/read`: recorded on the signed-in user's stream, decided on their locked row (so
 * two marks from two tabs append one after the other). The reply carries the consistency token: a
 * list read with it shows the marks.
 */
export function registerNotificationRoutes(deps: NotificationRouteDeps): void {
  const { users } = deps;
  registerCommand(deps, {
    route: routes.markNotificationsRead,
    load: async (tx, { actor }) => (await users.lock(tx.client, actor.userId)) ?? signedOut(),
    decide: (record, { body, now }) => decideMarkNotificationsRead(record.user._id, body, now),
    stream: userStream,
    evolve: evolveUserStream,
    save: (tx, next) => users.save(tx.client, next),
    respond: () => ({ message: notificationMessages.marked }),
  });

  // How job alerts are mailed (beyond the spec): recorded on the user's stream; the write side keeps no
  // copy of the choice, so each save is recorded (the mail sender reads the last).
  registerCommand(deps, {
    route: routes.updateMailPreferences,
    load: async (tx, { actor }) => (await users.lock(tx.client, actor.userId)) ?? signedOut(),
    decide: (record, { body, now }) => [
      {
        type: 'JobAlertEmailsChosen',
        data: { userId: record.user._id, jobAlertEmails: body.jobAlertEmails, chosenAt: now.toISOString() },
      },
    ],
    stream: userStream,
    evolve: evolveUserStream,
    save: (tx, next) => users.save(tx.client, next),
    respond: (_next, { body }) => ({ data: { jobAlertEmails: body.jobAlertEmails } }),
  });
}
