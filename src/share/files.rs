//! The desktop's side of Share: the pictures written into the game's exports folder, each
//! whole or not at all, under names no file has yet (an existing file is never replaced).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The most names tried (`STEM.gif`, `STEM-2.gif` … `STEM-999.gif`) before giving up.
const MOST_TRIES: u32 = 999;

/// Writes `files` (an ending such as `gif` and the content) into `folder` (made if missing)
/// under one stem no file of those endings has yet: `STEM.gif` and `STEM.png`, else
/// `STEM-2.gif` and `STEM-2.png`, and so on. The paths written, in the order given.
pub fn write_fresh(folder: &Path, stem: &str, files: &[(&str, &[u8])]) -> io::Result<Vec<PathBuf>> {
    fs::create_dir_all(folder)?;
    for n in 1..=MOST_TRIES {
        let name = if n == 1 {
            stem.to_string()
        } else {
            format!("{stem}-{n}")
        };
        let paths: Vec<PathBuf> = files
            .iter()
            .map(|(ending, _)| folder.join(format!("{name}.{ending}")))
            .collect();
        if paths.iter().any(|p| p.exists()) {
            continue;
        }
        let mut written = Vec::new();
        let mut taken = false;
        for (path, (_, bytes)) in paths.iter().zip(files) {
            match write_new(path, bytes) {
                Ok(()) => written.push(path.clone()),
                Err(e) => {
                    // Those of this name written already go: a set is whole or not there.
                    for done in &written {
                        let _ = fs::remove_file(done);
                    }
                    if e.kind() == io::ErrorKind::AlreadyExists {
                        taken = true;
                        break;
                    }
                    return Err(e);
                }
            }
        }
        if !taken {
            return Ok(written);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{MOST_TRIES} files named {stem} already"),
    ))
}

/// Writes `bytes` to `path`, which must not exist: into a temporary file of its own first,
/// synced, then linked at `path` (which fails if a file took the name meanwhile). Where the
/// disk has no links, renamed after a last look that the name is free.
fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNT: AtomicU32 = AtomicU32::new(0);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("share");
    let temporary = path.with_file_name(format!(
        ".{name}.{}-{}.tmp",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = fs::File::create_new(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&temporary);
        return Err(e);
    }
    let placed = match fs::hard_link(&temporary, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) if path.exists() => Err(io::ErrorKind::AlreadyExists.into()),
        Err(_) => fs::rename(&temporary, path),
    };
    let _ = fs::remove_file(&temporary);
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gamut-share-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_second_share_takes_a_fresh_name_and_leaves_the_first() {
        let dir = folder("fresh");
        let first =
            write_fresh(&dir, "gamut-2026-11-30", &[("gif", b"one"), ("png", b"1")]).unwrap();
        assert_eq!(
            first,
            [
                dir.join("gamut-2026-11-30.gif"),
                dir.join("gamut-2026-11-30.png")
            ]
        );
        // A PNG of the next name stands there already: both skip it.
        fs::write(dir.join("gamut-2026-11-30-2.png"), b"mine").unwrap();
        let second =
            write_fresh(&dir, "gamut-2026-11-30", &[("gif", b"two"), ("png", b"2")]).unwrap();
        assert_eq!(second[0], dir.join("gamut-2026-11-30-3.gif"));
        assert_eq!(fs::read(&first[0]).unwrap(), b"one");
        assert_eq!(
            fs::read(dir.join("gamut-2026-11-30-2.png")).unwrap(),
            b"mine"
        );
        assert_eq!(fs::read(&second[1]).unwrap(), b"2");
        let left: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "no temporary file is left");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_an_error() {
        let dir = folder("blocked");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("exports"), b"a file, not a folder").unwrap();
        assert!(write_fresh(&dir.join("exports"), "gamut", &[("gif", b"x")]).is_err());
        let _ = fs::remove_dir_all(&dir);
    }
}
