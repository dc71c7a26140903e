//! The lessons: every step's position and moves are right by the engine (the counter-examples
//! are refused for the reason the lesson gives), and the lesson screen judges the learner's moves
//! (typed verdicts), plays its answers and "Show me", and goes on.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gamut::HeadlessPlugins;
use std::path::Path;

use gamut::i18n::Words;
use gamut::learn::check::{
    engine_move, judge_played, judge_request, learner_to_move, parse_move, passed, reply_move,
    step_game, wanted_moves,
};
use gamut::learn::{
    Goal, LESSONS, LearnPlugin, LessonAction, LessonScreen, StepDef, Task, Verdict,
};
use gamut::model::{Cell, CurrentGame, GameEnd, Language, MoveRequest, Refusal};
use gamut::play::{AppState, OpenLearn, Practice};
use gamut::ui::text;
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;
use gamut_engine::{Color as Side, DrawReason, Outcome, WinReason, epaminondas, loa};

fn lesson(id: &str) -> (usize, &'static [StepDef]) {
    let i = LESSONS
        .iter()
        .position(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson {id}"));
    (i, LESSONS[i].steps)
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

/// The game after the step's first wanted move (and its scripted reply).
fn after_wanted(step: &StepDef) -> CurrentGame {
    let mut game = step_game(step).unwrap();
    let mv = wanted_moves(step, &game).unwrap()[0];
    game.play(mv);
    if let Some(reply) = reply_move(step, &game) {
        game.play(reply.unwrap());
    }
    game
}

#[test]
fn every_step_sets_up_and_its_moves_are_legal() {
    let mut steps = 0;
    for lesson in LESSONS {
        assert!(
            !lesson.steps.is_empty() && lesson.steps.len() <= 4,
            "{}",
            lesson.id
        );
        for (n, step) in lesson.steps.iter().enumerate() {
            let at = format!("{} step {}", lesson.id, n + 1);
            let game = step_game(step).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(game.end().is_none(), "{at}: the game is already over");
            assert!(
                learner_to_move(step, &game),
                "{at}: the learner is not to move"
            );
            let wanted = wanted_moves(step, &game).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(wanted.is_empty(), step.task.shown_move().is_none(), "{at}");
            if let Task::Play { reply: Some(_), .. } = step.task {
                let mut after = step_game(step).unwrap();
                after.play(wanted[0]);
                let reply = reply_move(step, &after).unwrap();
                assert!(reply.is_ok(), "{at}: the reply {reply:?}");
            }
            if let Task::Play {
                goal: Goal::Win { .. },
                ..
            } = step.task
            {
                let after = after_wanted(step);
                assert_eq!(
                    after.end().and_then(GameEnd::winner),
                    Some(step.learner),
                    "{at}: the example wins"
                );
            }
            for refused in step.refused {
                assert!(
                    engine_move(&game, refused).is_err(),
                    "{at}: {refused} should be refused"
                );
            }
            assert!(!step.ask.is_empty() && !step.done.is_empty(), "{at}");
            steps += 1;
        }
    }
    assert!(steps >= 25, "{steps} steps");
}

/// The learner's pieces, by the engine's list of the position's pieces.
fn count(game: &CurrentGame, side: Side) -> usize {
    game.pieces().iter().filter(|(_, s)| *s == side).count()
}

/// The square a move lands on: the one cell the learner holds after it and not before.
fn landing(before: &CurrentGame, after: &CurrentGame, side: Side) -> Vec<Cell> {
    after
        .pieces()
        .iter()
        .filter(|(at, s)| *s == side && before.piece_at(*at) != Some(side))
        .map(|(at, _)| *at)
        .collect()
}

/// What the step's goal means, said again for the test from the engine's answers: the set of
/// moves the lesson must accept.
fn meets(goal: Goal, step: &StepDef, before: &CurrentGame, mv: AnyMove) -> bool {
    let me = step.learner;
    let mut after = before.clone();
    after.play(mv);
    let captured = count(&after, !me) < count(before, !me);
    match goal {
        Goal::Moves(texts) => texts.iter().any(|t| engine_move(before, t).unwrap() == mv),
        Goal::CaptureOn { on, .. } => captured && after.piece_at(cell(on)) == Some(me),
        Goal::CaptureInCentre { .. } => {
            let central = ["c", "d", "e", "f"]
                .iter()
                .flat_map(|f| (3..=6).map(move |r| cell(&format!("{f}{r}"))))
                .collect::<Vec<_>>();
            captured
                && landing(before, &after, me)
                    .iter()
                    .all(|c| central.contains(c))
        }
        Goal::Safe { .. } => {
            // What White could take before (had it moved then), and after: nothing new.
            let before = passed(before).unwrap();
            let takes = |g: &CurrentGame| -> Vec<Cell> {
                let mut taken = Vec::new();
                for reply in g.position().legal_moves() {
                    let mut next = g.clone();
                    next.play(reply);
                    taken.extend(
                        g.pieces()
                            .iter()
                            .filter(|(at, s)| *s == me && next.piece_at(*at) != Some(me))
                            .map(|(at, _)| *at),
                    );
                }
                taken
            };
            let could = takes(&before);
            takes(&after).iter().all(|c| could.contains(c))
        }
        Goal::Hold { .. } => after.end().and_then(GameEnd::winner) != Some(!me),
        Goal::Cross { .. } => {
            let (_, ranks) = before.size();
            let far = if me == Side::White { ranks - 1 } else { 0 };
            let on_far = |g: &CurrentGame| {
                g.pieces()
                    .iter()
                    .filter(|(at, s)| *s == me && at.rank == far)
                    .count()
            };
            on_far(&after) > on_far(before)
        }
        Goal::Win { .. } => after.end().and_then(GameEnd::winner) == Some(me),
        Goal::Any { .. } => true,
    }
}

/// Every request from a learner's piece to any square of the board.
fn every_request(game: &CurrentGame, learner: Side) -> Vec<MoveRequest> {
    let (lo, hi) = game.bounds();
    let mut requests = Vec::new();
    for (from, _) in game.pieces().iter().filter(|(_, s)| *s == learner) {
        for rank in lo.rank..=hi.rank {
            for file in lo.file..=hi.file {
                let to = Cell { file, rank };
                if to != *from {
                    requests.push(MoveRequest::step(*from, to));
                }
            }
        }
    }
    requests
}

/// The bar: every move that reaches a step's goal is accepted (e7-d8 and e7-f8 reach
/// the far row as well as e7-e8), every other legal move is "not this one", and every request
/// the rules refuse is refused with a reason said in each language; after every accepted move
/// the scripted answer can be played.
#[test]
fn every_move_reaching_a_steps_goal_is_accepted_and_every_other_one_refused() {
    let mut words = Words::from_folder(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales"),
        Language::English,
    );
    for lesson in LESSONS {
        for (n, step) in lesson.steps.iter().enumerate() {
            let at = format!("{} step {}", lesson.id, n + 1);
            let Task::Play { goal, reply } = step.task else {
                continue;
            };
            let game = step_game(step).unwrap();
            let (mut right, mut other) = (0, 0);
            for mv in game.position().legal_moves() {
                let mut after = game.clone();
                after.play(mv);
                let wanted = wanted_moves(step, &game).unwrap();
                let verdict = judge_played(step, &wanted, mv, (&game, &after), false);
                if meets(goal, step, &game, mv) {
                    right += 1;
                    assert_eq!(
                        verdict,
                        Some(Verdict::Right { shown: false }),
                        "{at}: {mv:?}"
                    );
                    if let Some(reply) = reply {
                        assert!(
                            engine_move(&after, reply).is_ok(),
                            "{at}: {reply} after {mv:?}"
                        );
                    }
                } else {
                    other += 1;
                    assert_eq!(verdict, Some(Verdict::NotThisOne(mv)), "{at}: {mv:?}");
                }
            }
            assert!(right >= 1, "{at}: no move reaches the goal");
            if !matches!(goal, Goal::Any { .. }) {
                assert!(other >= 1, "{at}: every move reaches the goal");
            }
            for request in every_request(&game, step.learner) {
                let Some(Verdict::Illegal(why)) = judge_request(step, &game, request) else {
                    continue;
                };
                assert!(game.check(request).is_err(), "{at}: {request:?}");
                for language in Language::ALL {
                    words.set_language(language);
                    let said = text::refusal(&words, &why);
                    assert!(
                        !said.trim().is_empty() && !said.contains("refusal-"),
                        "{at}: {request:?} in {language:?}: {said}"
                    );
                }
            }
        }
    }
}

/// The example: every move of e7 onto Black's home row wins the lesson, and Black's
/// scripted answer leaves White the winner after each.
#[test]
fn the_epaminondas_win_lesson_takes_every_way_onto_the_far_row() {
    let (_, steps) = lesson("epaminondas-win");
    let game = step_game(&steps[0]).unwrap();
    for text in ["e7-d8", "e7-e8", "e7-f8"] {
        let mut after = game.clone();
        assert_eq!(
            judge_request(&steps[0], &game, parse_move(text).unwrap()),
            Some(Verdict::Right { shown: false }),
            "{text}"
        );
        after.play(engine_move(&game, text).unwrap());
        after.play(reply_move(&steps[0], &after).unwrap().unwrap());
        assert_eq!(
            after.end().and_then(GameEnd::winner),
            Some(Side::White),
            "{text}"
        );
    }
    assert!(matches!(
        judge_request(&steps[0], &game, parse_move("c2-c3").unwrap()),
        Some(Verdict::NotThisOne(_))
    ));
}

#[test]
fn the_counter_examples_are_refused_for_the_lessons_reasons() {
    let sq = |n: &str| loa::Square::parse(n).unwrap();
    let stone = |n: &str| epaminondas::Square::parse(n).unwrap();
    let refusal = |id: &str, step: usize, text: &str| {
        let step = &lesson(id).1[step];
        let game = step_game(step).unwrap();
        match judge_request(step, &game, parse_move(text).unwrap()) {
            Some(Verdict::Illegal(why)) => why,
            other => panic!("{id}: {text} gave {other:?}"),
        }
    };
    // The French article: from a6 a piece may not go to d6, it would jump the enemy on c6.
    assert_eq!(
        refusal("loa-jump", 0, "a6-d6"),
        Refusal::LinesOfAction(loa::IllegalMove::Blocked(sq("c6")))
    );
    assert_eq!(
        refusal("loa-moves", 0, "b1-b2"),
        Refusal::LinesOfAction(loa::IllegalMove::WrongDistance {
            from: sq("b1"),
            needed: 2
        })
    );
    use epaminondas::IllegalMove as E;
    assert_eq!(
        refusal("epaminondas-phalanx", 0, "c1-c7"),
        Refusal::Epaminondas(E::TooFar { stones: 3 })
    );
    assert_eq!(
        refusal("epaminondas-phalanx", 2, "c1-c6"),
        Refusal::Epaminondas(E::Blocked(stone("c5")))
    );
    assert_eq!(
        refusal("epaminondas-phalanx", 2, "c1-c5"),
        Refusal::Epaminondas(E::OwnStone(stone("c5")))
    );
    // A capture by an equal phalanx is refused.
    assert_eq!(
        refusal("epaminondas-capture", 1, "f2xf5"),
        Refusal::Epaminondas(E::RowTooLong { stones: 2, row: 2 })
    );
    assert_eq!(
        refusal("epaminondas-anti-symmetry", 0, "c7-c8"),
        Refusal::Epaminondas(E::Symmetric)
    );
}

#[test]
fn the_lessons_outcomes_are_what_their_words_say() {
    let (_, both) = lesson("loa-both-connect");
    assert_eq!(
        after_wanted(&both[0]).end(),
        Some(GameEnd::Rules(Outcome::Draw {
            reason: DrawReason::BothConnected
        }))
    );
    assert_eq!(
        after_wanted(&both[1]).end().and_then(GameEnd::winner),
        Some(Side::Black)
    );
    // Epaminondas: the stone on the far row survives Black's turn and wins at White's.
    let (_, win) = lesson("epaminondas-win");
    let mut game = step_game(&win[0]).unwrap();
    game.play(wanted_moves(&win[0], &game).unwrap()[0]);
    assert_eq!(game.end(), None, "no win before Black's turn");
    game.play(reply_move(&win[0], &game).unwrap().unwrap());
    assert_eq!(
        game.end(),
        Some(GameEnd::Rules(Outcome::Win {
            winner: Side::White,
            reason: WinReason::HomeRow
        }))
    );
    // The strategy lesson: the edge capture is legal but not the lesson's.
    let (_, centre) = lesson("strategy-central-capture");
    let game = step_game(&centre[0]).unwrap();
    let edge = parse_move("d1xa4").unwrap();
    assert!(matches!(
        judge_request(&centre[0], &game, edge),
        Some(Verdict::NotThisOne(_))
    ));
    let central = parse_move("g3xe5").unwrap();
    assert_eq!(
        judge_request(&centre[0], &game, central),
        Some(Verdict::Right { shown: false })
    );
    // The sample game goes on from move to move: each step starts where the last one's move
    // and White's answer left it (nobody plays twice in a row).
    let (_, sample) = lesson("strategy-example-game");
    for pair in sample.windows(2) {
        assert_eq!(
            after_wanted(&pair[0]).position().to_text(),
            step_game(&pair[1]).unwrap().position().to_text()
        );
    }
    // The article's won game: White connects, and Black could not have in one move.
    let (_, connect) = lesson("loa-connect");
    let won = step_game(&connect[2]).unwrap();
    let black = passed(&won).unwrap();
    assert!(black.position().legal_moves().into_iter().all(|mv| {
        let mut next = black.clone();
        next.play(mv);
        next.end().and_then(GameEnd::winner) != Some(Side::Black)
    }));
    // Which capture: under the default rule the capture that connects both sides draws.
    let (_, which) = lesson("strategy-which-capture");
    let mut capture = step_game(&which[0]).unwrap();
    capture.play(engine_move(&capture, "g1xe1").unwrap());
    assert_eq!(
        capture.end(),
        Some(GameEnd::Rules(Outcome::Draw {
            reason: DrawReason::BothConnected
        }))
    );
    // Boundless: the move off the board is legal and lands off the 8×8 area.
    let (_, boundless) = lesson("loa-boundless");
    assert_eq!(
        parse_move("b1-(2,-1)").unwrap(),
        MoveRequest::step(cell("b1"), Cell::new(1, -2))
    );
    assert!(
        judge_request(
            &boundless[0],
            &step_game(&boundless[0]).unwrap(),
            parse_move("b1-(2,-1)").unwrap()
        ) == Some(Verdict::Right { shown: false })
    );
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, HeadlessPlugins, LearnPlugin));
    app.update();
    app
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// Runs frames until `done` (a turn ends a frame or two after its move, the answer after it):
/// a generous number of frames, not a count the test depends on.
fn frames_until(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    for _ in 0..200 {
        if done(app) {
            return true;
        }
        app.update();
    }
    done(app)
}

fn act(app: &mut App, action: LessonAction) {
    app.world_mut().write_message(action);
    frames(app, 4);
}

fn request(app: &mut App, text: &str) {
    app.world_mut().write_message(parse_move(text).unwrap());
    frames(app, 4);
}

/// Whether the lessons are open (their state, computed from the game's mode).
fn learning(app: &App) -> bool {
    app.world()
        .get_resource::<State<gamut::learn::Learning>>()
        .is_some()
}

fn screen(app: &App) -> &LessonScreen {
    app.world().resource::<LessonScreen>()
}

fn ply(app: &App) -> usize {
    app.world().resource::<CurrentGame>().ply()
}

#[test]
fn a_lesson_judges_the_learners_moves_and_goes_on() {
    let mut app = app();
    app.world_mut().write_message(OpenLearn::Lessons);
    frames(&mut app, 3);
    assert!(learning(&app) && screen(&app).at.is_none(), "the list");
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::Playing
    );

    let (jump, steps) = lesson("loa-jump");
    act(&mut app, LessonAction::Open(jump));
    assert_eq!(screen(&app).at, Some((jump, 0)));
    assert_eq!(
        app.world().resource::<Practice>().learner,
        Some(steps[0].learner)
    );

    // The article's illegal move: refused, explained, nothing moved.
    request(&mut app, "a6-d6");
    let sq = |n: &str| loa::Square::parse(n).unwrap();
    assert_eq!(
        screen(&app).verdict,
        Some(Verdict::Illegal(Refusal::LinesOfAction(
            loa::IllegalMove::Blocked(sq("c6"))
        )))
    );
    assert_eq!(ply(&app), 0);
    // The right move: accepted, and the lesson goes on.
    request(&mut app, "a6-c4");
    assert_eq!(screen(&app).verdict, Some(Verdict::Right { shown: false }));
    assert!(screen(&app).step_done());
    act(&mut app, LessonAction::Next);
    assert_eq!(screen(&app).at, Some((jump, 1)));
    assert_eq!(screen(&app).verdict, None);
    assert_eq!(ply(&app), 0, "the next step's position");

    // A legal move that is not the lesson's: played, judged, and "Try again" puts it back.
    request(&mut app, "h8-h6");
    assert!(matches!(screen(&app).verdict, Some(Verdict::NotThisOne(_))));
    assert_eq!(ply(&app), 1);
    act(&mut app, LessonAction::TryAgain);
    assert_eq!((ply(&app), screen(&app).verdict), (0, None));

    // "Show me" plays the step's move for the learner.
    act(&mut app, LessonAction::ShowMe);
    frames(&mut app, 3);
    assert_eq!(screen(&app).verdict, Some(Verdict::Right { shown: true }));
    act(&mut app, LessonAction::Next);
    assert_eq!(screen(&app).at, Some((jump, 2)));
    // The capture the step asks for, by the only piece that can.
    request(&mut app, "h3xf1");
    assert_eq!(screen(&app).verdict, Some(Verdict::Right { shown: false }));
    act(&mut app, LessonAction::Next);
    assert_eq!(
        screen(&app).at,
        None,
        "the last step leads back to the list"
    );
    assert!(screen(&app).finished.contains(&jump));

    act(&mut app, LessonAction::BackToTitle);
    frames(&mut app, 2);
    assert!(!learning(&app));
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::Menu
    );
}

#[test]
fn the_lesson_answers_with_its_scripted_move_and_wins_are_seen() {
    let mut app = app();
    app.world_mut().write_message(OpenLearn::Lessons);
    frames(&mut app, 3);
    // The sample game: Black's b1-b3, then White's h4-f2 from the lesson.
    let (game_lesson, _) = lesson("strategy-example-game");
    act(&mut app, LessonAction::Open(game_lesson));
    request(&mut app, "b1-b3");
    assert_eq!(screen(&app).verdict, Some(Verdict::Right { shown: false }));
    assert!(
        frames_until(&mut app, |app| ply(app) == 2),
        "the answer was played"
    );
    let game = app.world().resource::<CurrentGame>();
    assert_eq!(game.piece_at(cell("f2")), Some(Side::White));

    // Epaminondas: cross, survive Black's answer, win at the start of the turn.
    let (win, _) = lesson("epaminondas-win");
    act(&mut app, LessonAction::Open(win));
    request(&mut app, "e7-e8");
    assert!(
        frames_until(&mut app, |app| app
            .world()
            .resource::<CurrentGame>()
            .end()
            .is_some()),
        "Black's answer, then the end"
    );
    let game = app.world().resource::<CurrentGame>();
    assert_eq!(game.end().and_then(GameEnd::winner), Some(Side::White));
    assert_eq!(screen(&app).verdict, Some(Verdict::Right { shown: false }));

    // Escape-like Back: the list again, the board frozen (nobody's turn to click).
    act(&mut app, LessonAction::BackToList);
    assert_eq!(screen(&app).at, None);
    request(&mut app, "b1-b3");
    assert_eq!(ply(&app), 0, "the list's board does not move");
}
