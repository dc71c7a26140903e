//! The Exhibition (`--demo`): the computer against itself through every game and variant, for a
//! big screen at a game night — a large evaluation bar, the game and the players at the top, a
//! caption for what just happened, a slow camera orbit, and after each game its evaluation graph
//! for a few seconds before the next one.
//!
//! [`Exhibition`] holds the cycle and where it is; [`Exhibition::start`] gives the first show's
//! [`StartGame`] for play (the mode [`GameMode::Show`](crate::play::GameMode): the state
//! [`Exhibiting`] while it runs). The captions are typed ([`Caption`], made by pure functions in
//! [`caption`]); [`words`] says them, and every other word shown here, from the Fluent files
//! (`assets/locales/<code>/exhibition.ftl`) in the player's language.

pub mod caption;
pub mod view;
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
use crate::engine_jobs::{
    EngineJobsSystems, JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Report,
};
use crate::model::{AnimationSpeed, CurrentGame, GameSettings, Player};
use crate::play::{AppState, BoardReset, Exhibiting, MovePlayed, PlaySystems, StartAs, StartGame};
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
/// To start it (the title screen, `--demo`): send the [`StartGame`] that
/// [`Exhibition::start`] gives. While it runs (the state [`Exhibiting`]) the side panel and the
/// status bar give way to the exhibition's own view; `Esc` ends it. The player's settings are
/// never touched: each show has its own seats.
#[derive(Resource, Debug, Clone)]
pub struct Exhibition {
    cycle: Vec<Showcase>,
    index: usize,
    phase: Phase,
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
            cycle: if cycle.is_empty() {
                default_cycle()
            } else {
                cycle
            },
            index: 0,
            phase: Phase::Playing,
            think_time: Duration::from_millis(1200),
            animation: AnimationSpeed::Slow,
            pause: Duration::from_secs(8),
        }
    }

    /// Starts the exhibition with the first game of the cycle: its show for play.
    pub fn start(&mut self) -> StartGame {
        self.start_at(0)
    }

    /// Starts the exhibition with the cycle's game of `config`'s game and variant (or board),
    /// else with the first one.
    pub fn start_from(&mut self, config: GameConfig) -> StartGame {
        let index = self
            .cycle
            .iter()
            .position(|s| same_game(&s.config, &config))
            .unwrap_or(0);
        self.start_at(index)
    }

    fn start_at(&mut self, index: usize) -> StartGame {
        self.index = index % self.cycle.len();
        self.phase = Phase::Playing;
        self.show(CurrentGame::new(self.current().config))
    }

    /// The current game of the cycle from `game`'s position, for play.
    pub fn show(&self, game: CurrentGame) -> StartGame {
        StartGame {
            names: Default::default(),
            game: Box::new(game),
            seats: self.settings(),
            mode: StartAs::Show,
            notice: None,
        }
    }

    /// Ends the exhibition (back at the title). The game on the board stays.
    pub fn stop(&mut self) {
        self.phase = Phase::Playing;
    }

    /// Moves on to the next game of the cycle: its show for play.
    pub fn advance(&mut self) -> StartGame {
        self.index = (self.index + 1) % self.cycle.len();
        self.phase = Phase::Playing;
        self.show(CurrentGame::new(self.current().config))
    }

    /// The settings of the current game.
    pub fn settings(&self) -> GameSettings {
        self.current().settings(self.think_time, self.animation)
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
    /// One point per computer move: the ply after it and Black's advantage in pieces (±10 at
    /// most; a win seen by the search sits on the edge). Up is Black, as in the review's graph
    /// and on the evaluation bar.
    pub points: Vec<[f64; 2]>,
}

/// Black's advantage in pieces (clamped to ±10) from a score of the side `by`.
pub fn black_advantage(score: Score, by: Side) -> f64 {
    plot_value(black_view(score, by))
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
        app.add_systems(PreUpdate, start_on_request);
        app.init_resource::<Exhibition>()
            .init_resource::<EvaluationTrace>()
            .init_resource::<Captions>()
            .init_resource::<PendingThreat>()
            .add_systems(
                Update,
                (
                    forget_finished_game,
                    trace_evaluations.run_if(in_state(Exhibiting)),
                    caption_moves,
                    next_game_after_the_graph.run_if(in_state(Exhibiting)),
                    keep_the_show_moving.run_if(in_state(Exhibiting)),
                )
                    .chain()
                    .after(PlaySystems)
                    .after(EngineJobsSystems),
            )
            .add_systems(OnEnter(Exhibiting), orbit(true))
            .add_systems(
                Update,
                (stop_at_title, orbit(false)).run_if(resource_removed::<State<Exhibiting>>),
            )
            .add_systems(bevy_egui::EguiPrimaryContextPass, view::exhibition_view);
    }
}

/// The show is always moving (the orbit, the evaluation bar easing, captions fading): it draws
/// at the orbit's modest rate, even in the flat view.
fn keep_the_show_moving(mut next_frame: ResMut<crate::rest::NextFrame>) {
    next_frame.within(crate::rest::ORBIT_FRAME);
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
    evaluation: Res<Evaluation>,
    game: Res<CurrentGame>,
    mut trace: ResMut<EvaluationTrace>,
) {
    if !evaluation.is_changed() {
        return;
    }
    let Some(score) = evaluation.current(&game).and_then(|a| a.score) else {
        return;
    };
    let ply = evaluation.ply as f64;
    if trace.points.last().is_none_or(|last| last[0] < ply) {
        trace
            .points
            .push([ply, black_advantage(score, evaluation.by)]);
    }
}

/// Each move played gets its captions: what it did at once, what it means (a side one move
/// from winning) when an engine job has tried the replies.
#[allow(clippy::too_many_arguments)]
fn caption_moves(
    exhibiting: Option<Res<State<Exhibiting>>>,
    mut played: MessageReader<MovePlayed>,
    mut reports: MessageReader<JobReport>,
    game: Res<CurrentGame>,
    time: Res<Time>,
    mut captions: ResMut<Captions>,
    mut pending: ResMut<PendingThreat>,
    mut jobs: Jobs,
) {
    // Reads the moves in every state: a show's captions never tell of the moves before it.
    if exhibiting.is_none() {
        played.clear();
        reports.clear();
        return;
    }
    for report in reports.read() {
        pending.receive(report);
    }
    for m in played.read() {
        let mut lines = caption::move_captions(m.by, m.mv, &m.effects);
        match game.end() {
            Some(end) => lines.push(caption::ending(end)),
            None => pending.ask(&mut jobs, &game, m.by),
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

/// The search for a side one move from winning, asked of the engine-job service, the moment of
/// the game it is for, and its answer once it came.
#[derive(Resource, Default)]
pub struct PendingThreat {
    ticket: Option<JobTicket>,
    moment: (u64, usize),
    found: Option<Caption>,
}

impl PendingThreat {
    /// Asks for a look at `game` after a move `by` one side (a look under way is dropped).
    fn ask(&mut self, jobs: &mut Jobs, game: &CurrentGame, by: Side) {
        let request = JobRequest::Threat {
            position: game.position().clone(),
            mover: by,
        };
        self.ticket = Some(jobs.submit(JobOwner::Caption, request));
        self.moment = game.moment();
        self.found = None;
    }

    /// Takes the threat `report` brings if it is about the look under way.
    fn receive(&mut self, report: &JobReport) {
        if !self.ticket.as_ref().is_some_and(|t| t.owns(report)) {
            return;
        }
        if let Report::Done(result) = &report.report {
            self.ticket = None;
            if let JobResult::Threat(Some(threat)) = result {
                self.found = Some(Caption::from(*threat));
            }
        }
    }

    /// The threat found, once the look is done, if the game is still where it looked.
    fn answer(&mut self, game: &CurrentGame) -> Option<Caption> {
        let found = self.found.take()?;
        (self.moment == game.moment()).then_some(found)
    }
}

/// After a game ends, its graph shows for a while; then the next game of the cycle starts.
fn next_game_after_the_graph(
    mut exhibition: ResMut<Exhibition>,
    state: Res<State<AppState>>,
    time: Res<Time>,
    mut starts: MessageWriter<StartGame>,
) {
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
    starts.write(exhibition.advance());
}

/// Back at the title (`Esc`, the menu): the exhibition ends and the panels come back.
fn stop_at_title(mut exhibition: ResMut<Exhibition>) {
    exhibition.stop();
}

/// The title screen's Exhibition button: the cycle starts with its first game.
fn start_on_request(
    mut requests: MessageReader<crate::play::StartExhibition>,
    mut exhibition: ResMut<Exhibition>,
    mut starts: MessageWriter<StartGame>,
) {
    if requests.read().count() > 0 {
        starts.write(exhibition.start());
    }
}

/// The camera circles the board while the exhibition runs.
fn orbit(on: bool) -> impl FnMut(Option<ResMut<crate::board::camera::AutoOrbit>>) {
    move |orbit| {
        if let Some(mut orbit) = orbit {
            orbit.0 = on;
        }
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
    fn start_and_advance_give_each_show_computers_on_every_seat_at_the_shows_pace() {
        let mut exhibition = Exhibition::default();
        let first = exhibition.start();
        assert_eq!(first.mode, StartAs::Show);
        assert_eq!(first.game.config, default_cycle()[0].config);
        assert_eq!(first.seats.config, default_cycle()[0].config);
        assert!(first.seats.seats().iter().all(|p| p.is_computer()));
        assert_eq!(first.seats.animation, AnimationSpeed::Slow);
        let n = exhibition.cycle().len();
        for i in 1..=n {
            let show = exhibition.advance();
            assert_eq!(exhibition.index(), i % n);
            assert_eq!(show.game.config, default_cycle()[i % n].config);
            assert_eq!(show.game.ply(), 0);
        }
    }

    #[test]
    fn start_from_a_game_begins_there() {
        let mut exhibition = Exhibition::default();
        let first = exhibition.start_from(epaminondas(BoardSize::Small));
        assert_eq!(first.seats.config, epaminondas(BoardSize::Small));
        assert_eq!(exhibition.upcoming().config, loa(Variant::Parachute));
    }

    #[test]
    fn black_advantage_and_white_share_follow_the_side_that_moved() {
        let good = Score::Centipawns(250);
        assert_eq!(black_advantage(good, Side::White), -2.5);
        assert_eq!(black_advantage(good, Side::Black), 2.5);
        assert_eq!(black_advantage(Score::WinIn(3), Side::White), -10.0);
        assert!(white_share(good, Side::White) > 0.7);
        assert!(white_share(good, Side::Black) < 0.3);
        assert_eq!(white_share(Score::Centipawns(0), Side::Black), 0.5);
        assert_eq!(white_share(Score::LossIn(2), Side::White), 0.0);
    }
}
