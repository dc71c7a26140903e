//! The Share dialog as drawn: the size of the pictures, the button that makes them, and what
//! it gave (the files saved, or offered as downloads and to the share sheet; the record on
//! the clipboard; or why nothing was made). Pure drawing: what the player asked is returned.

use bevy_egui::egui;

use super::{ShareSize, ShareTrouble, Shared};
use crate::i18n::Words;
use crate::ui::landmark;

/// The dialog's area (its rectangle is in egui's memory under this id).
pub const SHARE: &str = "share";

/// What the dialog shows.
pub struct ShareView<'a> {
    /// The size picked.
    pub size: ShareSize,
    /// What the last press of its button gave.
    pub shared: Option<&'a Shared>,
    /// Whether this is the page (the files are offered, not written into a folder).
    pub page: bool,
}

/// What the player asked of the dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareIntent {
    /// Pick this size.
    Size(ShareSize),
    /// Make the pictures (save them on the desktop), copy the record.
    Make,
    /// Download the file at this place of [`Shared::Offered`]'s (the GIF, then the PNG).
    Download(usize),
    /// Hand the files to the device's share sheet.
    ShareSheet,
    /// Close the dialog.
    Close,
}

/// A file's size in words: `112 KB` (at least 1).
fn kilobytes(w: &Words, bytes: usize) -> String {
    w.t_with(
        "share-kilobytes",
        [("kb", bytes.div_ceil(1000).max(1).into())],
    )
}

/// Why nothing was made, in words.
fn trouble(w: &Words, trouble: &ShareTrouble) -> String {
    match trouble {
        ShareTrouble::NoBoard => w.t("share-no-board"),
        ShareTrouble::TooLong { moves, limit } => w.t_with(
            "share-too-long",
            [("moves", (*moves).into()), ("limit", (*limit).into())],
        ),
        ShareTrouble::NotDrawn => w.t("share-not-drawn"),
        ShareTrouble::File { folder, trouble } => w.t_with(
            "share-failed-folder",
            [
                ("folder", folder.clone().into()),
                (
                    "problem",
                    crate::ui::problems::file_trouble(w, *trouble).into(),
                ),
            ],
        ),
    }
}

/// The Share dialog in the middle of the window: the player's request, if any.
pub fn draw_share(ctx: &egui::Context, w: &Words, view: &ShareView<'_>) -> Option<ShareIntent> {
    let mut asked = None;
    let width = (ctx.content_rect().width() - 40.0).clamp(180.0, 460.0);
    let room = (ctx.content_rect().height() - 160.0).max(60.0);
    egui::Window::new(w.t("share-title"))
        .id(egui::Id::new(SHARE))
        .collapsible(false)
        .resizable(false)
        .min_width(width)
        .max_width(width)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            // As tall as its content up to the room the window has (the window is only as
            // tall as it was in the last frame: the scroll area must not take that as its
            // limit); Close under it, always in view.
            asked = egui::ScrollArea::vertical()
                .max_height(room)
                .min_scrolled_height(room)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    contents(ui, w, view)
                })
                .inner;
            ui.add_space(6.0);
            let close = ui.button(w.t("share-close"));
            landmark::mark(ui, "share/close", &close);
            if close.clicked() {
                asked = Some(ShareIntent::Close);
            }
        });
    asked
}

fn contents(ui: &mut egui::Ui, w: &Words, view: &ShareView<'_>) -> Option<ShareIntent> {
    let mut asked = None;
    ui.add(egui::Label::new(w.t("share-intro")).wrap());
    ui.add_space(4.0);
    ui.label(egui::RichText::new(w.t("share-size")).strong());
    // One size a line: the three do not fit one line of a narrow dialog, and a list reads
    // better than a wrapped row.
    for size in ShareSize::ALL {
        let key = match size {
            ShareSize::Small => "share-size-small",
            ShareSize::Medium => "share-size-medium",
            ShareSize::Large => "share-size-large",
        };
        let words = w.t_with(key, [("pixels", size.pixels().into())]);
        let radio = ui.radio(view.size == size, words);
        landmark::mark(ui, format!("share/size/{}", size.key()), &radio);
        if radio.clicked() {
            asked = Some(ShareIntent::Size(size));
        }
    }
    ui.add_space(4.0);
    let make = ui.button(w.t(if view.page {
        "share-make"
    } else {
        "share-save"
    }));
    landmark::mark(ui, "share/make", &make);
    if make.clicked() {
        asked = Some(ShareIntent::Make);
    }
    match view.shared {
        None => {}
        Some(Shared::Written { folder, gif, png }) => {
            let saved = w.t_with("share-saved", [("folder", folder.clone().into())]);
            let said = ui.add(egui::Label::new(saved).wrap());
            landmark::mark(ui, "share/saved", &said);
            for (name, bytes) in [gif, png] {
                let line = w.t_with(
                    "share-file",
                    [
                        ("name", name.clone().into()),
                        ("size", kilobytes(w, *bytes).into()),
                    ],
                );
                ui.add(egui::Label::new(egui::RichText::new(line).strong()).wrap());
            }
            copied(ui, w);
        }
        Some(Shared::Offered { files, can_share }) => {
            ui.add(egui::Label::new(w.t("share-ready")).wrap());
            ui.horizontal_wrapped(|ui| {
                let keys = [
                    ("share-download-gif", "share/download-gif"),
                    ("share-download-png", "share/download-png"),
                ];
                for (index, ((key, name), (_, bytes))) in keys.into_iter().zip(files).enumerate() {
                    let words = w.t_with(key, [("size", kilobytes(w, bytes.len()).into())]);
                    let button = ui.button(words);
                    landmark::mark(ui, name, &button);
                    if button.clicked() {
                        asked = Some(ShareIntent::Download(index));
                    }
                }
                if *can_share {
                    let button = ui.button(w.t("share-sheet"));
                    landmark::mark(ui, "share/sheet", &button);
                    if button.clicked() {
                        asked = Some(ShareIntent::ShareSheet);
                    }
                }
            });
            copied(ui, w);
        }
        Some(Shared::Failed(why)) => {
            let said = egui::RichText::new(trouble(w, why)).color(crate::ui::style::ACCENT);
            let said = ui.add(egui::Label::new(said).wrap());
            landmark::mark(ui, "share/failed", &said);
        }
    }
    asked
}

/// "The game's record is on the clipboard."
fn copied(ui: &mut egui::Ui, w: &Words) {
    let said = ui.add(egui::Label::new(egui::RichText::new(w.t("share-copied")).weak()).wrap());
    landmark::mark(ui, "share/copied", &said);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::FileTrouble;
    use crate::ui::layout_check::everywhere;

    /// The dialog before anything is made, after the desktop saved the pictures (a long
    /// folder), after the page made them (with a share sheet), and after a folder refused
    /// them: every control reached at every size, scale and language, nothing overlapping or
    /// cut.
    #[test]
    fn the_share_dialog_fits_everywhere() {
        let folder = "/home/somebody-with-a-long-name/.local/share/gamut/exports".to_string();
        let cases = [
            (None, false, vec!["share/make", "share/close"]),
            (
                Some(Shared::Written {
                    folder: folder.clone(),
                    gif: ("gamut-2026-11-30-12.gif".into(), 112_345),
                    png: ("gamut-2026-11-30-12.png".into(), 5_234),
                }),
                false,
                vec!["share/saved", "share/copied", "share/close"],
            ),
            (
                Some(Shared::Offered {
                    files: vec![
                        ("gamut-2026-11-30.gif".into(), vec![0; 157_000]),
                        ("gamut-2026-11-30.png".into(), vec![0; 7_700]),
                    ],
                    can_share: true,
                }),
                true,
                vec![
                    "share/download-gif",
                    "share/download-png",
                    "share/sheet",
                    "share/copied",
                    "share/close",
                ],
            ),
            (
                Some(Shared::Failed(ShareTrouble::File {
                    folder,
                    trouble: FileTrouble::NotAFile,
                })),
                false,
                vec!["share/failed", "share/close"],
            ),
        ];
        everywhere(|screen, words, what| {
            for (shared, page, reached) in &cases {
                let view = ShareView {
                    size: ShareSize::Large,
                    shared: shared.as_ref(),
                    page: *page,
                };
                let buttons: Vec<&str> =
                    ["share/size/small", "share/size/medium", "share/size/large"]
                        .into_iter()
                        .chain(reached.iter().copied())
                        .collect();
                screen.check(&what, Some(SHARE), &buttons, &mut |ctx| {
                    draw_share(ctx, words, &view);
                });
            }
        });
    }
}
