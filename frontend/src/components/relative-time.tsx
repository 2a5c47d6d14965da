import { relativeTimeLabel } from '@careers/contracts/relative-time';
import { formatDateTime, useLanguage } from '../lib/locale';

/**
 * "5m ago" (the spec's English words), with the exact instant for machines and, written in the
 * reader's chosen language, as a tooltip.
 */
export function RelativeTime({ at, now }: { at: string; now: Date }) {
  const language = useLanguage();
  return (
    <time className="relative-time" dateTime={at} title={formatDateTime(at, language)}>
      {relativeTimeLabel(at, now)}
    </time>
  );
}
