//! The review strip under the board (step buttons, the move shown, the evaluation graph, play
//! from here) and the move list while reviewing (each move clickable, with its mark).

use bevy_egui::egui;
use egui_plot::{Line, MarkerShape, Plot, Points, VLine};

use super::text;
use crate::i18n::Words;
use crate::review::marks::{PLOT_LIMIT, plot_value};
use crate::review::{Mistake, Opponent, ReviewCommand, ReviewState};
use gamut_engine::coach::Judgement;

/// The strip's name: its rect is landmarked under it (for the developer tools and the tests).
pub const STRIP: &str = "review";

/// The narrowest room beside the side panel for the strip (egui points); in less, the strip
/// spans the window's width under the side panel.
pub(super) const MIN_BESIDE: f32 = 420.0;

/// The strip's tallest share of the window's height: the board keeps the rest.
const MOST_OF_HEIGHT: f32 = 0.28;

/// The review strip at the bottom of `ui`: the step buttons and the move shown, the evaluation
/// graph (a click jumps), the analysis, play from here and close. It scrolls when the window is
/// too short for it. The command the player asked for, and the strip's rect.
pub(super) fn strip(
    ui: &mut egui::Ui,
    w: &Words,
    state: &ReviewState,
) -> (Option<ReviewCommand>, egui::Rect) {
    let height = ui.ctx().content_rect().height();
    show_strip(ui, w, state, height * MOST_OF_HEIGHT, false)
}

/// The strip on a phone held upright, under a board as wide as the screen: it takes the
/// height the board leaves (at least its share), and the coach's word and the graph come
/// first, under the steps: what the review is for, in view without scrolling (the buttons
/// after them; a short strip scrolls to them).
pub(super) fn strip_in_sheet(
    ui: &mut egui::Ui,
    w: &Words,
    state: &ReviewState,
) -> (Option<ReviewCommand>, egui::Rect) {
    let height = ui.ctx().content_rect().height();
    let free = ui.available_rect_before_wrap();
    let room = (free.height() - free.width()).max(height * MOST_OF_HEIGHT);
    show_strip(ui, w, state, room, true)
}

fn show_strip(
    ui: &mut egui::Ui,
    w: &Words,
    state: &ReviewState,
    most: f32,
    words_first: bool,
) -> (Option<ReviewCommand>, egui::Rect) {
    let height = ui.ctx().content_rect().height();
    let panel = egui::Panel::bottom("review strip")
        .resizable(false)
        .show(ui, |ui| {
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            // As tall as its content up to its share (the panel is only as tall as it was in the
            // last frame: the scroll area must not take that as its limit).
            let room = most - 2.0 * ui.spacing().item_spacing.y;
            egui::ScrollArea::vertical()
                .id_salt("review strip")
                .auto_shrink([false, true])
                .max_height(room)
                .min_scrolled_height(room)
                .show(ui, |ui| strip_inside(ui, w, state, height, words_first))
                .inner
        });
    super::landmark::mark(ui, STRIP, &panel.response);
    (panel.inner, panel.response.rect)
}

fn strip_inside(
    ui: &mut egui::Ui,
    w: &Words,
    state: &ReviewState,
    height: f32,
    words_first: bool,
) -> Option<ReviewCommand> {
    let mut chosen = steps(ui, w, state);
    // How the analysis goes, under the steps: a short strip scrolls what is under it.
    analysis_line(ui, w, state);
    let graph_height = (height * MOST_OF_HEIGHT - 140.0).clamp(48.0, 110.0);
    if words_first {
        explanation(ui, w, state);
        chosen = graph(ui, w, state, graph_height).or(chosen);
        chosen = commands(ui, w).or(chosen);
        super::review_proof::proven_here(ui, w, state, false);
        return chosen;
    }
    // Play from here, Analyse and Close right under the steps: the coach's explanation and the
    // graph under them never push them out of sight.
    chosen = commands(ui, w).or(chosen);
    explanation(ui, w, state);
    super::review_proof::proven_here(ui, w, state, true);
    // The graph as tall as the window allows, never under a few rows of text.
    chosen = graph(ui, w, state, graph_height).or(chosen);
    chosen
}

/// Whether the analysis runs (how far it got), failed, or is done (and how to read the graph).
fn analysis_line(ui: &mut egui::Ui, w: &Words, state: &ReviewState) {
    let (words, line) = if state.is_analysing() {
        let words = text::analysing(w, state.analysed(), state.last_ply() + 1);
        let line = ui.horizontal_wrapped(|ui| {
            super::style::spinner(ui);
            ui.label(&words);
        });
        (words, line.response)
    } else if state.analysis_failed() {
        let words = w.t("review-analysis-failed");
        let said = egui::RichText::new(&words).color(super::style::ACCENT);
        (words, ui.add(egui::Label::new(said).wrap()))
    } else {
        let words = if super::touch_screen(ui.ctx()) {
            w.t("review-analysis-done-touch")
        } else {
            w.t("review-analysis-done")
        };
        let said = egui::RichText::new(&words).weak();
        (words, ui.add(egui::Label::new(said).wrap()))
    };
    super::landmark::mark_said(ui, "review/analysis", &line, &words);
}

/// Play from here (against the computer, hot seat), Analyse, Share and Close: the one clicked.
fn commands(ui: &mut egui::Ui, w: &Words) -> Option<ReviewCommand> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            (
                ReviewCommand::PlayFromHere(Opponent::Computer),
                "review-play-computer",
                "review/play-from-here",
            ),
            (
                ReviewCommand::PlayFromHere(Opponent::HotSeat),
                "review-play-hot-seat",
                "review/play-hot-seat",
            ),
            (ReviewCommand::Analyse, "review-analyse", "review/analyse"),
            (ReviewCommand::Share, "share-open", "review/share"),
            (ReviewCommand::Leave, "review-close", "review/close"),
        ];
        for (command, key, name) in buttons {
            let button = ui.button(w.t(key));
            super::landmark::mark(ui, name, &button);
            if button.clicked() {
                chosen = Some(command);
            }
        }
    });
    chosen
}

/// Why the move shown was a `?` or `??` and what was better, once both its positions are
/// analysed (see `gamut_engine::coach`).
fn explanation(ui: &mut egui::Ui, w: &Words, state: &ReviewState) {
    let Some(explained) = state.explained() else {
        return;
    };
    let mistake = match explained.explanation.judgement {
        Judgement::Blunder => Mistake::Blunder,
        Judgement::Dubious => Mistake::Dubious,
        Judgement::OnlyMove => Mistake::OnlyMove,
    };
    let kind = state.full_game().config.kind;
    let said = w.t_with(
        "coach-said",
        [
            ("move", explained.played.clone().into()),
            ("name", text::mistake_name(w, mistake).into()),
            (
                "reasons",
                text::explanation(w, kind, explained).join(" ").into(),
            ),
        ],
    );
    let label =
        ui.add(egui::Label::new(egui::RichText::new(&said).color(super::style::ACCENT)).wrap());
    super::landmark::mark_said(ui, "review/explanation", &label, &said);
}

/// The review's name, the step buttons and the move shown.
fn steps(ui: &mut egui::Ui, w: &Words, state: &ReviewState) -> Option<ReviewCommand> {
    let (shown, last) = (state.shown_ply(), state.last_ply());
    let actions = [
        (ReviewCommand::First, shown > 0, "review/first"),
        (ReviewCommand::Previous, shown > 0, "review/prev"),
        (ReviewCommand::Next, shown < last, "review/next"),
        (ReviewCommand::Last, shown < last, "review/last"),
    ];
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        let title = egui::RichText::new(w.t("review-title")).color(super::style::ACCENT);
        ui.label(title.strong());
        let steps = text::review_steps(w).into_iter().zip(actions);
        for ((symbol, tip), (command, enabled, name)) in steps {
            let button = ui.add_enabled(enabled, egui::Button::new(symbol));
            super::landmark::mark(ui, name, &button);
            if button.on_hover_text(tip).clicked() {
                chosen = Some(command);
            }
        }
        let line = text::review_position(w, state.full_game(), shown);
        ui.add(egui::Label::new(egui::RichText::new(line).strong()).wrap());
    });
    chosen
}

/// The evaluation over the game (Black up), the marked moves, the shown ply; a click jumps.
fn graph(ui: &mut egui::Ui, w: &Words, state: &ReviewState, height: f32) -> Option<ReviewCommand> {
    let points: Vec<[f64; 2]> = state
        .scores()
        .iter()
        .enumerate()
        .filter_map(|(ply, s)| Some([ply as f64, plot_value((*s)?)]))
        .collect();
    let marks = state.mistakes();
    let marked = |kind: Mistake| -> Vec<[f64; 2]> {
        marks
            .iter()
            .enumerate()
            .filter(|(_, m)| **m == Some(kind))
            .filter_map(|(i, _)| {
                let after = i + 1;
                Some([
                    after as f64,
                    plot_value(state.scores().get(after).copied()??),
                ])
            })
            .collect()
    };
    let (dubious, blunders) = (marked(Mistake::Dubious), marked(Mistake::Blunder));
    let only_moves = marked(Mistake::OnlyMove);
    let shown = state.shown_ply() as f64;
    let response = Plot::new("review graph")
        .height(height)
        .include_x(0.0)
        .include_x(state.last_ply().max(1) as f64)
        .include_y(-PLOT_LIMIT)
        .include_y(PLOT_LIMIT)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show(ui, |plot| {
            plot.line(
                Line::new(w.t("review-evaluation"), points)
                    .color(egui::Color32::from_rgb(120, 170, 230))
                    .fill(0.0)
                    .width(2.0),
            );
            plot.points(
                Points::new(text::mistake_name(w, Mistake::Dubious), dubious)
                    .shape(MarkerShape::Circle)
                    .radius(5.0)
                    .color(egui::Color32::from_rgb(230, 180, 40)),
            );
            plot.points(
                Points::new(text::mistake_name(w, Mistake::Blunder), blunders)
                    .shape(MarkerShape::Circle)
                    .radius(6.0)
                    .color(egui::Color32::from_rgb(220, 60, 50)),
            );
            plot.points(
                Points::new(text::mistake_name(w, Mistake::OnlyMove), only_moves)
                    .shape(MarkerShape::Diamond)
                    .radius(6.0)
                    .color(egui::Color32::from_rgb(80, 190, 110)),
            );
            plot.vline(VLine::new("", shown).color(egui::Color32::from_rgb(240, 233, 214)));
        });
    super::landmark::mark(ui, "review/graph", &response.response);
    let pos = response
        .response
        .clicked()
        .then(|| response.response.interact_pointer_pos())??;
    let x = response.transform.value_from_position(pos).x;
    let ply = x.round().clamp(0.0, state.last_ply() as f64) as usize;
    Some(ReviewCommand::Goto(ply))
}

/// The whole game's moves, each a button to its position; the shown move is selected and the
/// moves that lost most carry their mark. The heading's and the list's rects, and the move
/// clicked.
pub(super) fn move_list(
    ui: &mut egui::Ui,
    state: &ReviewState,
    w: &Words,
) -> (egui::Rect, egui::Rect, Option<ReviewCommand>) {
    let game = state.full_game();
    let seats = game.seat_count();
    let marks = state.mistakes();
    let mut clicked = None;
    // Wrapped: on a phone the French heading is wider than the screen.
    let heading = ui
        .add(egui::Label::new(egui::RichText::new(w.t("review-moves")).strong()).wrap())
        .rect;
    // Scroll to the shown move when it changes (not every frame: the list stays scrollable).
    let seen_id = ui.id().with("review shown ply");
    let seen = ui.data(|d| d.get_temp::<usize>(seen_id));
    ui.data_mut(|d| d.insert_temp(seen_id, state.shown_ply()));
    let list = egui::ScrollArea::vertical()
        .id_salt("review moves")
        .auto_shrink([false, false])
        .min_scrolled_height(0.0)
        .max_height(ui.available_height().max(0.0))
        .show(ui, |ui| {
            egui::Grid::new("review moves")
                .num_columns(seats + 1)
                .striped(true)
                .show(ui, |ui| {
                    for (line_index, line) in game.notation().chunks(seats).enumerate() {
                        ui.label(format!("{}.", line_index + 1));
                        for (k, notation) in line.iter().enumerate() {
                            let i = line_index * seats + k;
                            let mark = marks
                                .get(i)
                                .copied()
                                .flatten()
                                .map_or("", text::mistake_mark);
                            let label =
                                egui::RichText::new(format!("{notation}{mark}")).monospace();
                            let selected = state.shown_ply() == i + 1;
                            let entry = ui.selectable_label(selected, label);
                            if selected && seen != Some(state.shown_ply()) {
                                entry.scroll_to_me(None);
                            }
                            if entry.clicked() {
                                clicked = Some(ReviewCommand::Goto(i + 1));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    (heading, list.inner_rect, clicked)
}

#[cfg(test)]
mod tests {
    use gamut_engine::search::Score;

    use super::*;
    use crate::ai::Evaluation;
    use crate::model::{CurrentGame, GameSettings, Language};
    use crate::play::{AppState, Status};
    use crate::ui::layout_check::{ALL_SIZES, SCALES, Screen, fits};
    use crate::ui::side_panel::{PanelData, PanelLayout, draw_panels};

    /// Forty moves of Lines of Action that do not end it, analysed, shown half way or a little
    /// after, at a move the coach explains.
    fn reviewed() -> ReviewState {
        let mut game = CurrentGame::new(Default::default());
        crate::ui::layout_check::play_quiet_moves(&mut game, 40);
        let scores: Vec<_> = (0..=game.ply() as i32)
            .map(|i| Some(Score::Centipawns((i % 7 - 3) * 90)))
            .collect();
        // Shown at the first move after the middle that the coach explains.
        (game.ply() / 2..=game.ply())
            .map(|shown| ReviewState::with_scores(&game, shown, scores.clone()))
            .find(|state| state.explained().is_some())
            .expect("a move the coach explains")
            .with_a_win_let_go()
    }

    const CONTROLS: [&str; 10] = [
        "review/first",
        "review/prev",
        "review/next",
        "review/last",
        "review/graph",
        "review/play-from-here",
        "review/play-hot-seat",
        "review/analyse",
        "review/share",
        "review/close",
    ];

    /// The game's panels while reviewing, at every size, scale and language: every control of
    /// the strip can be reached, nothing overlaps or runs out, and the strip stays under the
    /// board (at most 30 % of the window's height, never over the side panel) — with the
    /// coach's explanation of the move shown (it pushed Play from here and Close out of sight).
    #[test]
    fn the_review_strip_leaves_the_board_and_every_control_can_be_reached() {
        let state = reviewed();
        let (settings, status) = (GameSettings::default(), Status::default());
        let evaluation = Evaluation::default();
        for language in Language::ALL {
            let words = Words::from_assets(language);
            let view = PanelData {
                game: state.full_game(),
                settings: &settings,
                status: &status,
                state: AppState::Review,
                turn: None,
                evaluation: &evaluation,
                flat: false,
                review: Some(&state),
                words: &words,
                paused: false,
                modal: false,
                show_evaluation: true,
                captions: Default::default(),
                tournament: None,
                at_table: false,
                touch: false,
                bar: Default::default(),
            };
            for (width, height) in ALL_SIZES {
                for scale in SCALES {
                    if !fits(width, scale) {
                        continue;
                    }
                    let screen = Screen::new(width, height, scale);
                    let mut layout = None;
                    let mut show = |ctx: &egui::Context| {
                        let mut root = egui::Ui::new(
                            ctx.clone(),
                            "root".into(),
                            egui::UiBuilder::new()
                                .layer_id(egui::LayerId::background())
                                .max_rect(ctx.viewport_rect()),
                        );
                        layout = Some(draw_panels(&mut root, &view).1);
                    };
                    // A panel takes the size it had in the last pass: the strip's, then the
                    // side panel's and its buttons' settle in a few.
                    for _ in 0..3 {
                        screen.pass(Vec::new(), &mut show);
                    }
                    let what = format!("{language:?}");
                    screen.check(&what, Some(STRIP), &CONTROLS, &mut show);
                    let layout = layout.expect("the panels were drawn");
                    strip_under_the_board(&screen, &layout, &what);
                }
            }
        }
    }

    /// The strip is at the bottom, at most 30 % of the window's height, and beside the side
    /// panel or under it (on a phone, alone under the board, which keeps its room: the strip
    /// takes what a board as wide as the screen leaves, and shows the coach's word and the
    /// graph without scrolling).
    fn strip_under_the_board(screen: &Screen, layout: &PanelLayout, what: &str) {
        let window = screen.rect();
        let strip = layout.review.expect("the strip was drawn");
        let what = format!("{what}, window {window:?}, {layout:?}");
        assert!(strip.bottom() <= layout.status.top() + 1.0, "{what}");
        if layout.sheet {
            let covered = egui::vec2(0.0, window.bottom() - strip.top());
            crate::ui::sheet::assert_board_room(&what, window, covered);
            // The board as wide as the screen keeps its square (a row of slack for egui's
            // spacing), or the strip keeps its share.
            let board = strip.top() - window.top();
            assert!(
                board >= window.width() - 8.0 || strip.height() <= 0.3 * window.height(),
                "{what}"
            );
            let shown: Vec<String> = crate::ui::landmark::drawn(&screen.ctx)
                .into_iter()
                .map(|(name, _)| name)
                .collect();
            for part in ["review/explanation", "review/graph"] {
                assert!(
                    shown.iter().any(|n| n == part),
                    "{part} not in view: {what}"
                );
            }
            return;
        }
        assert!(strip.height() <= 0.3 * window.height(), "{what}");
        let beside = strip.right() <= layout.side.left() + 1.0;
        let under = strip.top() >= layout.side.bottom() - 1.0;
        assert!(beside || under, "{what}");
        // The move list keeps a row of its own, down to 360 points of height (1024×600 at
        // 150 %; below, at 250 %, the strip's step buttons are the way through the moves).
        if window.height() >= 360.0 {
            assert!(
                layout.moves.height() >= 18.0,
                "no move row in review: {what}"
            );
        }
    }
}
