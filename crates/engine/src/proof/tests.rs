//! The proof-number search against known wins, the alpha-beta prover, and its own checker.

use super::*;
use crate::puzzle::{Goal, Puzzle};

/// Reads a puzzle shipped in assets/puzzles.
fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).expect("a shipped puzzle")
}

#[test]
fn measure_puzzles() {
    let texts = [
        include_str!("../../../../assets/puzzles/loa/w1-01.txt"),
        include_str!("../../../../assets/puzzles/loa/w2-01.txt"),
        include_str!("../../../../assets/puzzles/loa/w2-03.txt"),
        include_str!("../../../../assets/puzzles/loa/w3-01.txt"),
        include_str!("../../../../assets/puzzles/loa/w3-02.txt"),
        include_str!("../../../../assets/puzzles/loa/w4-01.txt"),
        include_str!("../../../../assets/puzzles/loa/w4-08.txt"),
        include_str!("../../../../assets/puzzles/epaminondas-small/w2-01.txt"),
        include_str!("../../../../assets/puzzles/epaminondas/w2-01.txt"),
    ];
    for text in texts {
        let p = puzzle(text);
        let Goal::Win(n) = p.goal else { panic!() };
        let mut table = ProofTable::new();
        let r = solve(&p.start(), &ProofLimits::default(), &mut table);
        let proof = r.proof.as_ref().unwrap();
        eprintln!(
            "n {n} verdict {:?} depth {} shortest {} nodes {} time {:?} entries {} proofpos {}",
            r.verdict,
            proof.depth(),
            r.shortest,
            r.nodes,
            r.time,
            r.table_entries,
            proof.nodes.len()
        );
        let checked = check_proof(&proof.to_text()).unwrap();
        eprintln!("{checked:?}");
    }
}
