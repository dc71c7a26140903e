//! The folder back end: files in a folder of the disk (the OS data or config folder, or
//! `--data-dir`), or of the page's storage in the browser ([`super::files`]). On the desktop,
//! writes go to a temporary file of a name unique to the write
//! ([`tempfile::NamedTempFile`]) in the same folder, flushed and synced, then renamed over the
//! file: the panic hook and the main thread can write the same file at once without sharing a
//! temporary file.

use std::io;
use std::path::PathBuf;

use super::Backend;
use super::files::{self, read_capped, write_file};

/// Files in a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FolderBackend {
    root: PathBuf,
}

impl FolderBackend {
    /// The files of `root` (made when first written to).
    pub fn new(root: impl Into<PathBuf>) -> FolderBackend {
        FolderBackend { root: root.into() }
    }

    /// The path of `key`.
    pub fn path(&self, key: &str) -> PathBuf {
        key.split('/')
            .fold(self.root.clone(), |p, part| p.join(part))
    }
}

impl Backend for FolderBackend {
    fn describe(&self) -> String {
        format!("folder {}", self.root.display())
    }

    fn read(&self, key: &str, limit: usize) -> io::Result<Vec<u8>> {
        read_capped(&self.path(key), limit)
    }

    fn write(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        write_file(&self.path(key), bytes)
    }

    fn exists(&self, key: &str) -> bool {
        files::exists(&self.path(key))
    }

    fn rename(&self, key: &str, to: &str) -> io::Result<()> {
        files::rename(&self.path(key), &self.path(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::sync::{Arc, Barrier};

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gamut-store-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Many threads writing the same file at once (as the panic hook and the main thread can):
    /// each write has its own temporary file, so every write succeeds, the file ends whole —
    /// one writer's bytes, never a mix — and no temporary file is left.
    #[test]
    fn concurrent_writers_never_share_a_temporary_file() {
        let dir = folder("concurrent");
        let path = dir.join("autosave.json");
        let writers = 8;
        let start = Arc::new(Barrier::new(writers));
        let threads: Vec<_> = (0..writers)
            .map(|i| {
                let (path, start) = (path.clone(), Arc::clone(&start));
                std::thread::spawn(move || {
                    let text = vec![b'a' + i as u8; 100_000 + i * 1000];
                    start.wait();
                    (0..20).all(|_| write_file(&path, &text).is_ok())
                })
            })
            .collect();
        for t in threads {
            assert!(t.join().unwrap(), "a write failed");
        }
        let bytes = fs::read(&path).unwrap();
        let i = usize::from(bytes[0] - b'a');
        assert_eq!(
            bytes,
            vec![bytes[0]; 100_000 + i * 1000],
            "one writer's whole bytes"
        );
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["autosave.json"], "no temporary file left");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_over_the_limit_is_refused_unread() {
        let dir = folder("limit");
        let path = dir.join("big.json");
        fs::write(&path, vec![b' '; 11]).unwrap();
        let e = read_capped(&path, 10).unwrap_err();
        assert_eq!(
            crate::model::FileTrouble::from_io(&e),
            crate::model::FileTrouble::TooLarge { limit: 10 }
        );
        assert_eq!(read_capped(&path, 11).unwrap().len(), 11);
        let _ = fs::remove_dir_all(&dir);
    }
}
