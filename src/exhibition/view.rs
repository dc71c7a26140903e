//! The exhibition's view, in place of the side panel and the status bar: a large evaluation bar
//! on the left edge, the game and the players at the top, the caption at the bottom (fading),
//! and at the end the game's evaluation graph in the middle with the result. Sizes follow the
//! window, so it reads from across a room at 1280×800 as at 1920×1080.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui_plot::{HLine, Line, Plot};
use gamut_engine::Color as Side;
use gamut_engine::search::Score;

use super::caption::{Caption, ending};
use super::{Captions, EvaluationTrace, Exhibition, Phase, white_share, words};
use crate::ai::{Evaluation, Standing};
use crate::i18n::Words;
use crate::model::{CurrentGame, GameSettings, Seat};
use crate::play::{AppState, TurnState};
use crate::review::marks::{PLOT_LIMIT, black_view};
use crate::ui::style::{ACCENT, MUTED, TEXT};

/// Seconds a caption stays fully visible, then the seconds it takes to fade out.
const CAPTION_SECONDS: (f64, f64) = (5.0, 1.5);
/// How fast the evaluation bar follows a new evaluation (per second).
const BAR_SPEED: f32 = 2.5;

const BLACK_PIECE: egui::Color32 = egui::Color32::from_rgb(25, 25, 28);
const WHITE_PIECE: egui::Color32 = egui::Color32::from_rgb(240, 233, 214);
/// Behind the finished game's graph: nearly opaque.
const FINALE: egui::Color32 = egui::Color32::from_rgba_premultiplied(24, 21, 19, 240);
/// Behind the exhibition's text: the panels' colour, see-through.
pub const SHADE: egui::Color32 = egui::Color32::from_rgba_premultiplied(20, 18, 16, 215);

/// What the view reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ExhibitionView<'w> {
    exhibition: Res<'w, Exhibition>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, crate::model::Seats>,
    exhibiting: Option<Res<'w, State<crate::play::Exhibiting>>>,
    evaluation: Res<'w, Evaluation>,
    trace: Res<'w, EvaluationTrace>,
    captions: Res<'w, Captions>,
    words: Res<'w, Words>,
    time: Res<'w, Time>,
    state: Res<'w, State<AppState>>,
    turn: Option<Res<'w, State<TurnState>>>,
}

/// The view's scale: 1 at 1280×800, larger on larger screens.
pub fn unit(screen: egui::Rect) -> f32 {
    (screen.width() / 1280.0)
        .min(screen.height() / 800.0)
        .max(0.6)
}

pub(super) fn exhibition_view(
    mut contexts: EguiContexts,
    view: ExhibitionView,
    mut bar: Local<Option<f32>>,
) -> Result {
    if view.exhibiting.is_none() {
        // The bar starts from the middle at the next show.
        *bar = None;
        return Ok(());
    }
    if !view.words.is_ready() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Once the game is over the bar goes to the winner, without the search's last word.
    let standing = view.evaluation.standing(&view.game);
    let (target, label) = match standing {
        Some(Standing::View { score, by }) => (
            white_share(score, by),
            Some(advantage_label(black_view(score, by))),
        ),
        Some(over) => (1.0 - over.black_share(), None),
        None => (0.5, None),
    };
    let bar_shown = bar.get_or_insert(target);
    *bar_shown += (target - *bar_shown) * (1.0 - (-BAR_SPEED * view.time.delta_secs()).exp());
    let age = view.time.elapsed_secs_f64() - view.captions.since;
    let (stay, fade) = CAPTION_SECONDS;
    let finale = match view.exhibition.phase() {
        Phase::Finale { elapsed } if *view.state.get() == AppState::GameOver => {
            Some(elapsed.as_secs_f32() / view.exhibition.pause.as_secs_f32().max(0.1))
        }
        _ => None,
    };
    let shown = Shown {
        exhibition: &view.exhibition,
        game: &view.game,
        settings: &view.seats,
        trace: &view.trace,
        captions: &view.captions.lines,
        words: &view.words,
        thinking: view
            .turn
            .as_ref()
            .is_some_and(|t| *t.get() == TurnState::AiThinking),
        bar: (*bar_shown, label),
        caption_opacity: (1.0 - (age - stay) / fade).clamp(0.0, 1.0) as f32,
        finale,
    };
    draw(ctx, &shown);
    Ok(())
}

/// What the view shows, as the system found it.
pub struct Shown<'a> {
    pub exhibition: &'a Exhibition,
    pub game: &'a CurrentGame,
    pub settings: &'a GameSettings,
    pub trace: &'a EvaluationTrace,
    /// The last move's captions.
    pub captions: &'a [Caption],
    /// The words, in the player's language.
    pub words: &'a Words,
    /// The computer is thinking of its move.
    pub thinking: bool,
    /// White's share of the bar, and the advantage written on the leader's end.
    pub bar: (f32, Option<(String, Side)>),
    /// The captions' opacity (0: gone).
    pub caption_opacity: f32,
    /// The game is over: how far the pause before the next game has gone (0–1).
    pub finale: Option<f32>,
}

/// The exhibition's view: the evaluation bar, the top line, and the captions or, once the game
/// is over, the finale.
pub fn draw(ctx: &egui::Context, shown: &Shown) {
    let screen = ctx.viewport_rect();
    let u = unit(screen);
    evaluation_bar(ctx, screen, u, shown.bar.0, shown.bar.1.clone());
    top_line(ctx, u, shown);
    match shown.finale {
        Some(progress) => finale(ctx, screen, u, shown, progress),
        None => caption(ctx, screen, u, shown),
    }
}

/// The advantage as the bar writes it on the leader's end: pieces (`1.5`), or `#3` for a win in
/// three moves seen by the search; and the leader. From a score seen by Black.
fn advantage_label(black_score: Score) -> (String, Side) {
    match black_score {
        Score::Centipawns(cp) => (
            format!("{:.1}", f64::from(cp.unsigned_abs()) / 100.0),
            if cp >= 0 { Side::Black } else { Side::White },
        ),
        Score::WinIn(plies) => (format!("#{}", plies.div_ceil(2)), Side::Black),
        Score::LossIn(plies) => (format!("#{}", plies.div_ceil(2)), Side::White),
    }
}

/// The bar on the left edge: White's share from the bottom, Black's from the top, a mark at
/// even, and the advantage on the leader's end.
fn evaluation_bar(
    ctx: &egui::Context,
    screen: egui::Rect,
    u: f32,
    white: f32,
    label: Option<(String, Side)>,
) {
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("exhibition bar"),
    ));
    let margin = 16.0 * u;
    let rect = egui::Rect::from_min_size(
        screen.min + egui::vec2(margin, margin),
        egui::vec2(38.0 * u, screen.height() - 2.0 * margin),
    );
    let radius = 8.0 * u;
    painter.rect_filled(rect.expand(3.0 * u), radius, SHADE);
    painter.rect_filled(rect, radius, BLACK_PIECE);
    let white = white.clamp(0.0, 1.0);
    let split = rect.bottom() - rect.height() * white;
    let white_rect = egui::Rect::from_min_max(egui::pos2(rect.left(), split), rect.max);
    painter.rect_filled(white_rect, radius, WHITE_PIECE);
    let middle = rect.center().y;
    painter.line_segment(
        [
            egui::pos2(rect.left() - 4.0 * u, middle),
            egui::pos2(rect.right() + 4.0 * u, middle),
        ],
        egui::Stroke::new(2.0 * u, ACCENT),
    );
    let Some((text, leader)) = label else {
        return;
    };
    let font = egui::FontId::proportional(15.0 * u);
    let (at, align, color) = match leader {
        Side::White => (
            egui::pos2(rect.center().x, rect.bottom() - 6.0 * u),
            egui::Align2::CENTER_BOTTOM,
            BLACK_PIECE,
        ),
        Side::Black => (
            egui::pos2(rect.center().x, rect.top() + 6.0 * u),
            egui::Align2::CENTER_TOP,
            WHITE_PIECE,
        ),
    };
    painter.text(at, align, text, font, color);
}

/// A frame of the exhibition: dark, rounded, see-through.
fn shade_frame(u: f32) -> egui::Frame {
    let margin = (14.0 * u).clamp(4.0, 60.0) as i8;
    egui::Frame::new()
        .fill(SHADE)
        .corner_radius(12.0 * u)
        .inner_margin(egui::Margin::symmetric(margin.saturating_mul(2), margin))
}

/// A box over the board on a big screen (a table's players, the night's standings): dark,
/// rounded, see-through, its margin in step with the window.
pub fn big_screen_box(u: f32) -> egui::Frame {
    egui::Frame::new()
        .fill(SHADE)
        .corner_radius(10.0 * u)
        .inner_margin(egui::Margin::same((14.0 * u) as i8))
}

/// A round swatch of a side's colour, the size of the text.
pub fn swatch(ui: &mut egui::Ui, side: Side, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let fill = match side {
        Side::Black => BLACK_PIECE,
        Side::White => WHITE_PIECE,
    };
    ui.painter().circle(
        rect.center(),
        size * 0.45,
        fill,
        egui::Stroke::new(1.5, MUTED),
    );
}

/// The game and variant, the two players (the one to move in the accent colour), the game's
/// place in the cycle and the move number.
fn top_line(ctx: &egui::Context, u: f32, view: &Shown) {
    let (game, w) = (view.game, view.words);
    let to_move = game.end().is_none().then(|| game.side_to_move());
    let thinking = view.thinking;
    egui::Area::new(egui::Id::new("exhibition top"))
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 14.0 * u))
        .interactable(false)
        .show(ctx, |ui| {
            // Clear of the evaluation bar on either side.
            ui.set_max_width(ctx.content_rect().width() - 2.0 * 70.0 * u);
            shade_frame(u).show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(words::title(w, &game.config))
                            .size(32.0 * u)
                            .color(ACCENT)
                            .strong(),
                    );
                    let players = centred_row(ui, |ui| {
                        for (i, side) in Side::ALL.into_iter().enumerate() {
                            if i > 0 {
                                ui.add_space(28.0 * u);
                            }
                            let moving = to_move == Some(side);
                            player(ui, u, view, side, moving && thinking);
                        }
                    });
                    crate::ui::landmark::mark_rect(ui, "exhibition/players", players);
                    let place = words::place(
                        w,
                        view.exhibition.index() + 1,
                        view.exhibition.cycle().len(),
                        game.ply(),
                    );
                    ui.label(egui::RichText::new(place).size(17.0 * u).color(MUTED));
                });
            });
        });
}

/// A row in the middle of a centred column, on one line when it fits, else wrapping to the
/// column's width. The row's width on one line is measured in a pass that lays it out on one
/// line, and kept (a plain horizontal row in a centred column starts on the left and widens the
/// column every pass; a wrapping row as wide as its last pass stays as narrow as the first one).
fn centred_row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) -> egui::Rect {
    let id = ui.id().with("centred row");
    let natural = ui.data(|d| d.get_temp::<f32>(id));
    let room = ui.available_width();
    match natural {
        Some(width) if width > room => {
            let layout = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
            ui.allocate_ui_with_layout(egui::vec2(room, 0.0), layout, add)
                .response
                .rect
        }
        _ => {
            let width = natural.unwrap_or(room).min(room);
            let layout = egui::Layout::left_to_right(egui::Align::Center);
            let row = ui.allocate_ui_with_layout(egui::vec2(width, 0.0), layout, add);
            let used = row.response.rect.width();
            if natural != Some(used) {
                ui.data_mut(|d| d.insert_temp(id, used));
                ui.ctx().request_discard("the exhibition's row measured");
            }
            row.response.rect
        }
    }
}

/// A side's swatch, name and player (both sets' in LOA for four).
fn player(ui: &mut egui::Ui, u: f32, view: &Shown, side: Side, thinking: bool) {
    let (size, w) = (22.0 * u, view.words);
    swatch(ui, side, size);
    let who = if view.game.is_four_players() {
        let marked = view.settings.seat_player(Seat { side, marked: true }, true);
        words::two_sets(w, view.settings.player(side), marked)
    } else {
        words::player(w, view.settings.player(side))
    };
    let color = if thinking { ACCENT } else { TEXT };
    ui.label(
        egui::RichText::new(words::seat(w, side, who))
            .size(size)
            .color(color),
    );
    if thinking {
        ui.label(
            egui::RichText::new(words::thinking(w))
                .size(size * 0.8)
                .color(MUTED)
                .italics(),
        );
    }
}

/// The last move's captions at the bottom, fading after a few seconds.
fn caption(ctx: &egui::Context, screen: egui::Rect, u: f32, view: &Shown) {
    let Some(first) = view.captions.first() else {
        return;
    };
    let (opacity, w) = (view.caption_opacity, view.words);
    if opacity <= 0.0 {
        return;
    }
    let rest = &view.captions[1..];
    egui::Area::new(egui::Id::new("exhibition caption"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -28.0 * u))
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_opacity(opacity);
            ui.set_max_width(screen.width() * 0.8);
            shade_frame(u).show(ui, |ui| {
                ui.vertical(|ui| {
                    ui.label(
                        egui::RichText::new(words::caption(w, *first))
                            .size(36.0 * u)
                            .color(TEXT),
                    );
                    for line in rest {
                        ui.label(
                            egui::RichText::new(words::caption(w, *line))
                                .size(30.0 * u)
                                .color(ACCENT)
                                .strong(),
                        );
                    }
                });
            });
        });
}

/// The finished game: the result, its length, the graph of Black's advantage, and the next game
/// with the time left before it.
fn finale(ctx: &egui::Context, screen: egui::Rect, u: f32, view: &Shown, progress: f32) {
    let (game, w) = (view.game, view.words);
    let result = game
        .end()
        .map(|end| words::caption(w, ending(end)))
        .unwrap_or_default();
    let width = (screen.width() * 0.62).max(320.0);
    // The graph takes what the words leave in a short window.
    let height = (screen.height() * 0.36)
        .max(160.0)
        .min(screen.height() - 300.0 * u)
        .max(30.0);
    egui::Area::new(egui::Id::new("exhibition finale"))
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 10.0 * u))
        .interactable(false)
        .show(ctx, |ui| {
            shade_frame(u).fill(FINALE).show(ui, |ui| {
                ui.set_width(width);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(result)
                            .size(44.0 * u)
                            .color(ACCENT)
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(words::summary(w, &game.config, game.ply()))
                            .size(20.0 * u)
                            .color(MUTED),
                    );
                    ui.add_space(8.0 * u);
                    ui.label(
                        egui::RichText::new(words::graph_title(w))
                            .size(20.0 * u)
                            .color(TEXT),
                    );
                });
                graph(ui, u, view.trace, game.ply(), height, w);
                ui.add_space(8.0 * u);
                ui.vertical_centered(|ui| {
                    let next = words::next_game(w, &view.exhibition.upcoming().config);
                    ui.label(egui::RichText::new(next).size(22.0 * u).color(TEXT));
                });
                let (rect, _) = ui.allocate_exact_size(
                    egui::vec2(ui.available_width(), 5.0 * u),
                    egui::Sense::hover(),
                );
                ui.painter()
                    .rect_filled(rect, 2.0 * u, egui::Color32::from_gray(60));
                let mut done = rect;
                done.set_width(rect.width() * progress.clamp(0.0, 1.0));
                ui.painter().rect_filled(done, 2.0 * u, ACCENT);
            });
        });
}

/// Black's advantage after each computer move (up: Black ahead, as in the review's graph),
/// from the start (even) to the end.
fn graph(ui: &mut egui::Ui, u: f32, trace: &EvaluationTrace, plies: usize, height: f32, w: &Words) {
    let points: Vec<[f64; 2]> = std::iter::once([0.0, 0.0])
        .chain(trace.points.iter().copied())
        .collect();
    ui.scope(|ui| {
        let small = egui::FontId::proportional(15.0 * u);
        ui.style_mut()
            .text_styles
            .insert(egui::TextStyle::Small, small.clone());
        ui.style_mut()
            .text_styles
            .insert(egui::TextStyle::Body, small);
        Plot::new("exhibition graph")
            .height(height)
            .include_x(0.0)
            .include_x(plies.max(1) as f64)
            .include_y(-PLOT_LIMIT)
            .include_y(PLOT_LIMIT)
            .x_axis_label(words::graph_axis(w))
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .allow_double_click_reset(false)
            .show_x(false)
            .show_y(false)
            .show(ui, |plot| {
                plot.hline(HLine::new("", 0.0).color(MUTED));
                plot.line(
                    Line::new(words::graph_line(w), points)
                        .color(ACCENT)
                        .fill(0.0)
                        .width(3.0 * u),
                );
            });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_writes_pieces_or_a_win_on_the_leaders_end() {
        assert_eq!(
            advantage_label(Score::Centipawns(-150)),
            ("1.5".to_string(), Side::White)
        );
        assert_eq!(
            advantage_label(Score::Centipawns(40)),
            ("0.4".to_string(), Side::Black)
        );
        assert_eq!(
            advantage_label(Score::LossIn(5)),
            ("#3".to_string(), Side::White)
        );
    }

    use crate::ui::layout_check::{SCALES, SIZES, Screen};
    use gamut_engine::Game;

    use crate::model::Language;

    /// The captions whose words are longest in `w`'s language, longest first.
    fn longest_captions(w: &Words) -> Vec<Caption> {
        let mut all = super::super::words::tests::all_captions();
        all.sort_by_key(|c| std::cmp::Reverse(words::caption(w, *c).chars().count()));
        all.truncate(3);
        all
    }

    /// The view at every size, scale and language, during a game of Lines of Action for four
    /// (the longest players' line, the computer thinking) with the longest captions, or at the
    /// end of it with its graph (`finale`): nothing overlaps, runs out of the window or of its
    /// frame.
    fn fits_every_window_in_every_language(finale: Option<f32>) {
        let config = super::super::loa(gamut_engine::loa::Variant::FourPlayers);
        let showcase = super::super::Showcase::new(config, 14, 13);
        let exhibition = Exhibition::with_cycle(vec![showcase]);
        let settings = exhibition.settings();
        let mut game = CurrentGame::new(config);
        for _ in 0..6 {
            let mv = game.position().legal_moves()[0];
            game.play(mv);
        }
        let mut over = game.clone();
        over.resign();
        let trace = EvaluationTrace {
            points: (1..=6).map(|i| [i as f64, (i % 3) as f64 - 1.0]).collect(),
        };
        for scale in SCALES {
            // One context a scale: its large fonts take long to lay out in a debug build.
            let mut screen = Screen::new(SIZES[0].0, SIZES[0].1, scale);
            for lang in Language::ALL {
                let w = Words::from_assets(lang);
                let captions = longest_captions(&w);
                for (width, height) in SIZES {
                    screen = screen.resized(width, height);
                    let game = if finale.is_some() { &over } else { &game };
                    {
                        let shown = Shown {
                            exhibition: &exhibition,
                            game,
                            settings: &settings,
                            trace: &trace,
                            captions: &captions,
                            words: &w,
                            thinking: true,
                            bar: (0.3, Some(advantage_label(Score::Centipawns(-150)))),
                            caption_opacity: 1.0,
                            finale,
                        };
                        // Areas are sized in the pass after they are first drawn.
                        for _ in 0..3 {
                            screen.pass(Vec::new(), &mut |ctx| draw(ctx, &shown));
                        }
                        let what = format!("{lang:?} {width}x{height} at {scale}, {finale:?}");
                        assert!(screen.shown_count() >= 4, "{what}: the texts were seen");
                        let problems = screen.problems();
                        assert!(problems.is_empty(), "{what}: {problems:#?}");
                    }
                }
            }
        }
    }

    /// Found on screen: the players' row of a two-player game came out as a narrow column, each
    /// player over three lines (the row kept the width of its first pass).
    #[test]
    fn the_players_share_one_line_where_it_fits() {
        let config = super::super::loa(gamut_engine::loa::Variant::Standard);
        let exhibition = Exhibition::with_cycle(vec![super::super::Showcase::new(config, 14, 13)]);
        let settings = exhibition.settings();
        let game = CurrentGame::new(config);
        let trace = EvaluationTrace::default();
        for (width, height) in [(1280.0, 800.0), (1920.0, 1080.0)] {
            let screen = Screen::new(width, height, 1.0);
            for lang in Language::ALL {
                let w = Words::from_assets(lang);
                let captions: Vec<super::Caption> = Vec::new();
                let shown = Shown {
                    exhibition: &exhibition,
                    game: &game,
                    settings: &settings,
                    trace: &trace,
                    captions: &captions,
                    words: &w,
                    thinking: false,
                    bar: (0.5, None),
                    caption_opacity: 1.0,
                    finale: None,
                };
                for _ in 0..4 {
                    screen.pass(Vec::new(), &mut |ctx| draw(ctx, &shown));
                }
                let row = screen
                    .landmark("exhibition/players")
                    .expect("the players' row");
                let unit = unit(screen.rect());
                assert!(
                    row.height() < 2.0 * 22.0 * unit,
                    "{lang:?} {width}x{height}: the players take {} points of height",
                    row.height()
                );
            }
        }
    }

    #[test]
    fn the_view_during_a_game_fits_every_window_in_every_language() {
        fits_every_window_in_every_language(None);
    }

    #[test]
    fn the_view_at_the_end_of_a_game_fits_every_window_in_every_language() {
        fits_every_window_in_every_language(Some(0.5));
    }

    #[test]
    fn the_view_grows_with_the_screen() {
        let at = |w, h| {
            unit(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(w, h),
            ))
        };
        assert_eq!(at(1280.0, 800.0), 1.0);
        assert!(at(1920.0, 1080.0) > 1.3);
        assert!(at(320.0, 240.0) >= 0.6);
    }
}
