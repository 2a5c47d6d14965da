import { messagingMessages } from '@careers/contracts/messages';
import { routes } from '@careers/contracts/routes';
import { notFound } from '@careers/service-kit';
import { networkVersion, personVersionKeys } from '../projectors/version-scopes.ts';
import { ResponseCache } from '../response-cache.ts';
import type { QueryRouteDeps } from './deps.ts';
import { type CachedQueryOptions, registerCachedQuery } from './register-cached-query.ts';

/**
 * The messaging screens' cache options: per reader, valid while the reader's own messaging and network
 * versions (their conversations, messages, reads, blocks and links either way), the profile version of
 * each person shown, and the network version (moved by an account deletion, which erases messages and
 * empties a card everywhere at once) keep their values.
 */
function messagingCacheOptions<Body>(
  cache: ResponseCache,
  others: (body: Body) => string[],
): CachedQueryOptions<Body> {
  return {
    cache,
    versionKey: networkVersion.key,
    perReader: true,
    parts: {
      of: (body) => others(body).map(personVersionKeys.profile),
      sequenceKey: personVersionKeys.sequence,
    },
  };
}

/** The reader's own versions every messaging read depends on. */
const readerKeys = (viewerId: string) => [
  personVersionKeys.messages(viewerId),
  personVersionKeys.network(viewerId),
];

/**
 * GET /api/conversations, /api/conversations/unread-count and /api/conversations/:id/messages (beyond
 * the spec). Each is cached per reader (the list and the badge are read on every page of the app, and
 * the list is one statement over six tables): an entry holds while the reader's own messaging and
 * network versions and the card of each person shown keep theirs. A read after a send or a mark
 * carries its consistency token, waits for the batch's checkpoint and never reads the cache, so the
 * reader's own change shows at once. A conversation the reader is not in answers exactly as one that
 * does not exist (a 404, never cached).
 */
export function registerMessagingQueries(deps: QueryRouteDeps): void {
  const { messaging } = deps;
  const cache = new ResponseCache(32 * 1024 * 1024);

  registerCachedQuery(
    deps,
    routes.listConversations,
    messagingCacheOptions(cache, (body) => body.data.map((c) => c.other._id)),
    async ({ viewerId, query, dependsOn }) => {
      dependsOn(readerKeys(viewerId));
      return messaging.list(viewerId, query.before, query.limit);
    },
  );

  registerCachedQuery(
    deps,
    routes.getUnreadMessageCount,
    messagingCacheOptions(cache, () => []),
    async ({ viewerId, dependsOn }) => {
      dependsOn(readerKeys(viewerId));
      return { count: await messaging.unreadCount(viewerId) };
    },
  );

  registerCachedQuery(
    deps,
    routes.getConversationMessages,
    messagingCacheOptions(cache, (body) => [body.data.conversation.other._id]),
    async ({ viewerId, params, query, dependsOn }) => {
      dependsOn(readerKeys(viewerId));
      const page = await messaging.thread(viewerId, params.id, query.before, query.limit);
      if (!page) throw notFound(messagingMessages.conversationNotFound);
      return { data: page };
    },
  );
}
