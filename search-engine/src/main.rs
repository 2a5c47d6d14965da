//! The search engine: the jobs' full-text index (Tantivy: BM25, block-max WAND, counts from its
//! posting lists) behind a small JSON API over HTTP on loopback. It holds no truth of its own: the
//! query-service's jobs read model writes each job's document here in its projector batch, before
//! that batch's Postgres commit, and asks it for a page of ids and their count (docs/architecture.md,
//! "Search"). An index is named after the read schema it belongs to, so a rebuild or a test's schema has
//! its own, and is kept on disk under SEARCH_DATA_DIR.
//!
//! Routes (bodies are JSON):
//! - `GET /healthz`, `GET /readyz`
//! - `PUT /indexes/{name}/documents` `{ "upsert": [JobDocument], "delete": [id] }`: applied in that
//!   order and committed (on disk) before the answer; a document replaces the one with its id.
//! - `POST /indexes/{name}/search` (`SearchRequest`): `{ "ids": [...], "total": n }`, the page's ids in
//!   order and every match counted.
//! - `GET /indexes/{name}`: `{ "documents": n }`, 404 when the index does not exist.
//! - `DELETE /indexes/{name}`: removes it (a reset, a dropped test schema).
mod jobs;
mod text;

use std::collections::HashMap;
use std::io::Read;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};

use serde::Serialize;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::jobs::{JobIndex, SearchRequest, WriteRequest};

/// The open indexes by name; each opened (or created) on first use.
struct Engine {
    dir: PathBuf,
    indexes: RwLock<HashMap<String, Arc<JobIndex>>>,
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
    fn existing(&self, name: &str) -> Result<Option<Arc<JobIndex>>, Failure> {
        if !valid_name(name) {
            return Err(Failure::bad("Invalid index name"));
        }
        if let Some(index) = self.indexes.read().unwrap().get(name) {
            return Ok(Some(index.clone()));
        }
        let _one = self.opening.lock().unwrap();
        if let Some(index) = self.indexes.read().unwrap().get(name) {
            return Ok(Some(index.clone()));
        }
        let path = self.dir.join(name);
        if !path.join("meta.json").exists() {
            return Ok(None);
        }
        let index = Arc::new(JobIndex::open_or_create(&path)?);
        self.indexes.write().unwrap().insert(name.to_string(), index.clone());
        Ok(Some(index))
    }

    fn open_or_create(&self, name: &str) -> Result<Arc<JobIndex>, Failure> {
        if let Some(index) = self.existing(name)? {
            return Ok(index);
        }
        let _one = self.opening.lock().unwrap();
        if let Some(index) = self.indexes.read().unwrap().get(name) {
            return Ok(index.clone());
        }
        let index = Arc::new(JobIndex::open_or_create(&self.dir.join(name))?);
        self.indexes.write().unwrap().insert(name.to_string(), index.clone());
        Ok(index)
    }

    fn remove(&self, name: &str) -> Result<(), Failure> {
        if !valid_name(name) {
            return Err(Failure::bad("Invalid index name"));
        }
        let _one = self.opening.lock().unwrap();
        if let Some(index) = self.indexes.write().unwrap().remove(name) {
            index.close();
        }
        let path = self.dir.join(name);
        if path.exists() {
            std::fs::remove_dir_all(&path).map_err(|e| Failure { status: 500, message: e.to_string() })?;
        }
        Ok(())
    }

    fn handle(&self, method: &Method, path: &str, body: &[u8]) -> Result<String, Failure> {
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        match (method, parts.as_slice()) {
            (Method::Get, ["healthz"]) | (Method::Get, ["readyz"]) => Ok(r#"{"status":"ok"}"#.to_string()),
            (Method::Put, ["indexes", name, "documents"]) => {
                let request: WriteRequest =
                    serde_json::from_slice(body).map_err(|e| Failure::bad(format!("Invalid documents: {e}")))?;
                let index = self.open_or_create(name)?;
                let documents = index.write(request)?;
                json(&Count { documents })
            }
            (Method::Post, ["indexes", name, "search"]) => {
                let request: SearchRequest =
                    serde_json::from_slice(body).map_err(|e| Failure::bad(format!("Invalid search: {e}")))?;
                match self.existing(name)? {
                    Some(index) => json(&index.search(&request)?),
                    // Nothing was ever written to it: no job matches.
                    None => json(&jobs::SearchAnswer { ids: vec![], total: 0 }),
                }
            }
            (Method::Get, ["indexes", name]) => match self.existing(name)? {
                Some(index) => json(&Count { documents: index.documents() }),
                None => Err(Failure::not_found("No such index")),
            },
            (Method::Delete, ["indexes", name]) => {
                self.remove(name)?;
                Ok("{}".to_string())
            }
            _ => Err(Failure::not_found("Not found")),
        }
    }
}

#[derive(Serialize)]
struct Count {
    documents: u64,
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
    let threads: usize = std::env::var("SEARCH_ENGINE_THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(4);
    std::fs::create_dir_all(&dir).expect("the data directory can be made");
    let server = Arc::new(Server::http((host.as_str(), port)).expect("the port is free"));
    let engine = Arc::new(Engine { dir, indexes: RwLock::new(HashMap::new()), opening: Mutex::new(()) });
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
