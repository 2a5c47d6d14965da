import { appearanceDefaults, type languages } from '@careers/contracts/constants';
import { useSignedInUser } from './use-signed-in-user';

export type Language = (typeof languages)[number];

/**
 * The reader's chosen language (Settings > Appearance), English until someone is signed in. Only
 * English texts exist, so it decides how dates and numbers are written, nothing else.
 */
export function useLanguage(): Language {
  return useSignedInUser()?.appearanceSettings.language ?? appearanceDefaults.language;
}

const numberFormats = new Map<Language, Intl.NumberFormat>();
const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

function cached<Format>(formats: Map<Language, Format>, language: Language, make: () => Format): Format {
  let format = formats.get(language);
  if (!format) {
    format = make();
    formats.set(language, format);
  }
  return format;
}

/** 1234 as "1,234" in English, "1.234" in German, "1 234" in French. */
export function formatCount(count: number, language: Language): string {
  return cached(numberFormats, language, () => new Intl.NumberFormat(language)).format(count);
}

/** An instant with date and time as readers of `language` write them, in the device's time zone. */
export function formatDateTime(at: string | Date, language: Language): string {
  const format = cached(
    dateTimeFormats,
    language,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  return format.format(new Date(at));
}
