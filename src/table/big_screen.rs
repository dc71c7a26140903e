//! The host's big screen, in the Exhibition's look: while the game that hosts a table watches
//! it, the side panel and the status bar give way ([`crate::ui::BigScreen`]) to the board on
//! the whole window, the table's bar on the left (the code, the address, the QR code, the
//! seats) and, on the right, the game, each seat's player (name and rating, as they sit down)
//! with the side's clock in large type, and the move or the end. Sizes follow the window, so it
//! reads from across a room.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;
use gamut_net::{Seat, TableView};

use super::Table;
use crate::exhibition::view::{big_screen_box, swatch, unit};
use crate::i18n::Words;
use crate::model::CurrentGame;
use crate::ui::style::{ACCENT, MUTED, TEXT};

/// The big screen is on while this game hosts the table it watches, and while the host seated
/// there asks for it ([`Table::big_view`]).
pub(super) fn choose_the_big_screen(
    table: Res<Table>,
    mode: Res<State<crate::play::GameMode>>,
    mut big: ResMut<crate::ui::BigScreen>,
) {
    let on = *mode.get() == crate::play::GameMode::Table && table.shows_big_screen();
    big.set_if_neq(crate::ui::BigScreen(on));
}

/// `B`: the host seated at its own table switches between its board and the big screen.
pub(super) fn switch_with_the_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<bevy_egui::input::EguiWantsInput>>,
    table: Res<Table>,
    mut commands: MessageWriter<super::TableCommand>,
) {
    let pressed = keys.is_some_and(|k| k.just_pressed(KeyCode::KeyB));
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) || !pressed {
        return;
    }
    if table.is_host() && table.seat.is_some() {
        commands.write(super::TableCommand::BigView(!table.big_view));
    }
}

/// Draws the big screen's view: the board between the table's bar on the left and the game
/// on the right, an offer or the result as a banner over it.
pub(super) fn big_screen_view(
    mut contexts: EguiContexts,
    big: Res<crate::ui::BigScreen>,
    words: Res<Words>,
    game: Res<CurrentGame>,
    table: Res<Table>,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
) -> Result {
    if !big.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Some(view) = &table.view else {
        crate::ui::style::report_insets(ctx, 0.0, 0.0, &mut insets);
        return Ok(());
    };
    let notes = super::screen::presence_lines(&words, &table);
    draw_with(ctx, &words, &game, view, &notes);
    if let Some(said) = banner_text(&words, &game, &table) {
        banner(ctx, &said);
    }
    let (left, right) = covered_sides(ctx);
    crate::ui::style::report_side_insets(ctx, left, right, 0.0, &mut insets);
    Ok(())
}

/// How much of the window's left and right the bar and the game's box cover (as last drawn):
/// the board is framed between them, never under them.
fn covered_sides(ctx: &egui::Context) -> (f32, f32) {
    let screen = ctx.viewport_rect();
    let margin = 8.0;
    let left = ctx
        .memory(|m| m.area_rect(egui::Id::new(super::screen::BAR_AREA)))
        .map_or(0.0, |r| r.right() - screen.left() + margin);
    let right = drawn_at(ctx).map_or(0.0, |r| screen.right() - r.left() + margin);
    // A window too narrow for both keeps a third of itself for the board.
    let most = screen.width() / 3.0;
    (left.clamp(0.0, most), right.clamp(0.0, most))
}

/// What the banner says: the result once the game is over, else an offer waiting.
fn banner_text(w: &Words, game: &CurrentGame, table: &Table) -> Option<String> {
    if let Some(end) = game.end() {
        return Some(crate::ui::text::game_end(w, end));
    }
    let (by, offer) = table.offer?;
    let key = match offer {
        gamut_net::Offer::Draw => "table-offered-draw",
        gamut_net::Offer::TakeBack => "table-offered-take-back",
        gamut_net::Offer::Rematch => "table-offered-rematch",
    };
    let name = table
        .view
        .as_ref()
        .and_then(|v| name_at(w, v, by.index()))
        .unwrap_or_default();
    Some(w.t_with(key, [("name", name.into())]))
}

/// The banner's area.
pub const BANNER: &str = "table big screen banner";

/// A banner across the top of the board, in type read from across the room.
pub fn banner(ctx: &egui::Context, said: &str) {
    let u = unit(ctx.viewport_rect());
    egui::Area::new(egui::Id::new(BANNER))
        .fade_in(false)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -24.0 * u))
        .order(egui::Order::Foreground)
        .interactable(false)
        .show(ctx, |ui| {
            big_screen_box(u).show(ui, |ui| {
                ui.set_max_width(ctx.viewport_rect().width() * 0.5);
                let line = ui.add(
                    egui::Label::new(
                        egui::RichText::new(said)
                            .size(36.0 * u)
                            .strong()
                            .color(ACCENT),
                    )
                    .wrap(),
                );
                crate::ui::landmark::mark(ui, "big-screen/banner", &line);
            });
        });
}

/// Who sits at the seat `index` of `view`, by name (none: nobody named).
fn name_at(w: &Words, view: &TableView, index: usize) -> Option<String> {
    let seat = view.seats.get(index)?;
    // The computer by its level ("Computer (Expert)").
    seat.name
        .as_ref()
        .map(|n| n.as_str().to_string())
        .or_else(|| {
            seat.computer
                .is_some()
                .then(|| super::screen::sitter(w, seat, false))
        })
}

/// The big screen's area (at the top right).
pub const AREA: &str = "table big screen";
/// The width of the game's box at the right (times the screen's unit); what goes under it is
/// no wider.
pub const WIDTH: f32 = 360.0;

/// "Ann — Black — to move" (the side alone when nobody is named there).
pub fn to_move_line(w: &Words, game: &CurrentGame, view: &TableView) -> String {
    let index = game.position().seat_to_move();
    let four = view.seats.len() == 4;
    let side = crate::ui::text::seat(
        w,
        crate::model::Seat {
            side: game.side_to_move(),
            marked: index >= 2,
        },
        four,
    );
    match name_at(w, view, index) {
        Some(name) => w.t_with(
            "table-big-to-move",
            [("name", name.into()), ("side", side.into())],
        ),
        None => w.t_with("table-big-side-to-move", [("side", side.into())]),
    }
}

/// The game, the seats with their clocks, the move or the end, at the top right.
pub fn draw(ctx: &egui::Context, w: &Words, game: &CurrentGame, view: &TableView) {
    draw_with(ctx, w, game, view, &[]);
}

/// [`draw`], with `notes` under the seats (who is away, who came back).
pub fn draw_with(
    ctx: &egui::Context,
    w: &Words,
    game: &CurrentGame,
    view: &TableView,
    notes: &[String],
) {
    let u = unit(ctx.viewport_rect());
    let shown = egui::Area::new(egui::Id::new(AREA))
        // Whole at once: nobody touches the big screen to bring more frames.
        .fade_in(false)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-14.0 * u, 14.0 * u))
        .interactable(false)
        .show(ctx, |ui| {
            let framed = big_screen_box(u).show(ui, |ui| {
                // One width always: the board is framed beside it, the standings under it.
                ui.set_width(WIDTH * u);
                let title = crate::exhibition::words::title(w, &game.config);
                let heading = ui.label(
                    egui::RichText::new(title)
                        .size(30.0 * u)
                        .color(ACCENT)
                        .strong(),
                );
                crate::ui::landmark::mark(ui, "big-screen/title", &heading);
                let to_move = game.end().is_none().then(|| game.side_to_move());
                for (i, seat) in view.seats.iter().enumerate() {
                    let Some(at) = Seat::new(i as u8) else {
                        continue;
                    };
                    let side = super::follow::side_of(at);
                    // LOA for four: a side's clock once, on its first seat's line.
                    let clock = (i < 2).then_some(side);
                    let row = ui.horizontal(|ui| {
                        player(ui, w, u, game, seat, side, to_move == Some(side), clock)
                    });
                    crate::ui::landmark::mark(ui, format!("big-screen/seat-{i}"), &row.response);
                }
                for (i, note) in notes.iter().enumerate() {
                    let said = egui::RichText::new(note).size(20.0 * u).color(ACCENT);
                    let line = ui.add(egui::Label::new(said).wrap());
                    crate::ui::landmark::mark(ui, format!("big-screen/presence-{i}"), &line);
                }
                if game.end().is_none() {
                    let moving = to_move_line(w, game, view);
                    let moving = ui.add(
                        egui::Label::new(
                            egui::RichText::new(moving)
                                .size(30.0 * u)
                                .strong()
                                .color(ACCENT),
                        )
                        .wrap(),
                    );
                    crate::ui::landmark::mark(ui, "big-screen/to-move", &moving);
                }
                let said = match game.end() {
                    Some(end) => crate::ui::text::game_end(w, end),
                    None => w.t_with(
                        "table-big-move",
                        [(
                            "number",
                            ((game.ply() / view.seats.len().max(1)) as i64 + 1).into(),
                        )],
                    ),
                };
                let line = ui.add(
                    egui::Label::new(egui::RichText::new(said).size(20.0 * u).color(MUTED)).wrap(),
                );
                crate::ui::landmark::mark(ui, "big-screen/state", &line);
            });
            framed.response.rect
        });
    // Where it is in this pass (an area's own rect is its last pass's).
    let rect = shown.inner;
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(AREA), rect));
}

/// Where the big screen's view was drawn in this pass (what goes under it starts there).
pub fn drawn_at(ctx: &egui::Context) -> Option<egui::Rect> {
    ctx.data(|d| d.get_temp(egui::Id::new(AREA)))
}

/// A seat's line: the side's swatch, who sits there, and the side's clock.
#[allow(clippy::too_many_arguments)]
fn player(
    ui: &mut egui::Ui,
    w: &Words,
    u: f32,
    game: &CurrentGame,
    seat: &gamut_net::SeatView,
    side: Side,
    moving: bool,
    clock: Option<Side>,
) {
    let size = 26.0 * u;
    swatch(ui, side, size);
    let who = super::screen::sitter(w, seat, false);
    let colour = if moving { ACCENT } else { TEXT };
    ui.label(egui::RichText::new(who).size(size).color(colour));
    let Some(side) = clock.filter(|_| game.clocks().is_timed()) else {
        return;
    };
    let face = crate::model::clock::clock_face(game.clocks().left(side));
    let low = game.clocks().is_low(side);
    let colour = if low {
        egui::Color32::from_rgb(235, 80, 70)
    } else if moving {
        ACCENT
    } else {
        MUTED
    };
    ui.label(
        egui::RichText::new(face)
            .monospace()
            .size(30.0 * u)
            .strong()
            .color(colour),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::layout_check::everywhere;
    use gamut_net::{Clock, Code, Name, SeatView};

    fn view(seats: usize) -> TableView {
        let named = |name: &str| SeatView {
            name: Some(Name::parse(name).unwrap()),
            rating: gamut_net::Rating::new(1634),
            connected: true,
            computer: None,
        };
        let mut seats_shown = vec![
            named("Annabelle-Marguerite"),
            named("Bob"),
            named("Cy"),
            named("Dee"),
        ];
        seats_shown.truncate(seats);
        TableView {
            code: Code::parse("ABCDE").unwrap(),
            game: gamut_engine::any_game::GameConfig::default(),
            start: String::new(),
            moves: Vec::new(),
            clock: Clock::Live {
                seconds: 600,
                increment: 5,
            },
            clocks: None,
            seats: seats_shown,
            spectators: 2,
            end: None,
        }
    }

    /// From the sofa: at 1920×1080 the table's code, the address to type, whose move it is
    /// and a banner stand in type a tenth to a twentieth of the screen's height (a 50-inch
    /// television read from three metres wants text of about 3 % of its height), every
    /// language; the bar and the game's box leave the board at least half the window, the
    /// board framed between them.
    #[test]
    fn the_big_screen_reads_from_the_sofa() {
        let mut shown = view(2);
        shown.seats[1].name = Some(Name::parse("Bob").unwrap());
        let game = CurrentGame::new(Default::default());
        for language in crate::model::Language::ALL {
            let words = Words::from_assets(language);
            let table = Table {
                phase: super::super::Phase::AtTable,
                code: Some(shown.code.clone()),
                view: Some(shown.clone()),
                hosted: Some(super::super::host::Hosted::start(None).expect("a server")),
                ..Table::default()
            };
            let screen = crate::ui::layout_check::Screen::new(1920.0, 1080.0, 1.0);
            let mut form = super::super::screen::Form::default();
            let mut show = |ctx: &egui::Context| {
                let may = super::super::follow::MayOffer::default();
                super::super::screen::bar(ctx, &words, &table, &mut form, may, true, None);
                draw(ctx, &words, &game, &shown);
                banner(
                    ctx,
                    &words.t_with("table-offered-draw", [("name", "Annabelle".into())]),
                );
            };
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut show);
            }
            let problems = screen.problems();
            assert!(problems.is_empty(), "{language:?}: {problems:?}");
            let tall = |mark: &str| {
                let at = screen
                    .landmark(mark)
                    .unwrap_or_else(|| panic!("{language:?}: no {mark}"));
                assert!(
                    screen.rect().contains_rect(at),
                    "{language:?}: {mark} {at:?}"
                );
                at.height() / screen.rect().height()
            };
            assert!(
                tall("table-bar/code") >= 0.05,
                "the code: {}",
                tall("table-bar/code")
            );
            for mark in [
                "table-bar/address",
                "big-screen/to-move",
                "big-screen/banner",
            ] {
                assert!(tall(mark) >= 0.03, "{language:?}: {mark}: {}", tall(mark));
            }
            let (left, right) = covered_sides(&screen.ctx);
            let bar = screen.landmark("table-bar/code").unwrap();
            let title = screen.landmark("big-screen/title").unwrap();
            assert!(left >= bar.right(), "{language:?}: {left} {bar:?}");
            assert!(
                1920.0 - right <= title.left(),
                "{language:?}: {right} {title:?}"
            );
            // The board, a square, takes its whole height or nearly.
            let room = 1920.0 - left - right;
            assert!(room >= 0.8 * 1080.0, "the board's room: {left} {right}");
        }
        let words = Words::from_assets(crate::model::Language::English);
        assert_eq!(
            to_move_line(&words, &game, &shown),
            "Annabelle-Marguerite — Black — to move"
        );
    }

    /// The big screen's view fits every window, UI scale and language, its players and clocks
    /// on their lines, and grows with the screen.
    #[test]
    fn the_big_screen_fits_every_window_and_names_the_players() {
        let game = CurrentGame::new(Default::default()).with_clocks(crate::model::Clocks::new(
            super::super::follow::time_control(view(2).clock),
        ));
        everywhere(|screen, words, what| {
            let shown = view(2);
            let mut show = |ctx: &egui::Context| draw(ctx, words, &game, &shown);
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut show);
            }
            let problems = screen.problems();
            assert!(problems.is_empty(), "{what}: {problems:?}");
            for mark in ["big-screen/title", "big-screen/seat-0", "big-screen/seat-1"] {
                let at = screen
                    .landmark(mark)
                    .unwrap_or_else(|| panic!("{what}: {mark}"));
                assert!(screen.rect().contains_rect(at), "{what}: {mark} {at:?}");
            }
        });
        let words = Words::from_assets(crate::model::Language::English);
        let small = crate::ui::layout_check::Screen::new(1280.0, 800.0, 1.0);
        let large = crate::ui::layout_check::Screen::new(1920.0, 1080.0, 1.0);
        let shown = view(2);
        let mut show = |ctx: &egui::Context| draw(ctx, &words, &game, &shown);
        for screen in [&small, &large] {
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut show);
            }
        }
        let height =
            |s: &crate::ui::layout_check::Screen| s.landmark("big-screen/title").unwrap().height();
        assert!(
            height(&large) > height(&small) * 1.2,
            "read from across the room"
        );
    }
}
