//! Files written whole or not at all, and files that could not be read moved aside: the
//! store's folder back end ([`crate::store`]), for the files that are not one of the game's
//! documents (a puzzle the editor saves, a tournament's export).

use std::io;
use std::path::{Path, PathBuf};

use crate::store::{Aside, Place};

/// Writes `contents` to `path` atomically: after a crash at any moment the file holds either
/// its old contents or the new ones, never a part (a temporary file of its own, renamed).
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    crate::store::write_file(path, contents)
}

/// Moves a file that could not be read aside, beside it: `NAME.bad-<seconds>.EXT` (or
/// `NAME.EXT.bad` with `plain_bad`). Gives the new path.
pub fn move_aside(path: &Path, plain_bad: bool) -> io::Result<PathBuf> {
    let aside = if plain_bad {
        Aside::Suffix
    } else {
        Aside::Stamped
    };
    let name = Place::file(path).move_aside(aside)?;
    Ok(path.with_file_name(name))
}
