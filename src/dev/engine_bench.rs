//! `--engine-bench SECONDS` (`?engine-bench=1` in the page): the engine's speed where the game
//! runs it. The Lines of Action start is searched for that long through the engine-job
//! service, as the analysis board's lines are (a thread on the desktop, the Web Worker in the
//! page), and the depth, nodes and nodes per second are logged as one line that
//! `scripts/engine-bench-web.py` reads from both. The desktop game exits after it.

use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::any_game::GameConfig;
use gamut_engine::search::Limits;

use crate::engine_jobs::{
    EngineJobsSystems, JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Report,
};

/// The bench asked for, and its job once started.
#[derive(Resource, Default)]
pub struct EngineBench {
    seconds: Option<f64>,
    ticket: Option<JobTicket>,
}

impl EngineBench {
    /// The bench of `--engine-bench` (none without it).
    pub fn new(seconds: Option<f64>) -> EngineBench {
        EngineBench {
            seconds: seconds.filter(|s| s.is_finite() && *s > 0.0),
            ticket: None,
        }
    }
}

/// Starts the bench and logs its result.
pub struct EngineBenchPlugin;

impl Plugin for EngineBenchPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EngineBench>().add_systems(
            Update,
            (start, finish.after(EngineJobsSystems))
                .chain()
                .run_if(|bench: Res<EngineBench>| bench.seconds.is_some()),
        );
    }
}

/// Submits the search, once.
fn start(mut bench: ResMut<EngineBench>, mut jobs: Jobs) {
    let Some(seconds) = bench.seconds.filter(|_| bench.ticket.is_none()) else {
        return;
    };
    let request = JobRequest::Lines {
        position: GameConfig::default().start(),
        limits: Limits {
            time: Some(Duration::from_secs_f64(seconds)),
            ..Limits::default()
        },
        count: 1,
    };
    info!("engine bench: searching the Lines of Action start for {seconds} s");
    bench.ticket = Some(jobs.submit(JobOwner::Test(200), request));
}

/// Logs the search's last iteration and ends the bench (and the desktop game).
fn finish(
    mut bench: ResMut<EngineBench>,
    mut reports: MessageReader<JobReport>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(ticket) = &bench.ticket else {
        return;
    };
    let Some(result) = reports
        .read()
        .filter(|r| ticket.owns(r))
        .find_map(|r| match &r.report {
            Report::Done(result) => Some(result.clone()),
            Report::Progress(_) => None,
        })
    else {
        return;
    };
    match result {
        JobResult::Lines(Some(info)) => info!(
            "engine bench: depth {} nodes {} ms {} nps {}",
            info.depth,
            info.nodes,
            info.time.as_millis(),
            info.nps()
        ),
        other => error!("engine bench: the search gave no lines ({other:?})"),
    }
    bench.seconds = None;
    bench.ticket = None;
    if !cfg!(target_arch = "wasm32") {
        exit.write(AppExit::Success);
    }
}
