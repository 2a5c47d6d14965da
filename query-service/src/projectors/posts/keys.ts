/**
 * Versions of what cached responses show of each post (see version-scopes.ts). They are bookkeeping
 * of the response caches, not read-model state: under `projections:`, like every version key, so a
 * rebuild leaves them and read-model snapshots skip them.
 */
export const postVersionKeys = {
  /** Moved by every change of the post itself: a like, an unlike, a comment added or removed, its removal. */
  post: (postId: string) => `projections:post:${postId}`,
  /** Counts up with every move of a post's version; each version is the count at its move. */
  sequence: 'projections:posts:sequence',
};
