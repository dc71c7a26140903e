//! `gamut-engine`: the command-line engine. Without arguments it speaks the engine protocol on
//! standard input and output; its subcommands count moves (perft), list moves, analyse a
//! position, prove a position won, lost or drawn, play matches between engines, and run the search
//! benchmark.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use gamut_engine::any_game::{AnyPosition, ConcreteGame, GameConfig, GameKind, WithGame};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::eval::Evaluators;
use gamut_engine::notation::parse_args;
use gamut_engine::perft::{divide, perft};
use gamut_engine::protocol::bench::run_bench;
use gamut_engine::protocol::command::{MAX_PERFT_DEPTH, MAX_TIME_MS};
use gamut_engine::protocol::match_runner::{EngineSpec, MatchSettings, MoveLimit, run_match};
use gamut_engine::protocol::{self, WriteSink};
use gamut_engine::search::{Evaluator, Limits};
use gamut_engine::{Color, Game, epaminondas, loa};
use gamut_engine::{coach, record};

/// Prints a line on standard output; when the reader has gone (`| head`) the program ends
/// quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

#[path = "gamut-engine/explain.rs"]
mod explain;
#[path = "gamut-engine/prove.rs"]
mod prove;
#[path = "gamut-engine/puzzles.rs"]
mod puzzles;

/// Rules, search and engine protocol for Lines of Action and Epaminondas. Without a subcommand it
/// speaks the engine protocol (uci, isready, position, go, stop, quit, d, perft) on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "gamut-engine", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
        #[command(flatten)]
        search: SearchArgs,
        /// Annotate every move of this game record or save file (- for standard input) with the
        /// engine's score and print the record back (its own game and rules are used).
        #[arg(long, value_name = "FILE", conflicts_with = "position")]
        record: Option<String>,
        #[command(flatten)]
        game: GameArgs,
    },
    /// Read a game record or save file (- for standard input); print the final position text,
    /// the result (and how the game ended) and the number of plies.
    Record {
        /// The record or save file, or - for standard input.
        file: String,
    },
    /// Name the mistakes (?, ??) and the only moves (!) of a game record or save file (- for
    /// standard input): each with its ply, the move, the typed reasons (a forced win allowed or
    /// given up, pieces left to be captured, a group split, own pieces blocked, a worse position)
    /// and the better move.
    Explain {
        /// The record or save file, or - for standard input.
        file: String,
        #[command(flatten)]
        search: SearchArgs,
        /// Print a JSON array instead of lines of English.
        #[arg(long)]
        json: bool,
    },
    /// List the legal moves of a position.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Play a match between two protocol engines and print W-D-L and the Elo difference.
    Match(MatchArgs),
    /// Puzzles proven by the engine: find them in self-play games, or re-prove puzzle files.
    Puzzles {
        #[command(subcommand)]
        action: PuzzlesCommand,
    },
    /// Prove a position won, lost or drawn for the side to move (proof-number search); print
    /// the result, the winning line, the proof's size, nodes, time and memory.
    Prove(prove::ProveArgs),
    /// Search fixed positions of both games to fixed depths; print total nodes and nodes/second.
    Bench {
        /// Search every position to this depth instead of its own.
        #[arg(long)]
        depth: Option<u32>,
    },
}

#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Play self-play games at low levels and keep positions whose side to move has a forced win
    /// in N (1 to 4) with a single winning first move; write them to DIR as w{N}-{index}.txt
    /// (easiest first) with an index.tsv.
    Generate {
        /// The game and its rules (--game, --variant, --board and the rule options; default
        /// rules otherwise). Its --position is not used: the games start from the start.
        #[command(flatten)]
        game: GameArgs,
        /// How many puzzles in all, shared between wins in 1, 2, 3 and 4.
        #[arg(long, default_value_t = 32)]
        count: usize,
        /// How many of each length instead, e.g. 8,8,8,6 (wins in 1, 2, 3, 4).
        #[arg(long, value_delimiter = ',')]
        per_length: Option<Vec<usize>>,
        /// Seed of the self-play games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The folder to write to (created if missing; existing puzzle files are not replaced
        /// unless --force).
        #[arg(long)]
        out: PathBuf,
        /// Replace puzzle files already in the folder.
        #[arg(long)]
        force: bool,
        /// Give up after this many self-play games.
        #[arg(long, default_value_t = 2000)]
        max_games: usize,
        /// The most positions the prover visits to analyse one candidate.
        #[arg(long, default_value_t = 2_000_000)]
        budget: u64,
        /// The most positions a kept puzzle's re-proof may visit.
        #[arg(long, default_value_t = 400_000)]
        verify_budget: u64,
        /// How many positions before each game's end are examined.
        #[arg(long, default_value_t = 12)]
        tail: usize,
        /// Print every position examined, with the prover's verdict and time.
        #[arg(long)]
        verbose: bool,
    },
    /// Re-prove puzzle files (or every *.txt in a folder): forced win in N, none in fewer, one
    /// winning first move, the solution a fastest win against the longest defence. Exits with 1
    /// if any fails.
    Prove {
        /// Puzzle files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The most positions the prover may visit per puzzle (default: no limit).
        #[arg(long)]
        budget: Option<u64>,
    },
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
    /// The game: lines-of-action or epaminondas.
    #[arg(long, default_value = "lines-of-action")]
    game: String,
    /// Lines of Action variant: standard, scrambled-eggs, parachute, four-players, ambidextrous
    /// or boundless.
    #[arg(long)]
    variant: Option<String>,
    /// The board: for Epaminondas standard (14x12) or small (8x8); for Lines of Action 8x8
    /// (the default), 7x7 or 6x6 (the standard setup on a small board).
    #[arg(long)]
    board: Option<String>,
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
    /// Epaminondas: switch off the anti-symmetry rule.
    #[arg(long)]
    no_anti_symmetry: bool,
}

impl GameArgs {
    fn config(&self) -> Result<GameConfig, String> {
        let kind: GameKind = self.game.parse().map_err(|e| format!("{e}"))?;
        let mut config = GameConfig {
            kind,
            ..GameConfig::default()
        };
        if kind == GameKind::Epaminondas && self.variant.is_some() {
            return Err(
                "--variant is for Lines of Action; Epaminondas takes --board standard|small".into(),
            );
        }
        if let Some(v) = &self.variant {
            config.loa.variant = v.parse::<loa::Variant>().map_err(|e| e.to_string())?;
        }
        match (kind, &self.board) {
            (GameKind::Epaminondas, Some(b)) => {
                config.epaminondas.board = b
                    .parse::<epaminondas::BoardSize>()
                    .map_err(|e| e.to_string())?;
            }
            (GameKind::LinesOfAction, Some(b)) => {
                config.loa.board = b.parse::<loa::BoardSize>().map_err(|e| e.to_string())?;
                if !config.loa.board_fits_variant() {
                    return Err(format!(
                        "the {} board is played with the standard setup only",
                        config.loa.board
                    ));
                }
            }
            (_, None) => {}
        }
        config.loa.first_player = match self.first_player {
            Side::Black => Color::Black,
            Side::White => Color::White,
        };
        config.loa.simultaneous = match self.simultaneous {
            Simultaneous::Draw => loa::SimultaneousConnection::Draw,
            Simultaneous::MoverWins => loa::SimultaneousConnection::MoverWins,
        };
        config.set_repetition_draw(!self.no_repetition);
        config.epaminondas.anti_symmetry = !self.no_anti_symmetry;
        Ok(config)
    }

    fn position(&self) -> Result<AnyPosition, String> {
        let config = self.config()?;
        match &self.position {
            Some(text) => config
                .position_from_text(text)
                .map_err(|e| format!("bad position text: {e}")),
            None => Ok(config.start()),
        }
    }
}

/// The `match` subcommand's options.
#[derive(Args, Debug)]
struct MatchArgs {
    /// Engine A's command line (default: this program).
    #[arg(long)]
    engine_a: Option<String>,
    /// Engine B's command line (default: this program).
    #[arg(long)]
    engine_b: Option<String>,
    /// An option for engine A, NAME=VALUE (repeatable), e.g. Level=5.
    #[arg(long, value_name = "NAME=VALUE")]
    option_a: Vec<String>,
    /// An option for engine B, NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option_b: Vec<String>,
    /// An option for both engines, NAME=VALUE (repeatable), e.g. Hash=16.
    #[arg(long, value_name = "NAME=VALUE")]
    option: Vec<String>,
    /// Games to play; each opening is played twice with the colours swapped.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Milliseconds per move.
    #[arg(long)]
    movetime: Option<u64>,
    /// Search depth per move (instead of --movetime).
    #[arg(long)]
    depth: Option<u32>,
    /// Nodes per move (instead of --movetime).
    #[arg(long)]
    nodes: Option<u64>,
    /// Random legal plies that make each opening.
    #[arg(long, default_value_t = 4)]
    openings: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// A move later than its time by more than this many milliseconds loses the game.
    #[arg(long, default_value_t = 1000)]
    timeout_margin: u64,
    #[command(flatten)]
    game: GameArgs,
}

fn parse_options(pairs: &[String]) -> Result<Vec<(String, String)>, String> {
    pairs
        .iter()
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), value.trim().to_string()))
            }
            _ => Err(format!("option '{pair}' is not NAME=VALUE")),
        })
        .collect()
}

impl MatchArgs {
    fn settings(&self) -> Result<MatchSettings, String> {
        let limit = match (self.movetime, self.depth, self.nodes) {
            (Some(ms), None, None) => {
                MoveLimit::MoveTime(Duration::from_millis(ms.clamp(1, MAX_TIME_MS)))
            }
            (None, Some(d), None) => MoveLimit::Depth(d.max(1)),
            (None, None, Some(n)) => MoveLimit::Nodes(n.max(1)),
            _ => return Err("give exactly one of --movetime, --depth and --nodes".into()),
        };
        let this_program = || -> Result<String, String> {
            let path: PathBuf =
                std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            Ok(format!("\"{}\"", path.display()))
        };
        let shared = parse_options(&self.option)?;
        let spec = |command: &Option<String>, own: &[String]| -> Result<EngineSpec, String> {
            let mut options = shared.clone();
            options.extend(parse_options(own)?);
            Ok(EngineSpec {
                command: match command {
                    Some(c) => c.clone(),
                    None => this_program()?,
                },
                options,
            })
        };
        let config = self.game.config()?;
        if let Some(text) = &self.game.position {
            config
                .position_from_text(text)
                .map_err(|e| format!("bad position text: {e}"))?;
        }
        Ok(MatchSettings {
            engine_a: spec(&self.engine_a, &self.option_a)?,
            engine_b: spec(&self.engine_b, &self.option_b)?,
            config,
            start_text: self.game.position.clone(),
            games: self.games,
            limit,
            opening_plies: self.openings,
            seed: self.seed,
            max_plies: self.max_plies,
            timeout_margin: Duration::from_millis(self.timeout_margin.min(MAX_TIME_MS)),
        })
    }
}

/// `perft` on the game at hand.
struct Perft {
    depth: u32,
    divide: bool,
}

impl WithGame for Perft {
    type Output = ();

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, _: &E) {
        run_perft(game.clone(), self.depth, self.divide);
    }
}

fn run_perft<G: Game>(mut game: G, depth: u32, split: bool) {
    let start = Instant::now();
    let nodes = if split {
        let mut total = 0;
        for (mv, n) in divide(&mut game, depth) {
            say!("{mv} {n}");
            total += n;
        }
        total
    } else {
        perft(&mut game, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    say!("perft {depth}: {nodes}");
    say!(
        "time {:.3} s, {:.1} million nodes/second",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
}

/// Lists the legal moves (the game inside answers through [`AnyPosition`]'s own [`Game`]).
fn list_moves(game: &AnyPosition) {
    if let Some(outcome) = game.outcome() {
        say!("game over: {outcome}");
        return;
    }
    let moves = game.legal_moves();
    say!("{} legal moves for {}:", moves.len(), game.side_to_move());
    let line: Vec<String> = moves.iter().map(|&m| game.human_move(m)).collect();
    say!("{}", line.join(" "));
}

fn analyse(position: &AnyPosition, limits: Limits, hash: usize) {
    let mut searcher = AnySearcher::new(position, hash);
    let evaluators = Evaluators::default();
    let never = AtomicBool::new(false);
    let result = searcher.search(position, &evaluators, limits, &never, |info| {
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        say!(
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
        Some(mv) => say!(
            "best {} ({}, depth {}, {} nodes, {} nodes/second)",
            position.human_move(*mv),
            result.score,
            result.depth,
            result.nodes,
            result.nps()
        ),
        None => say!("no move: the game is over"),
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Perft { depth, .. } if depth > MAX_PERFT_DEPTH => {
            return Err(format!("perft depth must be at most {MAX_PERFT_DEPTH}"));
        }
        Command::Perft {
            depth,
            divide,
            game,
        } => game
            .position()?
            .with_game(&Evaluators::default(), Perft { depth, divide }),
        Command::Analyse { search, game, .. } => {
            analyse(&game.position()?, search.limits(), search.hash());
        }
        Command::Moves { game } => list_moves(&game.position()?),
        Command::Match(args) => {
            let settings = args.settings()?;
            let stdout = io::stdout();
            let mut out = stdout.lock();
            run_match(&settings, &mut out).map_err(|e| e.to_string())?;
            out.flush().map_err(|e| e.to_string())?;
        }
        Command::Bench { depth } => {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            run_bench(depth, &mut out).map_err(|e| e.to_string())?;
        }
        Command::Record { .. }
        | Command::Puzzles { .. }
        | Command::Explain { .. }
        | Command::Prove(_) => {}
    }
    Ok(())
}

/// Reads a record or save file (`-`: standard input), at most one byte over the size limit.
/// Errors are `FILE:LINE:COLUMN: message` lines.
fn read_record_file(file: &str) -> Result<record::Record, String> {
    use std::io::Read;
    let limit = record::MAX_RECORD_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    let (name, read) = if file == "-" {
        (
            "<stdin>",
            io::stdin().lock().take(limit).read_to_end(&mut bytes),
        )
    } else {
        (
            file,
            std::fs::File::open(file).and_then(|f| f.take(limit).read_to_end(&mut bytes)),
        )
    };
    read.map_err(|e| format!("error: cannot read {name}: {e}"))?;
    record::read_record_or_save_bytes(&bytes).map_err(|e| match e.location {
        Some(_) => format!("{name}:{e}"),
        None => format!("{name}: {e}"),
    })
}

/// `record FILE`: the final position text, the result (with the termination) and the plies.
fn record_command(file: &str) -> ExitCode {
    let record = match read_record_file(file) {
        Ok(record) => record,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let position = match record.replay() {
        Ok(position) => position,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    say!("{}", position.to_text());
    match record.termination {
        Some(termination) => say!("{} {termination}", record.result),
        None => say!("{}", record.result),
    }
    say!("{}", record.moves.len());
    ExitCode::SUCCESS
}

/// `analyse --record FILE`: the record back, each move commented with the engine's score.
fn analyse_record_command(file: &str, search: SearchArgs) -> ExitCode {
    let record = match read_record_file(file) {
        Ok(record) => record,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    match coach::annotate(&record, search.limits(), search.hash()) {
        Ok(annotated) => {
            let text = annotated.to_string();
            say!("{}", text.trim_end());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = match parse_args::<Cli>("gamut-engine") {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Some(Command::Record { file }) => return record_command(&file),
        Some(Command::Puzzles { action }) => return puzzles::run(action),
        Some(Command::Prove(args)) => return prove::run(&args),
        Some(Command::Explain { file, search, json }) => {
            return explain::run(&file, search.limits(), search.hash(), json);
        }
        Some(Command::Analyse {
            record: Some(file),
            search,
            ..
        }) => return analyse_record_command(&file, search),
        Some(command) => run(command),
        None => protocol::run(io::stdin().lock(), WriteSink(io::stdout()))
            .map_err(|e| format!("reading standard input: {e}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// How deep or how long `analyse` and `explain` search each position, and their table.
#[derive(Args, Debug, Clone, Copy)]
struct SearchArgs {
    /// Search this many plies deep.
    #[arg(long)]
    depth: Option<u32>,
    /// Search this many milliseconds (default 1000 unless --depth is given).
    #[arg(long)]
    movetime: Option<u64>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

impl SearchArgs {
    /// A depth, a time, or 1 s when neither is given.
    fn limits(self) -> Limits {
        Limits {
            depth: self.depth,
            time: self
                .movetime
                .or(if self.depth.is_none() {
                    Some(1000)
                } else {
                    None
                })
                .map(|ms| Duration::from_millis(ms.min(MAX_TIME_MS))),
            ..Limits::default()
        }
    }

    /// The table's size in MiB, 1 to 4096.
    fn hash(self) -> usize {
        self.hash.clamp(1, 4096)
    }
}
