import { mailSettingOf, type UnsubscribePayload } from '@careers/contracts/mail';
import { mailMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { type CommandServiceConfig, unsubscribeSecret, verifyUnsubscribeToken } from '@careers/service-kit';
import { type PipelineDeps, registerCommand } from '../pipeline/command-pipeline.ts';
import { type DomainError, refuse } from '../pipeline/domain-error.ts';
import { decideNotificationSettings } from './decide.ts';
import { evolveUserStream } from './evolve.ts';
import { userStream } from './routes.ts';
import type { UserRecord, UserStore } from './store.ts';

export interface UnsubscribeRouteDeps extends PipelineDeps {
  config: CommandServiceConfig;
  users: UserStore;
}

/**
 * A mail's one-click unsubscribe: the token's signature is checked before anything is read, then the
 * person it names has the kind's toggle turned off, as a save of the notification settings with that
 * one toggle changed would (NotificationSettingsUpdated; nothing when it is off already). A token of an
 * account deleted since answers as done: nothing is mailed to it any more.
 *
 * Mail clients post the RFC 8058 form (`List-Unsubscribe=One-Click`, urlencoded); this route alone reads
 * that type (an encapsulated parser), so no other command takes a form a page on another site could
 * post.
 */
export function registerUnsubscribeRoutes(deps: UnsubscribeRouteDeps): void {
  const secret = unsubscribeSecret(deps.config);
  const { users } = deps;
  deps.app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    registerCommand(
      { ...deps, app: scope },
      {
        route: routes.unsubscribe,
        prepare: async ({ params }): Promise<UnsubscribePayload | DomainError> => {
          const named = verifyUnsubscribeToken(params.token, secret);
          return named ?? refuse.invalid(mailMessages.tokenInvalid);
        },
        load: async (tx, _input, named): Promise<UserRecord | null> => users.lock(tx.client, named.u),
        decide: (record, _input, named) =>
          record === null
            ? []
            : decideNotificationSettings(record.user, {
                ...record.user.notificationSettings,
                [mailSettingOf[named.k]]: false,
              }),
        stream: userStream,
        evolve: evolveUserStream,
        save: (tx, next) => users.save(tx.client, next),
        respond: () => ({ message: mailMessages.unsubscribed }),
      },
    );
  });
}
