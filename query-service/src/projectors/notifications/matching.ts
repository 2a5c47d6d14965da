/**
 * How job alerts compare a job with a person: skill names without regard to case or surrounding spaces,
 * and desired roles by their words. A role matches a title that holds every word of it, in any order:
 * "Frontend Developer" matches "Senior Frontend Developer" but not "Backend Developer". The migration
 * that fills the indexes for people projected before it splits words the same way.
 */
export const skillKey = (name: string): string => name.trim().toLowerCase();

/** The distinct words of a text, lower-cased, sorted; `+` and `#` stay part of a word (C++, C#). */
export function wordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((word) => word !== '');
  return [...new Set(words)].sort();
}

/** One index row per word of each role, with the role it belongs to and how many words it has. */
export function roleIndexRows(roles: readonly string[]): { word: string; roleKey: string; words: number }[] {
  const rows = new Map<string, { word: string; roleKey: string; words: number }>();
  for (const role of roles) {
    const words = wordsOf(role);
    const roleKey = words.join(' ');
    for (const word of words) rows.set(`${word}\u0000${roleKey}`, { word, roleKey, words: words.length });
  }
  return [...rows.values()];
}
