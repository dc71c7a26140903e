//! A generic alpha-beta search over any [`Game`]: iterative deepening, principal variation
//! search, a transposition table (its move tried before the others are generated), killer and
//! history move ordering, late move reductions, reverse futility and late move pruning near the
//! horizon, aspiration windows, a capture quiescence search, exact "win in N" scores, and a hard
//! deadline and stop flag checked every few hundred nodes.

mod tt;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

pub use tt::{Bound, TranspositionTable};

use crate::{Color, Game, Outcome};

/// The score of a win at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are proven wins or losses.
pub const MATE_BOUND: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
/// The deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
const HISTORY_SLOTS: usize = 1 << 14;
const CHECK_EVERY_NODES: u64 = 256;
const EVAL_CACHE_SLOTS: usize = 1 << 14;

/// Tunable search behaviour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchConfig {
    /// How many plies of captures the quiescence search follows past the horizon.
    pub quiescence_plies: usize,
    /// Whether to prune with a null move (passing) where the game has one.
    pub null_move: bool,
    /// Late move reductions: a larger divisor reduces less.
    pub reduction_divisor: f32,
    /// Reverse futility pruning: a non-PV node at most [`STATIC_PRUNING_DEPTH`] plies from the
    /// horizon whose static evaluation beats beta by this much per ply returns at once (0
    /// switches it off).
    pub static_pruning_margin: i32,
    /// Late move pruning: a non-PV node at most [`LATE_MOVE_PRUNING_DEPTH`] plies from the
    /// horizon stops trying quiet moves after `k · (1 + depth²)` moves (0 switches it off).
    pub late_move_pruning: usize,
}

/// The deepest remaining depth at which reverse futility pruning applies.
pub const STATIC_PRUNING_DEPTH: i32 = 3;
/// The deepest remaining depth at which late move pruning applies.
pub const LATE_MOVE_PRUNING_DEPTH: i32 = 3;

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            quiescence_plies: 2,
            null_move: true,
            reduction_divisor: 2.0,
            static_pruning_margin: 30,
            late_move_pruning: 3,
        }
    }
}

/// Late move reduction for the `i`-th move at `depth`: deeper and later moves are reduced more.
fn late_move_reduction(depth: i32, i: usize, div: f32) -> i32 {
    let r = 0.5 + (depth as f32).ln() * (i as f32).ln() / div;
    r as i32
}

/// A static evaluation of a position, in centipawn-like units from the side to move's view.
pub trait Evaluator<G: Game>: Send + Sync {
    /// Positive when the side to move stands better. Never called on finished games.
    fn evaluate(&self, game: &G) -> i32;

    /// The evaluation where only its relation to the window `alpha..beta` matters: a value at or
    /// below `alpha` (or at or above `beta`) may be returned without the costly terms, as long
    /// as the true value lies on the same side. The default evaluates fully.
    fn evaluate_within(&self, game: &G, alpha: i32, beta: i32) -> i32 {
        let _ = (alpha, beta);
        self.evaluate(game)
    }

    /// [`Evaluator::evaluate_within`], and whether the value is the full evaluation (which
    /// the search then keeps for the position). The default trusts only values strictly inside
    /// the window, which a lazy evaluation cannot return.
    fn evaluate_within_exact(&self, game: &G, alpha: i32, beta: i32) -> (i32, bool) {
        let value = self.evaluate_within(game, alpha, beta);
        (value, value > alpha && value < beta)
    }

    /// Clears `out` and fills it with the captures among [`Game::search_moves_into`], in its
    /// order: the moves the quiescence search follows. The default filters the search moves; an
    /// evaluation that knows its game may generate them directly.
    fn captures_into(&self, game: &G, out: &mut Vec<G::Move>) {
        game.search_moves_into(out);
        out.retain(|&mv| game.is_capture(mv));
    }
}

/// A search score as the user sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Score {
    /// An evaluation (100 is about one piece's worth).
    Centipawns(i32),
    /// The side to move wins in this many plies (moves of either side).
    WinIn(u32),
    /// The side to move loses in this many plies.
    LossIn(u32),
}

impl Score {
    /// The same score seen from the other side: a gain becomes a loss, a win a loss in as many
    /// plies.
    pub fn flipped(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::WinIn(n) => Score::LossIn(n),
            Score::LossIn(n) => Score::WinIn(n),
        }
    }

    /// Reads an internal score.
    pub fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::WinIn((MATE - score) as u32)
        } else if score < -MATE_BOUND {
            Score::LossIn((MATE + score) as u32)
        } else {
            Score::Centipawns(score)
        }
    }

    /// The protocol form: `cp 35`, `mate 3` (win in 3 of our moves), `mate -2`.
    pub fn protocol(self) -> String {
        match self {
            Score::Centipawns(cp) => format!("cp {cp}"),
            Score::WinIn(plies) => format!("mate {}", plies.div_ceil(2)),
            Score::LossIn(plies) => format!("mate -{}", plies.div_ceil(2)),
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => write!(f, "{:+.2}", f64::from(cp) / 100.0),
            Score::WinIn(plies) => write!(f, "win in {}", plies.div_ceil(2)),
            Score::LossIn(plies) => write!(f, "loss in {}", plies.div_ceil(2)),
        }
    }
}

/// When to stop searching. Unset limits do not apply; with none set the search runs until its
/// stop flag is raised (or it reaches the maximum depth).
#[derive(Debug, Clone, Copy, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Hard time limit: the answer comes by then.
    pub time: Option<Duration>,
    /// Soft limit: no new iteration starts after it.
    pub soft_time: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Time for one move from a game clock: `remaining` on our clock, `increment` per move.
    pub fn clock(remaining: Duration, increment: Duration) -> Limits {
        let remaining_ms = remaining.as_millis() as u64;
        let increment_ms = increment.as_millis() as u64;
        let safety = 30.min(remaining_ms / 4);
        let budget =
            (remaining_ms / 25 + increment_ms * 3 / 4).min(remaining_ms.saturating_sub(safety) / 2);
        let budget = budget.max(1);
        Limits {
            time: Some(Duration::from_millis(
                (budget * 3).min(remaining_ms.saturating_sub(safety)).max(1),
            )),
            soft_time: Some(Duration::from_millis(budget)),
            ..Limits::default()
        }
    }
}

/// Progress reported after each completed iteration, and the final result.
#[derive(Debug, Clone)]
pub struct SearchInfo<M> {
    /// Completed depth.
    pub depth: u32,
    /// Value for the side to move at the root.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }

    /// The best move found (`None` only when the game is over).
    pub fn best_move(&self) -> Option<&M> {
        self.pv.first()
    }

    /// The same result with every move of the principal variation converted, e.g. a concrete
    /// game's moves into [`crate::any_game::AnyMove`]s.
    pub fn map_moves<N>(self, f: impl FnMut(M) -> N) -> SearchInfo<N> {
        SearchInfo {
            depth: self.depth,
            score: self.score,
            nodes: self.nodes,
            time: self.time,
            pv: self.pv.into_iter().map(f).collect(),
        }
    }
}

/// One line of a multi-line search: its score for the side to move at the root and its moves.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line<M> {
    /// Value for the side to move at the root.
    pub score: Score,
    /// The principal variation, its first move first.
    pub pv: Vec<M>,
}

/// Progress of a multi-line search after each completed iteration, and its final result (see
/// [`Searcher::search_lines`]).
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MultiInfo<M> {
    /// Completed depth.
    pub depth: u32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The lines, best first, with distinct first moves: at most as many as asked for, and at
    /// most one per move the search tries; none once the game is over.
    pub lines: Vec<Line<M>>,
}

impl<M> MultiInfo<M> {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }

    /// The best move found: line 1's first move (`None` only when the game is over).
    pub fn best_move(&self) -> Option<&M> {
        self.lines.first().and_then(|line| line.pv.first())
    }

    /// The same result with every move of every line converted, e.g. a concrete game's moves
    /// into [`crate::any_game::AnyMove`]s.
    pub fn map_moves<N>(self, mut f: impl FnMut(M) -> N) -> MultiInfo<N> {
        MultiInfo {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time,
            lines: self
                .lines
                .into_iter()
                .map(|line| Line {
                    score: line.score,
                    pv: line.pv.into_iter().map(&mut f).collect(),
                })
                .collect(),
        }
    }
}

impl<M: Clone> MultiInfo<M> {
    /// Line 1 as a single-line result (score 0 and no moves when there is no line).
    fn first_line(&self) -> SearchInfo<M> {
        let line = self.lines.first();
        SearchInfo {
            depth: self.depth,
            score: line.map_or(Score::Centipawns(0), |line| line.score),
            nodes: self.nodes,
            time: self.time,
            pv: line.map_or_else(Vec::new, |line| line.pv.clone()),
        }
    }
}

/// What one search reads besides the searcher's own memory: the evaluation, and the caller's
/// flag that stops it.
struct Context<'a, E> {
    evaluator: &'a E,
    stop: &'a AtomicBool,
}

/// The search's memory between moves: transposition table and ordering tables.
pub struct Searcher<G: Game> {
    tt: TranspositionTable<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    buffers: Vec<Vec<G::Move>>,
    score_buffers: Vec<Vec<i32>>,
    pv: Vec<Vec<G::Move>>,
    nodes: u64,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    aborted: bool,
    root_noise: Vec<(G::Move, i32)>,
    eval_cache: Vec<(u64, i32)>,
    last_null_ply: Option<usize>,
    config: SearchConfig,
}

/// A move's slot in the history table, one per side (the same squares make different moves for
/// each).
fn history_slot<M: Hash>(mv: &M, side: Color) -> usize {
    /// Mixes each written integer in whole (a move hashes as a few small integers).
    struct Mix(u64);
    impl Mix {
        #[inline]
        fn mix(&mut self, x: u64) {
            self.0 = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    impl Hasher for Mix {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.mix(u64::from(b));
            }
        }
        fn write_u8(&mut self, x: u8) {
            self.mix(u64::from(x));
        }
        fn write_u16(&mut self, x: u16) {
            self.mix(u64::from(x));
        }
        fn write_u32(&mut self, x: u32) {
            self.mix(u64::from(x));
        }
        fn write_u64(&mut self, x: u64) {
            self.mix(x);
        }
        fn write_usize(&mut self, x: usize) {
            self.mix(x as u64);
        }
        fn write_isize(&mut self, x: isize) {
            self.mix(x as u64);
        }
    }
    let mut h = Mix(0xcbf2_9ce4_8422_2325);
    mv.hash(&mut h);
    (h.finish() >> (64 - HISTORY_SLOTS.trailing_zeros())) as usize ^ side.index()
}

impl<G: Game> Searcher<G> {
    /// A searcher with a transposition table of about `hash_megabytes` MiB.
    pub fn new(hash_megabytes: usize) -> Searcher<G> {
        Searcher {
            tt: TranspositionTable::new(hash_megabytes),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; HISTORY_SLOTS],
            buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            score_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            nodes: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            aborted: false,
            root_noise: Vec::new(),
            eval_cache: vec![(0, 0); EVAL_CACHE_SLOTS],
            last_null_ply: None,
            config: SearchConfig::default(),
        }
    }

    /// Changes how the search prunes and extends.
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Resizes the transposition table (emptying it).
    pub fn set_hash_size(&mut self, megabytes: usize) {
        self.tt = TranspositionTable::new(megabytes);
    }

    /// Forgets everything learnt (a new game): the search is then deterministic for a depth.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
    }

    /// The static evaluation, relative to the window `alpha..beta` (see
    /// [`Evaluator::evaluate_within`]); full evaluations are cached by position hash.
    fn evaluate<E: Evaluator<G>>(&mut self, game: &G, evaluator: &E, alpha: i32, beta: i32) -> i32 {
        let key = game.hash();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SLOTS - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let (value, exact) = evaluator.evaluate_within_exact(game, alpha, beta);
        if exact {
            *slot = (key, value);
        }
        value
    }

    /// Per mille of the transposition table used by the last search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Adds a fixed bonus to chosen root moves' scores (the weak levels' deliberate errors).
    pub fn set_root_noise(&mut self, noise: Vec<(G::Move, i32)>) {
        self.root_noise = noise;
    }

    /// Searches `game` within `limits`, calling `on_iteration` after every completed depth, and
    /// returns the last result. The position is handed back unchanged.
    ///
    /// The search ends early once `stop` is raised (from any thread). The flag belongs to the
    /// caller's job: the search only reads it, so a stop raised before the call ends the search
    /// at once, and a new job needs a new (or lowered) flag. A search stopped before it completed
    /// depth 1 still answers: its best move is the first it would have tried (the table's move if
    /// it has one), at depth 0 with score 0. Only a finished game has no best move.
    ///
    /// This is [`Searcher::search_lines`] with one line.
    pub fn search<E: Evaluator<G>>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: Limits,
        stop: &AtomicBool,
        mut on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        self.search_lines(game, evaluator, limits, 1, stop, |info| {
            on_iteration(&info.first_line());
        })
        .first_line()
    }

    /// Searches the `lines` best moves of `game` (MultiPV), each with its score and principal
    /// variation, within `limits`; calls `on_iteration` after every completed depth and returns
    /// the last result, lines best first. One line is [`Searcher::search`].
    ///
    /// Each iteration searches the root once per line, the moves of the lines already chosen
    /// left out (each line with its own aspiration window around its score of the iteration
    /// before), then sorts the lines by score. It gives `lines` lines (at least one), or one per
    /// move the search tries when there are fewer ([`Game::search_moves_into`]: the legal moves,
    /// but for Parachute's plainly bad drops), and none once the game is over.
    ///
    /// Limits and `stop` work as in [`Searcher::search`]. An unfinished iteration leaves the
    /// lines of the last completed one, except that, as in [`Searcher::search`], a move that
    /// scored above the best line's score in the unfinished iteration becomes line 1 (with that
    /// score, and the line it replaces or the last one dropped). A search stopped before depth 1
    /// gives one line: the first move it would have tried, at depth 0 with score 0. The search
    /// ends early once every line is a win or loss proven within the depth searched.
    pub fn search_lines<E: Evaluator<G>>(
        &mut self,
        game: &G,
        evaluator: &E,
        limits: Limits,
        lines: usize,
        stop: &AtomicBool,
        mut on_iteration: impl FnMut(&MultiInfo<G::Move>),
    ) -> MultiInfo<G::Move> {
        let cx = Context { evaluator, stop };
        self.start = Instant::now();
        self.deadline = limits.time.map(|t| self.start + t);
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.aborted = false;
        self.tt.new_search();
        for h in &mut self.history {
            *h /= 8;
        }
        let mut game = game.clone();
        let mut root_moves = Vec::new();
        game.search_moves_into(&mut root_moves);
        let mut result = MultiInfo {
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            lines: root_moves
                .first()
                .map(|&mv| Line {
                    score: Score::Centipawns(0),
                    pv: vec![mv],
                })
                .into_iter()
                .collect(),
        };
        if root_moves.is_empty() {
            return result;
        }
        if let Some(e) = self.tt.probe(game.hash())
            && let Some(mv) = e.mv.filter(|m| root_moves.contains(m))
        {
            let i = root_moves.iter().position(|&m| m == mv).unwrap_or(0);
            root_moves[..=i].rotate_right(1);
            result.lines[0].pv = vec![mv];
        }
        let count = lines.clamp(1, root_moves.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        // The internal score of each line of the last completed iteration, best first.
        let mut previous = vec![0; count];
        // This iteration's lines as they are found: internal score and principal variation.
        let mut found: Vec<(i32, Vec<G::Move>)> = Vec::with_capacity(count);
        for depth in 1..=max_depth {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            found.clear();
            // A line that beat the previous best in an unfinished iteration.
            let mut better = None;
            for k in 0..count {
                // The moves of lines 1..k stay in front, out of this line's search.
                let (score, best) = self.aspiration_search(
                    &mut game,
                    &cx,
                    &mut root_moves[k..],
                    depth as i32,
                    previous[k],
                    k == 0,
                );
                if self.aborted {
                    better = if k == 0 {
                        best.map(|(mv, partial)| (partial, vec![mv]))
                    } else {
                        found.first().cloned()
                    };
                    break;
                }
                let mut pv = self.pv[0].clone();
                if pv.first() != Some(&root_moves[k]) {
                    pv = vec![root_moves[k]];
                }
                found.push((score, pv));
            }
            if self.aborted {
                if let Some((partial, pv)) = better
                    && depth > 1
                    && partial > previous[0]
                    && pv.first() != result.best_move()
                {
                    result.lines.retain(|line| line.pv.first() != pv.first());
                    result.lines.insert(
                        0,
                        Line {
                            score: Score::from_internal(partial),
                            pv,
                        },
                    );
                    result.lines.truncate(count);
                }
                break;
            }
            // Best first; a stable sort keeps the order of the search among equal scores.
            found.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            for (k, (score, pv)) in found.iter().enumerate() {
                root_moves[k] = pv[0];
                previous[k] = *score;
            }
            result.depth = depth;
            result.lines = found
                .iter()
                .map(|(score, pv)| Line {
                    score: Score::from_internal(*score),
                    pv: pv.clone(),
                })
                .collect();
            result.nodes = self.nodes;
            result.time = self.start.elapsed();
            on_iteration(&result);
            let proven =
                |score: &i32| score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth;
            if previous.iter().all(proven) {
                break; // proven results within the horizon cannot change
            }
            if limits
                .soft_time
                .is_some_and(|soft| self.start.elapsed() >= soft)
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.start.elapsed();
        result
    }

    /// Searches the root moves `root_moves` to `depth` in a window around the `previous`
    /// iteration's score (from depth 4), widening it on each fail until the score falls inside;
    /// returns what [`Searcher::search_root`] does. Only the search of every root move (the
    /// first line of a multi-line search) is `stored` in the table: a search that leaves moves
    /// out does not give the position's value.
    fn aspiration_search<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        cx: &Context<'_, E>,
        root_moves: &mut [G::Move],
        depth: i32,
        previous: i32,
        store: bool,
    ) -> (i32, Option<(G::Move, i32)>) {
        let mut window = 60;
        let (mut alpha, mut beta) = if depth >= 4 {
            (previous - window, previous + window)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let (score, best) = self.search_root(game, cx, root_moves, depth, alpha, beta);
            if self.aborted {
                return (score, best);
            }
            if store && let Some((mv, score)) = best {
                self.tt
                    .store(game.hash(), depth, score, Bound::Exact, Some(mv), 0);
            }
            if score <= alpha && alpha > -INFINITY {
                alpha = (score - window).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + window).min(INFINITY);
            } else {
                return (score, best);
            }
            window *= 4;
            if window > 2_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn check_limits(&mut self, stop: &AtomicBool) {
        if stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.node_limit.is_some_and(|n| self.nodes >= n)
        {
            self.aborted = true;
        }
    }

    /// Searches every root move; returns the best score and the best fully searched move.
    fn search_root<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        cx: &Context<'_, E>,
        root_moves: &mut [G::Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<(G::Move, i32)>) {
        let mut best_score = -INFINITY;
        let mut best: Option<(G::Move, i32)> = None;
        self.pv[0].clear();
        for i in 0..root_moves.len() {
            let mv = root_moves[i];
            let noise = self
                .root_noise
                .iter()
                .find(|(m, _)| *m == mv)
                .map_or(0, |&(_, n)| n);
            game.play_unchecked(mv);
            self.nodes += 1;
            // The noise shifts this move's window: score + noise > alpha ⟺ score > alpha − noise.
            // Win and loss scores carry no noise, so a bound among them is not shifted (shifted,
            // it would let a move fail high against a proven win it does not have).
            let shift = |bound: i32| {
                if bound.abs() < MATE_BOUND {
                    bound - noise
                } else {
                    bound
                }
            };
            let (a, b) = (shift(alpha), shift(beta));
            let mut score;
            if i == 0 {
                score = -self.alpha_beta(game, cx, depth - 1, -b, -a, 1);
            } else {
                score = -self.alpha_beta(game, cx, depth - 1, -a - 1, -a, 1);
                if score > a && score < b && !self.aborted {
                    score = -self.alpha_beta(game, cx, depth - 1, -b, -a, 1);
                }
            }
            let score = if score.abs() < MATE_BOUND {
                score + noise
            } else {
                score
            };
            game.undo();
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best = Some((mv, score));
                    self.pv[0].clear();
                    self.pv[0].push(mv);
                    let child = std::mem::take(&mut self.pv[1]);
                    self.pv[0].extend_from_slice(&child);
                    self.pv[1] = child;
                    // Keep the best move first for the next iteration.
                    root_moves[..=i].rotate_right(1);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (best_score, best)
    }

    fn terminal_score(game: &G, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner() {
            Some(winner) if winner == game.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    fn alpha_beta<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        cx: &Context<'_, E>,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if let Some(outcome) = game.outcome() {
            return Self::terminal_score(game, outcome, ply);
        }
        if depth <= 0 || ply >= MAX_PLY / 2 {
            return self.quiescence(game, cx, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY_NODES) {
            self.check_limits(cx.stop);
        }
        if self.aborted {
            return 0;
        }
        // Mate distance pruning: no line from here beats a win found nearer the root.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = game.hash();
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.mv;
            if !pv_node && i32::from(entry.depth) >= depth {
                let score = entry.score(ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }

        // Reverse futility: near the horizon, a static evaluation far above beta stands.
        let static_margin = self.config.static_pruning_margin * depth;
        if static_margin > 0 && !pv_node && depth <= STATIC_PRUNING_DEPTH && beta.abs() < MATE_BOUND
        {
            let bar = beta + static_margin;
            let eval = self.evaluate(game, cx.evaluator, bar - 1, bar);
            if eval >= bar {
                return eval - static_margin;
            }
        }

        // Null move: if passing still holds beta at reduced depth, the position is good enough.
        if self.config.null_move
            && !pv_node
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && self.last_null_ply != Some(ply - 1)
            && let Some(null) = game.null_move()
            && self.evaluate(game, cx.evaluator, beta - 1, beta) >= beta
        {
            let reduction = 3 + depth / 4;
            game.play_unchecked(null);
            let saved = self.last_null_ply.replace(ply);
            let score =
                -self.alpha_beta(game, cx, depth - 1 - reduction, -beta, -beta + 1, ply + 1);
            self.last_null_ply = saved;
            game.undo();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score > MATE_BOUND { beta } else { score };
            }
        }

        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let mut scores = std::mem::take(&mut self.score_buffers[ply]);
        moves.clear();
        scores.clear();
        let killers = self.killers[ply];
        // The hash move is tried before the others are generated: it often refutes the node.
        let tt_first = tt_move.filter(|&mv| game.is_legal(mv));
        let mut generated = false;

        // Late move pruning: near the horizon, quiet moves ordered late are left out.
        let quiet_limit =
            if self.config.late_move_pruning > 0 && !pv_node && depth <= LATE_MOVE_PRUNING_DEPTH {
                self.config.late_move_pruning * (1 + (depth * depth) as usize)
            } else {
                usize::MAX
            };

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut i = 0;
        loop {
            let (mv, quiet) = if i == 0
                && let Some(first) = tt_first
            {
                (first, false)
            } else {
                if !generated {
                    generated = true;
                    game.search_moves_into(&mut moves);
                    for &mv in &moves {
                        let s = if Some(mv) == tt_move {
                            i32::MAX
                        } else if game.is_capture(mv) {
                            1 << 28
                        } else if Some(mv) == killers[0] {
                            (1 << 27) + 1
                        } else if Some(mv) == killers[1] {
                            1 << 27
                        } else {
                            self.history[history_slot(&mv, game.side_to_move())]
                        };
                        scores.push(s);
                    }
                    if let Some(first) = tt_first {
                        // Already searched: put it where the ordering would have, in front.
                        match moves.iter().position(|&m| m == first) {
                            Some(p) => {
                                moves.swap(0, p);
                                scores.swap(0, p);
                            }
                            None => {
                                moves.insert(0, first);
                                scores.insert(0, i32::MAX);
                            }
                        }
                    }
                }
                if i >= moves.len() {
                    break;
                }
                // Selection sort: bring the best-ordered remaining move (the first of the
                // highest score) to position i. The maximum is found first, which vectorises.
                let rest = &scores[i..];
                let top = rest.iter().copied().fold(i32::MIN, i32::max);
                let pick = i + rest.iter().position(|&s| s == top).unwrap_or(0);
                moves.swap(i, pick);
                scores.swap(i, pick);
                (moves[i], scores[i] < (1 << 27))
            };
            if quiet && i >= quiet_limit && best_score > -MATE_BOUND {
                break; // the moves left are all quiet: they come last in the ordering
            }
            game.play_unchecked(mv);
            if depth > 1 {
                self.tt.prefetch(game.hash());
            }
            let mut score;
            if i == 0 {
                score = -self.alpha_beta(game, cx, depth - 1, -beta, -alpha, ply + 1);
            } else {
                let reduction = if depth >= 3 && i >= 2 && quiet {
                    (late_move_reduction(depth, i, self.config.reduction_divisor)
                        - i32::from(pv_node))
                    .clamp(0, depth - 2)
                } else {
                    0
                };
                score =
                    -self.alpha_beta(game, cx, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if score > alpha && reduction > 0 && !self.aborted {
                    score = -self.alpha_beta(game, cx, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.alpha_beta(game, cx, depth - 1, -beta, -alpha, ply + 1);
                }
            }
            game.undo();
            if self.aborted {
                self.buffers[ply] = moves;
                self.score_buffers[ply] = scores;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if quiet {
                            if killers[0] != Some(mv) {
                                self.killers[ply] = [Some(mv), killers[0]];
                            }
                            let slot = &mut self.history[history_slot(&mv, game.side_to_move())];
                            *slot = (*slot + depth * depth).min(1 << 26);
                        }
                        break;
                    }
                }
            }
            i += 1;
        }
        self.buffers[ply] = moves;
        self.score_buffers[ply] = scores;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, depth, best_score, bound, best_move, ply);
        best_score
    }

    fn quiescence<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        cx: &Context<'_, E>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        if let Some(outcome) = game.outcome() {
            return Self::terminal_score(game, outcome, ply);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY_NODES) {
            self.check_limits(cx.stop);
        }
        if self.aborted {
            return 0;
        }
        let stand_pat = self.evaluate(game, cx.evaluator, alpha, beta);
        if stand_pat >= beta || qply >= self.config.quiescence_plies || ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        cx.evaluator.captures_into(game, &mut moves);
        for &mv in &moves {
            game.play_unchecked(mv);
            let score = -self.quiescence(game, cx, -beta, -alpha, ply + 1, qply + 1);
            game.undo();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }
}
