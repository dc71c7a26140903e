//! The computer's turns and the hint: a search in a background task on its own copy of the
//! position, so the window never freezes. Leaving the computer's turn (undo, a new game,
//! resigning) raises the search's stop flag, and an answer for a position that is no longer on
//! the board is thrown away.

mod brain;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::Game;
use gamut_engine::level::Level;

pub use brain::{AiAnswer, Brain};

use crate::model::{CurrentGame, GameSettings, Notice, Player};
use crate::play::turn::play_move;
use crate::play::{Hint, HintRequest, MovePlayed, Paused, Status, TurnState};

/// How long the hint search takes.
const HINT_TIME: Duration = Duration::from_millis(800);

/// Time kept back on the computer's clock for what surrounds its search (starting the thread,
/// the frames before its move is played), so it never loses on time.
const CLOCK_RESERVE: Duration = Duration::from_millis(250);

/// Runs the computer's turns and answers hint requests.
pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Brain>()
            .init_resource::<AiTask>()
            .init_resource::<HintTask>()
            .init_resource::<Evaluation>()
            .add_systems(OnEnter(TurnState::AiThinking), start_search)
            .add_systems(OnExit(TurnState::AiThinking), cancel_search)
            .add_systems(
                Update,
                (
                    poll_search.run_if(in_state(TurnState::AiThinking)),
                    start_hint,
                    poll_hint,
                )
                    .before(crate::play::PlaySystems),
            );
    }
}

/// A search running on its own thread, with its stop flag and the moment it searched.
struct Running<T> {
    thread: Option<std::thread::JoinHandle<T>>,
    stop: Arc<AtomicBool>,
    moment: (u64, usize),
}

impl<T> Running<T> {
    /// The answer, once the search has ended (`None` while it runs, or if it failed).
    fn poll(&mut self) -> Option<Option<T>> {
        if self.thread.as_ref().is_some_and(|t| !t.is_finished()) {
            return None;
        }
        Some(self.thread.take().and_then(|t| t.join().ok()))
    }
}

impl<T> Drop for Running<T> {
    /// A search nobody waits for any more stops.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The computer's search under way, if any.
#[derive(Resource, Default)]
pub struct AiTask(Option<Running<AiAnswer>>);

impl AiTask {
    /// Whether a search is under way.
    pub fn is_running(&self) -> bool {
        self.0.is_some()
    }
}

/// The hint search under way, if any.
#[derive(Resource, Default)]
pub struct HintTask(Option<Running<AiAnswer>>);

/// The computer's last evaluation and the ply after the move it chose: shown while the game is
/// still at or past that ply (an undo before it makes it stale).
#[derive(Resource, Debug, Clone)]
pub struct Evaluation {
    /// The answer, if the computer has moved in this game.
    pub answer: Option<AiAnswer>,
    /// The ply after the computer's move.
    pub ply: usize,
    /// The side the computer played (the score is from its point of view).
    pub by: gamut_engine::Color,
}

impl Default for Evaluation {
    fn default() -> Evaluation {
        Evaluation {
            answer: None,
            ply: 0,
            by: gamut_engine::Color::Black,
        }
    }
}

impl Evaluation {
    /// The answer if it still describes `game`.
    pub fn current(&self, game: &CurrentGame) -> Option<&AiAnswer> {
        self.answer.as_ref().filter(|_| game.ply() >= self.ply)
    }
}

/// Stack of the search thread: the search recurses once per ply.
const SEARCH_STACK_BYTES: usize = 16 * 1024 * 1024;

/// Starts a search on a thread of its own, at a lower priority than the window's threads. (A
/// thread of Bevy's pool would keep the lowered priority for its later work.)
fn spawn_search(
    brain: &Brain,
    game: &CurrentGame,
    level: Level,
    think_time: Duration,
) -> Running<AiAnswer> {
    let position = game.position().clone();
    let stop = Arc::new(AtomicBool::new(false));
    let task_stop = Arc::clone(&stop);
    let brain = brain.clone();
    let thread = std::thread::Builder::new()
        .name("gamut-search".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            brain::lower_this_threads_priority();
            brain.think(&position, level, think_time, &task_stop)
        })
        .map_err(|e| error!("cannot start the search thread: {e}"))
        .ok();
    Running {
        thread,
        stop,
        moment: game.moment(),
    }
}

fn start_search(
    mut ai: ResMut<AiTask>,
    brain: Res<Brain>,
    game: Res<CurrentGame>,
    settings: Res<GameSettings>,
) {
    let Player::Computer(level) = settings.player_to_move(&game) else {
        return;
    };
    ai.0 = Some(spawn_search(
        &brain,
        &game,
        level,
        think_time(&game, &settings),
    ));
}

/// How long the computer thinks: with clocks, the engine's budget on its own clock (as for the
/// protocol's `wtime`/`btime`); without, the think time chosen.
pub fn think_time(game: &CurrentGame, settings: &GameSettings) -> Duration {
    game.clocks()
        .budget(game.side_to_move(), CLOCK_RESERVE)
        .unwrap_or(settings.think_time)
}

fn cancel_search(mut ai: ResMut<AiTask>) {
    ai.0 = None;
}

fn poll_search(
    mut ai: ResMut<AiTask>,
    mut game: ResMut<CurrentGame>,
    paused: Res<Paused>,
    mut evaluation: ResMut<Evaluation>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    if paused.0 {
        return; // the answer waits until the dialog closes
    }
    let Some(running) = ai.0.as_mut() else {
        return;
    };
    let Some(answer) = running.poll() else {
        return;
    };
    let moment = running.moment;
    ai.0 = None;
    let Some(answer) = answer.filter(|_| moment == game.moment()) else {
        next_turn.set(TurnState::AwaitingInput);
        return;
    };
    match answer.mv {
        Some(mv) if game.position().is_legal(mv) => {
            let by = game.side_to_move();
            play_move(&mut game, mv, &mut played);
            *evaluation = Evaluation {
                answer: Some(answer),
                ply: game.ply(),
                by,
            };
            next_turn.set(TurnState::Animating);
        }
        _ => next_turn.set(TurnState::AwaitingInput),
    }
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut hint_task: ResMut<HintTask>,
    brain: Res<Brain>,
    game: Res<CurrentGame>,
    mut status: ResMut<Status>,
) {
    if requests.read().count() == 0 || game.end().is_some() {
        return;
    }
    status.post(Notice::LookingForHint, &game);
    hint_task.0 = Some(spawn_search(
        &brain.for_hints(),
        &game,
        Level::MAX,
        HINT_TIME,
    ));
}

fn poll_hint(
    mut hint_task: ResMut<HintTask>,
    game: Res<CurrentGame>,
    mut hint: ResMut<Hint>,
    mut status: ResMut<Status>,
) {
    let Some(running) = hint_task.0.as_mut() else {
        return;
    };
    let Some(answer) = running.poll() else {
        return;
    };
    let moment = running.moment;
    hint_task.0 = None;
    let Some(answer) = answer.filter(|_| moment == game.moment()) else {
        return;
    };

    if let Some(mv) = answer.mv {
        status.post(Notice::Hint(game.position().human_move(mv)), &game);
        hint.0 = Some(mv);
    }
}
