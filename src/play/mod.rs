//! The headless game: app and turn states, the messages a click or a menu produces, the turn
//! flow with its one win check, undo/redo/new game/resign, and the piece entities kept in step
//! with [`CurrentGame`]. Nothing here draws: a view, when there is one, animates the moves and
//! holds the turn until it is done ([`ViewBusy`]); without one the turn ends at once. Tests run
//! it with `MinimalPlugins` alone.

pub mod actions;
pub mod clock;
pub mod commands;
pub mod messages;
pub mod pieces;
pub mod practice;
pub mod start;
pub mod state;
pub mod status;
pub mod turn;

use bevy::prelude::*;

use crate::model::{CurrentGame, GameSettings, Seats};

pub use actions::{Actions, available_actions};
pub use clock::{ClockWarning, ClocksAtTable, WindowAway};
pub use messages::{
    BoardReset, Drill, EndedAtTable, GameCommand, HintRequest, LearnFromMistakes, MovePlayed,
    Mover, OpenAnalysis, OpenEditor, OpenLearn, PiecesMoved, PlayMove, StartAs, StartExhibition,
    StartGame,
};
pub use pieces::{OnSquare, Piece, Square};
pub use practice::{Practice, StopPractice};
pub use state::{
    Analysing, AppState, BackTo, Dialogs, Exhibiting, GameMode, MenuScreen, Modal, Overlay,
    Practising, RulesWindow, TournamentNews, TurnState,
};
pub use status::Status;
pub use turn::ViewBusy;

/// The engine's suggested move, shown on the board until the position changes.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Hint(pub Option<gamut_engine::any_game::AnyMove>);

/// A position text new games start from instead of the game's start (`--position`).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct StartPosition(pub Option<String>);

/// The play systems, so views can order themselves after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlaySystems;

/// The game rests only once its turn has settled: while a state is about to change, a message
/// of the turn's is still to be carried out, or the game has just changed, the next frame comes
/// at once (after a move by mouse: the turn passes to the computer, which starts its search).
fn settle(
    app_state: Res<NextState<AppState>>,
    turn: Option<Res<NextState<TurnState>>>,
    mode: Res<NextState<GameMode>>,
    screens: Screens,
    game: Res<CurrentGame>,
    messages: TurnMessages,
    mut next_frame: ResMut<crate::rest::NextFrame>,
) {
    use crate::rest::pending;
    let states = pending(&app_state)
        || turn.as_ref().is_some_and(|t| pending(&**t))
        || pending(&mode)
        || screens.pending();
    if states || game.is_changed() || messages.any() {
        next_frame.now();
    }
}

/// The screens and dialogs asked for.
#[derive(bevy::ecs::system::SystemParam)]
struct Screens<'w> {
    modal: Res<'w, NextState<Modal>>,
    rules: Res<'w, NextState<RulesWindow>>,
    menu: Option<Res<'w, NextState<MenuScreen>>>,
}

impl Screens<'_> {
    fn pending(&self) -> bool {
        use crate::rest::pending;
        pending(&self.modal)
            || pending(&self.rules)
            || self.menu.as_ref().is_some_and(|m| pending(&**m))
    }
}

/// The messages that carry a turn forward.
#[derive(bevy::ecs::system::SystemParam)]
struct TurnMessages<'w> {
    starts: Res<'w, Messages<StartGame>>,
    moves: Res<'w, Messages<PlayMove>>,
    requests: Res<'w, Messages<MoveRequest>>,
    commands: Res<'w, Messages<GameCommand>>,
    played: Res<'w, Messages<MovePlayed>>,
    moved: Res<'w, Messages<PiecesMoved>>,
    resets: Res<'w, Messages<BoardReset>>,
}

impl TurnMessages<'_> {
    fn any(&self) -> bool {
        !(self.starts.is_empty()
            && self.moves.is_empty()
            && self.requests.is_empty()
            && self.commands.is_empty()
            && self.played.is_empty()
            && self.moved.is_empty()
            && self.resets.is_empty())
    }
}

/// The headless game: states, messages, turns, commands and piece entities.
pub struct PlayPlugin;

impl Plugin for PlayPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>()
            .add_sub_state::<TurnState>()
            .init_state::<GameMode>()
            .init_state::<Modal>()
            .init_state::<RulesWindow>()
            .add_computed_state::<Overlay>()
            .add_sub_state::<MenuScreen>()
            .init_resource::<BackTo>()
            .init_resource::<TournamentNews>()
            .add_systems(
                StateTransition,
                state::apply_back_to
                    .before(bevy::state::state::StateTransitionSystems::DependentTransitions),
            )
            .add_computed_state::<Practising>()
            .add_computed_state::<Exhibiting>()
            .add_computed_state::<Analysing>()
            .init_resource::<CurrentGame>()
            .init_resource::<GameSettings>()
            .init_resource::<Seats>()
            .init_resource::<crate::model::SeatNames>()
            .init_resource::<crate::model::ChosenNames>()
            .init_resource::<crate::model::Presentation>()
            .init_resource::<Status>()
            .init_resource::<StartPosition>()
            .init_resource::<Practice>()
            .init_resource::<WindowAway>()
            .add_message::<ClockWarning>()
            .add_message::<StartGame>()
            .add_message::<PlayMove>()
            .add_message::<StopPractice>()
            .init_resource::<ViewBusy>()
            .init_resource::<Hint>()
            .init_resource::<pieces::MovesShownByReset>()
            .add_message::<MoveRequest>()
            .add_message::<GameCommand>()
            .add_message::<StartExhibition>()
            .add_message::<OpenLearn>()
            .add_message::<OpenAnalysis>()
            .add_message::<OpenEditor>()
            .add_message::<LearnFromMistakes>()
            .add_message::<MovePlayed>()
            .add_message::<PiecesMoved>()
            .add_message::<BoardReset>()
            .add_message::<HintRequest>()
            .add_message::<EndedAtTable>()
            .add_message::<ClocksAtTable>()
            .add_systems(Startup, pieces::spawn_pieces)
            .add_systems(PostUpdate, status::log_status)
            .add_systems(Last, settle.before(crate::rest::RestSystems))
            .add_systems(
                Update,
                (
                    commands::handle_commands,
                    start::start_games,
                    practice::stop_practice,
                    clock::run_clocks
                        .run_if(in_state(AppState::Playing))
                        .run_if(in_state(GameMode::Own).or_else(in_state(GameMode::Tournament))),
                    pieces::rebuild_pieces_on_reset,
                    turn::judge_end.run_if(in_state(TurnState::AwaitingInput)),
                    turn::decide_turn
                        .run_if(in_state(TurnState::AwaitingInput))
                        .run_if(in_state(Overlay::None)),
                    turn::handle_move_requests.run_if(in_state(TurnState::AwaitingInput)),
                    turn::play_scripted_moves
                        .run_if(in_state(TurnState::AwaitingInput))
                        .run_if(in_state(Practising)),
                    turn::play_analysis_moves
                        .run_if(in_state(TurnState::AwaitingInput))
                        .run_if(in_state(Analysing)),
                    turn::play_computer_moves.run_if(in_state(TurnState::AiThinking)),
                    turn::play_remote_moves
                        .run_if(in_state(TurnState::AwaitingInput))
                        .run_if(in_state(GameMode::Table)),
                    turn::end_at_the_table
                        .run_if(in_state(AppState::Playing))
                        .run_if(in_state(GameMode::Table)),
                    turn::play_review_moves.run_if(in_state(AppState::Review)),
                    clock::credit_moves,
                    clock::take_table_clocks.run_if(in_state(GameMode::Table)),
                    pieces::apply_move_effects,
                    turn::finish_turn.run_if(in_state(TurnState::Animating)),
                    forget_stale_hint,
                )
                    .chain()
                    .in_set(PlaySystems),
            );
    }
}

use crate::model::MoveRequest;

/// The hint belongs to the position it was found for.
fn forget_stale_hint(game: Res<CurrentGame>, mut hint: ResMut<Hint>) {
    if game.is_changed() && hint.0.is_some() {
        hint.0 = None;
    }
}

/// How fast the pieces glide now: the player's choice (which may change during a game), or in
/// the Exhibition the show's own pace, which it started its games with.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Pace<'w> {
    settings: Res<'w, GameSettings>,
    seats: Res<'w, Seats>,
    mode: Res<'w, State<GameMode>>,
}

impl Pace<'_> {
    /// The animation speed in force.
    pub fn animation(&self) -> crate::model::AnimationSpeed {
        match self.mode.get() {
            GameMode::Show => self.seats.animation,
            GameMode::Own
            | GameMode::Lesson
            | GameMode::Puzzle
            | GameMode::Mistakes
            | GameMode::Analysis
            | GameMode::Edit
            | GameMode::Tournament
            | GameMode::Table => self.settings.animation,
        }
    }
}
