//! The page's fonts: egui's four bundled fonts, cut to the letters and signs the game and its
//! players' names use (`web/fonts`, made by `scripts/subset-fonts.sh`): 0.34 MB with gzip
//! instead of 0.78 (docs/web.md, "The page's weight"). The desktop keeps egui's whole fonts
//! (the `default_fonts` feature on its own dependency line); the page is built without it and
//! gets these before egui's first pass, with egui's own families, order and tweaks.

use std::sync::Arc;

use bevy_egui::egui::{FontData, FontDefinitions, FontFamily, FontTweak};

/// The fonts as egui's `FontDefinitions::default()` arranges its own: Ubuntu Light for text,
/// Hack for figures in columns, the two emoji fonts behind both.
pub fn page_fonts() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    let mut add = |name: &str, bytes: &'static [u8], scale: f32| {
        let tweak = FontTweak {
            scale,
            ..Default::default()
        };
        let data = FontData::from_static(bytes).tweak(tweak);
        fonts.font_data.insert(name.to_owned(), Arc::new(data));
    };
    add(
        "Hack",
        include_bytes!("../../web/fonts/Hack-Regular.ttf"),
        1.0,
    );
    add(
        "Ubuntu-Light",
        include_bytes!("../../web/fonts/Ubuntu-Light.ttf"),
        1.0,
    );
    // egui's own tweaks: its emoji fonts drawn a little smaller.
    let noto = include_bytes!("../../web/fonts/NotoEmoji-Regular.ttf");
    add("NotoEmoji-Regular", noto, 0.81);
    let icons = include_bytes!("../../web/fonts/emoji-icon-font.ttf");
    add("EmojiIconFont", icons, 0.90);
    let family = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
    let behind = ["NotoEmoji-Regular", "EmojiIconFont"];
    let text = [&["Ubuntu-Light"][..], &behind].concat();
    let columns = [&["Hack", "Ubuntu-Light"][..], &behind].concat();
    fonts
        .families
        .insert(FontFamily::Proportional, family(&text));
    fonts
        .families
        .insert(FontFamily::Monospace, family(&columns));
    fonts
}

/// Gives the page's egui its fonts once its context exists, before its first pass (fonts set
/// later would leave that pass with none).
#[cfg(target_arch = "wasm32")]
pub(super) fn give_page_fonts(
    mut contexts: bevy_egui::EguiContexts,
    mut done: bevy::prelude::Local<bool>,
) {
    if *done {
        return;
    }
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.set_fonts(page_fonts());
        *done = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui;

    /// Every file's text under `dir` whose name ends in one of `ends`.
    fn texts(dir: &std::path::Path, ends: &[&str], into: &mut String) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.path());
        for entry in entries {
            let path = entry.path();
            if path.ends_with("ui/fonts.rs") {
                continue; // this file names a letter the fonts lack on purpose
            } else if path.is_dir() {
                texts(&path, ends, into);
            } else if ends.iter().any(|e| path.to_string_lossy().ends_with(e)) {
                into.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }

    fn ready(fonts: FontDefinitions) -> egui::Context {
        let ctx = egui::Context::default();
        ctx.set_fonts(fonts);
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        ctx
    }

    /// The letters of `text` that the page's fonts draw otherwise than egui's whole fonts (the
    /// desktop's) in `family`: drawn by one and not the other. (egui's `has_glyph` says no for
    /// the letters of the font that holds its replacement sign, on both alike.)
    fn differences(text: &str, family: FontFamily) -> Vec<char> {
        let page = ready(page_fonts());
        let desktop = ready(FontDefinitions::default());
        let id = egui::FontId::new(16.0, family);
        let draws = |ctx: &egui::Context, c: char| ctx.fonts_mut(|f| f.has_glyph(&id, c));
        text.chars()
            .filter(|c| !c.is_control())
            .filter(|c| draws(&page, *c) != draws(&desktop, *c))
            .collect()
    }

    /// Every letter of every word the game shows (the Fluent files in every language, the
    /// puzzles, the signs in the code) and names players type, in both families: drawn on the
    /// page as on the desktop. A letter cut from the fonts would show as a box on the page.
    #[test]
    fn the_page_fonts_draw_every_word_as_the_desktop_does() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut all = String::new();
        texts(
            &root.join("assets"),
            &[".ftl", ".txt", ".json", ".tsv"],
            &mut all,
        );
        texts(&root.join("src"), &[".rs"], &mut all);
        all.push_str("Łukasz Ødegård Şükrü Nguyễn Αθηνά Ёжик Žofie ʼŌkā 😀 😉");
        let mut letters: Vec<char> = all.chars().collect();
        letters.sort_unstable();
        letters.dedup();
        let wanted: String = letters.into_iter().collect();
        assert!(wanted.contains('☰') && wanted.contains('é') && wanted.contains('✔'));
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            let missing = differences(&wanted, family.clone());
            assert!(missing.is_empty(), "{family:?}: {missing:?}");
        }
    }

    /// The page's fonts are cut: a sign of egui's whole icon font outside the game's ranges
    /// (a medal) is not in them (the test above would pass on the whole fonts too).
    #[test]
    fn the_page_fonts_are_cut() {
        assert_eq!(differences("🏅", FontFamily::Proportional), vec!['🏅']);
    }
}
