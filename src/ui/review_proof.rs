//! The review strip's proven word on the shown position: "From here Black wins by force in 5
//! moves" with the proven line, or that it cannot be lost; and, for the move that led there,
//! that it let its mover's proven win go. Nothing while nothing is proven (the search settles
//! the game's positions in the background, the last first).

use bevy_egui::egui;

use super::proven;
use crate::engine_jobs::Settled;
use crate::i18n::Words;
use crate::review::ReviewState;

/// The proven word, with its line when `with_line` (on a phone the strip is short: the
/// statement alone).
pub(super) fn proven_here(ui: &mut egui::Ui, w: &Words, state: &ReviewState, with_line: bool) {
    if let Some((played, mover, moves)) = state.win_let_go() {
        let said = proven::win_let_go(w, &played, mover, moves);
        let rich = egui::RichText::new(&said).color(super::style::ACCENT);
        let label = ui.add(egui::Label::new(rich).wrap());
        super::landmark::mark_said(ui, "review/win-let-go", &label, &said);
    }
    let Some(settled) = state.settled_here() else {
        return;
    };
    let Some(mut said) = proven::from_here(w, settled) else {
        return;
    };
    if let Settled::Win { line, .. } = settled
        && with_line
    {
        let shown = state.shown_ply();
        let mut game = state.full_game().clone();
        while game.ply() > shown && game.undo() {}
        let written = proven::written_line(game.position(), line);
        said = w.t_with(
            "proof-with-line",
            [("proven", said.into()), ("line", written.into())],
        );
    }
    let label = ui.add(egui::Label::new(egui::RichText::new(&said).strong()).wrap());
    super::landmark::mark_said(ui, "review/proven", &label, &said);
}
