//! How text is read: the analyzers of the indexed fields, and the query a search's parsed text makes.
//!
//! The query-service parses what a person typed (query-service/src/projectors/jobs/search.ts: words all
//! required, `"quoted words"` together in that order, `OR` between words, `-word` excluded, the last
//! plain word a prefix while it is being typed) and sends it here as clauses; each word or phrase is
//! read by the same analyzer as the documents, so punctuation and stop words are dropped as
//! Postgres's `websearch_to_tsquery('english', ...)` drops them.
use crate::union::SeekingUnion;
use serde::Deserialize;
use tantivy::Term;
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, EmptyQuery, Occur, PhrasePrefixQuery, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer, TokenStream,
};

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
pub struct Searched {
    pub fields: Vec<(Field, f32)>,
    /// Every text field's words as written (`WORDS`), for completions.
    pub words: Field,
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

fn boosted(query: Box<dyn Query>, weight: f32) -> Box<dyn Query> {
    if weight == 1.0 { query } else { Box::new(BoostQuery::new(query, weight)) }
}

/// How a union of a word's fields (or of alternatives) is read: `Scanned` from its first match to its
/// last (the one required part of a search without filters), or `Sought` to the matches of the other
/// words and filters (union.rs says why those differ).
#[derive(Clone, Copy, PartialEq)]
pub enum Reading {
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

/// The query of one word or phrase over every searched field; None when it has no word left (only
/// punctuation or stop words), as Postgres drops it.
fn item_query(item: &Item, searched: &Searched, reading: Reading) -> Option<Box<dyn Query>> {
    let mut analyzer = english();
    let stems = tokens(&mut analyzer, &item.text);
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
        let mut queries: Vec<(Box<dyn Query>, f32)> = searched
            .fields
            .iter()
            .map(|&(field, weight)| {
                let term: Box<dyn Query> =
                    Box::new(TermQuery::new(Term::from_field_text(field, stem), IndexRecordOption::WithFreqs));
                (term, weight)
            })
            .collect();
        queries.push((prefix_query(searched.words, &typed), 1.0));
        return any_of(queries, reading);
    }
    if stems.is_empty() {
        return None;
    }
    let per_field = searched
        .fields
        .iter()
        .map(|&(field, weight)| {
            let query: Box<dyn Query> = if stems.len() == 1 {
                Box::new(TermQuery::new(Term::from_field_text(field, &stems[0].1), IndexRecordOption::WithFreqs))
            } else {
                let first = stems[0].0;
                Box::new(PhraseQuery::new_with_offset(
                    stems.iter().map(|(at, stem)| (at - first, Term::from_field_text(field, stem))).collect(),
                ))
            };
            (query, weight)
        })
        .collect();
    any_of(per_field, reading)
}

/// The query of a whole search text: every clause required, the negated ones excluded. No clause (no
/// search text) matches every document; a text with nothing left to look for (only stop words)
/// matches nothing, as in Postgres; one with exclusions alone matches everything else.
///
/// `alone`: nothing but the text decides what matches (no filter). Its one required clause, if it has
/// one, is then scanned; every other union is sought.
pub fn text_query(clauses: &[Clause], searched: &Searched, alone: bool) -> Box<dyn Query> {
    if clauses.is_empty() {
        return Box::new(AllQuery);
    }
    let mut parts: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    let mut required = 0;
    let scanned = alone && clauses.iter().filter(|clause| !clause.negated).count() == 1;
    for clause in clauses {
        let reading = if scanned && !clause.negated { Reading::Scanned } else { Reading::Sought };
        let alternatives: Vec<(Box<dyn Query>, f32)> = clause
            .any
            .iter()
            .filter_map(|item| item_query(item, searched, reading))
            .map(|query| (query, 1.0))
            .collect();
        let Some(query) = any_of(alternatives, reading) else { continue };
        if clause.negated {
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
