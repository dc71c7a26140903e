//! `--screenshot PATH --exit-after-frames N`: capture the window at frame N, refuse a blank image,
//! and exit. Used by tests and CI to see what a player would see.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

/// What to capture and when to stop.
#[derive(Resource, Debug, Clone, Default)]
pub struct ScreenshotPlan {
    /// Where to save the PNG, if anywhere.
    pub path: Option<PathBuf>,
    /// The frame at which to capture (or exit, without a path).
    pub exit_after_frames: Option<u32>,
    /// Print the longest main-thread frame time (all, and while the computer thinks) at exit.
    pub report_frame_times: bool,
    frames: u32,
    requested: bool,
}

impl ScreenshotPlan {
    /// A plan from the command line.
    pub fn new(
        path: Option<PathBuf>,
        exit_after_frames: Option<u32>,
        report_frame_times: bool,
    ) -> ScreenshotPlan {
        ScreenshotPlan {
            exit_after_frames: exit_after_frames.or(path.as_ref().map(|_| 60)),
            path,
            report_frame_times,
            ..default()
        }
    }
}

/// Frames to wait for the capture to arrive before giving up.
const CAPTURE_TIMEOUT_FRAMES: u32 = 600;

/// Counts frames, captures and exits as planned.
pub struct ScreenshotPlugin;

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ScreenshotPlan>()
            .init_resource::<FrameTimes>()
            .add_systems(First, start_frame_clock)
            .add_systems(
                Last,
                (stop_frame_clock, count_frames, report_on_exit).chain(),
            );
    }
}

/// Main-thread time per frame (from the first to the last schedule of the main world).
#[derive(Resource, Debug, Default)]
pub struct FrameTimes {
    started: Option<std::time::Instant>,
    /// Longest frame so far (the first 30 frames, spent loading, are left out).
    pub longest: std::time::Duration,
    /// Longest frame while the computer was thinking.
    pub longest_while_thinking: std::time::Duration,
    /// Every measured frame, for the median and the 95th percentile.
    all: Vec<std::time::Duration>,
    frames: u64,
}

impl FrameTimes {
    /// The frame time that `share` (0–1) of the measured frames do not exceed.
    pub fn percentile(&self, share: f64) -> std::time::Duration {
        let mut sorted = self.all.clone();
        sorted.sort_unstable();
        let Some(last) = sorted.len().checked_sub(1) else {
            return std::time::Duration::ZERO;
        };
        sorted[((last as f64 * share).round() as usize).min(last)]
    }
}

fn start_frame_clock(mut times: ResMut<FrameTimes>) {
    times.started = Some(std::time::Instant::now());
}

fn stop_frame_clock(
    mut times: ResMut<FrameTimes>,
    turn: Option<Res<State<crate::logic::TurnState>>>,
) {
    let Some(started) = times.started.take() else {
        return;
    };
    times.frames += 1;
    if times.frames < 30 {
        return;
    }
    let took = started.elapsed();
    times.all.push(took);
    times.longest = times.longest.max(took);
    if turn.is_some_and(|t| *t.get() == crate::logic::TurnState::AiThinking) {
        times.longest_while_thinking = times.longest_while_thinking.max(took);
    }
}

fn report_on_exit(
    plan: Res<ScreenshotPlan>,
    times: Res<FrameTimes>,
    exits: MessageReader<AppExit>,
) {
    if plan.report_frame_times && !exits.is_empty() {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
        println!(
            "frames: {}, main-thread time per frame: median {:.1} ms, 95th percentile {:.1} ms, \
             longest {:.1} ms, longest while the computer thought: {:.1} ms",
            times.frames,
            ms(times.percentile(0.5)),
            ms(times.percentile(0.95)),
            ms(times.longest),
            ms(times.longest_while_thinking)
        );
    }
}

fn count_frames(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(limit) = plan.exit_after_frames else {
        return;
    };
    plan.frames += 1;
    match plan.path.clone() {
        None if plan.frames >= limit => {
            exit.write(AppExit::Success);
        }
        Some(path) if plan.frames >= limit && !plan.requested => {
            plan.requested = true;
            commands.spawn(Screenshot::primary_window()).observe(
                move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(save_checked(&captured.image, &path));
                },
            );
        }
        Some(path) if plan.frames >= limit + CAPTURE_TIMEOUT_FRAMES => {
            error!("no screenshot arrived for {}", path.display());
            exit.write(AppExit::error());
        }
        _ => {}
    }
}

/// Saves the capture as PNG; a blank (single-colour) image or a failed save is an error.
fn save_checked(image: &Image, path: &std::path::Path) -> AppExit {
    let rgb = match image.clone().try_into_dynamic() {
        Ok(dynamic) => dynamic.to_rgb8(),
        Err(e) => {
            error!("cannot read the screenshot: {e}");
            return AppExit::error();
        }
    };
    if let Err(e) = rgb.save(path) {
        error!("cannot save the screenshot to {}: {e}", path.display());
        return AppExit::error();
    }
    let first = rgb.pixels().next().copied();
    let distinct = rgb.pixels().filter(|p| Some(**p) != first).count();
    if distinct == 0 {
        error!("the screenshot {} is blank", path.display());
        return AppExit::error();
    }
    info!(
        "screenshot saved to {} ({}x{}, {distinct} pixels differ from the corner)",
        path.display(),
        rgb.width(),
        rgb.height()
    );
    AppExit::Success
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn percentiles_of_the_measured_frames() {
        let mut times = FrameTimes::default();
        assert_eq!(times.percentile(0.5), Duration::ZERO);
        times.all = (1..=100).rev().map(Duration::from_millis).collect();
        assert_eq!(times.percentile(0.0), Duration::from_millis(1));
        assert_eq!(times.percentile(0.5), Duration::from_millis(51));
        assert_eq!(times.percentile(0.95), Duration::from_millis(95));
        assert_eq!(times.percentile(1.0), Duration::from_millis(100));
    }
}
