import { relativeTimeLabel } from '@careers/contracts/relative-time';

/** "5m ago", with the exact instant for machines and as a tooltip. */
export function RelativeTime({ at, now }: { at: string; now: Date }) {
  return (
    <time className="relative-time" dateTime={at} title={new Date(at).toLocaleString()}>
      {relativeTimeLabel(at, now)}
    </time>
  );
}
