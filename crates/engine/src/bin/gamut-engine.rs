//! `gamut-engine`: the command-line engine — perft and move listing for both games.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use gamut_engine::eval::LoaEvaluator;
use gamut_engine::loa;
use gamut_engine::perft::{divide, perft};
use gamut_engine::search::{Evaluator, Limits, Searcher};
use gamut_engine::{Color, Game};

/// Rules, perft and move listing for Lines of Action and Epaminondas.
#[derive(Parser, Debug)]
#[command(name = "gamut-engine", version, about, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count every legal move sequence to DEPTH and print the count and nodes/second.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Search a position and print each completed depth (score, nodes, speed, best line).
    Analyse {
        /// Search this many plies deep.
        #[arg(long)]
        depth: Option<u32>,
        /// Search this many milliseconds (default 1000 unless --depth is given).
        #[arg(long)]
        movetime: Option<u64>,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
        #[command(flatten)]
        game: GameArgs,
    },
    /// List the legal moves of a position.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum GameName {
    LinesOfAction,
    Epaminondas,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Black,
    White,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Simultaneous {
    Draw,
    MoverWins,
}

/// Which game, variant, rule options and position.
#[derive(Args, Debug)]
struct GameArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "lines-of-action")]
    game: GameName,
    /// Variant (Lines of Action: standard, scrambled-eggs).
    #[arg(long)]
    variant: Option<String>,
    /// Position text instead of the start, e.g. "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b".
    #[arg(long)]
    position: Option<String>,
    /// Lines of Action: who moves first from the start.
    #[arg(long, value_enum, default_value = "black")]
    first_player: Side,
    /// Lines of Action: one move connecting both sides is a draw or a win for the mover.
    #[arg(long, value_enum, default_value = "draw")]
    simultaneous: Simultaneous,
    /// Switch off the draw by third repetition.
    #[arg(long)]
    no_repetition: bool,
}

impl GameArgs {
    fn loa_position(&self) -> Result<loa::Position, String> {
        let variant = match &self.variant {
            Some(v) => v.parse::<loa::Variant>().map_err(|e| e.to_string())?,
            None => loa::Variant::Standard,
        };
        let rules = loa::Rules {
            variant,
            first_player: match self.first_player {
                Side::Black => Color::Black,
                Side::White => Color::White,
            },
            simultaneous: match self.simultaneous {
                Simultaneous::Draw => loa::SimultaneousConnection::Draw,
                Simultaneous::MoverWins => loa::SimultaneousConnection::MoverWins,
            },
            repetition_draw: !self.no_repetition,
        };
        match &self.position {
            Some(text) => {
                loa::Position::from_text(text, rules).map_err(|e| format!("bad position text: {e}"))
            }
            None => Ok(loa::Position::new(rules)),
        }
    }
}

fn run_perft<G: Game>(mut game: G, depth: u32, split: bool) {
    let start = Instant::now();
    let nodes = if split {
        let mut total = 0;
        for (mv, n) in divide(&mut game, depth) {
            println!("{mv} {n}");
            total += n;
        }
        total
    } else {
        perft(&mut game, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("perft {depth}: {nodes}");
    println!(
        "time {:.3} s, {:.1} million nodes/second",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
}

fn list_moves<G: Game>(game: G) {
    if let Some(outcome) = game.outcome() {
        println!("game over: {outcome}");
        return;
    }
    let moves = game.legal_moves();
    println!("{} legal moves for {}:", moves.len(), game.side_to_move());
    let line: Vec<String> = moves.iter().map(|&m| game.human_move(m)).collect();
    println!("{}", line.join(" "));
}

fn analyse<G: Game, E: Evaluator<G>>(game: G, evaluator: &E, limits: Limits, hash: usize) {
    let mut searcher = Searcher::<G>::new(hash);
    let result = searcher.search(&game, evaluator, limits, |info| {
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.score.protocol(),
            info.nodes,
            info.nps(),
            info.time.as_millis(),
            pv.join(" ")
        );
    });
    match result.best_move() {
        Some(mv) => println!(
            "best {} ({}, depth {}, {} nodes, {} nodes/second)",
            game.human_move(*mv),
            result.score,
            result.depth,
            result.nodes,
            result.nps()
        ),
        None => println!("no move: the game is over"),
    }
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft {
            depth,
            divide,
            game,
        } => match game.game {
            GameName::LinesOfAction => run_perft(game.loa_position()?, depth, divide),
            GameName::Epaminondas => return Err("Epaminondas is not available yet".into()),
        },
        Command::Analyse {
            depth,
            movetime,
            hash,
            game,
        } => {
            let limits = Limits {
                depth,
                time: movetime
                    .or(if depth.is_none() { Some(1000) } else { None })
                    .map(Duration::from_millis),
                ..Limits::default()
            };
            match game.game {
                GameName::LinesOfAction => {
                    analyse(game.loa_position()?, &LoaEvaluator::default(), limits, hash)
                }
                GameName::Epaminondas => return Err("Epaminondas is not available yet".into()),
            }
        }
        Command::Moves { game } => match game.game {
            GameName::LinesOfAction => list_moves(game.loa_position()?),
            GameName::Epaminondas => return Err("Epaminondas is not available yet".into()),
        },
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // One line: clap's message without the usage block, whitespace folded.
            let text = e.to_string();
            let message = text.split("\n\nUsage:").next().unwrap_or(&text);
            let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
            eprintln!("{message} (see gamut-engine --help)");
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
