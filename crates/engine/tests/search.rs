//! The search: forced wins found with exact "win in N" scores in both games (checked by plain
//! minimax), legal answers from random positions, limits, the stop flag and determinism.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use gamut_engine::any_game::GameKind;
use gamut_engine::epaminondas;
use gamut_engine::eval::{EpaminondasEvaluator, LoaEvaluator};
use gamut_engine::level::{Level, choose_move};
use gamut_engine::loa;
use gamut_engine::search::{Evaluator, Limits, MAX_PLY, Score, SearchInfo, Searcher};
use gamut_engine::{Color, Game};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A stop flag nobody raises.
fn never() -> AtomicBool {
    AtomicBool::new(false)
}

fn search<G: Game, E: Evaluator<G>>(
    game: &G,
    evaluator: &E,
    limits: Limits,
) -> SearchInfo<G::Move> {
    Searcher::<G>::new(16).search(game, evaluator, limits, &never(), |_| {})
}

/// Plain minimax without pruning: whether `winner` can force a win within `plies` plies.
fn can_force_win<G: Game>(game: &mut G, plies: u32, winner: Color) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner() == Some(winner);
    }
    if plies == 0 {
        return false;
    }
    let attacker = game.side_to_move() == winner;
    for mv in game.legal_moves() {
        game.play_unchecked(mv);
        let wins = can_force_win(game, plies - 1, winner);
        game.undo();
        if attacker && wins {
            return true;
        }
        if !attacker && !wins {
            return false;
        }
    }
    !attacker
}

/// The engine must report a win in exactly `plies` plies, its move must force it, and no
/// faster win may exist — all checked by plain minimax.
fn assert_forced_win<G: Game, E: Evaluator<G>>(game: &G, evaluator: &E, plies: u32) {
    let me = game.side_to_move();
    let info = search(game, evaluator, Limits::depth(plies + 2));
    assert_eq!(
        info.score,
        Score::WinIn(plies),
        "{} pv {:?}",
        game.to_text(),
        info.pv
    );
    assert!(can_force_win(&mut game.clone(), plies, me));
    assert!(
        !can_force_win(&mut game.clone(), plies - 1, me),
        "a faster win exists"
    );
    let mut after = game.clone();
    after.play(*info.best_move().unwrap()).unwrap();
    assert!(
        can_force_win(&mut after, plies - 1, me),
        "the move does not force the win"
    );
}

fn loa(text: &str) -> loa::Position {
    loa::Position::from_text(text, loa::Rules::default()).unwrap()
}

fn small_epaminondas(text: &str) -> epaminondas::Position {
    let rules = epaminondas::Rules {
        board: epaminondas::BoardSize::Small,
        ..epaminondas::Rules::default()
    };
    epaminondas::Position::from_text(text, rules).unwrap()
}

fn small_rules() -> epaminondas::Rules {
    epaminondas::Rules {
        board: epaminondas::BoardSize::Small,
        ..epaminondas::Rules::default()
    }
}

#[test]
fn lines_of_action_wins_in_one_two_and_three_moves() {
    let e = LoaEvaluator::default();
    // seed 001, figure 3: g5-f4 connects at once.
    assert_forced_win(&loa("w7/8/8/3bb1b1/4b3/8/8/w6w b"), &e, 1);
    // Two stragglers to bring in: two moves of Black's.
    assert_forced_win(&loa("w7/8/1b6/3bb3/4b3/8/6b1/w6w b"), &e, 3);
    // A straggler two moves away and one more.
    assert_forced_win(&loa("w7/8/b7/3bb3/4b3/8/8/w5bw b"), &e, 5);
}

#[test]
fn epaminondas_wins_in_one_two_and_three_moves() {
    let e = EpaminondasEvaluator::default();
    // A stone one, two and three steps from the far row that Black cannot stop: the win counts
    // at the start of White's turn after Black's reply.
    assert_forced_win(&small_epaminondas("bb6/6w1/8/8/8/8/8/wwww4 w"), &e, 2);
    assert_forced_win(&small_epaminondas("bb6/8/6w1/8/8/8/8/wwww4 w"), &e, 4);
    assert_forced_win(&small_epaminondas("b7/8/8/6w1/8/8/8/wwww4 w"), &e, 6);
}

#[test]
fn the_losing_side_sees_its_loss() {
    // After Black's g5-f4 threat is on, White to move cannot stop it: a loss in 2 plies.
    let p = loa("w7/8/8/3bb1b1/4b3/8/8/w6w w");
    let info = search(&p, &LoaEvaluator::default(), Limits::depth(4));
    assert!(matches!(info.score, Score::LossIn(2)), "{:?}", info.score);
    assert!(p.is_legal(*info.best_move().unwrap()));
}

#[test]
fn a_fixed_depth_search_is_deterministic() {
    let p = loa::Position::new(loa::Rules::default());
    let e = LoaEvaluator::default();
    let a = search(&p, &e, Limits::depth(6));
    let b = search(&p, &e, Limits::depth(6));
    assert_eq!((a.pv.clone(), a.nodes, a.score), (b.pv, b.nodes, b.score));
    assert_eq!(a.depth, 6);
    // A searcher cleared between searches repeats itself too.
    let mut searcher = Searcher::<loa::Position>::new(8);
    let first = searcher.search(&p, &e, Limits::depth(5), &never(), |_| {});
    searcher.clear();
    let second = searcher.search(&p, &e, Limits::depth(5), &never(), |_| {});
    assert_eq!((first.pv, first.nodes), (second.pv, second.nodes));
}

#[test]
fn iterations_are_reported_in_order_and_the_position_is_untouched() {
    let p = loa::Position::new(loa::Rules::default());
    let before = (p.to_text(), p.hash());
    let mut depths = Vec::new();
    let info = Searcher::new(8).search(
        &p,
        &LoaEvaluator::default(),
        Limits::depth(5),
        &never(),
        |i: &SearchInfo<loa::Move>| {
            depths.push(i.depth);
            assert!(p.is_legal(i.pv[0]));
        },
    );
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_eq!(
        info.pv.len() as u32,
        5,
        "a full principal variation: {:?}",
        info.pv
    );
    assert_eq!((p.to_text(), p.hash()), before);
}

/// A movetime search ends on its deadline and answers with a legal move. Nothing else could end
/// it: no stop is raised, it has no depth or node limit, and from the start position it neither
/// reaches the deepest iteration nor proves a result. (An ignored deadline would not end.)
#[test]
fn a_movetime_search_ends_on_its_deadline_with_a_legal_move() {
    let p = loa::Position::new(loa::Rules::default());
    for ms in [10u64, 100] {
        let info = search(
            &p,
            &LoaEvaluator::default(),
            Limits::movetime(Duration::from_millis(ms)),
        );
        assert!(p.is_legal(*info.best_move().unwrap()), "{ms} ms");
        assert!(
            info.depth < MAX_PLY as u32 - 8,
            "{ms} ms: ended at the deepest iteration, not on the deadline: {info:?}"
        );
        assert!(
            matches!(info.score, Score::Centipawns(_)),
            "{ms} ms: {info:?}"
        );
    }
}

/// A deadline already past when the search starts ends it at the first check of the limits, a
/// few hundred nodes in: the same small search every time, however fast the machine, and still
/// a legal move.
#[test]
fn a_deadline_already_past_ends_the_search_at_its_first_check() {
    let p = loa::Position::new(loa::Rules::default());
    let e = LoaEvaluator::default();
    // Depth 4 at most, so that a deadline ignored fails the comparison below instead of hanging.
    let limits = Limits {
        time: Some(Duration::ZERO),
        ..Limits::depth(4)
    };
    let past = search(&p, &e, limits);
    assert!(p.is_legal(*past.best_move().unwrap()));
    let again = search(&p, &e, limits);
    assert_eq!(
        (past.depth, past.nodes, &past.pv),
        (again.depth, again.nodes, &again.pv)
    );
    let deeper = search(&p, &e, Limits::depth(4));
    eprintln!(
        "past deadline: {} nodes, depth {}; depth 4: {} nodes",
        past.nodes, past.depth, deeper.nodes
    );
    assert!(
        past.nodes < deeper.nodes && past.depth < deeper.depth,
        "a past deadline searched {} nodes to depth {}; depth 4 takes {}",
        past.nodes,
        past.depth,
        deeper.nodes
    );
}

/// A stop raised from another thread while an unlimited search runs (after it reported its
/// first depth) ends it, with a legal move and the last depth it completed. An ignored stop
/// would never end.
#[test]
fn the_stop_flag_ends_an_unlimited_search_with_a_legal_move() {
    let p = loa::Position::new(loa::Rules::default());
    let mut searcher = Searcher::<loa::Position>::new(8);
    let stop = Arc::new(AtomicBool::new(false));
    let job_stop = Arc::clone(&stop);
    let game = p.clone();
    let (depths, reported) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        searcher.search(
            &game,
            &LoaEvaluator::default(),
            Limits::default(),
            &job_stop,
            |i: &SearchInfo<loa::Move>| depths.send(i.depth).unwrap(),
        )
    });
    let first = reported.recv().expect("the search reports its first depth");
    assert_eq!(first, 1);
    stop.store(true, Ordering::Relaxed);
    let info = worker.join().unwrap();
    let last = reported.iter().last().unwrap_or(first);
    assert!(p.is_legal(*info.best_move().unwrap()));
    assert_eq!(info.depth, last, "the answer is the last completed depth's");
}

/// The Lines of Action evaluation, raising `stop` at its `stop_at`-th evaluation and counting
/// the evaluations after that.
struct StopAt<'a> {
    inner: LoaEvaluator,
    stop_at: u64,
    calls: AtomicU64,
    stop: &'a AtomicBool,
}

impl Evaluator<loa::Position> for StopAt<'_> {
    fn evaluate(&self, game: &loa::Position) -> i32 {
        self.inner.evaluate(game)
    }

    fn evaluate_within_exact(&self, game: &loa::Position, alpha: i32, beta: i32) -> (i32, bool) {
        if self.calls.fetch_add(1, Ordering::Relaxed) + 1 == self.stop_at {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.inner.evaluate_within_exact(game, alpha, beta)
    }

    fn captures_into(&self, game: &loa::Position, out: &mut Vec<loa::Move>) {
        self.inner.captures_into(game, out);
    }
}

/// A stop raised in the middle of an iteration (here by the evaluation, at a fixed point of the
/// search) ends the unlimited search promptly, counted in work rather than time: the flag is
/// read every 256 nodes and a node evaluates at most twice, so only a few hundred evaluations
/// follow it. The answer is a legal move from the depths completed before.
#[test]
fn a_stop_raised_mid_iteration_ends_the_search_within_a_few_hundred_nodes() {
    let p = loa::Position::new(loa::Rules::default());
    let stop = AtomicBool::new(false);
    let evaluator = StopAt {
        inner: LoaEvaluator::default(),
        stop_at: 20_000,
        calls: AtomicU64::new(0),
        stop: &stop,
    };
    let mut depths = Vec::new();
    let info = Searcher::<loa::Position>::new(8).search(
        &p,
        &evaluator,
        Limits::default(),
        &stop,
        |i: &SearchInfo<loa::Move>| depths.push(i.depth),
    );
    let after = evaluator.calls.load(Ordering::Relaxed) - evaluator.stop_at;
    eprintln!("{after} evaluations after the stop; depths completed {depths:?}");
    assert!(
        stop.load(Ordering::Relaxed),
        "the search never lowers the flag"
    );
    assert!(
        after < 4 * 256,
        "{after} evaluations after the stop; depths {depths:?}"
    );
    assert!(
        info.depth >= 1 && depths.last() == Some(&info.depth),
        "{depths:?} {info:?}"
    );
    assert!(p.is_legal(*info.best_move().unwrap()));
}

/// A stop raised before the search starts belongs to the job: the search must not reset it, and
/// must end at once with a usable answer (a legal move) — before searching a single node.
#[test]
fn a_stop_raised_before_the_search_ends_it_at_once() {
    let p = loa::Position::new(loa::Rules::default());
    let mut searcher = Searcher::<loa::Position>::new(8);
    let stop = AtomicBool::new(true);
    let info = searcher.search(
        &p,
        &LoaEvaluator::default(),
        Limits::movetime(Duration::from_secs(10)),
        &stop,
        |_| panic!("no iteration runs once stopped"),
    );
    assert!(p.is_legal(*info.best_move().expect("a fallback move")));
    assert_eq!(info.depth, 0, "no iteration runs once stopped");
    assert_eq!(info.nodes, 0, "a search stopped before it began searched");
    assert!(
        stop.load(Ordering::Relaxed),
        "the search lowered the job's flag"
    );
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut p = loa("w7/8/8/3bb1b1/4b3/8/8/w6w b");
    p.play(p.parse_move("g5f4").unwrap()).unwrap();
    let info = search(&p, &LoaEvaluator::default(), Limits::depth(3));
    assert_eq!(info.best_move(), None);
}

#[test]
fn every_level_plays_legal_moves_and_the_weak_ones_vary() {
    let p = loa::Position::new(loa::Rules::default());
    let e = LoaEvaluator::default();
    let mut searcher = Searcher::new(8);
    let mut rng = StdRng::seed_from_u64(7);
    for level in Level::all() {
        let (mv, _) = choose_move(
            &mut searcher,
            &p,
            &e,
            level.settings(GameKind::LinesOfAction),
            Duration::from_millis(20),
            &never(),
            &mut rng,
        )
        .unwrap();
        assert!(p.is_legal(mv), "level {level}");
    }
    let distinct: std::collections::HashSet<_> = (0..20)
        .map(|_| {
            choose_move(
                &mut searcher,
                &p,
                &e,
                Level::MIN.settings(GameKind::LinesOfAction),
                Duration::from_millis(5),
                &never(),
                &mut rng,
            )
            .unwrap()
            .0
        })
        .collect();
    assert!(
        distinct.len() > 3,
        "level 1 should vary its play: {distinct:?}"
    );
}

/// A position after `plies` random legal moves from the start.
fn random_game<G: Game>(mut game: G, seed: u64, plies: usize) -> G {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_search_never_returns_an_illegal_move(seed: u64, plies in 0usize..80, depth in 1u32..4) {
        let loa_game = random_game(loa::Position::new(loa::Rules::default()), seed, plies);
        let info = search(&loa_game, &LoaEvaluator::default(), Limits::depth(depth));
        match info.best_move() {
            Some(&mv) => prop_assert!(loa_game.is_legal(mv), "{} {}", loa_game.to_text(), mv),
            None => prop_assert!(loa_game.outcome().is_some()),
        }
        let epa = random_game(epaminondas::Position::new(small_rules()), seed, plies);
        let info = search(&epa, &EpaminondasEvaluator::default(), Limits::depth(depth));
        match info.best_move() {
            Some(&mv) => prop_assert!(epa.is_legal(mv), "{} {}", epa.to_text(), mv),
            None => prop_assert!(epa.outcome().is_some()),
        }
        let big = random_game(epaminondas::Position::new(epaminondas::Rules::default()), seed, plies);
        let info = search(&big, &EpaminondasEvaluator::default(), Limits::nodes(3000));
        if let Some(&mv) = info.best_move() {
            prop_assert!(big.is_legal(mv), "{} {}", big.to_text(), mv);
        }
    }
}

/// Parachute: the computer places the held enemy piece where it hurts the enemy — away from the
/// enemy's pieces (never next to one, which would help it connect) and further from their centre
/// than an average empty square.
#[test]
fn parachute_placements_hurt_the_enemy() {
    let rules = loa::Rules {
        variant: loa::Variant::Parachute,
        ..loa::Rules::default()
    };
    let mut p = loa::Position::new(rules);
    for _ in 0..6 {
        let info = search(&p, &LoaEvaluator::default(), Limits::depth(2));
        let mv = info.pv[0];
        let drop = mv.placement().expect("a compound turn places a piece");
        p.play_unchecked(mv.without_placement());
        let enemy = p.pieces(p.side_to_move());
        p.undo();
        let touching = loa::bitboard::Squares(enemy)
            .any(|s| s.file().abs_diff(drop.file()) <= 1 && s.rank().abs_diff(drop.rank()) <= 1);
        assert!(
            !touching,
            "{mv} puts the piece next to its friends in {}",
            p.to_text()
        );
        let (n, sf, sr) = loa::bitboard::Squares(enemy).fold((0.0, 0.0, 0.0), |(n, f, r), s| {
            (n + 1.0, f + f64::from(s.file()), r + f64::from(s.rank()))
        });
        let (cf, cr) = (sf / n, sr / n);
        let dist = |s: loa::Square| (f64::from(s.file()) - cf).hypot(f64::from(s.rank()) - cr);
        let empty: Vec<loa::Square> = loa::Square::all()
            .filter(|s| p.placements_after(mv) & s.bit() != 0)
            .collect();
        let average = empty.iter().map(|&s| dist(s)).sum::<f64>() / empty.len() as f64;
        assert!(
            dist(drop) > average,
            "{mv}: {:.2} <= {average:.2}",
            dist(drop)
        );
        p.play(mv).unwrap();
        // The opponent answers with its own compound turn.
        let reply = search(&p, &LoaEvaluator::default(), Limits::depth(1)).pv[0];
        p.play(reply).unwrap();
    }
    assert!(!p.must_place());
}

/// Root noise (the weak levels' misjudgement) shifts each move's window, but never a bound that
/// is a proven win or loss: a position with a real win in 3 used to report wins in 1 that were
/// not there once any win had been found, and the level played them.
#[test]
fn root_noise_never_invents_a_win() {
    let position = loa("8/8/1b2w2w/3b2w1/4wbw1/4wbbw/7w/8 b");
    let evaluator = LoaEvaluator::default();
    let moves = position.legal_moves();
    let mut rng = StdRng::seed_from_u64(3);
    let mut wins_checked = 0;
    for trial in 0..40 {
        let amplitude = [1, 10, 50][trial % 3];
        let noise: Vec<_> = moves
            .iter()
            .map(|&m| (m, rng.random_range(-amplitude..=amplitude)))
            .collect();
        for depth in 1..=6 {
            let mut searcher = Searcher::new(16);
            searcher.set_root_noise(noise.clone());
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let info = searcher.search(&position, &evaluator, limits, &never(), |_| {});
            if let Score::WinIn(n) = info.score {
                let mut after = position.clone();
                after.play_unchecked(info.pv[0]);
                assert!(
                    can_force_win(&mut after, 2 * n - 2, Color::Black),
                    "noise ±{amplitude}, depth {depth}: {} claims a win in {n} it does not have",
                    info.pv[0]
                );
                wins_checked += 1;
            }
        }
    }
    assert!(wins_checked > 20, "the win in 3 is found: {wins_checked}");
}
