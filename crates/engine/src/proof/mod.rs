//! Proven wins: a proof-number search that settles a position — won, lost or drawn for the side
//! to move — within a node, time or memory budget, the proof saved to a file, and an independent
//! checker of such files.
//!
//! # The search
//!
//! [`dfpn`] is depth-first proof-number search (df-pn) over any [`Game`], with a transposition
//! table keyed by the game's 64-bit Zobrist hash ([`Game::hash`]). [`solve`] runs it through
//! [`AnyPosition::with_game`], the engine's one choice of game, so it works for every game and
//! variant the engine knows. It asks the game everything a rule decides: the moves from
//! [`Game::legal_moves_into`], the end from [`Game::outcome`].
//!
//! - First it tries to prove a win for the side to move. If that is disproven it tries to prove a
//!   win for the opponent (the side to move has lost). If both are disproven, neither side can
//!   force a win: the position is *drawn* (with the repetition draw off, "drawn" means neither
//!   side can force a win, play may go on for ever).
//! - **Simultaneous connection** (Lines of Action) is whatever the rules in force say:
//!   [`Game::outcome`] reports a draw by default (not a win for either side), a win for the
//!   mover under the "mover wins" option.
//! - **A side with no move** passes: the move generator gives the pass move, and the proof
//!   treats it as any other move (a defender's pass is a reply to cover).
//! - **Repetition**: a position that repeats one on the current line of the search counts as
//!   *not a win* for the side being proven — stricter than the rules, which draw at the third
//!   occurrence. This is sound for wins: if a side can force a win it can do so without ever
//!   repeating a position (playing at each position the move of a shortest win, the number of
//!   moves still needed falls with every move of the winner), so no win is lost; and a proof
//!   found never repeats a position, so the rules' repetition draw never touches it. The root is
//!   the position alone, read again from its text: moves played before it do not count.
//! - **The graph-history interaction** (the known limit of df-pn with repetitions): a position
//!   judged "not a win" because it repeated one on *that* line is stored in the table, and may be
//!   taken later from another line where it is not a repetition. Proofs of wins are never
//!   affected (the checker confirms each); a *disproof* — and so "drawn", and "no shorter win"
//!   — may in rare cases be wrong. Lines longer than [`dfpn::MAX_PLIES`] plies are likewise
//!   counted as not a win.
//! - **Shortest win**: df-pn finds *a* win, not the fastest. Then the search asks again for a
//!   win in fewer moves (a bound on the prover's moves, part of the table key) until that is
//!   disproven or the budget runs out; [`ProofReport::shortest`] says which.
//!
//! # The proof
//!
//! The proven solution ([`Proof`]): at each position of the prover one winning move, at each
//! position of the defender every reply. [`Proof::to_text`] writes it (the format is described
//! there and in docs/engine.md), [`check::check_proof`] checks such a file against the rules
//! alone. [`ProofTable`] is the search's table, which can be saved and read back to continue a
//! search in a later run.

pub mod check;
pub mod dfpn;
mod solution;
mod table;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use web_time::Instant;

use crate::any_game::{AnyPosition, ConcreteGame, WithGame};
use crate::eval::Evaluators;
use crate::search::Evaluator;
use crate::{Color, Game};
use dfpn::{Budget, Dfpn, Entry, Stop};

pub use check::{CheckError, Checked, check_proof};
pub use solution::{PROOF_MARKER, PROVER_TAG, Proof, ProofNode};
pub use table::{ProofTable, TableError};

/// The table's default limit, in entries (about 400 MB).
pub const DEFAULT_MAX_ENTRIES: usize = 16 << 20;

/// How far a search may go, and what it is asked.
#[derive(Debug, Clone, Copy)]
pub struct ProofLimits {
    /// The most nodes expanded in this run (`None`: no limit).
    pub nodes: Option<u64>,
    /// The most time (`None`: no limit).
    pub time: Option<Duration>,
    /// The most entries in the table.
    pub max_entries: usize,
    /// Only wins within this many of the winner's moves count (`None`: any win).
    pub max_moves: Option<u32>,
    /// After a win is proven, look for shorter ones until none is left (within the budget).
    pub shortest: bool,
}

impl Default for ProofLimits {
    fn default() -> Self {
        ProofLimits {
            nodes: None,
            time: None,
            max_entries: DEFAULT_MAX_ENTRIES,
            max_moves: None,
            shortest: true,
        }
    }
}

/// What the search found for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move forces a win.
    Won,
    /// The opponent forces a win.
    Lost,
    /// Neither side can force a win.
    Drawn,
    /// Neither side forces a win within this many moves (a search with a move bound).
    NoWinWithin(u32),
    /// The budget ran out first.
    Unknown,
}

impl Verdict {
    /// The word printed for it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Drawn => "drawn",
            Verdict::NoWinWithin(_) => "no win within the bound",
            Verdict::Unknown => "unknown",
        }
    }
}

/// What [`solve`] found, and what it cost.
#[derive(Debug, Clone)]
pub struct ProofReport {
    /// The answer.
    pub verdict: Verdict,
    /// The proven win (of the side to move when [`Verdict::Won`], of the opponent when
    /// [`Verdict::Lost`]).
    pub proof: Option<Proof>,
    /// Why no proof could be read out of the table although the win is proven.
    pub proof_error: Option<String>,
    /// Whether the proof's win is proven to be the fastest.
    pub shortest: bool,
    /// Nodes expanded in this run.
    pub nodes: u64,
    /// How long it took.
    pub time: Duration,
    /// Entries in the table at the end.
    pub table_entries: usize,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
}

impl ProofReport {
    /// The table's memory: entries × the size of one (key, entry) pair and its map control byte.
    pub fn table_bytes(&self) -> usize {
        self.table_entries * (std::mem::size_of::<(u64, Entry)>() + 1)
    }
}

/// Settles `position` within `limits`, continuing from what `table` holds (a fresh
/// [`ProofTable::new`], or one read back from a file of an earlier run on this position).
pub fn solve(position: &AnyPosition, limits: &ProofLimits, table: &mut ProofTable) -> ProofReport {
    solve_unless_stopped(position, limits, table, None)
}

/// [`solve`], stopping early (as when the time is up: [`Stop::Time`]) once `stop` is raised —
/// a search in a background job that its owner no longer wants.
pub fn solve_unless_stopped(
    position: &AnyPosition,
    limits: &ProofLimits,
    table: &mut ProofTable,
    stop: Option<&AtomicBool>,
) -> ProofReport {
    let root = solution::fresh_root(position);
    let config = root.config();
    root.with_game(
        &Evaluators::default(),
        Solve {
            limits,
            table,
            config,
            stop,
        },
    )
}

/// [`solve`] on the game at hand.
struct Solve<'a> {
    limits: &'a ProofLimits,
    table: &'a mut ProofTable,
    config: crate::any_game::GameConfig,
    stop: Option<&'a AtomicBool>,
}

impl WithGame for Solve<'_> {
    type Output = ProofReport;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, _: &E) -> ProofReport {
        let started = Instant::now();
        let first_node = self.table.nodes;
        let budget = Budget {
            nodes: self.limits.nodes.map(|n| first_node.saturating_add(n)),
            deadline: self.limits.time.map(|t| started + t),
            max_entries: self.limits.max_entries,
            stop: self.stop,
        };
        let mut run = Run {
            game: game.clone(),
            config: self.config,
            table: self.table,
            budget,
            stopped: None,
        };
        let mut report = run.settle(self.limits);
        report.nodes = run.table.nodes - first_node;
        report.time = started.elapsed();
        report.table_entries = run.table.table.len();
        report.stopped = run.stopped;
        report
    }
}

/// The searches of one [`solve`].
struct Run<'a, G: Game> {
    game: G,
    config: crate::any_game::GameConfig,
    table: &'a mut ProofTable,
    budget: Budget<'a>,
    stopped: Option<Stop>,
}

impl<G: ConcreteGame> Run<'_, G> {
    /// The verdict: the side to move's win, else the opponent's, else a draw.
    fn settle(&mut self, limits: &ProofLimits) -> ProofReport {
        let mut report = ProofReport {
            verdict: Verdict::Unknown,
            proof: None,
            proof_error: None,
            shortest: false,
            nodes: 0,
            time: Duration::ZERO,
            table_entries: 0,
            stopped: None,
        };
        if let Some(outcome) = self.game.outcome() {
            // Nothing to search: the game is over.
            report.verdict = match outcome.winner() {
                Some(w) if w == self.game.side_to_move() => Verdict::Won,
                Some(_) => Verdict::Lost,
                None => Verdict::Drawn,
            };
            return report;
        }
        let me = self.game.side_to_move();
        for (attacker, verdict) in [(me, Verdict::Won), (!me, Verdict::Lost)] {
            let entry = self.search(attacker, limits.max_moves);
            if entry.is_proven() {
                report.verdict = verdict;
                self.prove_shortest(attacker, limits, &mut report);
                return report;
            }
            if !entry.is_disproven() {
                return report; // unknown: the budget ran out
            }
        }
        report.verdict = match limits.max_moves {
            Some(n) => Verdict::NoWinWithin(n),
            None => Verdict::Drawn,
        };
        report
    }

    /// One df-pn search for `attacker`'s win within `bound`.
    fn search(&mut self, attacker: Color, bound: Option<u32>) -> Entry {
        let mut game = self.game.clone();
        let mut dfpn = Dfpn::<G>::new(
            attacker,
            &mut self.table.table,
            self.budget,
            self.table.nodes,
        );
        let entry = dfpn.solve(&mut game, bound);
        self.table.nodes = dfpn.nodes;
        self.stopped = dfpn.stopped;
        entry
    }

    /// Reads the proof of `attacker`'s proven win within `bound` out of the table.
    fn extract(&self, attacker: Color, bound: Option<u32>) -> Result<Proof, String> {
        solution::extract(&self.game, self.config, attacker, bound, &self.table.table)
    }

    /// With `attacker`'s win proven within `limits.max_moves`: the proof, then (if asked) proofs
    /// of ever shorter wins until no shorter one exists or the budget runs out.
    fn prove_shortest(&mut self, attacker: Color, limits: &ProofLimits, report: &mut ProofReport) {
        match self.extract(attacker, limits.max_moves) {
            Ok(proof) => report.proof = Some(proof),
            Err(e) => {
                report.proof_error = Some(e);
                return;
            }
        }
        // A win for the side to move needs at least one of its moves; the opponent may win
        // with none (every reply of the side to move ends the game).
        let least = u32::from(attacker == self.game.side_to_move());
        loop {
            let depth = report.proof.as_ref().map_or(0, Proof::depth);
            if depth <= least {
                report.shortest = true;
                return;
            }
            if !limits.shortest {
                return;
            }
            let entry = self.search(attacker, Some(depth - 1));
            if entry.is_disproven() {
                report.shortest = true;
                return;
            }
            if !entry.is_proven() {
                return;
            }
            match self.extract(attacker, Some(depth - 1)) {
                Ok(proof) if proof.depth() < depth => report.proof = Some(proof),
                Ok(_) => return,
                Err(e) => {
                    report.proof_error = Some(e);
                    return;
                }
            }
        }
    }
}
