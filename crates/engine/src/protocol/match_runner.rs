//! Matches between two protocol engines: varied openings played twice with the colours swapped,
//! every move refereed with our own rules, and the result as W-D-L and an Elo difference.
//!
//! Games are played one after the other, so the two engines take turns thinking. An engine that
//! sends an illegal move, exits, or answers later than the time plus the margin loses the game;
//! a crashed or late engine is restarted for the next game.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use thiserror::Error;

use super::client::{ClientError, EngineProcess};
use super::elo::Tally;
use crate::any_game::{AnyPosition, AnyPositionError, GameConfig, GameKind};
use crate::memory::Resident;
use crate::{Color, Game, loa};

/// A move later than its time by more than this counts as late in the statistics (the protocol
/// promises `bestmove` within the time + 20 ms).
pub const LATE_AFTER: Duration = Duration::from_millis(20);

/// Time allowed per move when the limit is a depth or a node count.
pub const UNTIMED_MOVE_ALLOWANCE: Duration = Duration::from_secs(60);

/// A wait longer than any match (what "no time limit" becomes).
const FOREVER: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// One of the two players: a command line and the options it gets after the game's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// Command line, split on whitespace (quotes group words).
    pub command: String,
    /// `setoption` name and value pairs, sent in order after the game's rule options.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// The command and its options for the report, e.g. `gamut-engine [Level=5]`.
    pub fn describe(&self) -> String {
        if self.options.is_empty() {
            return self.command.clone();
        }
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        format!("{} [{}]", self.command, options.join(", "))
    }
}

/// What each move may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveLimit {
    /// `go movetime MS`.
    MoveTime(Duration),
    /// `go depth N`.
    Depth(u32),
    /// `go nodes N`.
    Nodes(u64),
}

impl MoveLimit {
    fn go_line(self) -> String {
        match self {
            MoveLimit::MoveTime(t) => format!("go movetime {}", t.as_millis()),
            MoveLimit::Depth(d) => format!("go depth {d}"),
            MoveLimit::Nodes(n) => format!("go nodes {n}"),
        }
    }

    /// The time a move may take before it is late.
    fn allowance(self) -> Option<Duration> {
        match self {
            MoveLimit::MoveTime(t) => Some(t),
            _ => None,
        }
    }
}

/// Everything a match needs.
#[derive(Debug, Clone)]
pub struct MatchSettings {
    /// Engine A (scores are from its side).
    pub engine_a: EngineSpec,
    /// Engine B.
    pub engine_b: EngineSpec,
    /// The game and rules; sent to both engines.
    pub config: GameConfig,
    /// Position text to start from instead of the start position.
    pub start_text: Option<String>,
    /// Games to play (each opening twice, colours swapped).
    pub games: u32,
    /// The limit of each move.
    pub limit: MoveLimit,
    /// Random legal plies that make each opening.
    pub opening_plies: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// A game reaching this many plies (opening included) is a draw.
    pub max_plies: u32,
    /// A move later than its time by more than this loses the game.
    pub timeout_margin: Duration,
}

/// A match that could not be run at all.
#[derive(Debug, Error)]
pub enum MatchError {
    /// An engine could not be started or set up.
    #[error("engine {which}: {source}")]
    Engine {
        /// `A` or `B`.
        which: char,
        /// What went wrong.
        source: ClientError,
    },
    /// The start position text is not valid.
    #[error(transparent)]
    Position(#[from] AnyPositionError),
    /// No opening of that many plies exists from the start.
    #[error("no opening of {0} plies: every sequence ends the game")]
    NoOpening(u32),
    /// The report could not be written.
    #[error("cannot write the report: {0}")]
    Output(#[from] io::Error),
}

/// A game's result from engine A's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// A won.
    Win,
    /// Drawn.
    Draw,
    /// A lost.
    Loss,
}

/// One game of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The colour engine A played.
    pub a_color: Color,
    /// The result for A.
    pub result: GameResult,
    /// Why the game ended, in words.
    pub reason: String,
    /// Whether it ended by a forfeit (illegal move, crash, time).
    pub forfeit: bool,
    /// Every move in engine notation, the opening's first.
    pub moves: Vec<String>,
    /// How many of the moves were the opening.
    pub opening_plies: usize,
}

/// Move timing of one engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EngineStats {
    /// Moves answered.
    pub moves: u64,
    /// Their total time, from `go` to `bestmove`.
    pub total_time: Duration,
    /// The longest answer.
    pub longest: Duration,
    /// Answers later than the time + [`LATE_AFTER`].
    pub late: u64,
    /// Games lost by forfeit.
    pub forfeits: u32,
}

impl EngineStats {
    fn record(&mut self, elapsed: Duration, limit: MoveLimit) {
        self.moves += 1;
        self.total_time += elapsed;
        self.longest = self.longest.max(elapsed);
        if limit
            .allowance()
            .is_some_and(|t| elapsed > t.saturating_add(LATE_AFTER))
        {
            self.late += 1;
        }
    }

    fn describe(&self, limit: MoveLimit) -> String {
        let average = if self.moves > 0 {
            self.total_time.as_secs_f64() * 1000.0 / self.moves as f64
        } else {
            0.0
        };
        let mut text = format!(
            "{} moves, average {:.1} ms, longest {} ms",
            self.moves,
            average,
            self.longest.as_millis()
        );
        if let Some(t) = limit.allowance() {
            text.push_str(&format!(
                ", {} over {} ms",
                self.late,
                t.saturating_add(LATE_AFTER).as_millis()
            ));
        }
        text.push_str(&format!(", {} forfeits", self.forfeits));
        text
    }
}

/// The outcome of a match.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MatchReport {
    /// A's wins, draws and losses.
    pub tally: Tally,
    /// Every game.
    pub games: Vec<GameRecord>,
    /// Timing of A (index 0) and B (index 1).
    pub stats: [EngineStats; 2],
    /// Resident memory of A's and B's processes (Linux).
    pub memory: [EngineMemory; 2],
}

/// An engine process's resident memory at the start of the match (after its first `isready`,
/// which allocates the transposition table) and at the end (before `quit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EngineMemory {
    /// At the start of the first game.
    pub start: Option<Resident>,
    /// After the last game.
    pub end: Option<Resident>,
}

impl EngineMemory {
    fn describe(&self) -> String {
        match (self.start, self.end) {
            (Some(start), Some(end)) => format!("start {start}, end {end}"),
            _ => "not measured".to_string(),
        }
    }
}

/// The random openings: `count` move lists of `plies` random legal moves from `root` that do not
/// end the game, distinct where possible.
pub fn openings(
    root: &AnyPosition,
    count: usize,
    plies: u32,
    seed: u64,
) -> Result<Vec<Vec<String>>, MatchError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found: Vec<Vec<String>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut attempts = 0usize;
    let max_attempts = count.saturating_mul(50).max(1000);
    while found.len() < count && attempts < max_attempts {
        attempts += 1;
        let mut position = root.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            moves.push(mv.to_string());
            position.play_unchecked(mv);
        }
        if position.outcome().is_none()
            && moves.len() == plies as usize
            && seen.insert(position.hash())
        {
            found.push(moves);
        }
    }
    if found.is_empty() && count > 0 {
        return Err(MatchError::NoOpening(plies));
    }
    // Too few distinct openings exist: repeat the ones found.
    let distinct = found.len();
    for i in distinct..count {
        found.push(found[i % distinct].clone());
    }
    Ok(found)
}

/// The `setoption` pairs that give an engine the configured game and rules.
pub fn rule_options(config: &GameConfig) -> Vec<(String, String)> {
    let loa = &config.loa;
    let epaminondas = &config.epaminondas;
    let pairs = [
        ("Game", config.kind.name().to_string()),
        ("Variant", loa.variant.name().to_string()),
        (
            "Board",
            match config.kind {
                GameKind::LinesOfAction if loa.board != loa::BoardSize::Eight => {
                    loa.board.name().to_string()
                }
                GameKind::LinesOfAction => "standard".to_string(),
                GameKind::Epaminondas => epaminondas.board.name().to_string(),
            },
        ),
        (
            "FirstPlayer",
            match loa.first_player {
                Color::Black => "black".to_string(),
                Color::White => "white".to_string(),
            },
        ),
        (
            "Simultaneous",
            match loa.simultaneous {
                loa::SimultaneousConnection::Draw => "draw".to_string(),
                loa::SimultaneousConnection::MoverWins => "mover-wins".to_string(),
            },
        ),
        (
            "Repetition",
            match config.kind {
                GameKind::LinesOfAction => loa.repetition_draw,
                GameKind::Epaminondas => epaminondas.repetition_draw,
            }
            .to_string(),
        ),
        ("AntiSymmetry", epaminondas.anti_symmetry.to_string()),
    ];
    pairs.into_iter().map(|(n, v)| (n.to_string(), v)).collect()
}

/// A running match: the two processes and what they are told.
struct Players {
    specs: [EngineSpec; 2],
    options: [Vec<(String, String)>; 2],
    processes: [Option<EngineProcess>; 2],
}

impl Players {
    fn start(&mut self, i: usize) -> Result<(), MatchError> {
        let which = if i == 0 { 'A' } else { 'B' };
        let error = |source| MatchError::Engine { which, source };
        if let Some(mut old) = self.processes[i].take() {
            old.kill();
        }
        let mut process = EngineProcess::spawn(&self.specs[i].command).map_err(error)?;
        process.initialise(&self.options[i]).map_err(error)?;
        self.processes[i] = Some(process);
        Ok(())
    }

    /// `ucinewgame` and `isready`; a dead or silent engine is restarted.
    fn new_game(&mut self, i: usize) -> Result<(), MatchError> {
        let ready = match &mut self.processes[i] {
            Some(p) => p.send("ucinewgame").and_then(|()| p.synchronise()).is_ok(),
            None => false,
        };
        if !ready {
            self.start(i)?;
        }
        Ok(())
    }
}

/// Why a player lost on the spot.
struct Forfeit(String);

/// Asks engine `process` for a move in `position` (reached from `root` by `moves`), checks it
/// and returns it with the time taken.
fn ask_move(
    process: &mut EngineProcess,
    position_line: &str,
    position: &AnyPosition,
    settings: &MatchSettings,
) -> Result<(crate::any_game::AnyMove, Duration), (Forfeit, bool)> {
    let crashed = |e: ClientError| match e {
        ClientError::Timeout { after, .. } => (
            Forfeit(format!("no move within {} ms", after.as_millis())),
            true,
        ),
        e => (Forfeit(format!("crashed ({e})")), true),
    };
    process.send(position_line).map_err(crashed)?;
    let start = Instant::now();
    process.send(&settings.limit.go_line()).map_err(crashed)?;
    let timeout = settings
        .limit
        .allowance()
        .unwrap_or(UNTIMED_MOVE_ALLOWANCE)
        .saturating_add(settings.timeout_margin);
    let deadline = start.checked_add(timeout).unwrap_or(start + FOREVER);
    let mut complaint: Option<String> = None;
    let answer = loop {
        let line = process.next_line(deadline, "bestmove").map_err(crashed)?;
        if line.starts_with("info string error") {
            complaint = Some(line);
        } else if let Some(rest) = line.strip_prefix("bestmove")
            && (rest.is_empty() || rest.starts_with(char::is_whitespace))
        {
            break rest.split_whitespace().next().unwrap_or("").to_string();
        }
    };
    let elapsed = start.elapsed();
    position
        .parse_move(&answer)
        .map(|mv| (mv, elapsed))
        .map_err(|e| {
            let mut reason = format!("illegal move '{answer}': {e}");
            if let Some(c) = complaint {
                reason.push_str(&format!(" (after '{c}')"));
            }
            (Forfeit(reason), false)
        })
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Plays the match, writing a line per game and the summary to `out`.
pub fn run_match(settings: &MatchSettings, out: &mut dyn Write) -> Result<MatchReport, MatchError> {
    let root = match &settings.start_text {
        Some(text) => settings.config.position_from_text(text)?,
        None => settings.config.start(),
    };
    let position_prefix = match &settings.start_text {
        Some(text) => format!("position fen {text}"),
        None => "position startpos".to_string(),
    };
    let opening_count = (settings.games as usize).div_ceil(2);
    let openings = openings(&root, opening_count, settings.opening_plies, settings.seed)?;
    let rules = rule_options(&settings.config);
    let with_rules = |spec: &EngineSpec| {
        let mut all = rules.clone();
        all.extend(spec.options.iter().cloned());
        all
    };
    let mut players = Players {
        options: [
            with_rules(&settings.engine_a),
            with_rules(&settings.engine_b),
        ],
        specs: [settings.engine_a.clone(), settings.engine_b.clone()],
        processes: [None, None],
    };
    players.start(0)?;
    players.start(1)?;
    writeln!(out, "A: {}", settings.engine_a.describe())?;
    writeln!(out, "B: {}", settings.engine_b.describe())?;
    writeln!(
        out,
        "{} games of {}, {}, openings of {} random plies (seed {}), draw after {} plies",
        settings.games,
        settings.config,
        settings.limit.go_line().trim_start_matches("go "),
        settings.opening_plies,
        settings.seed,
        settings.max_plies
    )?;
    let first = root.side_to_move();
    let mut report = MatchReport::default();
    for game in 0..settings.games as usize {
        let opening = &openings[game / 2];
        let a_color = if game % 2 == 0 { first } else { !first };
        let mut position = root.clone();
        let mut moves: Vec<String> = Vec::new();
        for text in opening {
            if let Ok(mv) = position.parse_move(text) {
                position.play_unchecked(mv);
                moves.push(text.clone());
            }
        }
        players.new_game(0)?;
        players.new_game(1)?;
        if game == 0 {
            for (i, process) in players.processes.iter().enumerate() {
                report.memory[i].start = process.as_ref().and_then(EngineProcess::memory);
            }
        }
        let (result, reason, forfeit) = loop {
            if let Some(outcome) = position.outcome() {
                let result = match outcome.winner() {
                    None => GameResult::Draw,
                    Some(w) if w == a_color => GameResult::Win,
                    Some(_) => GameResult::Loss,
                };
                break (result, outcome.to_string(), false);
            }
            if position.ply() >= settings.max_plies as usize {
                break (
                    GameResult::Draw,
                    format!("Draw: {} plies played", settings.max_plies),
                    false,
                );
            }
            let side = position.side_to_move();
            let i = usize::from(side != a_color);
            let mut line = position_prefix.clone();
            if !moves.is_empty() {
                line.push_str(" moves ");
                line.push_str(&moves.join(" "));
            }
            let asked = match &mut players.processes[i] {
                Some(p) => ask_move(p, &line, &position, settings),
                None => Err((Forfeit("not running".into()), true)),
            };
            match asked {
                Ok((mv, elapsed)) => {
                    report.stats[i].record(elapsed, settings.limit);
                    moves.push(mv.to_string());
                    position.play_unchecked(mv);
                }
                Err((Forfeit(why), restart)) => {
                    report.stats[i].forfeits += 1;
                    if restart {
                        if let Some(p) = &mut players.processes[i] {
                            p.kill();
                        }
                        players.processes[i] = None;
                    }
                    let loser = if i == 0 { "A" } else { "B" };
                    let result = if i == 0 {
                        GameResult::Loss
                    } else {
                        GameResult::Win
                    };
                    break (
                        result,
                        format!("{loser} ({}) forfeits: {why}", colour_name(side)),
                        true,
                    );
                }
            }
        };
        match result {
            GameResult::Win => report.tally.wins += 1,
            GameResult::Draw => report.tally.draws += 1,
            GameResult::Loss => report.tally.losses += 1,
        }
        let verdict = match result {
            GameResult::Win => "A wins",
            GameResult::Draw => "draw",
            GameResult::Loss => "B wins",
        };
        writeln!(
            out,
            "game {}/{}: A {} vs B {}, opening {}: {verdict} ({reason}), {} plies; A {}",
            game + 1,
            settings.games,
            colour_name(a_color),
            colour_name(!a_color),
            if opening.is_empty() {
                "(none)".to_string()
            } else {
                opening.join(" ")
            },
            moves.len(),
            report.tally
        )?;
        out.flush()?;
        report.games.push(GameRecord {
            a_color,
            result,
            reason,
            forfeit,
            moves,
            opening_plies: opening.len(),
        });
    }
    for (i, process) in players.processes.iter_mut().enumerate() {
        if let Some(process) = process {
            report.memory[i].end = process.memory();
            process.shut_down();
        }
    }
    write_summary(&report, settings, out)?;
    Ok(report)
}

/// The final lines: W-D-L, score, Elo ± error, forfeits and move timing.
pub fn write_summary(
    report: &MatchReport,
    settings: &MatchSettings,
    out: &mut dyn Write,
) -> io::Result<()> {
    let tally = report.tally;
    writeln!(
        out,
        "Score of A vs B: {tally} (W-D-L) in {} games, {:.1}%",
        tally.games(),
        tally.score().unwrap_or(0.0) * 100.0
    )?;
    match tally.elo() {
        Some(elo) => writeln!(out, "Elo difference (A - B): {elo} (95%)")?,
        None => writeln!(out, "Elo difference (A - B): no games")?,
    }
    let forfeits: Vec<&GameRecord> = report.games.iter().filter(|g| g.forfeit).collect();
    if forfeits.is_empty() {
        writeln!(out, "Forfeits: none")?;
    } else {
        writeln!(out, "Forfeits: {}", forfeits.len())?;
        for game in forfeits {
            writeln!(out, "  {}", game.reason)?;
        }
    }
    writeln!(out, "A: {}", report.stats[0].describe(settings.limit))?;
    writeln!(out, "B: {}", report.stats[1].describe(settings.limit))?;
    writeln!(out, "Memory A: {}", report.memory[0].describe())?;
    writeln!(out, "Memory B: {}", report.memory[1].describe())?;
    Ok(())
}
