//! The move field of the side panel: a move typed as the records write it (`b1-d3`, `b1xd3`,
//! `b1d3`, `h2-f2 @d4`), played with `Enter` as the board's clicks would play it (see
//! [`crate::input::typed`]). `M` puts the keyboard in the field, `Esc` takes it out.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::i18n::Words;
use crate::input::typed::TypedMove;

/// The field's egui id.
fn field_id() -> egui::Id {
    egui::Id::new("move entry")
}

/// Where the field keeps its text between frames.
fn text_id() -> egui::Id {
    field_id().with("text")
}

/// Where a submitted move waits for [`submit`].
fn submitted_id() -> egui::Id {
    field_id().with("submitted")
}

/// The field, when `shown` (the side panel shows it in a game being played, not under a dialog,
/// not in review).
pub(super) fn field(ui: &mut egui::Ui, words: &Words, shown: bool) {
    if !shown {
        return;
    }
    let id = field_id();
    focus_key(ui, id);
    ui.add_space(4.0);
    let mut text = ui.data(|d| d.get_temp::<String>(text_id()).unwrap_or_default());
    // The words and the field on one line: the panel above keeps its room.
    let response = ui
        .horizontal(|ui| {
            ui.label(words.t("move-entry-label"));
            ui.add(
                egui::TextEdit::singleline(&mut text)
                    .id(id)
                    .hint_text(words.t("move-entry-hint"))
                    .desired_width(ui.available_width()),
            )
        })
        .inner
        .on_hover_text(words.t("move-entry-help"));
    super::landmark::mark(ui, "side-panel/move-entry", &response);
    if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        let typed = std::mem::take(&mut text);
        if !typed.trim().is_empty() {
            ui.data_mut(|d| d.insert_temp(submitted_id(), typed));
        }
        // Ready for the next move.
        response.request_focus();
    }
    ui.data_mut(|d| d.insert_temp(text_id(), text));
}

/// `M` (with nothing else holding the keyboard) puts the keyboard in the field; the letter is
/// not typed.
fn focus_key(ui: &mut egui::Ui, id: egui::Id) {
    let free = ui.memory(|m| m.focused().is_none());
    if free && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::M)) {
        ui.input_mut(|i| {
            i.events
                .retain(|e| !matches!(e, egui::Event::Text(t) if t.eq_ignore_ascii_case("m")));
        });
        ui.memory_mut(|m| m.request_focus(id));
    }
}

/// Sends the move submitted in the field to be played.
pub(super) fn submit(mut contexts: EguiContexts, mut typed: MessageWriter<TypedMove>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(text) = ctx.data_mut(|d| d.remove_temp::<String>(submitted_id())) {
        typed.write(TypedMove(text));
    }
    Ok(())
}
