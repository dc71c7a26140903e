//! The game rests while nothing changes. Bevy's loop is reactive (`WinitSettings`): a frame is
//! drawn when input or a window event arrives, when something asks for one, or after
//! [`IDLE_WAIT`]. What moves asks for its frames:
//! - [`NextFrame::now`] for full speed (pieces gliding, the words still loading);
//! - [`NextFrame::within`] for a modest rate (the slow orbit behind the title, the Exhibition)
//!   or for the moment something is due (a delayed sound, a puzzle's reply);
//! - [`redraw_within`] from a screen (a spinner's next turn, a clock face about to change):
//!   egui's own `request_repaint_after` cannot serve, as bevy_egui redraws at once for any
//!   repaint asked, however far off; egui's `request_repaint` wakes the loop at once;
//! - [`Wake::wake`] from another thread (an engine job's thread when it has its result);
//! - the renderer keeps the loop going while shaders compile, so the first frames appear.
//!
//! Without a window (the headless tests) none of this applies: the caller runs the frames.

use std::sync::{Arc, Mutex};
use std::time::Duration;
use web_time::Instant;

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp};
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use bevy_egui::{EguiContext, egui};

/// The longest the game sleeps when nothing asks for a frame. Input wakes it at once and
/// whatever moves asks for its frames: this is only a backstop. (Drawn in software, a frame of
/// the board costs seconds of CPU: a frame every 30 s was 8 % of a core.)
pub const IDLE_WAIT: Duration = Duration::from_secs(120);

/// The rate of the slow camera orbit behind the title and in the Exhibition: 20 frames a
/// second (it turns a degree in about a third of a second).
pub const ORBIT_FRAME: Duration = Duration::from_millis(50);

/// How often a busy indicator (the computer's spinner) turns.
pub const SPINNER_FRAME: Duration = Duration::from_millis(250);

/// The system that turns the frames asked for into the loop's wait, at the end of `Last`: a
/// system of `Last` that asks for frames runs before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RestSystems;

/// Whether a state change is waiting for the next frame's transition.
pub fn pending<S: bevy::state::state::FreelyMutableState>(next: &NextState<S>) -> bool {
    !matches!(next, NextState::Unchanged)
}

/// A message a screen sent (written after `Update`, by egui's pass) is carried out in the next
/// frame: while one is waiting, the next frame comes at once. Added to `Last` for each screen's
/// command message.
pub fn answer_messages<M: Message>(messages: Res<Messages<M>>, mut next_frame: ResMut<NextFrame>) {
    if !messages.is_empty() {
        next_frame.now();
    }
}

/// The frames asked for during this frame; read and cleared at its end.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct NextFrame {
    soonest: Option<Duration>,
    /// Who asked for the soonest (the place in the code): what keeps a game from resting.
    asked_by: Option<&'static std::panic::Location<'static>>,
}

impl NextFrame {
    /// Asks for the next frame at once (full speed while this is asked every frame).
    #[track_caller]
    pub fn now(&mut self) {
        self.within(Duration::ZERO);
    }

    /// Asks for a frame no later than `wait` from now.
    #[track_caller]
    pub fn within(&mut self, wait: Duration) {
        if self.soonest.is_none_or(|soonest| wait < soonest) {
            self.soonest = Some(wait);
            self.asked_by = Some(std::panic::Location::caller());
        }
    }

    /// The soonest frame asked for, if any.
    pub fn soonest(&self) -> Option<Duration> {
        self.soonest
    }
}

/// Wakes the game's loop from another thread (a background search that has its answer). Does
/// nothing without a window.
#[derive(Resource, Clone, Default)]
pub struct Wake(Option<bevy::winit::EventLoopProxy<WinitUserEvent>>);

impl Wake {
    /// Runs a frame as soon as possible.
    pub fn wake(&self) {
        if let Some(proxy) = &self.0 {
            // The loop has ended if this fails: nothing to wake.
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    }
}

/// The earliest repaint egui asked for with a delay (`request_repaint_after`), shared with its
/// repaint callback.
#[derive(Resource, Clone, Default)]
struct EguiRepaint(Arc<Mutex<Option<Instant>>>);

impl EguiRepaint {
    fn ask(&self, at: Instant) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(slot.map_or(at, |soonest| soonest.min(at)));
        }
    }

    /// How long until egui's earliest asked repaint (cleared once due).
    fn wait(&self, now: Instant) -> Option<Duration> {
        let mut slot = self.0.lock().ok()?;
        let at = (*slot)?;
        if at <= now {
            *slot = None;
            return Some(Duration::ZERO);
        }
        Some(at - now)
    }
}

/// Asks, from a screen, for a frame within `wait` (and none sooner on its account).
pub fn redraw_within(ctx: &egui::Context, wait: Duration) {
    if let Some(repaint) = ctx.data(|d| d.get_temp::<EguiRepaint>(repaint_id())) {
        repaint.ask(Instant::now() + wait);
    }
}

/// Where a context keeps its [`EguiRepaint`] handle.
fn repaint_id() -> egui::Id {
    egui::Id::new("gamut::rest")
}

/// The game's loop rests while nothing changes.
pub struct RestPlugin;

impl Plugin for RestPlugin {
    fn build(&self, app: &mut App) {
        let wake = Wake(
            app.world()
                .get_resource::<EventLoopProxyWrapper>()
                .map(|proxy| (**proxy).clone()),
        );
        app.init_resource::<NextFrame>()
            .init_resource::<EguiRepaint>()
            .init_resource::<LoopWait>()
            .init_resource::<AskedBy>()
            .init_resource::<LoopDue>()
            .insert_resource(wake.clone())
            .add_systems(Update, finish_screenshots)
            .add_systems(
                PreUpdate,
                (
                    hear_egui_repaints.after(bevy_egui::EguiPreUpdateSet::InitContexts),
                    drop_unchanged_modifiers
                        .after(bevy_egui::EguiInputSet::WriteEguiEvents)
                        .before(bevy_egui::EguiPreUpdateSet::BeginPass),
                ),
            )
            .add_systems(Last, pace_the_loop.in_set(RestSystems))
            // A resized window is laid out and framed again over the next frames at once (it
            // stayed as it was until the mouse moved).
            .add_systems(
                Last,
                answer_messages::<bevy::window::WindowResized>
                    .run_if(resource_exists::<Messages<bevy::window::WindowResized>>)
                    .before(RestSystems),
            );
        if wake.0.is_some() {
            app.insert_resource(resting());
            if let Some(render) = app.get_sub_app_mut(RenderApp) {
                render
                    .insert_resource(wake)
                    .add_systems(Render, wake_while_shaders_compile);
            }
        }
    }
}

/// The loop's settings while nothing asks for frames: wait for input, at most [`IDLE_WAIT`].
/// Out of focus, the mouse moving elsewhere on the desktop does not wake it.
fn resting() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    }
}

/// egui's repaint requests reach the loop: at once for `request_repaint` (bevy_egui's own
/// callback did that much), and at their time for `request_repaint_after` (which it dropped);
/// the screens' [`redraw_within`] finds the same handle in the context.
fn hear_egui_repaints(
    mut contexts: Query<&mut EguiContext, Added<EguiContext>>,
    repaint: Res<EguiRepaint>,
    wake: Res<Wake>,
) {
    for mut context in &mut contexts {
        let ctx = context.get_mut();
        ctx.data_mut(|d| d.insert_temp(repaint_id(), repaint.clone()));
        let (repaint, wake) = (repaint.clone(), wake.clone());
        ctx.set_request_repaint_callback(move |info| {
            if info.delay.is_zero() {
                // Counted as a frame asked at once, so the frame that asked does not say it
                // rests (a test waiting for the game to settle would act a frame early).
                repaint.ask(Instant::now());
                wake.wake();
            } else {
                repaint.ask(Instant::now() + info.delay);
            }
        });
    }
}

/// A screenshot (F12) is read back over the next frames: they come at once.
fn finish_screenshots(
    shots: Query<(), With<bevy::render::view::screenshot::Screenshot>>,
    mut next_frame: ResMut<NextFrame>,
) {
    if !shots.is_empty() {
        next_frame.now();
    }
}

/// bevy_egui tells egui the modifier keys' state every frame (`ModifiersChanged`), and egui
/// asks for a repaint after any event: the game would never rest. The state is passed on only
/// when it changed (egui keeps the last one it was told).
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut bevy_egui::EguiInput)>,
    mut told: Local<bevy::platform::collections::HashMap<Entity, egui::Modifiers>>,
) {
    for (context, mut input) in &mut inputs {
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => told.insert(context, *now) != Some(*now),
            _ => true,
        });
    }
}

/// What the loop was told at the end of the last frame: the next frame at once
/// (`Some(ZERO)`), within a time, or not before input (`None`: it rests, [`IDLE_WAIT`] at most).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LoopWait(pub Option<Duration>);

/// Who asked for the next frame at the end of the last one: a screen's or system's place in
/// the code, or egui (a repaint it asked for). For the tests that check the game rests.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AskedBy(pub Option<&'static std::panic::Location<'static>>);

/// Turns the frames asked for into the loop's next wait (with a window: a redraw request or
/// the reactive loop's wait).
fn pace_the_loop(
    mut next: ResMut<NextFrame>,
    repaint: Res<EguiRepaint>,
    mut told: ResMut<LoopWait>,
    mut asked_by: ResMut<AskedBy>,
    #[cfg_attr(
        not(target_arch = "wasm32"),
        expect(unused, reason = "the page's loop only")
    )]
    wake: Res<Wake>,
    settings: Option<ResMut<WinitSettings>>,
    redraws: Option<ResMut<Messages<bevy::window::RequestRedraw>>>,
    mut due: ResMut<LoopDue>,
) {
    let NextFrame {
        soonest: asked,
        asked_by: caller,
    } = std::mem::take(&mut *next);
    let egui = repaint.wait(Instant::now());
    // A frame asked for no sooner than the idle wait's backstop is a rest (a correspondence
    // clock's face, days away; a tooltip egui timed from a clock of its own, hours away).
    let wait = [asked, egui]
        .into_iter()
        .flatten()
        .min()
        .filter(|wait| *wait < IDLE_WAIT);
    told.0 = wait;
    asked_by.0 = caller.filter(|_| asked == wait);
    if wait == Some(Duration::ZERO) {
        if let Some(mut redraws) = redraws {
            redraws.write(bevy::window::RequestRedraw);
        }
        // In the page, a redraw asked from inside the loop's turn waits for the next event
        // (winit's web loop takes it only when something else happens: input, a timer): the
        // loop is woken as from outside, and the next frame comes at once.
        #[cfg(target_arch = "wasm32")]
        wake.wake();
        return;
    }
    let Some(mut settings) = settings else {
        return;
    };
    let now = Instant::now();
    if let Some(wait) = wait
        && due.serves(now, wait)
    {
        return;
    }
    due.0 = wait.map(|wait| now + wait);
    let wait = wait.unwrap_or(IDLE_WAIT).min(IDLE_WAIT);
    let wanted = WinitSettings {
        focused_mode: UpdateMode::reactive(wait),
        unfocused_mode: UpdateMode::reactive_low_power(wait),
    };
    if settings.focused_mode != wanted.focused_mode
        || settings.unfocused_mode != wanted.unfocused_mode
    {
        *settings = wanted;
    }
}

/// When the loop's timed wake, set by the last change of its settings, comes (about: Bevy
/// counts it from the frame after the change). Bevy's loop draws a frame at once whenever its
/// settings change: a countdown asking for its frame anew every frame (a "… is back" said for
/// ten seconds, the next look at the hosted tables) changed them every frame, and the game drew
/// without rest until it was over (a frame a second in software, a core kept busy).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
struct LoopDue(Option<Instant>);

/// How late the timed wake already set may come after the frame asked for and still serve it:
/// within a frame of a countdown's own end.
const DUE_SLACK: Duration = Duration::from_millis(20);

impl LoopDue {
    /// Whether the timed wake already set brings the frame wanted within `wait` of `now`: it
    /// has not passed, and comes no later (a little earlier is a frame that asks again).
    fn serves(&self, now: Instant, wait: Duration) -> bool {
        self.0
            .is_some_and(|due| due > now && due <= now + wait + DUE_SLACK)
    }
}

/// How long the loop is kept going for pipelines that make no progress: a pipeline whose
/// shader never loads (one the page's WebGL cannot use) stays waiting for ever, and woke the
/// page's loop for ever (a frame every few seconds drawn in software, a core kept busy).
const SHADER_PATIENCE: Duration = Duration::from_secs(30);

/// Shaders compile over several frames (in software, seconds): keep the loop going until the
/// board can be drawn, while the pipelines waiting change within [`SHADER_PATIENCE`].
fn wake_while_shaders_compile(
    cache: Res<PipelineCache>,
    wake: Res<Wake>,
    mut seen: Local<Option<WaitingPipelines>>,
) {
    let mut waiting: Vec<_> = cache.waiting_pipelines().collect();
    if waiting.is_empty() {
        *seen = None;
        return;
    }
    waiting.sort_unstable();
    let now = Instant::now();
    let these = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        waiting.hash(&mut hasher);
        hasher.finish()
    };
    let seen = match seen.as_mut() {
        Some(same) if same.these == these => same,
        _ => seen.insert(WaitingPipelines {
            these,
            since: now,
            said: false,
        }),
    };
    if now - seen.since < SHADER_PATIENCE {
        wake.wake();
    } else if !seen.said {
        seen.said = true;
        warn!(
            "{} render pipelines still wait after {} s: the game rests without them",
            waiting.len(),
            SHADER_PATIENCE.as_secs()
        );
    }
}

/// The render pipelines last seen waiting (a hash of their ids), since when, and whether the
/// game said it stopped waking for them.
struct WaitingPipelines {
    these: u64,
    since: Instant,
    said: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soonest_frame_asked_wins() {
        let mut next = NextFrame::default();
        assert_eq!(next.soonest(), None);
        next.within(ORBIT_FRAME);
        next.within(SPINNER_FRAME);
        assert_eq!(next.soonest(), Some(ORBIT_FRAME));
        next.now();
        assert_eq!(next.soonest(), Some(Duration::ZERO));
    }

    #[test]
    fn a_countdown_keeps_the_wake_already_set() {
        let start = Instant::now();
        let due = LoopDue(Some(start + Duration::from_secs(10)));
        // A frame woken by something else a second later: the same end, asked anew.
        let later = start + Duration::from_secs(1);
        assert!(due.serves(later, Duration::from_secs(9)));
        // Something sooner is asked: the wake set comes too late.
        assert!(!due.serves(later, Duration::from_secs(2)));
        // The wake set has come: the next is set again.
        assert!(!due.serves(start + Duration::from_secs(10), Duration::from_secs(5)));
        // None set: the loop rests.
        assert!(!LoopDue(None).serves(later, Duration::from_secs(9)));
    }

    #[test]
    fn an_egui_repaint_is_due_once() {
        let repaint = EguiRepaint::default();
        let now = Instant::now();
        assert_eq!(repaint.wait(now), None);
        repaint.ask(now + Duration::from_millis(300));
        repaint.ask(now + Duration::from_millis(100));
        assert_eq!(repaint.wait(now), Some(Duration::from_millis(100)));
        assert_eq!(
            repaint.wait(now + Duration::from_millis(150)),
            Some(Duration::ZERO)
        );
        assert_eq!(repaint.wait(now + Duration::from_millis(150)), None);
    }
}
