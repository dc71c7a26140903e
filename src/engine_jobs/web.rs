//! The browser's back end of the service: each job in a Web Worker (`web/worker.js`), so that
//! the page keeps drawing and answering while the engine thinks. The worker runs a program of
//! its own, the engine's alone (`crates/worker`, much smaller than the game's: a phone
//! downloads, compiles and holds less): the request goes in as JSON, its progress and its
//! result come back as JSON messages ([`Wire`]), put in the service's inbox as on the desktop.
//!
//! One worker per owner ([`JobOwner`]), kept between jobs (the computer's searcher and its
//! table stay warm between moves, as the desktop's [`super::Brain`] keeps them). A search in a worker
//! cannot see a stop flag raised on the page (no shared memory without cross-origin isolation),
//! so a stopped job's worker is ended (`terminate`) and the owner's next job starts a new one.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use gamut_jobs::Wire;

use super::{Context, JobId, JobOwner, JobRequest, JobResult, Report};

/// The worker's script, beside the page.
const WORKER_SCRIPT: &str = "./worker.js";

/// The page's hold on a job in a worker.
pub(super) struct Handle {
    id: JobId,
    finished: Arc<AtomicBool>,
}

impl Handle {
    /// Whether the job has ended (its result came, or its worker failed or was ended).
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Relaxed)
    }

    /// Nothing to wait for on the page: a job's result comes by message.
    pub fn join(self) {}

    /// Ends the job now: its worker is terminated (the owner's next job starts another).
    pub fn cancel(&self) {
        POOL.with_borrow_mut(|pool| {
            if let Some(i) = pool.iter().position(|s| s.busy_with(self.id)) {
                pool.remove(i).end();
            }
        });
        self.finished.store(true, Ordering::Relaxed);
    }
}

/// A worker and the job it is doing.
struct Slot {
    owner: JobOwner,
    worker: web_sys::Worker,
    busy: Option<(JobId, Arc<AtomicBool>)>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Slot {
    fn busy_with(&self, id: JobId) -> bool {
        self.busy.as_ref().is_some_and(|(busy, _)| *busy == id)
    }

    fn end(self) {
        self.worker.terminate();
        if let Some((_, finished)) = &self.busy {
            finished.store(true, Ordering::Relaxed);
        }
    }
}

thread_local! {
    static POOL: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// Starts job `id` in `owner`'s worker (`None` if no worker could start: the service reports
/// the job failed).
pub(super) fn start(
    id: JobId,
    owner: JobOwner,
    request: JobRequest,
    context: Context,
) -> Option<Handle> {
    if context.stop.load(Ordering::Relaxed) {
        warn!("engine job {} of {owner:?} stopped before it started", id.0);
        return None;
    }
    let text = serde_json::to_string(&request)
        .map_err(|e| error!("an engine job could not be written for its worker: {e}"))
        .ok()?;
    let finished = Arc::new(AtomicBool::new(false));
    POOL.with_borrow_mut(|pool| {
        // The owner's old job was stopped: its worker may still be searching.
        if let Some(i) = pool
            .iter()
            .position(|s| s.owner == owner && s.busy.is_some())
        {
            pool.remove(i).end();
        }
        if !pool.iter().any(|s| s.owner == owner) {
            pool.push(new_slot(owner, &context)?);
        }
        let slot = pool.iter_mut().find(|s| s.owner == owner)?;
        let message = js_sys::Array::of2(&JsValue::from_f64(id.0 as f64), &text.into());
        if let Err(e) = slot.worker.post_message(&message) {
            error!("an engine job could not be sent to its worker: {e:?}");
            return None;
        }
        slot.busy = Some((id, Arc::clone(&finished)));
        info!("engine job {} of {owner:?} sent to its worker", id.0);
        Some(())
    })?;
    Some(Handle { id, finished })
}

/// A new worker for `owner`, its messages put in the service's inbox.
fn new_slot(owner: JobOwner, context: &Context) -> Option<Slot> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(WORKER_SCRIPT, &options)
        .map_err(|e| error!("the engine's worker could not start: {e:?}"))
        .ok()?;
    let inbox = Arc::clone(&context.inbox);
    let wake = context.wake.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let Some(text) = event.data().as_string() else {
                return;
            };
            let wire: Wire = match serde_json::from_str(&text) {
                Ok(wire) => wire,
                Err(e) => {
                    error!("the engine's worker sent what the page cannot read: {e}");
                    return;
                }
            };
            let id = JobId(wire.id);
            let done = matches!(wire.report, Report::Done(_));
            // A worker whose engine stopped abnormally closes itself after saying so.
            let broken = matches!(wire.report, Report::Done(JobResult::Failed));
            inbox
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push((id, wire.report));
            if done {
                mark_finished(id);
            }
            if broken {
                forget(owner);
            }
            wake.wake();
        });
    let wake = context.wake.clone();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_event: web_sys::Event| {
        // The script could not load, or the engine stopped abnormally: the job failed (the
        // service says so, as for a thread that ended without an answer), the worker goes.
        error!("the engine's worker failed");
        forget(owner);
        wake.wake();
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Slot {
        owner,
        worker,
        busy: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// Ends `owner`'s worker, if any (its job, if any, ends without a result).
fn forget(owner: JobOwner) {
    POOL.with_borrow_mut(|pool| {
        if let Some(i) = pool.iter().position(|s| s.owner == owner) {
            pool.remove(i).end();
        }
    });
}

fn mark_finished(id: JobId) {
    POOL.with_borrow_mut(|pool| {
        if let Some(slot) = pool.iter_mut().find(|s| s.busy_with(id))
            && let Some((_, finished)) = slot.busy.take()
        {
            finished.store(true, Ordering::Relaxed);
        }
    });
}
