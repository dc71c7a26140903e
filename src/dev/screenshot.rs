//! `--screenshot PATH`: capture the window once the board is actually drawn, save it, and exit;
//! `--exit-after-frames N` alone exits after N frames. The first capture is taken at frame N (60
//! by default); while the board is not yet on screen (the renderer still compiling its
//! pipelines on a slow or busy machine) the capture is taken again, until a time limit, after
//! which the program exits with a clear error. Tests and CI use it to see what a player sees.

use std::path::PathBuf;
use std::time::Duration;
use web_time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::board::geometry::square_center;
use crate::model::CurrentGame;

/// Frames between two captures while the board is not drawn yet.
const RETRY_FRAMES: u32 = 10;

/// What to capture and when to stop.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotPlan {
    /// Where to save the PNG, if anywhere.
    pub path: Option<PathBuf>,
    /// The frame at which to capture (or exit, without a path).
    pub exit_after_frames: Option<u32>,
    /// How long to wait for the board to be drawn before giving up.
    pub time_limit: Duration,
    frames: u32,
    started: Option<Instant>,
    next_capture: u32,
    in_flight: bool,
}

impl Default for ScreenshotPlan {
    fn default() -> ScreenshotPlan {
        ScreenshotPlan::new(None, None, Duration::from_secs(600))
    }
}

impl ScreenshotPlan {
    /// A plan from the command line.
    pub fn new(
        path: Option<PathBuf>,
        exit_after_frames: Option<u32>,
        time_limit: Duration,
    ) -> ScreenshotPlan {
        let exit_after_frames = exit_after_frames.or(path.as_ref().map(|_| 60));
        ScreenshotPlan {
            next_capture: exit_after_frames.unwrap_or(0),
            exit_after_frames,
            path,
            time_limit,
            frames: 0,
            started: None,
            in_flight: false,
        }
    }
}

/// Counts frames, captures and exits as planned.
pub struct ScreenshotPlugin;

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ScreenshotPlan>()
            .add_message::<CaptureChecked>()
            .add_systems(Update, counted_frames_at_full_speed)
            .add_systems(
                Last,
                (count_frames, after_capture).chain().in_set(ExitRequests),
            );
    }
}

/// The systems that end the run after its frames or its screenshot: whatever reports at exit
/// runs after them, in the same frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ExitRequests;

/// The verdict on one capture.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
enum CaptureChecked {
    /// The board is on it: saved.
    Saved,
    /// Not yet drawn: try again.
    NotReady(String),
    /// It cannot be saved.
    Failed(String),
}

/// A run that ends after a number of frames (the window test, frame times) draws them at full
/// speed: the resting game would spread them over minutes.
fn counted_frames_at_full_speed(
    plan: Res<ScreenshotPlan>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
) {
    if plan.exit_after_frames.is_some() {
        next_frame.now();
    }
}

fn count_frames(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    game: Res<CurrentGame>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    window: Query<&Window>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(limit) = plan.exit_after_frames else {
        return;
    };
    plan.frames += 1;
    let started = *plan.started.get_or_insert_with(Instant::now);
    let Some(path) = plan.path.clone() else {
        if plan.frames >= limit {
            exit.write(AppExit::Success);
        }
        return;
    };
    if started.elapsed() > plan.time_limit {
        error!(
            "the board was not drawn within {} s: no screenshot saved to {}",
            plan.time_limit.as_secs(),
            path.display()
        );
        exit.write(AppExit::error());
        return;
    }
    if plan.in_flight || plan.frames < plan.next_capture {
        return;
    }
    let Some(area) = board_area(&game, &camera, &window) else {
        plan.next_capture = plan.frames + RETRY_FRAMES;
        return;
    };
    plan.in_flight = true;
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut checked: MessageWriter<CaptureChecked>| {
            checked.write(check_and_save(&captured.image, &path, area));
        },
    );
}

fn after_capture(
    mut plan: ResMut<ScreenshotPlan>,
    mut checked: MessageReader<CaptureChecked>,
    mut exit: MessageWriter<AppExit>,
) {
    for verdict in checked.read() {
        plan.in_flight = false;
        match verdict {
            CaptureChecked::Saved => {
                exit.write(AppExit::Success);
            }
            CaptureChecked::NotReady(why) => {
                info!("screenshot at frame {}: {why}; trying again", plan.frames);
                plan.next_capture = plan.frames + RETRY_FRAMES;
            }
            CaptureChecked::Failed(why) => {
                error!("{why}");
                exit.write(AppExit::error());
            }
        }
    }
}

/// A rectangle of the image, in physical pixels: `(x0, y0, x1, y1)`.
type Area = (u32, u32, u32, u32);

/// Where the board's squares are on screen, from the corner squares' centres.
fn board_area(
    game: &CurrentGame,
    camera: &Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    window: &Query<&Window>,
) -> Option<Area> {
    let (camera, transform) = camera.single().ok()?;
    let scale = window.iter().next().map_or(1.0, Window::scale_factor);
    let (lo, hi) = game.bounds();
    let corners = [
        lo,
        hi,
        crate::model::Cell::new(lo.file, hi.rank),
        crate::model::Cell::new(hi.file, lo.rank),
    ];
    let mut min = Vec2::splat(f32::MAX);
    let mut max = Vec2::splat(f32::MIN);
    for c in corners {
        let at = camera
            .world_to_viewport(transform, square_center(c, game.bounds()))
            .ok()?;
        min = min.min(at);
        max = max.max(at);
    }
    let px = |v: f32| (v * scale).max(0.0) as u32;
    Some((px(min.x), px(min.y), px(max.x), px(max.y)))
}

/// Saves the capture if the board is on it: pixels of both piece colours within the board's
/// area. A capture before the board is drawn is "not ready"; a failed save is an error.
fn check_and_save(image: &Image, path: &std::path::Path, area: Area) -> CaptureChecked {
    let rgb = match image.clone().try_into_dynamic() {
        Ok(dynamic) => dynamic.to_rgb8(),
        Err(e) => return CaptureChecked::Failed(format!("cannot read the screenshot: {e}")),
    };
    let counts = piece_pixels(rgb.as_raw(), rgb.width(), area);
    if !looks_drawn(counts, area) {
        return CaptureChecked::NotReady(format!(
            "the board is not drawn yet ({} dark and {} light piece pixels in its area)",
            counts[0], counts[1]
        ));
    }
    if let Err(e) = rgb.save(path) {
        return CaptureChecked::Failed(format!(
            "cannot save the screenshot to {}: {e}",
            path.display()
        ));
    }
    info!(
        "screenshot saved to {} ({}x{}; board area has {} dark and {} light piece pixels)",
        path.display(),
        rgb.width(),
        rgb.height(),
        counts[0],
        counts[1]
    );
    CaptureChecked::Saved
}

/// Fewest pixels of each piece colour for the board to count as drawn.
const MIN_PIECE_PIXELS: usize = 150;

/// Whether the board looks drawn: pixels of both piece colours, and the area not almost all of
/// one of them (a blank dark or light screen with only the rim's labels drawn).
fn looks_drawn(counts: [usize; 2], area: Area) -> bool {
    let (x0, y0, x1, y1) = area;
    let total = (x1.saturating_sub(x0) as usize) * (y1.saturating_sub(y0) as usize);
    let most = total * 4 / 5;
    counts.iter().all(|&n| n >= MIN_PIECE_PIXELS && n <= most)
}

/// Pixels in `area` that look like a black piece (dark grey) and like a white one (light, nearly
/// grey): the wood of the board is neither, being brown.
/// `pixels` holds RGB rows of `width` pixels.
pub fn piece_pixels(pixels: &[u8], width: u32, area: Area) -> [usize; 2] {
    let (x0, y0, x1, y1) = area;
    let height = (pixels.len() / 3) as u32 / width.max(1);
    let mut counts = [0, 0];
    for y in y0..y1.min(height) {
        for x in x0..x1.min(width) {
            let i = 3 * (y * width + x) as usize;
            let (r, g, b) = (pixels[i], pixels[i + 1], pixels[i + 2]);
            let (lo, hi) = (r.min(g).min(b), r.max(g).max(b));
            if hi - lo > 40 {
                continue;
            }
            if hi < 60 && hi - lo < 15 {
                counts[0] += 1;
            } else if lo > 175 {
                counts[1] += 1;
            }
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_board_area_is_not_ready_and_pieces_of_both_colours_are() {
        let width = 200;
        let mut pixels: Vec<u8> = [200, 150, 90].repeat(200 * 100);
        assert_eq!(piece_pixels(&pixels, width, (0, 0, 200, 100)), [0, 0]);
        let mut put = |x: usize, y: usize, rgb: [u8; 3]| {
            let i = 3 * (y * 200 + x);
            pixels[i..i + 3].copy_from_slice(&rgb);
        };
        for y in 10..30 {
            for x in 10..30 {
                put(x, y, [22, 22, 25]);
                put(x + 50, y, [240, 233, 214]);
            }
        }
        assert_eq!(piece_pixels(&pixels, width, (0, 0, 200, 100)), [400, 400]);
        assert!(looks_drawn([400, 400], (0, 0, 200, 100)));
        assert!(
            !looks_drawn([19_000, 400], (0, 0, 200, 100)),
            "a dark screen with light labels"
        );
        assert_eq!(
            piece_pixels(&pixels, width, (100, 0, 200, 100)),
            [0, 0],
            "outside the area"
        );
    }
}
