//! The pictures written as files: a GIF of many pictures, each after the first only the
//! rectangle that changed with its unchanged pixels transparent (long runs of one index, which
//! LZW packs to little), and a PNG of one, indexed with the same palette.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};

use crate::canvas::Canvas;
use crate::palette::Palette;
use crate::{Layout, ShareError};

/// The GIF of `pictures` (each with how long it stays, in hundredths of a second), looping.
pub(crate) fn gif(
    layout: &Layout,
    pictures: impl Iterator<Item = (Canvas, u16)>,
) -> Result<Vec<u8>, ShareError> {
    let palette = Palette::get();
    let (width, height) = (dimension(layout.width)?, dimension(layout.height)?);
    let mut encoder = Encoder::new(Vec::new(), width, height, &palette.rgb()).map_err(failed)?;
    encoder.set_repeat(Repeat::Infinite).map_err(failed)?;
    let mut previous: Option<Canvas> = None;
    for (picture, delay) in pictures {
        let frame = match &previous {
            None => whole(&picture, delay),
            Some(before) => changes(before, &picture, delay, palette.transparent()),
        };
        encoder.write_frame(&frame).map_err(failed)?;
        previous = Some(picture);
    }
    encoder.into_inner().map_err(failed)
}

/// The first frame: the whole picture.
fn whole(picture: &Canvas, delay: u16) -> Frame<'_> {
    Frame {
        delay,
        dispose: DisposalMethod::Keep,
        width: picture.width as u16,
        height: picture.height as u16,
        buffer: Cow::Borrowed(&picture.pixels),
        ..Frame::default()
    }
}

/// A later frame: the smallest rectangle holding every changed pixel, the others in it
/// transparent (one transparent pixel when nothing changed).
fn changes(before: &Canvas, after: &Canvas, delay: u16, transparent: u8) -> Frame<'static> {
    let (left, top, right, bottom) = changed(before, after).unwrap_or((0, 0, 1, 1));
    let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
    for y in top..bottom {
        let row = y * after.width;
        for x in left..right {
            let (old, new) = (before.pixels[row + x], after.pixels[row + x]);
            buffer.push(if old == new { transparent } else { new });
        }
    }
    Frame {
        delay,
        dispose: DisposalMethod::Keep,
        transparent: Some(transparent),
        left: left as u16,
        top: top as u16,
        width: (right - left) as u16,
        height: (bottom - top) as u16,
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}

/// The bounds (left, top, right, bottom; the last two past the end) of the pixels that differ
/// between two pictures of one size; `None` when none does.
fn changed(before: &Canvas, after: &Canvas) -> Option<(usize, usize, usize, usize)> {
    let width = after.width.max(1);
    let differs = |i: &usize| before.pixels.get(*i) != after.pixels.get(*i);
    let first = (0..after.pixels.len()).find(differs)?;
    let last = (0..after.pixels.len()).rev().find(differs)?;
    let (top, bottom) = (first / width, last / width + 1);
    let rows = top..bottom;
    let column_differs = |x: usize| rows.clone().any(|y| differs(&(y * width + x)));
    let left = (0..width).find(|&x| column_differs(x))?;
    let right = (0..width).rev().find(|&x| column_differs(x))? + 1;
    Some((left, top, right, bottom))
}

/// The PNG of one picture: 8-bit indices and the palette.
pub(crate) fn png(picture: &Canvas) -> Result<Vec<u8>, ShareError> {
    let mut bytes = Vec::new();
    {
        let mut encoder =
            png::Encoder::new(&mut bytes, picture.width as u32, picture.height as u32);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(Palette::get().rgb());
        encoder.set_compression(png::Compression::High);
        let mut writer = encoder.write_header().map_err(failed)?;
        writer.write_image_data(&picture.pixels).map_err(failed)?;
        writer.finish().map_err(failed)?;
    }
    Ok(bytes)
}

/// A picture's side as GIF writes it (16 bits).
fn dimension(pixels: u32) -> Result<u16, ShareError> {
    u16::try_from(pixels).map_err(|_| ShareError::Encode(format!("{pixels} pixels is too wide")))
}

/// An encoder's error, in words.
fn failed(e: impl std::fmt::Display) -> ShareError {
    ShareError::Encode(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::Ink;

    #[test]
    fn the_changed_rectangle_holds_every_change_and_no_more() {
        let before = Canvas::new(10, 8, Ink::Paper);
        let mut after = before.clone();
        assert_eq!(changed(&before, &after), None);
        after.fill(2, 3, 1, 1, Ink::Text);
        after.fill(6, 1, 2, 1, Ink::Text);
        assert_eq!(changed(&before, &after), Some((2, 1, 8, 4)));
        let frame = changes(&before, &after, 100, 200);
        assert_eq!(
            (frame.left, frame.top, frame.width, frame.height),
            (2, 1, 6, 3)
        );
        assert_eq!(frame.buffer.iter().filter(|&&i| i != 200).count(), 3);
    }
}
