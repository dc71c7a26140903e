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

use crate::model::{CurrentGame, GameEnd, GameSettings, Notice, Player, Seats};
use crate::play::{Hint, HintRequest, Mover, Overlay, PlayMove, Status, TurnState};
use crate::rest::Wake;

/// How long the hint search takes.
const HINT_TIME: Duration = Duration::from_millis(800);

/// Time kept back on the computer's clock for what surrounds its search (starting the thread,
/// the frames before its move is played), so it never loses on time.
const CLOCK_RESERVE: Duration = Duration::from_millis(250);

/// How the computer thinks.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Thinking {
    /// On a thread of its own for its think time, the window going on (the game).
    #[default]
    Timed,
    /// For tests that must replay: a fixed budget of nodes, the weak levels' random choices
    /// seeded from the position, and the frame after the search began waits for its answer —
    /// the same moves at the same frames on any machine, however loaded.
    Fixed {
        /// The nodes each search may visit.
        nodes: u64,
    },
}

/// Runs the computer's turns and answers hint requests.
pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Brain>()
            .init_resource::<Thinking>()
            .init_resource::<AiTask>()
            .init_resource::<HintTask>()
            .init_resource::<Evaluation>()
            .add_systems(OnEnter(TurnState::AiThinking), start_search)
            .add_systems(OnExit(TurnState::AiThinking), cancel_search)
            .add_systems(
                Update,
                (
                    // The answer waits while a dialog covers the game.
                    poll_search
                        .run_if(in_state(TurnState::AiThinking))
                        .run_if(in_state(Overlay::None)),
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
    /// Whether a poll waits for the answer ([`Thinking::Fixed`]).
    waits: bool,
}

impl<T> Running<T> {
    /// The answer, once the search has ended (`None` while it runs, or if it failed).
    fn poll(&mut self) -> Option<Option<T>> {
        if !self.waits && self.thread.as_ref().is_some_and(|t| !t.is_finished()) {
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

/// The computer's last evaluation and the moves up to the one it chose: shown while the game
/// still starts with those moves (an undo before it, or another game, makes it stale).
#[derive(Resource, Debug, Clone)]
pub struct Evaluation {
    /// The answer, if the computer has moved in this game.
    pub answer: Option<AiAnswer>,
    /// The ply after the computer's move.
    pub ply: usize,
    /// The side the computer played (the score is from its point of view).
    pub by: gamut_engine::Color,
    /// The game's moves up to and with the computer's, in notation.
    pub moves: Vec<String>,
}

impl Default for Evaluation {
    fn default() -> Evaluation {
        Evaluation {
            answer: None,
            ply: 0,
            by: gamut_engine::Color::Black,
            moves: Vec::new(),
        }
    }
}

impl Evaluation {
    /// The evaluation of the computer playing `by`, after its move: the last move of `game`.
    pub fn after_move(answer: AiAnswer, by: gamut_engine::Color, game: &CurrentGame) -> Evaluation {
        Evaluation {
            answer: Some(answer),
            ply: game.ply(),
            by,
            moves: game.notation().to_vec(),
        }
    }

    /// The answer if it still describes `game`: the game went through the computer's move.
    pub fn current(&self, game: &CurrentGame) -> Option<&AiAnswer> {
        self.answer
            .as_ref()
            .filter(|_| game.ply() >= self.ply && game.notation().starts_with(&self.moves))
    }

    /// What the evaluation bar says of `game`, where the computer has evaluated it: its last
    /// view while the game goes on; once it is over, its end (the search's last word, "wins in
    /// 1", or "slightly better" before a flag-fall, is stale).
    pub fn standing(&self, game: &CurrentGame) -> Option<Standing> {
        let score = self.current(game)?.score?;
        Some(match game.end() {
            Some(end) => Standing::Over(end),
            None => Standing::View { score, by: self.by },
        })
    }
}

/// What an evaluation bar shows (see [`Evaluation::standing`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// The computer's view of a game going on: its score, for the side it played.
    View {
        score: gamut_engine::search::Score,
        by: gamut_engine::Color,
    },
    /// The game is over: how it ended.
    Over(GameEnd),
}

impl Standing {
    /// Black's share of the bar: 1 when Black wins (or is winning), 0 for White, ½ when even.
    pub fn black_share(self) -> f32 {
        use gamut_engine::Color as Side;
        use gamut_engine::search::Score;
        let (leader, share) = match self {
            Standing::Over(end) => match end.winner() {
                Some(winner) => (winner, 1.0),
                None => return 0.5,
            },
            Standing::View { score, by } => match score {
                Score::WinIn(_) => (by, 1.0),
                Score::LossIn(_) => (!by, 1.0),
                Score::Centipawns(cp) => {
                    let leader = if cp >= 0 { by } else { !by };
                    (
                        leader,
                        0.5 + 0.5 * (cp.unsigned_abs() as f32 / 400.0).tanh(),
                    )
                }
            },
        };
        if leader == Side::Black {
            share
        } else {
            1.0 - share
        }
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
    thinking: Thinking,
    wake: &Wake,
) -> Running<AiAnswer> {
    let position = game.position().clone();
    let wake = wake.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let task_stop = Arc::clone(&stop);
    let brain = brain.clone();
    let thread = std::thread::Builder::new()
        .name("gamut-search".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            brain::lower_this_threads_priority();
            let answer = match thinking {
                Thinking::Timed => brain.think(&position, level, think_time, &task_stop),
                Thinking::Fixed { nodes } => {
                    brain.think_within(&position, level, nodes, &task_stop)
                }
            };
            // The resting game draws its next frame now, with the answer.
            wake.wake();
            answer
        })
        .map_err(|e| error!("cannot start the search thread: {e}"))
        .ok();
    Running {
        thread,
        stop,
        moment: game.moment(),
        waits: thinking != Thinking::Timed,
    }
}

fn start_search(
    mut ai: ResMut<AiTask>,
    brain: Res<Brain>,
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    thinking: Res<Thinking>,
    wake: Res<Wake>,
) {
    let Player::Computer(level) = seats.player_to_move(&game) else {
        return;
    };
    let time = think_time(&game, &seats);
    ai.0 = Some(spawn_search(&brain, &game, level, time, *thinking, &wake));
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

/// The search's answer goes to play as the computer's move; the evaluation is of the position
/// after it.
fn poll_search(
    mut ai: ResMut<AiTask>,
    game: Res<CurrentGame>,
    mut evaluation: ResMut<Evaluation>,
    mut moves: MessageWriter<PlayMove>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
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
            let mut after = game.clone();
            after.play(mv);
            *evaluation = Evaluation::after_move(answer, by, &after);
            moves.write(PlayMove {
                mv,
                by: Mover::Computer,
                at: moment,
            });
        }
        _ => next_turn.set(TurnState::AwaitingInput),
    }
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut hint_task: ResMut<HintTask>,
    brain: Res<Brain>,
    game: Res<CurrentGame>,
    thinking: Res<Thinking>,
    wake: Res<Wake>,
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
        *thinking,
        &wake,
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

#[cfg(test)]
mod tests {
    use gamut_engine::Color as Side;
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::search::Score;

    use super::*;
    use crate::model::MoveRequest;

    fn step(game: &mut CurrentGame, from: &str, to: &str) {
        let request = MoveRequest::step(from.parse().unwrap(), to.parse().unwrap());
        let mv = game.check(request).expect("a legal move");
        game.play(mv);
    }

    fn answer(score: Score) -> AiAnswer {
        AiAnswer {
            mv: None,
            score: Some(score),
            depth: 3,
        }
    }

    #[test]
    fn a_win_the_computer_saw_becomes_the_result_once_played() {
        // Black, the computer, sees its win in 1 (b3-c3 joins d5, d4 and b3) and plays it.
        let text = "8/8/8/3b4/3b4/1b6/8/w6w b";
        let mut game = CurrentGame::from_text(GameConfig::default(), text).expect("a position");
        step(&mut game, "b3", "c3");
        let evaluation = Evaluation::after_move(answer(Score::WinIn(1)), Side::Black, &game);
        let end = game.end().expect("Black connected");
        assert_eq!(evaluation.standing(&game), Some(Standing::Over(end)));
        assert_eq!(Standing::Over(end).black_share(), 1.0);
    }

    #[test]
    fn a_flag_fall_replaces_the_computers_view() {
        let mut game = CurrentGame::default();
        step(&mut game, "b1", "b3");
        let evaluation = Evaluation::after_move(answer(Score::Centipawns(80)), Side::Black, &game);
        assert_eq!(
            evaluation.standing(&game),
            Some(Standing::View {
                score: Score::Centipawns(80),
                by: Side::Black
            }),
            "while the game goes on, the computer's view"
        );
        game.lose_on_time(Side::Black);
        let end = GameEnd::Time(Side::Black);
        assert_eq!(evaluation.standing(&game), Some(Standing::Over(end)));
        assert_eq!(Standing::Over(end).black_share(), 0.0, "White won");
    }

    #[test]
    fn the_view_belongs_to_the_game_that_went_through_the_computers_move() {
        let mut game = CurrentGame::default();
        step(&mut game, "b1", "b3");
        let evaluation = Evaluation::after_move(answer(Score::Centipawns(80)), Side::Black, &game);
        step(&mut game, "a2", "c2");
        assert!(evaluation.standing(&game).is_some(), "later in the game");
        game.undo();
        game.undo();
        assert_eq!(evaluation.standing(&game), None, "taken back");
        // Another game, as long but by other moves (a new game between people).
        let mut other = CurrentGame::default();
        step(&mut other, "c1", "c3");
        step(&mut other, "a2", "c2");
        assert_eq!(evaluation.standing(&other), None, "another game");
        other.resign();
        assert_eq!(evaluation.standing(&other), None, "another game, over");
    }
}
