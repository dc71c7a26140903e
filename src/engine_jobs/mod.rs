//! One service for background engine work. A feature asks for a job as data — a
//! [`JobRequest`]: the computer's best move, the analysis board's lines, a game's positions
//! analysed, a try judged, the Exhibition's threat, a puzzle proven or asked about — with the
//! position(s) and its limits, under its [`JobOwner`]; it gets a [`JobTicket`] back. The job's
//! progress and its result come back as [`JobReport`] messages tagged with the job's id and
//! owner, so each feature reads only its own. Dropping the ticket (or [`Jobs::stop`]) stops the job: its search
//! ends within a few hundred nodes and nothing it still reports is delivered. A new job of an
//! owner stops the owner's old one.
//!
//! On the desktop each job runs on a thread of its own, started here and nowhere else
//! (`worker.rs`); the computer's moves at a lowered priority, with the searcher and its table
//! kept between moves ([`Brain`]). In the browser a Web Worker can stand behind the same
//! service: requests and reports are plain data (positions, moves, limits, scores), no closure
//! and no Bevy state crosses the seam.

// The jobs as data and the work of each, shared with the page's engine worker (a program of
// its own: crates/worker).
pub use gamut_jobs::{
    AiAnswer, Budget, Found, JobRequest, JobResult, Memory, Progress, Proven, PuzzleAnswer,
    PuzzleQuestion, Report, Settled, Threat, lower_this_threads_priority, run_here, settle, threat,
};
// Where jobs run: a thread each on the desktop, a Web Worker each in the page.
#[cfg(not(target_arch = "wasm32"))]
mod worker;
#[cfg(target_arch = "wasm32")]
#[path = "web.rs"]
mod worker;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::rest::Wake;

/// The computer's kept searchers ([`gamut_jobs::Brain`]), the service's resource: given to each
/// job's thread (in the page the worker keeps its own).
#[derive(Resource, Clone, Default, Deref)]
pub struct Brain(pub gamut_jobs::Brain);

/// A job's number, unique for the run of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JobId(u64);

/// Who asked for a job: each has at most one job at a time (a new one stops the old one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobOwner {
    /// The computer's move.
    Computer,
    /// The hint.
    Hint,
    /// The review's analysis of the game.
    Review,
    /// Learn from your mistakes: its analysis of the game.
    Mistakes,
    /// Learn from your mistakes: the learner's try judged.
    Judge,
    /// The Exhibition's caption for a side one move from winning.
    Caption,
    /// The analysis board's lines.
    AnalysisBoard,
    /// The editor's puzzle proof.
    PuzzleProof,
    /// The puzzle screen's prover: the player's move judged, a hint.
    Puzzle,
    /// The analysis board's proof search on the shown position.
    AnalysisProof,
    /// The review's proof search on the game's positions.
    ReviewProof,
    /// The proof search for a forced win the computer announces.
    Announcer,
    /// Tests of the service.
    Test(u8),
}

/// A job's report, for its owner.
#[derive(Message, Debug, Clone)]
pub struct JobReport {
    /// The job.
    pub id: JobId,
    /// Who asked for it.
    pub owner: JobOwner,
    /// What it says.
    pub report: Report,
}

/// A feature's hold on its job: dropping it stops the job (nothing it still reports is
/// delivered).
#[derive(Debug)]
pub struct JobTicket {
    id: JobId,
    owner: JobOwner,
    stop: Arc<AtomicBool>,
}

impl JobTicket {
    /// The job's id.
    pub fn id(&self) -> JobId {
        self.id
    }

    /// Whether `report` is about this job.
    pub fn owns(&self, report: &JobReport) -> bool {
        report.id == self.id && report.owner == self.owner
    }
}

impl Drop for JobTicket {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What the jobs reported, waiting for the next frame: filled by the jobs' threads.
type Inbox = Arc<Mutex<Vec<(JobId, Report)>>>;

/// What a job's thread (the page's worker) is started with besides its request.
struct Context {
    /// The job's stop flag (a thread sees it; the page ends a stopped job's worker instead).
    stop: Arc<AtomicBool>,
    /// The computer's kept searchers (in the page, the worker keeps its own).
    #[cfg_attr(
        target_arch = "wasm32",
        expect(dead_code, reason = "the worker keeps its own")
    )]
    brain: gamut_jobs::Brain,
    /// Where its reports go.
    inbox: Inbox,
    /// Wakes the resting loop for them.
    wake: Wake,
}

/// A job the service started and whose thread may still run.
struct Running {
    id: JobId,
    owner: JobOwner,
    stop: Arc<AtomicBool>,
    /// `None` once joined, or if the thread (the page's worker) could not start.
    thread: Option<worker::Handle>,
    /// Waited for in the frame after it began ([`Budget::Nodes`]).
    waits: bool,
    /// Its result was delivered.
    done: bool,
}

impl Running {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }
}

/// The service's state: the jobs started and what they reported.
#[derive(Resource, Default)]
pub struct EngineJobs {
    next: u64,
    running: Vec<Running>,
    inbox: Inbox,
}

impl EngineJobs {
    /// How many job threads are still running (stopped ones included, until they end).
    pub fn threads(&self) -> usize {
        self.running.iter().filter(|r| !r.finished()).count()
    }

    /// Whether `owner` has a job under way (not stopped, not done).
    pub fn is_busy(&self, owner: JobOwner) -> bool {
        self.running
            .iter()
            .any(|r| r.owner == owner && !r.stopped() && !r.done)
    }

    fn stop_owner(&mut self, owner: JobOwner) {
        for r in self.running.iter().filter(|r| r.owner == owner) {
            r.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// What a feature asks the service through: `submit` and `stop`.
#[derive(SystemParam)]
pub struct Jobs<'w> {
    jobs: ResMut<'w, EngineJobs>,
    brain: Res<'w, Brain>,
    wake: Res<'w, Wake>,
}

impl Jobs<'_> {
    /// Starts `request` for `owner`, stopping the owner's job under way.
    pub fn submit(&mut self, owner: JobOwner, request: JobRequest) -> JobTicket {
        self.jobs.stop_owner(owner);
        let id = JobId(self.jobs.next);
        self.jobs.next += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let waits = request.waits();
        let thread = worker::start(
            id,
            owner,
            request,
            Context {
                stop: Arc::clone(&stop),
                brain: self.brain.0.clone(),
                inbox: Arc::clone(&self.jobs.inbox),
                wake: self.wake.clone(),
            },
        );
        self.jobs.running.push(Running {
            id,
            owner,
            stop: Arc::clone(&stop),
            thread,
            waits,
            done: false,
        });
        JobTicket { id, owner, stop }
    }

    /// Stops `owner`'s job, if any: nothing more of it is delivered.
    pub fn stop(&mut self, owner: JobOwner) {
        self.jobs.stop_owner(owner);
    }
}

/// The system that delivers the jobs' reports, in `Update`: a feature reads its reports after
/// it (`.after(EngineJobsSystems)`).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct EngineJobsSystems;

/// The engine-job service.
pub struct EngineJobsPlugin;

impl Plugin for EngineJobsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EngineJobs>()
            .init_resource::<Brain>()
            // The rest plugin's, with the window's loop to wake; without a window, none.
            .init_resource::<Wake>()
            .add_message::<JobReport>()
            .add_systems(Update, deliver.in_set(EngineJobsSystems));
    }
}

/// Delivers what the jobs reported (a job waited for is joined first), a job whose thread
/// ended without a result as [`JobResult::Failed`], and forgets the jobs whose threads ended.
/// A stopped job's reports are thrown away.
fn deliver(mut jobs: ResMut<EngineJobs>, mut reports: MessageWriter<JobReport>) {
    for r in jobs.running.iter_mut().filter(|r| r.waits && !r.stopped()) {
        if let Some(thread) = r.thread.take() {
            thread.join();
        }
    }
    // A stopped job that cannot see its flag (the page's worker) is ended.
    for r in jobs.running.iter().filter(|r| r.stopped() && !r.finished()) {
        if let Some(thread) = &r.thread {
            thread.cancel();
        }
    }
    // Ended before the inbox is read: whatever they sent is in it.
    let ended: Vec<JobId> = jobs
        .running
        .iter()
        .filter(|r| r.finished())
        .map(|r| r.id)
        .collect();
    let inbox = std::mem::take(&mut *jobs.inbox.lock().unwrap_or_else(PoisonError::into_inner));
    for (id, report) in inbox {
        let Some(r) = jobs.running.iter_mut().find(|r| r.id == id) else {
            continue;
        };
        if r.stopped() || r.done {
            continue;
        }
        r.done = matches!(report, Report::Done(_));
        // The tests that play the page follow the jobs in its log.
        #[cfg(feature = "dev")]
        match &report {
            Report::Done(result) => info!(
                "engine job {} of {:?} done: {}",
                id.0,
                r.owner,
                if matches!(result, JobResult::Failed) {
                    "failed"
                } else {
                    "answered"
                }
            ),
            Report::Progress(Progress::Position { index, found }) => info!(
                "engine job {} of {:?}: position {index} scored {:?}",
                id.0, r.owner, found.black_score
            ),
            Report::Progress(_) => {}
        }
        reports.write(JobReport {
            id,
            owner: r.owner,
            report,
        });
    }
    for r in jobs.running.iter().filter(|r| ended.contains(&r.id)) {
        if !r.done && !r.stopped() {
            warn!(
                "engine job {} of {:?} ended without its answer (its worker or thread stopped)",
                r.id.0, r.owner
            );
            reports.write(JobReport {
                id: r.id,
                owner: r.owner,
                report: Report::Done(JobResult::Failed),
            });
        }
    }
    jobs.running.retain(|r| !ended.contains(&r.id));
}

#[cfg(test)]
mod tests;
