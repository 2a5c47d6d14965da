/**
 * The cache keys of the connections screen, defined once: every list sits under `connectionsKey`, so a
 * change that may touch several (an answer, a removal) invalidates them all in one call.
 */
export const connectionsKey = ['connections'] as const;
export const connectionListsKey = [...connectionsKey, 'list'] as const;
export const pendingRequestsKey = [...connectionsKey, 'pending'] as const;
export const sentRequestsKey = [...connectionsKey, 'sent'] as const;
export const suggestionsKey = [...connectionsKey, 'suggested'] as const;
