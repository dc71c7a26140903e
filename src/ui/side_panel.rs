//! The status bar and the side panel: the game and its options, whose turn, the players, the
//! computer's view, the actions (in a fixed place at the bottom) and the move list.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;

use super::{swatch, text};
use crate::ai::Evaluation;
use crate::board::camera::CameraRig;
use crate::i18n::Words;
use crate::input::{Dialogs, ViewCommand};
use crate::model::{CurrentGame, GameSettings, Seat};
use crate::play::status::idle_help;
use crate::play::{
    Actions, AppState, GameCommand, HintRequest, Status, TurnState, available_actions,
};
use crate::review::{Review, ReviewCommand};

/// What the panels read.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelView<'w> {
    game: Res<'w, CurrentGame>,
    settings: Res<'w, GameSettings>,
    status: Res<'w, Status>,
    state: Res<'w, State<AppState>>,
    turn: Option<Res<'w, State<TurnState>>>,
    evaluation: Res<'w, Evaluation>,
    rig: Res<'w, CameraRig>,
    review: Res<'w, Review>,
    words: Res<'w, Words>,
    paused: Res<'w, crate::play::Paused>,
}

/// What the panels' buttons do.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelActions<'w> {
    dialogs: ResMut<'w, Dialogs>,
    commands: MessageWriter<'w, GameCommand>,
    hints: MessageWriter<'w, HintRequest>,
    view: MessageWriter<'w, ViewCommand>,
    review: MessageWriter<'w, ReviewCommand>,
}

pub(super) fn panels(
    mut contexts: EguiContexts,
    view: PanelView,
    mut actions: PanelActions,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
    (show, practice): (Res<crate::play::ShowGames>, Res<crate::play::Practice>),
) -> Result {
    // A lesson's or puzzle's panel reports its own width.
    if practice.is_on() {
        return Ok(());
    }
    // The exhibition draws its own view over the whole window; the title has none.
    if show.0 || *view.state.get() == AppState::Menu {
        insets.set_if_neq(default());
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let status = egui::Panel::bottom("status").show(&mut root, |ui| status_bar(ui, &view));
    let side = egui::Panel::right("game panel")
        .exact_size(330.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::Panel::bottom("actions")
                .show_separator_line(true)
                .show(ui, |ui| action_buttons(ui, &view, &mut actions));
            header(ui, &view);
            turn_line(ui, &view);
            players(ui, &view);
            computer_view(ui, &view);
            ui.separator();
            match view.review.0.as_ref() {
                Some(review) => {
                    super::review_panel::move_list(ui, review, &view.words, &mut actions.review)
                }
                None => move_list(ui, &view.game, &view.words),
            }
        });
    super::style::report_insets(
        ctx,
        side.response.rect.width(),
        status.response.rect.height(),
        &mut insets,
    );
    Ok(())
}

fn status_bar(ui: &mut egui::Ui, view: &PanelView) {
    let four = view.game.is_four_players();
    let w = &view.words;
    let line = match view.status.current(&view.game) {
        Some(notice) => text::notice(w, notice, four),
        None => {
            let help = idle_help(&view.game, &view.settings, *view.state.get());
            text::idle_help(w, help, view.rig.flat)
        }
    };
    ui.horizontal(|ui| ui.label(egui::RichText::new(line).size(16.0)));
}

fn header(ui: &mut egui::Ui, view: &PanelView) {
    ui.add_space(6.0);
    ui.heading(text::game_name(&view.words, view.game.kind()));
    ui.label(egui::RichText::new(text::options(&view.words, &view.game.config)).weak());
    ui.separator();
}

fn turn_line(ui: &mut egui::Ui, view: &PanelView) {
    let (game, w) = (&view.game, &*view.words);
    let end = game.end();
    ui.horizontal(|ui| {
        swatch(
            ui,
            end.and_then(|e| e.winner()).unwrap_or(game.side_to_move()),
        );
        let line = match end {
            Some(_) => w.t("panel-game-over"),
            None => w.t_with(
                "panel-to-move",
                [(
                    "seat",
                    text::seat(w, game.seat(), game.has_marked_sets()).into(),
                )],
            ),
        };
        ui.label(egui::RichText::new(line).strong().size(20.0));
    });
    if let Some(end) = end {
        ui.add(egui::Label::new(egui::RichText::new(text::game_end(w, end)).size(17.0)).wrap());
        return;
    }
    if game.is_four_players() {
        let player = view.settings.player_to_move(game);
        ui.label(w.t_with(
            "panel-seat-player",
            [("player", text::player(w, player).into())],
        ));
    }
    if game.has_marked_sets() {
        let set = if game.seat().marked {
            w.t("panel-marked-set-moves")
        } else {
            w.t("panel-plain-set-moves")
        };
        ui.label(egui::RichText::new(set).weak());
    }
    if game.must_place() {
        ui.label(
            egui::RichText::new(w.t_with(
                "panel-move-then-place",
                [("colour", text::colour(!game.side_to_move()))],
            ))
            .weak(),
        );
    }
    if view
        .turn
        .as_ref()
        .is_some_and(|t| *t.get() == TurnState::AiThinking)
    {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(w.t("panel-thinking"));
        });
    }
}

fn players(ui: &mut egui::Ui, view: &PanelView) {
    let (game, w) = (&view.game, &*view.words);
    ui.add_space(4.0);
    let counts = game.counts();
    let four = game.is_four_players();
    let playing = *view.state.get() == AppState::Playing && game.end().is_none();
    for s in Side::ALL {
        ui.horizontal(|ui| {
            swatch(ui, s);
            ui.label(w.t_with(
                "panel-side-pieces",
                [
                    ("side", text::side(w, s).into()),
                    ("count", counts[s.index()].into()),
                ],
            ));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                super::clocks::clock(ui, game, s, playing && game.side_to_move() == s);
            });
        });
        let plain = view.settings.player(s);
        if four {
            let marked = view.settings.seat_player(
                Seat {
                    side: s,
                    marked: true,
                },
                true,
            );
            ui.label(
                egui::RichText::new(format!(
                    "      {}\n      {}",
                    w.t_with(
                        "panel-plain-player",
                        [("player", text::player(w, plain).into())]
                    ),
                    w.t_with(
                        "panel-marked-player",
                        [("player", text::player(w, marked).into())]
                    ),
                ))
                .small(),
            );
        } else {
            ui.label(egui::RichText::new(format!("      {}", text::player(w, plain))).small());
        }
    }
    if playing && game.clocks().is_timed() && view.settings.pause_clocks && view.paused.0 {
        ui.label(
            egui::RichText::new(w.t("panel-clock-paused"))
                .small()
                .weak(),
        );
    }
    let held = game.held();
    if held != [0, 0] {
        for s in Side::ALL {
            ui.horizontal(|ui| {
                swatch(ui, !s);
                let n = held[s.index()];
                ui.label(w.t_with(
                    "panel-holds",
                    [
                        ("side", text::side(w, s).into()),
                        ("count", n.into()),
                        ("colour", text::colour(!s)),
                    ],
                ));
            });
        }
    }
}

/// The computer's last evaluation, said for the board (who is better) with a bar; once the game
/// is over, the bar shows the result instead.
fn computer_view(ui: &mut egui::Ui, view: &PanelView) {
    let Some(standing) = view.evaluation.standing(&view.game) else {
        return;
    };
    ui.add_space(4.0);
    if let Some(line) = text::standing(&view.words, standing) {
        ui.label(egui::RichText::new(line).small());
    }
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 10.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(240, 233, 214));
    let mut black = rect;
    black.set_width(rect.width() * standing.black_share().clamp(0.0, 1.0));
    painter.rect_filled(black, 3.0, egui::Color32::from_rgb(25, 25, 28));
}

fn move_list(ui: &mut egui::Ui, game: &CurrentGame, w: &Words) {
    ui.label(egui::RichText::new(w.t("panel-moves")).strong());
    let seats = game.seat_count();
    // Never taller than the room left above the actions (a short window keeps them clear).
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .min_scrolled_height(0.0)
        .max_height(ui.available_height().max(0.0))
        .stick_to_bottom(true)
        .show(ui, |ui| {
            egui::Grid::new("moves")
                .num_columns(seats + 1)
                .striped(true)
                .show(ui, |ui| {
                    for (i, line) in game.notation().chunks(seats).enumerate() {
                        ui.label(format!("{}.", i + 1));
                        for k in 0..seats {
                            ui.monospace(line.get(k).map(String::as_str).unwrap_or(""));
                        }
                        ui.end_row();
                    }
                });
        });
}

fn action_buttons(ui: &mut egui::Ui, view: &PanelView, actions: &mut PanelActions) {
    let open = if actions.dialogs.is_modal() {
        Actions::default()
    } else {
        available_actions(&view.game, &view.settings, *view.state.get())
    };
    let w = &*view.words;
    // Compact buttons, so the move list keeps its room.
    let style = ui.style_mut();
    style.spacing.button_padding = egui::vec2(8.0, 3.0);
    style.spacing.item_spacing = egui::vec2(6.0, 6.0);
    if let Some(font) = style.text_styles.get_mut(&egui::TextStyle::Button) {
        font.size = 15.0;
    }
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(open.undo, egui::Button::new(w.t("button-undo")))
            .clicked()
        {
            actions.commands.write(GameCommand::Undo);
        }
        if ui
            .add_enabled(open.redo, egui::Button::new(w.t("button-redo")))
            .clicked()
        {
            actions.commands.write(GameCommand::Redo);
        }
        if ui
            .add_enabled(open.hint, egui::Button::new(w.t("button-hint")))
            .clicked()
        {
            actions.hints.write(HintRequest);
        }
        if ui
            .add_enabled(open.resign, egui::Button::new(w.t("button-resign")))
            .clicked()
        {
            actions.dialogs.confirm_resign = true;
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(w.t("button-new-game")).clicked() {
            actions.dialogs.new_game = true;
        }
        if ui.button(w.t("button-rules")).clicked() {
            actions.dialogs.rules = !actions.dialogs.rules;
        }
        let review = ui.add_enabled(open.review, egui::Button::new(w.t("button-review")));
        if review.clicked() {
            actions.review.write(ReviewCommand::Enter);
        }
        if ui.button(w.t("button-saves")).clicked() {
            actions.dialogs.saves = true;
        }
        if ui.button(w.t("button-settings")).clicked() {
            actions.dialogs.settings = true;
        }
    });
    ui.horizontal_wrapped(|ui| {
        let flat = if view.rig.flat {
            w.t("button-view-3d")
        } else {
            w.t("button-view-2d")
        };
        if ui.button(flat).clicked() {
            actions.view.write(ViewCommand::ToggleFlat);
        }
        if ui.button(w.t("button-flip")).clicked() {
            actions.view.write(ViewCommand::Flip);
        }
        if ui.button(w.t("button-reset-view")).clicked() {
            actions.view.write(ViewCommand::ResetCamera);
        }
    });
    ui.add_space(4.0);
}
