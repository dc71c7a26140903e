//! A picture as palette indices, and the few shapes drawn on it: rectangles, and discs whose
//! edges blend with what is under them (the palette's quarter steps).

use crate::palette::{FULL, Ink, Palette};

/// A picture of `width` × `height` palette indices, row by row from the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Canvas {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) pixels: Vec<u8>,
}

impl Canvas {
    /// A picture filled with `ink`.
    pub(crate) fn new(width: usize, height: usize, ink: Ink) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![ink as u8; width * height],
        }
    }

    /// Paints the rectangle at `x`, `y` of `w` × `h` (cut to the picture).
    pub(crate) fn fill(&mut self, x: usize, y: usize, w: usize, h: usize, ink: Ink) {
        let right = (x + w).min(self.width);
        for row in y..(y + h).min(self.height) {
            let start = row * self.width;
            if x < right {
                self.pixels[start + x..start + right].fill(ink as u8);
            }
        }
    }

    /// Lays `ink` over the pixel at `x`, `y` covering `coverage` (0 to 1) of it; pixels outside
    /// the picture are left.
    pub(crate) fn cover(&mut self, x: i64, y: i64, coverage: f32, ink: Ink) {
        let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
            return;
        };
        if x >= self.width || y >= self.height {
            return;
        }
        let quarters = (coverage.clamp(0.0, 1.0) * f32::from(FULL)).round() as u8;
        let at = y * self.width + x;
        self.pixels[at] = Palette::get().blend(self.pixels[at], ink, quarters);
    }

    /// A disc of `ink` centred at `cx`, `cy` (pixel coordinates, a pixel's centre at +0.5) of
    /// radius `r`, its edge anti-aliased.
    pub(crate) fn disc(&mut self, cx: f32, cy: f32, r: f32, ink: Ink) {
        if r <= 0.0 {
            return;
        }
        let top = (cy - r - 1.0).floor().max(0.0) as i64;
        let bottom = (cy + r + 1.0).ceil() as i64;
        let left = (cx - r - 1.0).floor().max(0.0) as i64;
        let right = (cx + r + 1.0).ceil() as i64;
        for y in top..=bottom {
            for x in left..=right {
                let dx = x as f32 + 0.5 - cx;
                let dy = y as f32 + 0.5 - cy;
                let coverage = r - (dx * dx + dy * dy).sqrt() + 0.5;
                if coverage > 0.0 {
                    self.cover(x, y, coverage, ink);
                }
            }
        }
    }

    /// The index at `x`, `y`, if inside.
    #[cfg(test)]
    pub(crate) fn at(&self, x: usize, y: usize) -> Option<u8> {
        (x < self.width && y < self.height).then(|| self.pixels[y * self.width + x])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disc_is_solid_inside_and_leaves_the_outside() {
        let mut canvas = Canvas::new(20, 20, Ink::Light);
        canvas.disc(10.3, 10.0, 6.2, Ink::BlackPiece);
        assert_eq!(canvas.at(10, 10), Some(Ink::BlackPiece as u8));
        assert_eq!(canvas.at(1, 1), Some(Ink::Light as u8));
        assert_eq!(canvas.at(10, 19), Some(Ink::Light as u8));
        // The edge holds blends, neither of the two.
        let edge: Vec<u8> = (0..20).filter_map(|x| canvas.at(x, 10)).collect();
        assert!(edge.iter().any(|&i| i > 10), "{edge:?}");
    }

    #[test]
    fn rectangles_are_cut_to_the_picture() {
        let mut canvas = Canvas::new(4, 3, Ink::Paper);
        canvas.fill(2, 1, 10, 10, Ink::Dark);
        assert_eq!(canvas.at(3, 2), Some(Ink::Dark as u8));
        assert_eq!(canvas.at(1, 2), Some(Ink::Paper as u8));
        canvas.disc(-50.0, -50.0, 3.0, Ink::Text);
        canvas.fill(9, 9, 1, 1, Ink::Text);
    }
}
