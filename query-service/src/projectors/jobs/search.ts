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
 * every match has to be ranked). A job matches it when one of its words has a stem that starts with
 * the typed word's stem ("engineers" finds "Engineer"; a partial word may stem a little shorter and
 * match a little more: "javas" reads as "java"), or has the stem of a word that starts with the typed
 * letters, as written in some job's title, skills or company name (`job_words`, migration 020):
 * "marketi" finds "Marketing" (stem "market"), "analy" finds "Analyst", "coordina" finds
 * "Coordinator". The stem alone missed those: a partial word's stem is often no prefix of the whole
 * word's ("marketi" stems to itself, "analy" to "anali"). Only such a word is ever spliced into a
 * `to_tsquery(... || ':*')`, where an operator character would change the query's meaning, so its
 * letters-and-digits check is also what keeps user text out of the tsquery syntax. It still travels
 * as a bound parameter, never as SQL text, and the stems of its completions are quoted by Postgres
 * (`completionsSql`).
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
 * The tsquery of a search as SQL over bound parameters: `$text` (the whole search), `$word` (the
 * prefix word) and `$completions` (what `completionsSql` answered for it, when that was not empty).
 * With a prefix word, `ts_rewrite` replaces that word's lexeme wherever it occurs in the websearch
 * query by the same lexeme as a prefix, or any of the completions' stems, so quotes, OR and exclusion
 * keep their meaning around it. A word that is only a stop word ("in") has no lexeme and leaves the
 * query unchanged.
 */
export function tsquerySql(
  search: JobTextSearch,
  textParam: string,
  wordParam: string | null,
  completionsParam: string | null = null,
): string {
  const websearch = `websearch_to_tsquery('english', ${textParam}::text)`;
  if (search.prefixWord === null || wordParam === null) return websearch;
  const prefix = `to_tsquery('english', ${wordParam}::text || ':*')`;
  const substitute = completionsParam === null ? prefix : `${prefix} || ${completionsParam}::tsquery`;
  return `ts_rewrite(${websearch}, to_tsquery('english', ${wordParam}::text), ${substitute})`;
}

/**
 * The stems to look for besides the prefix word's own stem as a prefix, as the text of a tsquery
 * (`'market' | 'analyst'`, each quoted as a tsquery quotes a lexeme), or '' when there are none:
 * those of the words as written (`job_words`) that start with the typed word, lower-cased as the
 * documents are, where that stem is not already found by the typed word's stem as a prefix
 * ("developer": every word that starts with it stems to "develop...", so nothing is added and the
 * index reads nothing more). `$1` is the prefix word; the statement reads a range of the table's
 * primary key.
 */
export function completionsSql(schema: string): string {
  // A lexeme quoted as tsquery text quotes it: a quote doubled, a backslash escaped (quote_literal
  // would write E'...' around a backslash, which a tsquery does not read).
  const quoted = `'''' || replace(replace(w.stem, '\\', '\\\\'), '''', '''''') || ''''`;
  return `SELECT coalesce(string_agg(DISTINCT ${quoted}, ' | '), '') AS stems
            FROM ${schema}.job_words w
           WHERE w.word LIKE lower($1::text) || '%'
             AND NOT starts_with(w.stem, btrim(querytree(to_tsquery('english', $1::text)), ''''))`;
}

/** A LIKE pattern that finds `fragment` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
