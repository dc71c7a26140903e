//! Start-up hooks for screenshots and for trying a lesson or puzzle out, read from the
//! environment (developer builds only, feature `dev`):
//!
//! - `GAMUT_LESSON=loa-jump` opens that lesson a few frames after the title is up;
//!   `loa-jump:a6-d6` then tries that move as the learner's click would.
//! - `GAMUT_PUZZLE=list` opens the puzzles' list; `GAMUT_PUZZLE=loa/w2-01` opens that puzzle,
//!   and `loa/w2-01:1` then plays the player's first solution move by itself.
//! - `GAMUT_SHARE=1` opens the Share dialog once a finished game's panel is up (`--open` a
//!   finished record), as its Share… button does.
//!
//! They go through the same messages as the title's buttons and the board's clicks.

use bevy::prelude::*;

use crate::learn::{LESSONS, LessonAction, LessonScreen, check};
use crate::model::game::move_cells;
use crate::model::{CurrentGame, MoveRequest};
use crate::play::{OpenLearn, TurnState};
use crate::puzzles::{Catalog, Phase, PuzzleCommand, PuzzleScreen};

/// What the environment asked for and is still to do.
#[derive(Resource, Debug, Default)]
struct Pending {
    /// The lesson's move to try once its first step is on the board.
    lesson_move: Option<MoveRequest>,
    /// The player's solution moves still to play by themselves.
    puzzle_moves: usize,
}

/// The start-up hooks.
pub struct HooksPlugin;

impl Plugin for HooksPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Pending>().add_systems(
            Update,
            (
                open_lesson.run_if(crate::i18n::words_ready),
                open_puzzle,
                open_share.run_if(in_state(crate::play::AppState::GameOver)),
                (try_lesson_move, play_puzzle_moves).run_if(in_state(TurnState::AwaitingInput)),
            )
                .before(crate::play::PlaySystems),
        );
    }
}

/// The environment variable `name`, in the frame `frame` of its system (counted in `frames`)
/// only.
fn asked_at(frames: &mut u32, frame: u32, name: &str) -> Option<String> {
    *frames += 1;
    if *frames != frame {
        return None;
    }
    std::env::var(name).ok()
}

/// `GAMUT_LESSON`, once the title screen has settled (ten frames after the words are there).
fn open_lesson(
    mut frames: Local<u32>,
    mut pending: ResMut<Pending>,
    mut actions: MessageWriter<LessonAction>,
) {
    let Some(wanted) = asked_at(&mut frames, 11, "GAMUT_LESSON") else {
        return;
    };
    let (id, mv) = match wanted.split_once(':') {
        Some((id, mv)) => (id, Some(mv)),
        None => (wanted.as_str(), None),
    };
    let Some(lesson) = LESSONS.iter().position(|l| l.id == id) else {
        warn!("GAMUT_LESSON: no lesson {id}");
        return;
    };
    actions.write(LessonAction::Open(lesson));
    pending.lesson_move = mv.and_then(|m| check::parse_move(m).ok());
}

/// The lesson's move, clicked once its first step waits for the learner.
fn try_lesson_move(
    mut pending: ResMut<Pending>,
    screen: Res<LessonScreen>,
    game: Res<CurrentGame>,
    mut requests: MessageWriter<MoveRequest>,
) {
    if screen.step().is_some()
        && game.ply() == 0
        && let Some(request) = pending.lesson_move.take()
    {
        requests.write(request);
    }
}

/// `GAMUT_PUZZLE`, a few frames in, once the title is up.
fn open_puzzle(
    mut frames: Local<u32>,
    catalog: Res<Catalog>,
    mut pending: ResMut<Pending>,
    mut opens: MessageWriter<OpenLearn>,
    mut commands: MessageWriter<PuzzleCommand>,
) {
    let Some(wanted) = asked_at(&mut frames, 5, "GAMUT_PUZZLE") else {
        return;
    };
    let (id, moves) = wanted.split_once(':').unwrap_or((wanted.as_str(), "0"));
    if id == "list" {
        opens.write(OpenLearn::Puzzles);
    } else if let Some(index) = catalog.index_of(id) {
        commands.write(PuzzleCommand::Open(index));
        pending.puzzle_moves = moves.parse().unwrap_or(0);
    } else {
        warn!("GAMUT_PUZZLE: no puzzle {id}");
    }
}

/// `GAMUT_SHARE`, a few frames after the game is over.
fn open_share(mut frames: Local<u32>, mut dialogs: crate::play::Dialogs) {
    if asked_at(&mut frames, 5, "GAMUT_SHARE").is_some() {
        dialogs.open(crate::play::Modal::Share);
    }
}

/// The player's solution moves, clicked one by one on the player's turns.
fn play_puzzle_moves(
    mut pending: ResMut<Pending>,
    screen: Res<PuzzleScreen>,
    catalog: Res<Catalog>,
    game: Res<CurrentGame>,
    mut requests: MessageWriter<MoveRequest>,
) {
    let Some(attempt) = screen.attempt.as_ref().filter(|a| a.ready) else {
        return;
    };
    if pending.puzzle_moves == 0
        || attempt.phase != Phase::YourMove
        || game.side_to_move() != attempt.learner
    {
        return;
    }
    let line = catalog.entries[attempt.index].puzzle.solution();
    if let Some(&mv) = line.get(game.ply())
        && let [from, to, ..] = move_cells(mv)[..]
    {
        requests.write(MoveRequest::step(from, to));
        pending.puzzle_moves -= 1;
    }
}
