//! The `gamut-engine` command line: perft, moves, and one-line errors with exit code 2.

use std::process::{Command, Output};

fn engine(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamut-engine"))
        .args(args)
        .output()
        .expect("run gamut-engine")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_the_count_and_speed() {
    let o = engine(&["perft", "3"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("perft 3: 44952"), "{}", stdout(&o));
    assert!(stdout(&o).contains("nodes/second"));
    let o = engine(&["perft", "2", "--variant", "scrambled-eggs"]);
    assert!(stdout(&o).contains("perft 2: 992"), "{}", stdout(&o));
}

#[test]
fn perft_divide_lists_each_first_move() {
    let o = engine(&["perft", "2", "--divide"]);
    let out = stdout(&o);
    assert!(out.contains("b1d3 "), "{out}");
    let per_move: u64 = out
        .lines()
        .filter(|l| l.split_whitespace().count() == 2 && !l.starts_with("perft"))
        .map(|l| l.split_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(per_move, 1244);
}

#[test]
fn moves_lists_legal_moves_of_a_position() {
    let o = engine(&["moves", "--position", "wb6/bb6/8/8/8/8/bb6/wb6 w"]);
    assert!(o.status.success());
    assert!(
        stdout(&o).contains("1 legal moves for White"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("pass"));
    let o = engine(&["moves"]);
    assert!(stdout(&o).contains("36 legal moves for Black"));
    assert!(stdout(&o).contains("c1xa3"));
}

#[test]
fn errors_are_one_line_with_exit_code_2() {
    for args in [
        vec!["perft", "2", "--position", "1bbbbbb1/w6w b"],
        vec!["perft", "2", "--variant", "chess"],
        vec!["perft"],
        vec!["perft", "two"],
        vec!["moves", "--position", "8/8/8/8/8/8/8/8 b"],
        vec!["frobnicate"],
    ] {
        let o = engine(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
}

#[test]
fn prove_prints_the_result_line_and_figures_and_writes_a_checked_proof() {
    let dir = std::env::temp_dir().join(format!("gamut-prove-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("proof.txt");
    let o = engine(&[
        "prove",
        "--position",
        "8/8/2b5/2w1b3/3wb2b/2ww4/4bw2/w2b3b w",
        "--proof-out",
        proof.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(
        out.contains("result won: White wins by force in 3 (shortest)"),
        "{out}"
    );
    assert!(out.contains("line 1. a1xe5"), "{out}");
    assert!(out.contains("proof ") && out.contains("nodes ") && out.contains("memory "));
    assert!(out.contains("checked"), "{out}");
    let text = std::fs::read_to_string(&proof).unwrap();
    assert!(text.contains("[Prover \"White\"]") && text.contains("\nproof\n0 a1e5 "));
    // Out of budget: the table is saved, and a second run goes on from it.
    let table = dir.join("table.txt");
    let resume = [
        "prove",
        "--position",
        "8/8/2b5/2w1b3/3wb2b/2ww4/4bw2/w2b3b w",
        "--nodes",
        "50",
        "--resume",
        table.to_str().unwrap(),
    ];
    let o = engine(&resume);
    assert!(stdout(&o).contains("result unknown"), "{}", stdout(&o));
    assert!(table.exists());
    let mut solved = false;
    for _ in 0..200 {
        let o = engine(&resume);
        assert!(stdout(&o).contains("resumed: "), "{}", stdout(&o));
        if stdout(&o).contains("result won") {
            solved = true;
            break;
        }
    }
    assert!(solved, "the search goes on from its table until solved");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn prove_refuses_bad_input_in_one_line() {
    for args in [
        &["prove", "--position", "8/8 b"][..],
        &["prove", "--time", "0"],
        &["prove", "--game", "chess"],
    ] {
        let o = engine(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with("error:"), "{}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    }
}
