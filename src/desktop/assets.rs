//! Where the game's `assets/` folder is. The same program runs from four layouts:
//!
//! - the source tree (`cargo run`, `target/debug/gamut`): `<source>/assets`;
//! - the portable archive: `assets/` beside the program;
//! - an installed package: `/usr/bin/gamut` with `/usr/share/gamut/assets`, found from the
//!   program's own path (`<program's folder>/../share/gamut/assets`), so another prefix
//!   (`/usr/local`, `/opt/gamut`, a folder a package was unpacked in) works too;
//! - `BEVY_ASSET_ROOT` or `CARGO_MANIFEST_DIR` set at run time (as in Bevy): `<that>/assets`.
//!
//! A folder counts when it holds the game's languages (`locales/`), not merely when it exists.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A place the game looks for its assets, and why it looks there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub path: PathBuf,
    pub why: String,
}

impl Candidate {
    fn new(path: PathBuf, why: impl Into<String>) -> Candidate {
        Candidate {
            path,
            why: why.into(),
        }
    }
}

/// No assets folder in any of the places looked at (in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetsNotFound {
    pub tried: Vec<Candidate>,
}

impl fmt::Display for AssetsNotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Said before the language is known, on stderr, like the command line's messages.
        writeln!(
            f,
            "gamut: cannot find the game's assets folder (the one holding locales/, puzzles/ \
             and sounds/). Looked in:"
        )?;
        for candidate in &self.tried {
            writeln!(f, "  {}  ({})", candidate.path.display(), candidate.why)?;
        }
        write!(
            f,
            "Reinstall the game, keep the assets/ folder beside the program, or set \
             BEVY_ASSET_ROOT to the folder that contains assets/."
        )
    }
}

impl std::error::Error for AssetsNotFound {}

/// The places to look, in order: the environment, beside the program, the installed layout
/// beside the program's folder, the source tree the program was built from.
pub fn candidates(
    env: impl Fn(&str) -> Option<PathBuf>,
    program: Option<&Path>,
    source_tree: &Path,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    for var in ["BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"] {
        if let Some(root) = env(var) {
            out.push(Candidate::new(
                root.join("assets"),
                format!("${var}/assets"),
            ));
        }
    }
    if let Some(dir) = program.and_then(Path::parent) {
        out.push(Candidate::new(dir.join("assets"), "beside the program"));
        if let Some(prefix) = dir.parent() {
            out.push(Candidate::new(
                prefix.join("share/gamut/assets"),
                "installed: the program's folder/../share/gamut/assets",
            ));
        }
    }
    out.push(Candidate::new(
        source_tree.join("assets"),
        "the source tree the program was built from",
    ));
    out
}

/// The first candidate `holds_assets` accepts.
pub fn find(
    candidates: Vec<Candidate>,
    holds_assets: impl Fn(&Path) -> bool,
) -> Result<PathBuf, AssetsNotFound> {
    match candidates.iter().find(|c| holds_assets(&c.path)) {
        Some(found) => Ok(found.path.clone()),
        None => Err(AssetsNotFound { tried: candidates }),
    }
}

/// Whether `dir` is the game's assets folder: it has the languages.
pub fn holds_assets(dir: &Path) -> bool {
    dir.join("locales").is_dir()
}

/// The assets folder of this program, looked up once.
pub fn locate() -> Result<PathBuf, AssetsNotFound> {
    static FOUND: OnceLock<Result<PathBuf, AssetsNotFound>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let program = std::env::current_exe().ok();
            find(
                candidates(
                    |var| std::env::var_os(var).map(PathBuf::from),
                    program.as_deref(),
                    Path::new(env!("CARGO_MANIFEST_DIR")),
                ),
                holds_assets,
            )
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(candidates: &[Candidate]) -> Vec<&Path> {
        candidates.iter().map(|c| c.path.as_path()).collect()
    }

    #[test]
    fn the_environment_then_beside_the_program_then_installed_then_the_source_tree() {
        let env = |var: &str| (var == "BEVY_ASSET_ROOT").then(|| PathBuf::from("/env"));
        let found = candidates(env, Some(Path::new("/usr/bin/gamut")), Path::new("/src"));
        assert_eq!(
            paths(&found),
            [
                Path::new("/env/assets"),
                Path::new("/usr/bin/assets"),
                Path::new("/usr/share/gamut/assets"),
                Path::new("/src/assets"),
            ]
        );
        let plain = candidates(
            |_| None,
            Some(Path::new("/opt/g/bin/gamut")),
            Path::new("/s"),
        );
        assert_eq!(
            paths(&plain),
            [
                Path::new("/opt/g/bin/assets"),
                Path::new("/opt/g/share/gamut/assets"),
                Path::new("/s/assets"),
            ]
        );
        let unknown_program = candidates(|_| None, None, Path::new("/s"));
        assert_eq!(paths(&unknown_program), [Path::new("/s/assets")]);
    }

    #[test]
    fn the_first_folder_with_the_assets_wins() {
        let list = candidates(
            |_| None,
            Some(Path::new("/usr/bin/gamut")),
            Path::new("/src"),
        );
        let installed = |dir: &Path| dir.starts_with("/usr/share") || dir.starts_with("/src");
        assert_eq!(
            find(list.clone(), installed),
            Ok(PathBuf::from("/usr/share/gamut/assets"))
        );
        let archive = |dir: &Path| dir == Path::new("/usr/bin/assets") || dir.starts_with("/src");
        assert_eq!(find(list, archive), Ok(PathBuf::from("/usr/bin/assets")));
    }

    #[test]
    fn when_none_holds_them_the_message_lists_every_place_looked_at() {
        let env = |var: &str| (var == "CARGO_MANIFEST_DIR").then(|| PathBuf::from("/m"));
        let list = candidates(env, Some(Path::new("/opt/gamut/gamut")), Path::new("/src"));
        let error = find(list, |_| false).unwrap_err();
        let message = error.to_string();
        for (path, why) in [
            ("/m/assets", "$CARGO_MANIFEST_DIR/assets"),
            ("/opt/gamut/assets", "beside the program"),
            ("/opt/share/gamut/assets", "installed"),
            ("/src/assets", "source tree"),
        ] {
            let line = message
                .lines()
                .find(|line| line.trim_start().starts_with(path))
                .unwrap_or_else(|| panic!("{path} is not in:\n{message}"));
            assert!(line.contains(why), "{line}");
        }
        assert!(message.starts_with("gamut: cannot find the game's assets folder"));
        assert!(message.contains("BEVY_ASSET_ROOT"), "{message}");
    }

    #[test]
    fn a_folder_without_the_languages_is_not_the_assets() {
        let dir = std::env::temp_dir().join(format!("gamut-assets-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(!holds_assets(&dir));
        std::fs::create_dir_all(dir.join("locales")).unwrap();
        assert!(holds_assets(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(holds_assets(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
        ));
    }
}
