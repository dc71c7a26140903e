//! `--log-positions`: logs where the board's squares and the main buttons are drawn, in pixels of
//! the window, whenever they move, and each frame's end — so a test can click the real window where a player would
//! (`scripts/mouse-smoke.sh`), whatever the framing, the window size or the UI scale.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::board::geometry::{PIECE_LIFT, square_center};
use crate::input::Selection;
use crate::model::game::move_cells;
use crate::model::{Cell, CurrentGame};
use crate::play::{AppState, Hint, Practice, TurnState};

/// Whether to log the positions.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LogPositions(pub bool);

/// Logs squares and buttons when `--log-positions` is given.
pub struct PositionsPlugin;

impl Plugin for PositionsPlugin {
    fn build(&self, app: &mut App) {
        let on = |flag: Option<Res<LogPositions>>| flag.is_some_and(|f| f.0);
        app.add_systems(PreUpdate, log_pointer.run_if(on))
            .add_systems(
                PostUpdate,
                (
                    // Where the camera is once it has moved this frame (the board turned to
                    // the next player in the frame the game then rests: logged a frame late,
                    // a finger went to the old place).
                    log_squares
                        .after(bevy::transform::TransformSystems::Propagate)
                        .after(bevy::camera::CameraUpdateSystems),
                    log_turn,
                    log_notice,
                    log_arrows,
                    log_selection,
                    log_review,
                )
                    .run_if(on),
            )
            .add_systems(
                Last,
                (log_frames, log_wakers)
                    .run_if(on)
                    .after(crate::rest::RestSystems),
            )
            .add_systems(
                EguiPrimaryContextPass,
                log_buttons
                    .run_if(on)
                    .after(crate::ui::UiSystems)
                    .after(crate::table::TableScreens),
            );
    }
}

/// `frame N` at the end of every frame, so a test can wait for the game to have seen its input
/// whatever the machine's speed; `frame N rests` when, after it, the game waits for input (it
/// draws no more frames until something happens: a test waits no longer).
fn log_frames(
    mut frames: Local<u64>,
    wait: Res<crate::rest::LoopWait>,
    asked_by: Res<crate::rest::AskedBy>,
) {
    *frames += 1;
    let Some(within) = wait.0 else {
        info!("frame {} rests", *frames);
        return;
    };
    info!("frame {}", *frames);
    // Why it does not rest: who asked for the next frame.
    let by = asked_by.0.map_or("egui".to_string(), |at| {
        format!("{}:{}", at.file(), at.line())
    });
    info!("next frame within {} ms, asked by {by}", within.as_millis());
}

/// What woke the game for this frame, besides what asked for it ([`log_frames`]): redraws
/// asked of the window, the window's events, egui's repaints. For the tests that check the
/// game rests.
fn log_wakers(
    redraws: MessageReader<bevy::window::RequestRedraw>,
    resized: MessageReader<bevy::window::WindowResized>,
    window_events: MessageReader<bevy::window::WindowEvent>,
    mut contexts: EguiContexts,
) {
    let counts = [
        ("redraws asked", redraws.len()),
        ("resizes", resized.len()),
        ("window events", window_events.len()),
    ];
    let woken: Vec<String> = counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(what, n)| format!("{n} {what}"))
        .collect();
    let causes: Vec<String> = contexts.ctx_mut().map_or(Vec::new(), |ctx| {
        ctx.repaint_causes().iter().map(|c| c.to_string()).collect()
    });
    if !woken.is_empty() || !causes.is_empty() {
        info!(
            "woken by {}; egui repaints for {}",
            woken.join(", "),
            causes.join(", ")
        );
    }
}

/// The pointer's presses and releases and the fingers' touches as the game receives them, in
/// the window's logical pixels: a test that taps the page can tell a tap that never arrived
/// from one the game did not act on.
fn log_pointer(
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    mut buttons: MessageReader<bevy::input::mouse::MouseButtonInput>,
) {
    for touch in touches.read() {
        let at = touch.position;
        info!(
            "touch {} {:?} at {} {}",
            touch.id,
            touch.phase,
            at.x.round(),
            at.y.round()
        );
    }
    for press in buttons.read() {
        info!("mouse {:?} {:?}", press.button, press.state);
    }
}

/// Each square's centre (on top of its piece, if one stands there) as the board camera draws it,
/// logged as `square b1 at X Y` when the view or the board changes, during a game.
fn log_squares(
    game: Res<CurrentGame>,
    state: Res<State<AppState>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut last: Local<Vec<(String, IVec2)>>,
) {
    if *state.get() == AppState::Menu {
        return;
    }
    let (Ok((camera, transform)), Ok(window)) = (camera.single(), window.single()) else {
        return;
    };
    let scale = window.scale_factor();
    let (lo, hi) = game.bounds();
    let mut now = Vec::new();
    for rank in lo.rank..=hi.rank {
        for file in lo.file..=hi.file {
            let cell = crate::model::Cell::new(file, rank);
            let lift = if game.pieces().iter().any(|&(c, _)| c == cell) {
                PIECE_LIFT * 2.0
            } else {
                0.0
            };
            let world = square_center(cell, (lo, hi)) + Vec3::Y * lift;
            if let Ok(at) = camera.world_to_viewport(transform, world) {
                now.push((cell.to_string(), (at * scale).round().as_ivec2()));
            }
        }
    }
    if *last == now {
        return;
    }
    for (name, at) in &now {
        info!("square {name} at {} {}", at.x, at.y);
    }
    *last = now;
}

/// The main buttons' centres, logged as `button title/hot-seat at X Y` when they move.
fn log_buttons(
    mut contexts: EguiContexts,
    mut last: Local<Vec<(String, IVec2)>>,
    mut last_said: Local<Vec<(String, String)>>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if ctx.has_requested_repaint() {
        // Why egui draws again (it keeps a game from resting).
        let causes: Vec<String> = ctx.repaint_causes().iter().map(|c| c.to_string()).collect();
        info!("egui repaints for {}", causes.join(", "));
    }
    let now: Vec<_> = crate::ui::landmark::drawn(ctx)
        .into_iter()
        .map(|(name, at)| (name, IVec2::new(at.x.round() as i32, at.y.round() as i32)))
        .collect();
    for (name, at) in &now {
        if !last.contains(&(name.clone(), *at)) {
            info!("button {name} at {} {}", at.x, at.y);
        }
    }
    *last = now;
    // The words of the parts that say something (the review's lines), when they change and
    // show (not under a scroll area's edge):
    // `says review/explanation: a1-a2 — blunder: …`.
    let said = crate::ui::landmark::said(ctx);
    for (name, words) in &said {
        if !last_said.contains(&(name.clone(), words.clone())) {
            info!("says {name}: {words}");
        }
    }
    *last_said = said;
}

/// The review's marks when they change (`review marks 1?? 4?`, numbered by move from 1), and
/// the move it shows: what the graph and the strip are drawn from.
fn log_review(review: Res<crate::review::Review>, mut last: Local<String>) {
    if !review.is_changed() {
        return;
    }
    let Some(state) = review.0.as_ref() else {
        last.clear();
        return;
    };
    let marks: Vec<String> = state
        .mistakes()
        .iter()
        .enumerate()
        .filter_map(|(i, mark)| {
            Some(format!(
                "{}{}",
                i + 1,
                crate::ui::text::mistake_mark((*mark)?)
            ))
        })
        .collect();
    let now = format!(
        "review at move {} of {}, {} of {} positions analysed, marks {}",
        state.shown_ply(),
        state.last_ply(),
        state.analysed(),
        state.last_ply() + 1,
        if marks.is_empty() {
            "none".to_owned()
        } else {
            marks.join(" ")
        }
    );
    if *last != now {
        info!("{now}");
        *last = now;
    }
}

/// The status line's notice when it changes (`notice Opened("game.json")`), so a test sees what
/// the game said of what it did (a file opened, or why not).
fn log_notice(status: Res<crate::play::Status>, mut last: Local<String>) {
    if !status.is_changed() {
        return;
    }
    let now = status
        .notice()
        .map(|n| format!("{n:?}"))
        .unwrap_or_default();
    if *last != now {
        if !now.is_empty() {
            info!("notice {now}");
        }
        *last = now;
    }
}

/// The piece picked up when it changes (`selected c1`, `selected none`): a test tells a tap
/// that picked a piece from a gesture that must not (a pinch's fingers).
fn log_selection(selection: Res<Selection>, mut last: Local<Option<Cell>>) {
    if !selection.is_changed() {
        return;
    }
    let now = selection.from();
    if *last != now {
        match now {
            Some(cell) => info!("selected {cell}"),
            None => info!("selected none"),
        }
        *last = now;
    }
}

/// The arrows drawn on the board when they change (`arrows b1-d3`, `arrows none`): the
/// analysis's best move, a hint, a lesson's better move.
fn log_arrows(arrows: Res<crate::board::arrows::BoardArrows>) {
    if !arrows.is_changed() {
        return;
    }
    let drawn: Vec<String> = arrows.0.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    if drawn.is_empty() {
        info!("arrows none");
    } else {
        info!("arrows {}", drawn.join(" "));
    }
}

/// What a person may click this turn, logged when it changes, so a script can play whole games
/// with the mouse: `black moves b1-b3 b1-d1 …` (a piece, or a phalanx's tail, and where it may
/// go), `white places c4 d5 …` (Parachute: where the held piece may go now), then `| hint b1 b3`
/// (the squares to click for the hint shown), and `game over` once the game has ended.
fn log_turn(now: TurnView, mut last: Local<String>) {
    let now = now.line();
    if *last != now {
        if !now.is_empty() {
            info!("{now}");
        }
        *last = now;
    }
}

/// What `log_turn` looks at.
#[derive(bevy::ecs::system::SystemParam)]
struct TurnView<'w> {
    game: Res<'w, CurrentGame>,
    state: Res<'w, State<AppState>>,
    turn: Option<Res<'w, State<TurnState>>>,
    seats: Res<'w, crate::model::Seats>,
    practice: Res<'w, Practice>,
    selection: Res<'w, Selection>,
    hint: Res<'w, Hint>,
}

impl TurnView<'_> {
    /// The line to log now (empty: nothing to say).
    fn line(&self) -> String {
        let game = &*self.game;
        let awaiting = self
            .turn
            .as_ref()
            .is_some_and(|t| *t.get() == TurnState::AwaitingInput);
        let person =
            !self.practice.scripted_to_move(game) && self.seats.player_to_move(game).is_here();
        if *self.state.get() != AppState::Playing {
            String::new()
        } else if game.end().is_some() {
            "game over".to_owned()
        } else if !awaiting || !person {
            String::new()
        } else {
            choices(game, &self.selection, &self.hint)
        }
    }
}

/// The line `log_turn` logs while a person is to move.
fn choices(game: &CurrentGame, selection: &Selection, hint: &Hint) -> String {
    let names = |cells: &[Cell]| {
        cells
            .iter()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let places = match selection {
        Selection::Placing { squares, .. } => Some(squares.clone()),
        Selection::Idle if game.must_pass_and_place() => Some(game.placements(None)),
        _ => None,
    };
    let side = format!("{:?}", game.side_to_move()).to_lowercase();
    let mut line = match places {
        Some(squares) => format!("{side} places {}", names(&squares)),
        None => {
            let moves: Vec<String> = game
                .movers()
                .iter()
                .flat_map(|&from| game.moves_from(from))
                .map(|m| format!("{}-{}", m.from, m.to))
                .collect();
            format!("{side} moves {}", moves.join(" "))
        }
    };
    if let Some(mv) = hint.0 {
        line.push_str(&format!(" | hint {}", names(&move_cells(mv))));
    }
    line
}
