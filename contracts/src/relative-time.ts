import { relativeTimeCutoffsMinutes } from './constants.ts';
import { relativeTimeMessages } from './messages.ts';

const MINUTE_MS = 60_000;

/**
 * "Just now" under 1 minute, "{n}m ago" under 60 minutes, "{n}h ago" under 24 hours, else "{n}d ago".
 * `now` is passed in so the label is deterministic; a time in the future reads "Just now".
 */
export function relativeTimeLabel(at: string | Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(at).getTime()) / MINUTE_MS);
  if (!Number.isFinite(minutes) || minutes < 1) return relativeTimeMessages.justNow;
  if (minutes < relativeTimeCutoffsMinutes.hours) return relativeTimeMessages.minutesAgo(minutes);
  if (minutes < relativeTimeCutoffsMinutes.days) {
    return relativeTimeMessages.hoursAgo(Math.floor(minutes / relativeTimeCutoffsMinutes.hours));
  }
  return relativeTimeMessages.daysAgo(Math.floor(minutes / relativeTimeCutoffsMinutes.days));
}
