//! The search of whichever game is played: each game gets its own searcher and evaluation (the
//! same result as searching the concrete position directly), the weights given reach the
//! search, a searcher follows the game it is given, and a stop raised before the search began
//! still gives a legal move at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use gamut_engine::any_game::{AnyPosition, GameConfig, GameKind};
use gamut_engine::any_search::{AnySearcher, choose_move};
use gamut_engine::eval::{
    BoundlessEvaluator, EpaminondasEvaluator, Evaluators, LoaEvaluator, LoaWeights,
};
use gamut_engine::level::Level;
use gamut_engine::search::{Evaluator, Limits, SearchInfo, Searcher};
use gamut_engine::{Game, epaminondas, loa};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A stop flag nobody raises.
fn never() -> AtomicBool {
    AtomicBool::new(false)
}

fn loa_start() -> AnyPosition {
    GameConfig::default().start()
}

fn small_epaminondas_start() -> AnyPosition {
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    config.epaminondas.board = epaminondas::BoardSize::Small;
    config.start()
}

fn boundless_start() -> AnyPosition {
    let mut config = GameConfig::default();
    config.loa.variant = loa::Variant::Boundless;
    config.start()
}

/// The search of the concrete position with its game's default evaluation, moves as text.
fn direct<G: Game, E: Evaluator<G>>(game: &G, evaluator: &E, depth: u32) -> (Vec<String>, u64) {
    let info =
        Searcher::<G>::new(4).search(game, evaluator, Limits::depth(depth), &never(), |_| {});
    (info.pv.iter().map(|m| m.to_string()).collect(), info.nodes)
}

fn text(info: &SearchInfo<impl std::fmt::Display>) -> (Vec<String>, u64) {
    (info.pv.iter().map(|m| m.to_string()).collect(), info.nodes)
}

#[test]
fn each_game_is_searched_as_its_own() {
    for position in [loa_start(), small_epaminondas_start(), boundless_start()] {
        let mut searcher = AnySearcher::new(&position, 4);
        assert!(searcher.fits(&position));
        let mut depths = Vec::new();
        let info = searcher.search(
            &position,
            &Evaluators::default(),
            Limits::depth(3),
            &never(),
            |i| depths.push(i.depth),
        );
        assert_eq!(depths, [1, 2, 3]);
        assert!(position.is_legal(*info.best_move().unwrap()));
        let expected = match &position {
            AnyPosition::LinesOfAction(p) => direct(p, &LoaEvaluator::default(), 3),
            AnyPosition::Epaminondas(p) => direct(p, &EpaminondasEvaluator::default(), 3),
            AnyPosition::Boundless(p) => direct(p, &BoundlessEvaluator::default(), 3),
        };
        assert_eq!(text(&info), expected, "{}", position.to_text());
    }
}

#[test]
fn the_weights_given_reach_the_search() {
    let position = loa_start();
    let mut searcher = AnySearcher::new(&position, 4);
    let score = |searcher: &mut AnySearcher, evaluators: &Evaluators| {
        searcher.clear();
        searcher
            .search(&position, evaluators, Limits::depth(2), &never(), |_| {})
            .score
    };
    let default = score(&mut searcher, &Evaluators::default());
    let tempo = Evaluators {
        loa: LoaEvaluator {
            weights: LoaWeights {
                side_to_move: 500,
                ..LoaWeights::default()
            },
        },
        ..Evaluators::default()
    };
    assert_ne!(score(&mut searcher, &tempo), default);
}

#[test]
fn a_searcher_follows_the_game_it_is_given() {
    let loa = loa_start();
    let epaminondas = small_epaminondas_start();
    let mut searcher = AnySearcher::new(&loa, 4);
    assert!(!searcher.fits(&epaminondas));
    let info = searcher.search(
        &epaminondas,
        &Evaluators::default(),
        Limits::depth(2),
        &never(),
        |_| {},
    );
    assert!(epaminondas.is_legal(*info.best_move().unwrap()));
    assert!(searcher.fits(&epaminondas) && !searcher.fits(&loa));
    assert_eq!(searcher.hash_mb(), 4);
}

#[test]
fn a_stop_raised_before_the_search_still_gives_a_legal_move_at_once() {
    let stopped = AtomicBool::new(true);
    for position in [loa_start(), small_epaminondas_start(), boundless_start()] {
        for level in [Level::MAX, Level::MIN] {
            let choice = choose_move(&position, level, Duration::from_secs(10), &stopped)
                .expect("the game goes on");
            assert!(position.is_legal(choice.mv), "level {level}");
            // At once: not a single node searched (the flag is still raised, so no reset).
            assert_eq!(
                (choice.info.depth, choice.info.nodes),
                (0, 0),
                "level {level}"
            );
            assert!(stopped.load(Ordering::Relaxed), "level {level}");
        }
        let info = AnySearcher::new(&position, 4).search(
            &position,
            &Evaluators::default(),
            Limits::movetime(Duration::from_secs(10)),
            &stopped,
            |_| panic!("no iteration runs once stopped"),
        );
        assert!(position.is_legal(*info.best_move().unwrap()));
        assert_eq!((info.depth, info.nodes), (0, 0));
    }
}

#[test]
fn every_level_chooses_a_legal_move_and_a_finished_game_none() {
    let mut rng = StdRng::seed_from_u64(5);
    for position in [loa_start(), small_epaminondas_start()] {
        let mut searcher = AnySearcher::new(&position, 4);
        for level in Level::all() {
            let choice = searcher
                .choose_move(
                    &position,
                    &Evaluators::default(),
                    level,
                    Duration::from_millis(20),
                    &never(),
                    &mut rng,
                )
                .expect("the game goes on");
            assert!(position.is_legal(choice.mv), "level {level}");
        }
    }
    let mut over = loa::Position::from_text("w7/8/8/3bb1b1/4b3/8/8/w6w b", loa::Rules::default())
        .expect("a position");
    over.play(over.parse_move("g5f4").unwrap()).unwrap();
    let over = AnyPosition::LinesOfAction(over);
    assert!(over.outcome().is_some());
    assert!(choose_move(&over, Level::MAX, Duration::from_millis(20), &never()).is_none());
}
