//! The service through a Bevy app without a window, as the features use it: jobs asked through
//! [`Jobs`], reports read as messages.

use std::time::{Duration, Instant};

use bevy::ecs::system::RunSystemOnce;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_engine::coach::Seen;
use gamut_engine::level::Level;
use gamut_engine::search::Limits;

use super::*;

/// Every report delivered, in order.
#[derive(Resource, Default)]
struct Heard(Vec<JobReport>);

fn hear(mut reports: MessageReader<JobReport>, mut heard: ResMut<Heard>) {
    heard.0.extend(reports.read().cloned());
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .init_resource::<Wake>()
        .init_resource::<Heard>()
        .add_plugins(EngineJobsPlugin)
        .add_systems(Update, hear.after(EngineJobsSystems));
    app
}

fn submit(app: &mut App, owner: JobOwner, request: JobRequest) -> JobTicket {
    app.world_mut()
        .run_system_once(move |mut jobs: Jobs| jobs.submit(owner, request.clone()))
        .expect("the system runs")
}

/// Runs frames until `done` holds (a job's thread needs real time: no fixed wait, a bound of
/// minutes on a loaded machine).
fn run_until(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(300);
    while Instant::now() < deadline {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    false
}

fn heard(app: &App) -> &[JobReport] {
    &app.world().resource::<Heard>().0
}

fn done_of(app: &App, id: JobId) -> Option<JobResult> {
    heard(app).iter().find_map(|r| match &r.report {
        Report::Done(result) if r.id == id => Some(result.clone()),
        _ => None,
    })
}

fn threads(app: &App) -> usize {
    app.world().resource::<EngineJobs>().threads()
}

fn start() -> AnyPosition {
    GameConfig::default().start()
}

/// Lines searched for an hour: only a stop ends them in time.
fn endless_lines() -> JobRequest {
    JobRequest::Lines {
        position: start(),
        limits: Limits {
            time: Some(Duration::from_secs(3600)),
            ..Limits::default()
        },
        count: 2,
    }
}

fn shallow(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

#[test]
fn a_jobs_result_reaches_its_owner_only() {
    let mut app = app();
    let judged = submit(
        &mut app,
        JobOwner::Test(1),
        JobRequest::Judge {
            position: start(),
            limits: shallow(3),
        },
    );
    let threat = submit(
        &mut app,
        JobOwner::Test(2),
        JobRequest::Threat {
            position: start(),
            mover: gamut_engine::Color::White,
        },
    );
    assert!(run_until(&mut app, |a| done_of(a, judged.id()).is_some()
        && done_of(a, threat.id()).is_some()));
    let mine = |ticket: &JobTicket| -> Vec<JobReport> {
        heard(&app)
            .iter()
            .filter(|r| ticket.owns(r))
            .cloned()
            .collect()
    };
    let judge_reports = mine(&judged);
    assert_eq!(judge_reports.len(), 1, "{judge_reports:?}");
    assert!(matches!(
        judge_reports[0].report,
        Report::Done(JobResult::Judged(Seen { .. }))
    ));
    let threat_reports = mine(&threat);
    assert_eq!(threat_reports.len(), 1, "{threat_reports:?}");
    assert!(matches!(
        threat_reports[0].report,
        Report::Done(JobResult::Threat(None))
    ));
    // Each report carries its job's owner: no job answers under another's name.
    for r in heard(&app) {
        let owner = if r.id == judged.id() {
            JobOwner::Test(1)
        } else {
            JobOwner::Test(2)
        };
        assert_eq!(r.owner, owner);
    }
}

#[test]
fn progress_arrives_before_the_result_in_order() {
    let mut app = app();
    let mut game = crate::model::CurrentGame::default();
    for (from, to) in [("b1", "b3"), ("a2", "c2")] {
        let request = crate::model::MoveRequest::step(from.parse().unwrap(), to.parse().unwrap());
        let mv = game.check(request).expect("a legal move");
        game.play(mv);
    }
    let ticket = submit(
        &mut app,
        JobOwner::Test(1),
        JobRequest::AnalyseGame {
            start: start(),
            moves: game.position().moves_played(),
            limits: shallow(2),
        },
    );
    assert!(run_until(&mut app, |a| done_of(a, ticket.id()).is_some()));
    let indices: Vec<usize> = heard(&app)
        .iter()
        .filter_map(|r| match &r.report {
            Report::Progress(Progress::Position { index, .. }) => Some(*index),
            _ => None,
        })
        .collect();
    assert_eq!(indices, [0, 1, 2], "each position, in order");
    assert!(matches!(
        heard(&app).last().map(|r| &r.report),
        Some(Report::Done(JobResult::Analysed))
    ));
}

#[test]
fn a_stopped_job_ends_and_delivers_nothing_more() {
    let mut app = app();
    let ticket = submit(&mut app, JobOwner::Test(1), endless_lines());
    let id = ticket.id();
    assert!(
        run_until(&mut app, |a| heard(a).iter().any(|r| r.id == id)),
        "the lines' progress arrives while the search goes on"
    );
    assert!(
        app.world()
            .resource::<EngineJobs>()
            .is_busy(JobOwner::Test(1))
    );
    drop(ticket);
    let before = heard(&app).len();
    assert!(
        run_until(&mut app, |a| threads(a) == 0),
        "the stopped search's thread ends"
    );
    app.update();
    assert!(
        heard(&app)[before..].iter().all(|r| r.id != id),
        "a stopped job's reports are not delivered"
    );
    assert!(
        !app.world()
            .resource::<EngineJobs>()
            .is_busy(JobOwner::Test(1))
    );
}

#[test]
fn a_new_job_replaces_the_owners_old_one() {
    let mut app = app();
    // The old ticket is kept: the service itself stops the old job.
    let old = submit(&mut app, JobOwner::Test(1), endless_lines());
    let other = submit(&mut app, JobOwner::Test(2), endless_lines());
    let new = submit(
        &mut app,
        JobOwner::Test(1),
        JobRequest::Lines {
            position: start(),
            limits: shallow(2),
            count: 2,
        },
    );
    assert!(run_until(&mut app, |a| done_of(a, new.id()).is_some()));
    assert!(matches!(
        done_of(&app, new.id()),
        Some(JobResult::Lines(Some(_)))
    ));
    drop(other);
    assert!(
        run_until(&mut app, |a| threads(a) == 0),
        "the old job's thread ended"
    );
    assert!(
        done_of(&app, old.id()).is_none(),
        "the old job said nothing"
    );
}

#[test]
fn a_best_move_within_nodes_comes_in_the_frame_it_was_asked_for() {
    let mut app = app();
    let ticket = submit(
        &mut app,
        JobOwner::Test(1),
        JobRequest::BestMove {
            position: start(),
            level: Level::MIN,
            budget: Budget::Nodes(2_000),
            memory: Memory::Moves,
        },
    );
    app.update();
    let Some(JobResult::BestMove(answer)) = done_of(&app, ticket.id()) else {
        panic!("no answer in the first frame: {:?}", heard(&app));
    };
    assert!(answer.mv.is_some());
    // It searched with a table of its own: the game's table is made by a timed search only.
    assert!(!app.world().resource::<Brain>().has_searcher());
}

#[test]
fn stopping_an_owner_stops_its_job_only() {
    let mut app = app();
    let stopped = submit(&mut app, JobOwner::Test(1), endless_lines());
    let kept = submit(&mut app, JobOwner::Test(2), endless_lines());
    app.world_mut()
        .run_system_once(|mut jobs: Jobs| jobs.stop(JobOwner::Test(1)))
        .expect("the system runs");
    let busy = |app: &App, owner| app.world().resource::<EngineJobs>().is_busy(owner);
    assert!(!busy(&app, JobOwner::Test(1)));
    assert!(busy(&app, JobOwner::Test(2)));
    assert!(
        run_until(&mut app, |a| threads(a) == 1),
        "the stopped job's thread ends"
    );
    let since = heard(&app).len();
    assert!(
        run_until(&mut app, |a| heard(a)[since..].iter().any(|r| kept.owns(r))),
        "the other job goes on reporting"
    );
    assert!(heard(&app)[since..].iter().all(|r| !stopped.owns(r)));
    drop(kept);
    assert!(run_until(&mut app, |a| threads(a) == 0));
}
