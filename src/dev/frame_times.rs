//! `--report-frame-times`: the main thread's time per frame, printed at exit.

use std::time::Duration;
use web_time::Instant;

use bevy::prelude::*;

use crate::play::TurnState;

/// Whether to print the report at exit.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReportFrameTimes(pub bool);

/// Measures every frame.
pub struct FrameTimesPlugin;

impl Plugin for FrameTimesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ReportFrameTimes>()
            .init_resource::<FrameTimes>()
            .add_systems(First, start_frame_clock)
            .add_systems(
                Last,
                (stop_frame_clock, report_on_exit)
                    .chain()
                    .after(super::screenshot::ExitRequests),
            );
    }
}

/// Main-thread time per frame (from the first to the last schedule of the main world).
#[derive(Resource, Debug, Default)]
pub struct FrameTimes {
    started: Option<Instant>,
    /// Longest frame so far (the first 30 frames, spent loading, are left out).
    pub longest: Duration,
    /// Longest frame while the computer was thinking.
    pub longest_while_thinking: Duration,
    /// Every measured frame, for the median and the 95th percentile.
    all: Vec<Duration>,
    frames: u64,
}

impl FrameTimes {
    /// The frame time that `share` (0–1) of the measured frames do not exceed.
    pub fn percentile(&self, share: f64) -> Duration {
        let mut sorted = self.all.clone();
        sorted.sort_unstable();
        let Some(last) = sorted.len().checked_sub(1) else {
            return Duration::ZERO;
        };
        sorted[((last as f64 * share).round() as usize).min(last)]
    }
}

fn start_frame_clock(mut times: ResMut<FrameTimes>) {
    times.started = Some(Instant::now());
}

fn stop_frame_clock(mut times: ResMut<FrameTimes>, turn: Option<Res<State<TurnState>>>) {
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
    if turn.is_some_and(|t| *t.get() == TurnState::AiThinking) {
        times.longest_while_thinking = times.longest_while_thinking.max(took);
    }
}

fn report_on_exit(
    report: Res<ReportFrameTimes>,
    times: Res<FrameTimes>,
    exits: MessageReader<AppExit>,
) {
    if report.0 && !exits.is_empty() {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
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

#[cfg(test)]
mod tests {
    use super::*;

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
