//! Procedural textures (no image files): wood grain and marble veins, made once at start-up as
//! near-white images that each material tints with its own colour.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// The generated textures.
#[derive(Resource, Clone)]
pub(super) struct Textures {
    pub wood: Handle<Image>,
    pub marble: Handle<Image>,
    pub cloth: Handle<Image>,
}

const SIZE: u32 = 256;

pub(super) fn make_textures(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(Textures {
        wood: images.add(image(wood)),
        marble: images.add(image(marble)),
        cloth: images.add(image(cloth)),
    });
}

/// An RGBA image of `shade(u, v)` (0–1 brightness) that repeats.
fn image(shade: fn(f32, f32) -> f32) -> Image {
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let v = (shade(x as f32 / SIZE as f32, y as f32 / SIZE as f32).clamp(0.0, 1.0) * 255.0)
                as u8;
            data.extend_from_slice(&[v, v, v, 255]);
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// A repeatable hash of a lattice point, 0–1.
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x27d4_eb2d)
        ^ (y as u32).wrapping_mul(0x1656_67b1)
        ^ seed.wrapping_mul(0x9e37_79b9);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    (h & 0xffff) as f32 / 65535.0
}

/// Smooth value noise that tiles with period `period` lattice cells.
fn noise(u: f32, v: f32, period: i32, seed: u32) -> f32 {
    let (x, y) = (u * period as f32, v * period as f32);
    let (x0, y0) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let at = |dx: i32, dy: i32| {
        hash(
            (x0 + dx).rem_euclid(period),
            (y0 + dy).rem_euclid(period),
            seed,
        )
    };
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * sx;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * sx;
    top + (bottom - top) * sy
}

/// Layered noise, 0–1.
fn fractal(u: f32, v: f32, base: i32, seed: u32) -> f32 {
    let (mut sum, mut weight, mut total) = (0.0, 1.0, 0.0);
    for octave in 0..4 {
        sum += noise(u, v, base << octave, seed + octave as u32) * weight;
        total += weight;
        weight *= 0.5;
    }
    sum / total
}

/// Long grain along `v`, with growth rings bent by noise.
fn wood(u: f32, v: f32) -> f32 {
    let bend = fractal(u, v, 4, 11) * 2.2 + fractal(u, v, 2, 13) * 1.5;
    let rings = ((u * 18.0 + bend) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    let fibres = noise(u, v * 0.05, 64, 5);
    0.78 + 0.12 * rings.powf(3.0) - 0.07 * fibres + 0.05 * fractal(u, v, 8, 3)
}

/// Soft clouds crossed by thin dark veins.
fn marble(u: f32, v: f32) -> f32 {
    let turbulence = fractal(u, v, 4, 21) * 5.0;
    let vein = ((u + v) * 3.0 * std::f32::consts::TAU + turbulence)
        .sin()
        .abs();
    let darkening = 0.06 / (vein + 0.06);
    0.9 + 0.08 * fractal(u, v, 8, 7) - 0.3 * darkening
}

/// A fine woven cloth for the table.
fn cloth(u: f32, v: f32) -> f32 {
    let weave = ((u * 128.0 * std::f32::consts::TAU).sin()
        * (v * 128.0 * std::f32::consts::TAU).sin())
        * 0.5
        + 0.5;
    0.82 + 0.06 * weave + 0.1 * fractal(u, v, 16, 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textures_stay_in_range_and_vary() {
        for shade in [wood, marble, cloth] {
            let samples: Vec<f32> = (0..400)
                .map(|i| shade((i % 20) as f32 / 20.0, (i / 20) as f32 / 20.0))
                .collect();
            assert!(samples.iter().all(|s| (0.0..=1.0).contains(s)));
            let (lo, hi) = samples
                .iter()
                .fold((1.0f32, 0.0f32), |(lo, hi), s| (lo.min(*s), hi.max(*s)));
            assert!(hi - lo > 0.05, "a texture with no pattern: {lo}..{hi}");
        }
    }

    #[test]
    fn noise_tiles_seamlessly() {
        for i in 0..10 {
            let v = i as f32 / 10.0;
            assert!((noise(0.0, v, 8, 1) - noise(1.0, v, 8, 1)).abs() < 1e-4);
        }
    }
}
