//! The Exhibition (`--demo`): the computer against itself through every game and variant, for a
//! big screen at a game night — a large evaluation bar, the game and the players at the top, a
//! caption for what just happened, a slow camera orbit, and after each game its evaluation graph
//! for a few seconds before the next one.
//!
//! [`Exhibition`] holds the cycle and where it is; [`Exhibition::start`] sets it going (then send
//! [`GameCommand::NewGame`]). The captions are typed ([`Caption`], made by pure functions in
//! [`caption`]); their words, and every other word shown here, are in [`words`].

pub mod caption;
mod view;
pub mod words;

use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;
use gamut_engine::search::Score;

pub use caption::{Caption, WinBy};

use crate::ai::Evaluation;
use crate::model::{AnimationSpeed, CurrentGame, GameSettings, Player};
use crate::play::{AppState, BoardReset, GameCommand, MovePlayed, PlaySystems, StartPosition};
use crate::review::marks::{black_view, plot_value};

/// One game of the cycle: the game and its rules, and the computer's level on each seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Showcase {
    /// Game, variant and rule options.
    pub config: GameConfig,
    /// Black's level (in LOA for four, Black's plain set).
    pub black: Level,
    /// White's level (in LOA for four, White's plain set).
    pub white: Level,
    /// LOA for four: Black's marked set.
    pub black_marked: Level,
    /// LOA for four: White's marked set.
    pub white_marked: Level,
}

impl Showcase {
    /// A game of `config` between two levels (the marked sets of LOA for four play at the other
    /// colour's level, so each team has one of each).
    pub fn new(config: GameConfig, black: u8, white: u8) -> Showcase {
        let level = |n| Level::new(n).unwrap_or(Level::MAX);
        Showcase {
            config,
            black: level(black),
            white: level(white),
            black_marked: level(white),
            white_marked: level(black),
        }
    }

    /// The settings of this game: computers on every seat.
    pub fn settings(&self, think_time: Duration, animation: AnimationSpeed) -> GameSettings {
        GameSettings {
            config: self.config,
            black: Player::Computer(self.black),
            white: Player::Computer(self.white),
            black_marked: Player::Computer(self.black_marked),
            white_marked: Player::Computer(self.white_marked),
            think_time,
            animation,
            ..GameSettings::default()
        }
    }
}

/// A Lines of Action variant's rules (the book's options).
fn loa(variant: Variant) -> GameConfig {
    let mut config = GameConfig::default();
    config.loa.variant = variant;
    config
}

/// Epaminondas on a board (the book's options).
fn epaminondas(board: BoardSize) -> GameConfig {
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    config.epaminondas.board = board;
    config
}

/// Every game and variant, alternating the two games, with strong but varied levels.
pub fn default_cycle() -> Vec<Showcase> {
    vec![
        Showcase::new(loa(Variant::Standard), 14, 13),
        Showcase::new(epaminondas(BoardSize::Standard), 13, 14),
        Showcase::new(loa(Variant::ScrambledEggs), 14, 12),
        Showcase::new(epaminondas(BoardSize::Small), 12, 14),
        Showcase::new(loa(Variant::Parachute), 14, 13),
        Showcase::new(loa(Variant::FourPlayers), 14, 13),
        Showcase::new(loa(Variant::Ambidextrous), 13, 14),
        Showcase::new(loa(Variant::Boundless), 14, 14),
    ]
}

/// Where the exhibition is in a game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Phase {
    /// The game goes on.
    Playing,
    /// The game is over: its graph shows for [`Exhibition::pause`], then the next game starts.
    Finale {
        /// Time since the game ended.
        elapsed: Duration,
    },
}

/// The exhibition: whether it runs, its cycle of games and where it is.
///
/// To start it (the title screen, `--demo`): `exhibition.start(&mut settings)`, then send
/// [`GameCommand::NewGame`]. While it runs the side panel and the status bar give way to the
/// exhibition's own view; `Esc` (or [`Exhibition::stop`]) ends it and gives the player's
/// settings back.
#[derive(Resource, Debug, Clone)]
pub struct Exhibition {
    on: bool,
    cycle: Vec<Showcase>,
    index: usize,
    phase: Phase,
    /// The player's settings from before the exhibition, given back when it stops.
    saved: Option<GameSettings>,
    /// The computer's time per move.
    pub think_time: Duration,
    /// How fast the pieces move.
    pub animation: AnimationSpeed,
    /// How long the finished game's graph shows before the next game.
    pub pause: Duration,
}

impl Default for Exhibition {
    fn default() -> Exhibition {
        Exhibition::with_cycle(default_cycle())
    }
}

impl Exhibition {
    /// An exhibition (not yet started) of these games; the default cycle if it is empty.
    pub fn with_cycle(cycle: Vec<Showcase>) -> Exhibition {
        Exhibition {
            on: false,
            cycle: if cycle.is_empty() {
                default_cycle()
            } else {
                cycle
            },
            index: 0,
            phase: Phase::Playing,
            saved: None,
            think_time: Duration::from_millis(1200),
            animation: AnimationSpeed::Slow,
            pause: Duration::from_secs(8),
        }
    }

    /// Starts the exhibition with the first game of the cycle: `settings` become that game's
    /// (the player's are kept for [`Exhibition::stop`]). Send [`GameCommand::NewGame`] next.
    pub fn start(&mut self, settings: &mut GameSettings) {
        self.start_at(0, settings);
    }

    /// Starts the exhibition with the cycle's game of `config`'s game and variant (or board),
    /// else with the first one.
    pub fn start_from(&mut self, config: GameConfig, settings: &mut GameSettings) {
        let index = self
            .cycle
            .iter()
            .position(|s| same_game(&s.config, &config))
            .unwrap_or(0);
        self.start_at(index, settings);
    }

    fn start_at(&mut self, index: usize, settings: &mut GameSettings) {
        if !self.on {
            self.saved = Some(*settings);
        }
        self.on = true;
        self.index = index % self.cycle.len();
        self.phase = Phase::Playing;
        *settings = self.settings();
    }

    /// Ends the exhibition and gives the player's settings back. The game on the board stays.
    pub fn stop(&mut self, settings: &mut GameSettings) {
        if let Some(saved) = self.saved.take() {
            *settings = saved;
        }
        self.on = false;
        self.phase = Phase::Playing;
    }

    /// Moves on to the next game of the cycle: `settings` become its own. Send
    /// [`GameCommand::NewGame`] next.
    pub fn advance(&mut self, settings: &mut GameSettings) {
        self.index = (self.index + 1) % self.cycle.len();
        self.phase = Phase::Playing;
        *settings = self.settings();
    }

    /// The settings of the current game.
    pub fn settings(&self) -> GameSettings {
        self.current().settings(self.think_time, self.animation)
    }

    /// Whether the exhibition runs.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The games, in order.
    pub fn cycle(&self) -> &[Showcase] {
        &self.cycle
    }

    /// Which game of the cycle is played (from 0).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The game played.
    pub fn current(&self) -> &Showcase {
        &self.cycle[self.index % self.cycle.len()]
    }

    /// The game after it.
    pub fn upcoming(&self) -> &Showcase {
        &self.cycle[(self.index + 1) % self.cycle.len()]
    }

    /// Where the exhibition is in the game.
    pub fn phase(&self) -> Phase {
        self.phase
    }
}

/// Whether two configurations are the same game and variant (or board).
fn same_game(a: &GameConfig, b: &GameConfig) -> bool {
    a.kind == b.kind
        && match a.kind {
            GameKind::LinesOfAction => a.loa.variant == b.loa.variant,
            GameKind::Epaminondas => a.epaminondas.board == b.epaminondas.board,
        }
}

/// The computer's evaluations over the game played, for the graph at its end.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct EvaluationTrace {
    /// One point per computer move: the ply after it and White's advantage in pieces (±10 at
    /// most; a win seen by the search sits on the edge).
    pub points: Vec<[f64; 2]>,
}

/// White's advantage in pieces (clamped to ±10) from a score of the side `by`.
pub fn white_advantage(score: Score, by: Side) -> f64 {
    -plot_value(black_view(score, by))
}

/// White's share of the evaluation bar, 0–1 (½: even; a win seen by the search fills it).
pub fn white_share(score: Score, by: Side) -> f32 {
    match black_view(score, by) {
        Score::WinIn(_) => 0.0,
        Score::LossIn(_) => 1.0,
        Score::Centipawns(cp) => 0.5 - 0.5 * (cp as f32 / 400.0).tanh(),
    }
}

/// The captions of the last move, and every caption of the game so far.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Captions {
    /// The last move's captions: what it did, then what it means.
    pub lines: Vec<Caption>,
    /// When they were made ([`Time::elapsed_secs_f64`]), for their fading.
    pub since: f64,
    /// Every caption of this game, oldest first.
    pub log: Vec<Caption>,
}

/// The exhibition: the cycle, the captions, the graph's points, the orbit and the view.
pub struct ExhibitionPlugin;

impl Plugin for ExhibitionPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PreUpdate, (start_on_request, mark_show_games).chain());
        app.init_resource::<Exhibition>()
            .init_resource::<EvaluationTrace>()
            .init_resource::<Captions>()
            .init_resource::<PendingThreat>()
            .add_systems(
                Update,
                (
                    forget_finished_game,
                    trace_evaluations,
                    caption_moves,
                    next_game_after_the_graph,
                    orbit_while_on,
                )
                    .chain()
                    .after(PlaySystems),
            )
            .add_systems(OnEnter(AppState::Menu), stop_at_title)
            .add_systems(bevy_egui::EguiPrimaryContextPass, view::exhibition_view);
    }
}

/// A new game (or the board rebuilt) starts a new trace and new captions.
fn forget_finished_game(
    mut resets: MessageReader<BoardReset>,
    mut trace: ResMut<EvaluationTrace>,
    mut captions: ResMut<Captions>,
) {
    if resets.read().count() > 0 {
        trace.points.clear();
        *captions = Captions::default();
    }
}

/// Each computer move adds its evaluation to the trace.
fn trace_evaluations(
    exhibition: Res<Exhibition>,
    evaluation: Res<Evaluation>,
    game: Res<CurrentGame>,
    mut trace: ResMut<EvaluationTrace>,
) {
    if !exhibition.on || !evaluation.is_changed() {
        return;
    }
    let Some(score) = evaluation.current(&game).and_then(|a| a.score) else {
        return;
    };
    let ply = evaluation.ply as f64;
    if trace.points.last().is_none_or(|last| last[0] < ply) {
        trace
            .points
            .push([ply, white_advantage(score, evaluation.by)]);
    }
}

/// Each move played gets its captions: what it did at once, what it means (a side one move
/// from winning) when a thread of its own has tried the replies.
fn caption_moves(
    exhibition: Res<Exhibition>,
    mut played: MessageReader<MovePlayed>,
    game: Res<CurrentGame>,
    time: Res<Time>,
    mut captions: ResMut<Captions>,
    mut pending: ResMut<PendingThreat>,
) {
    if !exhibition.on {
        played.clear();
        return;
    }
    for m in played.read() {
        let mut lines = caption::move_captions(m.by, m.mv, &m.effects);
        match game.end() {
            Some(end) => lines.push(caption::ending(end)),
            None => pending.ask(&game, m.by),
        }
        captions.log.extend(lines.iter().copied());
        captions.lines = lines;
        captions.since = time.elapsed_secs_f64();
    }
    if let Some(threat) = pending.answer(&game) {
        captions.log.push(threat);
        captions.lines.push(threat);
    }
}

/// The search for a side one move from winning, on its own thread, and the moment of the game
/// it is for.
#[derive(Resource, Default)]
pub struct PendingThreat {
    thread: Option<std::thread::JoinHandle<Option<Caption>>>,
    moment: (u64, usize),
}

impl PendingThreat {
    /// Starts looking at `game` after a move `by` one side.
    fn ask(&mut self, game: &CurrentGame, by: Side) {
        let position = game.position().clone();
        let thread = std::thread::Builder::new()
            .name("gamut-caption".into())
            .spawn(move || caption::threat(&position, by));
        match thread {
            Ok(thread) => {
                self.thread = Some(thread);
                self.moment = game.moment();
            }
            Err(e) => warn!("cannot start the caption thread: {e}"),
        }
    }

    /// The threat found, once the thread is done, if the game is still where it looked.
    fn answer(&mut self, game: &CurrentGame) -> Option<Caption> {
        if self.thread.as_ref().is_none_or(|t| !t.is_finished()) {
            return None;
        }
        let found = self.thread.take()?.join().ok().flatten()?;
        (self.moment == game.moment()).then_some(found)
    }
}

/// After a game ends, its graph shows for a while; then the next game of the cycle starts.
fn next_game_after_the_graph(
    mut exhibition: ResMut<Exhibition>,
    state: Res<State<AppState>>,
    time: Res<Time>,
    mut settings: ResMut<GameSettings>,
    mut start: ResMut<StartPosition>,
    mut commands: MessageWriter<GameCommand>,
) {
    if !exhibition.on {
        return;
    }
    let elapsed = match (exhibition.phase, state.get()) {
        (Phase::Playing, AppState::GameOver) => Duration::ZERO,
        (Phase::Finale { elapsed }, AppState::GameOver) => elapsed + time.delta(),
        (Phase::Finale { .. }, _) => {
            exhibition.phase = Phase::Playing; // a new game was started otherwise
            return;
        }
        (Phase::Playing, _) => return,
    };
    if elapsed < exhibition.pause {
        exhibition.phase = Phase::Finale { elapsed };
        return;
    }
    exhibition.advance(&mut settings);
    // A start position given on the command line was for the first game only.
    start.0 = None;
    commands.write(GameCommand::NewGame);
}

/// Back at the title (`Esc`, the menu): the exhibition ends, the panels and the player's
/// settings come back.
fn stop_at_title(
    mut transitions: MessageReader<StateTransitionEvent<AppState>>,
    mut exhibition: ResMut<Exhibition>,
    mut settings: ResMut<GameSettings>,
) {
    // Not the app's first state (an exhibition asked for on the command line starts there).
    let left_a_game = transitions
        .read()
        .any(|t| t.exited.is_some() && t.entered == Some(AppState::Menu));
    if left_a_game && exhibition.on {
        exhibition.stop(&mut settings);
    }
}

/// The title screen's Exhibition button: the cycle starts with its first game.
fn start_on_request(
    mut requests: MessageReader<crate::play::StartExhibition>,
    mut exhibition: ResMut<Exhibition>,
    mut settings: ResMut<GameSettings>,
    mut commands: MessageWriter<GameCommand>,
) {
    if requests.read().count() > 0 {
        exhibition.start(&mut settings);
        commands.write(GameCommand::NewGame);
    }
}

/// Tells the rest of the game (before its systems run) that the games are a show: not
/// autosaved, not remembered.
fn mark_show_games(exhibition: Res<Exhibition>, show: Option<ResMut<crate::play::ShowGames>>) {
    if let Some(mut show) = show {
        show.set_if_neq(crate::play::ShowGames(exhibition.on));
    }
}

/// The camera turns slowly round the board while the exhibition runs.
fn orbit_while_on(
    exhibition: Res<Exhibition>,
    orbit: Option<ResMut<crate::board::camera::AutoOrbit>>,
    mut was_on: Local<bool>,
) {
    if exhibition.on == *was_on {
        return;
    }
    *was_on = exhibition.on;
    if let Some(mut orbit) = orbit {
        orbit.0 = exhibition.on;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_holds_every_game_and_variant() {
        let cycle = default_cycle();
        for variant in Variant::ALL {
            assert!(
                cycle.iter().any(|s| same_game(&s.config, &loa(variant))),
                "{variant:?}"
            );
        }
        for board in BoardSize::ALL {
            assert!(
                cycle
                    .iter()
                    .any(|s| same_game(&s.config, &epaminondas(board)))
            );
        }
        // Strong but varied: every level 12 or more, not all the same.
        assert!(
            cycle
                .iter()
                .all(|s| s.black.number() >= 12 && s.white.number() >= 12)
        );
        assert!(cycle.iter().any(|s| s.black != s.white));
    }

    #[test]
    fn start_and_advance_set_the_games_and_stop_gives_the_settings_back() {
        let mine = GameSettings::default();
        let mut settings = mine;
        let mut exhibition = Exhibition::default();
        exhibition.start(&mut settings);
        assert!(exhibition.is_on());
        assert_eq!(settings.config, default_cycle()[0].config);
        assert!(settings.seats().iter().all(|p| p.is_computer()));
        assert_eq!(settings.animation, AnimationSpeed::Slow);
        let n = exhibition.cycle().len();
        for i in 1..=n {
            exhibition.advance(&mut settings);
            assert_eq!(exhibition.index(), i % n);
            assert_eq!(settings.config, default_cycle()[i % n].config);
        }
        exhibition.stop(&mut settings);
        assert!(!exhibition.is_on());
        assert_eq!(settings, mine);
    }

    #[test]
    fn start_from_a_game_begins_there() {
        let mut settings = GameSettings::default();
        let mut exhibition = Exhibition::default();
        exhibition.start_from(epaminondas(BoardSize::Small), &mut settings);
        assert_eq!(settings.config, epaminondas(BoardSize::Small));
        assert_eq!(exhibition.upcoming().config, loa(Variant::Parachute));
    }

    #[test]
    fn white_advantage_and_share_follow_the_side_that_moved() {
        let good = Score::Centipawns(250);
        assert_eq!(white_advantage(good, Side::White), 2.5);
        assert_eq!(white_advantage(good, Side::Black), -2.5);
        assert_eq!(white_advantage(Score::WinIn(3), Side::White), 10.0);
        assert!(white_share(good, Side::White) > 0.7);
        assert!(white_share(good, Side::Black) < 0.3);
        assert_eq!(white_share(Score::Centipawns(0), Side::Black), 0.5);
        assert_eq!(white_share(Score::LossIn(2), Side::White), 0.0);
    }
}
