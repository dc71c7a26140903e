//! The memory back end: files in a map, for the unit tests of the store and of the features
//! (and the proof that the seam is real: nothing above it knows folders). Its switches make
//! writes or moves fail, as a full disk or a read-only folder would.

use std::collections::BTreeMap;
use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::Backend;
use crate::model::TooLarge;

/// Files in memory.
#[derive(Debug, Default)]
pub struct MemoryBackend {
    id: usize,
    files: Mutex<BTreeMap<String, Vec<u8>>>,
    /// Writes fail (a full disk).
    pub refuse_writes: AtomicBool,
    /// Moves fail (a folder that cannot be changed).
    pub refuse_moves: AtomicBool,
}

impl MemoryBackend {
    /// An empty one (each has its own number, so two are never taken for the same).
    pub fn new() -> MemoryBackend {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        MemoryBackend {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            ..MemoryBackend::default()
        }
    }

    /// Puts `bytes` at `key` as they are (a test's file).
    pub fn put(&self, key: &str, bytes: &[u8]) {
        self.lock().insert(key.into(), bytes.to_vec());
    }

    /// The bytes at `key`.
    pub fn get(&self, key: &str) -> Option<Vec<u8>> {
        self.lock().get(key).cloned()
    }

    /// Every key, in order.
    pub fn keys(&self) -> Vec<String> {
        self.lock().keys().cloned().collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<u8>>> {
        self.files.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Backend for MemoryBackend {
    fn describe(&self) -> String {
        format!("memory {}", self.id)
    }

    fn read(&self, key: &str, limit: usize) -> io::Result<Vec<u8>> {
        match self.lock().get(key) {
            None => Err(io::Error::from(io::ErrorKind::NotFound)),
            Some(bytes) if bytes.len() > limit => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                TooLarge { limit },
            )),
            Some(bytes) => Ok(bytes.clone()),
        }
    }

    fn write(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        if self.refuse_writes.load(Ordering::Relaxed) {
            return Err(io::Error::from(io::ErrorKind::StorageFull));
        }
        self.put(key, bytes);
        Ok(())
    }

    fn exists(&self, key: &str) -> bool {
        self.lock().contains_key(key)
    }

    fn rename(&self, key: &str, to: &str) -> io::Result<()> {
        if self.refuse_moves.load(Ordering::Relaxed) {
            return Err(io::Error::from(io::ErrorKind::PermissionDenied));
        }
        let mut files = self.lock();
        if files.contains_key(to) {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        let bytes = files
            .remove(key)
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        files.insert(to.into(), bytes);
        Ok(())
    }
}
