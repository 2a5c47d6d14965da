import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime } from './locale';

describe('dates and numbers in the chosen language', () => {
  it('groups digits as each language does', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234567, 'de')).toBe('1.234.567');
    expect(formatCount(1234567, 'es')).toBe('1.234.567');
    // French groups with a narrow no-break space.
    expect(formatCount(1234567, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatCount(0, 'fr')).toBe('0');
  });

  it('writes an instant with the month name and order of the language', () => {
    const at = '2026-03-09T12:00:00.000Z'; // the 9th in any time zone from UTC-11 to UTC+11
    const month = (language: 'en' | 'es' | 'fr' | 'de') => formatDateTime(at, language);
    expect(month('en')).toMatch(/Mar 9, 2026/);
    expect(month('de')).toMatch(/09\.03\.2026/);
    expect(month('fr')).toMatch(/9 mars 2026/);
    expect(month('es')).toMatch(/9 mar 2026/);
  });
});
