//! The analysis board's panel, in place of the game's side panel: the position's standing and
//! the engine's best lines, the moves with their variations (each clickable), steps along the
//! tree, the shown move's comment, saving, play from here, and the status line under the board.
//!
//! [`draw`] draws from read-only data and returns what the player asked for; the
//! [`analysis_panels`] system gathers the data and carries it out.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::record::{GameTree, NodeId};
use gamut_engine::search::{Line, Score};

use crate::ai::Standing;
use crate::analysis::proof::Settled;
use crate::analysis::{AnalysisBoard, AnalysisCommand, Board};
use crate::board::camera::CameraRig;
use crate::i18n::Words;
use crate::input::ViewCommand;
use crate::model::{CurrentGame, Seats};
use crate::play::Overlay;
use crate::play::{AppState, GameCommand, Status};
use crate::review::Opponent;
use crate::ui::text;

/// The panel's width (egui points).
const WIDTH: f32 = 340.0;
/// A window shorter than this (egui points) is short: the move list does not scroll by itself.
const SHORT: f32 = 420.0;
/// The moves of an engine line written out (the rest is left off).
const LINE_MOVES: usize = 8;

/// What a click in the panel asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    /// An analysis command.
    Analysis(AnalysisCommand),
    /// Back to the title.
    Title,
    /// The view: flat or 3D, flipped.
    View(ViewCommand),
    /// Copy the analysis's record text.
    Copy,
}

/// What the panel shows.
pub struct PanelData<'a> {
    pub board: &'a Board,
    pub game: &'a CurrentGame,
    pub status: &'a Status,
    pub seats: &'a Seats,
    pub state: AppState,
    pub words: &'a Words,
    pub flat: bool,
}

/// The panel's text fields between frames: the save's name and the comment being written.
#[derive(Default)]
pub struct Fields {
    name: String,
    comment: Option<(NodeId, String)>,
}

/// The analysis panel, while the analysis board is open.
pub(crate) fn analysis_panels(
    mut contexts: EguiContexts,
    board: Res<AnalysisBoard>,
    game: Res<CurrentGame>,
    status: Res<Status>,
    seats: Res<Seats>,
    state: Res<State<AppState>>,
    words: Res<Words>,
    rig: Res<CameraRig>,
    overlay: Res<State<Overlay>>,
    mut fields: Local<Fields>,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
    mut to: Carry,
) -> Result {
    let Some(board) = board.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let view = PanelData {
        board,
        game: &game,
        status: &status,
        seats: &seats,
        state: *state.get(),
        words: &words,
        flat: rig.flat,
    };
    if fields.name.is_empty() {
        fields.name = format!(
            "{} {}",
            words.t("analysis-title"),
            gamut_engine::record::today()
        );
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let (asked, covered) = draw(&mut root, &view, &mut fields);
    if board.is_thinking() {
        crate::rest::redraw_within(ctx, std::time::Duration::from_millis(500));
    }
    crate::ui::style::report_insets(ctx, covered.x, covered.y, &mut insets);
    if *overlay.get() == Overlay::Dialog {
        return Ok(());
    }
    for asked in asked {
        to.carry_out(asked, board, ctx);
    }
    Ok(())
}

/// Where the panel's requests go.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Carry<'w> {
    analysis: MessageWriter<'w, AnalysisCommand>,
    commands: MessageWriter<'w, GameCommand>,
    view: MessageWriter<'w, ViewCommand>,
}

impl Carry<'_> {
    fn carry_out(&mut self, asked: Asked, board: &Board, ctx: &egui::Context) {
        match asked {
            Asked::Analysis(command) => {
                self.analysis.write(command);
            }
            Asked::Title => {
                self.commands.write(GameCommand::BackToTitle);
            }
            Asked::View(command) => {
                self.view.write(command);
            }
            Asked::Copy => ctx.copy_text(board.tree.to_record().to_string()),
        }
    }
}

/// Draws the status line and the panel (beside the board, or a sheet under it on a phone):
/// what the player asked for, and what they cover of the window at the right and the bottom.
pub fn draw(
    root: &mut egui::Ui,
    view: &PanelData,
    fields: &mut Fields,
) -> (Vec<Asked>, egui::Vec2) {
    let mut asked = Vec::new();
    let status = egui::Panel::bottom("analysis status").show(root, |ui| {
        crate::ui::side_panel::status_line(
            ui,
            view.words,
            view.status,
            view.game,
            view.seats,
            view.state,
            view.flat,
        )
    });
    let (panel, sheet) = crate::ui::sheet::place_narrowed(root, "analysis panel", WIDTH);
    let panel = panel.resizable(false).show(root, |ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        let room = ui.available_height();
        egui::ScrollArea::vertical()
            .id_salt("analysis panel")
            .auto_shrink([false, false])
            .max_height(room)
            .min_scrolled_height(room)
            .show(ui, |ui| inside(ui, view, fields, &mut asked));
    });
    crate::ui::landmark::mark(root, "analysis/panel", &panel.response);
    let covered = crate::ui::sheet::covered(panel.response.rect, sheet);
    (
        asked,
        covered + egui::vec2(0.0, status.response.rect.height()),
    )
}

fn inside(ui: &mut egui::Ui, view: &PanelData, fields: &mut Fields, asked: &mut Vec<Asked>) {
    let w = view.words;
    ui.add_space(6.0);
    ui.label(
        egui::RichText::new(w.t("analysis-title"))
            .heading()
            .color(crate::ui::style::ACCENT),
    );
    ui.label(
        egui::RichText::new(format!(
            "{} · {}",
            text::game_name(w, view.game.kind()),
            text::options(w, &view.game.config)
        ))
        .weak(),
    );
    ui.separator();
    standing(ui, view);
    engine_lines(ui, view, asked);
    proven(ui, view, asked);
    ui.separator();
    steps(ui, view, asked);
    move_list(ui, view, asked);
    variation_buttons(ui, view, asked);
    comment(ui, view, fields, asked);
    ui.separator();
    saving(ui, view, fields, asked);
    ui.separator();
    leaving(ui, view, asked);
}

/// Whose move, and the engine's view of the position with its bar (the result once the line
/// has ended).
fn standing(ui: &mut egui::Ui, view: &PanelData) {
    let (w, game) = (view.words, view.game);
    let to_move = game.side_to_move();
    ui.horizontal_wrapped(|ui| {
        crate::ui::swatch(ui, to_move);
        ui.label(w.t_with(
            "analysis-to-move",
            [("side", text::side(w, to_move).into())],
        ));
    });
    let best = view.board.current_lines().and_then(|l| l.lines.first());
    let standing = match (game.end(), best) {
        (Some(end), _) => Some(Standing::Over(end)),
        (None, Some(line)) => Some(Standing::View {
            score: line.score,
            by: to_move,
        }),
        (None, None) => None,
    };
    // The line and the bar keep their place before the engine's first word (the buttons below
    // must not move under the pointer when it comes).
    let said = match standing {
        Some(Standing::View { score, by }) => text::evaluation(w, score, by),
        _ => " ".into(),
    };
    let label = ui.add(egui::Label::new(egui::RichText::new(said).strong()).truncate());
    crate::ui::landmark::mark(ui, "analysis/standing", &label);
    crate::ui::side_panel::evaluation_bar(ui, standing);
}

/// The engine: on or off, how deep, and its best lines (a click on a line plays its first
/// move).
fn engine_lines(ui: &mut egui::Ui, view: &PanelData, asked: &mut Vec<Asked>) {
    let (w, board) = (view.words, view.board);
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        let key = if board.engine_on {
            "analysis-engine-stop"
        } else {
            "analysis-engine-start"
        };
        let button = ui.button(w.t(key));
        crate::ui::landmark::mark(ui, "analysis/engine", &button);
        if button.clicked() {
            asked.push(Asked::Analysis(AnalysisCommand::ToggleEngine));
        }
        let lines = board.current_lines();
        if view.game.end().is_none() {
            if board.is_thinking() {
                crate::ui::style::spinner(ui);
            }
            if let Some(lines) = lines {
                // The lines' scores are always Black's (whoever is to move): said beside the
                // depth, in full under the pointer (no row of its own: the buttons keep their
                // place).
                let depth = w.t_with("analysis-depth", [("depth", lines.depth.into())]);
                let depth = ui
                    .label(egui::RichText::new(depth).weak())
                    .on_hover_text(w.t("analysis-score-sign"));
                crate::ui::landmark::mark(ui, "analysis/score-sign", &depth);
            }
        }
    });
    if view.game.end().is_some() {
        return;
    }
    // One row a line, always the same rows (a line not found yet is an empty row): the
    // buttons below keep their place while the engine deepens.
    let found = board.current_lines().map_or(&[][..], |l| &l.lines[..]);
    let position = board.tree.position(board.tree.current());
    for i in 0..engine_lines_shown(&position) {
        let Some(line) = found.get(i) else {
            let empty = egui::RichText::new("·").monospace().weak();
            ui.add(
                egui::Button::new(empty)
                    .frame(false)
                    .sense(egui::Sense::hover()),
            );
            continue;
        };
        let written = written_line(&position, line);
        let score = short_score(w, line.score, position.side_to_move());
        let text = egui::RichText::new(format!("{score}  {written}")).monospace();
        let button = ui.add(egui::Button::new(text).truncate().frame(false));
        crate::ui::landmark::mark(ui, format!("analysis/line-{}", i + 1), &button);
        let tip = [
            written,
            w.t("analysis-line-tip"),
            w.t("analysis-score-sign"),
        ]
        .join("\n");
        if button.on_hover_text(tip).clicked()
            && let Some(&mv) = line.pv.first()
        {
            asked.push(Asked::Analysis(AnalysisCommand::Play(mv)));
        }
    }
}

/// What the proof search settled about the shown position, in one row (the buttons below keep
/// their place when the answer comes): a forced win with its line (a click plays its first
/// move), that it cannot be lost, that it is looking, or that it proved nothing.
fn proven(ui: &mut egui::Ui, view: &PanelData, asked: &mut Vec<Asked>) {
    let (w, board) = (view.words, view.board);
    if view.game.end().is_some() {
        return;
    }
    let settled = board.current_proof();
    let said = match settled {
        Some(settled) => crate::ui::proven::settled(w, settled).unwrap_or(w.t("proof-unknown")),
        None if board.is_proving() => w.t("proof-searching"),
        None => " ".into(),
    };
    let Some(Settled::Win { line, .. }) = settled else {
        let rich = match settled {
            Some(Settled::Drawn) => egui::RichText::new(&said)
                .strong()
                .color(crate::ui::style::ACCENT),
            _ => egui::RichText::new(&said).weak(),
        };
        let label = ui
            .add(egui::Label::new(rich).truncate())
            .on_hover_text(&said);
        crate::ui::landmark::mark_said(ui, "analysis/proof", &label, &said);
        return;
    };
    let position = board.tree.position(board.tree.current());
    let written = crate::ui::proven::written_line(&position, line);
    let whole = w.t_with(
        "proof-with-line",
        [
            ("proven", said.clone().into()),
            ("line", written.clone().into()),
        ],
    );
    let text = egui::RichText::new(&whole)
        .strong()
        .color(crate::ui::style::ACCENT);
    let button = ui.add(egui::Button::new(text).truncate().frame(false));
    crate::ui::landmark::mark_said(ui, "analysis/proof", &button, &said);
    crate::ui::landmark::mark_said(ui, "analysis/proof-line", &button, &written);
    let tip = [whole, w.t("proof-line-tip")].join("\n");
    if button.on_hover_text(tip).clicked()
        && let Some(&mv) = line.first()
    {
        asked.push(Asked::Analysis(AnalysisCommand::Play(mv)));
    }
}

/// How many engine lines the panel has rows for: three, or fewer when fewer moves are legal.
fn engine_lines_shown(position: &AnyPosition) -> usize {
    crate::analysis::engine::LINES.min(position.legal_moves().len())
}

/// A line's moves in the game's notation, numbered as a record numbers them.
fn written_line(position: &AnyPosition, line: &Line<AnyMove>) -> String {
    let shown: Vec<AnyMove> = line.pv.iter().take(LINE_MOVES).copied().collect();
    let mut moves = gamut_engine::coach::written_line(position, &shown);
    if line.pv.len() > LINE_MOVES {
        moves.push("…".into());
    }
    moves.join(" ")
}

/// A score in a few signs, for the side ahead: `+1.35` (Black's view), `−0.20`, or a win in N
/// moves, as the usual analysis boards write it.
fn short_score(w: &Words, score: Score, to_move: Side) -> String {
    let black = crate::review::marks::black_view(score, to_move);
    match black {
        Score::WinIn(plies) => w.t_with(
            "analysis-score-win",
            [
                ("side", text::side(w, Side::Black).into()),
                ("moves", plies.div_ceil(2).into()),
            ],
        ),
        Score::LossIn(plies) => w.t_with(
            "analysis-score-win",
            [
                ("side", text::side(w, Side::White).into()),
                ("moves", plies.div_ceil(2).into()),
            ],
        ),
        Score::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
    }
}

/// First, back, forward, end.
fn steps(ui: &mut egui::Ui, view: &PanelData, asked: &mut Vec<Asked>) {
    let tree = &view.board.tree;
    let current = tree.current();
    let back = tree.parent(current).is_some();
    let forward = !tree.children(current).is_empty();
    let actions = [
        (AnalysisCommand::First, back, "analysis/first"),
        (AnalysisCommand::Back, back, "analysis/back"),
        (AnalysisCommand::Forward, forward, "analysis/forward"),
        (AnalysisCommand::Last, forward, "analysis/last"),
    ];
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(view.words.t("panel-moves")).strong());
        let steps = text::review_steps(view.words).into_iter().zip(actions);
        for ((symbol, tip), (command, enabled, name)) in steps {
            let button = ui.add_enabled(enabled, egui::Button::new(symbol));
            crate::ui::landmark::mark(ui, name, &button);
            if button.on_hover_text(tip).clicked() {
                asked.push(Asked::Analysis(command));
            }
        }
    });
}

/// The moves as the record writes them: the main line flowing, each variation on rows of its
/// own, indented by its depth, in brackets; the shown move highlighted, each a button.
fn move_list(ui: &mut egui::Ui, view: &PanelData, asked: &mut Vec<Asked>) {
    let tree = &view.board.tree;
    let current = tree.current();
    let rows = rows(tree);
    // Scrolled to the shown move when it changes (not every frame: the list and the panel stay
    // scrollable).
    let seen_id = ui.id().with("analysis shown node");
    let moved = ui.data(|d| d.get_temp::<NodeId>(seen_id)) != Some(current);
    ui.data_mut(|d| d.insert_temp(seen_id, current));
    // A third of the window at most; in a short window the list has no scroll of its own (the
    // panel scrolls as a whole: a list scrolling inside it would catch the wheel).
    let height = ui.ctx().content_rect().height();
    let room = if height < SHORT {
        f32::INFINITY
    } else {
        (height * 0.33).clamp(48.0, 220.0)
    };
    let frame = egui::Frame::new()
        .fill(ui.visuals().extreme_bg_color)
        .inner_margin(egui::Margin::same(6))
        .corner_radius(4);
    let list = frame.show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        egui::ScrollArea::vertical()
            .id_salt("analysis moves")
            .max_height(room)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                if rows.is_empty() {
                    ui.label(egui::RichText::new(view.words.t("analysis-no-moves")).weak());
                }
                for row in &rows {
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing.x = 4.0;
                        ui.add_space(row.depth as f32 * 14.0);
                        for item in &row.items {
                            match item {
                                Item::Open => {
                                    ui.label("(");
                                }
                                Item::Close => {
                                    ui.label(")");
                                }
                                Item::Move { node, text } => {
                                    let shown = *node == current;
                                    let mut rich = egui::RichText::new(text).monospace();
                                    if row.depth > 0 {
                                        rich = rich.italics();
                                    }
                                    let button = ui.selectable_label(shown, rich);
                                    crate::ui::landmark::mark(
                                        ui,
                                        format!("analysis/move-{}", node.index()),
                                        &button,
                                    );
                                    if shown && moved {
                                        button.scroll_to_me(None);
                                    }
                                    if button.clicked() {
                                        asked.push(Asked::Analysis(AnalysisCommand::GoTo(*node)));
                                    }
                                }
                            }
                        }
                    });
                }
            });
    });
    crate::ui::landmark::mark(ui, "analysis/moves", &list.response);
}

/// One row of the move list.
#[derive(Debug, Default, PartialEq, Eq)]
struct Row {
    depth: usize,
    items: Vec<Item>,
}

/// A move, or a variation's bracket.
#[derive(Debug, PartialEq, Eq)]
enum Item {
    Open,
    Close,
    Move { node: NodeId, text: String },
}

/// The tree's moves in written order, cut into rows: a variation starts a row of its own one
/// level in, and the line it left goes on in a new row after it closes.
fn rows(tree: &GameTree) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    let mut row = Row::default();
    for entry in tree.entries() {
        if entry.opens_variation || entry.depth != row.depth {
            if !row.items.is_empty() {
                rows.push(std::mem::take(&mut row));
            }
            row.depth = entry.depth;
        }
        if entry.opens_variation {
            row.items.push(Item::Open);
        }
        let text = if row.items.iter().any(|i| matches!(i, Item::Move { .. })) {
            entry.written()
        } else {
            entry.numbered()
        };
        row.items.push(Item::Move {
            node: entry.node,
            text,
        });
        for _ in 0..entry.closes_variations {
            row.items.push(Item::Close);
        }
        if entry.closes_variations > 0 {
            rows.push(std::mem::take(&mut row));
            row.depth = entry.depth.saturating_sub(entry.closes_variations);
        }
    }
    if !row.items.is_empty() {
        rows.push(row);
    }
    rows
}

/// The shown move's variation made the main line; the shown move and what follows deleted.
fn variation_buttons(ui: &mut egui::Ui, view: &PanelData, asked: &mut Vec<Asked>) {
    let (w, tree) = (view.words, &view.board.tree);
    let current = tree.current();
    let is_root = tree.parent(current).is_none();
    ui.horizontal_wrapped(|ui| {
        let promote = ui.add_enabled(
            !tree.is_main_line(current),
            egui::Button::new(w.t("analysis-promote")),
        );
        crate::ui::landmark::mark(ui, "analysis/promote", &promote);
        if promote.clicked() {
            asked.push(Asked::Analysis(AnalysisCommand::Promote(current)));
        }
        let delete = ui.add_enabled(!is_root, egui::Button::new(w.t("analysis-delete")));
        crate::ui::landmark::mark(ui, "analysis/delete", &delete);
        if delete.clicked() {
            asked.push(Asked::Analysis(AnalysisCommand::Delete(current)));
        }
    });
}

/// The comment on the shown move (kept in the saved record), written in a field; it is set
/// when the field loses focus or Enter is pressed.
fn comment(ui: &mut egui::Ui, view: &PanelData, fields: &mut Fields, asked: &mut Vec<Asked>) {
    let (w, tree) = (view.words, &view.board.tree);
    let current = tree.current();
    if tree.parent(current).is_none() {
        return;
    }
    let saved = tree.comment(current).unwrap_or_default().to_string();
    if fields
        .comment
        .as_ref()
        .is_none_or(|(node, _)| *node != current)
    {
        fields.comment = Some((current, saved.clone()));
    }
    let Some((_, text)) = fields.comment.as_mut() else {
        return;
    };
    let field = ui.add(
        egui::TextEdit::singleline(text)
            .hint_text(w.t("analysis-comment-hint"))
            .desired_width(ui.available_width()),
    );
    crate::ui::landmark::mark(ui, "analysis/comment", &field);
    if field.lost_focus() && *text != saved {
        let trimmed = text.trim();
        let comment = (!trimmed.is_empty()).then(|| trimmed.to_string());
        asked.push(Asked::Analysis(AnalysisCommand::Comment(current, comment)));
    }
}

/// The name to save under, Save and Copy.
fn saving(ui: &mut egui::Ui, view: &PanelData, fields: &mut Fields, asked: &mut Vec<Asked>) {
    let w = view.words;
    let width = ui.available_width();
    let name = ui.add(egui::TextEdit::singleline(&mut fields.name).desired_width(width));
    crate::ui::landmark::mark(ui, "analysis/name", &name);
    ui.horizontal_wrapped(|ui| {
        let save = ui.add_enabled(
            !fields.name.trim().is_empty(),
            egui::Button::new(w.t("analysis-save")),
        );
        crate::ui::landmark::mark(ui, "analysis/save", &save);
        if save.clicked() {
            asked.push(Asked::Analysis(AnalysisCommand::Save(
                fields.name.trim().to_string(),
            )));
        }
        let copy = ui.button(w.t("analysis-copy"));
        crate::ui::landmark::mark(ui, "analysis/copy", &copy);
        if copy.clicked() {
            asked.push(Asked::Copy);
        }
    });
    if let Some(said) = saved_line(view) {
        ui.add(egui::Label::new(egui::RichText::new(said).weak()).wrap());
    }
}

/// What the saves said of the last save, if that is what the status line says.
fn saved_line(view: &PanelData) -> Option<String> {
    use crate::model::Notice;
    let notice = view.status.notice()?;
    matches!(notice, Notice::Saved(_) | Notice::CannotSave { .. })
        .then(|| crate::ui::notices::notice(view.words, notice, text::Table::of(view.game)))
}

/// Play from here, the view, and back to the title.
fn leaving(ui: &mut egui::Ui, view: &PanelData, asked: &mut Vec<Asked>) {
    let w = view.words;
    let flat = if view.flat {
        "button-view-3d"
    } else {
        "button-view-2d"
    };
    let buttons = [
        (
            "review-play-computer",
            "analysis/play-computer",
            Asked::Analysis(AnalysisCommand::PlayFromHere(Opponent::Computer)),
        ),
        (
            "review-play-hot-seat",
            "analysis/play-hot-seat",
            Asked::Analysis(AnalysisCommand::PlayFromHere(Opponent::HotSeat)),
        ),
        (flat, "analysis/flat", Asked::View(ViewCommand::ToggleFlat)),
        (
            "button-flip",
            "analysis/flip",
            Asked::View(ViewCommand::Flip),
        ),
        ("button-title", "analysis/title", Asked::Title),
    ];
    ui.horizontal_wrapped(|ui| {
        for (key, name, wanted) in buttons {
            let button = ui.button(w.t(key));
            crate::ui::landmark::mark(ui, name, &button);
            if button.clicked() {
                asked.push(wanted);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameSettings;
    use crate::ui::layout_check::everywhere;
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::search::MultiInfo;

    /// An analysis with a main line of 12 moves, a variation with a sub-variation, the shown
    /// move inside the variation, and the engine's three lines of ten moves each.
    fn analysed() -> Board {
        let mut game = CurrentGame::new(GameConfig::default());
        crate::ui::layout_check::play_quiet_moves(&mut game, 12);
        let mut board = Board::new(crate::analysis::tree_of(&game).unwrap());
        let tree = &mut board.tree;
        tree.to_start();
        tree.forward();
        tree.forward();
        for _ in 0..2 {
            let moves = tree.current_position().legal_moves();
            tree.play(*moves.last().unwrap()).unwrap();
            let moves = tree.current_position().legal_moves();
            tree.play(moves[1]).unwrap();
            tree.back();
        }
        let position = tree.current_position().clone();
        let line = |first: usize| {
            let mut p = position.clone();
            let mut pv = Vec::new();
            for _ in 0..10 {
                let moves = p.legal_moves();
                let Some(&mv) = moves.get(first.min(moves.len() - 1)) else {
                    break;
                };
                pv.push(mv);
                p.play_unchecked(mv);
            }
            Line {
                score: Score::Centipawns(-(first as i32) * 37),
                pv,
            }
        };
        board.lines = Some(MultiInfo {
            depth: 14,
            nodes: 1_000_000,
            time: std::time::Duration::from_secs(3),
            lines: vec![line(0), line(1), line(2)],
        });
        board.lines_for = Some(board.tree.current());
        let proven = Settled::Win {
            winner: Side::White,
            moves: 4,
            line: board.lines.as_ref().unwrap().lines[0].pv.clone(),
            shortest: true,
        };
        board.proof = Some((
            board.tree.current(),
            crate::analysis::proof::ProofJob::done(proven),
        ));
        board
    }

    /// Every control of the analysis panel can be reached at every size, scale and language,
    /// with a long move list, variations and the engine's lines: nothing overlaps or runs out,
    /// and the panel leaves the board room (beside it, or above it on a phone).
    #[test]
    fn the_analysis_panel_can_be_used_everywhere() {
        let board = analysed();
        let game = board.game_at(board.tree.current());
        let status = Status::default();
        let seats = Seats(GameSettings::default());
        everywhere(|screen, words, what| {
            let view = PanelData {
                board: &board,
                game: &game,
                status: &status,
                seats: &seats,
                state: AppState::Playing,
                words,
                flat: false,
            };
            let mut fields = Fields {
                name: "Analysis 2026.11.26".into(),
                comment: None,
            };
            let buttons = [
                "analysis/engine",
                "analysis/score-sign",
                "analysis/line-1",
                "analysis/line-3",
                "analysis/proof",
                "analysis/proof-line",
                "analysis/back",
                "analysis/last",
                "analysis/promote",
                "analysis/delete",
                "analysis/comment",
                "analysis/save",
                "analysis/copy",
                "analysis/play-computer",
                "analysis/title",
            ];
            let mut covered = egui::Vec2::ZERO;
            let mut show = |ctx: &egui::Context| {
                let mut root = egui::Ui::new(
                    ctx.clone(),
                    "root".into(),
                    egui::UiBuilder::new()
                        .layer_id(egui::LayerId::background())
                        .max_rect(ctx.viewport_rect()),
                );
                covered = draw(&mut root, &view, &mut fields).1;
            };
            // A panel takes the size it had in the last pass: the status line's and the
            // panel's settle in a few.
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut show);
            }
            screen.check(&what, Some("analysis/panel"), &buttons, &mut show);
            crate::ui::sheet::assert_board_room(&what, screen.rect(), covered);
        });
    }

    /// The move list's rows: the main line flows, a variation opens a row one level in, the
    /// line it left goes on in a row of its own.
    #[test]
    fn variations_get_rows_of_their_own() {
        let board = analysed();
        let rows = rows(&board.tree);
        let depths: Vec<usize> = rows.iter().map(|r| r.depth).collect();
        assert_eq!(depths[0], 0);
        assert!(depths.contains(&1), "{depths:?}");
        assert_eq!(*depths.last().unwrap(), 0, "the main line goes on");
        for row in rows.iter().filter(|r| r.depth > 0) {
            assert!(matches!(row.items[0], Item::Open), "{row:?}");
        }
        let written: usize = rows
            .iter()
            .flat_map(|r| &r.items)
            .filter(|i| matches!(i, Item::Move { .. }))
            .count();
        assert_eq!(written, board.tree.entries().len());
    }
}
