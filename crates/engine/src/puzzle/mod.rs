//! Puzzles proven by the engine: "to play and win in N" positions, and the defence puzzle of the
//! French LOA article.
//!
//! A puzzle is a game record (see [`crate::record`]) with a `[Position "…"]` start, a
//! `[Puzzle "win in N"]` tag and the full solution as movetext: the winner's fastest moves
//! against the defence that holds out longest, to the end of the game. `gamut-engine record FILE`
//! replays it to the win. A defence puzzle has `[Puzzle "defend against win in N"]`: the side to
//! move must find a move after which the opponent no longer forces a win in N; its movetext
//! starts with such a move, or, when there is none, shows the best try refuted.
//!
//! [`prove`] holds the exact prover ([`prove::Prover`]), [`analyse`] what it says about a
//! position (shortest win, winning first moves, solution, best defence), [`verify`] re-proves a
//! puzzle, [`theme`] names what it teaches, and [`generate`] finds new ones in self-play games. The functions on
//! [`AnyPosition`] here ([`shortest_win`], [`winning_moves`], [`best_defence`],
//! [`solution`], [`saving_moves`]) are what the game's puzzle screen needs.

pub mod analyse;
pub mod generate;
pub mod prove;
pub mod theme;
mod verify;

use std::any::{Any, TypeId};
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::any_game::{AnyMove, AnyPosition, ConcreteGame, WithGame};
use crate::eval::Evaluators;
use crate::record::{Record, RecordError};
use crate::search::Evaluator;
use crate::{Color, Game, epaminondas};

pub use analyse::Defence;
pub use prove::{MAX_PROOF_MOVES, OutOfBudget, Prover};
pub use theme::{Theme, theme};
pub use verify::{ProofFailure, Verified, verify};

/// The record tag that makes a record a puzzle.
pub const PUZZLE_TAG: &str = "Puzzle";

/// What the side to move must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Win in at most this many of its own moves against every defence (and no fewer will do).
    Win(u32),
    /// Stop the opponent's forced win in at most this many moves.
    Defend(u32),
}

impl Goal {
    /// The N of the goal.
    pub fn moves(self) -> u32 {
        match self {
            Goal::Win(n) | Goal::Defend(n) => n,
        }
    }
}

/// The tag value: `win in N` or `defend against win in N`.
impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win(n) => write!(f, "win in {n}"),
            Goal::Defend(n) => write!(f, "defend against win in {n}"),
        }
    }
}

/// A `Puzzle` tag value that is not a goal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "Puzzle \"{0}\" is not a goal (expected \"win in N\" or \"defend against win in N\", N from \
     1 to {MAX_PROOF_MOVES})"
)]
pub struct BadGoal(pub String);

impl FromStr for Goal {
    type Err = BadGoal;
    fn from_str(s: &str) -> Result<Goal, BadGoal> {
        let text = s.trim().to_ascii_lowercase();
        let words: Vec<&str> = text.split_whitespace().collect();
        let (defend, n) = match words.as_slice() {
            ["win", "in", n] => (false, n),
            ["defend", "against", "win", "in", n] => (true, n),
            _ => return Err(BadGoal(s.to_string())),
        };
        match n.parse::<u32>() {
            Ok(n) if (1..=MAX_PROOF_MOVES).contains(&n) => Ok(if defend {
                Goal::Defend(n)
            } else {
                Goal::Win(n)
            }),
            _ => Err(BadGoal(s.to_string())),
        }
    }
}

/// A puzzle file that cannot be read as a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// Not a valid record.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A record without the `Puzzle` tag.
    #[error("the record has no Puzzle tag (like [Puzzle \"win in 2\"])")]
    NotAPuzzle,
    /// A `Puzzle` tag that is not a goal.
    #[error(transparent)]
    BadGoal(#[from] BadGoal),
    /// A puzzle without a solution.
    #[error("the puzzle has no moves (its movetext is the solution)")]
    NoSolution,
    /// The start position is already over.
    #[error("the puzzle's start position is already over")]
    Finished,
}

/// A puzzle: its record (start position, solution, tags) and its goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The record: the `Position` tag is the start, the moves are the solution.
    pub record: Record,
    /// What the side to move must do.
    pub goal: Goal,
}

impl Puzzle {
    /// Reads a puzzle record (a record with a `Puzzle` tag and a solution).
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        let record = Record::parse(text)?;
        Puzzle::from_record(record)
    }

    /// A record with a `Puzzle` tag as a puzzle.
    pub fn from_record(record: Record) -> Result<Puzzle, PuzzleError> {
        let value = record
            .other_tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(PUZZLE_TAG))
            .map(|(_, value)| value.clone())
            .ok_or(PuzzleError::NotAPuzzle)?;
        let goal: Goal = value.parse()?;
        if record.moves.is_empty() {
            return Err(PuzzleError::NoSolution);
        }
        if record.start_position()?.outcome().is_some() {
            return Err(PuzzleError::Finished);
        }
        Ok(Puzzle { record, goal })
    }

    /// The position the player faces.
    pub fn start(&self) -> AnyPosition {
        self.record
            .start_position()
            .expect("a puzzle's start position was checked when it was read")
    }

    /// The side to move at the start: the side the player takes.
    pub fn side(&self) -> Color {
        self.start().side_to_move()
    }

    /// The solution: the winner's moves and the longest defence, alternately (a defence puzzle:
    /// a saving move, or a try refuted when nothing saves).
    pub fn solution(&self) -> Vec<AnyMove> {
        self.record.move_list()
    }

    /// The record text of the puzzle (the `Puzzle` tag set to its goal).
    pub fn to_text(&self) -> String {
        let mut record = self.record.clone();
        record
            .other_tags
            .retain(|(name, _)| !name.eq_ignore_ascii_case(PUZZLE_TAG));
        record
            .other_tags
            .insert(0, (PUZZLE_TAG.to_string(), self.goal.to_string()));
        record.to_string()
    }
}

/// A sound lower bound on the moves Epaminondas's side to move needs to win (see
/// [`epaminondas_moves_needed`]), for a prover of any game: `None` for other games.
fn lower_bound_of<G: 'static>(game: &G) -> Option<u32> {
    (game as &dyn Any)
        .downcast_ref::<epaminondas::Position>()
        .and_then(epaminondas_moves_needed)
}

/// Epaminondas, the defender to move: whether its reply surely does not lose at once — the
/// attacker has no stone on the far row, and the defender's move cannot put one there (nor
/// remove the defender's last stone). `false` for other games.
fn defender_holds_of<G: 'static>(game: &G) -> bool {
    (game as &dyn Any)
        .downcast_ref::<epaminondas::Position>()
        .is_some_and(|p| p.far_row_count(!p.side_to_move()) == 0)
}

/// A prover for game `G` with the pruning its game allows.
pub fn prover_for<G: Game, E: Evaluator<G>>(evaluator: &E) -> Prover<'_, G, E> {
    let mut prover = Prover::new(evaluator);
    if TypeId::of::<G>() == TypeId::of::<epaminondas::Position>() {
        // Epaminondas: over a hundred moves a node make evaluating each costlier than it saves.
        prover.set_evaluation_ordering(false);
        prover.set_lower_bound(Some(lower_bound_of::<G>));
        prover.set_defender_holds(Some(defender_holds_of::<G>));
    }
    prover
}

/// A lower bound on how many moves the side to move of an Epaminondas position needs to win,
/// or `None` when no bound is known.
///
/// A win needs one of its stones on the far row at the start of its turn (or every enemy stone
/// captured). A move shifts one phalanx — an unbroken row of the side's stones — along its own
/// line by at most its length, so in its next move a stone gains at most as many ranks as the
/// unbroken row through it along its file or a diagonal is long. Later, a stone gains at most
/// `L` ranks per move, where `L` is the most stones of the side on one file or diagonal; a move
/// adds at most one stone to any other line (its stones land on the line they move along), so
/// these counts grow by at most one per move. Likewise a capture removes fewer enemy stones than
/// the phalanx is long.
pub fn epaminondas_moves_needed(position: &epaminondas::Position) -> Option<u32> {
    let side = position.side_to_move();
    let own = position.stones(side);
    let enemy_count = position.stones(!side).count();
    let board = position.board();
    let (files, ranks) = (i32::from(board.files()), i32::from(board.ranks()));
    let far_rank = match side {
        Color::White => ranks - 1,
        Color::Black => 0,
    };
    let has = |f: i32, r: i32| {
        epaminondas::Square::from_file_rank(f as u8, r as u8).is_some_and(|sq| {
            (0..files).contains(&f) && (0..ranks).contains(&r) && own.contains(sq)
        })
    };
    // Lines that change rank: the file and the two diagonals.
    const LINES: [(i32, i32); 3] = [(0, 1), (1, 1), (1, -1)];
    let mut on_line = vec![[0u32; 3]; (2 * (files + ranks)) as usize];
    let line_index = |f: i32, r: i32, i: usize| match i {
        0 => f,
        1 => f - r + ranks,
        _ => f + r,
    } as usize;
    for sq in own.squares() {
        let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
        for i in 0..3 {
            on_line[line_index(f, r, i)][i] += 1;
        }
    }
    let longest = on_line.iter().flatten().copied().max().unwrap_or(0);
    // A stone's gain in `n` moves: its own row on the first, then at most `L + i` per move.
    let mut gap_first = u32::MAX; // the least distance left after one move
    let mut gap_later = u32::MAX; // the least distance left after a first move by line count
    for sq in own.squares() {
        let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
        let distance = (far_rank - r).unsigned_abs();
        let mut run = 1;
        let mut count = 1;
        for (i, (df, dr)) in LINES.into_iter().enumerate() {
            let mut length = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while has(f + sign * df * k, r + sign * dr * k) {
                    length += 1;
                    k += 1;
                }
            }
            run = run.max(length);
            count = count.max(on_line[line_index(f, r, i)][i]);
        }
        gap_first = gap_first.min(distance.saturating_sub(run));
        gap_later = gap_later.min(distance.saturating_sub(count));
    }
    let reachable = |n: u32| {
        if n == 1 {
            return gap_first == 0;
        }
        // The first move of the stone gains at most its line count plus the moves before it;
        // every other move at most `L` plus the moves before it.
        let later = (n - 1) * (longest + n - 1);
        gap_later <= (n - 1) + later
    };
    let removable = |n: u32| n * longest.saturating_sub(1) + n * n.saturating_sub(1) / 2;
    let needed = (1..=MAX_PROOF_MOVES + 1)
        .find(|&n| reachable(n) || removable(n) >= enemy_count)
        .unwrap_or(MAX_PROOF_MOVES + 2);
    Some(needed)
}

/// The questions the puzzle functions ask the prover, on the game at hand.
#[derive(Debug, Clone, Copy)]
enum Question {
    ShortestWin(u32),
    WinningMoves(u32),
    BestDefence(u32),
    Solution(u32),
    SavingMoves(u32),
}

/// The prover's answer, moves as [`AnyMove`]s.
enum Answer {
    Moves(Option<u32>),
    List(Vec<AnyMove>),
    Defence(Option<Defence<AnyMove>>),
    Line(Option<Vec<AnyMove>>),
}

struct Ask {
    question: Question,
    budget: Option<u64>,
}

impl WithGame for Ask {
    type Output = Result<Answer, OutOfBudget>;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output {
        let mut prover = prover_for::<G, E>(evaluator);
        prover.set_budget(self.budget);
        let list = |moves: Vec<G::Move>| Answer::List(moves.into_iter().map(Into::into).collect());
        Ok(match self.question {
            Question::ShortestWin(max) => Answer::Moves(prover.shortest_win(game, max)?),
            Question::WinningMoves(n) => list(analyse::winning_first_moves(&mut prover, game, n)?),
            Question::BestDefence(k) => Answer::Defence(
                analyse::best_defence(&mut prover, game, k)?.map(|(mv, n)| (mv.into(), n)),
            ),
            Question::Solution(n) => Answer::Line(
                analyse::solution_line(&mut prover, game, n)?
                    .map(|line| line.into_iter().map(Into::into).collect()),
            ),
            Question::SavingMoves(n) => {
                let mut saving = Vec::new();
                for mv in game.legal_moves() {
                    if prover.attacker_needs_after(game, mv, n)?.is_none() {
                        saving.push(mv);
                    }
                }
                list(saving)
            }
        })
    }
}

fn ask(
    position: &AnyPosition,
    question: Question,
    budget: Option<u64>,
) -> Result<Answer, OutOfBudget> {
    position.with_game(&Evaluators::default(), Ask { question, budget })
}

/// The fewest moves in which the side to move forces a win, if at most `max` (at most
/// [`MAX_PROOF_MOVES`]); `budget` caps the positions visited.
pub fn shortest_win(
    position: &AnyPosition,
    max: u32,
    budget: Option<u64>,
) -> Result<Option<u32>, OutOfBudget> {
    match ask(position, Question::ShortestWin(max), budget)? {
        Answer::Moves(n) => Ok(n),
        _ => unreachable!("ShortestWin answers with Moves"),
    }
}

/// The side to move's first moves that win in at most `n` moves (the puzzle screen's hint, and
/// whether the player's move still wins in the moves left).
pub fn winning_moves(
    position: &AnyPosition,
    n: u32,
    budget: Option<u64>,
) -> Result<Vec<AnyMove>, OutOfBudget> {
    match ask(position, Question::WinningMoves(n), budget)? {
        Answer::List(moves) => Ok(moves),
        _ => unreachable!("WinningMoves answers with List"),
    }
}

/// The engine's reply in a puzzle: with the defender to move and the attacker needing a win in
/// at most `k` more moves, the defence that holds out longest and what the attacker then needs
/// (`Some(0)`: the defence ends the game), or a defence that escapes (`None`: the attacker no
/// longer wins within `k`). `None` when the game is over.
pub fn best_defence(
    position: &AnyPosition,
    k: u32,
    budget: Option<u64>,
) -> Result<Option<Defence<AnyMove>>, OutOfBudget> {
    match ask(position, Question::BestDefence(k), budget)? {
        Answer::Defence(d) => Ok(d),
        _ => unreachable!("BestDefence answers with Defence"),
    }
}

/// The solution of a win in at most `n` from `position`: the fastest win against the longest
/// defence, to the end of the game ("show solution"); `None` if there is no win in `n`.
pub fn solution(
    position: &AnyPosition,
    n: u32,
    budget: Option<u64>,
) -> Result<Option<Vec<AnyMove>>, OutOfBudget> {
    match ask(position, Question::Solution(n), budget)? {
        Answer::Line(line) => Ok(line),
        _ => unreachable!("Solution answers with Line"),
    }
}

/// The side to move's moves after which the opponent has no forced win in at most `n` moves.
pub fn saving_moves(
    position: &AnyPosition,
    n: u32,
    budget: Option<u64>,
) -> Result<Vec<AnyMove>, OutOfBudget> {
    match ask(position, Question::SavingMoves(n), budget)? {
        Answer::List(moves) => Ok(moves),
        _ => unreachable!("SavingMoves answers with List"),
    }
}
