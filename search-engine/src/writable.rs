//! What both kinds of index share: the index opened on its storage with the analyzers, a writer (let
//! go of when the index is removed), and a reader reloaded at each commit.
use std::path::Path;
use std::sync::Mutex;

use tantivy::schema::Schema;
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy};

use crate::text;

/// The writer's memory for documents not yet committed: the writes of half a second.
const WRITER_MEMORY: usize = 20_000_000;

pub struct Writable {
    writer: Mutex<Option<IndexWriter>>,
    pub reader: IndexReader,
}

impl Writable {
    /// The index at `path` (made with `schema` when there is none) and its writer and reader.
    pub fn open(path: &Path, schema: Schema) -> tantivy::Result<(Index, Writable)> {
        std::fs::create_dir_all(path)?;
        let index = Index::open_or_create(crate::storage::open(path, crate::storage::fsync_from_env())?, schema)?;
        index.tokenizers().register(text::ENGLISH, text::english());
        index.tokenizers().register(text::WORDS, text::words());
        let writer = index.writer_with_num_threads(1, WRITER_MEMORY)?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        Ok((index, Writable { writer: Mutex::new(Some(writer)), reader }))
    }

    /// Runs `write` with the writer; fails once the index was removed.
    pub fn with_writer<T>(&self, write: impl FnOnce(&mut IndexWriter) -> tantivy::Result<T>) -> tantivy::Result<T> {
        let mut guard = self.writer.lock().unwrap();
        let Some(writer) = guard.as_mut() else {
            return Err(tantivy::TantivyError::InvalidArgument("the index was removed".to_string()));
        };
        write(writer)
    }

    /// Makes what was applied durable in the index's files and seen by searches.
    pub fn commit(&self) -> tantivy::Result<()> {
        self.with_writer(|writer| writer.commit().map(|_| ()))?;
        self.reader.reload()
    }

    /// Lets go of the writer (its lock on the directory) before the index is removed. Dropped, not
    /// waited for: a merge still running on the removed files is abandoned.
    pub fn close(&self) {
        drop(self.writer.lock().unwrap().take());
    }

    pub fn documents(&self) -> u64 {
        self.reader.searcher().num_docs()
    }
}
