/**
 * Home timelines: one sorted set per reader, post ids scored by creation time (ms), newest kept. The
 * timelines model writes them (timelines/project.ts); the feed's `following` page (posts/queries.ts)
 * and the dashboard's count read them. Shared infrastructure, like a table's name in a migration: the
 * key is the agreement between the model that writes it and those that read it, so neither model's
 * folder holds it (the feed reads the sets as they are, the posts on them its own rows).
 */
export const timelineKeys = {
  home: (userId: string) => `timelines:home:${userId}`,
  pattern: 'timelines:*',
};
