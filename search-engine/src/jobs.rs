//! The jobs index: one document per job of the read side's `jobs` table, with the text a search ranks
//! and the columns the list filters and orders by.
use std::ops::Bound;
use std::path::Path;

use serde::{Deserialize, Serialize};
use tantivy::collector::sort_key::SortByStaticFastValue;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, ConstScoreQuery, InvertedIndexRangeQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions};
use tantivy::{DocAddress, Order, Searcher, TantivyDocument, Term};

use crate::ranked::RankedPage;
use crate::text::{self, Clause, Searched};
use crate::union::any_term;
use crate::writable::Writable;

/// A job as the read model sends it (query-service/src/projectors/jobs/search-index.ts).
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct JobDocument {
    pub id: String,
    pub title: String,
    /// Its skills and company name (Postgres's weight B).
    pub skills_company: String,
    /// Its description and requirements (weight C).
    pub body: String,
    pub job_type: String,
    pub work_location: String,
    pub experience_level: String,
    /// Its skills' names, lower-cased.
    pub skill_names: Vec<String>,
    /// Its city, state and country, lower-cased, one a line.
    pub location_text: String,
    pub pay: Option<i64>,
    /// When it was posted, in milliseconds since 1970.
    pub posted_at: i64,
}

#[derive(Deserialize, Debug)]
pub struct WriteRequest {
    #[serde(default)]
    pub upsert: Vec<JobDocument>,
    #[serde(default)]
    pub delete: Vec<String>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(rename_all = "camelCase")]
pub struct Filters {
    pub job_type: Option<String>,
    pub work_location: Option<String>,
    pub experience_level: Option<String>,
    /// Any of these skills (lower-cased names).
    #[serde(default)]
    pub skills: Vec<String>,
    /// Part of the place, lower-cased.
    pub location: Option<String>,
    pub min_pay: Option<i64>,
    /// Posted at or after, in milliseconds since 1970.
    pub posted_from: Option<i64>,
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    Relevance,
    Newest,
    Salary,
}

#[derive(Deserialize, Debug)]
pub struct SearchRequest {
    pub clauses: Vec<Clause>,
    #[serde(default)]
    pub filters: Filters,
    pub sort: Sort,
    pub offset: usize,
    pub limit: usize,
    /// In the titles alone (the top bar's typeahead).
    #[serde(default, rename = "titleOnly")]
    pub title_only: bool,
}

#[derive(Serialize)]
pub struct SearchAnswer {
    pub ids: Vec<String>,
    pub total: u64,
}

struct Fields {
    id: Field,
    title: Field,
    skills_company: Field,
    body: Field,
    words: Field,
    title_words: Field,
    job_type: Field,
    work_location: Field,
    experience_level: Field,
    skill_names: Field,
    location_text: Field,
    pay: Field,
    posted_at: Field,
}

pub struct JobIndex {
    pub w: Writable,
    f: Fields,
}

/// How deep pages reach: a page starting past this many matches is empty (its total is not). The job
/// lists offer no page past it (`JOB_LIST_WINDOW` in contracts).
const MAX_WINDOW: usize = 10_000;

/// The version of this schema: a change makes a new folder, which the projector fills from the rows.
pub const SCHEMA_VERSION: u32 = 3;

fn schema() -> Schema {
    let mut sb = Schema::builder();
    let ranked = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(text::ENGLISH)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    );
    let words = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer(text::WORDS).set_index_option(IndexRecordOption::Basic),
    );
    sb.add_text_field("id", STRING | FAST);
    sb.add_text_field("title", ranked.clone());
    sb.add_text_field("skills_company", ranked.clone());
    sb.add_text_field("body", ranked);
    sb.add_text_field("words", words.clone());
    sb.add_text_field("title_words", words);
    sb.add_text_field("job_type", STRING);
    sb.add_text_field("work_location", STRING);
    sb.add_text_field("experience_level", STRING);
    sb.add_text_field("skill_names", STRING);
    sb.add_text_field("location_text", STRING);
    sb.add_i64_field("pay", FAST | INDEXED);
    sb.add_i64_field("posted_at", FAST | INDEXED);
    sb.build()
}

impl JobIndex {
    pub fn open_or_create(path: &Path) -> tantivy::Result<JobIndex> {
        let (index, w) = Writable::open(path, schema())?;
        let s = index.schema();
        let field = |name: &str| s.get_field(name).expect("a field of the schema");
        let f = Fields {
            id: field("id"),
            title: field("title"),
            skills_company: field("skills_company"),
            body: field("body"),
            words: field("words"),
            title_words: field("title_words"),
            job_type: field("job_type"),
            work_location: field("work_location"),
            experience_level: field("experience_level"),
            skill_names: field("skill_names"),
            location_text: field("location_text"),
            pay: field("pay"),
            posted_at: field("posted_at"),
        };
        Ok(JobIndex { w, f })
    }

    /// Applies the deletes, then the documents (each replacing the one with its id), uncommitted: they
    /// are seen by searches after the next commit (logged.rs commits before a search).
    pub fn apply(&self, request: WriteRequest) -> tantivy::Result<()> {
        self.w.with_writer(|writer| {
            let f = &self.f;
            for id in &request.delete {
                writer.delete_term(Term::from_field_text(f.id, id));
            }
            for job in request.upsert {
                writer.delete_term(Term::from_field_text(f.id, &job.id));
                let mut doc = TantivyDocument::default();
                doc.add_text(f.id, &job.id);
                doc.add_text(f.title, &job.title);
                doc.add_text(f.skills_company, &job.skills_company);
                doc.add_text(f.body, &job.body);
                doc.add_text(f.words, &job.title);
                doc.add_text(f.words, &job.skills_company);
                doc.add_text(f.words, &job.body);
                doc.add_text(f.title_words, &job.title);
                doc.add_text(f.job_type, &job.job_type);
                doc.add_text(f.work_location, &job.work_location);
                doc.add_text(f.experience_level, &job.experience_level);
                for skill in &job.skill_names {
                    doc.add_text(f.skill_names, skill);
                }
                doc.add_text(f.location_text, &job.location_text);
                if let Some(pay) = job.pay {
                    doc.add_i64(f.pay, pay);
                }
                doc.add_i64(f.posted_at, job.posted_at);
                writer.add_document(doc)?;
            }
            Ok(())
        })
    }

    fn places_holding(&self, searcher: &Searcher, part: &str) -> Vec<Term> {
        let mut found = std::collections::BTreeSet::new();
        for segment in searcher.segment_readers() {
            let Ok(index) = segment.inverted_index(self.f.location_text) else { continue };
            let Ok(mut stream) = index.terms().stream() else { continue };
            while stream.advance() {
                if let Ok(place) = std::str::from_utf8(stream.key()) {
                    if place.contains(part) {
                        found.insert(place.to_string());
                    }
                }
            }
        }
        found.into_iter().map(|place| Term::from_field_text(self.f.location_text, &place)).collect()
    }

    fn filter_queries(&self, searcher: &Searcher, filters: &Filters) -> Vec<Box<dyn Query>> {
        let f = &self.f;
        let term = |field: Field, value: &str| -> Box<dyn Query> {
            Box::new(TermQuery::new(Term::from_field_text(field, value), IndexRecordOption::Basic))
        };
        let mut out: Vec<Box<dyn Query>> = Vec::new();
        if let Some(v) = &filters.job_type {
            out.push(term(f.job_type, v));
        }
        if let Some(v) = &filters.work_location {
            out.push(term(f.work_location, v));
        }
        if let Some(v) = &filters.experience_level {
            out.push(term(f.experience_level, v));
        }
        if !filters.skills.is_empty() {
            out.push(any_term(
                filters.skills.iter().map(|skill| Term::from_field_text(f.skill_names, skill)).collect(),
            ));
        }
        if let Some(place) = filters.location.as_deref().filter(|p| !p.is_empty()) {
            out.push(any_term(self.places_holding(searcher, place)));
        }
        if let Some(min) = filters.min_pay {
            out.push(Box::new(RangeQuery::new(Bound::Included(Term::from_field_i64(f.pay, min)), Bound::Unbounded)));
        }
        if let Some(from) = filters.posted_from {
            out.push(Box::new(RangeQuery::new(
                Bound::Included(Term::from_field_i64(f.posted_at, from)),
                Bound::Unbounded,
            )));
        }
        out
    }

    /// A page of the jobs that match (ids in order) and how many match in all.
    pub fn search(&self, request: &SearchRequest) -> tantivy::Result<SearchAnswer> {
        let f = &self.f;
        let searcher = self.w.reader.searcher();
        let searched = if request.title_only {
            Searched { fields: vec![(f.title, 1.0)], words: f.title_words, searcher: &searcher }
        } else {
            Searched {
                fields: vec![(f.title, 3.0), (f.skills_company, 1.5), (f.body, 0.5)],
                words: f.words,
                searcher: &searcher,
            }
        };
        let filters = self.filter_queries(&searcher, &request.filters);
        let mut parts: Vec<(Occur, Box<dyn Query>)> =
            vec![(Occur::Must, text::text_query(&request.clauses, &searched, filters.is_empty()))];
        for filter in filters {
            parts.push((Occur::Must, Box::new(ConstScoreQuery::new(filter, 0.0))));
        }
        let query = BooleanQuery::new(parts);
        let limit = request.limit.clamp(1, 100);
        let offset = request.offset;
        if offset >= MAX_WINDOW {
            // Past the window a page is empty, as search engines page (Elasticsearch's
            // max_result_window); the total still counts every match.
            let total = searcher.search(&query, &Count)?;
            return Ok(SearchAnswer { ids: vec![], total: total as u64 });
        }
        let top = TopDocs::with_limit(limit).and_offset(offset);
        let newest = (SortByStaticFastValue::<i64>::for_field("posted_at"), Order::Desc);
        let (addresses, total): (Vec<DocAddress>, usize) = match request.sort {
            Sort::Relevance => {
                let (page, total) = searcher.search(&query, &RankedPage { offset, limit, date_field: "posted_at" })?;
                (page.into_iter().map(|ranked| ranked.at).collect(), total)
            }
            Sort::Newest => self.newest_page(&searcher, &query, offset, limit)?,
            Sort::Salary => {
                let pay = (SortByStaticFastValue::<i64>::for_field("pay"), Order::Desc);
                let (docs, total) = searcher.search(&query, &(top.order_by((pay, newest)), Count))?;
                (docs.into_iter().map(|(_, at)| at).collect(), total)
            }
        };
        Ok(SearchAnswer { ids: ids_of(&searcher, &addresses)?, total: total as u64 })
    }
}

impl JobIndex {
    /// A page newest first and how many match. Sorting every match by date cost about 27 ns a match
    /// (8 ms for every job of 500,000, the lists without text); so the page is read from the matches
    /// posted in a window of the newest dates, widened until it holds the page. Every match outside the
    /// window is older than every one inside, so the page is the one the whole sort gives, ties
    /// included (all the documents of the window's oldest date are in it). The window's first width
    /// assumes matches spread evenly over the dates, with room for twice the page.
    fn newest_page(
        &self,
        searcher: &Searcher,
        query: &BooleanQuery,
        offset: usize,
        limit: usize,
    ) -> tantivy::Result<(Vec<DocAddress>, usize)> {
        let newest = (SortByStaticFastValue::<i64>::for_field("posted_at"), Order::Desc);
        let top = || TopDocs::with_limit(limit).and_offset(offset);
        let total = searcher.search(query, &Count)?;
        let needed = offset + limit;
        let (mut oldest, mut latest) = (i64::MAX, i64::MIN);
        for segment in searcher.segment_readers() {
            let column = segment.fast_fields().i64("posted_at")?;
            oldest = oldest.min(column.min_value());
            latest = latest.max(column.max_value());
        }
        let mut fraction = 2.0 * needed as f64 / total.max(1) as f64;
        while fraction < 1.0 && oldest < latest {
            let from = latest - ((latest - oldest) as f64 * fraction) as i64;
            let window = InvertedIndexRangeQuery::new(
                Bound::Included(Term::from_field_i64(self.f.posted_at, from)),
                Bound::Unbounded,
            );
            let windowed = BooleanQuery::new(vec![
                (Occur::Must, Box::new(query.clone())),
                (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(window), 0.0))),
            ]);
            let (docs, found) = searcher.search(&windowed, &(top().order_by(newest.clone()), Count))?;
            if found >= needed || found == total {
                return Ok((docs.into_iter().map(|(_, at)| at).collect(), total));
            }
            fraction *= 4.0;
        }
        let docs = searcher.search(query, &top().order_by(newest))?;
        Ok((docs.into_iter().map(|(_, at)| at).collect(), total))
    }
}

/// The ids of the documents at `addresses`, from the `id` column (no stored document is read).
pub fn ids_of(searcher: &Searcher, addresses: &[DocAddress]) -> tantivy::Result<Vec<String>> {
    let mut columns = std::collections::HashMap::new();
    addresses
        .iter()
        .map(|at| {
            if !columns.contains_key(&at.segment_ord) {
                let column = searcher.segment_reader(at.segment_ord).fast_fields().str("id")?;
                columns.insert(at.segment_ord, column);
            }
            let mut id = String::new();
            if let Some(column) = columns.get(&at.segment_ord).and_then(|c| c.as_ref()) {
                if let Some(ord) = column.term_ords(at.doc_id).next() {
                    column.ord_to_str(ord, &mut id)?;
                }
            }
            Ok(id)
        })
        .collect()
}
