//! Files written whole or not at all: a temporary file in the same folder, flushed and synced,
//! then renamed over the old one. A file that could not be read is never overwritten: it is
//! moved aside first.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Writes `contents` to `path` atomically: after a crash at any moment the file holds either
/// its old contents or the new ones, never a part.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(contents)?;
        file.flush()?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)?;
        // The rename itself reaches the disk with the folder.
        if let Ok(folder) = fs::File::open(dir) {
            let _ = folder.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Moves a file that could not be read aside, beside it: `NAME.bad-<seconds>.EXT` (or
/// `NAME.EXT.bad` with `plain_bad`). Gives the new path.
pub fn move_aside(path: &Path, plain_bad: bool) -> io::Result<PathBuf> {
    let target = aside_name(path, plain_bad);
    fs::rename(path, &target)?;
    Ok(target)
}

fn aside_name(path: &Path, plain_bad: bool) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if plain_bad {
        let mut target = path.with_file_name(format!("{name}.bad"));
        let mut n = 1;
        while target.exists() {
            target = path.with_file_name(format!("{name}.bad{n}"));
            n += 1;
        }
        return target;
    }
    let stem = path
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut target = path.with_file_name(format!("{stem}.bad-{seconds}{ext}"));
    let mut n = 1;
    while target.exists() {
        target = path.with_file_name(format!("{stem}.bad-{seconds}-{n}{ext}"));
        n += 1;
    }
    target
}
