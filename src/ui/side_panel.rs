//! The status bar and the side panel: the game and its options, whose turn, the players, the
//! computer's view, the actions (in a fixed place at the bottom) and the move list.
//!
//! [`draw_panels`] draws them from read-only [`PanelData`] and returns what was clicked as
//! [`PanelIntent`]s, with where each part went ([`PanelLayout`]); the [`panels`] system gathers
//! the data and carries the intents out. So the layout is tested on a plain `egui::Context`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;

use super::{swatch, text};
use crate::ai::Evaluation;
use crate::board::camera::CameraRig;
use crate::i18n::Words;
use crate::input::ViewCommand;
use crate::model::{CurrentGame, GameSettings, Presentation, Seat};
use crate::play::status::idle_help;
use crate::play::{
    Actions, AppState, GameCommand, HintRequest, Status, TurnState, available_actions,
};
use crate::play::{Dialogs, Modal};
use crate::review::{Review, ReviewCommand, ReviewState};

/// What the panels read, as the system finds it.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelView<'w> {
    game: Res<'w, CurrentGame>,
    seats: Res<'w, crate::model::Seats>,
    status: Res<'w, Status>,
    state: Res<'w, State<AppState>>,
    turn: Option<Res<'w, State<TurnState>>>,
    evaluation: Res<'w, Evaluation>,
    rig: Res<'w, CameraRig>,
    review: Res<'w, Review>,
    words: Res<'w, Words>,
    overlay: Res<'w, State<crate::play::Overlay>>,
    presentation: Res<'w, Presentation>,
    names: Res<'w, crate::model::SeatNames>,
    roster: Res<'w, crate::strength::Roster>,
    mode: Res<'w, State<crate::play::GameMode>>,
    news: Res<'w, crate::play::TournamentNews>,
    pointer: Res<'w, crate::input::pointer::PointerKind>,
    cover: Res<'w, super::BarCover>,
}

impl PanelView<'_> {
    /// The data to draw from; `modal`: a dialog that pauses the game is open.
    fn data(&self, modal: bool) -> PanelData<'_> {
        PanelData {
            game: &self.game,
            settings: &self.seats,
            status: &self.status,
            state: *self.state.get(),
            turn: self.turn.as_ref().map(|t| *t.get()),
            evaluation: &self.evaluation,
            flat: self.rig.flat,
            review: self.review.0.as_ref(),
            words: &self.words,
            paused: *self.overlay.get() == crate::play::Overlay::Dialog,
            modal,
            show_evaluation: self.presentation.show_evaluation,
            captions: self.captions(),
            tournament: self
                .news
                .playing
                .filter(|_| *self.mode.get() == crate::play::GameMode::Tournament),
            at_table: *self.mode.get() == crate::play::GameMode::Table,
            touch: *self.pointer == crate::input::pointer::PointerKind::Touch,
            bar: *self.cover,
        }
    }

    /// The named people's captions, in seat order: the name and its rating in the game.
    fn captions(&self) -> [Option<String>; 4] {
        let kind = self.game.kind();
        self.names.0.clone().map(|name| {
            name.map(
                |name| match super::players::rating_in(&self.roster, &name, kind) {
                    Some(rating) => super::players::name_with_rating(&self.words, &name, rating),
                    // Not a remembered player (a game opened from someone's record), or no game
                    // of this one yet.
                    None => name,
                },
            )
        })
    }
}

/// What the panels show: read-only, so they can be drawn without Bevy's systems.
pub(super) struct PanelData<'a> {
    pub game: &'a CurrentGame,
    pub settings: &'a GameSettings,
    pub status: &'a Status,
    pub state: AppState,
    pub turn: Option<TurnState>,
    pub evaluation: &'a Evaluation,
    /// The board is seen from above.
    pub flat: bool,
    /// The game under review, if any.
    pub review: Option<&'a ReviewState>,
    pub words: &'a Words,
    /// A dialog pauses the game.
    pub paused: bool,
    /// A dialog that pauses the game is open: the game's actions wait.
    pub modal: bool,
    /// The computer's evaluation shows while the game goes on (the settings' choice).
    pub show_evaluation: bool,
    /// The named people's captions in seat order (none: the player's kind, as without names).
    pub captions: [Option<String>; 4],
    /// A game of the tournament night: its round and board.
    pub tournament: Option<(u8, u8)>,
    /// A game at a table on the network (nothing taken back, no hints).
    pub at_table: bool,
    /// The player points with a finger: controls a finger can hit, no field to type moves in.
    pub touch: bool,
    /// What a table's bar covers over the board's top left corner.
    pub bar: super::BarCover,
}

/// What a click in the panels asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PanelIntent {
    Game(GameCommand),
    Hint,
    ConfirmResign,
    NewGame,
    ToggleRules,
    Saves,
    Settings,
    View(ViewCommand),
    Review(ReviewCommand),
    /// The game on the board, on the analysis board.
    Analyse,
    /// The board editor on the game's position.
    EditPosition,
}

/// Where the panels' parts were drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct PanelLayout {
    /// The side panel.
    pub side: egui::Rect,
    /// It is a sheet under the board (a narrow screen held upright).
    pub sheet: bool,
    /// The status bar.
    pub status: egui::Rect,
    /// The review's strip, while reviewing.
    pub review: Option<egui::Rect>,
    /// What shows of the game, the turn and the players, above the moves.
    pub info: egui::Rect,
    /// Whose turn (the line and what goes with it), where it was drawn.
    pub turn: egui::Rect,
    /// The players and their clocks, where they were drawn.
    pub players: egui::Rect,
    /// The "Moves" heading.
    pub moves_heading: egui::Rect,
    /// The moves' list, as much of it as shows.
    pub moves: egui::Rect,
    /// The action buttons at the bottom.
    pub actions: egui::Rect,
}

/// What the panels' buttons act on.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelActions<'w> {
    dialogs: Dialogs<'w>,
    commands: MessageWriter<'w, GameCommand>,
    hints: MessageWriter<'w, HintRequest>,
    view: MessageWriter<'w, ViewCommand>,
    review: MessageWriter<'w, ReviewCommand>,
    analyses: MessageWriter<'w, crate::play::OpenAnalysis>,
    editor: MessageWriter<'w, crate::play::OpenEditor>,
}

impl PanelActions<'_> {
    fn carry_out(&mut self, intent: PanelIntent, game: &CurrentGame) {
        match intent {
            PanelIntent::Analyse => {
                let game = Box::new(game.clone());
                self.analyses.write(crate::play::OpenAnalysis::Game(game));
            }
            PanelIntent::Game(command) => {
                self.commands.write(command);
            }
            PanelIntent::Hint => {
                self.hints.write(HintRequest);
            }
            PanelIntent::ConfirmResign => self.dialogs.open(Modal::ConfirmResign),
            PanelIntent::NewGame => self.dialogs.open(Modal::NewGame),
            PanelIntent::ToggleRules => self.dialogs.toggle_rules(),
            PanelIntent::Saves => self.dialogs.open(Modal::Saves),
            PanelIntent::Settings => self.dialogs.open(Modal::Settings),
            PanelIntent::View(command) => {
                self.view.write(command);
            }
            PanelIntent::Review(command) => {
                self.review.write(command);
            }
            PanelIntent::EditPosition => {
                self.editor.write(crate::play::OpenEditor);
            }
        }
    }
}

pub(super) fn panels(
    mut contexts: EguiContexts,
    view: PanelView,
    mut actions: PanelActions,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
    exhibiting: Option<Res<State<crate::play::Exhibiting>>>,
    cover: Res<super::BarCover>,
) -> Result {
    // Not in a lesson or puzzle (see `UiPlugin`): their panel reports its own width, as the
    // board editor's does. The exhibition draws its own view over the whole window; the title
    // has none.
    if exhibiting.is_some() || matches!(view.state.get(), AppState::Menu | AppState::Editing) {
        insets.set_if_neq(default());
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let (intents, layout) = draw_panels(&mut root, &view.data(actions.dialogs.is_modal()));
    for intent in intents {
        actions.carry_out(intent, &view.game);
    }
    let review = layout.review.map_or(0.0, |strip| strip.height());
    let (right, under) = if layout.sheet {
        (0.0, layout.side.height())
    } else {
        (layout.side.width(), 0.0)
    };
    let (left, top) = beside_the_bar(*cover, layout.sheet, ctx.content_rect().height());
    super::style::report_framed_insets(
        ctx,
        [left, top, right, layout.status.height() + review + under],
        &mut insets,
    );
    Ok(())
}

/// Where the board gives way to a bar over its corner: (left, top). A column is stood beside
/// (on a desktop), a line stood under; a column on a phone (the sheet) would leave the board
/// no room: the board stays under it, as it does under a bar taller than a quarter of the
/// window.
fn beside_the_bar(cover: super::BarCover, sheet: bool, window: f32) -> (f32, f32) {
    if cover.width <= 0.0 || cover.height <= 0.0 {
        return (0.0, 0.0);
    }
    let margin = 8.0;
    if !sheet && cover.height > cover.width {
        (cover.width + margin, 0.0)
    } else if cover.height <= window / 4.0 {
        (0.0, cover.height + margin)
    } else {
        (0.0, 0.0)
    }
}

/// Draws the status bar and the side panel in `root`: what was clicked, and where each part went.
pub(super) fn draw_panels(
    root: &mut egui::Ui,
    view: &PanelData,
) -> (Vec<PanelIntent>, PanelLayout) {
    let mut intents = Vec::new();
    let status = egui::Panel::bottom("status").show(root, |ui| status_bar(ui, view));
    // A screen held upright too narrow for the board beside the panel (a phone): the panel is
    // a sheet under the board.
    let free = root.available_rect_before_wrap();
    let sheet = super::sheet::is_sheet(free, SIDE_WIDTH);
    // A phone's panel (the sheet, or at the right of a phone held sideways) keeps under the
    // moves only the game's buttons a finger needs now; the rest wait behind its menu.
    let menu_mode = sheet || (view.touch && root.ctx().content_rect().height() < SHORT_WINDOW);
    // On a phone in review, the review's strip alone goes under the board: the board keeps its
    // room, the strip its steps, its buttons and the graph (closing the review brings the
    // game's sheet back).
    if sheet && let Some(state) = view.review {
        let (asked, rect) = super::review_panel::strip_in_sheet(root, view.words, state);
        intents.extend(asked.map(PanelIntent::Review));
        let none = egui::Rect::from_min_size(rect.left_top(), egui::Vec2::ZERO);
        let layout = PanelLayout {
            side: none,
            sheet,
            status: status.response.rect,
            review: Some(rect),
            info: none,
            turn: none,
            players: none,
            moves_heading: none,
            moves: none,
            actions: none,
        };
        return (intents, layout);
    }
    // The review's strip under the board, beside the side panel when there is room for it,
    // else under both.
    let beside = !sheet && root.available_width() - SIDE_WIDTH >= super::review_panel::MIN_BESIDE;
    let mut review = view
        .review
        .filter(|_| !beside)
        .map(|state| super::review_panel::strip(root, view.words, state));
    let panel = if sheet {
        // All the board's view does not need (about as tall as it is wide), at least a share;
        // LOA for four's four seats take a few rows more of the board's. A table's bar over
        // the board (the board stands under it) takes its rows from the sheet's, so the board
        // keeps its size.
        let row = root.text_style_height(&egui::TextStyle::Body) + root.spacing().item_spacing.y;
        let seats = if view.game.is_four_players() {
            FOUR_SEATS_ROWS * row
        } else {
            0.0
        };
        // A finger's buttons are taller: two rows of them take as much more.
        let finger = root.spacing().interact_size.y - super::style::INTERACT_HEIGHT;
        let (_, bar) = beside_the_bar(view.bar, true, root.ctx().content_rect().height());
        egui::Panel::bottom("game panel")
            .exact_size(super::sheet::sheet_height(free, seats + 2.0 * finger - bar))
    } else if menu_mode {
        // A phone held sideways: the board keeps a square as tall as the window, the panel
        // takes the rest (its buttons' row a finger's height, its lines unwrapped).
        let width = SIDE_WIDTH
            .max(free.width() - free.height())
            .min(free.width() * 0.6);
        egui::Panel::right("game panel").exact_size(width)
    } else {
        egui::Panel::right("game panel").exact_size(SIDE_WIDTH)
    };
    let side = panel.resizable(false).show(root, |ui| {
        let panel = ui.available_height();
        let spacing = ui.spacing().item_spacing.y;
        let row = ui.text_style_height(&egui::TextStyle::Body) + spacing;
        let move_row = ui.text_style_height(&egui::TextStyle::Monospace) + spacing;
        // The room the move list keeps: its heading and its last rows.
        // (A phone's panel keeps fewer: its buttons are a finger's height.)
        let rows_kept = if menu_mode && view.touch {
            PHONE_MOVE_ROWS_KEPT
        } else {
            MOVE_ROWS_KEPT
        };
        let moves_kept = row + move_row * rows_kept + spacing;
        // In a short window (under 520 points: 1024×600 at 125 % or more) the players come
        // first: the list keeps its heading and one row under them (the players' lines were
        // cut for the list's room).
        let short = ui.ctx().content_rect().height() < SHORT_WINDOW;
        let moves_least = if short {
            row + move_row + spacing
        } else {
            moves_kept
        };
        // The buttons keep a few rows of their own (they scroll in a short panel).
        // (A finger's buttons keep their height; the mouse's are compact.)
        let button_row = if view.touch {
            ui.spacing().interact_size.y + spacing
        } else {
            move_row
        };
        // (A phone's row of the game's buttons is one row, the rest in its menu.)
        let action_rows = if menu_mode { 1.0 } else { ACTION_ROWS_KEPT };
        // (A phone's row that wrapped keeps its second row: as tall as it was last drawn.)
        let actions_id = egui::Id::new("panel actions height");
        let drawn = ui.data(|d| d.get_temp::<f32>(actions_id)).unwrap_or(0.0);
        let wanted = if menu_mode {
            // Two rows at most: a third scrolls.
            drawn.clamp(button_row, ACTION_ROWS_KEPT * button_row + 2.0 * ROW_SPACE)
        } else {
            button_row * action_rows
        };
        let actions_kept = wanted.min(panel / 2.0);
        // First the game, whose turn and the players, at the top and never pushed out of
        // view by what comes under them: they scroll only in a panel too short for them.
        // Under it: the computer's view, the separators and the buttons' frame.
        // (A phone's panel measures closer: its room is short.)
        let between = if menu_mode { 3.0 * spacing } else { 2.0 * row };
        let most = panel - moves_least - actions_kept - between;
        // On a phone the app's and the view's buttons are behind a menu at the panel's top
        // right, where a phone player looks for them; the first line under it leaves it room.
        let menu = if menu_mode {
            let mut corner = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(ui.max_rect())
                    .layout(egui::Layout::right_to_left(egui::Align::Min)),
            );
            sheet_menu(&mut corner, view, &mut intents).size()
                + egui::vec2(ui.spacing().item_spacing.x, 0.0)
        } else {
            egui::Vec2::ZERO
        };
        let kept = info(ui, view, most, menu_mode, menu);
        ui.separator();
        // The computer's view, when the moves and the buttons keep their rooms under it.
        if ui.available_height() >= moves_kept + actions_kept + between {
            computer_view(ui, view);
        }
        // Then the buttons, at the bottom, in what the move list leaves, at most half the
        // panel.
        let room = (ui.available_height() - moves_kept)
            .min(panel / 2.0)
            .max(actions_kept)
            // Never over what is drawn above (a tiny panel: the buttons scroll).
            .min((ui.available_height() - 2.0 * row).max(row));
        let actions = egui::Panel::bottom("actions")
            .show_separator_line(true)
            .show(ui, |ui| {
                ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
                egui::ScrollArea::vertical()
                    .id_salt("actions")
                    .auto_shrink([false, true])
                    .max_height(room)
                    .min_scrolled_height(room)
                    .show(ui, |ui| action_buttons(ui, view, menu_mode, &mut intents))
                    .content_size
                    .y
            });
        // What the buttons took, for the next frame's room above them.
        let needed = actions.inner;
        ui.data_mut(|d| d.insert_temp(actions_id, needed));
        // The move list takes the rest.
        let (moves_heading, moves, clicked) = match view.review {
            // No room at all (a tiny window at a large UI scale): no list over the buttons.
            _ if ui.available_height() < 2.0 * row => {
                let nowhere = egui::Rect::from_min_size(ui.cursor().min, egui::Vec2::ZERO);
                (nowhere, nowhere, None)
            }
            Some(review) => super::review_panel::move_list(ui, review, view.words),
            None => move_list(ui, view.game, view.words),
        };
        intents.extend(clicked.map(PanelIntent::Review));
        (kept, moves_heading, moves, actions.response.rect)
    });
    let (kept, moves_heading, moves, actions) = side.inner;
    if beside {
        review = view
            .review
            .map(|state| super::review_panel::strip(root, view.words, state));
    }
    intents.extend(review.and_then(|(asked, _)| asked).map(PanelIntent::Review));
    let layout = PanelLayout {
        side: side.response.rect,
        sheet,
        status: status.response.rect,
        review: review.map(|(_, rect)| rect),
        info: kept.shown,
        turn: kept.turn,
        players: kept.players,
        moves_heading,
        moves,
        actions,
    };
    (intents, layout)
}

/// The side panel's width (egui points).
pub(crate) const SIDE_WIDTH: f32 = 330.0;

/// The rows LOA for four's seats take in the sheet from the board's view above it.
const FOUR_SEATS_ROWS: f32 = 2.5;

/// A window shorter than this (in points) puts the players before the move list's rows.
const SHORT_WINDOW: f32 = 520.0;

/// Move rows the list keeps in view however short the window (the last moves): the buttons
/// scroll first.
const MOVE_ROWS_KEPT: f32 = 3.0;

/// Move rows a phone's panel keeps in view (its menu's panel, its buttons a finger's height).
const PHONE_MOVE_ROWS_KEPT: f32 = 2.0;

/// Rows of the panel's text the buttons keep however short the window.
const ACTION_ROWS_KEPT: f32 = 2.0;

/// Where the top of the side panel went: what shows of it, and where whose turn and the players
/// were drawn.
struct Kept {
    shown: egui::Rect,
    turn: egui::Rect,
    players: egui::Rect,
}

/// The game, the turn and the players: as tall as they need, within `most`. When whose turn
/// and the players do not leave room for the game's name and options above them (as they
/// measured in the last frame), the name and options give way, then LOA for four's line on
/// which set moves (the board shows it too); in a panel too short even for the rest (a tiny
/// window at a large UI scale) they scroll.
fn info(ui: &mut egui::Ui, view: &PanelData, most: f32, sheet: bool, menu: egui::Vec2) -> Kept {
    let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let most = most.max(2.0 * row);
    let measured = egui::Id::new("panel info heights");
    let was: InfoHeights = ui.data(|d| d.get_temp(measured).unwrap_or_default());
    let with_header = was.header + was.cue + was.rest <= most;
    let with_cue = was.cue + was.rest <= most;
    let scroll = egui::ScrollArea::vertical()
        .id_salt("panel info")
        .auto_shrink([false, true])
        .min_scrolled_height(0.0)
        .max_height(most);
    let scope = ui.scope(|ui| {
        // A bar that shows when this part scrolls, not only under the pointer.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        // Lines to read, no controls: their rows keep the mouse's height on a touch screen too
        // (egui makes every row of a horizontal layout a control's height).
        let spacing = ui.spacing_mut();
        spacing.interact_size.y = spacing.interact_size.y.min(super::style::INTERACT_HEIGHT);
        scroll
            .show(ui, |ui| {
                // The menu over the top right: the first lines leave it room, and are as tall.
                let beside_the_menu = |ui: &mut egui::Ui| {
                    ui.set_max_width((ui.available_width() - menu.x).max(0.0));
                    ui.set_min_height(menu.y);
                };
                let header = if with_header {
                    ui.scope(|ui| {
                        beside_the_menu(ui);
                        header(ui, view);
                    })
                    .response
                    .rect
                    .height()
                        + ui.spacing().item_spacing.y
                } else {
                    was.header
                };
                let mut cue = was.cue;
                // A phone at a table: the table's bar over the board says whose turn it is.
                let turn_said = sheet && view.bar.says_the_turn && view.game.end().is_none();
                let turn = if turn_said {
                    egui::Rect::from_min_size(ui.cursor().min, egui::Vec2::ZERO)
                } else {
                    ui.scope(|ui| {
                        if !with_header {
                            beside_the_menu(ui);
                        }
                        if let Some(height) = turn_line(ui, view, with_cue) {
                            cue = height;
                        }
                    })
                    .response
                    .rect
                };
                let players = ui
                    .scope(|ui| {
                        // First under the menu when the bar says whose turn it is.
                        if turn_said && !with_header {
                            ui.set_max_width((ui.available_width() - menu.x).max(0.0));
                        }
                        players(ui, view, sheet)
                    })
                    .response
                    .rect;
                let rest = players.bottom() - turn.top() - if with_cue { cue } else { 0.0 };
                ui.data_mut(|d| d.insert_temp(measured, InfoHeights { header, cue, rest }));
                (turn, players)
            })
            .inner
    });
    let (turn, players) = scope.inner;
    Kept {
        shown: scope.response.rect,
        turn,
        players,
    }
}

/// The heights of the side panel's top parts as last drawn: the game's name and options, the
/// line on which set moves (LOA for four), and whose turn with the players.
#[derive(Clone, Copy, Default)]
struct InfoHeights {
    header: f32,
    cue: f32,
    rest: f32,
}

fn status_bar(ui: &mut egui::Ui, view: &PanelData) {
    // On a narrow screen (a phone) the line wraps, to more rows or fewer as it changes (the
    // help after a tap): the bar keeps the tallest height it has had at this width, so that
    // the board above it is not framed anew, moving under the finger, at each tap.
    let id = ui.id().with("tallest status bar");
    let width = ui.available_width().round() as i32;
    let tallest = ui
        .data(|d| d.get_temp::<(i32, f32)>(id))
        .filter(|(seen, _)| *seen == width && width < NARROW_STATUS)
        .map_or(0.0, |(_, height)| height);
    ui.set_min_height(tallest);
    let top = ui.cursor().min.y;
    status_line(
        ui,
        view.words,
        view.status,
        view.game,
        view.settings,
        view.state,
        view.flat,
    );
    let height = (ui.min_rect().bottom() - top).max(tallest);
    ui.data_mut(|d| d.insert_temp(id, (width, height)));
}

/// Below this width (points) the status bar keeps its tallest height.
const NARROW_STATUS: i32 = 600;

/// The line under the board: what the game says (a refused move, the end), else how to move
/// or look (also the analysis board's).
pub(crate) fn status_line(
    ui: &mut egui::Ui,
    w: &Words,
    status: &Status,
    game: &CurrentGame,
    settings: &GameSettings,
    state: AppState,
    flat: bool,
) {
    let line = match status.current(game) {
        Some(notice) => super::notices::notice(w, notice, text::Table::of(game)),
        None => {
            let help = idle_help(game, settings, state);
            text::idle_help(
                w,
                help,
                flat,
                super::touch_screen(ui.ctx()),
                game.config.kind,
            )
        }
    };
    let label = ui.add(egui::Label::new(egui::RichText::new(&line).size(16.0)).wrap());
    super::landmark::mark_said(ui, "status", &label, &line);
}

fn header(ui: &mut egui::Ui, view: &PanelData) {
    ui.add_space(2.0);
    ui.heading(text::game_name(view.words, view.game.kind()));
    // One line (the whole of it under the pointer): the turn and the players keep the room.
    ui.add(
        egui::Label::new(egui::RichText::new(text::options(view.words, &view.game.config)).weak())
            .truncate(),
    );
    if let Some((round, board)) = view.tournament {
        let line = view.words.t_with(
            "tournament-round-board",
            [("round", round.into()), ("board", board.into())],
        );
        let label = ui.label(egui::RichText::new(line).color(super::style::ACCENT));
        super::landmark::mark(ui, "panel/tournament", &label);
    }
    ui.separator();
}

/// Whose turn, and under it the seat's player, which set moves (with `cue`) and the computer's
/// thinking. The height of the set's line when it was drawn.
fn turn_line(ui: &mut egui::Ui, view: &PanelData, cue: bool) -> Option<f32> {
    let (game, w) = (view.game, view.words);
    // Its lines close together: they say one thing.
    ui.spacing_mut().item_spacing.y = 2.0;
    let end = game.end();
    ui.horizontal(|ui| {
        swatch(
            ui,
            end.and_then(|e| e.winner()).unwrap_or(game.side_to_move()),
        );
        let line = match end {
            Some(_) => w.t("panel-game-over"),
            None => w.t_with(
                "panel-to-move",
                [(
                    "seat",
                    text::seat(w, game.seat(), game.has_marked_sets()).into(),
                )],
            ),
        };
        // Wrapped in a narrow place (beside a phone's menu), not run under it.
        ui.add(egui::Label::new(egui::RichText::new(line).strong().size(20.0)).wrap());
    });
    if let Some(end) = end {
        ui.add(egui::Label::new(egui::RichText::new(text::game_end(w, end)).size(17.0)).wrap());
        return None;
    }
    let thinking = view.turn == Some(TurnState::AiThinking);
    // In LOA for four the seat's player has a line of its own; while the computer plays it,
    // that line says it thinks (one line, not two: the four seats need the room).
    let four = game.is_four_players();
    if four && !thinking {
        let player = view.settings.player_to_move(game);
        ui.horizontal(|ui| {
            // As tall as the thinking row that takes its place: nothing under it moves.
            ui.set_min_height(ui.spacing().interact_size.y);
            ui.label(w.t_with(
                "panel-seat-player",
                [("player", text::player(w, player).into())],
            ));
        });
    }
    if four && thinking {
        thinking_row(ui, w, true);
    }
    let mut cue_height = None;
    if game.has_marked_sets() && cue {
        let set = if game.seat().marked {
            w.t("panel-marked-set-moves")
        } else {
            w.t("panel-plain-set-moves")
        };
        let line = ui.add(egui::Label::new(egui::RichText::new(set).weak().small()).wrap());
        cue_height = Some(line.rect.height() + ui.spacing().item_spacing.y);
    }
    if game.must_place() {
        ui.label(
            egui::RichText::new(w.t_with(
                "panel-move-then-place",
                [("colour", text::colour(!game.side_to_move()))],
            ))
            .weak(),
        );
    }
    // Its room kept in a game with the computer, so that the players under it do not move
    // when it starts and stops thinking.
    if !four && computer_plays(view) {
        thinking_row(ui, w, thinking);
    }
    cue_height
}

/// The spinner and "Computer is thinking…", drawn or only its room kept.
fn thinking_row(ui: &mut egui::Ui, w: &Words, shown: bool) {
    ui.horizontal(|ui| {
        if !shown {
            ui.set_invisible();
        }
        super::style::spinner(ui);
        ui.label(w.t("panel-thinking"));
    });
}

/// Whether the computer plays a seat of the game on the board.
fn computer_plays(view: &PanelData) -> bool {
    let four = view.game.is_four_players();
    Side::ALL.into_iter().any(|side| {
        [false, true].into_iter().any(|marked| {
            view.settings
                .seat_player(Seat { side, marked }, four)
                .is_computer()
        })
    })
}

/// The sides and their players; in a sheet under the board (a phone) LOA for four's two
/// seats of a side share a line.
fn players(ui: &mut egui::Ui, view: &PanelData, sheet: bool) {
    let (game, w) = (view.game, view.words);
    ui.add_space(4.0);
    let playing = view.state == AppState::Playing && game.end().is_none();
    let timed = game.clocks().is_timed();
    // The faces' size and the room of the wider, the same beside both sides (their faces in
    // one column).
    let faces = super::clocks::faces(ui, game, ui.available_width());
    let clock_room = faces.width + ui.spacing().item_spacing.x;
    for s in Side::ALL {
        // The side and its players in a column, its clock beside them (not under them: the
        // panel keeps its height for the moves).
        // Untimed, no room is kept for a clock: the names take the panel's width and no more
        // (an empty clock's place past it widened the panel a little more every frame).
        if !timed {
            ui.vertical(|ui| {
                ui.spacing_mut().item_spacing.y = 1.0;
                side_and_players(ui, view, s, sheet);
            });
            continue;
        }
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.spacing_mut().item_spacing.y = 1.0;
                ui.set_width((ui.available_width() - clock_room).max(0.0));
                side_and_players(ui, view, s, sheet);
            });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let running = playing && game.side_to_move() == s;
                super::clocks::clock(ui, game, s, running, faces.size);
            });
        });
    }
    if playing && game.clocks().is_timed() && view.settings.pause_clocks && view.paused {
        ui.label(
            egui::RichText::new(w.t("panel-clock-paused"))
                .small()
                .weak(),
        );
    }
    let held = game.held();
    if held != [0, 0] {
        for s in Side::ALL {
            ui.horizontal(|ui| {
                swatch(ui, !s);
                let n = held[s.index()];
                ui.label(w.t_with(
                    "panel-holds",
                    [
                        ("side", text::side(w, s).into()),
                        ("count", n.into()),
                        ("colour", text::colour(!s)),
                    ],
                ));
            });
        }
    }
}

/// A side, its pieces and who plays it (in LOA for four, its plain and its marked set).
fn side_and_players(ui: &mut egui::Ui, view: &PanelData, s: Side, sheet: bool) {
    let (game, w) = (view.game, view.words);
    let counts = game.counts();
    ui.horizontal(|ui| {
        swatch(ui, s);
        ui.add(
            egui::Label::new(w.t_with(
                "panel-side-pieces",
                [
                    ("side", text::side(w, s).into()),
                    ("count", counts[s.index()].into()),
                    ("game", text::men(game.config.kind)),
                ],
            ))
            .wrap(),
        );
    });
    let plain = view.settings.player(s);
    let said = |seat: usize, player| match &view.captions[seat] {
        Some(name) => name.clone(),
        None => text::player(w, player),
    };
    let (plain_seat, marked_seat) = (s.index(), 2 + s.index());
    let small = |ui: &mut egui::Ui, line: String| {
        ui.add(egui::Label::new(egui::RichText::new(format!("    {line}")).small()).wrap());
    };
    if game.is_four_players() {
        let marked = view.settings.seat_player(
            Seat {
                side: s,
                marked: true,
            },
            true,
        );
        let (plain, marked) = (said(plain_seat, plain), said(marked_seat, marked));
        if sheet {
            small(
                ui,
                w.t_with(
                    "panel-seat-players",
                    [("plain", plain.into()), ("marked", marked.into())],
                ),
            );
            return;
        }
        small(
            ui,
            w.t_with("panel-plain-player", [("player", plain.into())]),
        );
        small(
            ui,
            w.t_with("panel-marked-player", [("player", marked.into())]),
        );
    } else {
        small(ui, said(plain_seat, plain));
    }
}

/// The computer's last evaluation, said for the board (who is better) with a bar; once the game
/// is over, the bar shows the result instead.
fn computer_view(ui: &mut egui::Ui, view: &PanelData) {
    if !evaluation_shown(view.show_evaluation, view.game) {
        return;
    }
    let Some(standing) = view.evaluation.standing(view.game) else {
        return;
    };
    // The words and the bar on one line: the moves keep the room.
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.scope(|ui| {
                ui.set_width(EVALUATION_BAR_WIDTH);
                evaluation_bar(ui, Some(standing));
            });
            if let Some(line) = text::standing(view.words, standing) {
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(egui::Label::new(egui::RichText::new(line).small()).wrap());
                });
            }
        });
    });
}

/// The evaluation bar's width beside its words in the side panel.
const EVALUATION_BAR_WIDTH: f32 = 70.0;

/// The evaluation bar, Black's share dark from the left; an empty bar when there is no
/// standing yet (also the analysis board's).
pub(crate) fn evaluation_bar(ui: &mut egui::Ui, standing: Option<crate::ai::Standing>) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 10.0), egui::Sense::hover());
    let painter = ui.painter();
    let Some(standing) = standing else {
        painter.rect_filled(rect, 3.0, ui.visuals().faint_bg_color);
        return;
    };
    painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(240, 233, 214));
    let mut black = rect;
    black.set_width(rect.width() * standing.black_share().clamp(0.0, 1.0));
    painter.rect_filled(black, 3.0, egui::Color32::from_rgb(25, 25, 28));
}

/// Whether the evaluation shows: during play only if the player asked for it in the settings;
/// once the game is over always (it says the result).
fn evaluation_shown(asked: bool, game: &CurrentGame) -> bool {
    asked || game.end().is_some()
}

/// The moves played: the heading's and the list's rects, and no click (the list is read only).
fn move_list(
    ui: &mut egui::Ui,
    game: &CurrentGame,
    w: &Words,
) -> (egui::Rect, egui::Rect, Option<ReviewCommand>) {
    let heading = ui
        .label(egui::RichText::new(w.t("panel-moves")).strong())
        .rect;
    let seats = game.seat_count();
    // Never taller than the room left above the actions (a short window keeps them clear).
    let list = egui::ScrollArea::vertical()
        .id_salt("moves")
        .auto_shrink([false, false])
        .min_scrolled_height(0.0)
        .max_height(ui.available_height().max(0.0))
        .stick_to_bottom(true)
        .show(ui, |ui| {
            egui::Grid::new("moves")
                .num_columns(seats + 1)
                .striped(true)
                .show(ui, |ui| {
                    for (i, line) in game.notation().chunks(seats).enumerate() {
                        ui.label(format!("{}.", i + 1));
                        for k in 0..seats {
                            ui.monospace(line.get(k).map(String::as_str).unwrap_or(""));
                        }
                        ui.end_row();
                    }
                });
        });
    (heading, list.inner_rect, None)
}

/// A button of the panel: whether it may be pressed, its words' key (its landmark's name too),
/// what it asks for.
type PanelButton = (bool, &'static str, PanelIntent);

/// The buttons that act on the game being played: under the moves, on a phone too.
fn game_buttons(view: &PanelData) -> Vec<PanelButton> {
    let open = if view.modal {
        Actions::default()
    } else {
        let mode = match (view.at_table, view.tournament) {
            (true, _) => crate::play::GameMode::Table,
            (false, Some(_)) => crate::play::GameMode::Tournament,
            (false, None) => crate::play::GameMode::Own,
        };
        available_actions(view.game, view.settings, view.state).in_mode(
            view.game,
            view.settings,
            mode,
        )
    };
    vec![
        (
            open.undo,
            "button-undo",
            PanelIntent::Game(GameCommand::Undo),
        ),
        (
            open.redo,
            "button-redo",
            PanelIntent::Game(GameCommand::Redo),
        ),
        (open.hint, "button-hint", PanelIntent::Hint),
        (open.resign, "button-resign", PanelIntent::ConfirmResign),
        (
            open.review,
            "button-review",
            PanelIntent::Review(ReviewCommand::Enter),
        ),
        (open.analyse, "button-analyse", PanelIntent::Analyse),
        (true, "button-new-game", PanelIntent::NewGame),
    ]
}

/// The app's and the view's buttons: after the game's on a desktop, behind the sheet's menu on
/// a phone.
fn more_buttons(view: &PanelData) -> Vec<PanelButton> {
    let in_game = !view.modal && matches!(view.state, AppState::Playing | AppState::GameOver);
    let flat = if view.flat {
        "button-view-3d"
    } else {
        "button-view-2d"
    };
    vec![
        (in_game, "button-edit-position", PanelIntent::EditPosition),
        (
            in_game,
            "button-title",
            PanelIntent::Game(GameCommand::BackToTitle),
        ),
        (true, "button-rules", PanelIntent::ToggleRules),
        (true, "button-saves", PanelIntent::Saves),
        (true, "button-settings", PanelIntent::Settings),
        (true, flat, PanelIntent::View(ViewCommand::ToggleFlat)),
        (true, "button-flip", PanelIntent::View(ViewCommand::Flip)),
        (
            true,
            "button-reset-view",
            PanelIntent::View(ViewCommand::ResetCamera),
        ),
    ]
}

/// The game's buttons that wait in the sheet's menu on a phone: not needed move by move.
const IN_THE_MENU: [&str; 2] = ["button-new-game", "button-analyse"];

/// On a phone, under the moves: the game's buttons that can be pressed now (a row a finger
/// reads at a glance, not a wall of greyed ones).
fn sheet_row(view: &PanelData) -> Vec<PanelButton> {
    let mut buttons = game_buttons(view);
    buttons.retain(|(enabled, key, _)| *enabled && !IN_THE_MENU.contains(key));
    buttons
}

/// On a phone, in the sheet's menu: a new game and the analysis board, then the app's and the
/// view's buttons.
fn menu_buttons(view: &PanelData) -> Vec<PanelButton> {
    let mut buttons = game_buttons(view);
    buttons.retain(|(_, key, _)| IN_THE_MENU.contains(key));
    buttons.reverse();
    buttons.extend(more_buttons(view));
    buttons
}

/// The panel's buttons as pressable controls, each named by its message key for the
/// developer tools.
fn add_buttons(
    ui: &mut egui::Ui,
    words: &Words,
    buttons: Vec<PanelButton>,
    intents: &mut Vec<PanelIntent>,
) {
    for (enabled, key, intent) in buttons {
        let button = ui.add_enabled(enabled, egui::Button::new(words.t(key)));
        super::landmark::mark(ui, key, &button);
        if button.clicked() {
            intents.push(intent);
        }
    }
}

/// On a phone (the panel is a sheet), the app's and the view's buttons in a menu opened from
/// the sheet's top right, one under the other, each a finger's height.
fn sheet_menu(ui: &mut egui::Ui, view: &PanelData, intents: &mut Vec<PanelIntent>) -> egui::Rect {
    let w = view.words;
    let menu = ui.button(w.t("button-menu"));
    // Opened under the button, its right edge under the button's (at the panel's right).
    let popup = egui::Popup::menu(&menu).align(egui::RectAlign::BOTTOM_END);
    popup.show(|ui| {
        let buttons = menu_buttons(view);
        // As many columns as the window's height needs (a phone held sideways: two).
        let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        let fit = ((ui.ctx().content_rect().height() - 1.5 * row) / row)
            .floor()
            .max(1.0);
        let per_column = (buttons.len() as f32 / (buttons.len() as f32 / fit).ceil()).ceil();
        let columns = (buttons.len() as f32 / per_column).ceil();
        ui.set_min_width(columns * MENU_WIDTH + (columns - 1.0) * ui.spacing().item_spacing.x);
        let mut buttons = buttons.into_iter().peekable();
        ui.horizontal_top(|ui| {
            while buttons.peek().is_some() {
                let column: Vec<PanelButton> = buttons.by_ref().take(per_column as usize).collect();
                ui.vertical(|ui| {
                    ui.set_width(MENU_WIDTH);
                    ui.with_layout(egui::Layout::top_down_justified(egui::Align::Min), |ui| {
                        add_buttons(ui, w, column, intents);
                    });
                });
            }
        });
    });
    super::landmark::mark(ui, "panel/menu", &menu);
    menu.rect
}

/// The space above and under the buttons' rows (points).
const ROW_SPACE: f32 = 4.0;

/// The least width of the sheet's menu (points): its entries read as a list, not a column of
/// words.
const MENU_WIDTH: f32 = 190.0;

fn action_buttons(
    ui: &mut egui::Ui,
    view: &PanelData,
    menu_mode: bool,
    intents: &mut Vec<PanelIntent>,
) {
    // A finger has no keyboard at hand (a phone's covers the board): moves are tapped.
    if !view.touch {
        let typing = view.state == AppState::Playing && view.review.is_none() && !view.modal;
        super::move_entry::field(ui, view.words, typing);
    }
    let style = ui.style_mut();
    // A finger's buttons keep their height (the game's style for a touch screen).
    if !view.touch {
        // Compact buttons, so the move list keeps its room.
        style.spacing.button_padding = egui::vec2(6.0, 3.0);
        style.spacing.item_spacing = egui::vec2(5.0, 6.0);
        if let Some(font) = style.text_styles.get_mut(&egui::TextStyle::Button) {
            font.size = 15.0;
        }
    }
    // One flow, its rows as full as they go: the game's actions, then (but on a phone, where
    // they are in the panel's menu) the app's and the view's.
    let buttons = if menu_mode {
        sheet_row(view)
    } else {
        let mut buttons = game_buttons(view);
        buttons.extend(more_buttons(view));
        buttons
    };
    ui.add_space(ROW_SPACE);
    ui.horizontal_wrapped(|ui| add_buttons(ui, view.words, buttons, intents));
    ui.add_space(ROW_SPACE);
}

#[cfg(test)]
mod tests {
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::level::Level;
    use gamut_engine::loa::Variant;
    use gamut_engine::search::Score;

    use super::*;
    use crate::ai::AiAnswer;
    use crate::model::{Clocks, Language, Player, TimeControl};
    use crate::ui::BarCover;

    #[test]
    fn the_evaluation_shows_during_play_only_when_asked_and_always_at_the_end() {
        let (mut game, _) = long_game(Variant::Standard, 4);
        assert!(!evaluation_shown(false, &game));
        assert!(evaluation_shown(true, &game));
        game.resign();
        assert!(evaluation_shown(false, &game));
    }

    /// LOA `variant` on a 5 + 3 clock, people on the plain sets and the computer on the marked
    /// ones, after up to `moves` moves that do not end it.
    fn long_game(variant: Variant, moves: usize) -> (CurrentGame, GameSettings) {
        let mut config = GameConfig::default();
        config.loa.variant = variant;
        let computer = Player::Computer(Level::default());
        let settings = GameSettings {
            config,
            black: Player::Human,
            white: Player::Human,
            black_marked: computer,
            white_marked: computer,
            clock: TimeControl::game(5, 3),
            ..GameSettings::default()
        };
        let mut game = CurrentGame::new(config).with_clocks(Clocks::new(settings.clock));
        crate::ui::layout_check::play_quiet_moves(&mut game, moves);
        (game, settings)
    }

    /// The panels' data while a game is played, with no review, tournament or table.
    fn playing<'a>(
        (game, settings): (&'a CurrentGame, &'a GameSettings),
        status: &'a Status,
        evaluation: &'a Evaluation,
        words: &'a Words,
        turn: TurnState,
    ) -> PanelData<'a> {
        PanelData {
            game,
            settings,
            status,
            state: AppState::Playing,
            turn: Some(turn),
            evaluation,
            flat: false,
            review: None,
            words,
            tournament: None,
            at_table: false,
            touch: false,
            bar: Default::default(),
            paused: false,
            modal: false,
            show_evaluation: true,
            captions: Default::default(),
        }
    }

    /// The whole of `ctx` as the game's panels draw on it.
    fn root_of(ctx: &egui::Context) -> egui::Ui {
        egui::Ui::new(
            ctx.clone(),
            "root".into(),
            egui::UiBuilder::new()
                .layer_id(egui::LayerId::background())
                .max_rect(ctx.content_rect()),
        )
    }

    /// Draws the panels on the whole of `ctx`: where each part went and a move row's height.
    fn panels_on(ctx: &egui::Context, view: &PanelData) -> (PanelLayout, f32) {
        let mut root = root_of(ctx);
        let row =
            root.text_style_height(&egui::TextStyle::Monospace) + root.spacing().item_spacing.y;
        (draw_panels(&mut root, view).1, row)
    }

    /// Draws the panels on a plain egui context of `size` as the game does (its style, a few
    /// frames for the panels to settle); the layout of the last frame and a move row's height.
    fn draw(size: egui::Vec2, view: &PanelData) -> (PanelLayout, f32) {
        let ctx = egui::Context::default();
        ctx.all_styles_mut(|style| super::super::style::restyle(style, false));
        let mut drawn = None;
        for _ in 0..4 {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
                ..Default::default()
            };
            let output = ctx.run_ui(input, |ui| {
                let row =
                    ui.text_style_height(&egui::TextStyle::Monospace) + ui.spacing().item_spacing.y;
                drawn = Some((draw_panels(ui, view).1, row));
            });
            // Nothing is painted: the fonts' texture is not needed.
            output.drop_without_applying_deltas();
        }
        drawn.expect("the panels were drawn")
    }

    #[test]
    fn the_move_list_keeps_rows_of_its_own_above_the_buttons() {
        let sizes = [egui::vec2(1024.0, 600.0), egui::vec2(1280.0, 800.0)];
        let variants = [Variant::FourPlayers, Variant::Parachute, Variant::Standard];
        for language in [Language::English, Language::French, Language::Italian] {
            let words = Words::from_assets(language);
            for variant in variants {
                let (game, settings) = long_game(variant, 60);
                assert!(game.ply() >= 40, "{variant:?}: a long game");
                let answer = AiAnswer {
                    mv: None,
                    score: Some(Score::Centipawns(120)),
                    depth: 6,
                };
                let by = game.side_to_move();
                let evaluation = Evaluation::after_move(answer, by, &game);
                let status = Status::default();
                let turn = TurnState::AiThinking;
                let view = playing((&game, &settings), &status, &evaluation, &words, turn);
                for size in sizes {
                    let (layout, row) = draw(size, &view);
                    let what = format!("{language:?}, {variant:?}, {size:?}: {layout:?}");
                    assert!(layout.moves.height() >= 3.0 * row, "{what}");
                    assert!(layout.info.bottom() <= layout.moves_heading.top(), "{what}");
                    assert!(
                        layout.moves_heading.bottom() <= layout.moves.top(),
                        "{what}"
                    );
                    assert!(layout.moves.bottom() <= layout.actions.top(), "{what}");
                    assert!(layout.side.contains_rect(layout.moves), "{what}");
                    assert!(
                        layout.actions.bottom() <= layout.status.top() + 1.0,
                        "{what}"
                    );
                }
            }
        }
    }

    /// Whose turn, the players and their clocks, and the last moves stay in view without
    /// scrolling at every window size and UI scale that leaves the window 520 points tall or
    /// more (a 1024×600 window, 1280×800 at 150 %, 1920×1080 at 150 %, 4K at 250 %), LOA for
    /// four's four seats too (they were cut at 1024×600 and at 150 %), and on a phone held
    /// upright, where the panel is a sheet under the board; the buttons scroll first. The
    /// panels as the game draws them on a screen of that size and scale, with no scroll by the
    /// player.
    /// The board stands beside a watcher's bar on a desktop (a column), under a seated
    /// player's (a line), and under neither on a phone when the bar is a tall column (it
    /// would leave the board no room).
    #[test]
    fn the_board_gives_way_to_the_tables_bar_where_it_can() {
        let column = crate::ui::BarCover {
            width: 268.0,
            height: 560.0,
            says_the_turn: false,
        };
        let line = crate::ui::BarCover {
            width: 348.0,
            height: 96.0,
            says_the_turn: true,
        };
        assert_eq!(beside_the_bar(column, false, 800.0), (276.0, 0.0));
        assert_eq!(beside_the_bar(line, false, 800.0), (0.0, 104.0));
        assert_eq!(beside_the_bar(line, true, 844.0), (0.0, 104.0));
        assert_eq!(beside_the_bar(column, true, 844.0), (0.0, 0.0));
        assert_eq!(beside_the_bar(Default::default(), false, 800.0), (0.0, 0.0));
    }

    /// A game just started (no move yet, and after its first moves) in a small window at a
    /// large UI scale (1024×600 at 150 % and 125 %): both players' lines are whole inside the
    /// panel, above the moves (LOA for four's four seats too at 125 %; at 150 % they scroll in
    /// their part, the panel being 400 points tall).
    #[test]
    fn both_players_show_whole_before_the_first_move() {
        use crate::ui::layout_check::Screen;
        let cases = [
            (1.25, Variant::Standard, 0),
            (1.25, Variant::Standard, 3),
            (1.25, Variant::FourPlayers, 0),
            (1.5, Variant::Standard, 0),
            (1.5, Variant::Standard, 3),
        ];
        for language in Language::ALL {
            let words = Words::from_assets(language);
            for (scale, variant, moves) in cases {
                let screen = Screen::new(1024.0, 600.0, scale);
                {
                    let (game, settings) = long_game(variant, moves);
                    let evaluation = Evaluation::default();
                    let status = Status::default();
                    let turn = TurnState::AwaitingInput;
                    let view = playing((&game, &settings), &status, &evaluation, &words, turn);
                    let mut layout = None;
                    for _ in 0..6 {
                        screen.frame(Vec::new(), &mut |ctx| {
                            layout = Some(panels_on(ctx, &view).0);
                        });
                    }
                    let l = layout.expect("drawn");
                    let what = format!("{language:?} at {scale}, {variant:?}, {moves}: {l:?}");
                    assert!(
                        l.info.expand(1.0).contains_rect(l.players),
                        "players: {what}"
                    );
                    assert!(l.side.contains_rect(l.info), "{what}");
                    assert!(l.players.bottom() <= l.moves_heading.top() + 0.5, "{what}");
                    let problems = screen.problems();
                    assert!(problems.is_empty(), "{what}: {problems:?}");
                }
            }
        }
    }

    /// A correspondence table's clock (7 days a move: "168:00:00", the widest face a table
    /// gives) beside each side's name and count and never over them, at every window size and
    /// UI scale, in every language, by mouse and on a phone's sheet; a game's "5:00" keeps its
    /// big figures. ("72:00:00" was drawn over "Black — 12 pieces" at 1280×800.)
    #[test]
    fn a_correspondence_clock_leaves_the_sides_their_room() {
        use crate::ui::layout_check::{Screen, everywhere};
        let week = TimeControl::PerMove(std::time::Duration::from_secs(7 * 86_400));
        let (game, settings) = long_game(Variant::Standard, 0);
        let game = CurrentGame::new(game.config).with_clocks(Clocks::new(week));
        let (evaluation, status) = (Evaluation::default(), Status::default());
        let check = |screen: &Screen, words: &Words, what: &str, touch: bool| {
            let turn = TurnState::AwaitingInput;
            let mut view = playing((&game, &settings), &status, &evaluation, words, turn);
            view.touch = touch;
            let mut faces = None;
            let mut draw = |ctx: &egui::Context| {
                let mut root = root_of(ctx);
                faces = Some(super::super::clocks::faces(&root, &game, 300.0));
                draw_panels(&mut root, &view);
            };
            for _ in 0..5 {
                screen.frame(Vec::new(), &mut draw);
            }
            // A pass of its own: what each thing drawn is and says, for the checks.
            screen.pass(Vec::new(), &mut draw);
            let problems = screen.problems();
            assert!(problems.is_empty(), "{what}: {problems:#?}");
            assert!(screen.says("168:00:00"), "{what}: the clocks shown");
            let faces = faces.expect("drawn");
            assert!(faces.width <= 300.0 * 0.4 + 0.5, "{what}: {faces:?}");
        };
        everywhere(|screen, words, what| check(screen, words, &what, false));
        for language in Language::ALL {
            let mut words = Words::from_assets(language);
            words.set_key_hints(false);
            let screen = Screen::new(390.0, 844.0, 1.0);
            screen.ctx.all_styles_mut(crate::ui::style::for_fingers);
            check(&screen, &words, &format!("{language:?} on a phone"), true);
        }
        let (game, _) = long_game(Variant::Standard, 0);
        let ctx = egui::Context::default();
        let output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let faces = super::super::clocks::faces(ui, &game, 300.0);
            assert_eq!(faces.size, 30.0, "{faces:?}");
        });
        output.drop_without_applying_deltas();
    }

    /// A phone held upright (the panel a sheet under the board) and sideways (the panel at the
    /// right), by finger, in every language, LOA and LOA for four, at the start and after
    /// twenty moves: under the moves only the game's buttons, each a finger's height; the
    /// app's and the view's behind the menu at the panel's top right, which a tap opens, each a
    /// finger's height too, and which act when tapped; whose turn and the players in view.
    #[test]
    fn a_phone_finds_the_games_buttons_under_the_moves_and_the_rest_in_the_menu() {
        let games = [
            long_game(Variant::Standard, 20),
            long_game(Variant::Standard, 0),
            long_game(Variant::FourPlayers, 20),
        ];
        for language in Language::ALL {
            for (width, height) in [(390.0, 844.0), (844.0, 390.0)] {
                for game in &games {
                    by_finger(language, width, height, game, None);
                }
            }
            // Seated at a table: its bar's line over the board says whose turn it is.
            let bar = BarCover {
                width: 348.0,
                height: 110.0,
                says_the_turn: true,
            };
            by_finger(language, 390.0, 844.0, &games[0], Some(bar));
        }
    }

    /// One case of the test above.
    fn by_finger(
        language: Language,
        width: f32,
        height: f32,
        (game, settings): &(CurrentGame, GameSettings),
        bar: Option<BarCover>,
    ) {
        use crate::ui::layout_check::Screen;
        let (evaluation, status) = (Evaluation::default(), Status::default());
        {
            let mut words = Words::from_assets(language);
            // As on a touch screen: no keys named.
            words.set_key_hints(false);
            let screen = Screen::new(width, height, 1.0);
            screen.ctx.all_styles_mut(crate::ui::style::for_fingers);
            let turn = TurnState::AwaitingInput;
            let mut view = playing((game, settings), &status, &evaluation, &words, turn);
            view.touch = true;
            if let Some(bar) = bar {
                view.at_table = true;
                view.bar = bar;
            }
            let layout = std::cell::Cell::new(None);
            let asked = std::cell::RefCell::new(Vec::new());
            let mut draw = |ctx: &egui::Context| {
                let (intents, drawn) = draw_panels(&mut root_of(ctx), &view);
                asked.borrow_mut().extend(intents);
                layout.set(Some(drawn));
            };
            for _ in 0..6 {
                screen.pass(Vec::new(), &mut draw);
            }
            let l = layout.get().expect("drawn");
            let what = format!(
                "{language:?} {width}x{height}, {:?} after {}: {l:?}",
                game.config.loa.variant,
                game.ply()
            );
            assert_eq!(l.sheet, width < height, "{what}");
            if bar.is_none() {
                assert!(l.info.expand(1.0).contains_rect(l.turn), "turn: {what}");
            }
            assert!(
                l.info.expand(1.0).contains_rect(l.players),
                "players: {what}"
            );
            let tall = |name: &str| {
                let rect = screen.landmark(name);
                assert!(
                    rect.is_some_and(|r| r.height() >= crate::ui::style::FINGER - 0.5),
                    "{name} a finger's height: {rect:?}, {what}"
                );
                rect.expect("drawn")
            };
            let row = sheet_row(&view);
            assert!(!row.is_empty(), "{what}");
            for (_, key, _) in row {
                assert!(l.actions.contains_rect(tall(key)), "{key}: {what}");
            }
            let menu = tall("panel/menu");
            assert!(
                menu.right() >= l.side.right() - 20.0 && menu.top() <= l.side.top() + 20.0,
                "the menu at the sheet's top right: {menu:?}, {what}"
            );
            assert!(
                !l.moves.intersects(menu) && !l.players.intersects(menu),
                "{what}"
            );
            for (_, key, _) in menu_buttons(&view) {
                assert!(
                    screen.landmark(key).is_none(),
                    "{key} out of the menu: {what}"
                );
            }
            let problems = screen.problems();
            assert!(problems.is_empty(), "{what}: {problems:?}");
            screen.click("panel/menu", &mut draw);
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut draw);
            }
            for (_, key, _) in menu_buttons(&view) {
                let at = tall(key);
                assert!(
                    screen.rect().contains_rect(at),
                    "{key} in view: {at:?}, {what}"
                );
            }
            screen.click("button-settings", &mut draw);
            assert_eq!(*asked.borrow(), [PanelIntent::Settings], "{what}");
            screen.pass(Vec::new(), &mut draw);
            assert!(
                screen.landmark("button-settings").is_none(),
                "closed: {what}"
            );
        }
    }

    #[test]
    fn whose_turn_the_players_and_the_last_moves_stay_in_view() {
        use crate::ui::layout_check::{ALL_SIZES, SCALES, Screen};
        let variants = [Variant::FourPlayers, Variant::Parachute, Variant::Standard];
        let games: Vec<_> = variants.map(|v| long_game(v, 60)).into();
        let mut checked = 0;
        for language in Language::ALL {
            let words = Words::from_assets(language);
            for scale in SCALES {
                let mut screen = None::<Screen>;
                // A phone held upright (the panel a sheet under the board) at 75 % and 100 %.
                for (width, height) in ALL_SIZES {
                    if height / scale < 520.0 || (width < 1000.0 && scale > 1.0) {
                        continue;
                    }
                    let screen = match screen.take() {
                        Some(s) => screen.insert(s.resized(width, height)),
                        None => screen.insert(Screen::new(width, height, scale)),
                    };
                    for (game, settings) in &games {
                        let answer = AiAnswer {
                            mv: None,
                            score: Some(Score::Centipawns(120)),
                            depth: 6,
                        };
                        let evaluation = Evaluation::after_move(answer, game.side_to_move(), game);
                        let status = Status::default();
                        let mut row = 0.0;
                        let mut layout_at = |turn: TurnState| {
                            let view =
                                playing((game, settings), &status, &evaluation, &words, turn);
                            let mut layout = None;
                            for _ in 0..6 {
                                screen.pass(Vec::new(), &mut |ctx| {
                                    let (drawn, move_row) = panels_on(ctx, &view);
                                    row = move_row;
                                    layout = Some(drawn);
                                });
                            }
                            layout.expect("drawn")
                        };
                        let l = layout_at(TurnState::AiThinking);
                        // Nothing under whose turn moves when the computer starts or stops
                        // thinking.
                        let waiting = layout_at(TurnState::AwaitingInput);
                        assert_eq!(
                            l.players.min, waiting.players.min,
                            "thinking moved the players"
                        );
                        let what = format!(
                            "{language:?} {width}x{height} at {scale}, {:?}: {l:?}",
                            game.config.loa.variant
                        );
                        assert!(l.info.expand(1.0).contains_rect(l.turn), "turn: {what}");
                        assert!(
                            l.info.expand(1.0).contains_rect(l.players),
                            "players: {what}"
                        );
                        assert!(l.side.contains_rect(l.info), "{what}");
                        assert!(l.info.bottom() <= l.moves_heading.top(), "{what}");
                        assert!(
                            l.moves.height() >= MOVE_ROWS_KEPT * row - 1.0,
                            "moves: {what}"
                        );
                        assert!(l.moves.bottom() <= l.actions.top() + 0.5, "{what}");
                        assert!(l.actions.bottom() <= l.status.top() + 1.0, "{what}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 3 * 2 * 8, "{checked} cases");
    }
}
