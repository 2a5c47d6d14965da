// The keys are shared with their readers (../timeline-keys.ts); this model's modules name them here.
export { timelineKeys } from '../timeline-keys.ts';

/** A home timeline keeps this many posts; older ones are trimmed (the SQL feed still has them). */
export const TIMELINE_CAP = 500;
