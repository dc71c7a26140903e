//! The protocol state machine: options, the current position, and the search thread.

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use thiserror::Error;

use super::LineSink;
use super::command::{Command, CommandError, GoParams, StartPosition};
use super::options::{EngineOptions, OPTION_LINES, OptionChange, OptionError};
use super::worker::{Job, SearchJob, SharedSink, Worker, emit};
use crate::any_game::{AnyPosition, AnyPositionError};
use crate::any_search::AnySearcher;
use crate::game::MoveError;
use crate::search::Limits;
use crate::{Color, Game};

/// Think time of levels below the top when `go` gives no time (`depth`, `nodes`, `infinite`).
pub const DEFAULT_LEVEL_THINK_TIME: Duration = Duration::from_millis(1000);

/// Kept back from a `go movetime` for answering: the search's hard deadline is this much
/// earlier, so `bestmove` arrives within the time given.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(3);

/// A line the engine could not act on; printed as `info string error: …`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProtocolError {
    /// The line is not a valid command.
    #[error(transparent)]
    Command(#[from] CommandError),
    /// A `setoption` that could not be applied.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// `position fen` text that is not a position of the game.
    #[error("{0}; the position is unchanged")]
    Position(#[from] AnyPositionError),
    /// A move of `position … moves` that cannot be played.
    #[error("move {index} '{text}' cannot be played: {source}; the position is unchanged")]
    Move {
        /// Its place in the list, from 1.
        index: usize,
        /// The move as written.
        text: String,
        /// Why not.
        source: MoveError,
    },
    /// A clock `go` without the clock of the side to move.
    #[error("go: {side} is to move but {field} is missing")]
    MissingClock {
        /// The side to move.
        side: Color,
        /// The missing parameter.
        field: &'static str,
    },
    /// The search thread could not be started.
    #[error("could not start the search: {0}")]
    Thread(String),
}

/// Whether the protocol loop goes on after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was given: end the loop.
    Quit,
}

/// The engine side of the protocol. Feed it lines with [`Engine::handle_line`]; it answers
/// through the [`LineSink`] it was made with, from the calling thread and from its search thread.
/// Dropping it stops any search.
pub struct Engine {
    sink: SharedSink,
    options: EngineOptions,
    position: AnyPosition,
    searcher: Option<AnySearcher>,
    worker: Option<Worker>,
    seed: u64,
}

impl Engine {
    /// A new engine at the Lines of Action start with default options.
    pub fn new(sink: impl LineSink + 'static) -> Engine {
        let options = EngineOptions::default();
        let clock = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        Engine {
            sink: Arc::new(Mutex::new(Box::new(sink))),
            position: options.config.start(),
            options,
            searcher: None,
            worker: None,
            seed: clock ^ u64::from(std::process::id()).rotate_left(32),
        }
    }

    /// The current position (what the next `go` searches).
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The current option values.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Whether a search or perft is running.
    pub fn is_busy(&self) -> bool {
        self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }

    /// Handles one input line: answers it, or prints `info string error: …` and carries on.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let result = Command::parse(line)
            .map_err(ProtocolError::from)
            .and_then(|command| match command {
                Some(command) => self.execute(command),
                None => Ok(Flow::Continue),
            });
        match result {
            Ok(flow) => flow,
            Err(error) => {
                self.say(&format!("info string error: {error}"));
                Flow::Continue
            }
        }
    }

    /// Answers a line that was too long to read (see [`super::MAX_LINE_BYTES`]).
    pub fn reject_long_line(&mut self, limit: usize) {
        self.say(&format!(
            "info string error: the line is longer than {limit} bytes and was ignored"
        ));
    }

    /// At the end of input: lets a bounded search finish (printing its `bestmove`), stops an
    /// infinite one.
    pub fn finish(&mut self) {
        if self.worker.as_ref().is_some_and(Worker::is_infinite) {
            self.stop();
        } else if let Some(worker) = self.worker.take() {
            self.searcher = worker.join().or(self.searcher.take());
        }
    }

    /// Stops a running search or perft and waits until it has printed its last line.
    pub fn stop(&mut self) {
        if let Some(worker) = self.worker.take() {
            self.searcher = worker.stop_and_join().or(self.searcher.take());
        }
    }

    fn say(&self, line: &str) {
        emit(&self.sink, line);
    }

    fn execute(&mut self, command: Command) -> Result<Flow, ProtocolError> {
        match command {
            Command::Uci => {
                self.say(&format!("id name Gamut {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the Gamut developers");
                for line in OPTION_LINES {
                    self.say(line);
                }
                self.say("uciok");
            }
            Command::IsReady => {
                // The table is built here rather than in the first `go`, whose time it would eat.
                let fits = self
                    .searcher
                    .as_ref()
                    .is_some_and(|s| s.fits(&self.position));
                if self.worker.is_none() && !fits {
                    self.searcher = Some(AnySearcher::new(&self.position, self.options.hash_mb));
                }
                self.say("readyok");
            }
            Command::NewGame => {
                self.stop();
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                self.position = self.options.config.start();
            }
            Command::SetOption { name, value } => {
                self.stop();
                match self.options.set(&name, value.as_deref())? {
                    OptionChange::Rules => {
                        self.position = self.options.config.start();
                        if self
                            .searcher
                            .as_ref()
                            .is_some_and(|s| !s.fits(&self.position))
                        {
                            self.searcher = None;
                        }
                    }
                    OptionChange::Hash => self.searcher = None,
                    OptionChange::Level | OptionChange::Weights | OptionChange::Lines => {}
                }
            }
            Command::Position { start, moves } => self.set_position(start, &moves)?,
            Command::Go(params) => self.go(params)?,
            Command::Perft(depth) => {
                self.stop();
                self.start_worker(Job::Perft(depth))?;
            }
            Command::Stop => self.stop(),
            Command::Quit => {
                self.stop();
                return Ok(Flow::Quit);
            }
            Command::Display => self.display(),
        }
        Ok(Flow::Continue)
    }

    fn set_position(
        &mut self,
        start: StartPosition,
        moves: &[String],
    ) -> Result<(), ProtocolError> {
        let config = &self.options.config;
        let mut position = match start {
            StartPosition::Start => config.start(),
            StartPosition::Text(text) => config.position_from_text(&text)?,
        };
        for (i, text) in moves.iter().enumerate() {
            let error = |source| ProtocolError::Move {
                index: i + 1,
                text: text.clone(),
                source,
            };
            let mv = position.parse_move(text).map_err(error)?;
            position.play(mv).map_err(error)?;
        }
        self.position = position;
        Ok(())
    }

    fn display(&self) {
        let p = &self.position;
        for line in p.to_string().lines() {
            self.say(line);
        }
        self.say(&format!("Game: {}", self.options.config));
        self.say(&format!("Fen: {}", p.to_text()));
        let played: Vec<String> = p.moves_played().iter().map(|m| m.to_string()).collect();
        if played.is_empty() {
            self.say("Moves: (none)");
        } else {
            self.say(&format!("Moves: {}", played.join(" ")));
        }
        self.say(&format!("Key: {:016x}", p.hash()));
        self.say(&format!("Legal moves: {}", p.count_legal_moves()));
        match p.outcome() {
            Some(outcome) => self.say(&format!("Outcome: {outcome}")),
            None => self.say(&format!("Side to move: {}", p.side_to_move())),
        }
        self.say(&format!(
            "Level: {}, Hash: {} MiB",
            self.options.level, self.options.hash_mb
        ));
    }

    fn go(&mut self, params: GoParams) -> Result<(), ProtocolError> {
        self.stop();
        if let Some(outcome) = self.position.outcome() {
            self.say(&format!("info string game over: {outcome}"));
            self.say("bestmove (none)");
            return Ok(());
        }
        let side = self.position.side_to_move();
        let ms = Duration::from_millis;
        let infinite = params.is_infinite();
        let mut limits = Limits {
            depth: params.depth,
            nodes: params.nodes,
            ..Limits::default()
        };
        let mut think_time: Option<Duration> = None;
        if let Some(movetime) = params.movetime {
            let hard = ms(movetime).saturating_sub(MOVE_OVERHEAD).max(ms(1));
            limits.time = Some(hard);
            think_time = Some(hard);
        }
        let (clock, increment, clock_name) = match side {
            Color::White => (params.wtime, params.winc, "wtime"),
            Color::Black => (params.btime, params.binc, "btime"),
        };
        match clock {
            Some(remaining) => {
                let budget = Limits::clock(ms(remaining), ms(increment.unwrap_or(0)));
                limits.time = min_time(limits.time, budget.time);
                limits.soft_time = budget.soft_time;
                think_time = min_time(think_time, budget.soft_time);
            }
            None if params.wtime.is_some() || params.btime.is_some() => {
                return Err(ProtocolError::MissingClock {
                    side,
                    field: clock_name,
                });
            }
            None => {}
        }
        if params.infinite {
            limits = Limits::default();
        }
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let job = SearchJob {
            limits,
            level: self.options.level,
            level_settings: self.options.level_settings,
            think_time: think_time
                .filter(|_| !infinite)
                .unwrap_or(DEFAULT_LEVEL_THINK_TIME),
            infinite,
            seed: self.seed,
            evaluators: self.options.evaluators(),
            lines: self.options.multi_pv,
        };
        self.start_worker(Job::Search(Box::new(job)))
    }

    fn start_worker(&mut self, job: Job) -> Result<(), ProtocolError> {
        let searcher = match (&job, self.searcher.take()) {
            (Job::Perft(_), searcher) => searcher,
            (Job::Search(_), Some(s)) if s.fits(&self.position) => Some(s),
            (Job::Search(_), _) => Some(AnySearcher::new(&self.position, self.options.hash_mb)),
        };
        let worker = Worker::start(searcher, self.position.clone(), job, Arc::clone(&self.sink))
            .map_err(ProtocolError::Thread)?;
        self.worker = Some(worker);
        Ok(())
    }
}

fn min_time(a: Option<Duration>, b: Option<Duration>) -> Option<Duration> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}
