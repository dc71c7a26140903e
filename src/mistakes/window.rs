//! The "Learn from your mistakes" window, over the board at the top left: the analysis's
//! progress, then each mistake — find a better move, the verdict on the try, why the move
//! played was a mistake, the better move — and the buttons to go on.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::i18n::Words;
use crate::mistakes::{Lesson, MistakesCommand, MistakesLesson, Shown, Step, Verdict};
use crate::model::CurrentGame;
use crate::ui::text;

/// The window's id (its rectangle is in egui's memory under it).
pub const AREA: &str = "mistakes";

/// The window while the lesson is on.
pub(crate) fn mistakes_window(
    mut contexts: EguiContexts,
    lesson: Res<MistakesLesson>,
    game: Res<CurrentGame>,
    words: Res<Words>,
    status: Res<crate::play::Status>,
    practising: Option<Res<State<crate::play::Practising>>>,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
    mut commands: MessageWriter<MistakesCommand>,
) -> Result {
    let Some(lesson) = lesson.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let said = status
        .current(&game)
        .map(|notice| crate::ui::notices::notice(&words, notice, text::Table::of(&game)));
    if matches!(lesson.step, Step::Analysing { .. } | Step::Judging { .. }) {
        crate::rest::redraw_within(ctx, std::time::Duration::from_millis(500));
    }
    let kind = game.config.kind;
    // On the practice board the game's panels are hidden: the board has the window but for a
    // panel on its right, under the lesson's window.
    if practising.is_some() {
        let backdrop = backdrop(ctx);
        crate::ui::style::report_insets(ctx, backdrop, 0.0, &mut insets);
    }
    let (command, _) = draw(ctx, &words, lesson, kind, said.as_deref());
    if let Some(command) = command {
        commands.write(command);
    }
    Ok(())
}

/// The width of the window's column at the right, with its margins.
fn column_width(ctx: &egui::Context) -> f32 {
    (ctx.content_rect().width() * 0.4).clamp(200.0, 420.0)
}

/// An empty panel on the right, under the lesson's window (in practice the board is framed
/// beside it, and nothing else would be drawn there): its width.
fn backdrop(ctx: &egui::Context) -> f32 {
    let width = column_width(ctx) + 40.0;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "mistakes backdrop".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("mistakes backdrop")
        .exact_size(width)
        .resizable(false)
        .show(&mut root, |_| {});
    width
}

/// Draws the window at the top right: the command the player clicked, if any, and the width
/// it takes from the window's right edge.
pub fn draw(
    ctx: &egui::Context,
    w: &Words,
    lesson: &Lesson,
    kind: gamut_engine::any_game::GameKind,
    status: Option<&str>,
) -> (Option<MistakesCommand>, f32) {
    let mut chosen = None;
    let width = column_width(ctx);
    let shown = egui::Window::new(w.t("mistakes-title"))
        .id(egui::Id::new(AREA))
        .collapsible(false)
        .resizable(false)
        .max_width(width)
        .min_width(width)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 12.0))
        .show(ctx, |ui| {
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            // The words and the buttons scroll together in a short window.
            let room = (ctx.content_rect().height() - 70.0).max(40.0);
            egui::ScrollArea::vertical()
                .max_height(room)
                .show(ui, |ui| {
                    ui.set_max_width(width);
                    said(ui, w, lesson, kind);
                    // What the board said of a click (a piece that cannot move, say).
                    if let Some(status) = status.filter(|_| lesson.step == Step::Find) {
                        ui.add(egui::Label::new(egui::RichText::new(status).weak()).wrap());
                    }
                    chosen = buttons(ui, w, lesson);
                });
        });
    let taken = shown.map_or(0.0, |s| {
        ctx.content_rect().right() - s.response.rect.left() + 12.0
    });
    (chosen, taken)
}

/// What the window says at this step.
fn said(ui: &mut egui::Ui, w: &Words, lesson: &Lesson, kind: gamut_engine::any_game::GameKind) {
    let line = |ui: &mut egui::Ui, text: String, name: &str| {
        let label = ui.add(egui::Label::new(text).wrap());
        crate::ui::landmark::mark(ui, name, &label);
    };
    let shown = lesson.shown();
    if let Some(shown) = &shown {
        let progress = w.t_with(
            "mistakes-progress",
            [
                ("n", (shown.index + 1).into()),
                ("total", shown.total.into()),
            ],
        );
        ui.label(egui::RichText::new(progress).weak());
    }
    match (&lesson.step, &shown) {
        (Step::Analysing { done, total }, _) => {
            ui.horizontal_wrapped(|ui| {
                crate::ui::style::spinner(ui);
                let said = w.t_with(
                    "mistakes-analysing",
                    [("done", (*done).into()), ("total", (*total).into())],
                );
                line(ui, said, "mistakes/analysing");
            });
        }
        (Step::NoMistakes, _) => line(ui, w.t("mistakes-none"), "mistakes/none"),
        (Step::Find, Some(shown)) => line(ui, find(w, shown), "mistakes/find"),
        (Step::Judging { .. }, _) => {
            ui.horizontal_wrapped(|ui| {
                crate::ui::style::spinner(ui);
                line(ui, w.t("mistakes-judging"), "mistakes/judging");
            });
        }
        (Step::Judged { tried, verdict }, Some(shown)) => {
            judged(ui, w, kind, tried, verdict);
            let answer = lesson.reveals_better();
            why(ui, w, kind, shown, answer);
            if !answer {
                line(ui, w.t("mistakes-once-more"), "mistakes/once-more");
            }
        }
        (Step::Shown, Some(shown)) => why(ui, w, kind, shown, true),
        _ => {}
    }
}

/// "Move 12: you played e1xe4 (??). Find a better move for Black."
fn find(w: &Words, shown: &Shown) -> String {
    w.t_with(
        "mistakes-find",
        [
            ("number", shown.number.into()),
            ("move", shown.played.clone().into()),
            ("mark", text::mistake_mark(shown.mark).into()),
            ("side", text::side(w, shown.side).into()),
        ],
    )
}

/// The verdict on the try.
fn judged(
    ui: &mut egui::Ui,
    w: &Words,
    kind: gamut_engine::any_game::GameKind,
    tried: &str,
    verdict: &Verdict,
) {
    let (said, colour) = match verdict {
        Verdict::Good { best: true } => (
            w.t_with("mistakes-good-best", [("move", tried.into())]),
            egui::Color32::from_rgb(130, 210, 120),
        ),
        Verdict::Good { best: false } => (
            w.t_with("mistakes-good", [("move", tried.into())]),
            egui::Color32::from_rgb(130, 210, 120),
        ),
        Verdict::NotBetter(explained) => (
            w.t_with(
                "mistakes-not-better",
                [
                    ("move", tried.into()),
                    ("reasons", reasons(w, kind, explained, false).into()),
                ],
            ),
            egui::Color32::from_rgb(220, 120, 80),
        ),
    };
    let label = ui.add(egui::Label::new(egui::RichText::new(said).color(colour).strong()).wrap());
    crate::ui::landmark::mark(ui, "mistakes/verdict", &label);
}

/// Why the move played was a mistake, and the better move (`answer`: with the better move).
fn why(
    ui: &mut egui::Ui,
    w: &Words,
    kind: gamut_engine::any_game::GameKind,
    shown: &Shown,
    answer: bool,
) {
    let Some(explained) = &shown.why else {
        return;
    };
    let said = w.t_with(
        "mistakes-why",
        [
            ("move", shown.played.clone().into()),
            ("reasons", reasons(w, kind, explained, answer).into()),
        ],
    );
    let label =
        ui.add(egui::Label::new(egui::RichText::new(said).color(crate::ui::style::ACCENT)).wrap());
    crate::ui::landmark::mark(ui, "mistakes/why", &label);
}

/// The coach's sentences on a move, with the better move or without it.
fn reasons(
    w: &Words,
    kind: gamut_engine::any_game::GameKind,
    explained: &crate::review::Explained,
    with_better: bool,
) -> String {
    let mut sentences = text::explanation(w, kind, explained);
    if !with_better && explained.better.is_some() {
        sentences.pop();
    }
    sentences.join(" ")
}

/// The buttons for the step: try again, show the better move, next, finish.
fn buttons(ui: &mut egui::Ui, w: &Words, lesson: &Lesson) -> Option<MistakesCommand> {
    let step = &lesson.step;
    let judged = matches!(step, Step::Judged { .. } | Step::Shown);
    let mistake = lesson.shown().is_some();
    let buttons = [
        (
            MistakesCommand::TryAgain,
            "mistakes-try-again",
            "mistakes/try-again",
            mistake && judged,
        ),
        (
            MistakesCommand::ShowBetter,
            "mistakes-show-better",
            "mistakes/show-better",
            mistake && matches!(step, Step::Find | Step::Judged { .. }),
        ),
        (
            MistakesCommand::Next,
            "mistakes-next",
            "mistakes/next",
            judged && lesson.has_next(),
        ),
        (
            MistakesCommand::Finish,
            "mistakes-finish",
            "mistakes/finish",
            true,
        ),
    ];
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for (command, key, name, shown) in buttons {
            if !shown {
                continue;
            }
            let button = ui.button(w.t(key));
            crate::ui::landmark::mark(ui, name, &button);
            if button.clicked() {
                chosen = Some(command);
            }
        }
    });
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::layout_check::everywhere;

    /// The window's words and buttons at each step can be reached at every size, scale and
    /// language, and nothing overlaps or runs out.
    #[test]
    fn the_lesson_window_can_be_used_everywhere() {
        let judged = {
            let lesson = Lesson::blunder_at(Step::Find);
            let why = lesson.shown().and_then(|s| s.why).expect("why");
            Step::Judged {
                tried: "e1xe4".into(),
                verdict: Verdict::NotBetter(Box::new(why)),
            }
        };
        let steps: [(Step, &[&str]); 4] = [
            (
                Step::Analysing {
                    done: 12,
                    total: 80,
                },
                &["mistakes/analysing", "mistakes/finish"],
            ),
            (
                Step::Find,
                &["mistakes/find", "mistakes/show-better", "mistakes/finish"],
            ),
            (
                judged,
                &[
                    "mistakes/verdict",
                    "mistakes/why",
                    "mistakes/try-again",
                    "mistakes/show-better",
                    "mistakes/finish",
                ],
            ),
            (Step::NoMistakes, &["mistakes/none", "mistakes/finish"]),
        ];
        for (step, buttons) in steps {
            let lesson = Lesson::blunder_at(step);
            everywhere(|screen, words, what| {
                let kind = gamut_engine::any_game::GameKind::LinesOfAction;
                screen.check(&what, Some(AREA), buttons, &mut |ctx| {
                    draw(
                        ctx,
                        words,
                        &lesson,
                        kind,
                        Some("Select one of Black's pieces first."),
                    );
                });
            });
        }
    }
}
