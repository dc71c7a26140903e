//! The desktop's back end of the service: each job on a thread of its own, its reports put in
//! the service's inbox and the resting loop woken for them. This is the one place in the game
//! that starts a thread for the engine. (In the browser a Web Worker takes this place, `web.rs`:
//! the same requests in, the same reports out.)

use std::sync::PoisonError;
use std::sync::atomic::Ordering;

use bevy::prelude::*;

use super::{Context, JobId, JobOwner, JobRequest, Progress, Report};

/// Stack of a job's thread: the searches recurse once per ply.
const STACK_BYTES: usize = 16 * 1024 * 1024;

impl Context {
    /// Puts `report` in the inbox (unless the job was stopped) and wakes the loop for a result
    /// or new lines. (A game's analysis reports a position every 150 ms or so: the screens that
    /// show it redraw at their spinner's pace, and the resting loop is not woken for each.)
    fn send(&self, id: JobId, report: Report) {
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        let wakes = matches!(
            report,
            Report::Done(_) | Report::Progress(Progress::Lines(_))
        );
        self.inbox
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((id, report));
        if wakes {
            self.wake.wake();
        }
    }
}

/// A job's thread.
pub(super) struct Handle(std::thread::JoinHandle<()>);

impl Handle {
    /// Whether the job's thread has ended.
    pub fn is_finished(&self) -> bool {
        self.0.is_finished()
    }

    /// Waits for the job's thread to end.
    pub fn join(self) {
        let _ = self.0.join();
    }

    /// Nothing to do: the thread sees its stop flag within a few hundred nodes.
    pub fn cancel(&self) {}
}

/// Starts job `id` on a thread of its own (`None` if the thread could not start: the service
/// reports the job failed).
pub(super) fn start(
    id: JobId,
    _owner: JobOwner,
    request: JobRequest,
    context: Context,
) -> Option<Handle> {
    std::thread::Builder::new()
        .name(request.thread_name().into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let result = gamut_jobs::run(request, &context.brain, &context.stop, &|progress| {
                context.send(id, Report::Progress(progress));
            });
            context.send(id, Report::Done(result));
        })
        .map(Handle)
        .map_err(|e| error!("cannot start an engine job's thread: {e}"))
        .ok()
}
