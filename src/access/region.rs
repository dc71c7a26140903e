//! The live region: a label the screen reader watches (AccessKit's `Live::Polite`), holding the
//! latest announcement. Its words are drawn transparent in a corner (the status line and the
//! move list show them to the eye); the reader reads them as they change.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Announcement;

/// The live region's egui id (its node in the AccessKit tree).
pub const REGION: &str = "access/announcement";

/// Draws the live region with the latest announcement.
pub(super) fn live_region(mut contexts: EguiContexts, announcement: Res<Announcement>) -> Result {
    if announcement.count == 0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new(REGION))
        .order(egui::Order::Background)
        .fixed_pos(egui::pos2(0.0, 0.0))
        .interactable(false)
        // Unseen: nothing to fade in (a fade would draw frames for nothing).
        .fade_in(false)
        .show(ctx, |ui| {
            let text = egui::RichText::new(&announcement.text)
                .size(1.0)
                .color(egui::Color32::TRANSPARENT);
            let label = ui.add(egui::Label::new(text).selectable(false));
            // A polite live region: said once the reader has finished its sentence.
            ctx.accesskit_node_builder(label.id, |node| {
                node.set_live(egui::accesskit::Live::Polite);
            });
        });
    Ok(())
}
