//! Lessons, played on the board: opened from the title screen ([`crate::play::OpenLearn`]).
//!
//! Each lesson ([`lessons::LESSONS`]) is a few steps; a step puts a position on the board through
//! a practice game ([`crate::play::StartGame`]), asks for a move (or only shows one) and
//! judges what the learner plays ([`check::Verdict`]): the engine says whether a move is legal,
//! the step whether it is the one it wanted. The panel ([`panel`]) says it in the player's words.

pub mod check;
mod flow;
pub mod lessons;
mod panel;

use bevy::prelude::*;
use gamut_engine::any_game::AnyMove;

use crate::model::MoveRequest;

pub use check::Verdict;
pub use lessons::{Goal, LESSONS, LessonDef, StepDef, Task};

/// Where the lesson screen is: closed, the list, or a step of a lesson.
#[derive(Resource, Debug, Default, Clone)]
pub struct LessonScreen {
    /// The lesson and step on the board (indices into [`LESSONS`]); `None` on the list.
    pub at: Option<(usize, usize)>,
    /// The judgement of the learner's last try in this step.
    pub verdict: Option<Verdict>,
    /// Lessons finished in this session (indices into [`LESSONS`]).
    pub finished: Vec<usize>,
    /// A step the engine could not set up (bad lesson data): the reason, shown instead of a
    /// panic.
    pub problem: Option<check::StepError>,
    /// The step's wanted moves in its position.
    wanted: Vec<AnyMove>,
    /// The step's position, which the learner's move is judged from.
    start: Option<crate::model::CurrentGame>,
    /// "Show me": the learner's move to play once the step's position is back on the board.
    show: Option<MoveRequest>,
    /// The move being played was "Show me"'s.
    showing: bool,
    /// The scripted answer is due once it is the other side's turn.
    reply_due: bool,
    /// The part of the window the lesson panel covers (applied after the other panels).
    insets: crate::board::camera::ScreenInsets,
}

impl LessonScreen {
    /// The step on the board, if any.
    pub fn step(&self) -> Option<&'static StepDef> {
        let (lesson, step) = self.at?;
        LESSONS.get(lesson)?.steps.get(step)
    }

    /// Whether the step asked for has been done (or it only shows something).
    pub fn step_done(&self) -> bool {
        matches!(self.verdict, Some(Verdict::Right { .. }))
            || self
                .step()
                .is_some_and(|s| matches!(s.task, Task::Look { .. }))
    }
}

/// What the lesson panel's buttons (and Escape) ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonAction {
    /// Open a lesson at its first step.
    Open(usize),
    /// The next step (the list after the last).
    Next,
    /// The step's position again.
    TryAgain,
    /// Play the step's move for the learner (from its position).
    ShowMe,
    /// Back to the list of lessons.
    BackToList,
    /// Close the lessons: back to the title.
    BackToTitle,
}

/// The lessons.
pub struct LearnPlugin;

/// The lessons are open: a lesson's step or the list on the board, away from the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Learning;

impl ComputedStates for Learning {
    type SourceStates = (crate::play::AppState, crate::play::GameMode);

    fn compute((app, mode): Self::SourceStates) -> Option<Learning> {
        (mode == crate::play::GameMode::Lesson && app != crate::play::AppState::Menu)
            .then_some(Learning)
    }
}

impl Plugin for LearnPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LessonScreen>()
            .add_computed_state::<Learning>()
            .add_message::<LessonAction>()
            .add_systems(
                Update,
                (
                    flow::open_lessons,
                    flow::escape_key.run_if(in_state(Learning)),
                    flow::apply_actions,
                    // Reads the moves in every state (see `judge_moves`).
                    flow::judge_moves,
                )
                    .chain()
                    .after(crate::play::PlaySystems),
            )
            // Before play, while the board waits: play takes the move in the same frame (sent
            // after play, in the frame of the learner's move, it would wait for the turn to
            // come back and could be dropped with the frame's old messages).
            .add_systems(
                Update,
                flow::send_due_moves
                    .run_if(in_state(crate::play::Practising))
                    .run_if(in_state(crate::play::TurnState::AwaitingInput))
                    .before(crate::play::PlaySystems),
            )
            // Not `OnExit`: a step's new game re-enters the state, which does not end practice.
            .add_systems(
                Update,
                flow::close_when_practice_ends.run_if(resource_removed::<State<Learning>>),
            )
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                panel::lesson_panel
                    .run_if(in_state(Learning))
                    .run_if(crate::i18n::words_ready),
            )
            .add_systems(Last, panel::apply_insets.run_if(in_state(Learning)));
    }
}
