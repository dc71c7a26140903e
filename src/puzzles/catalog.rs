//! The shipped puzzles, read from `assets/puzzles/<folder>/` at the start: one folder per game,
//! variant or board ([`FOLDERS`]). Each folder's `index.tsv` gives the order (easiest first) and
//! each puzzle's theme; files it does not list (the article's defence puzzle) come after. A
//! file that cannot be read as a puzzle, or whose rules are not its folder's, is left out and
//! named in the list. A puzzle's title is the `puzzle-title` message, selected by its id.

use std::path::Path;

use bevy::prelude::*;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::loa::{BoardSize as LoaBoard, Variant};
use gamut_engine::puzzle::{Goal, Puzzle, PuzzleError, Theme};
use gamut_engine::record::{MAX_RECORD_BYTES, RecordError};

use crate::model::FileTrouble;
use crate::persist::paths::read_capped;
use crate::store::files;

/// A folder of puzzles: its game, and the variant or board every puzzle in it is played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Folder {
    /// The folder's name under `assets/puzzles`, the first part of its puzzles' ids.
    pub name: &'static str,
    /// The game.
    pub kind: GameKind,
    /// Lines of Action: the variant (`Standard` for Epaminondas).
    pub variant: Variant,
    /// Epaminondas: the board (`Standard` for Lines of Action).
    pub board: BoardSize,
    /// Lines of Action: the board (8×8 for Epaminondas).
    pub loa_board: LoaBoard,
}

impl Folder {
    const fn new(name: &'static str, kind: GameKind, variant: Variant, board: BoardSize) -> Self {
        Folder {
            name,
            kind,
            variant,
            board,
            loa_board: LoaBoard::Eight,
        }
    }

    /// A folder of Lines of Action on a small board (the standard setup).
    const fn small_loa(name: &'static str, loa_board: LoaBoard) -> Self {
        Folder {
            loa_board,
            ..Folder::new(
                name,
                GameKind::LinesOfAction,
                Variant::Standard,
                BoardSize::Standard,
            )
        }
    }

    /// Whether a puzzle's rules are this folder's game, variant and board.
    pub fn holds(&self, config: &GameConfig) -> bool {
        config.kind == self.kind
            && match self.kind {
                GameKind::LinesOfAction => {
                    config.loa.variant == self.variant && config.loa.board == self.loa_board
                }
                GameKind::Epaminondas => config.epaminondas.board == self.board,
            }
    }
}

/// The folders of the puzzles, in the list's order.
pub const FOLDERS: [Folder; 8] = [
    Folder::new(
        "loa",
        GameKind::LinesOfAction,
        Variant::Standard,
        BoardSize::Standard,
    ),
    Folder::small_loa("loa-7x7", LoaBoard::Seven),
    Folder::small_loa("loa-6x6", LoaBoard::Six),
    Folder::new(
        "scrambled-eggs",
        GameKind::LinesOfAction,
        Variant::ScrambledEggs,
        BoardSize::Standard,
    ),
    Folder::new(
        "parachute",
        GameKind::LinesOfAction,
        Variant::Parachute,
        BoardSize::Standard,
    ),
    Folder::new(
        "boundless",
        GameKind::LinesOfAction,
        Variant::Boundless,
        BoardSize::Standard,
    ),
    Folder::new(
        "epaminondas",
        GameKind::Epaminondas,
        Variant::Standard,
        BoardSize::Standard,
    ),
    Folder::new(
        "epaminondas-small",
        GameKind::Epaminondas,
        Variant::Standard,
        BoardSize::Small,
    ),
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
    /// Its folder's index in [`FOLDERS`].
    pub folder: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// What it teaches (the index's `theme` column; a defence puzzle defends).
    pub theme: Option<Theme>,
    /// Whether it is the article's defence puzzle.
    pub article: bool,
    /// The player's own puzzle (saved from the board editor), with the title the player gave
    /// it; `None` for the shipped puzzles, whose titles are in the language files.
    pub mine: Option<String>,
}

impl PuzzleEntry {
    /// What the side to move must do.
    pub fn goal(&self) -> Goal {
        self.puzzle.goal
    }

    /// The variant of the `puzzle-title` message that is this puzzle's title: its id with a
    /// dash for the slash (`loa-w2-03`).
    pub fn title_key(&self) -> String {
        self.id.replace('/', "-")
    }
}

/// A group of the list: a folder and a goal, with its puzzles' indices in the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// The game.
    pub kind: GameKind,
    /// The folder's index in [`FOLDERS`].
    pub folder: usize,
    /// The goal shared by the group.
    pub goal: Goal,
    /// Whether it is the article's puzzle.
    pub article: bool,
    /// Whether it holds the player's own puzzles (of any game, after the shipped ones).
    pub mine: bool,
    /// The puzzles, in the list's order.
    pub members: Vec<usize>,
}

/// The first part of the ids of the player's own puzzles (`mine/<file stem>`).
pub const MINE: &str = "mine";

/// The record tag of the title the player gave a puzzle of their own.
pub const TITLE_TAG: &str = "Title";

/// Why a puzzle file was left out of the list, said in the player's words on the puzzles screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CatalogProblem {
    /// The file cannot be read.
    File(FileTrouble),
    /// The file is not text.
    NotText,
    /// The file is not a game record.
    Record(RecordError),
    /// A record without the `Puzzle` tag.
    NotAPuzzle,
    /// A `Puzzle` tag that is not a goal.
    BadGoal,
    /// A puzzle without a solution.
    NoSolution,
    /// The start position is already over.
    Finished,
    /// A puzzle of other rules than its folder's (these rules).
    OtherRules(GameConfig),
}

impl From<PuzzleError> for CatalogProblem {
    fn from(error: PuzzleError) -> CatalogProblem {
        match error {
            PuzzleError::Record(e) => CatalogProblem::Record(e),
            PuzzleError::NotAPuzzle => CatalogProblem::NotAPuzzle,
            PuzzleError::BadGoal(_) => CatalogProblem::BadGoal,
            PuzzleError::NoSolution => CatalogProblem::NoSolution,
            PuzzleError::Finished => CatalogProblem::Finished,
        }
    }
}

/// Every puzzle found, and the files that could not be read.
#[derive(Resource, Debug, Clone, Default)]
pub struct Catalog {
    /// The puzzles, game by game, easiest first.
    pub entries: Vec<PuzzleEntry>,
    /// Files left out: the file and the problem.
    pub problems: Vec<(String, CatalogProblem)>,
}

impl Catalog {
    /// Reads the puzzles under `root` (the `assets/puzzles` folder).
    pub fn load(root: &Path) -> Catalog {
        let mut catalog = Catalog::default();
        for (index, folder) in FOLDERS.iter().enumerate() {
            catalog.load_folder(&root.join(folder.name), index);
        }
        catalog
    }

    fn load_folder(&mut self, dir: &Path, index: usize) {
        let folder = FOLDERS[index];
        let name = folder.name;
        for (stem, theme) in file_order(dir) {
            let path = dir.join(format!("{stem}.txt"));
            let shown = format!("{name}/{stem}.txt");
            let read = read_capped(&path, MAX_RECORD_BYTES)
                .map_err(|e| CatalogProblem::File(FileTrouble::from_io(&e)))
                .and_then(|bytes| String::from_utf8(bytes).map_err(|_| CatalogProblem::NotText))
                .and_then(|text| Puzzle::parse(&text).map_err(CatalogProblem::from));
            match read {
                Ok(puzzle) if folder.holds(&puzzle.record.config) => {
                    let theme = theme.or(match puzzle.goal {
                        Goal::Defend(_) => Some(Theme::Defend),
                        Goal::Win(_) => None,
                    });
                    self.entries.push(PuzzleEntry {
                        id: format!("{name}/{stem}"),
                        kind: folder.kind,
                        folder: index,
                        puzzle,
                        theme,
                        article: stem == ARTICLE_FILE,
                        mine: None,
                    });
                }
                Ok(puzzle) => {
                    warn!("puzzle {shown} left out: its rules are not its folder's");
                    let problem = CatalogProblem::OtherRules(puzzle.record.config);
                    self.problems.push((shown, problem));
                }
                Err(problem) => {
                    warn!("puzzle {shown} left out: {problem:?}");
                    self.problems.push((shown, problem));
                }
            }
        }
    }

    /// The player's own puzzles, a `.txt` file each in `dir` (the board editor saves them
    /// there), in the order of their names; a file that is not a puzzle is left out and named.
    pub fn load_mine(&mut self, dir: &Path) {
        let mut files: Vec<std::path::PathBuf> = files::list_with_extension(dir, "txt")
            .into_iter()
            .map(|f| f.path)
            .collect();
        files.sort();
        for path in files {
            let shown = format!("{MINE}/{}", crate::persist::paths::display_name(&path));
            let read = read_capped(&path, MAX_RECORD_BYTES)
                .map_err(|e| CatalogProblem::File(FileTrouble::from_io(&e)))
                .and_then(|bytes| String::from_utf8(bytes).map_err(|_| CatalogProblem::NotText))
                .and_then(|text| Puzzle::parse(&text).map_err(CatalogProblem::from));
            match read {
                Ok(puzzle) => self.add_mine(&path, puzzle),
                Err(problem) => {
                    warn!("puzzle {shown} left out: {problem:?}");
                    self.problems.push((shown, problem));
                }
            }
        }
    }

    /// Adds a puzzle of the player's own, saved as `path`: listed under "Your puzzles", its
    /// title the `Title` tag's (the file's name without one).
    pub fn add_mine(&mut self, path: &Path, puzzle: Puzzle) {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let title = puzzle
            .record
            .other_tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(TITLE_TAG))
            .map(|(_, value)| value.clone())
            .filter(|t| !t.trim().is_empty())
            .unwrap_or_else(|| stem.clone());
        let config = puzzle.record.config;
        let folder = FOLDERS.iter().position(|f| f.holds(&config)).unwrap_or(0);
        let id = format!("{MINE}/{stem}");
        self.entries.retain(|e| e.id != id);
        self.entries.push(PuzzleEntry {
            id,
            kind: config.kind,
            folder,
            theme: Some(gamut_engine::puzzle::theme(&puzzle)),
            puzzle,
            article: false,
            mine: Some(title),
        });
    }

    /// The groups: each folder's wins in 1, 2, 3, 4, then its defence puzzles; in each, the
    /// puzzles by theme; then the player's own, by length, whatever their game.
    pub fn groups(&self) -> Vec<Group> {
        let mut groups: Vec<Group> = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            let goal = entry.goal();
            let mine = entry.mine.is_some();
            match groups.iter_mut().find(|g| {
                g.mine == mine
                    && (mine || g.folder == entry.folder)
                    && g.goal == goal
                    && g.article == entry.article
            }) {
                Some(group) => group.members.push(i),
                None => groups.push(Group {
                    kind: entry.kind,
                    folder: entry.folder,
                    goal,
                    article: entry.article,
                    mine,
                    members: vec![i],
                }),
            }
        }
        // Within a group, the puzzles of one theme together (in the themes' order), each theme's
        // easiest first.
        for group in &mut groups {
            group.members.sort_by_key(|&i| {
                let theme = self.entries[i].theme;
                theme.map_or(Theme::ALL.len(), |t| {
                    Theme::ALL.iter().position(|&x| x == t).unwrap_or(0)
                })
            });
        }
        groups.sort_by_key(|g| {
            let goal_rank = match g.goal {
                Goal::Win(n) => n,
                Goal::Defend(n) => 100 + n,
            };
            (
                g.mine,
                if g.mine { 0 } else { g.folder },
                goal_rank,
                g.article,
            )
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

/// The file stems of a folder, each with its theme: those `index.tsv` lists, in its order
/// (the theme from its `theme` column, if it names one), then the other `.txt` files, sorted.
fn file_order(dir: &Path) -> Vec<(String, Option<Theme>)> {
    let index = files::read_text(&dir.join("index.tsv"), MAX_RECORD_BYTES).unwrap_or_default();
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let theme_column = header.iter().position(|c| c.trim() == "theme");
    let mut order: Vec<(String, Option<Theme>)> = lines
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let stem = cells.first()?.trim().strip_suffix(".txt")?;
            let theme = theme_column
                .and_then(|c| cells.get(c))
                .and_then(|t| t.parse().ok());
            Some((stem.to_string(), theme))
        })
        .collect();
    let mut others: Vec<String> = files::list_with_extension(dir, "txt")
        .into_iter()
        .filter_map(|f| Some(f.path.file_stem()?.to_string_lossy().into_owned()))
        .filter(|stem| !order.iter().any(|(s, _)| s == stem))
        .collect();
    others.sort();
    order.extend(others.into_iter().map(|stem| (stem, None)));
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
        // The article's group ends the standard Lines of Action groups; the small boards follow.
        let at = groups.iter().position(|g| g.article).unwrap();
        assert_eq!(FOLDERS[groups[at + 1].folder].name, "loa-7x7");
        // Every folder has its puzzles, each of its rules, with a theme.
        for (index, folder) in FOLDERS.iter().enumerate() {
            let entries: Vec<&PuzzleEntry> = catalog
                .entries
                .iter()
                .filter(|e| e.folder == index)
                .collect();
            assert!(entries.len() >= 3, "{}", folder.name);
            for entry in entries {
                assert!(folder.holds(&entry.puzzle.record.config), "{}", entry.id);
                assert!(entry.theme.is_some(), "{}: no theme", entry.id);
            }
        }
        // The folders follow each other in their order, the games' groups together.
        let order: Vec<usize> = groups.iter().map(|g| g.folder).collect();
        assert!(order.is_sorted(), "{order:?}");
        let last = *groups.last().unwrap().members.last().unwrap();
        assert_eq!(catalog.entries[last].id, "epaminondas-small/w3-01");
        assert_eq!(catalog.next_after(last), None);
        assert_eq!(catalog.next_after(first.members[0]), Some(first.members[1]));
    }

    /// The player's own puzzles: read from their folder with their title (the file's name when
    /// the record has none), listed after the shipped ones whatever their game; a file that is
    /// not a puzzle is named.
    #[test]
    fn the_players_own_puzzles_come_last_with_their_titles() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles");
        let dir = std::env::temp_dir().join(format!("gamut-mine-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let win = std::fs::read_to_string(shipped.join("loa/w1-01.txt")).unwrap();
        let titled = win.replacen("[Puzzle", "[Title \"Corner trap\"]\n[Puzzle", 1);
        std::fs::write(dir.join("a.txt"), titled).unwrap();
        let epaminondas = std::fs::read_to_string(shipped.join("epaminondas/w1-01.txt")).unwrap();
        std::fs::write(dir.join("crossing.txt"), epaminondas).unwrap();
        std::fs::write(dir.join("broken.txt"), "not a puzzle").unwrap();
        let mut catalog = Catalog::load(&shipped);
        let shipped_count = catalog.entries.len();
        catalog.load_mine(&dir);
        assert_eq!(catalog.entries.len(), shipped_count + 2);
        assert_eq!(catalog.problems.len(), 1, "{:?}", catalog.problems);
        assert_eq!(catalog.problems[0].0, "mine/broken.txt");
        let mine: Vec<(&str, Option<&str>)> = catalog.entries[shipped_count..]
            .iter()
            .map(|e| (e.id.as_str(), e.mine.as_deref()))
            .collect();
        assert_eq!(
            mine,
            [
                ("mine/a", Some("Corner trap")),
                ("mine/crossing", Some("crossing"))
            ]
        );
        let groups = catalog.groups();
        let last = groups.last().unwrap();
        assert!(last.mine && last.goal == Goal::Win(1));
        assert_eq!(
            last.members.len(),
            2,
            "both games in one group of wins in 1"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A puzzle of another variant in a folder is left out and named; a theme column that
    /// names no theme leaves the puzzle without one; a missing index keeps the files sorted.
    #[test]
    fn a_folder_holds_only_its_own_rules() {
        let root = std::env::temp_dir().join(format!("gamut-catalog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles");
        let dir = root.join("parachute");
        std::fs::create_dir_all(&dir).unwrap();
        for (file, from) in [
            ("a.txt", "scrambled-eggs/w1-01.txt"),
            ("b.txt", "parachute/w1-01.txt"),
            ("c.txt", "parachute/w2-01.txt"),
        ] {
            std::fs::copy(shipped.join(from), dir.join(file)).unwrap();
        }
        std::fs::write(
            dir.join("index.tsv"),
            "file\ttheme\nc.txt\tnonsense\nb.txt\tquiet\n",
        )
        .unwrap();
        let catalog = Catalog::load(&root);
        let ids: Vec<&str> = catalog.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["parachute/c", "parachute/b"]);
        assert_eq!(catalog.entries[0].theme, None);
        assert_eq!(catalog.entries[1].theme, Some(Theme::Quiet));
        assert_eq!(catalog.problems.len(), 1, "{:?}", catalog.problems);
        assert_eq!(catalog.problems[0].0, "parachute/a.txt");
        assert!(
            matches!(
                catalog.problems[0].1,
                CatalogProblem::OtherRules(config)
                    if config.loa.variant == gamut_engine::loa::Variant::ScrambledEggs
            ),
            "{:?}",
            catalog.problems
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
