//! The computer's turns and the hint: a best-move job of the engine-job service
//! ([`crate::engine_jobs`]) on its own copy of the position, so the window never freezes.
//! Leaving the computer's turn (undo, a new game, resigning) drops the job's ticket, which
//! stops its search, and an answer for a position that is no longer on the board is thrown
//! away.

pub mod announce;

use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::Game;
use gamut_engine::level::Level;

pub use crate::engine_jobs::{AiAnswer, Brain};

use crate::engine_jobs::{
    Budget, EngineJobsSystems, JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Memory,
    Report,
};
use crate::model::{CurrentGame, GameEnd, GameSettings, Notice, Player, Seats};
use crate::play::{Hint, HintRequest, Mover, Overlay, PlayMove, Status, TurnState};

/// How long the hint search takes.
const HINT_TIME: Duration = Duration::from_millis(800);

/// Time kept back on the computer's clock for what surrounds its search (starting the thread,
/// the frames before its move is played), so it never loses on time.
const CLOCK_RESERVE: Duration = Duration::from_millis(250);

/// How the computer thinks.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Thinking {
    /// In the background for its think time, the window going on (the game).
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
        app.init_resource::<Thinking>()
            .init_resource::<AiTask>()
            .init_resource::<HintTask>()
            .init_resource::<Evaluation>()
            .init_resource::<announce::Announcer>()
            .add_systems(OnEnter(TurnState::AiThinking), start_search)
            .add_systems(OnExit(TurnState::AiThinking), cancel_search)
            .add_systems(
                Update,
                (
                    receive_answers,
                    // The answer waits while a dialog covers the game.
                    poll_search
                        .run_if(in_state(TurnState::AiThinking))
                        .run_if(in_state(Overlay::None)),
                    start_hint,
                    poll_hint,
                    announce::announce,
                )
                    .chain()
                    .after(EngineJobsSystems)
                    .before(crate::play::PlaySystems),
            );
    }
}

/// A best-move job asked of the service, the moment of the game it is for, and its answer once
/// it came (`Some(None)`: the job failed).
struct Running {
    ticket: JobTicket,
    moment: (u64, usize),
    answer: Option<Option<AiAnswer>>,
}

impl Running {
    /// Takes the job's result from `report` if it is this job's.
    fn receive(&mut self, report: &JobReport) {
        if !self.ticket.owns(report) {
            return;
        }
        match &report.report {
            Report::Done(JobResult::BestMove(answer)) => self.answer = Some(Some(answer.clone())),
            Report::Done(_) => self.answer = Some(None),
            Report::Progress(_) => {}
        }
    }
}

/// The computer's search under way, if any (dropping it stops the search).
#[derive(Resource, Default)]
pub struct AiTask(Option<Running>);

impl AiTask {
    /// Whether a search is under way.
    pub fn is_running(&self) -> bool {
        self.0.is_some()
    }
}

/// The hint search under way, if any.
#[derive(Resource, Default)]
pub struct HintTask(Option<Running>);

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

/// Asks the service for the move in `game` at `level`.
fn ask(
    jobs: &mut Jobs,
    owner: JobOwner,
    memory: Memory,
    game: &CurrentGame,
    level: Level,
    think_time: Duration,
    thinking: Thinking,
) -> Running {
    let budget = match thinking {
        Thinking::Timed => Budget::Time(think_time),
        Thinking::Fixed { nodes } => Budget::Nodes(nodes),
    };
    let request = JobRequest::BestMove {
        position: game.position().clone(),
        level,
        budget,
        memory,
    };
    Running {
        ticket: jobs.submit(owner, request),
        moment: game.moment(),
        answer: None,
    }
}

fn start_search(
    mut ai: ResMut<AiTask>,
    mut jobs: Jobs,
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    thinking: Res<Thinking>,
) {
    let Player::Computer(level) = seats.player_to_move(&game) else {
        return;
    };
    let time = think_time(&game, &seats);
    ai.0 = Some(ask(
        &mut jobs,
        JobOwner::Computer,
        Memory::Moves,
        &game,
        level,
        time,
        *thinking,
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

/// The service's answers to the computer's and the hint's jobs are kept until they are used.
fn receive_answers(
    mut reports: MessageReader<JobReport>,
    mut ai: ResMut<AiTask>,
    mut hint: ResMut<HintTask>,
) {
    for report in reports.read() {
        for running in [ai.0.as_mut(), hint.0.as_mut()].into_iter().flatten() {
            running.receive(report);
        }
    }
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
        // The computer's turn without a search under way (its start found no computer to move:
        // the game or its seats changed in the frames between): the turn is decided again.
        next_turn.set(TurnState::AwaitingInput);
        return;
    };
    let Some(answer) = running.answer.take() else {
        return;
    };
    let moment = ai.0.take().map(|running| running.moment);
    let Some(answer) = answer.filter(|_| moment == Some(game.moment())) else {
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
                at: game.moment(),
            });
        }
        _ => next_turn.set(TurnState::AwaitingInput),
    }
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut hint_task: ResMut<HintTask>,
    mut jobs: Jobs,
    game: Res<CurrentGame>,
    thinking: Res<Thinking>,
    mut status: ResMut<Status>,
    mode: Res<State<crate::play::GameMode>>,
) {
    // No hints against another person at a table on the network.
    let at_a_table = *mode.get() == crate::play::GameMode::Table;
    if requests.read().count() == 0 || game.end().is_some() || at_a_table {
        return;
    }
    status.post(Notice::LookingForHint, &game);
    hint_task.0 = Some(ask(
        &mut jobs,
        JobOwner::Hint,
        Memory::Hints,
        &game,
        Level::MAX,
        HINT_TIME,
        *thinking,
    ));
}

fn poll_hint(
    mut hint_task: ResMut<HintTask>,
    game: Res<CurrentGame>,
    mut hint: ResMut<Hint>,
    mut status: ResMut<Status>,
) {
    let Some(answer) = hint_task
        .0
        .as_mut()
        .and_then(|running| running.answer.take())
    else {
        return;
    };
    let moment = hint_task.0.take().map(|running| running.moment);
    let Some(answer) = answer.filter(|_| moment == Some(game.moment())) else {
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
