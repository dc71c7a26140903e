//! Puzzles: every shipped puzzle re-proven by the exact prover (forced win in N, none in fewer,
//! one winning first move, the solution the fastest win against the longest defence, replaying
//! to the win); the prover on small positions of its own, the Epaminondas pruning bound against
//! the prover without it, tampered puzzles refused, and the `puzzles` command line.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use gamut_engine::any_game::{AnyPosition, GameConfig, GameKind};
use gamut_engine::eval::Evaluators;
use gamut_engine::puzzle::{
    self, Goal, ProofFailure, Prover, Puzzle, Theme, epaminondas_moves_needed, theme, verify,
};
use gamut_engine::record::Record;
use gamut_engine::{Game, epaminondas, loa};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn puzzles_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/puzzles")
}

/// The puzzle files of a game's folder, sorted.
fn puzzle_files(game: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(puzzles_dir().join(game))
        .expect("the puzzle folder exists")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// The first generated puzzle of a game's folder that is a win in `n`.
fn first_of_length(game: &str, n: u32) -> PathBuf {
    puzzle_files(game)
        .into_iter()
        .find(|p| {
            p.file_name()
                .is_some_and(|f| f.to_string_lossy().starts_with(&format!("w{n}-")))
        })
        .unwrap_or_else(|| panic!("a win in {n} in {game}"))
}

fn read(path: &Path) -> Puzzle {
    let text = std::fs::read_to_string(path).expect("a puzzle file");
    Puzzle::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Re-proves every puzzle of a game's folder; returns how many of each length there are.
fn prove_all(game: &str, kind: GameKind) -> [usize; 4] {
    prove_folder(
        game,
        GameConfig {
            kind,
            ..GameConfig::default()
        },
    )
}

/// The rules of a variant's folder: Lines of Action's `variant`, default rules otherwise.
fn variant(variant: loa::Variant) -> GameConfig {
    let mut config = GameConfig::default();
    config.loa.variant = variant;
    config
}

/// Re-proves every puzzle of a folder, each played with `config`; returns how many of each
/// length there are.
fn prove_folder(game: &str, config: GameConfig) -> [usize; 4] {
    let started = Instant::now();
    let mut counts = [0; 4];
    for path in puzzle_files(game) {
        let puzzle = read(&path);
        assert_eq!(puzzle.record.config, config, "{}", path.display());
        let verified = verify(&puzzle, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let Goal::Win(n) = puzzle.goal else {
            continue;
        };
        counts[n as usize - 1] += 1;
        // The record replays to a win of the side to move at the start.
        let end = puzzle.record.replay().expect("the solution replays");
        let winner = end.outcome().and_then(|o| o.winner());
        assert_eq!(winner, Some(puzzle.side()), "{}", path.display());
        assert_eq!(verified.key_moves, vec![puzzle.solution()[0].to_string()]);
        // The file is what the puzzle writes.
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(Puzzle::parse(&puzzle.to_text()).unwrap(), puzzle);
        assert!(text.contains(&format!("[Puzzle \"win in {n}\"]")));
    }
    eprintln!(
        "{game}: {counts:?} puzzles (wins in 1-4) re-proven in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    counts
}

#[test]
fn every_lines_of_action_puzzle_is_proven() {
    let counts = prove_all("loa", GameKind::LinesOfAction);
    assert!(counts.iter().sum::<usize>() >= 30, "{counts:?}");
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}

#[test]
fn every_epaminondas_puzzle_is_proven() {
    let counts = prove_all("epaminondas", GameKind::Epaminondas);
    assert!(counts.iter().sum::<usize>() >= 30, "{counts:?}");
    assert!(counts[..3].iter().all(|&c| c > 0), "{counts:?}");
}

/// The puzzles of the variants: Lines of Action on 7×7 and 6×6, Scrambled Eggs, Parachute,
/// Boundless and Epaminondas on the small board, a few of each, proven like the others.
#[test]
fn every_variant_puzzle_is_proven() {
    let mut small = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    small.epaminondas.board = epaminondas::BoardSize::Small;
    let loa_on = |board: loa::BoardSize| {
        let mut config = GameConfig::default();
        config.loa.board = board;
        config
    };
    for (folder, config) in [
        ("loa-7x7", loa_on(loa::BoardSize::Seven)),
        ("loa-6x6", loa_on(loa::BoardSize::Six)),
        ("scrambled-eggs", variant(loa::Variant::ScrambledEggs)),
        ("parachute", variant(loa::Variant::Parachute)),
        ("boundless", variant(loa::Variant::Boundless)),
        ("epaminondas-small", small),
    ] {
        let counts = prove_folder(folder, config);
        assert!(counts.iter().sum::<usize>() >= 3, "{folder}: {counts:?}");
        assert!(counts[..3].iter().all(|&c| c > 0), "{folder}: {counts:?}");
    }
}

/// Every folder's index lists each of its puzzles but the article's, with the theme the engine
/// finds for it (the list shows it); the themes found are those their names say.
#[test]
fn every_puzzle_has_the_theme_the_engine_finds() {
    let mut seen = std::collections::BTreeSet::new();
    let mut folders = Vec::new();
    for entry in std::fs::read_dir(puzzles_dir()).unwrap() {
        let dir = entry.unwrap().path();
        let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
        folders.push(folder.clone());
        let index = std::fs::read_to_string(dir.join("index.tsv")).expect("an index");
        let mut lines = index.lines();
        let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
        let column = header
            .iter()
            .position(|&c| c == "theme")
            .expect("a theme column");
        let mut listed = Vec::new();
        for line in lines {
            let cells: Vec<&str> = line.split('\t').collect();
            let path = dir.join(cells[0]);
            let puzzle = read(&path);
            let stored: Theme = cells[column].parse().unwrap();
            assert_eq!(stored, theme(&puzzle), "{}", path.display());
            let first = puzzle.solution()[0];
            let captures = puzzle.start().is_capture(first);
            match stored {
                Theme::Capture => assert!(captures, "{}", path.display()),
                Theme::Connect | Theme::Quiet | Theme::Breakthrough => {
                    assert!(!captures, "{}", path.display())
                }
                Theme::Block | Theme::Defend => {}
            }
            seen.insert(stored);
            listed.push(path);
        }
        for path in puzzle_files(&folder) {
            let article = path.file_name().is_some_and(|f| f == "article-defence.txt");
            assert!(
                article || listed.contains(&path),
                "{} not in the index",
                path.display()
            );
        }
    }
    // The folders are those the tests above prove.
    folders.sort();
    assert_eq!(
        folders,
        [
            "boundless",
            "epaminondas",
            "epaminondas-small",
            "loa",
            "loa-6x6",
            "loa-7x7",
            "parachute",
            "scrambled-eggs"
        ]
    );
    assert_eq!(
        theme(&read(&puzzles_dir().join("loa/article-defence.txt"))),
        Theme::Defend
    );
    // Every theme of a win is taught somewhere.
    for t in [
        Theme::Connect,
        Theme::Capture,
        Theme::Quiet,
        Theme::Breakthrough,
        Theme::Block,
    ] {
        assert!(seen.contains(&t), "no puzzle of theme {}", t.name());
    }
}

#[test]
fn the_article_defence_puzzle_is_proven() {
    let path = puzzles_dir().join("loa/article-defence.txt");
    let puzzle = read(&path);
    assert_eq!(puzzle.goal, Goal::Defend(2));
    let verified = verify(&puzzle, None).unwrap_or_else(|e| panic!("{e}"));
    // White, were it to move, would win at once (a2-c2).
    assert_eq!(verified.threat, Some(1));
    // The three tries of the article lose.
    for tried in ["b4d2", "b3c2", "b4b2"] {
        assert!(verified.losing_moves.iter().any(|m| m == tried), "{tried}");
    }
}

/// A Lines of Action position from text under the default rules.
fn loa(text: &str) -> AnyPosition {
    GameConfig::default().position_from_text(text).unwrap()
}

#[test]
fn prover_finds_a_connection_and_the_lack_of_one() {
    // Black's two pieces c3 and d1 join in one move (d1-d2, say); White's two are far apart.
    let p = loa("w6w/8/8/8/8/2b5/8/3b4 b");
    assert_eq!(puzzle::shortest_win(&p, 4, None), Ok(Some(1)));
    let wins: Vec<String> = puzzle::winning_moves(&p, 1, None)
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(!wins.is_empty());
    for mv in &wins {
        let mut q = p.clone();
        q.play(q.parse_move(mv).unwrap()).unwrap();
        assert_eq!(q.outcome().and_then(|o| o.winner()), Some(p.side_to_move()));
    }
    // White to move cannot join a8 and h8 in one move, nor in two against Black's win.
    let q = loa("w6w/8/8/8/8/2b5/8/3b4 w");
    assert_eq!(puzzle::shortest_win(&q, 2, None), Ok(None));
}

#[test]
fn solution_and_best_defence_follow_a_shipped_puzzle() {
    let puzzle = read(&first_of_length("loa", 2));
    let start = puzzle.start();
    let line = puzzle::solution(&start, 2, None)
        .unwrap()
        .expect("a win in 2");
    assert_eq!(line, puzzle.solution());
    let mut after = start.clone();
    after.play(line[0]).unwrap();
    let (defence, needed) = puzzle::best_defence(&after, 1, None)
        .unwrap()
        .expect("a defence");
    assert_eq!(defence, line[1]);
    assert_eq!(needed, Some(1));
    // Any other first move does not win in 2.
    for mv in start.legal_moves().into_iter().filter(|&m| m != line[0]) {
        let mut q = start.clone();
        q.play(mv).unwrap();
        if q.outcome().is_some() {
            continue;
        }
        assert!(matches!(
            puzzle::best_defence(&q, 1, None),
            Ok(Some((_, None)))
        ));
    }
}

#[test]
fn tampered_puzzles_are_refused() {
    let puzzle = read(&first_of_length("loa", 2));
    let claim = |goal: Goal| Puzzle {
        goal,
        ..puzzle.clone()
    };
    assert_eq!(
        verify(&claim(Goal::Win(1)), None),
        Err(ProofFailure::NoWin { n: 1 })
    );
    assert_eq!(
        verify(&claim(Goal::Win(3)), None),
        Err(ProofFailure::FasterWin {
            found: 2,
            claimed: 3
        })
    );
    // Another first move does not keep the win.
    let start = puzzle.start();
    let other = start
        .legal_moves()
        .into_iter()
        .find(|&m| m != puzzle.solution()[0])
        .unwrap();
    let mut record = Record::from_game(puzzle.record.config, &{
        let mut p = start.clone();
        p.play(other).unwrap();
        p
    });
    record.other_tags = puzzle.record.other_tags.clone();
    let wrong = Puzzle::from_record(record).unwrap();
    assert!(matches!(
        verify(&wrong, None),
        Err(ProofFailure::BadLine { ply: 1, .. })
    ));
    // A record without the tag is not a puzzle.
    let mut plain = puzzle.record.clone();
    plain.other_tags.clear();
    assert!(Puzzle::from_record(plain).is_err());
    assert!(Puzzle::parse(&puzzle.to_text().replace("win in 2", "win in two")).is_err());
}

/// Random Epaminondas positions on the small board: the pruning bound never claims more moves
/// than the prover without it needs.
#[test]
fn epaminondas_bound_is_sound() {
    let evaluator = Evaluators::default().epaminondas;
    let rules = epaminondas::Rules {
        board: epaminondas::BoardSize::Small,
        ..epaminondas::Rules::default()
    };
    let mut rng = StdRng::seed_from_u64(7);
    let mut checked = 0;
    let mut winning = 0;
    while checked < 60 {
        let mut p = epaminondas::Position::new(rules);
        let plies = rng.random_range(6..40);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if p.outcome().is_some() {
            continue;
        }
        let fresh = epaminondas::Position::from_text(&p.to_text(), rules).unwrap();
        let mut plain = Prover::new(&evaluator);
        plain.set_budget(Some(200_000));
        let Ok(actual) = plain.shortest_win(&fresh, 2) else {
            continue;
        };
        checked += 1;
        let bound = epaminondas_moves_needed(&fresh).expect("a bound");
        if let Some(n) = actual {
            winning += 1;
            assert!(
                bound <= n,
                "bound {bound} > win in {n}: {}",
                fresh.to_text()
            );
        }
        let mut pruned = Prover::new(&evaluator);
        pruned.set_lower_bound(Some(epaminondas_moves_needed));
        assert_eq!(
            pruned.shortest_win(&fresh, 2),
            Ok(actual),
            "{}",
            fresh.to_text()
        );
    }
    assert!(winning > 0, "no position with a win in 2 was checked");
}

fn engine(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gamut-engine"))
        .args(args)
        .output()
        .expect("run gamut-engine")
}

#[test]
fn puzzles_prove_command_checks_files() {
    let dir = std::env::temp_dir().join(format!("gamut-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = first_of_length("loa", 1);
    let o = engine(&["puzzles", "prove", good.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("1 proven, 0 failed"), "{out}");
    // The same puzzle claiming one move more fails, with exit code 1.
    let text = std::fs::read_to_string(&good).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, text.replace("win in 1", "win in 2")).unwrap();
    let o = engine(&["puzzles", "prove", dir.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("FAIL") && out.contains("fewer than the 2 claimed"),
        "{out}"
    );
    // `record` replays a puzzle to its win.
    let o = engine(&["record", good.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert!(out.contains("connection"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
