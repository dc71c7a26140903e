//! `gamut-engine explain FILE`: every `?`, `??` and `!` of a recorded game with the coach's typed
//! reasons and the better move, in English or as JSON (see `gamut_engine::coach`).

use std::process::ExitCode;

use gamut_engine::Game;
use gamut_engine::any_game::AnyPosition;
use gamut_engine::coach::{self, Explanation, Reason};
use gamut_engine::record::Record;
use gamut_engine::search::Limits;
use serde_json::{Value, json};

/// Runs the command on `file` (a record or save, `-` for standard input), each position searched
/// within `limits` with a table of `hash` MiB.
pub fn run(file: &str, limits: Limits, hash: usize, as_json: bool) -> ExitCode {
    let record = match super::read_record_file(file) {
        Ok(record) => record,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let explanations = match coach::explain_game(&record, limits, hash) {
        Ok(explanations) => explanations,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let positions = positions(&record);
    if as_json {
        let list: Vec<Value> = explanations
            .iter()
            .map(|e| to_json(e, &positions, record.seats()))
            .collect();
        say!("{}", Value::Array(list));
    } else if explanations.is_empty() {
        say!("no mistakes found");
    } else {
        for e in &explanations {
            say!("{}", in_english(e, &positions, record.seats()));
        }
    }
    ExitCode::SUCCESS
}

/// The position before each move of the record, and the final one.
fn positions(record: &Record) -> Vec<AnyPosition> {
    let mut position = record.start_position().expect("the record replayed before");
    let mut all = vec![position.clone()];
    for m in &record.moves {
        position.play_unchecked(m.mv);
        all.push(position.clone());
    }
    all
}

/// The move's number in the record (`1.`, `2.`, … a round of every seat each).
fn move_number(ply: usize, seats: usize) -> usize {
    ply / seats.max(1) + 1
}

fn to_json(e: &Explanation, positions: &[AnyPosition], seats: usize) -> Value {
    let before = &positions[e.ply];
    let after = &positions[e.ply + 1];
    let reasons: Vec<Value> = e
        .reasons
        .iter()
        .map(|r| {
            let mut v = json!({ "kind": r.name() });
            match r {
                Reason::AllowsForcedWin { plies, line } => {
                    v["plies"] = json!(plies);
                    v["line"] = json!(coach::written_line(after, line));
                }
                Reason::GivesUpWin { plies } | Reason::KeepsTheWin { plies } => {
                    v["plies"] = json!(plies);
                }
                Reason::AllowsCapture { reply, count } => {
                    v["reply"] = json!(coach::written_line(after, &[*reply]).first());
                    v["count"] = json!(count);
                }
                Reason::SplitsGroup { before, after }
                | Reason::BlocksOwnPieces { before, after } => {
                    v["before"] = json!(before);
                    v["after"] = json!(after);
                }
                Reason::WorsePosition { drop } => v["drop"] = json!(drop),
            }
            v
        })
        .collect();
    json!({
        "ply": e.ply + 1,
        "move_number": move_number(e.ply, seats),
        "mover": e.mover.to_string().to_lowercase(),
        "move": before.human_move(e.played),
        "judgement": e.judgement.name(),
        "mark": e.judgement.mark(),
        "reasons": reasons,
        "better": e.better.map(|b| before.human_move(b)),
        "score_before": e.scores.0.protocol(),
        "score_after": e.scores.1.protocol(),
    })
}

/// One line: `ply 14 (7. Black c3-e5??): allows a forced win in 1 (f4-d2); better b1-d3`.
fn in_english(e: &Explanation, positions: &[AnyPosition], seats: usize) -> String {
    let before = &positions[e.ply];
    let after = &positions[e.ply + 1];
    let reasons: Vec<String> = e.reasons.iter().map(|r| reason(r, after)).collect();
    let mut text = format!(
        "ply {} ({}. {} {}{}): {}",
        e.ply + 1,
        move_number(e.ply, seats),
        e.mover,
        before.human_move(e.played),
        e.judgement.mark(),
        reasons.join("; ")
    );
    if let Some(better) = e.better {
        text.push_str(&format!("; better {}", before.human_move(better)));
    }
    text
}

fn reason(r: &Reason, after: &AnyPosition) -> String {
    let plural = |n: u32, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    match r {
        Reason::AllowsForcedWin { plies, line } => format!(
            "allows a forced win in {} ({})",
            plural(plies.div_ceil(2), "move", "moves"),
            coach::written_line(after, line).join(" ")
        ),
        Reason::GivesUpWin { plies } => format!(
            "gives up a forced win in {}",
            plural(plies.div_ceil(2), "move", "moves")
        ),
        Reason::AllowsCapture { reply, count } => format!(
            "lets {} be captured ({})",
            plural(*count, "piece", "pieces"),
            coach::written_line(after, &[*reply]).join(" ")
        ),
        Reason::SplitsGroup { before, after } => {
            format!("splits the largest group ({before} pieces, then {after})")
        }
        Reason::BlocksOwnPieces { before, after } => {
            format!("blocks its own pieces ({before} moves, then {after})")
        }
        Reason::WorsePosition { drop } => format!(
            "a worse position (by {}.{:02} pieces)",
            drop / 100,
            drop % 100
        ),
        Reason::KeepsTheWin { plies: 1 } => "the only move that wins".to_string(),
        Reason::KeepsTheWin { plies } => format!(
            "the only move that keeps the win (in {})",
            plural(plies.div_ceil(2), "move", "moves")
        ),
    }
}
