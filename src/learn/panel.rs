//! The lesson panel: the list of lessons, and a step's words, judgement and buttons, in an egui
//! side panel beside the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::check::StepError;
use super::lessons::{GROUPS, LESSONS, Task};
use super::{LessonAction, LessonScreen, Verdict};
use crate::board::camera::ScreenInsets;
use crate::i18n::Words;
use crate::model::CurrentGame;
use crate::ui::style::{ACCENT, MUTED};
use crate::ui::text;

/// The panel's width in logical pixels (before the UI scale).
const WIDTH: f32 = 440.0;
const RIGHT: egui::Color32 = egui::Color32::from_rgb(130, 210, 120);
const WRONG: egui::Color32 = egui::Color32::from_rgb(240, 120, 100);

/// The lesson list's area (its rectangle is in egui's memory under this id).
pub const LIST: &str = "lesson list";
/// The step panel's name: its rect is landmarked under it.
pub const STEP: &str = "lessons/panel";

/// What the panel reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelView<'w> {
    game: Res<'w, CurrentGame>,
    words: Res<'w, Words>,
}

pub(super) fn lesson_panel(
    mut contexts: EguiContexts,
    mut screen: ResMut<LessonScreen>,
    view: PanelView,
    mut actions: MessageWriter<LessonAction>,
) -> Result {
    // Runs while the lessons are open (see `LearnPlugin`).
    let ctx = contexts.ctx_mut()?;
    let (chosen, covered) = draw(ctx, &view.words, &screen, &view.game);
    screen.insets = ScreenInsets {
        right: (covered.x * ctx.zoom_factor()).round(),
        bottom: (covered.y * ctx.zoom_factor()).round(),
        ..ScreenInsets::default()
    };
    if let Some(action) = chosen {
        actions.write(action);
    }
    Ok(())
}

/// The lesson screen: the list over the board, or a step's panel at the right of it (a sheet
/// under it on a phone). What the player asked for, and what the panel covers of the window at
/// the right and the bottom (egui points).
pub fn draw(
    ctx: &egui::Context,
    w: &Words,
    screen: &LessonScreen,
    game: &CurrentGame,
) -> (Option<LessonAction>, egui::Vec2) {
    let Some((lesson, step)) = screen.at else {
        return (list(ctx, screen, w), egui::Vec2::ZERO);
    };
    let mut root = egui::Ui::new(
        ctx.clone(),
        "lesson root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut chosen = None;
    let (panel, sheet) = crate::ui::sheet::place_narrowed(&root, "lesson panel", WIDTH);
    let panel = panel.resizable(false).show(&mut root, |ui| {
        chosen = lesson_step(ui, screen, w, game, lesson, step);
    });
    crate::ui::landmark::mark(&root, STEP, &panel.response);
    (
        chosen,
        crate::ui::sheet::covered(panel.response.rect, sheet),
    )
}

/// The lesson panel's part of the window, applied last: the game's own panel is hidden in
/// practice and leaves the whole window to the board, so this comes after it.
pub(super) fn apply_insets(screen: Res<LessonScreen>, insets: Option<ResMut<ScreenInsets>>) {
    if let Some(mut insets) = insets
        && *insets != screen.insets
    {
        *insets = screen.insets;
    }
}

fn big_button(ui: &mut egui::Ui, label: String, size: f32) -> egui::Response {
    let width = ui.available_width();
    ui.add(
        egui::Button::new(egui::RichText::new(label).size(size))
            .wrap()
            .min_size(egui::vec2(width, 38.0)),
    )
}

/// A scroll area with a bar that shows whenever it scrolls, at most `height` tall (and as tall
/// as its content up to that, even inside a panel sized by its last pass); the part that shows
/// is landmarked as `name`.
fn scrolled<R>(
    ui: &mut egui::Ui,
    name: &str,
    height: f32,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    let area = egui::ScrollArea::vertical()
        .id_salt(name)
        .auto_shrink([false, true])
        .max_height(height)
        .min_scrolled_height(height)
        .show(ui, add);
    // What shows: the area within what its panel shows.
    let shown = area.inner_rect.intersect(ui.clip_rect());
    crate::ui::landmark::mark_rect(ui, name, shown);
    area.inner
}

/// The list: a window over the board, Lines of Action on the left, Epaminondas and strategy
/// on the right (one column in a narrow window); it scrolls in a short one.
fn list(ctx: &egui::Context, screen: &LessonScreen, w: &Words) -> Option<LessonAction> {
    let mut chosen = None;
    let window = ctx.content_rect();
    let narrow = window.width() < 700.0;
    let margin = if narrow {
        egui::Margin::symmetric(10, 8)
    } else {
        egui::Margin::symmetric(32, 22)
    };
    let width = (window.width() - 20.0 - margin.sum().x).min(860.0);
    let height = window.height() - 20.0 - margin.sum().y;
    egui::Area::new(LIST.into())
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_black_alpha(215))
                .corner_radius(18)
                .inner_margin(margin)
                .stroke(egui::Stroke::new(1.0, ACCENT.gamma_multiply(0.4)))
                .show(ui, |ui| {
                    ui.set_width(width);
                    chosen = scrolled(ui, "lessons/list", height, |ui| {
                        list_inside(ui, screen, w, if narrow { 1 } else { 2 })
                    });
                });
        });
    chosen
}

fn list_inside(
    ui: &mut egui::Ui,
    screen: &LessonScreen,
    w: &Words,
    columns: usize,
) -> Option<LessonAction> {
    let mut chosen = None;
    ui.add(
        egui::Label::new(
            egui::RichText::new(w.t("lesson-list-heading"))
                .size(34.0)
                .color(ACCENT)
                .strong(),
        )
        .wrap(),
    );
    ui.add(egui::Label::new(egui::RichText::new(w.t("lesson-list-intro")).size(18.0)).wrap());
    if let Some(problem) = &screen.problem {
        let said = problem_words(w, problem);
        ui.add(egui::Label::new(egui::RichText::new(said).color(WRONG)).wrap());
    }
    ui.add_space(6.0);
    ui.columns(columns, |cols| {
        for (i, (group, heading)) in GROUPS.into_iter().enumerate() {
            let ui = &mut cols[usize::from(i >= 2).min(columns - 1)];
            ui.add_space(8.0);
            ui.add(egui::Label::new(egui::RichText::new(w.t(heading)).size(20.0).strong()).wrap());
            for (n, lesson) in LESSONS.iter().enumerate().filter(|(_, l)| l.group == group) {
                let mut title = w.t(lesson.title);
                if screen.finished.contains(&n) {
                    title = format!("✔ {title}");
                }
                let button = big_button(ui, title, 19.0);
                crate::ui::landmark::mark(ui, format!("lessons/{}", lesson.id), &button);
                if button.clicked() {
                    chosen = Some(LessonAction::Open(n));
                }
            }
        }
    });
    ui.add_space(14.0);
    ui.vertical_centered(|ui| {
        let width = ui.available_width().min(360.0);
        let back = egui::Button::new(egui::RichText::new(w.t("lesson-back-to-title")).size(20.0))
            .wrap()
            .min_size(egui::vec2(width, 40.0));
        let back = ui.add(back);
        crate::ui::landmark::mark(ui, "lessons/back-to-title", &back);
        if back.clicked() {
            chosen = Some(LessonAction::BackToTitle);
        }
    });
    chosen
}

/// A step: its buttons at the bottom (scrolling in half the panel at most), above them its
/// title, words and verdict, scrolling.
fn lesson_step(
    ui: &mut egui::Ui,
    screen: &LessonScreen,
    w: &Words,
    game: &CurrentGame,
    lesson: usize,
    step: usize,
) -> Option<LessonAction> {
    let def = &LESSONS[lesson];
    let s = &def.steps[step];
    let last = step + 1 == def.steps.len();
    let mut chosen = None;
    let room = ui.available_height() / 2.0;
    egui::Panel::bottom("lesson actions")
        .show_separator_line(true)
        .show(ui, |ui| {
            chosen = scrolled(ui, "lessons/actions", room, |ui| {
                step_buttons(ui, screen, w, s.task, last)
            });
        });
    let room = ui.available_height();
    scrolled(ui, "lessons/text", room, |ui| {
        ui.add_space(8.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(w.t(def.title))
                    .size(26.0)
                    .color(ACCENT)
                    .strong(),
            )
            .wrap(),
        );
        let count = w.t_with(
            "lesson-step",
            [
                ("step", (step + 1).into()),
                ("total", def.steps.len().into()),
            ],
        );
        let options = text::options(w, &game.config);
        ui.add(
            egui::Label::new(egui::RichText::new(format!("{count} · {options}")).color(MUTED))
                .wrap(),
        );
        let you_play = w.t_with(
            "lesson-you-play",
            [("side", text::side(w, s.learner).into())],
        );
        ui.add(egui::Label::new(egui::RichText::new(you_play).size(17.0)).wrap());
        ui.separator();
        ui.add(egui::Label::new(egui::RichText::new(w.t(s.ask)).size(20.0)).wrap());
        ui.add_space(10.0);
        verdict(ui, screen, game, w);
    });
    chosen
}

fn verdict(ui: &mut egui::Ui, screen: &LessonScreen, game: &CurrentGame, w: &Words) {
    let Some(s) = screen.step() else { return };
    let (colour, heading, body) = match screen.verdict {
        None => return end_line(ui, game, w),
        Some(Verdict::Right { shown }) => {
            let heading = if shown {
                w.t("lesson-shown")
            } else {
                w.t("lesson-right")
            };
            let body = (s.done != s.ask).then(|| w.t(s.done));
            (RIGHT, heading, body)
        }
        Some(Verdict::Illegal(why)) => (WRONG, w.t("lesson-illegal"), Some(text::refusal(w, &why))),
        Some(Verdict::NotThisOne(_)) => (ACCENT, w.t("lesson-legal-but"), Some(w.t(s.wrong))),
    };
    egui::Frame::new()
        .stroke(egui::Stroke::new(2.0, colour))
        .corner_radius(8)
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            let heading = ui.add(
                egui::Label::new(
                    egui::RichText::new(heading)
                        .size(21.0)
                        .color(colour)
                        .strong(),
                )
                .wrap(),
            );
            crate::ui::landmark::mark(ui, "lessons/verdict", &heading);
            if let Some(body) = body {
                ui.add(egui::Label::new(egui::RichText::new(body).size(19.0)).wrap());
            }
            end_line(ui, game, w);
        });
}

/// How the game ended, when a lesson's move ended it.
fn end_line(ui: &mut egui::Ui, game: &CurrentGame, w: &Words) {
    if let Some(end) = game.end() {
        ui.add_space(4.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(text::game_end(w, end))
                    .size(18.0)
                    .strong(),
            )
            .wrap(),
        );
    }
}

fn step_buttons(
    ui: &mut egui::Ui,
    screen: &LessonScreen,
    w: &Words,
    task: Task,
    last: bool,
) -> Option<LessonAction> {
    let mut chosen = None;
    ui.add_space(6.0);
    let next = if last {
        w.t("lesson-finish")
    } else {
        w.t("lesson-next")
    };
    let next = if screen.step_done() {
        egui::RichText::new(next).size(22.0).strong().color(ACCENT)
    } else {
        egui::RichText::new(next).size(20.0)
    };
    let width = ui.available_width();
    let next = ui.add(
        egui::Button::new(next)
            .wrap()
            .min_size(egui::vec2(width, 44.0)),
    );
    crate::ui::landmark::mark(ui, "lessons/next", &next);
    if next.clicked() {
        chosen = Some(LessonAction::Next);
    }
    ui.columns(2, |cols| {
        if task.shown_move().is_some() {
            let show = big_button(&mut cols[0], w.t("lesson-show-me"), 19.0);
            crate::ui::landmark::mark(&cols[0], "lessons/show-me", &show);
            if show.clicked() {
                chosen = Some(LessonAction::ShowMe);
            }
        }
        let again = big_button(&mut cols[1], w.t("lesson-try-again"), 19.0);
        crate::ui::landmark::mark(&cols[1], "lessons/try-again", &again);
        if again.clicked() {
            chosen = Some(LessonAction::TryAgain);
        }
    });
    let back = big_button(ui, w.t("lesson-back-to-list"), 19.0);
    crate::ui::landmark::mark(ui, "lessons/back-to-list", &back);
    if back.clicked() {
        chosen = Some(LessonAction::BackToList);
    }
    ui.add_space(4.0);
    chosen
}

/// A lesson's data problem in the player's words (the data itself, a position or a move, as
/// it is written).
fn problem_words(w: &Words, problem: &StepError) -> String {
    match problem {
        StepError::Position(text) => {
            w.t_with("lesson-problem-position", [("text", text.clone().into())])
        }
        StepError::MoveText(text) => {
            w.t_with("lesson-problem-move", [("move", text.clone().into())])
        }
        StepError::Refused(text, why) => w.t_with(
            "lesson-problem-refused",
            [
                ("move", text.clone().into()),
                ("why", text::refusal(w, why).into()),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use gamut_engine::Game;

    use super::*;
    use crate::ui::layout_check::everywhere;

    /// The list with a problem told and a few lessons finished.
    fn busy_list() -> LessonScreen {
        LessonScreen {
            finished: vec![0, 3, 11],
            problem: Some(StepError::Position(
                "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b".into(),
            )),
            ..LessonScreen::default()
        }
    }

    /// Every lesson and the way back to the title can be reached in the list at every size,
    /// scale and language; it scrolls, nothing overlaps or runs out.
    #[test]
    fn every_lesson_can_be_opened_everywhere() {
        let names: Vec<String> = LESSONS
            .iter()
            .map(|l| format!("lessons/{}", l.id))
            .chain(["lessons/back-to-title".to_string()])
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let (screen_state, game) = (busy_list(), CurrentGame::new(Default::default()));
        everywhere(|screen, w, what| {
            screen.check(&what, Some(LIST), &names, &mut |ctx| {
                draw(ctx, w, &screen_state, &game);
            });
        });
    }

    /// The step whose words are longest in `w`: its lesson and step, and the verdict whose
    /// words are longest (the step done, or a legal move that is not the one asked for).
    fn longest_step(w: &Words) -> (usize, usize, Verdict) {
        let mut steps = Vec::new();
        for (lesson, def) in LESSONS.iter().enumerate() {
            for (step, s) in def.steps.iter().enumerate() {
                let (done, wrong) = (w.t(s.done).len(), w.t(s.wrong).len());
                steps.push((
                    w.t(s.ask).len() + done.max(wrong),
                    lesson,
                    step,
                    done >= wrong,
                ));
            }
        }
        let (_, lesson, step, done) = steps.into_iter().max().expect("lessons");
        let verdict = if done {
            Verdict::Right { shown: true }
        } else {
            let game = CurrentGame::new(LESSONS[lesson].steps[step].rules.config());
            Verdict::NotThisOne(game.position().legal_moves()[0])
        };
        (lesson, step, verdict)
    }

    /// In the step with the longest words, every button can be reached and the words scroll to
    /// the verdict, at every size, scale and language; nothing overlaps or runs out, and the
    /// panel leaves the board room (beside it, or above it on a phone).
    #[test]
    fn a_long_step_can_be_read_and_every_button_reached_everywhere() {
        everywhere(|screen, w, what| {
            let (lesson, step, verdict) = longest_step(w);
            // "Show me" when the step has a move to show.
            let shows = LESSONS[lesson].steps[step].task.shown_move().is_some();
            let buttons: Vec<&str> = ["lessons/next", "lessons/show-me"]
                .into_iter()
                .filter(|b| shows || *b != "lessons/show-me")
                .chain(["lessons/try-again", "lessons/back-to-list"])
                .collect();
            let state = LessonScreen {
                at: Some((lesson, step)),
                verdict: Some(verdict),
                ..LessonScreen::default()
            };
            let game = CurrentGame::new(LESSONS[lesson].steps[step].rules.config());
            let mut covered = egui::Vec2::ZERO;
            let mut show = |ctx: &egui::Context| covered = draw(ctx, w, &state, &game).1;
            // The panels take the size they had in the last pass: they settle in a few.
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut show);
            }
            screen.check(&what, Some("lessons/actions"), &buttons, &mut show);
            screen.check(&what, Some("lessons/text"), &["lessons/verdict"], &mut show);
            crate::ui::sheet::assert_board_room(&what, screen.rect(), covered);
        });
    }
}
