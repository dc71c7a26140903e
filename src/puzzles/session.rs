//! A puzzle on the board: the player's moves are judged by the exact prover, the engine answers
//! with the defence that holds out longest (found by an engine job, so the window never
//! freezes), hints, the solution played move by move, and the typed verdicts the panel words.

use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_engine::any_game::{AnyMove, AnyPosition, GameKind};
use gamut_engine::puzzle::Goal;

use super::catalog::Catalog;
use super::progress::{PuzzleProgress, PuzzleState};
use crate::engine_jobs::{
    JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, PuzzleAnswer, PuzzleQuestion,
    Report,
};
use crate::model::game::move_cells;
use crate::model::{CurrentGame, GameSettings};
use crate::play::{
    Hint, MenuScreen, MovePlayed, Mover, OpenLearn, PlayMove, Practice, StartAs, StartGame,
    StopPractice,
};

/// What the player asks of the puzzle screens (the list's and the panel's buttons).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Put the puzzle of this catalogue index on the board.
    Open(usize),
    /// The same puzzle again from its start.
    TryAgain,
    /// The next hint: the piece to move, then the move.
    Hint,
    /// Play the whole solution, move by move.
    ShowSolution,
    /// The next puzzle of the list.
    Next,
    /// Back to the list of puzzles.
    BackToList,
    /// Back to the title screen.
    BackToTitle,
}

/// Which puzzle screen is shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum View {
    /// None: the title, a game, or the list (`crate::play::MenuScreen::Puzzles`).
    #[default]
    Closed,
    /// A puzzle on the board (`crate::play::GameMode::Puzzle`).
    Solving,
}

/// How a puzzle attempt ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move won as the puzzle asked.
    Solved {
        /// Whether it counts (not after showing the solution).
        counted: bool,
    },
    /// The player's move does not keep the forced win in the moves left.
    NotWinning {
        /// The player's move, in the game's notation.
        played: String,
        /// The defence that escapes, if the game goes on.
        escape: Option<String>,
    },
    /// A defence puzzle: the opponent won (the player's last move, in notation).
    Lost,
    /// A defence puzzle: the player's move stopped the forced win.
    Saved {
        /// The saving move, in notation.
        played: String,
    },
    /// The solution was played on the board.
    SolutionShown,
}

/// Where the attempt stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// The player is to move.
    YourMove,
    /// The engine judges the player's move and looks for its reply.
    Thinking,
    /// The engine's reply, waiting for the board to be ready.
    Reply(AnyMove),
    /// The reply was sent; its move is awaited.
    Replied,
    /// The solution is being played: the line and the next move's index.
    Showing {
        /// The moves from the start.
        line: Vec<AnyMove>,
        /// The next one to play.
        next: usize,
    },
    /// Over.
    Over(Verdict),
}

/// How far the hint went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum HintStep {
    /// No hint yet this move.
    #[default]
    None,
    /// The piece to move is selected.
    Piece(AnyMove),
    /// The move is drawn on the board.
    Move(AnyMove),
}

/// One try at a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The puzzle's catalogue index.
    pub index: usize,
    /// The player's side (the side to move at the start).
    pub learner: Side,
    /// The moves the attacker has left (the player's in a win, the opponent's in a defence).
    pub left: u32,
    /// Where it stands.
    pub phase: Phase,
    /// Whether the solution was shown since the puzzle was opened (then a win is not counted).
    pub solution_shown: bool,
    /// The hint so far, for the current move.
    pub hint: HintStep,
    /// The engine's last reply, in notation.
    pub last_reply: Option<String>,
    /// Whether the board shows the puzzle yet (its reset was seen).
    pub ready: bool,
}

/// The puzzle screens' state.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PuzzleScreen {
    /// What is shown.
    pub view: View,
    /// The puzzle on the board, if any.
    pub attempt: Option<Attempt>,
}

/// The pauses that let the player follow: before the engine's reply, between solution moves.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzlePace {
    /// Before the engine's reply is played.
    pub reply: Duration,
    /// Between two moves of the solution.
    pub solution_step: Duration,
}

impl Default for PuzzlePace {
    fn default() -> PuzzlePace {
        PuzzlePace {
            reply: Duration::from_millis(400),
            solution_step: Duration::from_millis(900),
        }
    }
}

/// What the prover's answer means.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    Reply { mv: AnyMove, notation: String },
    Verdict(Verdict),
    Hint(AnyMove),
}

/// What the prover was asked, for reading its answer.
#[derive(Debug)]
enum Asked {
    /// The player's move (`played`, in notation) judged: the position after it.
    Judge {
        position: Box<AnyPosition>,
        goal: Goal,
        played: String,
    },
    /// The move of a hint.
    Hint,
}

/// The prover's work in progress (an engine job), and the time of the last board event (for
/// the pauses).
#[derive(Resource, Default)]
pub(super) struct Work {
    task: Option<(JobTicket, Asked)>,
    since: Duration,
}

/// Everything the commands change.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct CommandTargets<'w> {
    screen: ResMut<'w, PuzzleScreen>,
    catalog: Res<'w, Catalog>,
    progress: ResMut<'w, PuzzleProgress>,
    game: Res<'w, CurrentGame>,
    hint: ResMut<'w, Hint>,
    selection: Option<ResMut<'w, crate::input::Selection>>,
    work: ResMut<'w, Work>,
    jobs: Jobs<'w>,
    time: Res<'w, Time<Real>>,
    starts: MessageWriter<'w, StartGame>,
    stops: MessageWriter<'w, StopPractice>,
    rig: Option<ResMut<'w, crate::board::camera::CameraRig>>,
    back: ResMut<'w, crate::play::BackTo>,
    menu: ResMut<'w, NextState<MenuScreen>>,
}

/// The title's Puzzles button opens the list.
pub(super) fn open_list(
    mut opens: MessageReader<OpenLearn>,
    mut screen: ResMut<PuzzleScreen>,
    mut menu: ResMut<NextState<MenuScreen>>,
) {
    if opens.read().any(|o| *o == OpenLearn::Puzzles) {
        screen.view = View::Closed;
        screen.attempt = None;
        menu.set(MenuScreen::Puzzles);
    }
}

/// `Esc`: from a puzzle back to the list, from the list back to the title (as in the lessons).
pub(super) fn escape_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<PuzzleScreen>,
    menu: Option<Res<State<MenuScreen>>>,
    mut commands: MessageWriter<PuzzleCommand>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        return;
    }
    if screen.view == View::Solving {
        commands.write(PuzzleCommand::BackToList);
    } else if menu.is_some_and(|m| *m.get() == MenuScreen::Puzzles) {
        commands.write(PuzzleCommand::BackToTitle);
    }
}

pub(super) fn handle_commands(mut commands: MessageReader<PuzzleCommand>, mut to: CommandTargets) {
    for command in commands.read() {
        match *command {
            PuzzleCommand::Open(index) => open(&mut to, index, false),
            PuzzleCommand::TryAgain => {
                if let Some(a) = to.screen.attempt.clone() {
                    open(&mut to, a.index, a.solution_shown);
                }
            }
            PuzzleCommand::Next => {
                let next = to
                    .screen
                    .attempt
                    .as_ref()
                    .and_then(|a| to.catalog.next_after(a.index));
                match next {
                    Some(index) => open(&mut to, index, false),
                    None => back_to_list(&mut to),
                }
            }
            PuzzleCommand::Hint => hint(&mut to),
            PuzzleCommand::ShowSolution => show_solution(&mut to),
            PuzzleCommand::BackToList => back_to_list(&mut to),
            PuzzleCommand::BackToTitle => {
                if to.screen.view == View::Solving {
                    to.stops.write(StopPractice);
                }
                to.work.task = None;
                *to.screen = PuzzleScreen::default();
                to.back.0 = None;
                to.menu.set(MenuScreen::Title);
            }
        }
    }
}

/// Puts a puzzle on the board from its start.
fn open(to: &mut CommandTargets, index: usize, solution_shown: bool) {
    let Some(entry) = to.catalog.entries.get(index) else {
        return;
    };
    let start = entry.puzzle.start();
    let learner = start.side_to_move();
    let game = CurrentGame::from_replay(entry.puzzle.record.config, &start);
    // The default framing, the learner's side nearest (the title's camera had turned round).
    if let Some(rig) = to.rig.as_mut() {
        let flat = rig.flat;
        **rig = crate::board::camera::CameraRig {
            flat,
            flipped: learner == Side::Black && game.config.kind == GameKind::Epaminondas,
            ..default()
        };
    }
    to.starts.write(StartGame {
        names: Default::default(),
        seats: GameSettings::people_only(game.config),
        game: Box::new(game),
        mode: StartAs::Practice {
            learner,
            drill: crate::play::Drill::Puzzle,
        },
        notice: None,
    });
    to.work.task = None;
    to.screen.view = View::Solving;
    to.screen.attempt = Some(Attempt {
        index,
        learner,
        left: entry.goal().moves(),
        phase: Phase::YourMove,
        solution_shown,
        hint: HintStep::None,
        last_reply: None,
        ready: false,
    });
    to.work.since = to.time.elapsed();
}

fn back_to_list(to: &mut CommandTargets) {
    if to.screen.view == View::Solving {
        to.stops.write(StopPractice);
        to.back.0 = Some(MenuScreen::Puzzles);
    }
    to.work.task = None;
    to.screen.view = View::Closed;
    to.screen.attempt = None;
}

/// The next hint: first the piece (selected as if clicked), then the move drawn on the board.
/// In a win the move is the first of the fastest wins from here (at the start, the puzzle's
/// own first move; later the prover finds it on the worker).
fn hint(to: &mut CommandTargets) {
    let Some(attempt) = to.screen.attempt.as_mut() else {
        return;
    };
    let Some(entry) = to.catalog.entries.get(attempt.index) else {
        return;
    };
    if attempt.phase != Phase::YourMove || !matches!(entry.goal(), Goal::Win(_)) {
        return;
    }
    match attempt.hint {
        HintStep::None if to.game.ply() == 0 => {
            let mv = entry.puzzle.solution()[0];
            show_hint(
                attempt,
                mv,
                &to.game,
                &mut to.hint,
                to.selection.as_deref_mut(),
            );
        }
        HintStep::None => {
            if to.work.task.is_none() {
                let request = JobRequest::AskPuzzle {
                    position: to.game.position().clone(),
                    question: PuzzleQuestion::WinningMoves(attempt.left),
                };
                let ticket = to.jobs.submit(JobOwner::Puzzle, request);
                to.work.task = Some((ticket, Asked::Hint));
            }
        }
        HintStep::Piece(mv) => {
            attempt.hint = HintStep::Move(mv);
            to.hint.0 = Some(mv);
        }
        HintStep::Move(_) => {}
    }
}

/// The first step of a hint: select the piece the move starts from.
fn show_hint(
    attempt: &mut Attempt,
    mv: AnyMove,
    game: &CurrentGame,
    hint: &mut Hint,
    selection: Option<&mut crate::input::Selection>,
) {
    attempt.hint = HintStep::Piece(mv);
    let Some(&from) = move_cells(mv).first() else {
        // A move without a square (a placement only): draw it at once.
        attempt.hint = HintStep::Move(mv);
        hint.0 = Some(mv);
        return;
    };
    if let Some(selection) = selection {
        let moves = game.moves_from(from);
        let moving_stones = game.moving_stones(&moves);
        *selection = crate::input::Selection::Selected {
            from,
            moves,
            moving_stones,
        };
    }
}

/// Plays the puzzle's solution from its start, move by move.
fn show_solution(to: &mut CommandTargets) {
    let Some(index) = to.screen.attempt.as_ref().map(|a| a.index) else {
        return;
    };
    let Some(entry) = to.catalog.entries.get(index) else {
        return;
    };
    let line = entry.puzzle.solution();
    let id = entry.id.clone();
    open(to, index, true);
    if let Some(attempt) = to.screen.attempt.as_mut() {
        attempt.phase = Phase::Showing { line, next: 0 };
    }
    to.progress.mark(&id, PuzzleState::Tried);
}

/// What the move watcher reads and changes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Watch<'w> {
    screen: ResMut<'w, PuzzleScreen>,
    catalog: Res<'w, Catalog>,
    progress: ResMut<'w, PuzzleProgress>,
    game: Res<'w, CurrentGame>,
    work: ResMut<'w, Work>,
    time: Res<'w, Time<Real>>,
    jobs: Jobs<'w>,
}

/// The board shows the puzzle once its pieces were rebuilt.
pub(super) fn see_resets(
    mut resets: MessageReader<crate::play::BoardReset>,
    mut screen: ResMut<PuzzleScreen>,
) {
    if resets.read().count() > 0
        && let Some(attempt) = screen.attempt.as_mut()
    {
        attempt.ready = true;
    }
}

/// Follows the moves played: the player's go to the prover, the engine's reply comes back.
/// Reads the moves in every state (the ones before a puzzle are dropped, not judged when it
/// opens).
pub(super) fn follow_moves(
    mut played: MessageReader<MovePlayed>,
    practising: Option<Res<State<crate::play::Practising>>>,
    mut w: Watch,
) {
    if practising.is_none() {
        played.clear();
        return;
    }
    for played in played.read() {
        w.work.since = w.time.elapsed();
        let Some(attempt) = w.screen.attempt.as_mut() else {
            continue;
        };
        let Some(entry) = w.catalog.entries.get(attempt.index) else {
            continue;
        };
        if let Phase::Showing { line, next } = &attempt.phase
            && (*next >= line.len() || w.game.end().is_some())
        {
            attempt.phase = Phase::Over(Verdict::SolutionShown);
        }
        if matches!(attempt.phase, Phase::Showing { .. } | Phase::Over(_)) {
            continue;
        }
        let goal = entry.goal();
        let id = entry.id.clone();
        if played.by == attempt.learner && attempt.phase == Phase::YourMove {
            w.progress.mark(&id, PuzzleState::Tried);
            attempt.hint = HintStep::None;
            let played_text = w.game.notation().last().cloned().unwrap_or_default();
            if let Goal::Win(_) = goal {
                attempt.left = attempt.left.saturating_sub(1);
            }
            let from_record = match goal {
                Goal::Defend(_) => record_reply(&w.game, entry),
                Goal::Win(_) => None,
            };
            match (
                ended(&w.game, attempt.learner, goal, &played_text),
                from_record,
            ) {
                (Some(verdict), _) => finish(attempt, verdict, &id, &mut w.progress),
                (None, Some(mv)) => {
                    // The record's own line (the article's tries) is answered as it says.
                    attempt.last_reply = Some(w.game.position().human_move(mv));
                    attempt.phase = Phase::Reply(mv);
                }
                (None, None) => {
                    attempt.phase = Phase::Thinking;
                    let position = w.game.position().clone();
                    let question = match goal {
                        Goal::Win(_) => PuzzleQuestion::BestDefence(attempt.left),
                        Goal::Defend(_) => PuzzleQuestion::Solution(attempt.left),
                    };
                    let request = JobRequest::AskPuzzle {
                        position: position.clone(),
                        question,
                    };
                    let asked = Asked::Judge {
                        position: Box::new(position),
                        goal,
                        played: played_text,
                    };
                    w.work.task = Some((w.jobs.submit(JobOwner::Puzzle, request), asked));
                }
            }
        } else if played.by != attempt.learner && attempt.phase == Phase::Replied {
            if let Goal::Defend(_) = goal {
                attempt.left = attempt.left.saturating_sub(1);
            }
            attempt.phase = Phase::YourMove;
            if let Some(verdict) = ended(&w.game, attempt.learner, goal, "") {
                finish(attempt, verdict, &id, &mut w.progress);
            }
        }
    }
}

/// The record's next move when the game so far follows the record's line.
fn record_reply(game: &CurrentGame, entry: &super::PuzzleEntry) -> Option<AnyMove> {
    let mut position = game.position().clone();
    let mut played = Vec::new();
    while let Some(mv) = position.undo() {
        played.push(mv);
    }
    played.reverse();
    let line = entry.puzzle.solution();
    (line.starts_with(&played)).then(|| line.get(played.len()).copied())?
}

/// The verdict when the game is over.
fn ended(game: &CurrentGame, learner: Side, goal: Goal, played: &str) -> Option<Verdict> {
    let end = game.end()?;
    let won = end.winner() == Some(learner);
    Some(match (goal, won) {
        (Goal::Win(_), true) => Verdict::Solved { counted: true },
        (Goal::Win(_), false) => Verdict::NotWinning {
            played: played.to_string(),
            escape: None,
        },
        (Goal::Defend(_), true) => Verdict::Saved {
            played: played.to_string(),
        },
        (Goal::Defend(_), false) => Verdict::Lost,
    })
}

/// Ends the attempt and records the progress: a win counts unless the solution was shown; the
/// defence puzzle counts once played out (its answer is the engine's verdict).
fn finish(attempt: &mut Attempt, mut verdict: Verdict, id: &str, progress: &mut PuzzleProgress) {
    let counts = !attempt.solution_shown
        && matches!(
            verdict,
            Verdict::Solved { .. } | Verdict::Saved { .. } | Verdict::Lost
        );
    if let Verdict::Solved { counted } = &mut verdict {
        *counted = !attempt.solution_shown;
    }
    progress.mark(
        id,
        if counts {
            PuzzleState::Solved
        } else {
            PuzzleState::Tried
        },
    );
    attempt.phase = Phase::Over(verdict);
}

/// The prover's judgement of the player's move: the engine's reply, or the end (`None`: the
/// prover gave no answer).
fn judge(
    position: &AnyPosition,
    goal: Goal,
    answer: Option<PuzzleAnswer>,
    played: String,
) -> Answer {
    match goal {
        Goal::Win(_) => match answer {
            Some(PuzzleAnswer::BestDefence(Some((mv, Some(_))))) => Answer::Reply {
                mv,
                notation: position.human_move(mv),
            },
            Some(PuzzleAnswer::BestDefence(Some((mv, None)))) => {
                Answer::Verdict(Verdict::NotWinning {
                    played,
                    escape: Some(position.human_move(mv)),
                })
            }
            _ => Answer::Verdict(Verdict::NotWinning {
                played,
                escape: None,
            }),
        },
        Goal::Defend(_) => match answer {
            Some(PuzzleAnswer::Solution(Some(line))) if !line.is_empty() => Answer::Reply {
                mv: line[0],
                notation: position.human_move(line[0]),
            },
            _ => Answer::Verdict(Verdict::Saved { played }),
        },
    }
}

/// What the prover's answer to `asked` means.
fn meaning(asked: Asked, answer: Option<PuzzleAnswer>) -> Answer {
    match asked {
        Asked::Judge {
            position,
            goal,
            played,
        } => judge(&position, goal, answer, played),
        Asked::Hint => match answer {
            Some(PuzzleAnswer::WinningMoves(moves)) if !moves.is_empty() => Answer::Hint(moves[0]),
            _ => Answer::Verdict(Verdict::NotWinning {
                played: String::new(),
                escape: None,
            }),
        },
    }
}

/// Collects the prover's answer.
#[allow(clippy::too_many_arguments)]
pub(super) fn collect_answers(
    mut reports: MessageReader<JobReport>,
    mut work: ResMut<Work>,
    mut screen: ResMut<PuzzleScreen>,
    catalog: Res<Catalog>,
    mut progress: ResMut<PuzzleProgress>,
    game: Res<CurrentGame>,
    mut hint: ResMut<Hint>,
    mut selection: Option<ResMut<crate::input::Selection>>,
) {
    let Some(result) = work.task.as_ref().and_then(|(ticket, _)| {
        reports
            .read()
            .filter(|r| ticket.owns(r))
            .find_map(|r| match &r.report {
                Report::Done(result) => Some(result.clone()),
                Report::Progress(_) => None,
            })
    }) else {
        reports.clear();
        return;
    };
    let Some((_, asked)) = work.task.take() else {
        return;
    };
    let answer = meaning(
        asked,
        match result {
            JobResult::Puzzle(answer) => Some(answer),
            _ => None,
        },
    );
    let Some(attempt) = screen.attempt.as_mut() else {
        return;
    };
    let Some(id) = catalog.entries.get(attempt.index).map(|e| e.id.clone()) else {
        return;
    };
    match answer {
        Answer::Reply { mv, notation } if attempt.phase == Phase::Thinking => {
            attempt.last_reply = Some(notation);
            attempt.phase = Phase::Reply(mv);
        }
        Answer::Verdict(verdict) if attempt.phase == Phase::Thinking => {
            finish(attempt, verdict, &id, &mut progress);
        }
        Answer::Hint(mv) if attempt.phase == Phase::YourMove => {
            show_hint(attempt, mv, &game, &mut hint, selection.as_deref_mut());
        }
        _ => {}
    }
}

/// What the board-driving systems need.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Drive<'w> {
    screen: ResMut<'w, PuzzleScreen>,
    game: Res<'w, CurrentGame>,
    practice: Res<'w, Practice>,
    pace: Res<'w, PuzzlePace>,
    work: Res<'w, Work>,
    time: Res<'w, Time<Real>>,
    moves: MessageWriter<'w, PlayMove>,
    next_frame: ResMut<'w, crate::rest::NextFrame>,
}

/// Sends the engine's reply, or the solution's next move, once the board waits and the pause
/// is over (runs while the board awaits input, before the play systems).
pub(super) fn drive_board(mut d: Drive) {
    let waited = d.time.elapsed().saturating_sub(d.work.since);
    let Some(attempt) = d.screen.attempt.as_mut() else {
        return;
    };
    if !attempt.ready {
        return;
    }
    // The resting game wakes when the pause is over.
    match attempt.phase {
        Phase::Reply(_) => d.next_frame.within(d.pace.reply.saturating_sub(waited)),
        Phase::Showing { .. } => d
            .next_frame
            .within(d.pace.solution_step.saturating_sub(waited)),
        _ => {}
    }
    match &mut attempt.phase {
        Phase::Reply(mv) if waited >= d.pace.reply && d.practice.scripted_to_move(&d.game) => {
            d.moves.write(PlayMove::new(*mv, Mover::Reply, &d.game));
            attempt.phase = Phase::Replied;
        }
        Phase::Showing { line, next }
            if waited >= d.pace.solution_step && d.game.ply() == *next =>
        {
            match line.get(*next) {
                Some(&mv)
                    if d.game.end().is_none() && d.game.position().legal_moves().contains(&mv) =>
                {
                    d.moves.write(PlayMove::new(mv, Mover::Solution, &d.game));
                    *next += 1;
                }
                _ => attempt.phase = Phase::Over(Verdict::SolutionShown),
            }
        }
        _ => {}
    }
}
