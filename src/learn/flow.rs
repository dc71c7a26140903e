//! The lesson screen's headless part: opening, the buttons' actions, judging the learner's
//! moves, and the moves the lesson plays (the scripted answer, "Show me").

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameConfig;

use super::check::{self, Verdict};
use super::{LESSONS, LessonAction, LessonScreen};
use crate::model::{CurrentGame, GameSettings, Notice};
use crate::play::{
    MovePlayed, Mover, OpenLearn, PlayMove, Practice, StartAs, StartGame, Status, StopPractice,
    TurnState,
};

/// What starting a step or the list writes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Starts<'w> {
    screen: ResMut<'w, LessonScreen>,
    starts: MessageWriter<'w, StartGame>,
    stops: MessageWriter<'w, StopPractice>,
    rig: Option<ResMut<'w, crate::board::camera::CameraRig>>,
    /// Where the lessons done are remembered between runs (with the puzzles' progress).
    progress: Option<ResMut<'w, crate::puzzles::progress::PuzzleProgress>>,
}

/// A lesson's key in the progress file (beside the puzzles' ids, which never start so).
pub fn progress_key(lesson: &super::LessonDef) -> String {
    format!("lesson:{}", lesson.id)
}

impl Starts<'_> {
    /// The list: the Lines of Action start on the board, nobody's pieces to move.
    fn list(&mut self) {
        self.remembered();
        let s = &mut self.screen;
        s.at = None;
        s.verdict = None;
        s.show = None;
        s.reply_due = false;
        self.practice(CurrentGame::new(GameConfig::default()), Side::White);
    }

    /// A lesson's step, from its position.
    fn step(&mut self, lesson: usize, step: usize) {
        let Some(def) = LESSONS.get(lesson).and_then(|l| l.steps.get(step)) else {
            self.list();
            return;
        };
        let set_up = check::step_game(def)
            .and_then(|game| check::wanted_moves(def, &game).map(|wanted| (game, wanted)));
        let (game, wanted) = match set_up {
            Ok(ready) => ready,
            Err(problem) => {
                warn!("lesson {} step {}: {problem}", LESSONS[lesson].id, step + 1);
                self.screen.problem = Some(problem);
                self.list();
                return;
            }
        };
        let s = &mut self.screen;
        s.at = Some((lesson, step));
        s.verdict = None;
        s.problem = None;
        s.wanted = wanted;
        s.start = Some(game.clone());
        s.show = None;
        s.showing = false;
        s.reply_due = false;
        self.practice(game, def.learner);
        // The default framing, the learner's side nearest (the title's camera turns round).
        if let Some(rig) = self.rig.as_mut() {
            let flat = rig.flat;
            **rig = crate::board::camera::CameraRig {
                flat,
                flipped: def.learner == Side::Black && def.rules.is_epaminondas(),
                ..default()
            };
        }
    }

    /// Asks play for the lesson's game, the learner to move `learner`'s pieces.
    fn practice(&mut self, game: CurrentGame, learner: Side) {
        self.starts.write(StartGame {
            names: Default::default(),
            seats: GameSettings::people_only(game.config),
            game: Box::new(game),
            mode: StartAs::Practice {
                learner,
                drill: crate::play::Drill::Lesson,
            },
            notice: None,
        });
    }

    fn finish(&mut self, lesson: usize) {
        if !self.screen.finished.contains(&lesson) {
            self.screen.finished.push(lesson);
        }
        if let (Some(progress), Some(def)) = (self.progress.as_mut(), LESSONS.get(lesson)) {
            use crate::puzzles::progress::PuzzleState;
            progress.mark(&progress_key(def), PuzzleState::Solved);
        }
    }

    /// The lessons done in earlier runs, marked in the list as this run's are.
    fn remembered(&mut self) {
        let Some(progress) = self.progress.as_ref() else {
            return;
        };
        for (n, def) in LESSONS.iter().enumerate() {
            let done =
                progress.state(&progress_key(def)) == crate::puzzles::progress::PuzzleState::Solved;
            if done && !self.screen.finished.contains(&n) {
                self.screen.finished.push(n);
            }
        }
    }
}

/// The title's Lessons button opens the list.
pub(super) fn open_lessons(mut open: MessageReader<OpenLearn>, mut to: Starts) {
    if open.read().any(|o| *o == OpenLearn::Lessons) {
        to.screen.problem = None;
        to.list();
    }
}

/// Escape: from a lesson back to the list, from the list back to the title.
pub(super) fn escape_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<LessonScreen>,
    mut actions: MessageWriter<LessonAction>,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        return;
    }
    actions.write(match screen.at {
        Some(_) => LessonAction::BackToList,
        None => LessonAction::BackToTitle,
    });
}

pub(super) fn apply_actions(mut actions: MessageReader<LessonAction>, mut to: Starts) {
    for action in actions.read() {
        match *action {
            LessonAction::Open(lesson) => to.step(lesson, 0),
            LessonAction::Next => next(&mut to),
            LessonAction::TryAgain => {
                if let Some((lesson, step)) = to.screen.at {
                    to.step(lesson, step);
                }
            }
            LessonAction::ShowMe => show_me(&mut to),
            LessonAction::BackToList => to.list(),
            LessonAction::BackToTitle => {
                let s = &mut to.screen;
                s.at = None;
                s.verdict = None;
                to.stops.write(StopPractice);
            }
        }
    }
}

fn next(to: &mut Starts) {
    let Some((lesson, step)) = to.screen.at else {
        return;
    };
    if step + 1 < LESSONS[lesson].steps.len() {
        to.step(lesson, step + 1);
    } else {
        to.finish(lesson);
        to.list();
    }
}

/// The step's position again, then its move played for the learner.
fn show_me(to: &mut Starts) {
    let Some((lesson, step)) = to.screen.at else {
        return;
    };
    let Some(text) = LESSONS[lesson].steps[step].task.shown_move() else {
        return;
    };
    to.step(lesson, step);
    match check::parse_move(text) {
        Ok(request) => to.screen.show = Some(request),
        Err(problem) => to.screen.problem = Some(problem),
    }
}

/// The game and turn, read when judging and playing the lesson's moves.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Board<'w> {
    game: Res<'w, CurrentGame>,
    practice: Res<'w, Practice>,
    turn: Option<Res<'w, State<TurnState>>>,
}

impl Board<'_> {
    fn waiting(&self) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|t| *t.get() == TurnState::AwaitingInput)
    }
}

/// The learner's moves: a legal one is judged against the step, a refused one keeps the
/// engine's reason. Runs in every state, so that the moves played before a lesson are read
/// (and dropped) then, not judged when it opens; a step is open only in practice.
pub(super) fn judge_moves(
    mut played: MessageReader<MovePlayed>,
    status: Res<Status>,
    board: Board,
    mut screen: ResMut<LessonScreen>,
) {
    let Some(step) = screen.step() else {
        played.read().for_each(drop);
        return;
    };
    for event in played.read() {
        let judged = matches!(
            screen.verdict,
            Some(Verdict::Right { .. } | Verdict::NotThisOne(_))
        );
        if event.by != step.learner || judged {
            continue;
        }
        let shown = std::mem::take(&mut screen.showing);
        let Some(before) = screen.start.as_ref() else {
            continue;
        };
        let verdict =
            check::judge_played(step, &screen.wanted, event.mv, (before, &board.game), shown);
        if verdict == Some(Verdict::Right { shown })
            && check::reply_move(step, &board.game).is_some()
        {
            screen.reply_due = true;
        }
        screen.verdict = verdict;
    }
    if status.is_changed()
        && let Some(Notice::Refused(_, why)) = status.notice()
        && !matches!(screen.verdict, Some(Verdict::Right { .. }))
    {
        screen.verdict = Some(Verdict::Illegal(*why));
    }
}

/// Plays what the lesson owes: the scripted answer when it is the other side's turn, "Show me"'s
/// move when the step's position is back.
pub(super) fn send_due_moves(
    board: Board,
    mut screen: ResMut<LessonScreen>,
    mut replies: MessageWriter<PlayMove>,
    mut requests: MessageWriter<crate::model::MoveRequest>,
) {
    if !board.waiting() || board.game.end().is_some() {
        return;
    }
    let Some(step) = screen.step() else {
        return;
    };
    if screen.reply_due && board.practice.scripted_to_move(&board.game) {
        screen.reply_due = false;
        match check::reply_move(step, &board.game) {
            Some(Ok(mv)) => {
                replies.write(PlayMove::new(mv, Mover::Reply, &board.game));
            }
            Some(Err(problem)) => screen.problem = Some(problem),
            None => {}
        }
    }
    if board.game.ply() == 0
        && !board.practice.scripted_to_move(&board.game)
        && let Some(request) = screen.show.take()
    {
        screen.showing = true;
        requests.write(request);
    }
}

/// New Game (or anything else) ending practice closes the lessons (when the state
/// [`crate::play::Practising`] ends).
pub(super) fn close_when_practice_ends(mut screen: ResMut<LessonScreen>) {
    screen.at = None;
    screen.verdict = None;
    screen.insets = Default::default();
}
