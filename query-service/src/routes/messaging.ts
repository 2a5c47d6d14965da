import { messagingMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

/**
 * GET /api/conversations, /api/conversations/unread-count and /api/conversations/:id/messages (beyond
 * the spec): each reads only the reader's own rows through an index, in one statement, so none is
 * cached; a read after a send or a mark waits for its token's checkpoint (registerConsistencyWait),
 * which the batch that applied it moved in the same transaction. A conversation the reader is not in
 * answers exactly as one that does not exist.
 */
export function registerMessagingQueries(deps: QueryRouteDeps): void {
  const { messaging } = deps;

  registerQuery(deps, routes.listConversations, async ({ viewerId, query }) =>
    messaging.list(viewerId, query.before, query.limit),
  );

  registerQuery(deps, routes.getUnreadMessageCount, async ({ viewerId }) => ({
    count: await messaging.unreadCount(viewerId),
  }));

  registerQuery(deps, routes.getConversationMessages, async ({ viewerId, params, query }) => {
    const page = await messaging.thread(viewerId, params.id, query.before, query.limit);
    if (!page) throw notFound(messagingMessages.conversationNotFound);
    return { data: page };
  });
}
