//! Review: stepping through a game's moves after it (or any game on the board), with an
//! evaluation of every position found in the background, the moves that lost most marked, and
//! "play from here".
//!
//! While reviewing, the app is in [`AppState::Review`] (no turns, no clicks on the board) and
//! [`CurrentGame`] is the game taken back to the shown ply; the whole game is kept in the
//! [`ReviewState`] and comes back when the review ends. A step forward plays the move (the board
//! animates it as any move), a step back without captures glides the pieces back; other jumps
//! rebuild the board.

pub mod analysis;
pub mod marks;
pub mod proofs;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;
use gamut_engine::coach::{self, Explanation, Reason, Seen};
use gamut_engine::level::Level;
use gamut_engine::search::Score;

pub use analysis::{Analysis, AnalysisLimits, Found};
pub use marks::{Mistake, mistakes};

use crate::engine_jobs::{EngineJobsSystems, JobOwner, JobReport, Jobs};
use crate::model::{CurrentGame, GameSettings, Notice, Player, Seats};
use crate::play::{
    AppState, GameCommand, Mover, OpenAnalysis, PlayMove, PlaySystems, StartAs, StartGame,
};

/// What the player asks of the review (keys, the move list, the graph, buttons).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Start reviewing the game on the board.
    Enter,
    /// Stop reviewing: the whole game comes back.
    Leave,
    /// The start position.
    First,
    /// One move back.
    Previous,
    /// One move forward.
    Next,
    /// The final position.
    Last,
    /// The position after this many moves.
    Goto(usize),
    /// A new game from the shown position, with its moves so far.
    PlayFromHere(Opponent),
    /// The game on the analysis board, at the shown position.
    Analyse,
    /// The Share dialog for the game and the shown position (`crate::share` opens it).
    Share,
}

/// Who plays the other side in a game started from a reviewed position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The computer plays the side not to move; a person the side to move.
    Computer,
    /// People play both sides.
    HotSeat,
}

/// The review under way, if any.
#[derive(Resource, Default)]
pub struct Review(pub Option<ReviewState>);

impl Review {
    /// Whether a review is under way.
    pub fn is_active(&self) -> bool {
        self.0.is_some()
    }
}

/// A game under review.
pub struct ReviewState {
    shown_ply: usize,
    full: CurrentGame,
    movers: Vec<Side>,
    scores: Vec<Option<Score>>,
    /// The analysis's best line from each position (empty until found, and where the game
    /// ended).
    lines: Vec<Vec<AnyMove>>,
    /// The coach's word on the shown move, worked out when the shown ply or the analysis
    /// changes (not every frame the strip is drawn).
    explained: Option<Explained>,
    /// The coach's `!` of each move, once found (one slot per move).
    only_moves: Vec<Option<Explanation>>,
    analysis: Option<Analysis>,
    /// The analysis ended without its answer (its engine stopped).
    failed: bool,
    /// What the proof search settled about each position (one slot per position).
    settled: Vec<Option<crate::engine_jobs::Settled>>,
    /// The proof search of the game's positions, while it runs.
    proofs: Option<proofs::GameProofs>,
}

impl ReviewState {
    /// Starts reviewing `game`, showing its last position, and asks for its analysis.
    pub fn new(game: &CurrentGame, limits: AnalysisLimits, jobs: &mut Jobs) -> ReviewState {
        ReviewState {
            analysis: Some(Analysis::start(jobs, JobOwner::Review, game, limits)),
            proofs: Some(proofs::GameProofs::start(jobs, game)),
            ..ReviewState::unanalysed(game)
        }
    }

    /// Reviewing `game` at its last position, with no analysis.
    fn unanalysed(game: &CurrentGame) -> ReviewState {
        let mut replay = game.clone();
        while replay.ply() > 0 && replay.undo() {}
        let mut movers = Vec::with_capacity(game.ply());
        for mv in game.position().moves_played() {
            movers.push(replay.side_to_move());
            replay.play(mv);
        }
        ReviewState {
            shown_ply: game.ply(),
            full: game.clone(),
            movers,
            scores: vec![None; game.ply() + 1],
            lines: vec![Vec::new(); game.ply() + 1],
            explained: None,
            only_moves: vec![None; game.ply()],
            analysis: None,
            failed: false,
            settled: vec![None; game.ply() + 1],
            proofs: None,
        }
    }

    /// The position shown: after this many moves.
    pub fn shown_ply(&self) -> usize {
        self.shown_ply
    }

    /// The number of moves of the whole game.
    pub fn last_ply(&self) -> usize {
        self.full.ply()
    }

    /// The whole game under review.
    pub fn full_game(&self) -> &CurrentGame {
        &self.full
    }

    /// Who played each move.
    pub fn movers(&self) -> &[Side] {
        &self.movers
    }

    /// The scores found so far, from Black's point of view, one per position (the start, then
    /// after each move).
    pub fn scores(&self) -> &[Option<Score>] {
        &self.scores
    }

    /// How many positions have been analysed.
    pub fn analysed(&self) -> usize {
        self.scores.iter().filter(|s| s.is_some()).count()
    }

    /// Whether the analysis is still searching.
    pub fn is_analysing(&self) -> bool {
        self.analysis.as_ref().is_some_and(Analysis::is_running)
    }

    /// Whether the analysis ended without its answer.
    pub fn analysis_failed(&self) -> bool {
        self.failed
    }

    /// The mark of each move (see [`marks`]): `?`, `??`, or `!` for the only move that kept a
    /// win.
    pub fn mistakes(&self) -> Vec<Option<Mistake>> {
        let mut marks = mistakes(&self.scores, &self.movers);
        for (mark, only) in marks.iter_mut().zip(&self.only_moves) {
            if only.is_some() {
                *mark = Some(Mistake::OnlyMove);
            }
        }
        marks
    }

    /// The coach's word on the move that led to the shown position, with its moves written out
    /// (see [`ReviewState::explanation`]).
    pub fn explained(&self) -> Option<&Explained> {
        self.explained.as_ref()
    }

    /// Works the coach's word out again for the shown ply and the analysis found so far.
    fn refresh_explanation(&mut self) {
        self.explained = self.work_out_explanation();
    }

    fn work_out_explanation(&self) -> Option<Explained> {
        let explanation = self.explanation()?;
        let before = self.game_at(explanation.ply);
        Some(Explained::of(explanation, before.position()))
    }

    /// The coach's word on the move that led to the shown position, when it was a `?` or `??`
    /// and both its positions are analysed (why, and the better move), or a `!`.
    fn explanation(&self) -> Option<Explanation> {
        let i = self.shown_ply.checked_sub(1)?;
        if let Some(only) = self.only_moves.get(i).cloned().flatten() {
            return Some(only);
        }
        let mover = *self.movers.get(i)?;
        let before = self.game_at(i);
        let played = *self.full.position().moves_played().get(i)?;
        let seen = |ply: usize, side: Side| -> Option<Seen> {
            Some(Seen {
                score: marks::black_view((*self.scores.get(ply)?)?, side),
                line: self.lines.get(ply)?.clone(),
            })
        };
        let seen_before = seen(i, mover)?;
        let seen_after = seen(i + 1, !mover);
        // The position after is analysed too (the end itself needs no search).
        self.scores.get(i + 1).copied().flatten()?;
        coach::explain_mistake(before.position(), played, &seen_before, seen_after.as_ref())
    }

    /// The whole game taken back to `ply` moves.
    fn game_at(&self, ply: usize) -> CurrentGame {
        let mut game = self.full.clone();
        while game.ply() > ply && game.undo() {}
        game
    }
}

/// A move's explanation and its moves in the game's notation, for the review strip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    /// The coach's word.
    pub explanation: Explanation,
    /// The move played.
    pub played: String,
    /// The better move, if the engine's differs.
    pub better: Option<String>,
    /// The moves each reason shows (the winning line, the capturing reply), reason by reason:
    /// empty for the others.
    pub lines: Vec<Vec<String>>,
}

impl Explained {
    /// The coach's word on a move played from `before`, its moves written out.
    pub fn of(explanation: Explanation, before: &gamut_engine::any_game::AnyPosition) -> Explained {
        let mut after = before.clone();
        after.play_unchecked(explanation.played);
        let lines = explanation
            .reasons
            .iter()
            .map(|reason| match reason {
                Reason::AllowsForcedWin { line, .. } => coach::written_line(&after, line),
                Reason::AllowsCapture { reply, .. } => coach::written_line(&after, &[*reply]),
                _ => Vec::new(),
            })
            .collect();
        Explained {
            played: before.human_move(explanation.played),
            better: explanation.better.map(|b| before.human_move(b)),
            lines,
            explanation,
        }
    }
}

/// The review: commands, keys and the analysis.
pub struct ReviewPlugin;

impl Plugin for ReviewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Review>()
            .init_resource::<AnalysisLimits>()
            .add_message::<ReviewCommand>()
            .add_systems(OnEnter(AppState::Review), begin_review)
            .add_systems(OnExit(AppState::Review), end_review)
            .add_systems(
                Last,
                crate::rest::answer_messages::<ReviewCommand>.before(crate::rest::RestSystems),
            )
            .add_systems(
                Update,
                (
                    review_keys,
                    handle_review_commands,
                    poll_analysis,
                    proofs::poll_proofs,
                )
                    .chain()
                    .after(EngineJobsSystems)
                    .before(PlaySystems),
            );
    }
}

/// What a review command changes: the review, and what it asks of play.
#[derive(bevy::ecs::system::SystemParam)]
struct ReviewTargets<'w> {
    review: ResMut<'w, Review>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    names: Res<'w, crate::model::SeatNames>,
    state: Res<'w, State<AppState>>,
    starts: MessageWriter<'w, StartGame>,
    moves: MessageWriter<'w, PlayMove>,
    commands: MessageWriter<'w, GameCommand>,
    analyses: MessageWriter<'w, OpenAnalysis>,
}

impl ReviewTargets<'_> {
    /// Asks play for the review; it begins when the state does (see [`begin_review`]).
    fn enter(&mut self) {
        let state = *self.state.get();
        if self.review.is_active() || !matches!(state, AppState::Playing | AppState::GameOver) {
            return;
        }
        self.commands.write(GameCommand::Review);
    }

    /// The whole game comes back (play judges its end again).
    fn leave(&mut self) {
        let Some(review) = self.review.0.take() else {
            return;
        };
        self.start(review.full, StartAs::Own, None);
    }

    fn start(&mut self, game: CurrentGame, mode: StartAs, notice: Option<Notice>) {
        self.starts.write(StartGame {
            names: self.names.clone(),
            game: Box::new(game),
            seats: self.seats.0,
            mode,
            notice,
        });
    }

    /// Shows the position after `ply` moves: a step forward is played (and animated), a step
    /// back glides back where it can, anything else rebuilds the board.
    fn goto(&mut self, ply: usize) {
        let Some(review) = self.review.0.as_mut() else {
            return;
        };
        let ply = ply.min(review.last_ply());
        let shown = review.shown_ply;
        if ply == shown {
            return;
        }
        review.shown_ply = ply;
        review.refresh_explanation();
        let moves = review.full.position().moves_played();
        if ply == shown + 1 {
            let mv = moves[shown];
            let mut after = review.game_at(shown);
            after.play(mv);
            // The last move of a game that ended by resignation or time: the game itself,
            // with its end.
            if after.end() == review.full.end() {
                self.moves
                    .write(PlayMove::new(mv, Mover::Review, &self.game));
                return;
            }
        } else if ply + 1 == shown {
            self.commands.write(GameCommand::StepBack);
            return;
        }
        let game = review.game_at(ply);
        self.start(game, StartAs::Review, None);
    }

    /// The whole game on the analysis board, shown at the reviewed position (its later moves
    /// the main line ahead).
    fn analyse(&mut self) {
        let Some(review) = self.review.0.take() else {
            return;
        };
        let game = review.game_at(review.shown_ply);
        self.analyses.write(OpenAnalysis::Game(Box::new(game)));
    }

    fn play_from_here(&mut self, opponent: Opponent) {
        let Some(review) = self.review.0.take() else {
            return;
        };
        let game = review.game_at(review.shown_ply);
        let to_move = game.side_to_move();
        let computer = self
            .seats
            .seats()
            .into_iter()
            .find(|p| p.is_computer())
            .unwrap_or(Player::Computer(Level::default()));
        let player = |side: Side| match opponent {
            Opponent::Computer if side != to_move => computer,
            _ => Player::Human,
        };
        let seats = GameSettings {
            config: game.config,
            black: player(Side::Black),
            white: player(Side::White),
            black_marked: player(Side::Black),
            white_marked: player(Side::White),
            ..self.seats.0
        };
        self.starts.write(StartGame {
            // The people who played on keep their names.
            names: self.names.kept_for(&self.seats.0, &seats),
            game: Box::new(game),
            seats,
            mode: StartAs::Own,
            notice: Some(Notice::NewGame),
        });
    }
}

fn handle_review_commands(mut commands: MessageReader<ReviewCommand>, mut to: ReviewTargets) {
    for &command in commands.read() {
        let shown = to.review.0.as_ref().map_or(0, |r| r.shown_ply);
        match command {
            ReviewCommand::Enter => to.enter(),
            ReviewCommand::Leave => to.leave(),
            ReviewCommand::First => to.goto(0),
            ReviewCommand::Previous => to.goto(shown.saturating_sub(1)),
            ReviewCommand::Next => to.goto(shown + 1),
            ReviewCommand::Last => to.goto(usize::MAX),
            ReviewCommand::Goto(ply) => to.goto(ply),
            ReviewCommand::PlayFromHere(opponent) => to.play_from_here(opponent),
            ReviewCommand::Analyse => to.analyse(),
            // The Share dialog's own plugin hears it: the review goes on under it.
            ReviewCommand::Share => {}
        }
    }
}

/// `←`/`→` a move back or forward, `Home`/`End` the start or the end, `Esc` ends the review.
fn review_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    review: Res<Review>,
    mut commands: MessageWriter<ReviewCommand>,
) {
    let Some(keys) = keys else {
        return;
    };
    if !review.is_active() || egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let bindings = [
        (KeyCode::ArrowLeft, ReviewCommand::Previous),
        (KeyCode::ArrowRight, ReviewCommand::Next),
        (KeyCode::Home, ReviewCommand::First),
        (KeyCode::End, ReviewCommand::Last),
        (KeyCode::Escape, ReviewCommand::Leave),
    ];
    for (key, command) in bindings {
        if keys.just_pressed(key) {
            commands.write(command);
        }
    }
}

/// Copies the scores found so far; the analysis is dropped once done.
fn poll_analysis(mut review: ResMut<Review>, mut reports: MessageReader<JobReport>) {
    let Some(state) = review.0.as_mut() else {
        reports.clear();
        return;
    };
    let Some(analysis) = state.analysis.as_mut() else {
        reports.clear();
        return;
    };
    for report in reports.read() {
        analysis.receive(report);
    }
    let running = analysis.is_running();
    let failed = analysis.failed();
    let only_moves = analysis.only_moves();
    let found = analysis.found();
    if only_moves != state.only_moves {
        state.only_moves = only_moves;
        state.refresh_explanation();
    }
    let scores: Vec<Option<Score>> = found
        .iter()
        .map(|f| f.as_ref().map(|f| f.black_score))
        .collect();
    if scores != state.scores {
        state.scores = scores;
        state.lines = found
            .into_iter()
            .map(|f| f.map(|f| f.line).unwrap_or_default())
            .collect();
        state.refresh_explanation();
    }
    if !running {
        state.failed = failed;
        state.analysis = None;
    }
}

/// The review of the game as play left it (a move the computer sent in the frame the review
/// was asked for is in it), shown at its end, its analysis started.
fn begin_review(
    mut review: ResMut<Review>,
    game: Res<CurrentGame>,
    limits: Res<AnalysisLimits>,
    mut jobs: Jobs,
) {
    review.0 = Some(ReviewState::new(&game, *limits, &mut jobs));
}

/// Whatever ended the review (a new game, play from here), its analysis stops.
fn end_review(mut review: ResMut<Review>) {
    review.0 = None;
}

#[cfg(test)]
impl ReviewState {
    /// `game` reviewed at the position after `shown` moves, its analysis done: `scores`.
    pub fn with_scores(
        game: &CurrentGame,
        shown: usize,
        scores: Vec<Option<Score>>,
    ) -> ReviewState {
        let mut state = ReviewState::unanalysed(game);
        state.shown_ply = shown.min(state.last_ply());
        state.scores = scores;
        state.refresh_explanation();
        state
    }
}
