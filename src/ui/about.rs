//! The Rules window's pages: each game's rules under headings (the setup and who moves first,
//! the moves, the end, and what is our convention rather than the rule texts'), and its About
//! page (its inventor, its history and the sources), both from the Fluent files.

use bevy::prelude::*;
use bevy_egui::egui;
use gamut_engine::any_game::GameKind;

use super::style::ACCENT;
use crate::i18n::Words;

/// What the Rules window shows: the rules or the About page, of the game on the board or of
/// the game the player picked in the window.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RulesPage {
    /// The About page (else the rules).
    pub about: bool,
    /// The game picked in the window; `None`: the game on the board.
    pub kind: Option<GameKind>,
}

/// A heading and its points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub heading: String,
    pub points: Vec<String>,
}

fn section(w: &Words, heading: &str, points: &[&str]) -> Section {
    Section {
        heading: w.t(heading),
        points: points.iter().map(|key| w.t(key)).collect(),
    }
}

/// The rules of `kind` under headings: its title, then the sections.
pub fn rules_sections(w: &Words, kind: GameKind) -> (String, Vec<Section>) {
    match kind {
        GameKind::LinesOfAction => (
            w.t("rules-loa-title"),
            vec![
                section(
                    w,
                    "rules-heading-setup",
                    &["rules-loa-board", "rules-loa-first"],
                ),
                section(
                    w,
                    "rules-heading-moves",
                    &["rules-loa-move", "rules-loa-jump"],
                ),
                section(
                    w,
                    "rules-heading-end",
                    &[
                        "rules-loa-connect",
                        "rules-loa-capture",
                        "rules-loa-simultaneous",
                    ],
                ),
                section(
                    w,
                    "rules-heading-ours",
                    &[
                        "rules-pass",
                        "rules-repetition",
                        "rules-loa-parachute-held",
                        "rules-loa-four-marks",
                    ],
                ),
            ],
        ),
        GameKind::Epaminondas => (
            w.t("rules-epaminondas-title"),
            vec![
                section(
                    w,
                    "rules-heading-setup",
                    &["rules-epaminondas-board", "rules-epaminondas-first"],
                ),
                section(
                    w,
                    "rules-heading-moves",
                    &["rules-epaminondas-phalanx", "rules-epaminondas-capture"],
                ),
                section(w, "rules-heading-end", &["rules-epaminondas-win"]),
                section(
                    w,
                    "rules-heading-ours",
                    &[
                        "rules-epaminondas-anti-symmetry",
                        "rules-epaminondas-no-stones",
                        "rules-pass",
                        "rules-repetition",
                    ],
                ),
            ],
        ),
    }
}

/// The About page of `kind`: its title, then the sections.
pub fn about_sections(w: &Words, kind: GameKind) -> (String, Vec<Section>) {
    match kind {
        GameKind::LinesOfAction => (
            w.t("about-loa-title"),
            vec![
                section(
                    w,
                    "about-heading-inventor",
                    &[
                        "about-loa-soucie",
                        "about-loa-sackson",
                        "about-loa-disputes",
                    ],
                ),
                section(
                    w,
                    "about-loa-heading-editions",
                    &[
                        "about-loa-first-edition",
                        "about-loa-second-edition",
                        "about-loa-tournaments",
                    ],
                ),
                section(
                    w,
                    "about-loa-heading-variants",
                    &[
                        "about-loa-scrambled-eggs",
                        "about-loa-parachute",
                        "about-loa-four",
                        "about-loa-ambidextrous",
                        "about-loa-boundless",
                        "about-loa-lot",
                    ],
                ),
                section(w, "about-heading-sources", &["about-loa-sources"]),
            ],
        ),
        GameKind::Epaminondas => (
            w.t("about-epaminondas-title"),
            vec![
                section(
                    w,
                    "about-heading-inventor",
                    &[
                        "about-epaminondas-abbott",
                        "about-epaminondas-crossings",
                        "about-epaminondas-name",
                        "about-epaminondas-small",
                    ],
                ),
                section(w, "about-heading-sources", &["about-epaminondas-sources"]),
            ],
        ),
    }
}

/// The rules as plain text: a title, headings and bullets (the Rules window draws the same
/// sections, see `about`).
pub fn rules_summary(w: &Words, kind: GameKind) -> String {
    let (title, sections) = rules_sections(w, kind);
    plain(&title, &sections)
}

/// A game's About page as plain text: its history and sources.
pub fn about_page(w: &Words, kind: GameKind) -> String {
    let (title, sections) = about_sections(w, kind);
    plain(&title, &sections)
}

/// A page as plain text (for the language tests and the log): the title, each heading and its
/// points as bullets.
pub fn plain(title: &str, sections: &[Section]) -> String {
    let mut out = title.to_string();
    for s in sections {
        out.push_str(&format!("\n\n{}", s.heading));
        for point in &s.points {
            out.push_str(&format!("\n• {point}"));
        }
    }
    out
}

/// Draws a page: the title, then each heading over its points, wrapped to the width.
pub fn show(ui: &mut egui::Ui, title: &str, sections: &[Section]) {
    ui.add(egui::Label::new(egui::RichText::new(title).size(20.0).strong().color(ACCENT)).wrap());
    for s in sections {
        ui.add_space(6.0);
        ui.add(egui::Label::new(egui::RichText::new(&s.heading).strong()).wrap());
        for point in &s.points {
            ui.horizontal_top(|ui| {
                ui.label("•");
                ui.add(egui::Label::new(point.as_str()).wrap());
            });
        }
    }
}

/// The window's choices above the page: Rules or About, and which game. Changes `page`.
pub fn tabs(ui: &mut egui::Ui, w: &Words, page: &mut RulesPage, shown: GameKind) {
    ui.horizontal_wrapped(|ui| {
        for (about, key, landmark) in [
            (false, "rules-tab-rules", "rules/tab-rules"),
            (true, "rules-tab-about", "rules/tab-about"),
        ] {
            let tab = ui.selectable_label(page.about == about, w.t(key));
            super::landmark::mark(ui, landmark, &tab);
            if tab.clicked() {
                page.about = about;
            }
        }
        ui.separator();
        for kind in GameKind::ALL {
            let game = ui.selectable_label(shown == kind, super::text::game_name(w, kind));
            super::landmark::mark(ui, format!("rules/game/{}", kind.name()), &game);
            if game.clicked() {
                page.kind = Some(kind);
            }
        }
    });
}
