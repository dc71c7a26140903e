//! The lesson panel: the list of lessons, and a step's words, judgement and buttons, in an egui
//! side panel beside the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::lessons::{GROUPS, LESSONS, Task};
use super::{LessonAction, LessonScreen, Verdict};
use crate::board::camera::ScreenInsets;
use crate::i18n::Words;
use crate::model::CurrentGame;
use crate::play::Practice;
use crate::ui::style::{ACCENT, MUTED};
use crate::ui::text;

/// The panel's width in logical pixels (before the UI scale).
const WIDTH: f32 = 440.0;
const RIGHT: egui::Color32 = egui::Color32::from_rgb(130, 210, 120);
const WRONG: egui::Color32 = egui::Color32::from_rgb(240, 120, 100);

/// What the panel reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelView<'w> {
    practice: Res<'w, Practice>,
    game: Res<'w, CurrentGame>,
    words: Res<'w, Words>,
}

pub(super) fn lesson_panel(
    mut contexts: EguiContexts,
    mut screen: ResMut<LessonScreen>,
    view: PanelView,
    mut actions: MessageWriter<LessonAction>,
) -> Result {
    if !screen.open || !view.practice.is_on() {
        screen.insets = ScreenInsets::default();
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "lesson root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let chosen = match screen.at {
        None => {
            screen.insets = ScreenInsets::default();
            list(ctx, &screen, &view.words)
        }
        Some((lesson, step)) => {
            let mut chosen = None;
            let panel = egui::Panel::right("lesson panel")
                .exact_size(WIDTH)
                .resizable(false)
                .show(&mut root, |ui| {
                    chosen = lesson_step(ui, &screen, &view, lesson, step);
                });
            let zoom = ctx.zoom_factor();
            screen.insets = ScreenInsets {
                right: (panel.response.rect.width() * zoom).round(),
                bottom: 0.0,
            };
            chosen
        }
    };
    if let Some(action) = chosen {
        actions.write(action);
    }
    Ok(())
}

/// The lesson panel's part of the window, applied last: the game's own panel is hidden in
/// practice and leaves the whole window to the board, so this comes after it.
pub(super) fn apply_insets(screen: Res<LessonScreen>, insets: Option<ResMut<ScreenInsets>>) {
    if let Some(mut insets) = insets
        && screen.open
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

/// The list: a window over the board, Lines of Action on the left, Epaminondas and strategy
/// on the right.
fn list(ctx: &egui::Context, screen: &LessonScreen, w: &Words) -> Option<LessonAction> {
    let mut chosen = None;
    egui::Area::new("lesson list".into())
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_black_alpha(215))
                .corner_radius(18)
                .inner_margin(egui::Margin::symmetric(32, 22))
                .stroke(egui::Stroke::new(1.0, ACCENT.gamma_multiply(0.4)))
                .show(ui, |ui| {
                    ui.set_width(860.0);
                    chosen = list_inside(ui, screen, w);
                });
        });
    chosen
}

fn list_inside(ui: &mut egui::Ui, screen: &LessonScreen, w: &Words) -> Option<LessonAction> {
    let mut chosen = None;
    ui.label(
        egui::RichText::new(w.t("lesson-list-heading"))
            .size(34.0)
            .color(ACCENT)
            .strong(),
    );
    ui.add(egui::Label::new(egui::RichText::new(w.t("lesson-list-intro")).size(18.0)).wrap());
    if let Some(problem) = &screen.problem {
        ui.colored_label(WRONG, problem);
    }
    ui.add_space(6.0);
    ui.columns(2, |cols| {
        for (i, (group, heading)) in GROUPS.into_iter().enumerate() {
            let ui = &mut cols[usize::from(i >= 2)];
            ui.add_space(8.0);
            ui.label(egui::RichText::new(w.t(heading)).size(20.0).strong());
            for (n, lesson) in LESSONS.iter().enumerate().filter(|(_, l)| l.group == group) {
                let mut title = w.t(lesson.title);
                if screen.finished.contains(&n) {
                    title = format!("✔ {title}");
                }
                if big_button(ui, title, 19.0).clicked() {
                    chosen = Some(LessonAction::Open(n));
                }
            }
        }
    });
    ui.add_space(14.0);
    ui.vertical_centered(|ui| {
        let back = egui::Button::new(egui::RichText::new(w.t("lesson-back-to-title")).size(20.0))
            .min_size(egui::vec2(360.0, 40.0));
        if ui.add(back).clicked() {
            chosen = Some(LessonAction::BackToTitle);
        }
    });
    chosen
}

fn lesson_step(
    ui: &mut egui::Ui,
    screen: &LessonScreen,
    view: &PanelView,
    lesson: usize,
    step: usize,
) -> Option<LessonAction> {
    let w = &*view.words;
    let def = &LESSONS[lesson];
    let s = &def.steps[step];
    let last = step + 1 == def.steps.len();
    let mut chosen = None;
    egui::Panel::bottom("lesson actions")
        .show_separator_line(true)
        .show(ui, |ui| {
            chosen = step_buttons(ui, screen, w, s.task, last);
        });
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
    let options = text::options(w, &view.game.config);
    ui.label(egui::RichText::new(format!("{count} · {options}")).color(MUTED));
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(w.t_with(
                "lesson-you-play",
                [("side", text::side(w, s.learner).into())],
            ))
            .size(17.0),
        );
    });
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.add(egui::Label::new(egui::RichText::new(w.t(s.ask)).size(20.0)).wrap());
        ui.add_space(10.0);
        verdict(ui, screen, view, w);
    });
    chosen
}

fn verdict(ui: &mut egui::Ui, screen: &LessonScreen, view: &PanelView, w: &Words) {
    let Some(s) = screen.step() else { return };
    let (colour, heading, body) = match screen.verdict {
        None => return end_line(ui, view, w),
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
            ui.label(
                egui::RichText::new(heading)
                    .size(21.0)
                    .color(colour)
                    .strong(),
            );
            if let Some(body) = body {
                ui.add(egui::Label::new(egui::RichText::new(body).size(19.0)).wrap());
            }
            end_line(ui, view, w);
        });
}

/// How the game ended, when a lesson's move ended it.
fn end_line(ui: &mut egui::Ui, view: &PanelView, w: &Words) {
    if let Some(end) = view.game.end() {
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
    if ui
        .add(egui::Button::new(next).min_size(egui::vec2(width, 44.0)))
        .clicked()
    {
        chosen = Some(LessonAction::Next);
    }
    ui.columns(2, |cols| {
        if task.shown_move().is_some()
            && big_button(&mut cols[0], w.t("lesson-show-me"), 19.0).clicked()
        {
            chosen = Some(LessonAction::ShowMe);
        }
        if big_button(&mut cols[1], w.t("lesson-try-again"), 19.0).clicked() {
            chosen = Some(LessonAction::TryAgain);
        }
    });
    if big_button(ui, w.t("lesson-back-to-list"), 19.0).clicked() {
        chosen = Some(LessonAction::BackToList);
    }
    ui.add_space(4.0);
    chosen
}
