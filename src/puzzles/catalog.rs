//! The shipped puzzles, read from `assets/puzzles/<game>/` at the start: each folder's
//! `index.tsv` gives the order (easiest first); files it does not list (the article's defence
//! puzzle) come after. A file that cannot be read as a puzzle is left out and named in the list.

use std::path::Path;

use bevy::prelude::*;
use gamut_engine::any_game::GameKind;
use gamut_engine::puzzle::{Goal, Puzzle};
use gamut_engine::record::MAX_RECORD_BYTES;

use crate::persist::paths::read_capped;

/// The folders of the puzzles, with their game, in the list's order.
pub const FOLDERS: [(&str, GameKind); 2] = [
    ("loa", GameKind::LinesOfAction),
    ("epaminondas", GameKind::Epaminondas),
];

/// The file of the French article's defence puzzle (its question is shown as the article
/// states it, and its verdict is the engine's).
pub const ARTICLE_FILE: &str = "article-defence";

/// One puzzle of the list.
#[derive(Debug, Clone)]
pub struct PuzzleEntry {
    /// `folder/file-stem`, the key of its progress (`loa/w2-03`).
    pub id: String,
    /// The game.
    pub kind: GameKind,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Whether it is the article's defence puzzle.
    pub article: bool,
}

impl PuzzleEntry {
    /// What the side to move must do.
    pub fn goal(&self) -> Goal {
        self.puzzle.goal
    }
}

/// A group of the list: a game and a goal, with its puzzles' indices in the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The game.
    pub kind: GameKind,
    /// The goal shared by the group.
    pub goal: Goal,
    /// Whether it is the article's puzzle.
    pub article: bool,
    /// The puzzles, in the list's order.
    pub members: Vec<usize>,
}

/// Every puzzle found, and the files that could not be read.
#[derive(Resource, Debug, Clone, Default)]
pub struct Catalog {
    /// The puzzles, game by game, easiest first.
    pub entries: Vec<PuzzleEntry>,
    /// Files left out: the file and the problem.
    pub problems: Vec<(String, String)>,
}

impl Catalog {
    /// Reads the puzzles under `root` (the `assets/puzzles` folder).
    pub fn load(root: &Path) -> Catalog {
        let mut catalog = Catalog::default();
        for (folder, kind) in FOLDERS {
            catalog.load_folder(&root.join(folder), folder, kind);
        }
        catalog
    }

    fn load_folder(&mut self, dir: &Path, folder: &str, kind: GameKind) {
        for stem in file_order(dir) {
            let path = dir.join(format!("{stem}.txt"));
            let shown = format!("{folder}/{stem}.txt");
            let read = read_capped(&path, MAX_RECORD_BYTES)
                .map_err(|e| e.to_string())
                .and_then(|bytes| String::from_utf8(bytes).map_err(|e| e.to_string()))
                .and_then(|text| Puzzle::parse(&text).map_err(|e| e.to_string()));
            match read {
                Ok(puzzle) if puzzle.record.config.kind == kind => self.entries.push(PuzzleEntry {
                    id: format!("{folder}/{stem}"),
                    kind,
                    puzzle,
                    article: stem == ARTICLE_FILE,
                }),
                Ok(puzzle) => self.problems.push((
                    shown,
                    format!(
                        "a puzzle of {} in the {folder} folder",
                        puzzle.record.config.kind
                    ),
                )),
                Err(problem) => {
                    warn!("puzzle {shown} left out: {problem}");
                    self.problems.push((shown, problem));
                }
            }
        }
    }

    /// The groups: each game's wins in 1, 2, 3, 4, then its defence puzzles.
    pub fn groups(&self) -> Vec<Group> {
        let mut groups: Vec<Group> = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            let goal = entry.goal();
            match groups
                .iter_mut()
                .find(|g| g.kind == entry.kind && g.goal == goal && g.article == entry.article)
            {
                Some(group) => group.members.push(i),
                None => groups.push(Group {
                    kind: entry.kind,
                    goal,
                    article: entry.article,
                    members: vec![i],
                }),
            }
        }
        let game_rank = |k: GameKind| FOLDERS.iter().position(|(_, g)| *g == k);
        groups.sort_by_key(|g| {
            let goal_rank = match g.goal {
                Goal::Win(n) => n,
                Goal::Defend(n) => 100 + n,
            };
            (game_rank(g.kind), goal_rank, g.article)
        });
        groups
    }

    /// The puzzle of an id.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.entries.iter().position(|e| e.id == id)
    }

    /// The puzzle after `index` in the list's order (groups in order), if any.
    pub fn next_after(&self, index: usize) -> Option<usize> {
        let order: Vec<usize> = self.groups().into_iter().flat_map(|g| g.members).collect();
        let at = order.iter().position(|&i| i == index)?;
        order.get(at + 1).copied()
    }

    /// A puzzle's number in its group and the group's size (`3` of `9`).
    pub fn place_in_group(&self, index: usize) -> (usize, usize) {
        self.groups()
            .into_iter()
            .find_map(|g| {
                let at = g.members.iter().position(|&i| i == index)?;
                Some((at + 1, g.members.len()))
            })
            .unwrap_or((1, 1))
    }
}

/// The file stems of a folder: those `index.tsv` lists, in its order, then the other `.txt`
/// files, sorted.
fn file_order(dir: &Path) -> Vec<String> {
    let mut order: Vec<String> = std::fs::read_to_string(dir.join("index.tsv"))
        .unwrap_or_default()
        .lines()
        .skip(1)
        .filter_map(|line| line.split('\t').next())
        .filter_map(|file| file.trim().strip_suffix(".txt"))
        .map(str::to_string)
        .collect();
    let mut others: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    name.strip_suffix(".txt").map(str::to_string)
                })
                .filter(|stem| !order.contains(stem))
                .collect()
        })
        .unwrap_or_default();
    others.sort();
    order.append(&mut others);
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_puzzles_are_grouped_by_game_and_length() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles");
        let catalog = Catalog::load(&root);
        assert!(catalog.problems.is_empty(), "{:?}", catalog.problems);
        let groups = catalog.groups();
        let first = &groups[0];
        assert_eq!(
            (first.kind, first.goal),
            (GameKind::LinesOfAction, Goal::Win(1))
        );
        assert_eq!(catalog.entries[first.members[0]].id, "loa/w1-01");
        let article: Vec<&Group> = groups.iter().filter(|g| g.article).collect();
        assert_eq!(article.len(), 1);
        assert_eq!(article[0].goal, Goal::Defend(2));
        // The article's group ends the Lines of Action groups.
        let at = groups.iter().position(|g| g.article).unwrap();
        assert_eq!(groups[at + 1].kind, GameKind::Epaminondas);
        let last = *groups.last().unwrap().members.last().unwrap();
        assert_eq!(catalog.next_after(last), None);
        assert_eq!(catalog.next_after(first.members[0]), Some(first.members[1]));
    }
}
