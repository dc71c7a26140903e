//! The search of whichever game is played: [`AnySearcher`] keeps one game's [`Searcher`] between
//! moves, and [`AnySearcher::search`], [`AnySearcher::search_lines`] (the best few moves, each
//! with its line) and [`AnySearcher::choose_move`] run it on an [`AnyPosition`] with its game's
//! evaluation. The protocol, the benchmark, the command line and the game's interface call these
//! instead of choosing a searcher and an evaluation per game: that choice is made once, in
//! [`AnyPosition::with_game`].
//!
//! Every search takes the stop flag of its job: raising it ends the search (from any thread),
//! and a search whose flag is already raised ends at once. The flag is only ever read here, so a
//! new job needs a new (or lowered) flag.

use std::any::Any;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::Rng;

use crate::Game;
use crate::any_game::{AnyMove, AnyPosition, ConcreteGame, WithGame};
use crate::eval::Evaluators;
use crate::level::{self, Level, LevelSettings};
use crate::search::{Evaluator, Limits, MultiInfo, SearchInfo, Searcher};

/// Transposition table of the one-shot [`choose_move`], in MiB.
pub const ONE_SHOT_HASH_MB: usize = 16;

/// The computer's move, and the search it came from.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move to play; at levels below the top it may differ from the best one on purpose.
    pub mv: AnyMove,
    /// The search: depth, score, nodes, time and principal variation as searched (depth 0 when
    /// it was stopped before it began).
    pub info: SearchInfo<AnyMove>,
}

/// A [`Searcher`] of some game, the game erased: what an [`AnySearcher`] holds.
trait GameSearcher: Send + Sync {
    /// Forgets everything learnt (see [`Searcher::clear`]).
    fn clear(&mut self);

    /// The searcher, to be downcast to its game's.
    fn as_any(&self) -> &dyn Any;

    /// The searcher, to be downcast to its game's.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<G: Game> GameSearcher for Searcher<G> {
    fn clear(&mut self) {
        Searcher::clear(self);
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The searcher of the game being played: its transposition table and move ordering, kept
/// between moves. It holds the [`Searcher`] of one game; searching a position of another game
/// first replaces it with a fresh one with a table of the same size (see [`AnySearcher::fits`]).
pub struct AnySearcher {
    searcher: Box<dyn GameSearcher>,
    hash_mb: usize,
}

impl AnySearcher {
    /// A searcher for the game of `position` with a transposition table of about `hash_mb` MiB.
    pub fn new(position: &AnyPosition, hash_mb: usize) -> AnySearcher {
        position.with_game(&Evaluators::default(), NewSearcher { hash_mb })
    }

    /// Whether it searches the game of `position`, so that a search keeps what it learnt.
    pub fn fits(&self, position: &AnyPosition) -> bool {
        position.with_game(&Evaluators::default(), Fits(self))
    }

    /// Forgets everything learnt (a new game): the search is then deterministic for a depth.
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// The size of its transposition table, in MiB, as asked for.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Searches `position` at full strength within `limits` with its game's evaluation from
    /// `evaluators`, calling `on_iteration` after every completed depth, and returns the last
    /// result. Raising `stop` ends it early; a stop raised before the call ends it at once,
    /// with the first move it would have tried as best move, at depth 0 (see
    /// [`Searcher::search`]). The best move is `None` only when the game is over.
    pub fn search(
        &mut self,
        position: &AnyPosition,
        evaluators: &Evaluators,
        limits: Limits,
        stop: &AtomicBool,
        on_iteration: impl FnMut(&SearchInfo<AnyMove>),
    ) -> SearchInfo<AnyMove> {
        let search = Search {
            searcher: self,
            limits,
            stop,
            on_iteration,
        };
        position.with_game(evaluators, search)
    }

    /// Searches the `lines` best moves of `position` (MultiPV) at full strength within `limits`
    /// with its game's evaluation from `evaluators`, calling `on_iteration` after every completed
    /// depth, and returns the last result, lines best first (see [`Searcher::search_lines`]).
    /// One line chooses the move [`AnySearcher::search`] does. Raising `stop` ends it early.
    pub fn search_lines(
        &mut self,
        position: &AnyPosition,
        evaluators: &Evaluators,
        limits: Limits,
        lines: usize,
        stop: &AtomicBool,
        on_iteration: impl FnMut(&MultiInfo<AnyMove>),
    ) -> MultiInfo<AnyMove> {
        let search = SearchLines {
            searcher: self,
            limits,
            lines,
            stop,
            on_iteration,
        };
        position.with_game(evaluators, search)
    }

    /// The computer's move at `level` with up to `think_time` (see [`level::choose_move`]),
    /// with its game's evaluation from `evaluators` and the weak levels' random choices from
    /// `rng`. `None` only when the game is over. Raising `stop` ends the search early; a stop
    /// raised before the call still gives a legal move, chosen without search (depth 0).
    pub fn choose_move(
        &mut self,
        position: &AnyPosition,
        evaluators: &Evaluators,
        level: Level,
        think_time: Duration,
        stop: &AtomicBool,
        rng: &mut impl Rng,
    ) -> Option<Choice> {
        let settings = level.settings(position.kind());
        self.choose_move_as(position, evaluators, settings, think_time, stop, rng)
    }

    /// [`AnySearcher::choose_move`] playing as `settings` say instead of a level of the ladder
    /// (the protocol's `LevelSettings` option, used to try candidate levels in matches).
    pub fn choose_move_as(
        &mut self,
        position: &AnyPosition,
        evaluators: &Evaluators,
        settings: LevelSettings,
        think_time: Duration,
        stop: &AtomicBool,
        rng: &mut impl Rng,
    ) -> Option<Choice> {
        let choose = ChooseMove {
            searcher: self,
            settings,
            think_time,
            stop,
            rng,
        };
        position.with_game(evaluators, choose)
    }

    /// The searcher of game `G`: the one held, or a fresh one if it was another game's.
    fn for_game<G: Game>(&mut self) -> &mut Searcher<G> {
        if !self.searcher.as_any().is::<Searcher<G>>() {
            self.searcher = Box::new(Searcher::<G>::new(self.hash_mb));
        }
        self.searcher
            .as_any_mut()
            .downcast_mut()
            .expect("the searcher is of game G")
    }
}

/// The computer's move at `level` for a caller that keeps no searcher: a fresh searcher with a
/// table of [`ONE_SHOT_HASH_MB`] MiB, every game's default evaluation, and the thread's random
/// generator. See [`AnySearcher::choose_move`].
pub fn choose_move(
    position: &AnyPosition,
    level: Level,
    think_time: Duration,
    stop: &AtomicBool,
) -> Option<Choice> {
    AnySearcher::new(position, ONE_SHOT_HASH_MB).choose_move(
        position,
        &Evaluators::default(),
        level,
        think_time,
        stop,
        &mut rand::rng(),
    )
}

/// [`AnySearcher::new`] for the game at hand.
struct NewSearcher {
    hash_mb: usize,
}

impl WithGame for NewSearcher {
    type Output = AnySearcher;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, _: &G, _: &E) -> AnySearcher {
        AnySearcher {
            searcher: Box::new(Searcher::<G>::new(self.hash_mb)),
            hash_mb: self.hash_mb,
        }
    }
}

/// [`AnySearcher::fits`] for the game at hand.
struct Fits<'a>(&'a AnySearcher);

impl WithGame for Fits<'_> {
    type Output = bool;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, _: &G, _: &E) -> bool {
        self.0.searcher.as_any().is::<Searcher<G>>()
    }
}

/// [`AnySearcher::search`] for the game at hand.
struct Search<'a, F> {
    searcher: &'a mut AnySearcher,
    limits: Limits,
    stop: &'a AtomicBool,
    on_iteration: F,
}

impl<F: FnMut(&SearchInfo<AnyMove>)> WithGame for Search<'_, F> {
    type Output = SearchInfo<AnyMove>;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output {
        let Search {
            searcher,
            limits,
            stop,
            mut on_iteration,
        } = self;
        let report = |info: &SearchInfo<G::Move>| on_iteration(&info.clone().map_moves(Into::into));
        searcher
            .for_game::<G>()
            .search(game, evaluator, limits, stop, report)
            .map_moves(Into::into)
    }
}

/// [`AnySearcher::search_lines`] for the game at hand.
struct SearchLines<'a, F> {
    searcher: &'a mut AnySearcher,
    limits: Limits,
    lines: usize,
    stop: &'a AtomicBool,
    on_iteration: F,
}

impl<F: FnMut(&MultiInfo<AnyMove>)> WithGame for SearchLines<'_, F> {
    type Output = MultiInfo<AnyMove>;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output {
        let SearchLines {
            searcher,
            limits,
            lines,
            stop,
            mut on_iteration,
        } = self;
        let report = |info: &MultiInfo<G::Move>| on_iteration(&info.clone().map_moves(Into::into));
        searcher
            .for_game::<G>()
            .search_lines(game, evaluator, limits, lines, stop, report)
            .map_moves(Into::into)
    }
}

/// [`AnySearcher::choose_move`] for the game at hand.
struct ChooseMove<'a, R> {
    searcher: &'a mut AnySearcher,
    settings: LevelSettings,
    think_time: Duration,
    stop: &'a AtomicBool,
    rng: &'a mut R,
}

impl<R: Rng> WithGame for ChooseMove<'_, R> {
    type Output = Option<Choice>;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output {
        let (mv, info) = level::choose_move(
            self.searcher.for_game::<G>(),
            game,
            evaluator,
            self.settings,
            self.think_time,
            self.stop,
            self.rng,
        )?;
        Some(Choice {
            mv: mv.into(),
            info: info.map_moves(Into::into),
        })
    }
}
