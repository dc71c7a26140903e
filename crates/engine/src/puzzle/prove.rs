//! The exact prover: a depth-limited AND/OR search that answers "does the side to move win in at
//! most `n` of its own moves against every defence?".
//!
//! It asks the game everything a rule decides ([`Game::legal_moves_into`], [`Game::outcome`]):
//! a win is whatever the rules call a win for the attacker, whenever the rules declare it — after
//! the attacker's move (Lines of Action connection), after the defender's reply (Epaminondas: at
//! the start of the attacker's turn; LOA: a capture that leaves the attacker connected). Any
//! other end (a draw, a loss) is not a win. There is no heuristic pruning: every attacker move is
//! tried until one wins, every defence is tried until one holds. The evaluation only orders the
//! moves, and a transposition table remembers what was proven, keyed by the 64-bit Zobrist hash
//! (a result does not depend on the path: no position can occur a third time within the 8 plies
//! of a win in 4 from a set-up position, so the repetition rule never decides a proof).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::search::Evaluator;
use crate::{Color, Game, Outcome};

/// The longest win the prover is asked about, in the attacker's moves.
pub const MAX_PROOF_MOVES: u32 = 6;

/// The table is cleared when it holds this many positions.
const TABLE_LIMIT: usize = 1 << 22;

/// The prover ran out of its node budget before an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

/// Keys are Zobrist hashes, already random: the table uses them as they are.
#[derive(Default)]
struct KeyHasher(u64);

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

/// Proven results by position hash.
type Table<M> = HashMap<u64, Entry<M>, BuildHasherDefault<KeyHasher>>;

/// What is known about a position (side to move = the attacker).
#[derive(Debug, Clone, Copy)]
struct Entry<M> {
    /// It wins within this many moves (0: not known to win).
    wins_within: u8,
    /// The move that wins within `wins_within`.
    best: Option<M>,
    /// It does not win within this many moves (0: nothing known).
    no_win_within: u8,
}

/// A sound lower bound on how many moves a side needs to win, for a game that has one
/// (Epaminondas: how far its stones are from the far row). `None`: no bound known.
pub type LowerBound<G> = fn(&G) -> Option<u32>;

/// The exact prover for one game, with its table and move ordering kept between questions.
pub struct Prover<'e, G: Game, E: Evaluator<G>> {
    evaluator: &'e E,
    table: Table<G::Move>,
    /// Defender-to-move positions: `wins_within` is the attacker's win after every defence,
    /// `no_win_within` a defence that holds (`best`).
    defences: Table<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    nodes: u64,
    budget: Option<u64>,
    lower_bound: Option<LowerBound<G>>,
    defender_holds: Option<fn(&G) -> bool>,
    evaluation_ordering: bool,
    /// Move lists to reuse.
    spare: Vec<Vec<G::Move>>,
}

/// Whether `outcome` is a win for `side`.
fn won_by(outcome: Option<Outcome>, side: Color) -> bool {
    outcome.and_then(Outcome::winner) == Some(side)
}

/// Records in `table` that the position `key` is won within `n` (`won` is `Some`) or not, with
/// the move that shows it.
fn store<M>(table: &mut Table<M>, key: u64, n: u32, won: Option<()>, mv: Option<M>) {
    if table.len() >= TABLE_LIMIT {
        table.clear();
    }
    let e = table.entry(key).or_insert(Entry {
        wins_within: 0,
        best: None,
        no_win_within: 0,
    });
    let n = n as u8;
    if won.is_some() {
        if e.wins_within == 0 || n < e.wins_within {
            e.wins_within = n;
            if mv.is_some() {
                e.best = mv;
            }
        }
    } else if n > e.no_win_within {
        e.no_win_within = n;
        if mv.is_some() {
            e.best = mv;
        }
    }
}

impl<'e, G: Game, E: Evaluator<G>> Prover<'e, G, E> {
    /// A prover that orders moves with `evaluator`.
    pub fn new(evaluator: &'e E) -> Self {
        Prover {
            evaluator,
            table: Table::default(),
            defences: Table::default(),
            killers: vec![[None; 2]; 2 * MAX_PROOF_MOVES as usize + 2],
            nodes: 0,
            budget: None,
            lower_bound: None,
            defender_holds: None,
            evaluation_ordering: true,
            spare: Vec::new(),
        }
    }

    /// Stops any question after `nodes` more positions visited (`None`: no limit).
    pub fn set_budget(&mut self, nodes: Option<u64>) {
        self.budget = nodes.map(|n| self.nodes.saturating_add(n));
    }

    /// Uses a sound lower bound on the moves the side to move needs to win, to prune.
    pub fn set_lower_bound(&mut self, bound: Option<LowerBound<G>>) {
        self.lower_bound = bound;
    }

    /// Uses a sound test of a position with the defender to move: `true` when the defender's
    /// reply cannot end the game in the attacker's favour (Epaminondas: the attacker has no
    /// stone on the far row), so the attacker's last move was not a win.
    pub fn set_defender_holds(&mut self, test: Option<fn(&G) -> bool>) {
        self.defender_holds = test;
    }

    /// Whether moves far from the horizon are ordered by the evaluation (on by default);
    /// otherwise captures go first. Ordering never changes an answer, only its cost.
    pub fn set_evaluation_ordering(&mut self, on: bool) {
        self.evaluation_ordering = on;
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move wins in at most `n` of its moves against every defence.
    pub fn wins_within(&mut self, game: &G, n: u32) -> Result<bool, OutOfBudget> {
        let mut game = game.clone();
        self.or_node(&mut game, n.min(MAX_PROOF_MOVES), 0)
    }

    /// The fewest moves in which the side to move forces a win, if it is at most `max`.
    pub fn shortest_win(&mut self, game: &G, max: u32) -> Result<Option<u32>, OutOfBudget> {
        for n in 1..=max.min(MAX_PROOF_MOVES) {
            if self.wins_within(game, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// After the side to move plays `mv`: the fewest moves (this one included) in which it
    /// forces a win, if at most `max`.
    pub fn shortest_win_after(
        &mut self,
        game: &G,
        mv: G::Move,
        max: u32,
    ) -> Result<Option<u32>, OutOfBudget> {
        let mut game = game.clone();
        let attacker = game.side_to_move();
        game.play_unchecked(mv);
        match game.outcome() {
            Some(o) => Ok(won_by(Some(o), attacker).then_some(1)),
            None => {
                for n in 1..=max.min(MAX_PROOF_MOVES) {
                    if self.and_node(&mut game, attacker, n - 1, 1)? {
                        return Ok(Some(n));
                    }
                }
                Ok(None)
            }
        }
    }

    /// With the defender to move and the attacker (the other side) needing a win in at most
    /// `k` more of its moves: the fewest moves the attacker needs after the defence `mv`
    /// (`Some(0)`: the defence itself ends the game with the attacker's win), if at most `k`.
    pub fn attacker_needs_after(
        &mut self,
        game: &G,
        mv: G::Move,
        k: u32,
    ) -> Result<Option<u32>, OutOfBudget> {
        let mut game = game.clone();
        let attacker = !game.side_to_move();
        game.play_unchecked(mv);
        if game.outcome().is_some() {
            return Ok(won_by(game.outcome(), attacker).then_some(0));
        }
        for n in 1..=k.min(MAX_PROOF_MOVES) {
            if self.or_node(&mut game, n, 2)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    fn count_node(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        match self.budget {
            Some(limit) if self.nodes > limit => Err(OutOfBudget),
            _ => Ok(()),
        }
    }

    /// OR node: the side to move (the attacker) needs a win within `n` of its moves.
    fn or_node(&mut self, game: &mut G, n: u32, ply: usize) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        self.count_node()?;
        let key = game.hash();
        let mut hint = None;
        if let Some(e) = self.table.get(&key) {
            if e.wins_within != 0 && u32::from(e.wins_within) <= n {
                return Ok(true);
            }
            if u32::from(e.no_win_within) >= n {
                return Ok(false);
            }
            hint = e.best;
        }
        if let Some(bound) = self.lower_bound
            && bound(game).is_some_and(|needed| needed > n)
        {
            self.store(key, n, None);
            return Ok(false);
        }
        let attacker = game.side_to_move();
        let moves = self.ordered(game, hint, ply, n >= 2);
        let mut result = Ok(false);
        for &mv in &moves {
            game.play_unchecked(mv);
            let wins = match game.outcome() {
                Some(o) => Ok(won_by(Some(o), attacker)),
                None => self.and_node(game, attacker, n - 1, ply + 1),
            };
            game.undo();
            match wins {
                Ok(false) => {}
                Ok(true) => {
                    self.store(key, n, Some(mv));
                    self.add_killer(ply, mv);
                    result = Ok(true);
                    break;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.recycle(moves);
        if result == Ok(false) {
            self.store(key, n, None);
        }
        result
    }

    /// AND node: the defender to move; the attacker needs a win within `k` more of its moves
    /// after every defence.
    fn and_node(
        &mut self,
        game: &mut G,
        attacker: Color,
        k: u32,
        ply: usize,
    ) -> Result<bool, OutOfBudget> {
        self.count_node()?;
        if k == 0 && self.defender_holds.is_some_and(|holds| holds(game)) {
            return Ok(false);
        }
        let key = game.hash();
        let mut hint = None;
        if let Some(e) = self.defences.get(&key) {
            if e.wins_within != 0 && u32::from(e.wins_within) <= k + 1 {
                return Ok(true);
            }
            if u32::from(e.no_win_within) > k {
                return Ok(false);
            }
            hint = e.best;
        }
        let moves = self.ordered(game, hint, ply, k >= 2);
        let mut result = Ok(true);
        for &mv in &moves {
            game.play_unchecked(mv);
            let holds = match game.outcome() {
                Some(o) => Ok(!won_by(Some(o), attacker)),
                None if k == 0 => Ok(true),
                None => self.or_node(game, k, ply + 1).map(|wins| !wins),
            };
            game.undo();
            match holds {
                Ok(false) => {}
                Ok(true) => {
                    store(&mut self.defences, key, k + 1, None, Some(mv));
                    self.add_killer(ply, mv);
                    result = Ok(false);
                    break;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.recycle(moves);
        if result == Ok(true) {
            store(&mut self.defences, key, k + 1, Some(()), None);
        }
        result
    }

    fn store(&mut self, key: u64, n: u32, winning: Option<G::Move>) {
        store(&mut self.table, key, n, winning.map(|_| ()), winning);
    }

    fn add_killer(&mut self, ply: usize, mv: G::Move) {
        if let Some(slot) = self.killers.get_mut(ply)
            && slot[0] != Some(mv)
        {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// The side to move's moves: the table's move, then the killers of this ply, then (when
    /// `evaluate` and evaluation ordering is on) the rest best first by the evaluation,
    /// otherwise captures first.
    fn ordered(
        &mut self,
        game: &mut G,
        hint: Option<G::Move>,
        ply: usize,
        evaluate: bool,
    ) -> Vec<G::Move> {
        let mut moves = self.spare.pop().unwrap_or_default();
        game.legal_moves_into(&mut moves);
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let mut out = self.spare.pop().unwrap_or_default();
        out.clear();
        for special in [hint, killers[0], killers[1]].into_iter().flatten() {
            if !out.contains(&special) && moves.contains(&special) {
                out.push(special);
            }
        }
        let first = out.len();
        if evaluate && self.evaluation_ordering {
            let mut scored: Vec<(i64, G::Move)> = moves
                .iter()
                .filter(|mv| !out[..first].contains(mv))
                .map(|&mv| (self.score_move(game, mv), mv))
                .collect();
            scored.sort_by_key(|b| std::cmp::Reverse(b.0));
            out.extend(scored.into_iter().map(|(_, mv)| mv));
        } else {
            let specials = [hint, killers[0], killers[1]];
            let plain = |mv: &G::Move| !specials.contains(&Some(*mv));
            out.extend(
                moves
                    .iter()
                    .filter(|&&mv| plain(&mv) && game.is_capture(mv)),
            );
            out.extend(
                moves
                    .iter()
                    .filter(|&&mv| plain(&mv) && !game.is_capture(mv)),
            );
        }
        self.spare.push(moves);
        out
    }

    /// Gives back a move list for reuse.
    fn recycle(&mut self, moves: Vec<G::Move>) {
        self.spare.push(moves);
    }

    /// How good `mv` looks for the side playing it: a win first, other ends last, otherwise
    /// the evaluation of the position after it.
    fn score_move(&self, game: &mut G, mv: G::Move) -> i64 {
        let mover = game.side_to_move();
        game.play_unchecked(mv);
        let score = match game.outcome() {
            Some(o) if won_by(Some(o), mover) => i64::MAX / 2,
            Some(_) => i64::MIN / 2,
            None => -i64::from(self.evaluator.evaluate(game)),
        };
        game.undo();
        score
    }
}
