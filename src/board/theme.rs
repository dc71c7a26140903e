//! Themes: the colours, surfaces and light of the table, board and pieces for each
//! [`Theme`], applied to the shared materials and lights whenever the player picks another.

use bevy::light::GlobalAmbientLight;
use bevy::prelude::*;

use super::assets::{BoardAssets, FillLight, KeyLight};
use super::textures::Textures;
use crate::model::{Presentation, Theme};

/// Which generated texture a surface uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grain {
    None,
    Wood,
    Marble,
    Cloth,
}

/// How one kind of surface looks.
#[derive(Debug, Clone, Copy)]
struct Surface {
    color: Color,
    roughness: f32,
    reflectance: f32,
    clearcoat: f32,
    grain: Grain,
    /// How many times the texture repeats across the surface.
    repeat: f32,
}

const fn surface(color: Color, roughness: f32, grain: Grain) -> Surface {
    Surface {
        color,
        roughness,
        reflectance: 0.4,
        clearcoat: 0.0,
        grain,
        repeat: 1.0,
    }
}

/// Everything a theme decides.
#[derive(Debug, Clone, Copy)]
pub(super) struct Palette {
    light_square: Surface,
    dark_square: Surface,
    frame: Surface,
    table: Surface,
    black: Surface,
    white: Surface,
    /// The room behind the table.
    background: Color,
    /// Light from every direction: colour and brightness.
    ambient: (Color, f32),
    /// The lamp over the table (lux of the directional key light).
    sun: f32,
    /// The warm fill light's intensity.
    fill: f32,
    /// The room fades into the background from this distance to that one, in multiples of the
    /// camera's distance to the board's centre (so a large board, Boundless's or Epaminondas',
    /// is as clear as a small one, and the far table still fades).
    fog: Option<(f32, f32)>,
    /// Black's pieces carry a white dot, so the sides differ by more than colour.
    marked_black: bool,
    /// Colours of the move and capture targets.
    pub target: Color,
    pub capture: Color,
    /// Colour of the rim's coordinates.
    pub label: Color,
}

/// The palette of a theme.
pub(super) fn palette(theme: Theme) -> Palette {
    match theme {
        Theme::Wood => Palette {
            light_square: surface(Color::srgb(0.93, 0.78, 0.55), 0.55, Grain::Wood),
            dark_square: surface(Color::srgb(0.60, 0.38, 0.21), 0.5, Grain::Wood),
            // Little clearcoat: the lamp's glare washed the rim's coordinates out.
            frame: Surface {
                clearcoat: 0.15,
                ..surface(Color::srgb(0.33, 0.17, 0.08), 0.55, Grain::Wood)
            },
            table: Surface {
                repeat: 10.0,
                ..surface(Color::srgb(0.26, 0.16, 0.09), 0.6, Grain::Wood)
            },
            // Matt: a glossier top (even a satin clearcoat) caught the lamp and read as white,
            // from afar and on a board turned towards the lamp (Epaminondas).
            black: surface(Color::srgb(0.06, 0.05, 0.05), 0.75, Grain::None),
            white: Surface {
                clearcoat: 0.6,
                ..surface(Color::srgb(0.96, 0.92, 0.82), 0.35, Grain::None)
            },
            background: Color::srgb(0.05, 0.04, 0.035),
            ambient: (Color::srgb(1.0, 0.9, 0.78), 260.0),
            sun: 8_000.0,
            fill: 2_000_000.0,
            fog: Some((0.85, 2.0)),
            marked_black: false,
            target: Color::srgba(0.25, 0.85, 0.35, 0.85),
            capture: Color::srgba(0.95, 0.25, 0.2, 0.85),
            label: Color::srgb(0.98, 0.88, 0.66),
        },
        Theme::Stone => Palette {
            light_square: Surface {
                reflectance: 0.6,
                ..surface(Color::srgb(0.93, 0.92, 0.89), 0.2, Grain::Marble)
            },
            dark_square: Surface {
                reflectance: 0.6,
                ..surface(Color::srgb(0.45, 0.50, 0.53), 0.2, Grain::Marble)
            },
            frame: surface(Color::srgb(0.25, 0.26, 0.28), 0.3, Grain::Marble),
            table: Surface {
                repeat: 18.0,
                ..surface(Color::srgb(0.16, 0.20, 0.26), 0.9, Grain::Cloth)
            },
            black: Surface {
                reflectance: 0.3,
                ..surface(Color::srgb(0.10, 0.11, 0.13), 0.7, Grain::None)
            },
            white: Surface {
                reflectance: 0.6,
                ..surface(Color::srgb(0.97, 0.96, 0.93), 0.2, Grain::Marble)
            },
            background: Color::srgb(0.03, 0.04, 0.06),
            ambient: (Color::srgb(0.85, 0.9, 1.0), 300.0),
            sun: 9_000.0,
            fill: 1_500_000.0,
            fog: Some((0.85, 2.0)),
            marked_black: false,
            target: Color::srgba(0.25, 0.85, 0.45, 0.85),
            capture: Color::srgba(0.95, 0.3, 0.2, 0.85),
            label: Color::srgb(0.88, 0.9, 0.95),
        },
        Theme::Tournament => Palette {
            light_square: surface(Color::srgb(0.93, 0.93, 0.82), 0.9, Grain::None),
            dark_square: surface(Color::srgb(0.45, 0.58, 0.35), 0.9, Grain::None),
            frame: surface(Color::srgb(0.20, 0.22, 0.25), 0.9, Grain::None),
            table: surface(Color::srgb(0.42, 0.44, 0.47), 1.0, Grain::None),
            black: surface(Color::srgb(0.04, 0.04, 0.04), 0.8, Grain::None),
            white: surface(Color::srgb(1.0, 1.0, 1.0), 0.8, Grain::None),
            background: Color::srgb(0.40, 0.42, 0.45),
            ambient: (Color::WHITE, 900.0),
            sun: 5_000.0,
            fill: 0.0,
            fog: None,
            marked_black: false,
            target: Color::srgba(0.1, 0.45, 0.95, 0.85),
            capture: Color::srgba(0.95, 0.2, 0.15, 0.85),
            label: Color::WHITE,
        },
        Theme::HighContrast => Palette {
            light_square: surface(Color::srgb(0.74, 0.74, 0.74), 0.9, Grain::None),
            dark_square: surface(Color::srgb(0.40, 0.40, 0.44), 0.9, Grain::None),
            frame: surface(Color::srgb(0.1, 0.1, 0.1), 0.9, Grain::None),
            table: surface(Color::srgb(0.02, 0.02, 0.02), 1.0, Grain::None),
            black: surface(Color::srgb(0.0, 0.0, 0.0), 0.6, Grain::None),
            white: surface(Color::srgb(1.0, 1.0, 1.0), 0.6, Grain::None),
            background: Color::BLACK,
            ambient: (Color::WHITE, 1000.0),
            sun: 4_000.0,
            fill: 0.0,
            fog: None,
            marked_black: true,
            // Blue and orange: told apart by colour-blind players (and by their sizes).
            target: Color::srgba(0.1, 0.5, 1.0, 0.9),
            capture: Color::srgba(1.0, 0.55, 0.0, 0.9),
            label: Color::srgb(1.0, 1.0, 0.3),
        },
    }
}

impl Palette {
    /// Whether Black's pieces carry the contrast dot.
    pub fn marks_black(&self) -> bool {
        self.marked_black
    }
}

/// The dot that marks Black's pieces in the high-contrast theme.
#[derive(Component)]
pub(super) struct ContrastDot;

/// Applies the chosen theme to the materials, lights, background and camera when it changes.
pub(super) fn apply_theme(
    presentation: Res<Presentation>,
    assets: Res<BoardAssets>,
    textures: Res<Textures>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut lights: ThemeLights,
    mut parts: ThemedParts,
    mut applied: Local<Option<Theme>>,
) {
    let theme = presentation.theme;
    let palette = palette(theme);
    if *applied != Some(theme) {
        *applied = Some(theme);
        paint(&assets, &textures, &palette, &mut materials);
        lights.apply(&palette);
    } else if parts.new.is_empty() {
        return;
    }
    parts.apply(&palette);
}

/// Entities that follow the theme: the contrast dots (the rim's labels take the theme's colour
/// as they are painted).
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ThemedParts<'w, 's> {
    dots: Query<'w, 's, &'static mut Visibility, With<ContrastDot>>,
    new: Query<'w, 's, (), NewPart>,
}

type NewPart = Added<ContrastDot>;

impl ThemedParts<'_, '_> {
    fn apply(&mut self, palette: &Palette) {
        let shown = if palette.marks_black() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        for mut visibility in &mut self.dots {
            visibility.set_if_neq(shown);
        }
    }
}

fn paint(
    assets: &BoardAssets,
    textures: &Textures,
    palette: &Palette,
    materials: &mut Assets<StandardMaterial>,
) {
    let texture = |grain: Grain| match grain {
        Grain::None => None,
        Grain::Wood => Some(textures.wood.clone()),
        Grain::Marble => Some(textures.marble.clone()),
        Grain::Cloth => Some(textures.cloth.clone()),
    };
    let mut set = |handle: &Handle<StandardMaterial>, s: &Surface, variant: usize| {
        if let Some(mut m) = materials.get_mut(handle) {
            m.base_color = s.color;
            m.perceptual_roughness = s.roughness;
            m.reflectance = s.reflectance;
            m.clearcoat = s.clearcoat;
            m.clearcoat_perceptual_roughness = 0.2;
            m.base_color_texture = texture(s.grain);
            // Each square shows another part of the grain, turned a quarter for variety.
            let offset = Vec2::new(0.37, 0.61) * variant as f32;
            let turn = if variant % 2 == 1 {
                std::f32::consts::FRAC_PI_2
            } else {
                0.0
            };
            m.uv_transform = bevy::math::Affine2::from_scale_angle_translation(
                Vec2::splat(s.repeat * if variant > 0 { 0.35 } else { 1.0 }),
                turn,
                offset,
            );
        }
    };
    for (i, h) in assets.light_squares.iter().enumerate() {
        set(h, &palette.light_square, i + 1);
    }
    for (i, h) in assets.dark_squares.iter().enumerate() {
        set(h, &palette.dark_square, i + 1);
    }
    set(&assets.frame, &palette.frame, 0);
    set(&assets.table, &palette.table, 0);
    set(&assets.black, &palette.black, 0);
    set(&assets.white, &palette.white, 0);
    for (handle, color) in [
        (&assets.move_target, palette.target),
        (&assets.capture_target, palette.capture),
    ] {
        if let Some(mut m) = materials.get_mut(handle) {
            m.base_color = color;
            m.emissive = LinearRgba::from(color) * 0.6;
        }
    }
}

/// The lights, the background and the camera's fog.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ThemeLights<'w, 's> {
    commands: Commands<'w, 's>,
    clear: ResMut<'w, ClearColor>,
    ambient: ResMut<'w, GlobalAmbientLight>,
    key: Query<'w, 's, &'static mut DirectionalLight, With<KeyLight>>,
    fill: Query<'w, 's, &'static mut PointLight, With<FillLight>>,
    cameras: Query<'w, 's, Entity, With<Camera3d>>,
}

impl ThemeLights<'_, '_> {
    fn apply(&mut self, palette: &Palette) {
        self.clear.0 = palette.background;
        self.ambient.color = palette.ambient.0;
        self.ambient.brightness = palette.ambient.1;
        for mut light in &mut self.key {
            light.illuminance = palette.sun;
        }
        for mut light in &mut self.fill {
            light.intensity = palette.fill;
        }
        for camera in &self.cameras {
            let mut camera = self.commands.entity(camera);
            match palette.fog {
                Some((start, end)) => {
                    // The distances are set by the camera's framing (`FogScale`).
                    camera.insert((
                        DistanceFog {
                            color: palette.background,
                            falloff: FogFalloff::Linear { start, end },
                            ..default()
                        },
                        super::camera::FogScale { start, end },
                    ));
                }
                None => {
                    camera.remove::<(DistanceFog, super::camera::FogScale)>();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn luminance(c: Color) -> f32 {
        let l = c.to_linear();
        0.2126 * l.red + 0.7152 * l.green + 0.0722 * l.blue
    }

    /// The brightest glare of a surface seen at a grazing 75° (a board turned towards the lamp)
    /// against the light's own brightness: the peak of its specular lobe (Schlick's Fresnel, GGX
    /// with α = roughness², as Bevy's standard material; the clearcoat's too, roughness 0.2).
    fn grazing_glare(s: &Surface) -> f32 {
        let fresnel = |f0: f32| f0 + (1.0 - f0) * (1.0 - 75f32.to_radians().cos()).powi(5);
        let peak = |roughness: f32| {
            let alpha = roughness * roughness;
            1.0 / (std::f32::consts::PI * alpha * alpha) / 4.0
        };
        let base = fresnel(0.16 * s.reflectance * s.reflectance) * peak(s.roughness);
        let coat = s.clearcoat * fresnel(0.04) * peak(0.2);
        base + coat
    }

    /// Black's pieces never glare brighter than White's pieces look (their diffuse light): on
    /// the turned Epaminondas board, Black's stones looked white under the lamp's glare.
    #[test]
    fn blacks_pieces_do_not_glare_white_in_any_theme() {
        for theme in Theme::ALL {
            let p = palette(theme);
            let glare = grazing_glare(&p.black);
            let white = luminance(p.white.color) / std::f32::consts::PI;
            assert!(
                glare < white,
                "{theme:?}: Black's glare {glare:.2} reaches White's look {white:.2}"
            );
        }
    }

    #[test]
    fn the_sides_differ_clearly_in_every_theme() {
        for theme in Theme::ALL {
            let p = palette(theme);
            let (b, w) = (luminance(p.black.color), luminance(p.white.color));
            assert!(w > 8.0 * b.max(0.005), "{theme:?}: pieces too alike");
        }
    }

    /// Every cue's colour stands apart from both squares' colours in every theme (its shape
    /// tells it from the other cues: see `super::super::shapes`).
    #[test]
    fn every_cue_stands_out_on_both_squares_in_every_theme() {
        use super::super::assets::cue_colour;
        use super::super::shapes::Mark;
        let rgb = |c: Color| {
            let c = c.to_srgba();
            Vec3::new(c.red, c.green, c.blue)
        };
        for theme in Theme::ALL {
            let p = palette(theme);
            for mark in Mark::ALL {
                let colour = match mark {
                    Mark::Target => p.target,
                    Mark::CaptureTarget => p.capture,
                    other => cue_colour(other),
                };
                for square in [p.light_square.color, p.dark_square.color] {
                    let apart = rgb(colour).distance(rgb(square));
                    assert!(
                        apart > 0.3,
                        "{theme:?}: {mark:?} is too close to a square ({apart:.2})"
                    );
                }
            }
        }
    }

    #[test]
    fn high_contrast_marks_a_side_by_shape_and_avoids_red_green() {
        let p = palette(Theme::HighContrast);
        assert!(p.marks_black());
        let (t, c) = (p.target.to_srgba(), p.capture.to_srgba());
        // Blue against orange, not green against red.
        assert!(t.blue > t.green && t.blue > t.red);
        assert!(c.red > c.blue);
        assert!(
            Theme::ALL
                .into_iter()
                .filter(|t| *t != Theme::HighContrast)
                .all(|t| !palette(t).marks_black())
        );
    }
}
