//! `gamut-engine prove`: settles a position with the proof-number search
//! ([`gamut_engine::proof`]) and prints the result, the principal line, the proof's size, the
//! nodes, time and memory; writes the proof (checked again by the independent checker) and, when
//! the budget runs out, the search's table to continue from.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use gamut_engine::Game;
use gamut_engine::any_game::AnyPosition;
use gamut_engine::proof::{
    ProofLimits, ProofReport, ProofTable, Verdict, check_proof, dfpn::Stop, solve,
};

use super::GameArgs;

/// The most seconds `--time` takes (a day).
const MAX_SECONDS: f64 = 86_400.0;

/// The `prove` subcommand's options.
#[derive(Args, Debug)]
pub struct ProveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Stop after expanding this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Stop after this many seconds (decimals allowed).
    #[arg(long)]
    time: Option<f64>,
    /// Only wins within this many of the winner's moves count.
    #[arg(long)]
    max_moves: Option<u32>,
    /// Keep the first win found instead of looking for shorter ones.
    #[arg(long)]
    first_win: bool,
    /// The most entries of the search's table (about 25 bytes each).
    #[arg(long, default_value_t = gamut_engine::proof::DEFAULT_MAX_ENTRIES)]
    max_entries: usize,
    /// Write the proof (a won or lost result) to this file.
    #[arg(long, value_name = "FILE")]
    proof_out: Option<PathBuf>,
    /// Continue from the table saved in this file, if it exists; when the budget runs out the
    /// table is saved there.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

/// Runs `prove`; errors are one line on stderr with exit code 2.
pub fn run(args: &ProveArgs) -> ExitCode {
    match prove(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn limits(args: &ProveArgs) -> Result<ProofLimits, String> {
    let time = match args.time {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            return Err(format!(
                "--time must be a positive number of seconds, not {s}"
            ));
        }
        Some(s) => Some(Duration::from_secs_f64(s.min(MAX_SECONDS))),
        None => None,
    };
    Ok(ProofLimits {
        nodes: args.nodes,
        time,
        max_entries: args.max_entries.max(1),
        max_moves: args.max_moves,
        shortest: !args.first_win,
    })
}

/// Reads the table to resume from, or a fresh one when there is no file yet.
fn read_table(path: Option<&PathBuf>, position: &AnyPosition) -> Result<ProofTable, String> {
    let Some(path) = path.filter(|p| p.exists()) else {
        return Ok(ProofTable::new());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    ProofTable::from_text(&text, position).map_err(|e| format!("{}: {e}", path.display()))
}

fn prove(args: &ProveArgs) -> Result<(), String> {
    let limits = limits(args)?;
    let position = args.game.position()?;
    let mut table = read_table(args.resume.as_ref(), &position)?;
    let resumed = table.nodes();
    if resumed > 0 {
        say!(
            "resumed: {} table entries, {resumed} nodes searched before",
            table.len()
        );
    }
    let report = solve(&position, &limits, &mut table);
    print_report(&position, &report, resumed);
    if let Some(path) = &args.proof_out {
        match &report.proof {
            Some(proof) => {
                let text = proof.to_text();
                std::fs::write(path, &text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                let checked = check_proof(&text)
                    .map_err(|e| format!("the proof written fails its check: {e}"))?;
                say!(
                    "proof written to {} (checked: {} positions, {} wins in {})",
                    path.display(),
                    checked.positions,
                    checked.prover,
                    checked.depth
                );
            }
            None => say!("no proof to write"),
        }
    }
    if let Some(path) = &args.resume
        && report.stopped.is_some()
    {
        std::fs::write(path, table.to_text(&position))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        say!(
            "table saved to {} ({} entries): run again with --resume to go on",
            path.display(),
            table.len()
        );
    }
    Ok(())
}

fn print_report(position: &AnyPosition, report: &ProofReport, resumed: u64) {
    let me = position.side_to_move();
    let result = match (report.verdict, &report.proof) {
        _ if position.outcome().is_some() => format!(
            "{}: the game is already over ({})",
            report.verdict.word(),
            position
                .outcome()
                .map(|o| o.to_string())
                .unwrap_or_default()
        ),
        (Verdict::Won | Verdict::Lost, Some(proof)) => {
            let shortest = if report.shortest {
                "shortest"
            } else {
                "shorter wins not ruled out"
            };
            format!(
                "{}: {} wins by force in {} ({shortest})",
                report.verdict.word(),
                proof.prover,
                proof.depth()
            )
        }
        (Verdict::Won, None) => format!("won: {me} wins by force"),
        (Verdict::Lost, None) => format!("lost: {} wins by force", !me),
        (Verdict::Drawn, _) => "drawn: neither side can force a win".into(),
        (Verdict::NoWinWithin(n), _) => format!("neither side forces a win within {n} moves"),
        (Verdict::Unknown, _) => format!("unknown: {}", stop_words(report.stopped)),
    };
    say!("position {}", position.to_text());
    say!("result {result}");
    if let Some(proof) = &report.proof {
        say!("line {}", human_line(position, &proof.principal_line()));
        say!(
            "proof {} positions, {} moves",
            proof.nodes.len(),
            proof.moves()
        );
    }
    if let Some(e) = &report.proof_error {
        say!("proof not available: {e}");
    }
    let seconds = report.time.as_secs_f64();
    say!(
        "nodes {} (in all {}), time {:.3} s, {:.0} nodes/second",
        report.nodes,
        resumed + report.nodes,
        seconds,
        report.nodes as f64 / seconds.max(1e-9)
    );
    say!(
        "memory {} table entries, {:.1} MB",
        report.table_entries,
        report.table_bytes() as f64 / 1e6
    );
}

/// Why the search stopped, in words.
fn stop_words(stop: Option<Stop>) -> &'static str {
    match stop {
        Some(Stop::Nodes) => "the node budget ran out",
        Some(Stop::Time) => "the time ran out",
        Some(Stop::Memory) => "the table is full (--max-entries)",
        None => "no answer",
    }
}

/// The line in human notation, numbered by the side to move's moves.
fn human_line(position: &AnyPosition, line: &[gamut_engine::any_game::AnyMove]) -> String {
    let mut game = position.clone();
    let mut words = Vec::new();
    for (i, &mv) in line.iter().enumerate() {
        if i % 2 == 0 {
            words.push(format!("{}.", i / 2 + 1));
        }
        words.push(game.human_move(mv));
        if game.play(mv).is_err() {
            break;
        }
    }
    if let Some(outcome) = game.outcome() {
        words.push(format!("({outcome})"));
    }
    words.join(" ")
}
