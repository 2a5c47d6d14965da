//! The search engine: full-text indexes of the read side (Tantivy: BM25, block-max WAND, counts from
//! its posting lists) behind a small JSON API over HTTP on loopback. It holds no truth of its own: the
//! query-service's jobs and people read models write their documents here in their projector batches,
//! before each batch's Postgres commit, and ask it for a page of ids and their count
//! (docs/architecture.md, "Read side"). Two kinds of index: `jobs` (jobs.rs) and `people` (people.rs).
//! An index is named after the read schema it belongs to, so a rebuild or a test's schema has its own,
//! and is kept on disk under SEARCH_DATA_DIR/{kind}.v{schema version}/{name}.
//!
//! Routes (bodies are JSON; `{kind}` is `jobs` or `people`):
//! - `GET /healthz`, `GET /readyz`
//! - `PUT /{kind}/{name}/documents` `{ "upsert": [document], "delete": [id] }`: applied in that order
//!   and logged before the answer (logged.rs: as durable as a commit, seen by every later search); a
//!   document replaces the one with its id.
//! - `POST /{kind}/{name}/search`: `{ "ids": [...], "total": n }`, the page's ids in order and every
//!   match counted.
//! - `GET /{kind}/{name}`: `{ "documents": n, "bytes": n }`, 404 when the index does not exist.
//! - `DELETE /{kind}/{name}`: removes it (a reset, a dropped test schema).
mod jobs;
mod logged;
mod people;
mod ranked;
mod storage;
mod text;
mod union;
mod writable;

use std::collections::HashMap;
use std::io::Read;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};

use serde::Serialize;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::jobs::SearchRequest;
use crate::logged::{AnyIndex, Logged, WriteError};
use crate::people::PeopleSearch;

/// The open indexes by name; each opened (or created) on first use.
struct Engine {
    dir: PathBuf,
    /// By `{kind}/{name}`.
    indexes: RwLock<HashMap<String, Arc<Logged>>>,
    /// Whether writes wait for the disk (`SEARCH_FSYNC`).
    fsync: bool,
    /// Opening or removing an index is one at a time, so two first writes do not both create it.
    opening: Mutex<()>,
}

#[derive(Debug)]
struct Failure {
    status: u16,
    message: String,
}

impl Failure {
    fn bad(message: impl Into<String>) -> Self {
        Failure { status: 400, message: message.into() }
    }
    fn not_found(message: impl Into<String>) -> Self {
        Failure { status: 404, message: message.into() }
    }
}

impl From<tantivy::TantivyError> for Failure {
    fn from(error: tantivy::TantivyError) -> Self {
        Failure { status: 500, message: error.to_string() }
    }
}

/// An index name is the read schema's with a suffix: letters, digits, `_` and `-` only, so it is a
/// directory name and nothing else.
fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= 120 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl Engine {
    fn key(kind: &str, name: &str) -> Result<String, Failure> {
        if kind != "jobs" && kind != "people" {
            return Err(Failure::not_found("Not found"));
        }
        if !valid_name(name) {
            return Err(Failure::bad("Invalid index name"));
        }
        Ok(format!("{kind}/{name}"))
    }

    /// Where an index lives: under its kind and that kind's schema version, so an index of an older
    /// schema is never opened (the projector refills the new one from the rows).
    fn path(&self, kind: &str, name: &str) -> PathBuf {
        let version = if kind == "people" { people::SCHEMA_VERSION } else { jobs::SCHEMA_VERSION };
        self.dir.join(format!("{kind}.v{version}")).join(name)
    }

    fn existing(&self, kind: &str, name: &str) -> Result<Option<Arc<Logged>>, Failure> {
        let key = Engine::key(kind, name)?;
        if let Some(index) = self.indexes.read().unwrap().get(&key) {
            return Ok(Some(index.clone()));
        }
        let _one = self.opening.lock().unwrap();
        if let Some(index) = self.indexes.read().unwrap().get(&key) {
            return Ok(Some(index.clone()));
        }
        let path = self.path(kind, name);
        if !path.join("meta.json").exists() {
            return Ok(None);
        }
        let index = Arc::new(Logged::open(kind, &path, self.fsync)?);
        self.indexes.write().unwrap().insert(key, index.clone());
        Ok(Some(index))
    }

    fn open_or_create(&self, kind: &str, name: &str) -> Result<Arc<Logged>, Failure> {
        if let Some(index) = self.existing(kind, name)? {
            return Ok(index);
        }
        let key = Engine::key(kind, name)?;
        let _one = self.opening.lock().unwrap();
        if let Some(index) = self.indexes.read().unwrap().get(&key) {
            return Ok(index.clone());
        }
        let index = Arc::new(Logged::open(kind, &self.path(kind, name), self.fsync)?);
        self.indexes.write().unwrap().insert(key, index.clone());
        Ok(index)
    }

    fn remove(&self, kind: &str, name: &str) -> Result<(), Failure> {
        let key = Engine::key(kind, name)?;
        let _one = self.opening.lock().unwrap();
        // Out of the map first, and closed with no lock of the map held: searches of other indexes go on.
        let removed = self.indexes.write().unwrap().remove(&key);
        if let Some(index) = removed {
            index.close();
        }
        let path = self.path(kind, name);
        if path.exists() {
            std::fs::remove_dir_all(&path).map_err(|e| Failure { status: 500, message: e.to_string() })?;
        }
        Ok(())
    }

    fn handle(&self, method: &Method, path: &str, body: &[u8]) -> Result<String, Failure> {
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        match (method, parts.as_slice()) {
            (Method::Get, ["healthz"]) | (Method::Get, ["readyz"]) => Ok(r#"{"status":"ok"}"#.to_string()),
            (Method::Put, [kind, name, "documents"]) => {
                let index = self.open_or_create(kind, name)?;
                index.write(body).map_err(|error| match error {
                    WriteError::Invalid(e) => Failure::bad(format!("Invalid documents: {e}")),
                    WriteError::Failed(message) => Failure { status: 500, message },
                })?;
                Ok("{}".to_string())
            }
            (Method::Post, [kind, name, "search"]) => {
                let bad = |e: serde_json::Error| Failure::bad(format!("Invalid search: {e}"));
                let index = self.existing(kind, name)?;
                if let Some(index) = &index {
                    // What was written before this search is seen by it.
                    index.commit()?;
                }
                match (*kind, index.as_deref().map(|logged| &logged.index)) {
                    ("jobs", Some(AnyIndex::Jobs(jobs))) => {
                        json(&jobs.search(&serde_json::from_slice::<SearchRequest>(body).map_err(bad)?)?)
                    }
                    ("people", Some(AnyIndex::People(people))) => {
                        json(&people.search(&serde_json::from_slice::<PeopleSearch>(body).map_err(bad)?)?)
                    }
                    // Nothing was ever written to it: nothing matches.
                    _ => json(&jobs::SearchAnswer { ids: vec![], total: 0 }),
                }
            }
            (Method::Get, [kind, name]) => match self.existing(kind, name)? {
                Some(index) => json(&Stats { documents: index.documents()?, bytes: dir_bytes(&self.path(kind, name)) }),
                None => Err(Failure::not_found("No such index")),
            },
            (Method::Delete, [kind, name]) => {
                self.remove(kind, name)?;
                Ok("{}".to_string())
            }
            _ => Err(Failure::not_found("Not found")),
        }
    }
}

#[derive(Serialize)]
struct Stats {
    documents: u64,
    /// The index's files on disk.
    bytes: u64,
}

fn dir_bytes(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => dir_bytes(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

#[derive(Serialize)]
struct Message<'a> {
    message: &'a str,
}

fn json<T: Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure { status: 500, message: e.to_string() })
}

/// The most a request body may carry: a projector batch of jobs, with room to spare.
const MAX_BODY: u64 = 64 * 1024 * 1024;

fn serve(engine: &Engine, mut request: Request) {
    let method = request.method().clone();
    let path = request.url().split('?').next().unwrap_or("").to_string();
    let mut body = Vec::new();
    let read = request.as_reader().take(MAX_BODY).read_to_end(&mut body);
    let answer = match read {
        Ok(_) => engine.handle(&method, &path, &body),
        Err(e) => Err(Failure::bad(format!("Unreadable body: {e}"))),
    };
    let (status, text) = match answer {
        Ok(text) => (200, text),
        Err(failure) => {
            if failure.status >= 500 {
                eprintln!("{{\"level\":\"error\",\"msg\":\"{method} {path}: {}\"}}", failure.message.replace('"', "'"));
            }
            (failure.status, json(&Message { message: &failure.message }).unwrap_or_default())
        }
    };
    let header = Header::from_bytes(&b"Content-Type"[..], &b"application/json"[..]).expect("a valid header");
    let _ = request.respond(Response::from_string(text).with_status_code(status).with_header(header));
}

/// `search-engine --ready`: exits 0 when the engine on this port answers /readyz (a container's
/// healthcheck, where no HTTP client is installed).
fn ready(port: u16) -> bool {
    use std::io::Write;
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else { return false };
    let _ = stream.set_read_timeout(Some(std::time::Duration::from_secs(5)));
    if stream.write_all(b"GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").is_err() {
        return false;
    }
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.0 200")
}

fn main() {
    let port: u16 = std::env::var("SEARCH_ENGINE_PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(4006);
    if std::env::args().nth(1).as_deref() == Some("--ready") {
        std::process::exit(if ready(port) { 0 } else { 1 });
    }
    let host = std::env::var("SEARCH_ENGINE_HOST").unwrap_or_else(|_| "127.0.0.1".to_string());
    let dir = PathBuf::from(std::env::var("SEARCH_DATA_DIR").unwrap_or_else(|_| "search-data".to_string()));
    let threads: usize = std::env::var("SEARCH_ENGINE_THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(16);
    std::fs::create_dir_all(&dir).expect("the data directory can be made");
    let server = Arc::new(Server::http((host.as_str(), port)).expect("the port is free"));
    let fsync = storage::fsync_from_env();
    let engine = Arc::new(Engine { dir, indexes: RwLock::new(HashMap::new()), opening: Mutex::new(()), fsync });
    // Writes no search came for are committed within `COMMIT_EVERY` (logged.rs).
    {
        let engine = engine.clone();
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(logged::COMMIT_EVERY);
                let open: Vec<Arc<Logged>> = engine.indexes.read().unwrap().values().cloned().collect();
                for index in open {
                    if let Err(error) = index.commit() {
                        eprintln!(
                            "{{\"level\":\"error\",\"msg\":\"commit failed: {}\"}}",
                            error.to_string().replace('"', "'")
                        );
                    }
                }
            }
        });
    }
    println!("{{\"level\":\"info\",\"msg\":\"search engine listening on {host}:{port}\"}}");
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let server = server.clone();
            let engine = engine.clone();
            std::thread::spawn(move || {
                while let Ok(request) = server.recv() {
                    serve(&engine, request);
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
}
