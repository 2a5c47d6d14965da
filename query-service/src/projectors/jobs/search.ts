/**
 * What the jobs search understands, in one place. The search text is read as web search engines read
 * it (Postgres's `websearch_to_tsquery` grammar, which the board used before the search engine): words
 * are all required, `"quoted words"` must appear together in that order, `OR` between words accepts
 * either, and `-word` excludes. Any other punctuation is ignored, and nothing a person types can make a
 * search fail: the text becomes clauses (`searchClauses`), sent to the search engine as data, whose
 * analyzer stems each word as English and drops stop words (search-engine/src/text.rs).
 *
 * On top of it, the last word is matched as a prefix while it is still being typed ("java" finds
 * "JavaScript"), when it is a plain word: outside quotes, not excluded, not `OR`, letters and digits
 * only, and at least `MIN_PREFIX_LENGTH` of them (a one- or two-letter prefix matches most jobs). A job
 * matches it when one of its words has the typed word's stem ("engineers" finds "Engineer"), or one
 * of its words as written starts with the typed letters ("marketi" finds "Marketing", whose stem
 * "market" the partial word's own stem is no prefix of).
 */
export interface JobTextSearch {
  /** The whole text, trimmed. */
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

/** One word or quoted phrase of a search (search-engine/src/text.rs `Item`). */
export interface ClauseItem {
  text: string;
  /** The last plain word, matched as the start of a word while it is typed. */
  prefix?: boolean;
}

/** Words joined by OR, or one alone; `negated`: excluded (`-word`). */
export interface Clause {
  any: ClauseItem[];
  negated?: boolean;
}

/** A quoted phrase (open to the end of the text when its quote is not closed), or a run of non-spaces. */
const SEARCH_TOKEN = /(-?)"([^"]*)(?:"|$)|(\S+)/gu;

/**
 * The clauses of a search text, as `websearch_to_tsquery` reads it: each word or quoted phrase is a
 * clause every job must match; `OR` between two joins them into one clause either may match; a `-`
 * before a word or phrase excludes it; the engine drops punctuation and stop words as Postgres does
 * (a clause left with no word is no clause). The last plain word (`parseJobSearch`) is marked as a
 * prefix.
 */
export function searchClauses(search: string | undefined): Clause[] {
  const parsed = parseJobSearch(search);
  if (!parsed) return [];
  const tokens = [...parsed.text.matchAll(SEARCH_TOKEN)];
  const clauses: Clause[] = [];
  let or = false;
  for (const [index, token] of tokens.entries()) {
    const quoted = token[2];
    const bare = token[3];
    if (bare !== undefined && bare.toLowerCase() === 'or') {
      // Between two words: either; at the start, at the end or twice, nothing.
      or = clauses.length > 0 && !clauses[clauses.length - 1]?.negated;
      continue;
    }
    const negated =
      quoted !== undefined ? token[1] === '-' : bare !== undefined && bare.length > 1 && bare.startsWith('-');
    const text = quoted ?? (negated ? (bare ?? '').slice(1) : (bare ?? ''));
    const item: ClauseItem =
      index === tokens.length - 1 && quoted === undefined && !negated && parsed.prefixWord === text
        ? { text, prefix: true }
        : { text };
    const last = clauses[clauses.length - 1];
    if (or && last && !negated) last.any.push(item);
    else clauses.push(negated ? { any: [item], negated } : { any: [item] });
    or = false;
  }
  return clauses;
}
