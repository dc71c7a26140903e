//! The review window (step buttons, the evaluation graph, play from here) and the move list
//! while reviewing (each move clickable, with its mark).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui_plot::{Line, MarkerShape, Plot, Points, VLine};

use super::text;
use crate::i18n::Words;
use crate::review::marks::{PLOT_LIMIT, plot_value};
use crate::review::{Mistake, Opponent, Review, ReviewCommand, ReviewState};

pub(super) fn review_window(
    mut contexts: EguiContexts,
    review: Res<Review>,
    words: Res<Words>,
    mut commands: MessageWriter<ReviewCommand>,
) -> Result {
    let Some(state) = review.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let w = &*words;
    egui::Window::new(w.t("review-title"))
        .id(egui::Id::new("review"))
        .collapsible(true)
        .resizable(false)
        .default_width(560.0)
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(16.0, -48.0))
        .show(ctx, |ui| {
            steps(ui, w, state, &mut commands);
            let total = state.last_ply() + 1;
            if state.is_analysing() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(text::analysing(w, state.analysed(), total));
                });
            } else {
                ui.label(egui::RichText::new(w.t("review-analysis-done")).weak());
            }
            graph(ui, w, state, &mut commands);
            ui.horizontal_wrapped(|ui| {
                if ui.button(w.t("review-play-computer")).clicked() {
                    commands.write(ReviewCommand::PlayFromHere(Opponent::Computer));
                }
                if ui.button(w.t("review-play-hot-seat")).clicked() {
                    commands.write(ReviewCommand::PlayFromHere(Opponent::HotSeat));
                }
                if ui.button(w.t("review-close")).clicked() {
                    commands.write(ReviewCommand::Leave);
                }
            });
        });
    Ok(())
}

fn steps(
    ui: &mut egui::Ui,
    w: &Words,
    state: &ReviewState,
    commands: &mut MessageWriter<ReviewCommand>,
) {
    let (shown, last) = (state.shown_ply(), state.last_ply());
    let actions = [
        (ReviewCommand::First, shown > 0),
        (ReviewCommand::Previous, shown > 0),
        (ReviewCommand::Next, shown < last),
        (ReviewCommand::Last, shown < last),
    ];
    ui.horizontal(|ui| {
        for ((symbol, tip), (command, enabled)) in text::review_steps(w).into_iter().zip(actions) {
            let button = ui.add_enabled(enabled, egui::Button::new(symbol));
            if button.on_hover_text(tip).clicked() {
                commands.write(command);
            }
        }
        ui.label(egui::RichText::new(text::review_position(w, state.full_game(), shown)).strong());
    });
}

/// The evaluation over the game (Black up), the marked moves, the shown ply; a click jumps.
fn graph(
    ui: &mut egui::Ui,
    w: &Words,
    state: &ReviewState,
    commands: &mut MessageWriter<ReviewCommand>,
) {
    let points: Vec<[f64; 2]> = state
        .scores()
        .iter()
        .enumerate()
        .filter_map(|(ply, s)| Some([ply as f64, plot_value((*s)?)]))
        .collect();
    let marks = state.mistakes();
    let marked = |kind: Mistake| -> Vec<[f64; 2]> {
        marks
            .iter()
            .enumerate()
            .filter(|(_, m)| **m == Some(kind))
            .filter_map(|(i, _)| {
                let after = i + 1;
                Some([
                    after as f64,
                    plot_value(state.scores().get(after).copied()??),
                ])
            })
            .collect()
    };
    let (dubious, blunders) = (marked(Mistake::Dubious), marked(Mistake::Blunder));
    let shown = state.shown_ply() as f64;
    let response = Plot::new("review graph")
        .height(170.0)
        .include_x(0.0)
        .include_x(state.last_ply().max(1) as f64)
        .include_y(-PLOT_LIMIT)
        .include_y(PLOT_LIMIT)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show(ui, |plot| {
            plot.line(
                Line::new(w.t("review-evaluation"), points)
                    .color(egui::Color32::from_rgb(120, 170, 230))
                    .fill(0.0)
                    .width(2.0),
            );
            plot.points(
                Points::new(text::mistake_name(w, Mistake::Dubious), dubious)
                    .shape(MarkerShape::Circle)
                    .radius(5.0)
                    .color(egui::Color32::from_rgb(230, 180, 40)),
            );
            plot.points(
                Points::new(text::mistake_name(w, Mistake::Blunder), blunders)
                    .shape(MarkerShape::Circle)
                    .radius(6.0)
                    .color(egui::Color32::from_rgb(220, 60, 50)),
            );
            plot.vline(VLine::new("", shown).color(egui::Color32::from_rgb(240, 233, 214)));
        });
    if response.response.clicked()
        && let Some(pos) = response.response.interact_pointer_pos()
    {
        let x = response.transform.value_from_position(pos).x;
        let ply = x.round().clamp(0.0, state.last_ply() as f64) as usize;
        commands.write(ReviewCommand::Goto(ply));
    }
}

/// The whole game's moves, each a button to its position; the shown move is selected and the
/// moves that lost most carry their mark. The heading's and the list's rects, and the move
/// clicked.
pub(super) fn move_list(
    ui: &mut egui::Ui,
    state: &ReviewState,
    w: &Words,
) -> (egui::Rect, egui::Rect, Option<ReviewCommand>) {
    let game = state.full_game();
    let seats = game.seat_count();
    let marks = state.mistakes();
    let mut clicked = None;
    let heading = ui
        .label(egui::RichText::new(w.t("review-moves")).strong())
        .rect;
    // Scroll to the shown move when it changes (not every frame: the list stays scrollable).
    let seen_id = ui.id().with("review shown ply");
    let seen = ui.data(|d| d.get_temp::<usize>(seen_id));
    ui.data_mut(|d| d.insert_temp(seen_id, state.shown_ply()));
    let list = egui::ScrollArea::vertical()
        .id_salt("review moves")
        .auto_shrink([false, false])
        .min_scrolled_height(0.0)
        .max_height(ui.available_height().max(0.0))
        .show(ui, |ui| {
            egui::Grid::new("review moves")
                .num_columns(seats + 1)
                .striped(true)
                .show(ui, |ui| {
                    for (line_index, line) in game.notation().chunks(seats).enumerate() {
                        ui.label(format!("{}.", line_index + 1));
                        for (k, notation) in line.iter().enumerate() {
                            let i = line_index * seats + k;
                            let mark = marks
                                .get(i)
                                .copied()
                                .flatten()
                                .map_or("", text::mistake_mark);
                            let label =
                                egui::RichText::new(format!("{notation}{mark}")).monospace();
                            let selected = state.shown_ply() == i + 1;
                            let entry = ui.selectable_label(selected, label);
                            if selected && seen != Some(state.shown_ply()) {
                                entry.scroll_to_me(None);
                            }
                            if entry.clicked() {
                                clicked = Some(ReviewCommand::Goto(i + 1));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    (heading, list.inner_rect, clicked)
}
