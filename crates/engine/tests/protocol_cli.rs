//! The command line around the protocol: Epaminondas in `perft`, `moves` and `analyse`, the
//! `bench` and `match` subcommands, and their one-line errors.

use std::process::{Command, Output};

use gamut_engine::protocol::bench::run_bench;

fn engine(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamut-engine"))
        .args(args)
        .output()
        .expect("run gamut-engine")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn subcommands_play_epaminondas() {
    let o = engine(&["perft", "2", "--game", "epaminondas"]);
    assert!(stdout(&o).contains("perft 2: 12996"), "{}", stdout(&o));
    let o = engine(&["perft", "1", "--game", "epaminondas", "--board", "small"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("perft 1: "), "{}", stdout(&o));
    let o = engine(&["moves", "--game", "epaminondas"]);
    assert!(
        stdout(&o).contains("114 legal moves for White"),
        "{}",
        stdout(&o)
    );
    let o = engine(&[
        "analyse",
        "--game",
        "epaminondas",
        "--board",
        "small",
        "--no-anti-symmetry",
        "--depth",
        "2",
        "--hash",
        "2",
    ]);
    assert!(stdout(&o).contains("depth 2 score"), "{}", stdout(&o));
    assert!(stdout(&o).contains("best "), "{}", stdout(&o));
}

#[test]
fn errors_stay_one_line() {
    for args in [
        vec!["perft", "2", "--game", "epaminondas", "--variant", "small"],
        vec!["perft", "2", "--board", "small"],
        vec!["perft", "2", "--game", "chess"],
        vec!["perft", "40"],
        vec!["moves", "--game", "epaminondas", "--board", "huge"],
        vec!["moves", "--game", "epaminondas", "--position", "8/8 w"],
        vec!["match", "--games", "2"],
        vec!["match", "--movetime", "10", "--depth", "2"],
        vec!["match", "--depth", "1", "--option-a", "Level"],
        vec!["match", "--depth", "1", "--engine-a", "/nonexistent/engine"],
        vec!["match", "--depth", "1", "--option-b", "Level=15"],
    ] {
        let o = engine(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
}

#[test]
fn bench_prints_totals_and_is_deterministic() {
    let o = engine(&["bench", "--depth", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("Nodes searched  : "), "{out}");
    assert!(out.contains("Nodes/second    : "), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains(" depth  2 ")).count(), 10);
    let first = run_bench(Some(3), &mut Vec::new()).expect("bench runs");
    let second = run_bench(Some(3), &mut Vec::new()).expect("bench runs");
    assert_eq!(first.total_nodes, second.total_nodes);
    assert!(first.lines.iter().all(|l| l.best != "(none)"), "{first:?}");
}
