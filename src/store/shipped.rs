//! The files shipped with the game, in the browser: the page has no folder beside it, so the
//! `assets/` folder (the words, the puzzles, the sounds) is put in the program itself when it
//! is built for the web, and read from there: by [`super::files`] for the paths under
//! `assets/`, and by Bevy's asset server through a memory source ([`asset_source`]).

use std::path::{Path, PathBuf};

use bevy::asset::io::AssetSourceBuilder;
use bevy::asset::io::memory::{Dir, MemoryAssetReader};

/// The assets, as the source tree holds them.
static ASSETS: include_dir::Dir = include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets");

/// The name the game gives the assets' folder (see `crate::asset_folder`).
pub const ROOT: &str = "assets";

fn relative(path: &Path) -> Option<&Path> {
    path.strip_prefix(ROOT).ok()
}

/// The bytes of the shipped file at `path` (`assets/…`), if there is one.
pub fn read(path: &Path) -> Option<&'static [u8]> {
    ASSETS.get_file(relative(path)?).map(|f| f.contents())
}

/// The files of the shipped folder `dir` (`assets/…`), if it is one.
pub fn list(dir: &Path) -> Option<Vec<PathBuf>> {
    let rel = relative(dir)?;
    let folder = if rel.as_os_str().is_empty() {
        &ASSETS
    } else {
        ASSETS.get_dir(rel)?
    };
    Some(
        folder
            .files()
            .map(|f| Path::new(ROOT).join(f.path()))
            .collect(),
    )
}

/// The asset server's default source: every shipped file, in memory.
pub fn asset_source() -> AssetSourceBuilder {
    let root = Dir::default();
    fill(&root, &ASSETS);
    AssetSourceBuilder::new(move || Box::new(MemoryAssetReader { root: root.clone() }))
}

fn fill(root: &Dir, folder: &'static include_dir::Dir<'static>) {
    for file in folder.files() {
        root.insert_asset(file.path(), file.contents());
    }
    for sub in folder.dirs() {
        fill(root, sub);
    }
}
