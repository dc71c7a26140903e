//! Depth-first proof-number search (df-pn, Nagai 2002) over any [`Game`], with a transposition
//! table keyed by the game's 64-bit Zobrist hash.
//!
//! The *attacker* is the side whose win is to be proven; OR nodes have the attacker to move, AND
//! nodes the defender. A node's proof number (pn) is the least number of leaves still to be
//! proven to prove it a win for the attacker, its disproof number (dn) the least to show it is
//! not. Every end is judged by [`Game::outcome`] alone: a win for the attacker proves, any other
//! end (a draw by simultaneous connection or repetition, a loss) disproves. A position that
//! repeats one on the current line is taken as *not* a win for the attacker (see the module's
//! documentation in `proof/mod.rs` for why that is sound for wins, and the graph-history
//! interaction it leaves for disproofs).
//!
//! An optional bound on the attacker's moves turns the question into "win within `n` moves":
//! the bound left is part of the table's key, so answers for different bounds never mix.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use web_time::Instant;

use crate::{Color, Game};

/// "Infinite" proof or disproof number: the node is solved.
pub const INF: u32 = u32::MAX;

/// The largest finite number; sums stop there so they never look solved.
const LARGE: u32 = INF - 1;

/// Lines longer than this many plies are not followed: the position there counts as not a win
/// for the attacker (it keeps the recursion within a thread's stack).
pub const MAX_PLIES: usize = 1000;

/// What the table knows about one position (for one attacker and one bound).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Proof number: 0 proven, [`INF`] disproven.
    pub pn: u32,
    /// Disproof number: 0 disproven, [`INF`] proven.
    pub dn: u32,
    /// When proven: the attacker's moves its proof needs from here (0: the game just ended with
    /// the attacker's win). Unused otherwise.
    pub depth: u32,
}

impl Entry {
    /// A position not searched yet.
    pub const UNKNOWN: Entry = Entry {
        pn: 1,
        dn: 1,
        depth: 0,
    };

    /// A position not won by the attacker.
    pub const DISPROVEN: Entry = Entry {
        pn: INF,
        dn: 0,
        depth: 0,
    };

    /// A position won by the attacker in `depth` of its moves.
    pub const fn proven(depth: u32) -> Entry {
        Entry {
            pn: 0,
            dn: INF,
            depth,
        }
    }

    /// Whether the attacker's win is proven.
    pub fn is_proven(self) -> bool {
        self.pn == 0
    }

    /// Whether the attacker is proven not to win.
    pub fn is_disproven(self) -> bool {
        self.dn == 0
    }
}

/// Keys are Zobrist hashes already mixed: the map uses them as they are.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The transposition table: entries by [`table_key`].
pub type Table = HashMap<u64, Entry, BuildHasherDefault<KeyHasher>>;

/// SplitMix64's finaliser: spreads a small number over 64 bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The table key of a position (its Zobrist `hash`) when `attacker` tries to win with
/// `remaining` moves left (`None`: no bound). Fixed constants, so a saved table stays valid.
pub fn table_key(hash: u64, attacker: Color, remaining: Option<u32>) -> u64 {
    let bound = remaining.map_or(0, |r| u64::from(r) + 1);
    hash ^ mix(((attacker.index() as u64) << 32) | bound)
}

/// Why a search stopped before an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The node budget is spent.
    Nodes,
    /// The time is up, or the caller raised its stop flag ([`Budget::stop`]).
    Time,
    /// The table holds as many entries as allowed.
    Memory,
}

/// When a search must stop.
#[derive(Debug, Clone, Copy)]
pub struct Budget<'s> {
    /// Stop once the node count (counted over all searches) passes this.
    pub nodes: Option<u64>,
    /// Stop at this time.
    pub deadline: Option<Instant>,
    /// Stop when the table holds this many entries.
    pub max_entries: usize,
    /// Stop when this flag is raised (read with the clock, every 1024 nodes).
    pub stop: Option<&'s AtomicBool>,
}

/// One move of an expanded node and what is fixed about the position after it.
struct Child<M> {
    mv: M,
    key: u64,
    remaining: Option<u32>,
    /// Set when the position after the move needs no search: the game ended, the position
    /// repeats one on the line, or the bound is spent.
    fixed: Option<Entry>,
}

/// One df-pn search: one attacker, one bound, a table shared with other searches.
pub struct Dfpn<'t, G: Game> {
    attacker: Color,
    table: &'t mut Table,
    budget: Budget<'t>,
    /// Positions (plain hashes) on the current line, the root first.
    path: Vec<u64>,
    /// Nodes expanded, counted over all searches sharing the budget.
    pub nodes: u64,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
    moves: Vec<G::Move>,
}

impl<'t, G: Game> Dfpn<'t, G> {
    /// A search for `attacker`'s win, `nodes` already counted against the budget.
    pub fn new(attacker: Color, table: &'t mut Table, budget: Budget<'t>, nodes: u64) -> Self {
        Dfpn {
            attacker,
            table,
            budget,
            path: Vec::new(),
            nodes,
            stopped: None,
            moves: Vec::new(),
        }
    }

    /// Searches `game` (not over) until the attacker's win within `bound` moves is proven or
    /// disproven, or the budget runs out; the answer is the root's table entry.
    pub fn solve(&mut self, game: &mut G, bound: Option<u32>) -> Entry {
        let key = table_key(game.hash(), self.attacker, bound);
        if bound == Some(0) && game.side_to_move() == self.attacker {
            return Entry::DISPROVEN;
        }
        self.mid(game, bound, INF, INF);
        self.table.get(&key).copied().unwrap_or(Entry::UNKNOWN)
    }

    /// Counts a node and sets `stopped` when the budget is spent (the clock and the stop flag
    /// are read every 1024 nodes).
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.budget.nodes.is_some_and(|limit| self.nodes >= limit) {
            self.stopped = Some(Stop::Nodes);
        } else if self.table.len() >= self.budget.max_entries
            && !collect_garbage(self.table, self.budget.max_entries)
        {
            self.stopped = Some(Stop::Memory);
        } else if self.nodes.is_multiple_of(1024)
            && (self.budget.deadline.is_some_and(|d| Instant::now() >= d)
                || self.budget.stop.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.stopped = Some(Stop::Time);
        }
    }

    /// Multiple iterative deepening: searches the node until its pn reaches `th_pn` or its dn
    /// `th_dn` (or the budget runs out), then stores it.
    fn mid(&mut self, game: &mut G, remaining: Option<u32>, th_pn: u32, th_dn: u32) {
        self.count_node();
        let hash = game.hash();
        let key = table_key(hash, self.attacker, remaining);
        let or = game.side_to_move() == self.attacker;
        self.path.push(hash);
        let children = self.children(game, or, remaining);
        loop {
            let (entry, best, second) = self.combine(or, &children);
            if entry.pn >= th_pn || entry.dn >= th_dn || self.stopped.is_some() {
                self.store(key, entry);
                break;
            }
            let child = &children[best];
            let c = self.child_entry(child);
            // The child may work until it is no longer the best, or until the node's other
            // number would pass its own threshold (1+ε trick: a little beyond the second best,
            // so the search does not switch back and forth between two children).
            let (child_pn, child_dn) = if or {
                (th_pn.min(widen(second)), shift(th_dn, entry.dn, c.dn))
            } else {
                (shift(th_pn, entry.pn, c.pn), th_dn.min(widen(second)))
            };
            let (mv, child_remaining) = (child.mv, child.remaining);
            game.play_unchecked(mv);
            self.mid(game, child_remaining, child_pn, child_dn);
            game.undo();
        }
        self.path.pop();
    }

    /// The moves of a node, each with what is already fixed about the position it leads to.
    fn children(&mut self, game: &mut G, or: bool, remaining: Option<u32>) -> Vec<Child<G::Move>> {
        let mut moves = std::mem::take(&mut self.moves);
        game.legal_moves_into(&mut moves);
        // After the attacker's move it has one move fewer left.
        let child_remaining = if or {
            remaining.map(|r| r.saturating_sub(1))
        } else {
            remaining
        };
        let too_deep = self.path.len() >= MAX_PLIES;
        let mut out = Vec::with_capacity(moves.len());
        for &mv in &moves {
            game.play_unchecked(mv);
            let fixed = match game.outcome() {
                Some(o) if o.winner() == Some(self.attacker) => Some(Entry::proven(0)),
                Some(_) => Some(Entry::DISPROVEN),
                None if too_deep || self.path.contains(&game.hash()) => Some(Entry::DISPROVEN),
                // The attacker to move with no move left in the bound.
                None if !or && child_remaining == Some(0) => Some(Entry::DISPROVEN),
                None => None,
            };
            out.push(Child {
                mv,
                key: table_key(game.hash(), self.attacker, child_remaining),
                remaining: child_remaining,
                fixed,
            });
            game.undo();
        }
        self.moves = moves;
        out
    }

    /// What is known of a child: fixed, from the table, or nothing yet.
    fn child_entry(&self, child: &Child<G::Move>) -> Entry {
        child.fixed.unwrap_or_else(|| {
            self.table
                .get(&child.key)
                .copied()
                .unwrap_or(Entry::UNKNOWN)
        })
    }

    /// The node's numbers from its children's, the child to search next and the second best
    /// child's number (the one the node minimises: pn at OR nodes, dn at AND nodes).
    fn combine(&self, or: bool, children: &[Child<G::Move>]) -> (Entry, usize, u32) {
        if children.is_empty() {
            // Only an ended game has no moves, and ended games are never expanded.
            return (Entry::DISPROVEN, 0, INF);
        }
        // At OR nodes the node's pn is the least child pn and its dn the sum of the child dns;
        // at AND nodes the other way round ("phi" is the minimised number, "delta" the summed).
        let (mut best, mut min, mut second, mut sum) = (0, INF, INF, 0u64);
        let mut proven_depth: Option<u32> = None;
        let mut all_depth = 0;
        for (i, child) in children.iter().enumerate() {
            let e = self.child_entry(child);
            let (phi, delta) = if or { (e.pn, e.dn) } else { (e.dn, e.pn) };
            if phi < min {
                second = min;
                min = phi;
                best = i;
            } else if phi < second {
                second = phi;
            }
            sum = if delta == INF || sum == u64::from(INF) {
                u64::from(INF)
            } else {
                (sum + u64::from(delta)).min(u64::from(LARGE))
            };
            if e.is_proven() {
                proven_depth = Some(proven_depth.map_or(e.depth, |d| d.min(e.depth)));
                all_depth = all_depth.max(e.depth);
            }
        }
        let sum = sum as u32;
        let entry = if or {
            Entry {
                pn: min,
                dn: sum,
                depth: proven_depth.map_or(0, |d| d + 1),
            }
        } else {
            Entry {
                pn: sum,
                dn: min,
                depth: all_depth,
            }
        };
        (entry, best, second)
    }

    /// Stores a node; a proven node keeps the shortest proof depth it was given.
    fn store(&mut self, key: u64, mut entry: Entry) {
        if entry.is_proven()
            && let Some(old) = self.table.get(&key)
            && old.is_proven()
        {
            entry.depth = entry.depth.min(old.depth);
        }
        self.table.insert(key, entry);
    }
}

/// How many unsolved entries' numbers [`collect_garbage`] looks at to choose what to forget.
const GARBAGE_SAMPLE: usize = 100_000;

/// Makes room in a full table (`max` entries): forgets about half of the unsolved entries,
/// those with the smallest proof and disproof numbers (the cheapest to find again, as in
/// df-pn's "small tree" collection); every proven and disproven entry is kept. False when that
/// frees less than a tenth of the table (it is nearly all solved: the search must stop). A
/// forgotten entry only costs its search again: the numbers of the nodes being searched are
/// made again from their children's.
fn collect_garbage(table: &mut Table, max: usize) -> bool {
    let unsolved = |e: &Entry| !e.is_proven() && !e.is_disproven();
    let size = |e: &Entry| u64::from(e.pn) + u64::from(e.dn);
    let step = (table.len() / GARBAGE_SAMPLE).max(1);
    let mut sample: Vec<u64> = table
        .values()
        .step_by(step)
        .filter(|e| unsolved(e))
        .map(size)
        .collect();
    if sample.is_empty() {
        return false;
    }
    let middle = sample.len() / 2;
    let (_, &mut cut, _) = sample.select_nth_unstable(middle);
    table.retain(|_, e| !unsolved(e) || size(e) > cut);
    table.len() <= max - max / 10
}

/// A child's threshold from the second best child's number: a quarter beyond it (at least one).
fn widen(second: u32) -> u32 {
    let s = u64::from(second);
    (s + 1 + s / 4).min(u64::from(INF)) as u32
}

/// `threshold - total + part`, the share of a summed threshold left to one child (never above
/// [`INF`]; `total < threshold` holds when it is asked).
fn shift(threshold: u32, total: u32, part: u32) -> u32 {
    (u64::from(threshold) - u64::from(total).min(u64::from(threshold)) + u64::from(part))
        .min(u64::from(INF)) as u32
}
