/** Home timelines: one sorted set per reader, post ids scored by creation time (ms), newest kept. */
export const timelineKeys = {
  home: (userId: string) => `timelines:home:${userId}`,
  pattern: 'timelines:*',
};

/** A home timeline keeps this many posts; older ones are trimmed (the SQL feed still has them). */
export const TIMELINE_CAP = 500;
