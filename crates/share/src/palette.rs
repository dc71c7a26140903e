//! The pictures' one fixed palette: a handful of base colours ([`Ink`]), every pair of them
//! blended at a quarter, a half and three quarters (the anti-aliased edges of discs and
//! letters), and one index left transparent for the GIF's frames after the first. The same
//! palette serves every picture, so a GIF holds it once and a PNG is indexed with it.

use std::sync::OnceLock;

/// The base colours, each an index into the palette (its own value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ink {
    /// The header's and the rim's background.
    Paper = 0,
    /// Names, the move, the result; the White pieces' outline; the result's band.
    Text,
    /// The light squares.
    Light,
    /// The dark squares.
    Dark,
    /// A light square of the last move.
    LightLast,
    /// A dark square of the last move.
    DarkLast,
    /// The Black pieces.
    BlackPiece,
    /// The White pieces; the result's words on their band.
    WhitePiece,
    /// The ring on a marked piece (LOA for four, Ambidextrous).
    Mark,
    /// The bar under the name of the side to move.
    Accent,
    /// The coordinates.
    Faint,
}

/// How many base colours there are.
const INKS: usize = 11;

/// The base colours in [`Ink`]'s order. Squares and last-move tints are lichess's board
/// colours; the pieces are near-black and near-white discs, far apart from every square tone.
const BASE: [[u8; 3]; INKS] = [
    [0xf4, 0xf1, 0xea], // Paper
    [0x22, 0x22, 0x22], // Text
    [0xf0, 0xd9, 0xb5], // Light
    [0xb5, 0x88, 0x63], // Dark
    [0xcd, 0xd2, 0x6a], // LightLast
    [0xaa, 0xa2, 0x3a], // DarkLast
    [0x14, 0x14, 0x14], // BlackPiece
    [0xfa, 0xfa, 0xfa], // WhitePiece
    [0xd2, 0x3c, 0x3c], // Mark
    [0x2f, 0x6f, 0xd6], // Accent
    [0x6b, 0x62, 0x58], // Faint
];

/// Coverage is counted in quarters: 0 leaves the pixel, 4 paints it with the ink.
pub(crate) const FULL: u8 = 4;

/// The blend steps between two base colours: 1/4, 2/4, 3/4.
const STEPS: usize = FULL as usize - 1;

/// The palette: its colours, the transparent index, and for every colour, ink and coverage the
/// colour nearest their blend.
pub(crate) struct Palette {
    colours: Vec<[u8; 3]>,
    transparent: u8,
    blends: Vec<u8>,
}

impl Palette {
    /// The palette every picture uses, made once.
    pub(crate) fn get() -> &'static Palette {
        static PALETTE: OnceLock<Palette> = OnceLock::new();
        PALETTE.get_or_init(Palette::make)
    }

    /// The base colours, every pair's blends, then the transparent index; then the table of
    /// blends onto every colour.
    fn make() -> Palette {
        let mut colours: Vec<[u8; 3]> = BASE.to_vec();
        for (a, &under) in BASE.iter().enumerate() {
            for &over in &BASE[a + 1..] {
                for step in 1..=STEPS {
                    colours.push(mix(under, over, step as u32));
                }
            }
        }
        let drawn = colours.len();
        colours.push(BASE[Ink::Paper as usize]);
        let mut blends = Vec::with_capacity(drawn * INKS * STEPS);
        for &under in &colours[..drawn] {
            for ink in BASE {
                for step in 1..=STEPS {
                    blends.push(nearest(&colours[..drawn], mix(under, ink, step as u32)));
                }
            }
        }
        Palette {
            transparent: drawn as u8,
            colours,
            blends,
        }
    }

    /// The index of `ink` over the colour `under` covering `coverage` quarters of the pixel.
    pub(crate) fn blend(&self, under: u8, ink: Ink, coverage: u8) -> u8 {
        match coverage {
            0 => under,
            c if c >= FULL => ink as u8,
            c => {
                let at = (usize::from(under) * INKS + ink as usize) * STEPS + usize::from(c) - 1;
                self.blends.get(at).copied().unwrap_or(ink as u8)
            }
        }
    }

    /// The index no drawing uses: the unchanged pixels of a GIF frame.
    pub(crate) fn transparent(&self) -> u8 {
        self.transparent
    }

    /// The colours as `r, g, b, r, g, b, …`, as GIF and PNG write them.
    pub(crate) fn rgb(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    /// How many colours (the transparent index included).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.colours.len()
    }
}

/// The colour of an ink, for the tests and callers that look at the pictures.
pub(crate) const fn colour(ink: Ink) -> [u8; 3] {
    BASE[ink as usize]
}

/// `b` over `a` at `quarters` quarters.
fn mix(a: [u8; 3], b: [u8; 3], quarters: u32) -> [u8; 3] {
    let full = u32::from(FULL);
    let channel = |i: usize| {
        let value =
            (u32::from(a[i]) * (full - quarters) + u32::from(b[i]) * quarters + full / 2) / full;
        value as u8
    };
    [channel(0), channel(1), channel(2)]
}

/// The index of the colour in `colours` nearest `target` (squared distance in RGB).
fn nearest(colours: &[[u8; 3]], target: [u8; 3]) -> u8 {
    let distance = |c: &[u8; 3]| -> i32 {
        (0..3)
            .map(|i| (i32::from(c[i]) - i32::from(target[i])).pow(2))
            .sum()
    };
    colours
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| distance(c))
        .map_or(0, |(i, _)| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_fits_a_gif_and_blends_exactly_between_base_colours() {
        let palette = Palette::get();
        assert!(palette.len() <= 256, "{} colours", palette.len());
        assert_eq!(usize::from(palette.transparent()), palette.len() - 1);
        let half = palette.blend(Ink::Light as u8, Ink::BlackPiece, 2);
        let rgb = palette.colours[usize::from(half)];
        assert_eq!(rgb, mix(colour(Ink::Light), colour(Ink::BlackPiece), 2));
        assert_eq!(palette.blend(7, Ink::Text, 0), 7);
        assert_eq!(palette.blend(7, Ink::Text, FULL), Ink::Text as u8);
    }
}
