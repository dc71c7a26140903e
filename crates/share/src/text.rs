//! Words on a picture: the font (Ubuntu Light, from egui's font crate) drawn as coverage with
//! `ab_glyph`, measured to centre and fit a line, and cut with "…" when a line is too long.

use std::sync::OnceLock;

use ab_glyph::{Font as _, FontRef, GlyphId, PxScale, ScaleFont, point};

use crate::canvas::Canvas;
use crate::palette::Ink;

/// The font, read once; `None` if its file cannot be read (then the pictures have no words).
fn font() -> Option<&'static FontRef<'static>> {
    static FONT: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT).ok())
        .as_ref()
}

/// Where a line's words go: left-aligned from `x`, centred on `x`, or ending at `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Centre,
    Right,
}

/// The width of `text` at `px` pixels high.
pub(crate) fn width(text: &str, px: f32) -> f32 {
    let Some(font) = font() else {
        return 0.0;
    };
    let scaled = font.as_scaled(PxScale::from(px));
    let mut total = 0.0;
    let mut previous: Option<GlyphId> = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(before) = previous {
            total += scaled.kern(before, id);
        }
        total += scaled.h_advance(id);
        previous = Some(id);
    }
    total
}

/// `text`, or as much of it as fits `max` pixels followed by "…".
pub(crate) fn fit(text: &str, px: f32, max: f32) -> String {
    if width(text, px) <= max {
        return text.to_string();
    }
    let mut kept: String = text.to_string();
    while kept.pop().is_some() {
        let shorter = format!("{}…", kept.trim_end());
        if width(&shorter, px) <= max {
            return shorter;
        }
    }
    String::new()
}

/// Draws one line of `text` at `px` pixels high in `ink`, its middle at height `cy`, placed at
/// `x` as `align` says.
pub(crate) fn draw(
    canvas: &mut Canvas,
    text: &str,
    px: f32,
    (x, cy): (f32, f32),
    align: Align,
    ink: Ink,
) {
    let Some(font) = font() else {
        return;
    };
    let scale = PxScale::from(px);
    let scaled = font.as_scaled(scale);
    let baseline = cy + (scaled.ascent() + scaled.descent()) / 2.0;
    let mut pen = match align {
        Align::Left => x,
        Align::Centre => x - width(text, px) / 2.0,
        Align::Right => x - width(text, px),
    };
    let mut previous: Option<GlyphId> = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(before) = previous {
            pen += scaled.kern(before, id);
        }
        let glyph = id.with_scale_and_position(scale, point(pen, baseline));
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            let (left, top) = (bounds.min.x as i64, bounds.min.y as i64);
            outline.draw(|gx, gy, coverage| {
                canvas.cover(left + i64::from(gx), top + i64::from(gy), coverage, ink);
            });
        }
        pen += scaled.h_advance(id);
        previous = Some(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_reads_and_long_lines_are_cut() {
        assert!(font().is_some());
        assert!(width("Black", 14.0) > 20.0);
        let cut = fit("A very long name that never fits", 14.0, 60.0);
        assert!(cut.ends_with('…') && width(&cut, 14.0) <= 60.0, "{cut}");
        assert_eq!(fit("Ada", 14.0, 60.0), "Ada");
    }

    #[test]
    fn words_are_drawn_in_their_ink() {
        let mut canvas = Canvas::new(80, 20, Ink::Paper);
        draw(
            &mut canvas,
            "Hi",
            16.0,
            (40.0, 10.0),
            Align::Centre,
            Ink::Text,
        );
        assert!(canvas.pixels.contains(&(Ink::Text as u8)));
    }
}
