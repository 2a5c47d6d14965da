//! How text is read: the analyzers of the indexed fields, and the query a search's parsed text makes.
//!
//! The query-service parses what a person typed (query-service/src/projectors/jobs/search.ts: words all
//! required, `"quoted words"` together in that order, `OR` between words, `-word` excluded, the last
//! plain word a prefix while it is being typed) and sends it here as clauses; each word or phrase is
//! read by the same analyzer as the documents, so punctuation and stop words are dropped as
//! Postgres's `websearch_to_tsquery('english', ...)` drops them.
use crate::union::{SeekingUnion, any_term};
use std::collections::BTreeSet;

use serde::Deserialize;
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, EmptyQuery, Occur, PhrasePrefixQuery, PhraseQuery, Query,
    TermQuery, TermSetQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer, TokenStream,
};
use tantivy::{Searcher, Term};

/// Words stemmed as English, stop words dropped: the fields searched and ranked.
pub const ENGLISH: &str = "careers_english";
/// Words as written, lower-cased: what a word still being typed is completed from.
pub const WORDS: &str = "careers_words";

pub fn english() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(StopWordFilter::new(Language::English).expect("English stop words"))
        .filter(Stemmer::new(Language::English))
        .build()
}

pub fn words() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default()).filter(RemoveLongFilter::limit(40)).filter(LowerCaser).build()
}

/// One word or quoted phrase of a search.
#[derive(Deserialize, Debug)]
pub struct Item {
    pub text: String,
    /// The last plain word, matched as the start of a word (search.ts `prefixWord`).
    #[serde(default)]
    pub prefix: bool,
}

/// Words joined by OR (one word alone is a clause of one); `negated`: excluded (`-word`).
#[derive(Deserialize, Debug)]
pub struct Clause {
    pub any: Vec<Item>,
    #[serde(default)]
    pub negated: bool,
}

/// The fields a search reads, each with its weight (title above skills and company, above the rest).
pub struct Searched<'a> {
    pub fields: Vec<(Field, f32)>,
    /// Every text field's words as written (`WORDS`), for completions.
    pub words: Field,
    /// Whose dictionaries a word still being typed is completed from.
    pub searcher: &'a Searcher,
}

/// Tokens of `text` by `analyzer`, with their positions.
fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<(usize, String)> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        let token = stream.token();
        out.push((token.position, token.text.clone()));
    }
    out
}

/// Every word of `field` that starts with `prefix`: a range of its term dictionary, each document
/// matching it scored alike.
pub fn prefix_query(field: Field, prefix: &str) -> Box<dyn Query> {
    let mut query = PhrasePrefixQuery::new(vec![Term::from_field_text(field, prefix)]);
    query.set_max_expansions(u32::MAX);
    Box::new(query)
}

/// The words of `field` (words as written) that start with `typed` and whose English stem is not
/// `stem` (a stop word has none): what a word still being typed finds besides its stem.
fn completions(searcher: &Searcher, field: Field, typed: &str, stem: &str) -> Vec<Term> {
    let mut analyzer = english();
    let mut seen = BTreeSet::new();
    let mut kept = Vec::new();
    let end = range_end(typed.as_bytes());
    for segment in searcher.segment_readers() {
        let Ok(index) = segment.inverted_index(field) else { continue };
        let dictionary = index.terms();
        let range = dictionary.range().ge(typed.as_bytes());
        let range = match &end {
            Some(end) => range.lt(end),
            None => range,
        };
        let Ok(mut stream) = range.into_stream() else { continue };
        while stream.advance() {
            let Ok(word) = std::str::from_utf8(stream.key()) else { continue };
            if !seen.insert(word.to_string()) {
                continue;
            }
            if tokens(&mut analyzer, word).first().map(|(_, s)| s.as_str()) != Some(stem) {
                kept.push(Term::from_field_text(field, word));
            }
        }
    }
    kept
}

/// The first key past every key that starts with `prefix` (none when it is all 0xFF bytes).
fn range_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

fn boosted(query: Box<dyn Query>, weight: f32) -> Box<dyn Query> {
    if weight == 1.0 { query } else { Box::new(BoostQuery::new(query, weight)) }
}

/// How a union of a word's fields (or of alternatives) is read: `Scanned` from its first match to its
/// last (the rarest required clause of a search without filters, and an excluded one), or `Sought` to
/// the matches of the other words and filters (union.rs says why those differ).
#[derive(Clone, Copy, PartialEq)]
enum Reading {
    Scanned,
    Sought,
}

/// Documents matching any of the weighted queries, scored by the sum of those that match: a
/// `BooleanQuery` of `Should` parts, whose window of buffered matches scans fastest, when `Scanned`;
/// else a union that seeks each part (union.rs).
fn any_of(mut parts: Vec<(Box<dyn Query>, f32)>, reading: Reading) -> Option<Box<dyn Query>> {
    match parts.len() {
        0 => None,
        1 => parts.pop().map(|(query, weight)| boosted(query, weight)),
        _ if reading == Reading::Scanned => Some(Box::new(BooleanQuery::new(
            parts.into_iter().map(|(query, weight)| (Occur::Should, boosted(query, weight))).collect(),
        ))),
        _ => Some(Box::new(SeekingUnion::new(parts))),
    }
}

/// One word or phrase's queries, one per searched field, and a word's completions, with about how many
/// documents they match: the sum of their terms' document counts, an upper bound.
struct ItemParts {
    parts: Vec<(Box<dyn Query>, f32)>,
    /// The words a word still being typed completes to (`completions`), matched and scored 0.
    completions: Vec<Term>,
    /// The sum of the completions' document counts.
    completions_estimate: u64,
    estimate: u64,
}

impl ItemParts {
    /// The queries, the completions' last. The completions are sought through their postings' skip
    /// lists (`any_term`) where the word is sought to the matches of a rarer clause, `leader` (about
    /// how many documents it matches), and seeking each completion at each of those costs less than
    /// reading every posting of them once: "devops eng" took 1.7 ms so, against 2.5 read. Otherwise they
    /// are read into a bitset: scanned ("mark" 3.0 ms against 6.0 sought), or sought to the matches of
    /// filters, which may be many ("analy" with two filters 5.3 against 6.1 sought).
    fn into_parts(self, reading: Reading, leader: Option<u64>) -> Vec<(Box<dyn Query>, f32)> {
        let mut parts = self.parts;
        if !self.completions.is_empty() {
            let seeks = leader.map(|estimate| estimate.saturating_mul(self.completions.len() as u64));
            let matched: Box<dyn Query> = match (reading, seeks) {
                (Reading::Sought, Some(seeks)) if seeks < self.completions_estimate => any_term(self.completions),
                _ => Box::new(TermSetQuery::new(self.completions)),
            };
            parts.push((Box::new(ConstScoreQuery::new(matched, 0.0)), 1.0));
        }
        parts
    }
}

/// The queries of one word or phrase over every searched field; None when it has no word left (only
/// punctuation or stop words), as Postgres drops it.
fn item_parts(item: &Item, searched: &Searched) -> Option<ItemParts> {
    let mut analyzer = english();
    let stems = tokens(&mut analyzer, &item.text);
    let count = |term: &Term| searched.searcher.doc_freq(term).unwrap_or(0);
    if item.prefix {
        // The word's stem as a whole stem ("engineers" finds "engineer", ranked as any word is), or the
        // word as typed as the start of a word as written ("marketi" finds "marketing", whose stem is
        // "market"; "javas" finds "JavaScript"). One range of the words' dictionary: a range over each
        // stemmed field too cost several times the work at 500,000 jobs, and what it found besides is
        // rare (a word typed whole whose stem starts another's: "analyses" and "analysis").
        let typed = item.text.to_lowercase();
        let Some((_, stem)) = stems.first() else {
            // A stop word alone: Postgres leaves the query as it is without it.
            return None;
        };
        let mut estimate = 0;
        let mut parts: Vec<(Box<dyn Query>, f32)> = Vec::new();
        for &(field, weight) in &searched.fields {
            let term = Term::from_field_text(field, stem);
            estimate += count(&term);
            parts.push((Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)), weight));
        }
        // Only the words it starts whose stem is another: those with its stem are found by the stem
        // already (the whole range cost as much again as the rest of the search: "engineer" 4.9 ms
        // against 2.4 at 500,000 jobs, "team" 16.5 against 5.9). They match and add nothing to the
        // score, so a word typed whole ranks as if it were quoted, and a job matched only by the start
        // of a word after those matched by the word.
        let completions = completions(searched.searcher, searched.words, &typed, stem);
        let completions_estimate = completions.iter().map(count).sum::<u64>();
        estimate += completions_estimate;
        return Some(ItemParts { parts, completions, completions_estimate, estimate });
    }
    if stems.is_empty() {
        return None;
    }
    let mut estimate = 0;
    let mut parts: Vec<(Box<dyn Query>, f32)> = Vec::new();
    for &(field, weight) in &searched.fields {
        let terms: Vec<(usize, Term)> =
            stems.iter().map(|(at, stem)| (at - stems[0].0, Term::from_field_text(field, stem))).collect();
        // A phrase matches at most where its rarest word is.
        estimate += terms.iter().map(|(_, term)| count(term)).min().unwrap_or(0);
        let query: Box<dyn Query> = if terms.len() == 1 {
            Box::new(TermQuery::new(terms[0].1.clone(), IndexRecordOption::WithFreqs))
        } else {
            Box::new(PhraseQuery::new_with_offset(terms))
        };
        parts.push((query, weight));
    }
    Some(ItemParts { parts, completions: vec![], completions_estimate: 0, estimate })
}

/// The query of a whole search text: every clause required, the negated ones excluded. No clause (no
/// search text) matches every document; a text with nothing left to look for (only stop words)
/// matches nothing, as in Postgres; one with exclusions alone matches everything else.
///
/// `alone`: nothing but the text decides what matches (no filter).
pub fn text_query(clauses: &[Clause], searched: &Searched, alone: bool) -> Box<dyn Query> {
    if clauses.is_empty() {
        return Box::new(AllQuery);
    }
    let items: Vec<(bool, Vec<ItemParts>)> = clauses
        .iter()
        .map(|clause| (clause.negated, clause.any.iter().filter_map(|item| item_parts(item, searched)).collect()))
        .filter(|(_, items): &(bool, Vec<ItemParts>)| !items.is_empty())
        .collect();
    // The intersection is driven by its rarest part, which it scans while it seeks the others to that
    // one's matches. Without filters, that is the required clause matching the fewest documents;
    // with them, a filter may be rarer, and every clause is sought. An excluded clause is looked up
    // at each match of the rest, one after the other: scanned too.
    let leader = if alone {
        items
            .iter()
            .enumerate()
            .filter(|(_, (negated, _))| !negated)
            .map(|(at, (_, items))| (at, items.iter().map(|item| item.estimate).sum::<u64>()))
            .min_by_key(|(_, estimate)| *estimate)
    } else {
        None
    };
    let mut parts: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    let mut required = 0;
    for (at, (negated, items)) in items.into_iter().enumerate() {
        let reading =
            if negated || leader.map(|(lead, _)| lead) == Some(at) { Reading::Scanned } else { Reading::Sought };
        let alternatives: Vec<(Box<dyn Query>, f32)> = items
            .into_iter()
            .filter_map(|item| any_of(item.into_parts(reading, leader.map(|(_, estimate)| estimate)), reading))
            .map(|query| (query, 1.0))
            .collect();
        let Some(query) = any_of(alternatives, reading) else { continue };
        if negated {
            parts.push((Occur::MustNot, query));
        } else {
            required += 1;
            parts.push((Occur::Must, query));
        }
    }
    if parts.is_empty() {
        return Box::new(EmptyQuery);
    }
    if required == 0 {
        parts.push((Occur::Must, Box::new(AllQuery)));
    }
    Box::new(BooleanQuery::new(parts))
}

#[cfg(test)]
mod tests {
    use tantivy::schema::{IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
    use tantivy::{Index, doc};

    use super::{WORDS, completions, english, tokens, words};

    /// A word typed whole completes to nothing its stem does not find already; one typed past its
    /// stem, or the start of a longer word, to the words it starts.
    #[test]
    fn completions_leave_out_the_words_the_stem_finds() -> tantivy::Result<()> {
        let mut builder = Schema::builder();
        let written = builder.add_text_field(
            "words",
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default().set_tokenizer(WORDS).set_index_option(IndexRecordOption::Basic),
            ),
        );
        let index = Index::create_in_ram(builder.build());
        index.tokenizers().register(WORDS, words());
        let mut writer = index.writer_with_num_threads(1, 15_000_000)?;
        writer.add_document(doc!(written => "Engineer engineers engineering engine, Marketing market"))?;
        writer.add_document(doc!(written => "JavaScript Java coordinator"))?;
        writer.commit()?;
        let searcher = index.reader()?.searcher();
        let completed = |typed: &str| -> Vec<String> {
            let stem = tokens(&mut english(), typed).first().map(|(_, s)| s.clone()).unwrap_or_default();
            completions(&searcher, written, typed, &stem)
                .iter()
                .map(|term| term.value().as_str().unwrap_or_default().to_string())
                .collect()
        };
        assert_eq!(completed("engineer"), Vec::<String>::new());
        assert_eq!(completed("marketi"), vec!["marketing"]);
        assert_eq!(completed("java"), vec!["javascript"]);
        assert_eq!(completed("coordina"), vec!["coordinator"]);
        assert_eq!(completed("zebra"), Vec::<String>::new());
        Ok(())
    }
}
