//! One picture of a game: the header (the players' names, a bar under the side to move, the
//! last move or the result), the board (squares in two tones, the last move's squares tinted,
//! pieces as discs), the coordinates on its rim when they fit, and on the result's picture a
//! band under the board with the result.

use gamut_engine::Color;

use crate::board::{Board, Piece};
use crate::canvas::Canvas;
use crate::palette::Ink;
use crate::text::{self, Align};
use crate::{Labels, Layout};

/// What one picture shows besides the names.
pub(crate) struct Scene<'a> {
    /// The position.
    pub(crate) board: &'a Board,
    /// The last move's squares (file, rank from 0), tinted.
    pub(crate) tinted: &'a [(u8, u8)],
    /// The line under the names: the last move, or the result.
    pub(crate) status: &'a str,
    /// The side whose name is underlined as to move; none once the game is over.
    pub(crate) turn: Option<Color>,
    /// Words on a band under the board (the result), if any.
    pub(crate) banner: Option<&'a str>,
}

/// The picture of `scene` laid out by `layout`.
pub(crate) fn picture(layout: &Layout, labels: &Labels, scene: &Scene<'_>) -> Canvas {
    let mut canvas = Canvas::new(layout.width as usize, layout.height as usize, Ink::Paper);
    header(&mut canvas, layout, labels, scene);
    squares(&mut canvas, layout, scene.tinted);
    pieces(&mut canvas, layout, scene.board);
    coordinates(&mut canvas, layout);
    if let Some(words) = scene.banner {
        banner(&mut canvas, layout, words);
    }
    canvas
}

/// The names on the first line, Black's on the left and White's on the right, each beside a
/// disc of its side; the bar under the side to move; the status line below.
fn header(canvas: &mut Canvas, layout: &Layout, labels: &Labels, scene: &Scene<'_>) {
    let px = layout.font_px();
    let width = layout.width as f32;
    let pad = (px * 0.5).round();
    let r = px * 0.42;
    let line = layout.header as f32 * 0.34;
    let half = width / 2.0 - pad * 2.0 - r * 2.0;
    let black = text::fit(&labels.black, px, half);
    let white = text::fit(&labels.white, px, half);
    let gap = pad * 0.6;
    piece_disc(canvas, pad + r, line, r, Color::Black, false);
    let black_at = pad + 2.0 * r + gap;
    text::draw(canvas, &black, px, (black_at, line), Align::Left, Ink::Text);
    piece_disc(canvas, width - pad - r, line, r, Color::White, false);
    let white_end = width - pad - 2.0 * r - gap;
    text::draw(
        canvas,
        &white,
        px,
        (white_end, line),
        Align::Right,
        Ink::Text,
    );
    let bar_y = (line + px * 0.72) as usize;
    let bar_h = (px / 7.0).round().max(2.0) as usize;
    match scene.turn {
        Some(Color::Black) => {
            let end = black_at + text::width(&black, px);
            canvas.fill(
                pad as usize,
                bar_y,
                (end - pad) as usize,
                bar_h,
                Ink::Accent,
            );
        }
        Some(Color::White) => {
            let start = white_end - text::width(&white, px);
            let end = width - pad;
            canvas.fill(
                start as usize,
                bar_y,
                (end - start) as usize,
                bar_h,
                Ink::Accent,
            );
        }
        None => {}
    }
    let status = text::fit(scene.status, px, width - 2.0 * pad);
    let second = layout.header as f32 * 0.76;
    text::draw(
        canvas,
        &status,
        px,
        (width / 2.0, second),
        Align::Centre,
        Ink::Text,
    );
}

/// The squares in two tones (a1 dark, as on a chess board), the tinted ones in the last move's.
fn squares(canvas: &mut Canvas, layout: &Layout, tinted: &[(u8, u8)]) {
    let cell = layout.cell as usize;
    for rank in 0..layout.ranks {
        for file in 0..layout.files {
            let dark = (file + rank) % 2 == 0;
            let last = tinted.contains(&(file, rank));
            let ink = match (dark, last) {
                (true, false) => Ink::Dark,
                (false, false) => Ink::Light,
                (true, true) => Ink::DarkLast,
                (false, true) => Ink::LightLast,
            };
            let (x, y) = layout.square_corner(file, rank);
            canvas.fill(x as usize, y as usize, cell, cell, ink);
        }
    }
}

/// Every piece of the board, a disc in the middle of its square.
fn pieces(canvas: &mut Canvas, layout: &Layout, board: &Board) {
    let cell = layout.cell as f32;
    for rank in 0..board.ranks {
        for file in 0..board.files {
            let Some(Piece { color, marked }) = board.piece(file, rank) else {
                continue;
            };
            let (x, y) = layout.square_corner(file, rank);
            let (cx, cy) = (x as f32 + cell / 2.0, y as f32 + cell / 2.0);
            piece_disc(canvas, cx, cy, cell * 0.39, color, marked);
        }
    }
}

/// One piece: Black a near-black disc; White a near-white disc inside a dark outline; a marked
/// piece with a red ring halfway out (its centre keeps the side's colour).
fn piece_disc(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, color: Color, marked: bool) {
    let body = match color {
        Color::Black => Ink::BlackPiece,
        Color::White => Ink::WhitePiece,
    };
    canvas.disc(cx, cy, r, Ink::Text);
    canvas.disc(cx, cy, r - (r / 9.0).max(1.0), body);
    if marked {
        canvas.disc(cx, cy, r * 0.62, Ink::Mark);
        canvas.disc(cx, cy, r * 0.38, body);
    }
}

/// The files' letters under the board and the ranks' numbers left of it, when the rim is wide
/// enough for letters a person can read.
fn coordinates(canvas: &mut Canvas, layout: &Layout) {
    let rim = layout.rim as f32;
    let cell = layout.cell as f32;
    let px = (rim * 0.66).min(cell * 0.5);
    let widest = text::width(&layout.ranks.to_string(), px);
    if px < 8.0 || widest > rim - 2.0 {
        return;
    }
    let bottom = (layout.top + layout.cell * u32::from(layout.ranks)) as f32 + rim / 2.0;
    for file in 0..layout.files {
        let letter = char::from(b'a' + file).to_string();
        let x = layout.left as f32 + (f32::from(file) + 0.5) * cell;
        text::draw(canvas, &letter, px, (x, bottom), Align::Centre, Ink::Faint);
    }
    for rank in 0..layout.ranks {
        let number = (rank + 1).to_string();
        let (_, y) = layout.square_corner(0, rank);
        let cy = y as f32 + cell / 2.0;
        text::draw(
            canvas,
            &number,
            px,
            (rim / 2.0, cy),
            Align::Centre,
            Ink::Faint,
        );
    }
}

/// A dark band under the board and its coordinates, as wide as the board, with `words` on it
/// in white: the last position stays whole above it. In the strip [`Layout::with_result_strip`]
/// keeps (a layout without one has the band over the bottom of the picture).
fn banner(canvas: &mut Canvas, layout: &Layout, words: &str) {
    let px = layout.font_px() * 1.15;
    let band = (px * 2.2).round() as u32;
    let board_width = layout.cell * u32::from(layout.files);
    let margin = layout.footer.saturating_sub(band) / 2;
    let top = layout.height.saturating_sub(band + margin);
    canvas.fill(
        layout.left as usize,
        top as usize,
        board_width as usize,
        band as usize,
        Ink::Text,
    );
    let fitted = text::fit(words, px, board_width as f32 - px);
    let centre = (
        layout.left as f32 + board_width as f32 / 2.0,
        top as f32 + band as f32 / 2.0,
    );
    text::draw(canvas, &fitted, px, centre, Align::Centre, Ink::WhitePiece);
}
