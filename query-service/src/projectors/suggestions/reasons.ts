import { REASON_SKILLS_SHOWN, type SuggestionReason } from '@careers/contracts/entities/suggested-connection';
import type { SuggestionRow } from './queries.ts';

/** How suggestions compare cities and skills: without regard to case or surrounding spaces. */
export const matchKey = (text: string): string => text.trim().toLowerCase();

/**
 * Why a person is suggested, the strongest reason first as the ranking weighs them (queries.ts):
 * connections in common, then skills in common, then the same city; null when only how connected they
 * are put them on the list. Skills and cities are compared as the ranking compares them (`matchKey`),
 * and named as the suggested person wrote them, since that is what their card shows.
 */
export function reasonFor(
  row: Pick<SuggestionRow, 'mutuals' | 'skills' | 'location' | 'reader_city' | 'reader_skills'>,
): SuggestionReason | null {
  if (row.mutuals > 0) return { kind: 'mutual', count: row.mutuals };
  const mine = new Set(row.reader_skills);
  const shared = new Map<string, string>();
  for (const skill of row.skills) {
    const key = matchKey(skill.name);
    if (key !== '' && mine.has(key) && !shared.has(key)) shared.set(key, skill.name.trim());
  }
  if (shared.size > 0) return { kind: 'skills', skills: [...shared.values()].slice(0, REASON_SKILLS_SHOWN) };
  const city = row.location.city.trim();
  if (city !== '' && row.reader_city && matchKey(city) === row.reader_city) return { kind: 'place', city };
  return null;
}
