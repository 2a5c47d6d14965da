/**
 * What the jobs search understands, in one place. The search text goes to Postgres as a bound
 * parameter of `websearch_to_tsquery('english', ...)`, the grammar people know from web search engines:
 * words are all required, `"quoted words"` must appear together in that order, `OR` between words
 * accepts either, and `-word` excludes. Any other punctuation is ignored, and nothing a person types
 * can make that function fail.
 *
 * On top of it, the last word is matched as a prefix while it is still being typed ("java" finds
 * "JavaScript"), when it is a plain word: outside quotes, not excluded, not `OR`, letters and digits
 * only, and at least `MIN_PREFIX_LENGTH` of them (a one- or two-letter prefix matches most jobs, and
 * every match has to be ranked). The word is stemmed like the documents before it becomes a prefix,
 * so a whole word in any form still matches ("engineers" finds "Engineer"); a partial word may stem a
 * little shorter and match a little more ("javas" reads as "java"). Only such a word is ever spliced into a `to_tsquery(... || ':*')`, where an operator character
 * would change the query's meaning, so its letters-and-digits check is also what keeps user text out
 * of the tsquery syntax. It still travels as a bound parameter, never as SQL text.
 */
export interface JobTextSearch {
  /** The whole text, for websearch_to_tsquery. */
  text: string;
  /** The last plain word, letters and digits only, to be matched as a prefix; null when there is none. */
  prefixWord: string | null;
}

const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
export const MIN_PREFIX_LENGTH = 3;

export function parseJobSearch(search: string | undefined): JobTextSearch | null {
  const text = search?.trim() ?? '';
  if (text === '') return null;
  return { text, prefixWord: lastPlainWord(text) };
}

function lastPlainWord(text: string): string | null {
  // An odd number of quotes leaves the last words inside an open phrase.
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) return null;
  const last = text.split(/\s+/).at(-1) ?? '';
  if (!PLAIN_WORD.test(last) || [...last].length < MIN_PREFIX_LENGTH) return null;
  // websearch_to_tsquery reads "or" in any case as the operator.
  if (last.toLowerCase() === 'or') return null;
  return last;
}

/**
 * The tsquery of a search as SQL over two bound parameters: `$text` (the whole search) and `$word`
 * (the prefix word). With a prefix word, `ts_rewrite` replaces that word's lexeme wherever it occurs in
 * the websearch query by the same lexeme as a prefix, so quotes, OR and exclusion keep their meaning
 * around it. A word that is only a stop word ("in") has no lexeme and leaves the query unchanged.
 */
export function tsquerySql(search: JobTextSearch, textParam: string, wordParam: string | null): string {
  const websearch = `websearch_to_tsquery('english', ${textParam}::text)`;
  if (search.prefixWord === null || wordParam === null) return websearch;
  return `ts_rewrite(${websearch}, to_tsquery('english', ${wordParam}::text), to_tsquery('english', ${wordParam}::text || ':*'))`;
}

/** A LIKE pattern that finds `fragment` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
