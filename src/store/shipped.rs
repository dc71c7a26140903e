//! The files shipped with the game, in the browser: the page has no folder beside it, so the
//! `assets/` folders the game reads (the words, the puzzles, the sounds) are put in the program
//! itself when it is built for the web, and read from there: by [`super::files`] for the paths
//! under `assets/`, and by Bevy's asset server through a memory source ([`asset_source`]). The
//! icons stay out (the page serves them as files of its own: 0.1 MB of its weight).

// Outside the page only its tests use it.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use std::path::{Path, PathBuf};

use bevy::asset::io::AssetSourceBuilder;
use bevy::asset::io::memory::{Dir, MemoryAssetReader};

/// The folders under `assets/` the game reads, as the source tree holds them.
static FOLDERS: [(&str, include_dir::Dir); 3] = [
    (
        "locales",
        include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/locales"),
    ),
    (
        "puzzles",
        include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/puzzles"),
    ),
    (
        "sounds",
        include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/sounds"),
    ),
];

/// The shipped folder holding `rel` (a path under `assets/`), and the path inside it.
fn folder_of(rel: &Path) -> Option<(&'static include_dir::Dir<'static>, &Path)> {
    FOLDERS
        .iter()
        .find_map(|(name, dir)| Some((dir, rel.strip_prefix(name).ok()?)))
}

/// The name the game gives the assets' folder (see `crate::asset_folder`).
pub const ROOT: &str = "assets";

fn relative(path: &Path) -> Option<&Path> {
    path.strip_prefix(ROOT).ok()
}

/// The bytes of the shipped file at `path` (`assets/…`), if there is one.
pub fn read(path: &Path) -> Option<&'static [u8]> {
    let (folder, inside) = folder_of(relative(path)?)?;
    folder.get_file(inside).map(|f| f.contents())
}

/// The files of the shipped folder `dir` (`assets/…`), if it is one.
pub fn list(dir: &Path) -> Option<Vec<PathBuf>> {
    let (top, inside) = folder_of(relative(dir)?)?;
    let folder = if inside.as_os_str().is_empty() {
        top
    } else {
        top.get_dir(inside)?
    };
    let name = dir.strip_prefix(ROOT).ok()?.components().next()?;
    Some(
        folder
            .files()
            .map(|f| Path::new(ROOT).join(name).join(f.path()))
            .collect(),
    )
}

/// The asset server's default source: every shipped file, in memory.
pub fn asset_source() -> AssetSourceBuilder {
    let root = Dir::default();
    for (name, folder) in &FOLDERS {
        fill(&root, Path::new(name), folder);
    }
    AssetSourceBuilder::new(move || Box::new(MemoryAssetReader { root: root.clone() }))
}

fn fill(root: &Dir, name: &Path, folder: &'static include_dir::Dir<'static>) {
    for file in folder.files() {
        root.insert_asset(&name.join(file.path()), file.contents());
    }
    for sub in folder.dirs() {
        fill(root, name, sub);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_folders_read_and_list_as_the_source_tree_holds_them() {
        let words = Path::new("assets/locales/en/about.ftl");
        assert_eq!(read(words), std::fs::read(words).ok().as_deref());
        let puzzles = list(Path::new("assets/puzzles/loa")).unwrap();
        let on_disk = std::fs::read_dir("assets/puzzles/loa").unwrap().count();
        assert_eq!(puzzles.len(), on_disk);
        for path in &puzzles {
            assert!(path.starts_with("assets/puzzles/loa"), "{path:?}");
            assert_eq!(read(path), std::fs::read(path).ok().as_deref(), "{path:?}");
        }
        assert!(read(Path::new("assets/sounds/move.ogg")).is_some());
        // The icons are the page's own files, not the program's.
        assert_eq!(read(Path::new("assets/icons/gamut-512.png")), None);
        assert_eq!(read(Path::new("assets/locales/en/nothing.ftl")), None);
        assert_eq!(list(Path::new("elsewhere/puzzles")), None);
    }
}
