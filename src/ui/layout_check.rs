//! A screen without a window, for the layout tests: egui with the game's style at a window size
//! and UI scale, the player's scrolling, and whether a button can be reached (seen whole inside
//! the window and inside its own area, scrolling if need be), and what went wrong in a pass:
//! controls or text drawn over each other, or running outside the window or their own window.

use std::cell::RefCell;
use std::collections::HashMap;

use bevy_egui::egui;
use egui::accesskit::{NodeId, Role};
use gamut_engine::Game;

/// The window sizes the layouts must fit (logical pixels), from a small laptop to 4K.
pub const SIZES: [(f32, f32); 4] = [
    (1024.0, 600.0),
    (1280.0, 800.0),
    (1920.0, 1080.0),
    (3840.0, 2160.0),
];

/// The UI scales the layouts must fit.
pub const SCALES: [f32; 4] = [0.75, 1.0, 1.5, 2.5];

/// Every window size a layout must fit: the desktop's [`SIZES`], then the page's own, a phone
/// held upright (390×844) and a tablet (1024×768).
pub const ALL_SIZES: [(f32, f32); 6] = [
    SIZES[0],
    SIZES[1],
    SIZES[2],
    SIZES[3],
    (390.0, 844.0),
    (1024.0, 768.0),
];

/// Whether a window `width` wide at UI `scale` is a case to fit: at least 390 points across (a
/// phone at 150 % would be 260 points wide: the game draws a window at no larger scale than
/// leaves that, `style::largest_scale`).
pub fn fits(width: f32, scale: f32) -> bool {
    width / scale >= super::style::NARROWEST
}

/// An egui context showing a window of one size at one UI scale.
pub struct Screen {
    pub ctx: egui::Context,
    size: egui::Vec2,
    scale: f32,
    /// What each widget of the last pass is (AccessKit's roles: a button, a label…) and what it
    /// says (named in a failure's message).
    roles: RefCell<HashMap<NodeId, (Role, String)>>,
}

impl Screen {
    pub fn new(width: f32, height: f32, scale: f32) -> Screen {
        let ctx = egui::Context::default();
        Self::style_for(&ctx);
        ctx.set_zoom_factor(scale);
        // AccessKit's tree says which widgets are controls and text (not frames or areas).
        ctx.enable_accesskit();
        Screen {
            ctx,
            size: egui::vec2(width, height),
            scale,
            roles: RefCell::default(),
        }
    }

    /// The same screen (its egui context, so its fonts, laid out once for its UI scale, which
    /// is slow in a debug build) with a window of another size.
    pub fn resized(self, width: f32, height: f32) -> Screen {
        Self::style_for(&self.ctx);
        Screen {
            size: egui::vec2(width, height),
            ..self
        }
    }

    /// The game's style.
    fn style_for(ctx: &egui::Context) {
        ctx.all_styles_mut(|style| super::style::restyle(style, false));
    }

    /// The window in egui points.
    pub fn rect(&self) -> egui::Rect {
        egui::Rect::from_min_size(egui::Pos2::ZERO, self.size / self.scale)
    }

    /// One frame as the game draws it: passes of `draw` (the events in the first) until egui
    /// asks to discard none (at most [`super::style::MAX_PASSES`]): what the frame shows.
    pub fn frame(&self, events: Vec<egui::Event>, draw: &mut impl FnMut(&egui::Context)) {
        let mut events = Some(events);
        for _ in 0..super::style::MAX_PASSES {
            let input = egui::RawInput {
                screen_rect: Some(self.rect()),
                events: events.take().unwrap_or_default(),
                ..Default::default()
            };
            self.ctx.begin_pass(input);
            draw(&self.ctx);
            let output = self.ctx.end_pass();
            let again = output.platform_output.requested_discard();
            output.drop_without_applying_deltas();
            if !again {
                return;
            }
        }
    }

    /// One pass of `draw` with these input events.
    pub fn pass(&self, events: Vec<egui::Event>, draw: &mut impl FnMut(&egui::Context)) {
        let input = egui::RawInput {
            screen_rect: Some(self.rect()),
            events,
            ..Default::default()
        };
        self.ctx.begin_pass(input);
        draw(&self.ctx);
        let output = self.ctx.end_pass();
        if let Some(update) = &output.platform_output.accesskit_update {
            *self.roles.borrow_mut() = update
                .nodes
                .iter()
                .map(|(id, node)| {
                    let says = node.label().or(node.value()).unwrap_or_default();
                    (*id, (node.role(), says.chars().take(40).collect()))
                })
                .collect();
        }
        output.drop_without_applying_deltas();
    }

    /// Draws until the button `name` is seen whole inside the window and inside the area
    /// `area`, scrolling over the area as a player would (at most 40 scrolls).
    pub fn reach(
        &self,
        area: &str,
        name: &str,
        draw: &mut impl FnMut(&egui::Context),
    ) -> Result<(), String> {
        self.reach_in(Some(area), name, draw)
    }

    /// As [`Screen::reach`], inside the area `area` (an egui area, or a part of a panel
    /// landmarked under that name) or, without one, the window (a panel's button).
    pub fn reach_in(
        &self,
        area: Option<&str>,
        name: &str,
        draw: &mut impl FnMut(&egui::Context),
    ) -> Result<(), String> {
        let mut events = Vec::new();
        let mut last = None;
        for _ in 0..80 {
            if !events.is_empty() {
                // A scroll area moves after drawing its content: the scroll shows in the next
                // pass.
                self.pass(std::mem::take(&mut events), draw);
            }
            self.pass(Vec::new(), draw);
            let area_rect = match area {
                Some(area) => self
                    .ctx
                    .memory(|m| m.area_rect(egui::Id::new(area)))
                    .or_else(|| super::landmark::rect(&self.ctx, area)),
                None => Some(self.rect()),
            };
            let button = super::landmark::rect(&self.ctx, name);
            last = Some((area_rect, button));
            let (Some(area_rect), Some(button)) = (area_rect, button) else {
                continue;
            };
            let screen = self.rect().expand(0.5);
            if screen.contains_rect(area_rect.shrink(0.5))
                && area_rect.expand(0.5).contains_rect(button)
            {
                return Ok(());
            }
            // Towards the button, by the distance between it and the area's middle, at most
            // half the area's height (so it cannot jump over it): the wheel turned down moves
            // the content up.
            let far = (button.center().y - area_rect.center().y).abs();
            let step = far.min(area_rect.height() / 2.0).max(10.0);
            let down = if button.center().y > area_rect.center().y {
                -step
            } else {
                step
            };
            // Over the area's middle; in a panel, over the button where it shows (the panel's
            // scroll area), else the window's middle.
            let visible = button.intersect(self.rect());
            let over = if area.is_none() && visible.is_positive() {
                visible.center()
            } else {
                area_rect.intersect(self.rect()).center()
            };
            // A touchpad's scroll: egui applies it in this pass (a wheel's notches are spread
            // over the next few, which only makes the tests slower).
            let scroll = |phase, delta| egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta,
                phase,
                modifiers: egui::Modifiers::NONE,
            };
            events = vec![
                egui::Event::PointerMoved(over),
                scroll(egui::TouchPhase::Start, egui::Vec2::ZERO),
                scroll(egui::TouchPhase::Move, egui::vec2(0.0, down)),
            ];
        }
        Err(format!(
            "{name} cannot be reached in a {}x{} window at UI scale {}: window {:?}, area and \
             button {last:?}",
            self.size.x,
            self.size.y,
            self.scale,
            self.rect()
        ))
    }
}

/// What the player sees as a control or as text; frames, areas, scroll areas and panels are
/// not (they hold the others).
fn is_drawn_thing(role: Role) -> bool {
    matches!(
        role,
        Role::Button
            | Role::CheckBox
            | Role::RadioButton
            | Role::ComboBox
            | Role::Slider
            | Role::SpinButton
            | Role::TextInput
            | Role::MultilineTextInput
            | Role::Label
            | Role::Link
            | Role::Image
            | Role::ProgressIndicator
    )
}

/// A control or a text of the last pass: its layer, its whole rect and the part that shows
/// (its parents' clip, as a scroll area's, cut off the rest).
#[derive(Debug, Clone)]
struct Drawn {
    layer: egui::LayerId,
    rect: egui::Rect,
    shown: egui::Rect,
    role: Role,
    /// What it says (its first 40 characters).
    says: String,
}

/// Whether the window's edge cuts `d` (a scroll area's edge may, the window's not).
fn runs_outside(window: egui::Rect, d: &Drawn) -> bool {
    let (r, s, w) = (d.rect, d.shown, window);
    let tolerance = 0.5;
    (r.left() < w.left() - tolerance && s.left() <= w.left() + tolerance)
        || (r.top() < w.top() - tolerance && s.top() <= w.top() + tolerance)
        || (r.right() > w.right() + tolerance && s.right() >= w.right() - tolerance)
        || (r.bottom() > w.bottom() + tolerance && s.bottom() >= w.bottom() - tolerance)
}

impl Screen {
    /// The controls and texts of the last pass that show at least in part.
    fn drawn(&self) -> Vec<Drawn> {
        let roles = self.roles.borrow();
        let widgets = self.ctx.viewport(|v| v.prev_pass.widgets.clone());
        let mut drawn = Vec::new();
        for (layer, rects) in widgets.layers() {
            for w in rects {
                let Some((role, says)) = roles.get(&w.id.accesskit_id()) else {
                    continue;
                };
                let role = *role;
                let shown = w.interact_rect;
                if is_drawn_thing(role) && shown.width() > 0.5 && shown.height() > 0.5 {
                    drawn.push(Drawn {
                        layer: *layer,
                        rect: w.rect,
                        shown,
                        role,
                        says: says.clone(),
                    });
                }
            }
        }
        drawn
    }

    /// A primary click at the centre of the landmark `name` as the pointer makes it: moved
    /// there and pressed in one pass, released in the next.
    pub fn click(&self, name: &str, draw: &mut impl FnMut(&egui::Context)) {
        let at = self
            .landmark(name)
            .unwrap_or_else(|| panic!("{name} was not drawn"))
            .center();
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        self.pass(vec![egui::Event::PointerMoved(at), button(true)], draw);
        self.pass(vec![button(false)], draw);
    }

    /// Whether a widget of the last pass says `text` (its first 40 characters, what is kept).
    pub fn says(&self, text: &str) -> bool {
        let start: String = text.chars().take(40).collect();
        self.roles.borrow().values().any(|(_, says)| *says == start)
    }

    /// Where the landmark `name` was drawn in the last pass.
    pub fn landmark(&self, name: &str) -> Option<egui::Rect> {
        super::landmark::rect(&self.ctx, name)
    }

    /// How many controls and texts the last pass showed (a check of a screen without controls
    /// makes sure it looked at something).
    pub fn shown_count(&self) -> usize {
        self.drawn().len()
    }

    /// What went wrong in the last pass: two controls or texts of one layer drawn over each
    /// other, one running outside the window, or outside its own window (an egui window
    /// narrower than what it holds). Nested widgets are not compared (a text is painted by its
    /// button), and what a scroll area hides is not looked at.
    pub fn problems(&self) -> Vec<String> {
        let drawn = self.drawn();
        let mut problems = Vec::new();
        for (i, a) in drawn.iter().enumerate() {
            if runs_outside(self.rect(), a) {
                problems.push(format!(
                    "{:?} {:?} {:?} runs outside the window",
                    a.role, a.says, a.rect
                ));
            }
            let own = self.ctx.memory(|m| m.area_rect(a.layer.id));
            if let Some(own) = own.filter(|_| a.layer.order != egui::Order::Background)
                && !own.expand(1.0).contains_rect(a.shown)
            {
                problems.push(format!(
                    "{:?} {:?} {:?} runs outside its window {own:?}",
                    a.role, a.says, a.shown
                ));
            }
            for b in &drawn[i + 1..] {
                let both = a.shown.intersect(b.shown);
                if a.layer == b.layer && both.width() > 1.0 && both.height() > 1.0 {
                    problems.push(format!(
                        "{:?} {:?} {:?} and {:?} {:?} {:?} overlap",
                        a.role, a.says, a.shown, b.role, b.says, b.shown
                    ));
                }
            }
        }
        problems
    }

    /// Draws until each of `buttons` can be reached in `area` (or the window, for a panel),
    /// and checks every pass that reached one for [`Screen::problems`]. `what` names the case.
    pub fn check(
        &self,
        what: &str,
        area: Option<&str>,
        buttons: &[&str],
        draw: &mut impl FnMut(&egui::Context),
    ) {
        // egui sizes a new window in an invisible first pass.
        self.pass(Vec::new(), draw);
        for button in buttons {
            if let Err(problem) = self.reach_in(area, button, draw) {
                panic!("{what}: {problem}");
            }
            let problems = self.problems();
            assert!(
                problems.is_empty(),
                "{what}, {}x{} at UI scale {}, with {button} in view: {problems:#?}",
                self.size.x,
                self.size.y,
                self.scale
            );
        }
    }
}

/// Calls `each` with a screen of every size and scale, in every language, and words naming the
/// case for a failure's message.
pub fn everywhere(mut each: impl FnMut(&Screen, &crate::i18n::Words, String)) {
    for language in crate::model::Language::ALL {
        let words = crate::i18n::Words::from_assets(language);
        for (width, height) in ALL_SIZES {
            for scale in SCALES {
                if !fits(width, scale) {
                    continue;
                }
                let what = format!("{language:?} {width}x{height} at {scale}");
                each(&Screen::new(width, height, scale), &words, what);
            }
        }
    }
}

/// Plays up to `moves` moves that do not end `game` (fewer if none is left).
pub fn play_quiet_moves(game: &mut crate::model::CurrentGame, moves: usize) {
    for _ in 0..moves {
        let quiet = game.position().legal_moves().into_iter().find(|&mv| {
            let mut after = game.clone();
            after.play(mv);
            after.end().is_none()
        });
        let Some(mv) = quiet else { break };
        game.play(mv);
    }
}

/// Where the landmarks `names` are drawn in each of `frames` frames of `draw` on a window of
/// `width`×`height` at UI scale 1, with the game's style and its passes per frame (egui's
/// unseen passes included, as the game runs them): for the tests that controls do not move
/// once drawn.
pub fn rects_over_frames(
    width: f32,
    height: f32,
    frames: usize,
    names: &[&str],
    mut draw: impl FnMut(&egui::Context),
) -> Vec<Vec<Option<egui::Rect>>> {
    let ctx = egui::Context::default();
    ctx.all_styles_mut(|style| super::style::restyle(style, false));
    super::style::settle_before_drawing(&ctx);
    (0..frames)
        .map(|_| {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(width, height),
                )),
                ..Default::default()
            };
            ctx.run_ui(input, |ui| {
                draw(ui.ctx());
                super::style::settle_windows(ui.ctx());
            })
            .drop_without_applying_deltas();
            names
                .iter()
                .map(|name| super::landmark::rect(&ctx, name))
                .collect()
        })
        .collect()
}

/// Checks that a window's controls `names` are drawn in its first frame where they stay
/// ([`assert_drawn_in_place`]), as `draw` shows it at 1280×800, 1024×600, a tablet's 1024×768
/// and a phone's 390×844.
pub fn assert_window_settles(names: &[&str], mut draw: impl FnMut(&egui::Context)) {
    for (width, height) in [
        (1280.0, 800.0),
        (1024.0, 600.0),
        (1024.0, 768.0),
        (390.0, 844.0),
    ] {
        let frames = rects_over_frames(width, height, 6, names, &mut draw);
        assert_drawn_in_place(&format!("{width}x{height}"), &frames, names);
    }
}

/// Checks that each of `names` is drawn in the first frame where it stays in the frames after
/// (within a point and a half: egui's rounding of a scroll area's height may shift a point).
pub fn assert_drawn_in_place(what: &str, frames: &[Vec<Option<egui::Rect>>], names: &[&str]) {
    for (i, name) in names.iter().enumerate() {
        let first = frames[0][i]
            .unwrap_or_else(|| panic!("{what}: {name} is not drawn in the first frame"));
        for (n, frame) in frames.iter().enumerate() {
            let moved = frame[i].map(|r| (r.center() - first.center()).length());
            assert!(
                moved.is_some_and(|d| d <= 1.5) && frame[i].map(|r| r.size()) == Some(first.size()),
                "{what}: {name} moved between the first frame ({first:?}) and frame {} ({:?})",
                n + 1,
                frame[i]
            );
        }
    }
}
