//! An index whose writes are logged, and committed in groups.
//!
//! A Tantivy commit makes a new segment, and costs about 30 ms of CPU however few documents it holds
//! (each new segment's term table is sized for the writer's memory budget: 2^19 slots, made and then
//! read whole). A projector batch of a job or two, or a person's registration, committed alone paid
//! that each time. So a write is appended to the index's log (`pending.log`, synced to disk unless
//! `SEARCH_FSYNC=off`) and applied to the writer, and answered: it is as durable as a commit. The
//! writes since the last commit are committed together before the index is next searched or counted
//! (so a read that comes after a write sees it), and at most `COMMIT_EVERY` after they came; the log is
//! emptied after each commit. An index opened with a log that holds writes (the engine stopped or died
//! between a write and its commit) applies them again and commits them first; a record cut short by a
//! crash in the middle of its append was never answered, and is dropped.
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use crate::jobs::{JobIndex, WriteRequest};
use crate::people::{PeopleIndex, PeopleWrite};
use crate::writable::Writable;

/// The longest a write waits for its commit when nothing searches the index meanwhile.
pub const COMMIT_EVERY: Duration = Duration::from_millis(500);
const LOG_FILE: &str = "pending.log";

/// An open index of either kind.
pub enum AnyIndex {
    Jobs(JobIndex),
    People(PeopleIndex),
}

/// A write of either kind, parsed.
pub enum Parsed {
    Jobs(WriteRequest),
    People(PeopleWrite),
}

impl AnyIndex {
    fn parse(&self, body: &[u8]) -> Result<Parsed, serde_json::Error> {
        Ok(match self {
            AnyIndex::Jobs(_) => Parsed::Jobs(serde_json::from_slice(body)?),
            AnyIndex::People(_) => Parsed::People(serde_json::from_slice(body)?),
        })
    }
    fn apply(&self, write: Parsed) -> tantivy::Result<()> {
        match (self, write) {
            (AnyIndex::Jobs(index), Parsed::Jobs(request)) => index.apply(request),
            (AnyIndex::People(index), Parsed::People(request)) => index.apply(request),
            _ => Err(tantivy::TantivyError::InvalidArgument("a write of another kind of index".to_string())),
        }
    }
    fn writable(&self) -> &Writable {
        match self {
            AnyIndex::Jobs(index) => &index.w,
            AnyIndex::People(index) => &index.w,
        }
    }
    fn commit(&self) -> tantivy::Result<()> {
        self.writable().commit()
    }
    fn close(&self) {
        self.writable().close()
    }
    fn documents(&self) -> u64 {
        self.writable().documents()
    }
}

struct Log {
    file: File,
    /// Writes applied since the last commit.
    pending: usize,
}

pub struct Logged {
    pub index: AnyIndex,
    log: Mutex<Log>,
    fsync: bool,
}

/// Why a write was refused: its body (400), or the index (500).
pub enum WriteError {
    Invalid(serde_json::Error),
    Failed(String),
}

impl Logged {
    pub fn open(kind: &str, path: &Path, fsync: bool) -> tantivy::Result<Logged> {
        let index = if kind == "people" {
            AnyIndex::People(PeopleIndex::open_or_create(path)?)
        } else {
            AnyIndex::Jobs(JobIndex::open_or_create(path)?)
        };
        let log_path = path.join(LOG_FILE);
        // Writes answered but not committed when the engine stopped: applied again, committed.
        if let Ok(bytes) = std::fs::read(&log_path) {
            let mut at = 0;
            while at + 4 <= bytes.len() {
                let n = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes")) as usize;
                let Some(body) = bytes.get(at + 4..at + 4 + n) else { break };
                if let Ok(write) = index.parse(body) {
                    index.apply(write)?;
                }
                at += 4 + n;
            }
            if at > 0 {
                index.commit()?;
            }
        }
        let file = OpenOptions::new().create(true).append(true).open(&log_path)?;
        file.set_len(0)?;
        Ok(Logged { index, log: Mutex::new(Log { file, pending: 0 }), fsync })
    }

    /// Logs and applies one write (a JSON body of this kind's); refused whole when it does not parse.
    pub fn write(&self, body: &[u8]) -> Result<(), WriteError> {
        let write = self.index.parse(body).map_err(WriteError::Invalid)?;
        let failed = |e: std::io::Error| WriteError::Failed(e.to_string());
        let mut log = self.log.lock().unwrap();
        let length = u32::try_from(body.len()).map_err(|_| WriteError::Failed("a write too large".to_string()))?;
        log.file.write_all(&length.to_le_bytes()).map_err(failed)?;
        log.file.write_all(body).map_err(failed)?;
        if self.fsync {
            log.file.sync_data().map_err(failed)?;
        }
        self.index.apply(write).map_err(|e| WriteError::Failed(e.to_string()))?;
        log.pending += 1;
        Ok(())
    }

    /// Commits the writes applied since the last commit, if any, and empties the log.
    pub fn commit(&self) -> tantivy::Result<()> {
        let mut log = self.log.lock().unwrap();
        if log.pending == 0 {
            return Ok(());
        }
        self.index.commit()?;
        log.file.set_len(0)?;
        log.file.seek(SeekFrom::Start(0))?;
        log.pending = 0;
        Ok(())
    }

    /// How many documents it holds, its writes committed first.
    pub fn documents(&self) -> tantivy::Result<u64> {
        self.commit()?;
        Ok(self.index.documents())
    }

    /// Lets go of the index's writer (it is being removed): what it had not committed goes with it.
    pub fn close(&self) {
        let mut log = self.log.lock().unwrap();
        log.pending = 0;
        self.index.close();
    }
}
