//! The proof-number search against known wins (the shipped puzzles), a known loss, a draw, the
//! alpha-beta prover of `puzzle::prove`, and the independent checker (which must accept its
//! proofs and refuse tampered ones).

use gamut_engine::any_game::{AnyMove, AnyPosition, GameConfig, GameKind};
use gamut_engine::proof::*;
use gamut_engine::puzzle::{self, Goal, Puzzle};
use gamut_engine::{Game, Outcome, epaminondas};

/// Shipped "win in N" puzzles of Lines of Action (standard and Scrambled Eggs).
const LOA_WINS: [&str; 8] = [
    include_str!("../../../assets/puzzles/loa/w1-01.txt"),
    include_str!("../../../assets/puzzles/loa/w2-01.txt"),
    include_str!("../../../assets/puzzles/loa/w2-03.txt"),
    include_str!("../../../assets/puzzles/loa/w3-01.txt"),
    include_str!("../../../assets/puzzles/loa/w3-02.txt"),
    include_str!("../../../assets/puzzles/loa/w4-01.txt"),
    include_str!("../../../assets/puzzles/loa/w4-08.txt"),
    include_str!("../../../assets/puzzles/scrambled-eggs/w2-01.txt"),
];

/// The French article's defence puzzle: Black to move, and nothing saves it from White's win
/// in at most 2.
const ARTICLE_DEFENCE: &str = include_str!("../../../assets/puzzles/loa/article-defence.txt");

fn puzzle(text: &str) -> Puzzle {
    Puzzle::parse(text).expect("a shipped puzzle")
}

fn solve_fresh(position: &AnyPosition, limits: &ProofLimits) -> ProofReport {
    solve(position, limits, &mut ProofTable::new())
}

/// Plays `line` from `position` through the rules; the outcome at its end.
fn replay(position: &AnyPosition, line: &[AnyMove]) -> Option<Outcome> {
    let mut game = position.clone();
    for &mv in line {
        game.play(mv).expect("a legal move of the line");
    }
    game.outcome()
}

/// Checks a won puzzle's proof: proven in N and no fewer, the principal line a win in N that
/// starts with the puzzle's key move, the saved proof accepted by the checker.
fn assert_proves_puzzle(text: &str) {
    let p = puzzle(text);
    let Goal::Win(n) = p.goal else {
        panic!("a win puzzle")
    };
    let start = p.start();
    let report = solve_fresh(&start, &ProofLimits::default());
    assert_eq!(report.verdict, Verdict::Won, "{}", start.to_text());
    assert!(report.shortest, "the shortest win is confirmed");
    let proof = report.proof.expect("a proof");
    assert_eq!(proof.depth(), n, "{}", start.to_text());
    assert_eq!(proof.prover, start.side_to_move());
    let line = proof.principal_line();
    assert_eq!(line.first(), p.solution().first(), "the one key move");
    // N moves of the prover (Epaminondas: the win comes after the defender's last reply).
    assert_eq!((line.len() as u32).div_ceil(2), n, "the longest resistance");
    let end = replay(&start, &line).expect("the line ends the game");
    assert_eq!(end.winner(), Some(start.side_to_move()));
    let checked = check_proof(&proof.to_text()).expect("the checker accepts the proof");
    assert_eq!(checked.prover, start.side_to_move());
    assert_eq!(checked.depth, n);
    assert_eq!(checked.positions, proof.nodes.len());
}

#[test]
fn the_shipped_loa_puzzles_are_proven_won_in_their_n() {
    for text in LOA_WINS {
        assert_proves_puzzle(text);
    }
}

#[test]
fn small_epaminondas_puzzles_are_proven_won_in_their_n() {
    assert_proves_puzzle(include_str!(
        "../../../assets/puzzles/epaminondas-small/w1-01.txt"
    ));
    assert_proves_puzzle(include_str!(
        "../../../assets/puzzles/epaminondas-small/w2-01.txt"
    ));
}

#[test]
fn the_article_position_is_proven_lost_for_the_side_to_move() {
    let start = puzzle(ARTICLE_DEFENCE).start();
    let report = solve_fresh(&start, &ProofLimits::default());
    assert_eq!(report.verdict, Verdict::Lost);
    let proof = report.proof.expect("the opponent's proof");
    assert_eq!(proof.prover, !start.side_to_move());
    assert_eq!(
        proof.depth(),
        2,
        "White wins in at most 2 whatever Black does"
    );
    let end = replay(&start, &proof.principal_line()).expect("the line ends the game");
    assert_eq!(end.winner(), Some(!start.side_to_move()));
    let checked = check_proof(&proof.to_text()).expect("accepted");
    assert_eq!((checked.prover, checked.depth), (proof.prover, 2));
}

/// Epaminondas, small board, anti-symmetry off: each side has one stone a step from the far
/// row; White must step onto it at once, Black follows, and from then on neither may leave.
#[test]
fn a_race_of_single_stones_is_drawn() {
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    config.epaminondas.board = epaminondas::BoardSize::Small;
    config.epaminondas.anti_symmetry = false;
    let position = config
        .position_from_text("8/w7/8/8/8/8/7b/8 w")
        .expect("a position");
    let report = solve_fresh(&position, &ProofLimits::default());
    assert_eq!(report.verdict, Verdict::Drawn);
    assert!(report.proof.is_none());
    // With the anti-symmetry rule Black cannot mirror White's stone, and White wins.
    config.epaminondas.anti_symmetry = true;
    let position = config
        .position_from_text("8/w7/8/8/8/8/7b/8 w")
        .expect("a position");
    let report = solve_fresh(&position, &ProofLimits::default());
    assert_eq!(report.verdict, Verdict::Won);
    check_proof(&report.proof.expect("a proof").to_text()).expect("accepted");
}

#[test]
fn a_move_bound_limits_the_wins_that_count() {
    let p = puzzle(LOA_WINS[3]); // a win in 3
    let limits = |n| ProofLimits {
        max_moves: Some(n),
        ..ProofLimits::default()
    };
    assert_eq!(
        solve_fresh(&p.start(), &limits(2)).verdict,
        Verdict::NoWinWithin(2)
    );
    let report = solve_fresh(&p.start(), &limits(3));
    assert_eq!(report.verdict, Verdict::Won);
    assert_eq!(report.proof.map(|p| p.depth()), Some(3));
    let start = GameConfig::default().start();
    assert_eq!(
        solve_fresh(&start, &limits(1)).verdict,
        Verdict::NoWinWithin(1)
    );
}

/// The side to move's first moves that win within `n`, by the proof-number search: the move
/// ends the game with its win, or after it the opponent is proven lost within `n - 1`.
fn winning_moves_by_pns(position: &AnyPosition, n: u32) -> Vec<AnyMove> {
    let me = position.side_to_move();
    let mut out = Vec::new();
    for mv in position.legal_moves() {
        let mut after = position.clone();
        after.play(mv).expect("legal");
        let wins = match after.outcome() {
            Some(o) => o.winner() == Some(me),
            None => {
                let limits = ProofLimits {
                    max_moves: Some(n - 1),
                    ..ProofLimits::default()
                };
                solve_fresh(&after, &limits).verdict == Verdict::Lost
            }
        };
        if wins {
            out.push(mv);
        }
    }
    out
}

#[test]
fn proving_agrees_with_the_alpha_beta_prover() {
    let budget = Some(5_000_000);
    for text in [LOA_WINS[1], LOA_WINS[2], LOA_WINS[3], ARTICLE_DEFENCE] {
        let start = puzzle(text).start();
        // The fastest win of the side to move.
        let by_pns = solve_fresh(
            &start,
            &ProofLimits {
                max_moves: Some(3),
                ..ProofLimits::default()
            },
        );
        let by_alpha_beta = puzzle::shortest_win(&start, 3, budget).expect("within budget");
        let pns_win = (by_pns.verdict == Verdict::Won).then(|| by_pns.proof.map(|p| p.depth()));
        assert_eq!(pns_win.flatten(), by_alpha_beta, "{}", start.to_text());
        // Every first move that wins within 2: the same set by both.
        let mut by_pns = winning_moves_by_pns(&start, 2);
        let mut by_alpha_beta = puzzle::winning_moves(&start, 2, budget).expect("within budget");
        by_pns.sort_by_key(ToString::to_string);
        by_alpha_beta.sort_by_key(ToString::to_string);
        assert_eq!(by_pns, by_alpha_beta, "{}", start.to_text());
    }
}

/// The proof of the win in 3 of `LOA_WINS[3]` as text, with the number of a position of the
/// prover whose listed move ends the game, and that move.
fn proof_with_a_leaf() -> (String, Proof, usize, AnyMove) {
    let start = puzzle(LOA_WINS[3]).start();
    let proof = solve_fresh(&start, &ProofLimits::default())
        .proof
        .expect("a proof");
    // Follow the principal line to its last node.
    let line = proof.principal_line();
    let mut node = 0;
    for mv in &line[..line.len() - 1] {
        let (_, next) = proof.nodes[node]
            .edges
            .iter()
            .find(|(m, _)| m == mv)
            .expect("the line's move is listed");
        node = next.expect("the game goes on");
    }
    (proof.to_text(), proof, node, line[line.len() - 1])
}

#[test]
fn the_checker_refuses_a_proof_with_a_reply_left_out() {
    let (text, proof, _, _) = proof_with_a_leaf();
    // Node 1 is the defender's position after the key move: drop its last reply.
    let (mv, next) = proof.nodes[1].edges.last().expect("replies");
    let next = next.map_or("end".to_string(), |n| n.to_string());
    let line = format!("\n1 {mv} {next}\n");
    assert!(text.contains(&line));
    let tampered = text.replacen(&line, "\n", 1);
    assert!(matches!(
        check_proof(&tampered),
        Err(CheckError::Uncovered { node: 1, .. })
    ));
}

#[test]
fn the_checker_refuses_a_changed_leaf() {
    let (text, proof, node, winning) = proof_with_a_leaf();
    // The position at the leaf's node: replay the principal line up to it.
    let start = proof
        .config
        .position_from_text(&proof.position)
        .expect("the root");
    let line = proof.principal_line();
    let mut game = start.clone();
    for &mv in &line[..line.len() - 1] {
        game.play(mv).expect("legal");
    }
    // Another legal move that does not win, claimed as the winning end.
    let other = game
        .legal_moves()
        .into_iter()
        .find(|&mv| {
            let mut g = game.clone();
            g.play(mv).expect("legal");
            g.outcome().and_then(Outcome::winner) != Some(proof.prover)
        })
        .expect("a move that does not win");
    let leaf = format!("\n{node} {winning} end\n");
    assert!(text.contains(&leaf));
    let tampered = text.replacen(&leaf, &format!("\n{node} {other} end\n"), 1);
    assert!(matches!(
        check_proof(&tampered),
        Err(CheckError::NotWon { .. })
    ));
    // The winning move said to lead on to a position.
    let tampered = text.replacen(&leaf, &format!("\n{node} {winning} 0\n"), 1);
    assert!(matches!(
        check_proof(&tampered),
        Err(CheckError::Ended { .. })
    ));
}

#[test]
fn the_checker_refuses_broken_files() {
    let (text, proof, _, _) = proof_with_a_leaf();
    let other = !proof.prover;
    let wrong_prover = text.replace(
        &format!("[Prover \"{}\"]", proof.prover),
        &format!("[Prover \"{other}\"]"),
    );
    assert!(check_proof(&wrong_prover).is_err());
    assert_eq!(
        check_proof(&text.replace("\nproof\n", "\n")),
        Err(CheckError::NoMarker)
    );
    assert!(matches!(
        check_proof(&format!("{text}0 a1a1\n")),
        Err(CheckError::Syntax { .. })
    ));
    let first_line = text.lines().skip_while(|l| *l != "proof").nth(1).unwrap();
    assert!(matches!(
        check_proof(&format!("{text}{first_line}\n")),
        Err(CheckError::Duplicate { node: 0, .. })
    ));
    assert!(check_proof("").is_err());
    assert!(check_proof("proof\n0 zz 1\n").is_err());
    assert!(check_proof("[Game \"Chess\"]\nproof\n").is_err());
}

#[test]
fn a_search_resumes_from_its_saved_table() {
    let start = puzzle(LOA_WINS[5]).start(); // a win in 4
    let mut table = ProofTable::new();
    let short = ProofLimits {
        nodes: Some(2_000),
        ..ProofLimits::default()
    };
    let first = solve(&start, &short, &mut table);
    assert_eq!(first.verdict, Verdict::Unknown);
    assert_eq!(first.stopped, Some(dfpn::Stop::Nodes));
    let saved = table.to_text(&start);
    let mut table = ProofTable::from_text(&saved, &start).expect("read back");
    assert_eq!(table.nodes(), first.nodes);
    let second = solve(&start, &ProofLimits::default(), &mut table);
    assert_eq!(second.verdict, Verdict::Won);
    assert_eq!(second.proof.map(|p| p.depth()), Some(4));
    // A table is only for its own position.
    let other = puzzle(LOA_WINS[4]).start();
    assert!(matches!(
        ProofTable::from_text(&saved, &other),
        Err(TableError::OtherPosition(_))
    ));
    assert_eq!(
        ProofTable::from_text("nonsense", &start).err(),
        Some(TableError::NotATable)
    );
    let broken = format!("{saved}zz 1 2\n");
    assert!(matches!(
        ProofTable::from_text(&broken, &start),
        Err(TableError::Syntax(_))
    ));
}

#[test]
fn a_finished_game_is_settled_without_search() {
    let config = GameConfig::default();
    // Black's pieces already form one group, White's do not: Black won.
    let over = config
        .position_from_text("8/8/8/8/8/8/w6w/bb6 w")
        .expect("a position");
    assert!(over.outcome().is_some());
    let report = solve_fresh(&over, &ProofLimits::default());
    assert_eq!(report.nodes, 0);
    assert_eq!(report.verdict, Verdict::Lost);
}

/// A table too small for a proof is made room in as it fills (the unsolved entries cheapest to
/// find again are forgotten): the 6×6 win in 4 that takes some 90,000 positions is still proven
/// in a table of 4,000 entries, its proof accepted by the checker, and the report says no
/// more than the limit was held.
#[test]
fn a_full_table_is_made_room_in_and_the_proof_still_found() {
    let p = puzzle(include_str!("../../../assets/puzzles/loa-6x6/w4-01.txt"));
    let start = p.start();
    let limits = ProofLimits {
        max_entries: 4_000,
        shortest: false,
        ..ProofLimits::default()
    };
    let mut table = ProofTable::new();
    let report = solve(&start, &limits, &mut table);
    assert_eq!(report.verdict, Verdict::Won, "{:?}", report.stopped);
    assert!(table.len() <= 4_000, "{} entries", table.len());
    let proof = report.proof.expect("a proof");
    let checked = check_proof(&proof.to_text()).expect("the checker accepts the proof");
    assert_eq!(checked.prover, start.side_to_move());
    let end = replay(&start, &proof.principal_line()).expect("the line ends the game");
    assert_eq!(end.winner(), Some(start.side_to_move()));
}
