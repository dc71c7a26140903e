//! Save as puzzle: the engine's exact prover looks for a forced win of the side to move in at
//! most [`MOST_MOVES`] moves (an engine job: [`crate::engine_jobs`]); a proven win is written, with its solution
//! and the player's title, to a file of its own in the player's puzzles folder
//! (`<data>/puzzles/`, which the puzzles screen lists under "Your puzzles"), never over another
//! file and never into the shipped puzzles. Without a proof nothing is written.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_engine::puzzle::{self, Goal, Puzzle};

use crate::engine_jobs::{self, JobRequest, JobResult, Proven};
use crate::model::FileTrouble;

/// The longest win looked for, in the side to move's moves.
pub const MOST_MOVES: u32 = 4;

/// The positions the prover may visit before it gives up (a few seconds).
pub const BUDGET: u64 = 4_000_000;

/// The record tag of a puzzle's title given by the player.
pub const TITLE_TAG: &str = "Title";

/// What the prover found.
#[derive(Debug, Clone)]
pub enum Proof {
    /// A forced win in `moves`: the puzzle, ready to save.
    Won(Box<Puzzle>),
    /// No forced win in at most [`MOST_MOVES`] moves.
    NoWin,
    /// The position was too large to prove within the budget.
    TooLong,
}

/// Looks for the shortest forced win of the side to move in `position` and its solution: the
/// puzzle titled `title`, or why there is none.
pub fn prove(config: GameConfig, position: &AnyPosition, title: &str) -> Proof {
    prove_within(config, position, title, BUDGET)
}

/// As [`prove`], with the prover's budget `budget` (positions visited), on the calling thread.
pub fn prove_within(config: GameConfig, position: &AnyPosition, title: &str, budget: u64) -> Proof {
    let request = JobRequest::ProvePuzzle {
        position: position.clone(),
        most_moves: MOST_MOVES,
        budget,
    };
    match engine_jobs::run_here(request, &AtomicBool::new(false)) {
        JobResult::Proof(proven) => finish(config, position, title, proven),
        _ => Proof::TooLong,
    }
}

/// The puzzle titled `title` from what the prover found in `position`, or why there is none.
pub fn finish(config: GameConfig, position: &AnyPosition, title: &str, proven: Proven) -> Proof {
    let (moves, line) = match proven {
        Proven::Win { moves, line } => (moves, line),
        Proven::NoWin => return Proof::NoWin,
        Proven::TooLong => return Proof::TooLong,
    };
    let mut found = puzzle::generate::puzzle_record(&config, position, Goal::Win(moves), &line);
    found
        .record
        .other_tags
        .push((TITLE_TAG.into(), title.trim().to_string()));
    found
        .record
        .other_tags
        .push(("Origin".into(), "Gamut board editor".into()));
    Proof::Won(Box::new(found))
}

/// Where a puzzle titled `title` goes in `folder`: a file named after the title that is not
/// there yet (`-2`, `-3`… added when it is).
pub fn free_file(folder: &Path, title: &str) -> PathBuf {
    let stem = crate::persist::paths::file_stem(title);
    let mut path = folder.join(format!("{stem}.txt"));
    let mut n = 2;
    while crate::store::files::exists(&path) {
        path = folder.join(format!("{stem}-{n}.txt"));
        n += 1;
    }
    path
}

/// Writes the puzzle into `folder` (made if need be), atomically, under a new name: the file
/// written, or what went wrong.
pub fn save(folder: &Path, found: &Puzzle) -> Result<PathBuf, FileTrouble> {
    crate::store::files::create_dir_all(folder).map_err(|e| FileTrouble::from_io(&e))?;
    let title = found
        .record
        .other_tags
        .iter()
        .find(|(tag, _)| tag == TITLE_TAG)
        .map_or("puzzle", |(_, value)| value.as_str());
    let path = free_file(folder, title);
    crate::persist::atomic::write_atomic(&path, found.to_text().as_bytes())
        .map_err(|e| FileTrouble::from_io(&e))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::Color as Side;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gamut-proof-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// A win in one is proven, saved with its title and read back as a puzzle; a second save of
    /// the same title goes to a file of its own.
    #[test]
    fn a_win_is_proven_and_saved_under_its_title_beside_the_others() {
        let config = GameConfig::default();
        // The shipped puzzle loa/w1-01: c1-d2 connects Black.
        let position = config
            .position_from_text("8/8/1www4/w1b5/2b1w3/3b1w2/w3ww2/2b1bbb1 b")
            .unwrap();
        let Proof::Won(found) = prove(config, &position, "  My first puzzle ") else {
            panic!("a win in one");
        };
        assert_eq!(found.goal, Goal::Win(1));
        assert_eq!(found.side(), Side::Black);
        let dir = folder("save");
        let first = save(&dir, &found).expect("saved");
        let second = save(&dir, &found).expect("saved again");
        assert_eq!(first.file_name().unwrap(), "My first puzzle.txt");
        assert_eq!(second.file_name().unwrap(), "My first puzzle-2.txt");
        let text = std::fs::read_to_string(&first).unwrap();
        let read = Puzzle::parse(&text).expect("a puzzle");
        assert_eq!(read.goal, Goal::Win(1));
        assert!(text.contains("[Title \"My first puzzle\"]"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Black's two pieces in opposite corners, White's two a move from joining: no forced win
    /// for Black, nothing to save; the start with a tiny budget: too long to prove.
    #[test]
    fn no_win_no_puzzle() {
        use gamut_engine::Game;
        let config = GameConfig::default();
        let apart = config
            .position_from_text("b7/8/8/8/3w4/8/3w4/7b b")
            .unwrap();
        assert!(apart.outcome().is_none());
        assert!(matches!(prove(config, &apart, "apart"), Proof::NoWin));
        let start = config.start();
        assert!(matches!(
            prove_within(config, &start, "start", 1_000),
            Proof::TooLong
        ));
    }
}
