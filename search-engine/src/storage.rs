//! Where an index's files live: Tantivy's memory-mapped directory, synced to disk at every commit
//! (the default), or, with `SEARCH_FSYNC=off`, written without waiting for the disk (the index's files
//! and its log of writes, logged.rs). The local stack runs so, as it runs Postgres with
//! `synchronous_commit = off`: a process that dies loses nothing (the files are in the kernel's page
//! cache), a machine that crashes may lose its last writes, and the projector makes an index whose
//! count differs from its rows again when it starts. Synced, a commit waits for the ten or so fsyncs of
//! a new segment (about 1 ms each on this project's development machine).
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tantivy::directory::error::{DeleteError, LockError, OpenReadError, OpenWriteError};
use tantivy::directory::{
    AntiCallToken, Directory, DirectoryLock, FileHandle, Lock, MmapDirectory, TerminatingWrite, WatchCallback,
    WatchHandle, WritePtr,
};

/// Whether commits wait for the disk (`SEARCH_FSYNC`, on unless `off`).
pub fn fsync_from_env() -> bool {
    std::env::var("SEARCH_FSYNC").map(|v| v != "off").unwrap_or(true)
}

/// The directory of an index at `path`.
pub fn open(path: &Path, fsync: bool) -> tantivy::Result<Box<dyn Directory>> {
    let mmap = MmapDirectory::open(path)?;
    Ok(if fsync { Box::new(mmap) } else { Box::new(Unsynced { mmap, root: path.to_path_buf() }) })
}

/// Reads as the memory-mapped directory does; writes files without syncing them.
#[derive(Clone, Debug)]
struct Unsynced {
    mmap: MmapDirectory,
    root: PathBuf,
}

struct UnsyncedFile(File);

impl Write for UnsyncedFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl TerminatingWrite for UnsyncedFile {
    fn terminate_ref(&mut self, _: AntiCallToken) -> io::Result<()> {
        self.0.flush()
    }
}

impl Directory for Unsynced {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        self.mmap.get_file_handle(path)
    }
    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        self.mmap.delete(path)
    }
    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.mmap.exists(path)
    }
    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        let file = OpenOptions::new().write(true).create_new(true).open(self.root.join(path)).map_err(|error| {
            if error.kind() == io::ErrorKind::AlreadyExists {
                OpenWriteError::FileAlreadyExists(path.to_path_buf())
            } else {
                OpenWriteError::wrap_io_error(error, path.to_path_buf())
            }
        })?;
        Ok(BufWriter::new(Box::new(UnsyncedFile(file))))
    }
    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        self.mmap.atomic_read(path)
    }
    /// A whole new file renamed over the old one: readers see one or the other, never a part.
    fn atomic_write(&self, path: &Path, data: &[u8]) -> io::Result<()> {
        let target = self.root.join(path);
        let temporary = self.root.join(format!(".{}.writing", path.display()));
        std::fs::write(&temporary, data)?;
        std::fs::rename(&temporary, &target)
    }
    fn acquire_lock(&self, lock: &Lock) -> Result<DirectoryLock, LockError> {
        self.mmap.acquire_lock(lock)
    }
    fn watch(&self, callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        self.mmap.watch(callback)
    }
    fn sync_directory(&self) -> io::Result<()> {
        Ok(())
    }
}
