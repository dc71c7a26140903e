//! Where a screen's panel goes: at the right of the board, or — on a screen held upright too
//! narrow for the board beside it (a phone) — a sheet under the board. The game's side panel,
//! the analysis board, the editor, the puzzles and the lessons all place theirs here, so that on
//! a phone the board keeps about the screen's width, not the sliver a panel leaves it.

use bevy_egui::egui;

/// The least width the board keeps beside a panel; narrower, on a screen held upright, the
/// panel becomes a sheet under the board.
pub const MIN_BOARD: f32 = 280.0;

/// The least share of the height a sheet takes.
const SHEET_SHARE: f32 = 0.42;

/// The height the board's view keeps above a sheet, for each point of its width.
const BOARD_ASPECT: f32 = 0.95;

/// Whether a panel `width` wide goes under the board in `free` (what the window leaves).
pub fn is_sheet(free: egui::Rect, width: f32) -> bool {
    free.width() - width < MIN_BOARD && free.height() > free.width()
}

/// A sheet's height in `free`: all the board's view does not need (about as tall as the
/// screen is wide), `extra` more, and at least a share of the height.
pub fn sheet_height(free: egui::Rect, extra: f32) -> f32 {
    (free.height() - free.width() * BOARD_ASPECT + extra)
        .max(free.height() * SHEET_SHARE)
        .round()
}

/// The panel `id`: `width` wide at the right of what `root` has left, or a sheet under the
/// board on a phone; and whether it is the sheet.
pub fn place(root: &egui::Ui, id: &'static str, width: f32) -> (egui::Panel, bool) {
    let free = root.available_rect_before_wrap();
    if is_sheet(free, width) {
        (
            egui::Panel::bottom(id).exact_size(sheet_height(free, 0.0)),
            true,
        )
    } else {
        (egui::Panel::right(id).exact_size(width), false)
    }
}

/// A screen's panel `width` wide at the right, narrowed to leave the board two fifths of a
/// narrow window, or a sheet under the board on a phone; and whether it is the sheet.
pub fn place_narrowed(root: &egui::Ui, id: &'static str, width: f32) -> (egui::Panel, bool) {
    let (panel, sheet) = place(root, id, width);
    if sheet {
        return (panel, sheet);
    }
    let narrowed = width.min(root.ctx().content_rect().width() * 0.6);
    (panel.exact_size(narrowed), sheet)
}

/// What a panel drawn at `rect` covers of the window: at the right beside the board, or at the
/// bottom as a sheet.
pub fn covered(rect: egui::Rect, sheet: bool) -> egui::Vec2 {
    if sheet {
        egui::vec2(0.0, rect.height())
    } else {
        egui::vec2(rect.width(), 0.0)
    }
}

/// Fails when the board has less room than a player needs on a screen of `screen`'s size:
/// what the panels `covered` leaves must be at least [`MIN_BOARD`] both ways (or a third of the
/// screen's long side, on a small screen: a window at a large UI scale) (for the layout tests).
#[cfg(test)]
pub fn assert_board_room(what: &str, screen: egui::Rect, covered: egui::Vec2) {
    let room = screen.size() - covered;
    let least = MIN_BOARD.min(0.35 * screen.width().max(screen.height()));
    assert!(
        room.x >= least && room.y >= least,
        "{what}: the board keeps {room:?} of {:?} (at least {least} each way)",
        screen.size()
    );
}
