//! The people index: one document per person of the read side's people directory, found by every word
//! typed, each as the start of a word (people search and the top bar's typeahead).
use std::path::Path;

use serde::Deserialize;
use tantivy::collector::sort_key::{SortBySimilarityScore, SortByString};
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, Occur, Query};
use tantivy::schema::{FAST, Field, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions};
use tantivy::{DocAddress, Order, TantivyDocument, Term};

use crate::jobs::{SearchAnswer, ids_of};
use crate::text;
use crate::union::SeekingUnion;
use crate::writable::Writable;

/// A person as the people model sends them (query-service/src/projectors/people/search-index.ts).
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PersonDocument {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    /// Their job title and skills' names.
    pub headline: String,
    /// Their city, state and country.
    pub place: String,
}

#[derive(Deserialize, Debug)]
pub struct PeopleWrite {
    #[serde(default)]
    pub upsert: Vec<PersonDocument>,
    #[serde(default)]
    pub delete: Vec<String>,
}

#[derive(Deserialize, Debug)]
pub struct PeopleSearch {
    /// The words typed, lower-cased, letters and digits only; each must start a word of the person.
    pub words: Vec<String>,
    pub limit: usize,
}

struct Fields {
    id: Field,
    names: Field,
    headline: Field,
    place: Field,
    order: Field,
}

pub struct PeopleIndex {
    pub w: Writable,
    f: Fields,
}

/// The version of this schema: a change makes a new folder, which the projector fills from the rows.
pub const SCHEMA_VERSION: u32 = 3;

fn schema() -> Schema {
    let mut sb = Schema::builder();
    let words = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer(text::WORDS).set_index_option(IndexRecordOption::WithFreqs),
    );
    sb.add_text_field("id", STRING | FAST);
    sb.add_text_field("names", words.clone());
    sb.add_text_field("headline", words.clone());
    sb.add_text_field("place", words);
    // Equal matches by last name, first name and id, as the directory orders them.
    sb.add_text_field("order", STRING | FAST);
    sb.build()
}

impl PeopleIndex {
    pub fn open_or_create(path: &Path) -> tantivy::Result<PeopleIndex> {
        let (index, w) = Writable::open(path, schema())?;
        let s = index.schema();
        let field = |name: &str| s.get_field(name).expect("a field of the schema");
        let f = Fields {
            id: field("id"),
            names: field("names"),
            headline: field("headline"),
            place: field("place"),
            order: field("order"),
        };
        Ok(PeopleIndex { w, f })
    }

    /// Applies the deletes, then the documents (each replacing the one with its id), uncommitted.
    pub fn apply(&self, request: PeopleWrite) -> tantivy::Result<()> {
        self.w.with_writer(|writer| {
            let f = &self.f;
            for id in &request.delete {
                writer.delete_term(Term::from_field_text(f.id, id));
            }
            for person in request.upsert {
                writer.delete_term(Term::from_field_text(f.id, &person.id));
                let mut doc = TantivyDocument::default();
                doc.add_text(f.id, &person.id);
                doc.add_text(f.names, format!("{} {}", person.first_name, person.last_name));
                doc.add_text(f.headline, &person.headline);
                doc.add_text(f.place, &person.place);
                doc.add_text(f.order, format!("{}\u{1}{}\u{1}{}", person.last_name, person.first_name, person.id));
                writer.add_document(doc)?;
            }
            Ok(())
        })
    }

    /// Who has every word as the start of a word: a name above a job title or skill, above a place.
    pub fn search(&self, request: &PeopleSearch) -> tantivy::Result<SearchAnswer> {
        let f = &self.f;
        let weighted = [(f.names, 3.0), (f.headline, 1.5), (f.place, 0.5)];
        let mut required: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for word in request.words.iter().take(8) {
            let word = word.to_lowercase();
            let any: Vec<(Box<dyn Query>, f32)> =
                weighted.iter().map(|&(field, weight)| (text::prefix_query(field, &word), weight)).collect();
            // A union that seeks (union.rs): each word's is intersected with the others'.
            required.push((Occur::Must, Box::new(SeekingUnion::new(any))));
        }
        if required.is_empty() {
            return Ok(SearchAnswer { ids: vec![], total: 0 });
        }
        let query = BooleanQuery::new(required);
        let searcher = self.w.reader.searcher();
        let top = TopDocs::with_limit(request.limit.clamp(1, 100))
            .order_by(((SortBySimilarityScore, Order::Desc), (SortByString::for_field("order"), Order::Asc)));
        let (docs, total) = searcher.search(&query, &(top, Count))?;
        let addresses: Vec<DocAddress> = docs.into_iter().map(|(_, at)| at).collect();
        Ok(SearchAnswer { ids: ids_of(&searcher, &addresses)?, total: total as u64 })
    }
}
