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

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use gamut_engine::Color as Side;
use gamut_engine::level::Level;
use gamut_engine::search::Score;

pub use analysis::{Analysis, AnalysisLimits};
pub use marks::{Mistake, mistakes};

use crate::model::{CurrentGame, GameSettings, Notice, Player};
use crate::play::{
    AppState, BoardReset, MovePlayed, OnSquare, Piece, PiecesMoved, PlaySystems, Status,
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
    back_to: AppState,
    movers: Vec<Side>,
    scores: Vec<Option<Score>>,
    analysis: Option<Analysis>,
}

impl ReviewState {
    /// Starts reviewing `game`, showing its last position, and starts its analysis.
    pub fn new(game: &CurrentGame, back_to: AppState, limits: AnalysisLimits) -> ReviewState {
        ReviewState {
            analysis: Some(Analysis::start(game, limits)),
            ..ReviewState::unanalysed(game, back_to)
        }
    }

    /// Reviewing `game` at its last position, with no analysis.
    fn unanalysed(game: &CurrentGame, back_to: AppState) -> ReviewState {
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
            back_to,
            movers,
            scores: vec![None; game.ply() + 1],
            analysis: None,
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

    /// The mark of each move (see [`marks`]).
    pub fn mistakes(&self) -> Vec<Option<Mistake>> {
        mistakes(&self.scores, &self.movers)
    }

    /// The whole game taken back to `ply` moves.
    fn game_at(&self, ply: usize) -> CurrentGame {
        let mut game = self.full.clone();
        while game.ply() > ply && game.undo() {}
        game
    }
}

/// The review: commands, keys and the analysis.
pub struct ReviewPlugin;

impl Plugin for ReviewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Review>()
            .init_resource::<AnalysisLimits>()
            .add_message::<ReviewCommand>()
            .add_systems(OnExit(AppState::Review), end_review)
            .add_systems(
                Update,
                (review_keys, handle_review_commands, poll_analysis)
                    .chain()
                    .before(PlaySystems),
            );
    }
}

/// What a review command changes.
#[derive(bevy::ecs::system::SystemParam)]
struct ReviewTargets<'w, 's> {
    review: ResMut<'w, Review>,
    game: ResMut<'w, CurrentGame>,
    settings: ResMut<'w, GameSettings>,
    limits: Res<'w, AnalysisLimits>,
    status: ResMut<'w, Status>,
    state: Res<'w, State<AppState>>,
    next_app: ResMut<'w, NextState<AppState>>,
    resets: MessageWriter<'w, BoardReset>,
    played: MessageWriter<'w, MovePlayed>,
    moved: MessageWriter<'w, PiecesMoved>,
    pieces: Query<'w, 's, (Entity, &'static mut OnSquare), With<Piece>>,
}

impl ReviewTargets<'_, '_> {
    fn enter(&mut self) {
        let state = *self.state.get();
        if self.review.is_active() || !matches!(state, AppState::Playing | AppState::GameOver) {
            return;
        }
        self.review.0 = Some(ReviewState::new(&self.game, state, *self.limits));
        self.next_app.set(AppState::Review);
        // The board may have been half way through a move: show the position as it is.
        self.resets.write(BoardReset);
    }

    fn leave(&mut self) {
        let Some(review) = self.review.0.take() else {
            return;
        };
        *self.game = review.full.clone();
        let back_to = if self.game.end().is_some() {
            AppState::GameOver
        } else {
            review.back_to
        };
        self.next_app.set(back_to);
        self.resets.write(BoardReset);
    }

    /// Shows the position after `ply` moves: a step forward is played (and animated), a step
    /// back without captures or placements glides back, anything else rebuilds the board.
    fn goto(&mut self, ply: usize) {
        let Some(review) = self.review.0.as_mut() else {
            return;
        };
        let ply = ply.min(review.last_ply());
        let shown = self.game.ply();
        if ply == shown {
            return;
        }
        review.shown_ply = ply;
        let moves = review.full.position().moves_played();
        if ply == shown + 1 {
            let mv = moves[shown];
            let by = self.game.side_to_move();
            let effects = self.game.play(mv);
            if ply == review.last_ply() {
                *self.game = review.full.clone(); // with the resignation, if any
            }
            self.played.write(MovePlayed { mv, by, effects });
            return;
        }
        if ply + 1 == shown {
            let mv = moves[ply];
            while self.game.ply() > ply && self.game.undo() {}
            let effects = self.game.effects(mv);
            if effects.captured.is_empty() && effects.placed.is_none() {
                self.glide_back(&effects.moved);
                return;
            }
        } else {
            *self.game = review.game_at(ply);
        }
        self.resets.write(BoardReset);
    }

    /// Moves the pieces of a move back to where they came from, for the view to animate.
    fn glide_back(&mut self, moved: &[(crate::model::Cell, crate::model::Cell)]) {
        let found: Vec<_> = moved
            .iter()
            .filter_map(|&(from, to)| {
                let (entity, _) = self.pieces.iter().find(|(_, s)| s.0 == to)?;
                Some((entity, to, from))
            })
            .collect();
        if found.len() != moved.len() {
            self.resets.write(BoardReset);
            return;
        }
        for &(entity, _, back) in &found {
            if let Ok((_, mut square)) = self.pieces.get_mut(entity) {
                square.0 = back;
            }
        }
        self.moved.write(PiecesMoved {
            moved: found,
            captured: Vec::new(),
            placed: None,
        });
    }

    fn play_from_here(&mut self, opponent: Opponent) {
        if self.review.0.take().is_none() {
            return;
        }
        let to_move = self.game.side_to_move();
        let computer = self
            .settings
            .seats()
            .into_iter()
            .find(|p| p.is_computer())
            .unwrap_or(Player::Computer(Level::default()));
        let player = |side: Side| match opponent {
            Opponent::Computer if side != to_move => computer,
            _ => Player::Human,
        };
        let settings = &mut *self.settings;
        settings.config = self.game.config;
        settings.black = player(Side::Black);
        settings.white = player(Side::White);
        settings.black_marked = player(Side::Black);
        settings.white_marked = player(Side::White);
        self.status.post(Notice::NewGame, &self.game);
        self.next_app.set(AppState::Playing);
        self.resets.write(BoardReset);
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
fn poll_analysis(mut review: ResMut<Review>) {
    let Some(state) = review.0.as_mut() else {
        return;
    };
    let Some(analysis) = state.analysis.as_ref() else {
        return;
    };
    let running = analysis.is_running();
    let scores = analysis.scores();
    if scores != state.scores {
        state.scores = scores;
    }
    if !running {
        state.analysis = None;
    }
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
        let mut state = ReviewState::unanalysed(game, AppState::GameOver);
        state.shown_ply = shown.min(state.last_ply());
        state.scores = scores;
        state
    }
}
