//! A screen without a window, for the layout tests: egui with the game's style at a window size
//! and UI scale, the player's mouse wheel, and whether a button can be reached (seen whole inside
//! the window and inside its own area, scrolling if need be).

use bevy_egui::egui;

/// The window sizes the layouts must fit (logical pixels), from a small laptop to 4K.
pub const SIZES: [(f32, f32); 4] = [
    (1024.0, 600.0),
    (1280.0, 800.0),
    (1920.0, 1080.0),
    (3840.0, 2160.0),
];

/// The UI scales the layouts must fit.
pub const SCALES: [f32; 4] = [0.75, 1.0, 1.5, 2.5];

/// An egui context showing a window of one size at one UI scale.
pub struct Screen {
    pub ctx: egui::Context,
    size: egui::Vec2,
    scale: f32,
}

impl Screen {
    pub fn new(width: f32, height: f32, scale: f32) -> Screen {
        let ctx = egui::Context::default();
        ctx.all_styles_mut(|style| super::style::restyle(style, false));
        ctx.set_zoom_factor(scale);
        Screen {
            ctx,
            size: egui::vec2(width, height),
            scale,
        }
    }

    /// The window in egui points.
    pub fn rect(&self) -> egui::Rect {
        egui::Rect::from_min_size(egui::Pos2::ZERO, self.size / self.scale)
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
        self.ctx.end_pass().drop_without_applying_deltas();
    }

    /// Draws until the button `name` is seen whole inside the window and inside the area
    /// `area`, turning the mouse wheel over the area as a player would (at most 40 passes).
    pub fn reach(
        &self,
        area: &str,
        name: &str,
        draw: &mut impl FnMut(&egui::Context),
    ) -> Result<(), String> {
        let mut events = Vec::new();
        let mut last = None;
        for _ in 0..40 {
            self.pass(std::mem::take(&mut events), draw);
            let area_rect = self.ctx.memory(|m| m.area_rect(egui::Id::new(area)));
            let button = super::landmark::rect(&self.ctx, name);
            last = Some((area_rect, button));
            let (Some(area_rect), Some(button)) = (area_rect, button) else {
                continue;
            };
            let screen = self.rect().expand(0.5);
            if screen.contains_rect(area_rect.shrink(0.5)) && area_rect.contains_rect(button) {
                return Ok(());
            }
            // Towards the button: the wheel turned down moves the content up.
            let down = if button.center().y > area_rect.center().y {
                -60.0
            } else {
                60.0
            };
            events = vec![
                egui::Event::PointerMoved(area_rect.center()),
                egui::Event::MouseWheel {
                    unit: egui::MouseWheelUnit::Point,
                    delta: egui::vec2(0.0, down),
                    phase: egui::TouchPhase::Move,
                    modifiers: egui::Modifiers::NONE,
                },
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
