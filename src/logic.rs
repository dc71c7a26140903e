//! The headless game logic: app and turn states, the messages a click or a menu produces,
//! move validation through [`Rules`], the piece entities kept in step with it, the computer's
//! turn, and the win check after every turn. Tests run it with `MinimalPlugins` alone.

use bevy::prelude::*;
use gamut_engine::any_game::AnyMove;
use gamut_engine::{Color as Side, Game};

use crate::ai::{AiPlugin, AiTask};
use crate::rules::{Cell, MoveEffects, Rules};
use crate::settings::{GameSettings, Player};

/// Where the app is.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    /// The New Game dialog is open.
    #[default]
    Menu,
    /// A game is going on.
    Playing,
    /// The game has ended; the game-over panel shows.
    GameOver,
}

/// Whose turn it is and what happens during it.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Playing)]
pub enum TurnState {
    /// Waiting for a person to move (or deciding who moves next).
    #[default]
    AwaitingInput,
    /// The computer is searching in the background.
    AiThinking,
    /// Pieces are moving on screen.
    Animating,
}

/// A person asks for a move: what a click produces.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRequest {
    /// Move the piece (or phalanx tail) on `from` to `to`; in Parachute's compound turns, then
    /// place a held enemy piece on `drop`.
    Step {
        /// The piece, or the tail of the phalanx.
        from: Cell,
        /// The destination (the head's landing square in Epaminondas).
        to: Cell,
        /// Parachute: where the held piece goes.
        drop: Option<Cell>,
    },
    /// Parachute: no legal step, so only place a held enemy piece on `drop`.
    Place {
        /// Where the held piece goes.
        drop: Cell,
    },
}

impl MoveRequest {
    /// An ordinary move from `from` to `to`.
    pub fn step(from: Cell, to: Cell) -> MoveRequest {
        MoveRequest::Step {
            from,
            to,
            drop: None,
        }
    }

    /// Where a held piece is placed, if anywhere.
    pub fn placement(self) -> Option<Cell> {
        match self {
            MoveRequest::Step { drop, .. } => drop,
            MoveRequest::Place { drop } => Some(drop),
        }
    }
}

impl std::fmt::Display for MoveRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveRequest::Step { from, to, drop } => {
                write!(f, "{from}-{to}")?;
                if let Some(drop) = drop {
                    write!(f, " @{drop}")?;
                }
                Ok(())
            }
            MoveRequest::Place { drop } => write!(f, "pass @{drop}"),
        }
    }
}

/// Menu and keyboard actions.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameCommand {
    /// Start a new game with the current [`GameSettings`].
    NewGame,
    /// Take back a move (against the computer: the computer's reply and the player's move).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// The side to move gives up.
    Resign,
}

/// A move was played: the view animates it, tests check the entities against it.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: AnyMove,
    /// Who played it.
    pub by: Side,
    /// What it did to the pieces.
    pub effects: MoveEffects,
}

/// The pieces were rebuilt from [`Rules`] (new game, undo, redo).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardReset;

/// A piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Its side.
    pub owner: Side,
    /// Marked pieces (LOA for four, Ambidextrous LOA) carry a ring.
    pub marked: bool,
}

/// The square a piece stands on (removed when it is captured).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnSquare(pub Cell);

/// Parachute: a placed piece floating down onto its square.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct PlaceAnimation {
    /// Seconds since the placement.
    pub elapsed: f32,
}

/// A captured piece on its way off the board; the view animates it, then despawns it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct CaptureAnimation {
    /// Seconds since the capture.
    pub elapsed: f32,
}

/// A piece gliding from one square to another.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Glide {
    /// Origin square.
    pub from: Cell,
    /// Destination square.
    pub to: Cell,
    /// Seconds since the start.
    pub elapsed: f32,
}

/// A position text new games start from instead of the game's start (`--position`).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct StartPosition(pub Option<String>);

/// One line of feedback for the player (why a click did nothing, who passed, …).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusLine(pub String);

/// The game logic: states, messages, validation, entities, turns and the win check.
pub struct GameLogicPlugin;

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>()
            .add_sub_state::<TurnState>()
            .init_resource::<Rules>()
            .init_resource::<GameSettings>()
            .init_resource::<StatusLine>()
            .init_resource::<StartPosition>()
            .add_message::<MoveRequest>()
            .add_message::<GameCommand>()
            .add_message::<MovePlayed>()
            .add_message::<BoardReset>()
            .add_plugins(AiPlugin)
            .add_systems(Startup, spawn_pieces)
            .add_systems(PostUpdate, log_status)
            .add_systems(
                Update,
                (
                    handle_commands,
                    rebuild_pieces_on_reset,
                    decide_turn.run_if(in_state(TurnState::AwaitingInput)),
                    handle_move_requests.run_if(in_state(TurnState::AwaitingInput)),
                    apply_move_effects,
                    finish_turn.run_if(in_state(TurnState::Animating)),
                )
                    .chain()
                    .in_set(GameLogicSystems),
            );
    }
}

/// The logic's systems, so the view can order itself around them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameLogicSystems;

fn spawn_pieces(mut commands: Commands, rules: Res<Rules>) {
    for (cell, owner) in rules.pieces() {
        commands.spawn((
            Piece {
                owner,
                marked: rules.is_marked(cell),
            },
            OnSquare(cell),
        ));
    }
}

fn rebuild_pieces_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    pieces: Query<Entity, With<Piece>>,
    rules: Res<Rules>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    spawn_pieces(commands, rules);
}

/// Writes each new status line to the log (what the player was told, for bug reports).
fn log_status(status: Res<StatusLine>, mut played: MessageReader<MovePlayed>) {
    for event in played.read() {
        info!("{} played {}", event.by, event.mv);
    }
    if status.is_changed() && !status.0.is_empty() {
        info!("status: {}", status.0);
    }
}

/// Plays a legal move on `rules` and announces it.
pub fn play_move(rules: &mut Rules, mv: AnyMove, played: &mut MessageWriter<MovePlayed>) {
    let by = rules.side_to_move();
    let effects = rules.play(mv);
    played.write(MovePlayed { mv, by, effects });
}

/// Whose turn: a computer's turn starts its search; a finished game shows its end; a person
/// with no legal move passes.
fn decide_turn(
    mut rules: ResMut<Rules>,
    settings: Res<GameSettings>,
    mut status: ResMut<StatusLine>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
    mut next_app: ResMut<NextState<AppState>>,
) {
    if rules.end().is_some() {
        next_app.set(AppState::GameOver);
        return;
    }
    let side = rules.side_to_move();
    if settings.player_to_move(&rules).is_computer() {
        next_turn.set(TurnState::AiThinking);
    } else if rules.must_pass_and_place() {
        let text = format!(
            "{side} has no legal move: place one of the held {} pieces on an empty square.",
            !side
        );
        if status.0 != text {
            status.0 = text;
        }
    } else if rules.must_pass() {
        let pass = rules.position().legal_moves()[0];
        status.0 = format!("{side} has no legal move and passes.");
        play_move(&mut rules, pass, &mut played);
        next_turn.set(TurnState::Animating);
    }
}

fn handle_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut rules: ResMut<Rules>,
    settings: Res<GameSettings>,
    mut status: ResMut<StatusLine>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    for request in requests.read() {
        let side = rules.side_to_move();
        if let Player::Computer(_) = settings.player_to_move(&rules) {
            status.0 = format!("It is the computer's turn ({side}).");
            continue;
        }
        match rules.check(*request) {
            Ok(mv) => {
                status.0.clear();
                play_move(&mut rules, mv, &mut played);
                next_turn.set(TurnState::Animating);
                // One move per turn: later requests in the same frame wait.
                return;
            }
            Err(reason) => {
                status.0 = format!("{request}: {reason}");
            }
        }
    }
}

/// Moves and removes piece entities as the played move says.
fn apply_move_effects(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    mut pieces: Query<(Entity, &mut OnSquare), With<Piece>>,
    settings: Res<GameSettings>,
) {
    let animate = settings.animation.glide_seconds() > 0.0;
    for event in played.read() {
        let at = |pieces: &Query<(Entity, &mut OnSquare), With<Piece>>, c: Cell| {
            pieces.iter().find(|(_, s)| s.0 == c).map(|(e, _)| e)
        };
        let captured: Vec<Entity> = event
            .effects
            .captured
            .iter()
            .filter_map(|&c| at(&pieces, c))
            .collect();
        let movers: Vec<(Entity, Cell, Cell)> = event
            .effects
            .moved
            .iter()
            .filter_map(|&(from, to)| Some((at(&pieces, from)?, from, to)))
            .collect();
        for entity in captured {
            commands.entity(entity).remove::<OnSquare>();
            if animate {
                commands
                    .entity(entity)
                    .insert(CaptureAnimation { elapsed: 0.0 });
            } else {
                commands.entity(entity).despawn();
            }
        }
        for (entity, from, to) in movers {
            if let Ok((_, mut square)) = pieces.get_mut(entity) {
                square.0 = to;
            }
            if animate {
                commands.entity(entity).insert(Glide {
                    from,
                    to,
                    elapsed: 0.0,
                });
            }
        }
        if let Some((cell, owner)) = event.effects.placed {
            let mut piece = commands.spawn((
                Piece {
                    owner,
                    marked: false,
                },
                OnSquare(cell),
            ));
            if animate {
                piece.insert(PlaceAnimation { elapsed: 0.0 });
            }
        }
    }
}

/// Pieces still moving on screen.
type Animating = Or<(With<Glide>, With<CaptureAnimation>, With<PlaceAnimation>)>;

/// The win check after each turn, once the animations are over.
fn finish_turn(
    moving: Query<(), Animating>,
    rules: Res<Rules>,
    mut status: ResMut<StatusLine>,
    mut next_turn: ResMut<NextState<TurnState>>,
    mut next_app: ResMut<NextState<AppState>>,
) {
    if !moving.is_empty() {
        return;
    }
    if let Some(end) = rules.end() {
        status.0 = end.describe();
        next_app.set(AppState::GameOver);
    } else {
        next_turn.set(TurnState::AwaitingInput);
    }
}

#[allow(clippy::too_many_arguments)]
fn handle_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut rules: ResMut<Rules>,
    settings: Res<GameSettings>,
    mut status: ResMut<StatusLine>,
    mut resets: MessageWriter<BoardReset>,
    mut ai: ResMut<AiTask>,
    start: Res<StartPosition>,
    state: Res<State<AppState>>,
    mut next_app: ResMut<NextState<AppState>>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    for command in commands_in.read() {
        match command {
            GameCommand::NewGame => {
                ai.cancel();
                let from_text = start
                    .0
                    .as_deref()
                    .and_then(|text| Rules::from_text(settings.config, text).ok());
                *rules = from_text.unwrap_or_else(|| Rules::new(settings.config));
                status.0 = "New game.".into();
                resets.write(BoardReset);
                next_app.set(AppState::Playing);
                next_turn.set(TurnState::AwaitingInput);
            }
            GameCommand::Undo => {
                ai.cancel();
                let against_computer = settings.mixes_humans_and_computers();
                let mut undone = rules.undo().is_some();
                // Against the computer, take back until it is a person's turn again.
                while undone
                    && against_computer
                    && settings.player_to_move(&rules).is_computer()
                    && rules.ply() > 0
                {
                    undone = rules.undo().is_some();
                }
                status.0 = if rules.ply() == 0 && !undone {
                    "Nothing to take back.".into()
                } else {
                    "Move taken back.".into()
                };
                resets.write(BoardReset);
                next_app.set(AppState::Playing);
                next_turn.set(TurnState::AwaitingInput);
            }
            GameCommand::Redo => {
                let Some(mv) = rules.redo_move() else {
                    status.0 = "Nothing to redo.".into();
                    continue;
                };
                ai.cancel();
                rules.play(mv);
                status.0 = "Move replayed.".into();
                resets.write(BoardReset);
                next_turn.set(TurnState::AwaitingInput);
            }
            GameCommand::Resign => {
                if *state.get() == AppState::Playing {
                    ai.cancel();
                    rules.resign();
                    if let Some(end) = rules.end() {
                        status.0 = end.describe();
                    }
                    next_app.set(AppState::GameOver);
                }
            }
        }
    }
}
