//! The coach (`gamut_engine::coach`): mistakes named with their typed reasons on positions from
//! self-play games at level 1, each reason restated from the rules (the winning reply ends the
//! game, the capturing reply takes the pieces counted), and `gamut-engine explain`.

mod common;

use std::sync::atomic::AtomicBool;

use common::engine;

use gamut_engine::any_game::{AnyPosition, GameConfig, GameKind};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::coach::{self, Judgement, Reason, Seen};
use gamut_engine::eval::Evaluators;
use gamut_engine::record::Record;
use gamut_engine::search::{Limits, Score};
use gamut_engine::{Color, Game};

/// Lines of Action, Black to move: e1xe4 lets White connect at once (found in a level-1 game).
const LETS_WHITE_CONNECT: &str = "8/1bw3b1/3w1wb1/1bw1w3/3bww1w/8/1bb5/4b1b1 b";
/// Epaminondas, White to move: k2-k4 leaves three stones to a Black phalanx.
const HANGS_A_PHALANX: &str = "6bbb5/1bb1bbbb6/1bbb1b5bbb/1b7b2bb/1b4b5bb/7b5b/8b5/8wb4/\
                               6w1ww4/ww4wwwwwww1/www5wwwww1/1w1w5www2 w";
/// Lines of Action, Black to move: only b1-d1 keeps the win (it connects).
const ONLY_MOVE: &str = "8/w7/4w3/4w3/4w3/w1bwb3/2bwbw2/1b2b3 b";
/// The depth the coach searches in these tests.
const DEPTH: u32 = 5;

fn config(kind: GameKind) -> GameConfig {
    GameConfig {
        kind,
        ..GameConfig::default()
    }
}

fn position(kind: GameKind, text: &str) -> AnyPosition {
    config(kind).position_from_text(text).unwrap()
}

fn seen(position: &AnyPosition) -> Option<Seen> {
    position.outcome().is_none().then(|| {
        let info = AnySearcher::new(position, 16).search(
            position,
            &Evaluators::default(),
            Limits::depth(DEPTH),
            &AtomicBool::new(false),
            |_| {},
        );
        Seen {
            score: info.score,
            line: info.pv,
        }
    })
}

/// The coach's word on `played` (human notation) from `before`.
fn explain(before: &AnyPosition, played: &str) -> coach::Explanation {
    let mv = before.parse_move(played).unwrap();
    let mut after = before.clone();
    after.play_unchecked(mv);
    coach::explain_mistake(before, mv, &seen(before).unwrap(), seen(&after).as_ref())
        .unwrap_or_else(|| panic!("{played} is not called a mistake"))
}

#[test]
fn a_blunder_that_lets_the_opponent_connect_names_the_winning_move() {
    let before = position(GameKind::LinesOfAction, LETS_WHITE_CONNECT);
    let e = explain(&before, "e1xe4");
    assert_eq!(e.judgement, Judgement::Blunder);
    assert_eq!(e.mover, Color::Black);
    let Reason::AllowsForcedWin { plies: 1, line } = &e.reasons[0] else {
        panic!("not a win in one first: {:?}", e.reasons);
    };
    assert!(matches!(e.scores.1, Score::LossIn(1)), "{:?}", e.scores);
    // The rules agree: White's first move of the line wins at once.
    let mut after = before.clone();
    after.play_unchecked(e.played);
    after.play_unchecked(line[0]);
    assert_eq!(after.outcome().and_then(|o| o.winner()), Some(Color::White));
    // The better move leaves White no win in one.
    let better = e.better.expect("a better move");
    let mut instead = before.clone();
    instead.play_unchecked(better);
    for reply in instead.legal_moves() {
        let mut p = instead.clone();
        p.play_unchecked(reply);
        assert_ne!(
            p.outcome().and_then(|o| o.winner()),
            Some(Color::White),
            "{} still lets White win",
            before.human_move(better)
        );
    }
}

#[test]
fn a_move_that_hangs_a_phalanx_counts_the_stones_taken() {
    let before = position(GameKind::Epaminondas, HANGS_A_PHALANX);
    let e = explain(&before, "k2-k4");
    assert_eq!(e.mover, Color::White);
    let (reply, count) = e
        .reasons
        .iter()
        .find_map(|r| match r {
            Reason::AllowsCapture { reply, count } => Some((*reply, *count)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no capture named: {:?}", e.reasons));
    assert!(count >= 2, "a phalanx, not a stone: {count}");
    // Counted on the board: the reply takes that many White stones.
    let mut after = before.clone();
    after.play_unchecked(e.played);
    assert!(after.is_capture(reply));
    let stones = after.piece_count(Color::White);
    after.play_unchecked(reply);
    assert_eq!(stones - after.piece_count(Color::White), count);
    assert!(e.better.is_some());
}

#[test]
fn a_good_move_is_not_called_a_mistake() {
    let before = position(GameKind::LinesOfAction, LETS_WHITE_CONNECT);
    let seen_before = seen(&before).unwrap();
    let best = seen_before.line[0];
    let mut after = before.clone();
    after.play_unchecked(best);
    let said = coach::explain_mistake(&before, best, &seen_before, seen(&after).as_ref());
    assert_eq!(said, None);
}

/// `!` for the only move that keeps a won position won (from a level-1 game: Black's b1-d1
/// connects, and no other move does); nothing for a move among several that win.
#[test]
fn the_only_move_that_keeps_the_win_is_marked() {
    let only = position(GameKind::LinesOfAction, ONLY_MOVE);
    let played = only.parse_move("b1-d1").unwrap();
    let said = only_move(&only, played).expect("b1-d1 is the only move");
    assert_eq!(said.judgement, Judgement::OnlyMove);
    assert_eq!(said.reasons, [Reason::KeepsTheWin { plies: 1 }]);
    // The rules agree: b1-d1 connects, no other move does.
    let wins_at_once = |m| {
        let mut p = only.clone();
        p.play_unchecked(m);
        p.outcome().and_then(|o| o.winner()) == Some(Color::Black)
    };
    let winning: Vec<_> = only
        .legal_moves()
        .into_iter()
        .filter(|&m| wins_at_once(m))
        .collect();
    assert_eq!(winning, [played]);

    // White, after Black's e1xe4, has more than one connecting move: none of them is `!`.
    let mut won = position(GameKind::LinesOfAction, LETS_WHITE_CONNECT);
    won.play_unchecked(won.parse_move("e1xe4").unwrap());
    let connecting: Vec<_> = won
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut p = won.clone();
            p.play_unchecked(m);
            p.outcome().is_some()
        })
        .collect();
    assert!(connecting.len() > 1, "{connecting:?}");
    for m in connecting {
        assert_eq!(only_move(&won, m), None);
    }
}

/// The coach's `!` on `played` from `before`, the alternatives searched 3 plies deep.
fn only_move(
    before: &AnyPosition,
    played: gamut_engine::any_game::AnyMove,
) -> Option<coach::Explanation> {
    let mut after = before.clone();
    after.play_unchecked(played);
    coach::explain_only_move(
        &mut AnySearcher::new(before, 16),
        before,
        played,
        &seen(before).unwrap(),
        seen(&after).as_ref(),
        Limits::depth(3),
        &std::sync::atomic::AtomicBool::new(false),
    )
}

/// A record of the Lines of Action blunder.
fn blunder_record() -> String {
    format!("[Position \"{LETS_WHITE_CONNECT}\"]\n\n1. e1xe4 *\n")
}

#[test]
fn explain_game_finds_the_blunder_of_a_record() {
    let record = Record::parse(&blunder_record()).unwrap();
    let found = coach::explain_game(&record, Limits::depth(DEPTH), 16).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].ply, 0);
    assert!(matches!(
        found[0].reasons[0],
        Reason::AllowsForcedWin { plies: 1, .. }
    ));
}

#[test]
fn the_explain_command_names_the_ply_the_reason_and_the_better_move() {
    let depth = DEPTH.to_string();
    let o = engine(
        &["explain", "-", "--depth", &depth],
        blunder_record().as_bytes(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        out.starts_with("ply 1 (1. Black e1xe4??): allows a forced win in 1 move ("),
        "{out}"
    );
    assert!(out.contains("; better "), "{out}");

    let o = engine(
        &["explain", "-", "--depth", &depth, "--json"],
        blunder_record().as_bytes(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let first = &json[0];
    assert_eq!(first["ply"], 1);
    assert_eq!(first["move"], "e1xe4");
    assert_eq!(first["mover"], "black");
    assert_eq!(first["judgement"], "blunder");
    assert_eq!(first["mark"], "??");
    assert_eq!(first["reasons"][0]["kind"], "allows-forced-win");
    assert_eq!(first["reasons"][0]["plies"], 1);
    assert_eq!(first["reasons"][0]["line"].as_array().unwrap().len(), 1);
    assert_eq!(first["score_after"], "mate -1");
    assert!(first["better"].is_string());
}

#[test]
fn the_explain_command_refuses_a_broken_record() {
    let o = engine(&["explain", "-", "--depth", "1"], b"1. b1-b2 *\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("<stdin>:1:"));
    assert!(o.stdout.is_empty());
}
