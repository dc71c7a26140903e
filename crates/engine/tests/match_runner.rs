//! The match runner: a tiny match of the engine against itself, forfeits of broken engines, the
//! openings, and the Elo formulas.

use std::process::Command;
use std::time::Duration;

use gamut_engine::Game;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::protocol::elo::{Tally, elo_from_score};
use gamut_engine::protocol::match_runner::{
    EngineSpec, GameResult, MatchSettings, MoveLimit, openings, run_match,
};

const ENGINE: &str = env!("CARGO_BIN_EXE_gamut-engine");

fn quoted(path: &str) -> String {
    format!("\"{path}\"")
}

/// Reads `W-D-L` from the summary line `Score of A vs B: W-D-L (W-D-L) in N games, …`.
fn score_line(out: &str) -> (u32, u32, u32) {
    let line = out
        .lines()
        .find(|l| l.starts_with("Score of A vs B: "))
        .unwrap_or_else(|| panic!("no summary in {out}"));
    let wdl = line["Score of A vs B: ".len()..]
        .split_whitespace()
        .next()
        .unwrap();
    let n: Vec<u32> = wdl.split('-').map(|x| x.parse().unwrap()).collect();
    (n[0], n[1], n[2])
}

#[test]
fn the_engine_plays_itself() {
    let out = Command::new(ENGINE)
        .args([
            "match",
            "--engine-a",
            &quoted(ENGINE),
            "--engine-b",
            &quoted(ENGINE),
            "--option",
            "Hash=4",
            "--option-b",
            "Level=2",
            "--games",
            "2",
            "--depth",
            "2",
            "--max-plies",
            "40",
        ])
        .output()
        .expect("run the match");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (w, d, l) = score_line(&text);
    assert_eq!(w + d + l, 2, "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{text}"
    );
    assert!(text.contains("Elo difference (A - B): "), "{text}");
    assert!(text.contains("Forfeits: none"), "{text}");
    assert!(
        text.contains("B: ") && text.contains("[Hash=4, Level=2]"),
        "{text}"
    );
}

#[test]
fn epaminondas_small_board_match_in_process() {
    let spec = |level: &str| EngineSpec {
        command: quoted(ENGINE),
        options: vec![("Hash".into(), "2".into()), ("Level".into(), level.into())],
    };
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    config.epaminondas.board = BoardSize::Small;
    let settings = MatchSettings {
        engine_a: spec("6"),
        engine_b: spec("6"),
        config,
        start_text: None,
        games: 2,
        limit: MoveLimit::MoveTime(Duration::from_millis(10)),
        opening_plies: 2,
        seed: 7,
        max_plies: 30,
        // Only a hung engine should lose on time here: a move late on a loaded machine is not
        // what this test checks (the statistics count late moves; nothing asserts on them).
        timeout_margin: Duration::from_secs(60),
    };
    let mut out = Vec::new();
    let report = run_match(&settings, &mut out).expect("match runs");
    let text = String::from_utf8_lossy(&out);
    assert_eq!(report.tally.games(), 2, "{text}");
    assert_eq!(report.games[0].a_color, !report.games[1].a_color);
    assert_eq!(report.games[0].moves[..2], report.games[1].moves[..2]);
    assert!(report.games.iter().all(|g| !g.forfeit), "{text}");
    assert!(report.stats[0].moves > 0 && report.stats[1].moves > 0);
}

#[cfg(unix)]
#[test]
fn broken_engines_forfeit() {
    // Answers the handshake, then plays a move that is never legal.
    let illegal = "sh -c 'while read l; do case $l in uci) echo uciok;; isready) echo readyok;; \
                   go*) echo bestmove a1a1;; esac; done'";
    // Answers the handshake, then exits when asked to move.
    let crashing = "sh -c 'while read l; do case $l in uci) echo uciok;; isready) echo readyok;; \
                    go*) exit 3;; esac; done'";
    for (bad, why) in [(illegal, "illegal move 'a1a1'"), (crashing, "crashed")] {
        let settings = MatchSettings {
            engine_a: EngineSpec {
                command: quoted(ENGINE),
                options: vec![("Hash".into(), "2".into())],
            },
            engine_b: EngineSpec {
                command: bad.into(),
                options: Vec::new(),
            },
            config: GameConfig::default(),
            start_text: None,
            games: 2,
            limit: MoveLimit::Depth(1),
            opening_plies: 2,
            seed: 1,
            max_plies: 100,
            timeout_margin: Duration::from_secs(2),
        };
        let mut out = Vec::new();
        let report = run_match(&settings, &mut out).expect("match runs");
        let text = String::from_utf8_lossy(&out);
        assert_eq!(
            report.tally,
            Tally {
                wins: 2,
                draws: 0,
                losses: 0
            },
            "{text}"
        );
        assert!(
            report
                .games
                .iter()
                .all(|g| g.forfeit && g.result == GameResult::Win)
        );
        assert!(text.contains(why), "{text}");
        assert_eq!(report.stats[1].forfeits, 2);
    }
}

#[test]
fn openings_are_legal_distinct_and_seeded() {
    let root = GameConfig::default().start();
    let a = openings(&root, 20, 4, 42).unwrap();
    assert_eq!(a, openings(&root, 20, 4, 42).unwrap());
    assert_ne!(a, openings(&root, 20, 4, 43).unwrap());
    let mut ends = std::collections::HashSet::new();
    for opening in &a {
        let mut position = root.clone();
        for text in opening {
            let mv = position.parse_move(text).expect("legal");
            position.play(mv).unwrap();
        }
        assert!(position.outcome().is_none());
        assert!(ends.insert(position.hash()), "repeated opening {opening:?}");
    }
    // With no plies every opening is the start.
    assert_eq!(
        openings(&root, 3, 0, 1).unwrap(),
        vec![Vec::<String>::new(); 3]
    );
}

#[test]
fn elo_formulas() {
    assert!((elo_from_score(0.75) - 190.848).abs() < 0.01);
    assert!(elo_from_score(0.5).abs() < 1e-9);
    assert!((elo_from_score(0.25) + 190.848).abs() < 0.01);
    let three_to_one = Tally {
        wins: 3,
        draws: 0,
        losses: 1,
    };
    assert!((three_to_one.elo().unwrap().difference - 190.848).abs() < 0.01);
    // 60 wins, 20 draws, 20 losses: score 0.7, per-game variance 0.16, standard error 0.04, so
    // the 95% interval of the score is 0.7 ± 0.0784.
    let t = Tally {
        wins: 60,
        draws: 20,
        losses: 20,
    };
    let e = t.elo().unwrap();
    assert!((e.difference - 147.19).abs() < 0.01, "{e:?}");
    let expected = (elo_from_score(0.7 + 0.078_398_6) - elo_from_score(0.7 - 0.078_398_6)) / 2.0;
    assert!((e.error_95 - expected).abs() < 0.01, "{e:?} vs {expected}");
    assert!((e.error_95 - 66.1).abs() < 0.2, "{e:?}");
    assert_eq!(t.to_string(), "60-20-20");
    assert_eq!(e.to_string(), format!("+147.2 +/- {:.1}", e.error_95));
    assert_eq!(
        t.reversed().elo().unwrap().to_string(),
        format!("-147.2 +/- {:.1}", e.error_95)
    );
}
