//! The board editor's screen (see `crate::editor`): a panel at the right of the board — the
//! game and its rules, the piece a click puts on a square, who is to move, Parachute's held
//! pieces —, then whether the position can be played (or every reason why not), the ways on
//! (play against the computer, hot-seat, analyse, copy the position text, save as a puzzle)
//! and the way back; under the board, what a click does. [`draw`] draws it from read-only data
//! and returns what the player asked for; [`editor_panel`] carries it out. Words:
//! `editor.ftl`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;
use gamut_engine::WinReason;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::loa::Variant;

use super::style::{ACCENT, MUTED};
use super::{swatch, text};
use crate::editor::{Draft, Editor, EditorCommand, Man, PuzzleStep, SetupProblem, Tool};
use crate::i18n::Words;
use crate::model::Seat;
use crate::play::AppState;

const PLAYABLE: egui::Color32 = egui::Color32::from_rgb(120, 200, 120);
const REFUSED: egui::Color32 = egui::Color32::from_rgb(230, 130, 110);

/// The panel's width (egui points), as the game's side panel.
const WIDTH: f32 = 330.0;

/// The panel's name: its rect is landmarked under it.
pub const PANEL: &str = "editor/panel";

/// What the screen shows.
pub struct EditorData<'a> {
    /// The position being set up.
    pub draft: &'a Draft,
    /// What a click on a square does.
    pub tool: Tool,
    /// Why the position cannot be played (empty: it can).
    pub problems: &'a [SetupProblem],
    /// Save as puzzle.
    pub puzzle: &'a PuzzleStep,
    /// The position text was copied.
    pub copied: bool,
    /// Back goes to a game (else to the title).
    pub from_game: bool,
    /// The words.
    pub words: &'a Words,
}

/// Draws the editor's screen while it is open, and carries out what the player asked for.
pub(super) fn editor_panel(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    state: Res<State<AppState>>,
    words: Res<Words>,
    mut commands: MessageWriter<EditorCommand>,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
) -> Result {
    let Some(session) = editor.0.as_mut() else {
        return Ok(());
    };
    if *state.get() != AppState::Editing {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut title = match &session.puzzle {
        PuzzleStep::Naming(title) => title.clone(),
        _ => String::new(),
    };
    let data = EditorData {
        draft: &session.draft,
        tool: session.tool,
        problems: session.verdict.as_ref().err().map_or(&[], Vec::as_slice),
        puzzle: &session.puzzle,
        copied: session.copied,
        from_game: session.from_game(),
        words: &words,
    };
    let (asked, covered) = draw(ctx, &data, &mut title);
    if matches!(data.puzzle, PuzzleStep::Proving) {
        crate::rest::redraw_within(ctx, std::time::Duration::from_millis(250));
    }
    if asked == Some(EditorCommand::Copied) {
        ctx.copy_text(session.draft.text());
    }
    if let PuzzleStep::Naming(typed) = &mut session.puzzle {
        *typed = title;
    }
    super::style::report_insets(ctx, covered.x, covered.y, &mut insets);
    if let Some(command) = asked {
        commands.write(command);
    }
    Ok(())
}

/// The screen: what the player asked for, and the part of the window covered at the right and
/// at the bottom (egui points). `title` is the puzzle's title being typed.
pub fn draw(
    ctx: &egui::Context,
    view: &EditorData,
    title: &mut String,
) -> (Option<EditorCommand>, egui::Vec2) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        "editor root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut asked = None;
    let status = egui::Panel::bottom("editor status").show(&mut root, |ui| {
        let line = help_line(view);
        ui.add(egui::Label::new(egui::RichText::new(line).size(16.0)).wrap());
    });
    // The board keeps at least two fifths of a narrow window.
    let width = WIDTH.min(ctx.content_rect().width() * 0.6);
    let panel = egui::Panel::right("editor panel")
        .exact_size(width)
        .resizable(false)
        .show(&mut root, |ui| {
            super::landmark::mark_rect(ui, PANEL, ui.max_rect());
            let room = ui.available_height() / 2.0;
            egui::Panel::bottom("editor actions")
                .show_separator_line(true)
                .show(ui, |ui| {
                    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
                    egui::ScrollArea::vertical()
                        .id_salt("editor actions")
                        .auto_shrink([false, true])
                        .max_height(room)
                        .min_scrolled_height(room.min(120.0))
                        .show(ui, |ui| actions(ui, view, title, &mut asked));
                });
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .id_salt("editor form")
                .auto_shrink([false, false])
                .show(ui, |ui| form(ui, view, &mut asked));
        });
    let covered = egui::vec2(panel.response.rect.width(), status.response.rect.height());
    (asked, covered)
}

/// The status line: what a click does (the copied text, once copied).
fn help_line(view: &EditorData) -> String {
    let w = view.words;
    if view.copied {
        return w.t_with("editor-copied", [("text", view.draft.text().into())]);
    }
    let boundless = view.draft.config.kind == GameKind::LinesOfAction
        && view.draft.config.loa.variant == Variant::Boundless;
    if boundless {
        w.t("editor-help-boundless")
    } else {
        w.t("editor-help")
    }
}

/// The panel's upper part: the heading, the rules, the palette, who is to move, held pieces.
fn form(ui: &mut egui::Ui, view: &EditorData, asked: &mut Option<EditorCommand>) {
    let w = view.words;
    ui.add_space(6.0);
    ui.heading(egui::RichText::new(w.t("editor-title")).color(ACCENT));
    rules(ui, view, asked);
    ui.separator();
    palette(ui, view, asked);
    ui.separator();
    to_move(ui, view, asked);
    if view.draft.has_held_pieces() {
        held(ui, view, asked);
    }
    ui.add_space(6.0);
}

/// The game, variant or board, and the rule options: a change asks for the new rules.
fn rules(ui: &mut egui::Ui, view: &EditorData, asked: &mut Option<EditorCommand>) {
    let w = view.words;
    let mut config: GameConfig = view.draft.config;
    egui::Grid::new("editor rules")
        .num_columns(2)
        .spacing([10.0, 8.0])
        .show(ui, |ui| {
            super::new_game::game_row(ui, w, &mut config.kind, "editor");
            match config.kind {
                GameKind::LinesOfAction => {
                    ui.label(w.t("new-game-variant"));
                    super::new_game::variant_choice(ui, w, &mut config.loa.variant, "editor");
                    ui.end_row();
                    super::new_game::loa_rule_rows(ui, w, &mut config.loa);
                }
                GameKind::Epaminondas => {
                    super::new_game::epaminondas_rule_rows(
                        ui,
                        w,
                        &mut config.epaminondas,
                        "editor",
                    );
                }
            }
        });
    if config != view.draft.config {
        *asked = Some(EditorCommand::Rules(config));
    }
}

/// The pieces a click puts on a square (each colour, and each set where there are sets), the
/// eraser, and clearing the board or setting up the start.
fn palette(ui: &mut egui::Ui, view: &EditorData, asked: &mut Option<EditorCommand>) {
    let w = view.words;
    ui.label(egui::RichText::new(w.t("editor-palette")).strong());
    let sets: &[bool] = if view.draft.has_marked_sets() {
        &[false, true]
    } else {
        &[false]
    };
    ui.horizontal_wrapped(|ui| {
        for &marked in sets {
            for side in Side::ALL {
                let tool = Tool::Place(Man { side, marked });
                let name = piece_name(w, view.draft, side, marked);
                let chosen = view.tool == tool;
                let button = ui
                    .horizontal(|ui| {
                        swatch(ui, side);
                        ui.add(egui::Button::selectable(chosen, name))
                    })
                    .inner;
                super::landmark::mark(ui, tool_landmark(tool), &button);
                if button.clicked() {
                    *asked = Some(EditorCommand::Choose(tool));
                }
            }
        }
        let eraser = ui.add(egui::Button::selectable(
            view.tool == Tool::Erase,
            w.t("editor-eraser"),
        ));
        super::landmark::mark(ui, tool_landmark(Tool::Erase), &eraser);
        if eraser.clicked() {
            *asked = Some(EditorCommand::Choose(Tool::Erase));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let clear = ui.button(w.t("editor-clear"));
        super::landmark::mark(ui, "editor/clear", &clear);
        if clear.clicked() {
            *asked = Some(EditorCommand::Clear);
        }
        let start = ui.button(w.t("editor-start-position"));
        super::landmark::mark(ui, "editor/start-position", &start);
        if start.clicked() {
            *asked = Some(EditorCommand::StartPosition);
        }
    });
}

/// A piece of the palette in words: the colour (and the set where there are sets).
fn piece_name(w: &Words, draft: &Draft, side: Side, marked: bool) -> String {
    text::seat(w, Seat { side, marked }, draft.has_marked_sets())
}

/// The landmark of a tool of the palette (`editor/piece/black-marked`, `editor/eraser`).
pub fn tool_landmark(tool: Tool) -> String {
    match tool {
        Tool::Erase => "editor/eraser".into(),
        Tool::Place(man) => format!(
            "editor/piece/{}{}",
            match man.side {
                Side::Black => "black",
                Side::White => "white",
            },
            if man.marked { "-marked" } else { "" }
        ),
    }
}

/// Who is to move: each colour, or each seat where colours have two sets.
fn to_move(ui: &mut egui::Ui, view: &EditorData, asked: &mut Option<EditorCommand>) {
    let w = view.words;
    let draft = view.draft;
    let sets: &[bool] = if draft.has_marked_sets() {
        &[false, true]
    } else {
        &[false]
    };
    ui.label(egui::RichText::new(w.t("editor-to-move")).strong());
    ui.horizontal_wrapped(|ui| {
        for &marked in sets {
            for side in Side::ALL {
                let seat = Seat { side, marked };
                let name = text::seat(w, seat, draft.has_marked_sets());
                let radio = ui.radio(draft.seat == seat, name);
                super::landmark::mark(ui, seat_landmark(seat), &radio);
                if radio.clicked() && draft.seat != seat {
                    *asked = Some(EditorCommand::ToMove(seat));
                }
            }
        }
    });
}

/// The landmark of a seat to move (`editor/to-move/white`).
pub fn seat_landmark(seat: Seat) -> String {
    format!(
        "editor/to-move/{}{}",
        match seat.side {
            Side::Black => "black",
            Side::White => "white",
        },
        if seat.marked { "-marked" } else { "" }
    )
}

/// Parachute: how many enemy pieces each side holds, one fewer or one more.
fn held(ui: &mut egui::Ui, view: &EditorData, asked: &mut Option<EditorCommand>) {
    let w = view.words;
    ui.add_space(4.0);
    for holder in Side::ALL {
        let count = view.draft.held[holder.index()];
        ui.horizontal_wrapped(|ui| {
            swatch(ui, !holder);
            let fewer = ui.add_enabled(count > 0, egui::Button::new("−"));
            let more = ui.add_enabled(
                count < gamut_engine::loa::PARACHUTE_RESERVE,
                egui::Button::new("+"),
            );
            let name = if holder == Side::Black {
                "black"
            } else {
                "white"
            };
            super::landmark::mark(ui, format!("editor/held/{name}/fewer"), &fewer);
            super::landmark::mark(ui, format!("editor/held/{name}/more"), &more);
            ui.add(
                egui::Label::new(w.t_with(
                    "panel-holds",
                    [
                        ("side", text::side(w, holder).into()),
                        ("count", count.into()),
                        ("colour", text::colour(!holder)),
                    ],
                ))
                .wrap(),
            );
            if fewer.clicked() || more.clicked() {
                *asked = Some(EditorCommand::Held {
                    holder,
                    more: more.clicked(),
                });
            }
        });
    }
}

/// The panel's lower part: the verdict, the ways on and the way back.
fn actions(
    ui: &mut egui::Ui,
    view: &EditorData,
    title: &mut String,
    asked: &mut Option<EditorCommand>,
) {
    let w = view.words;
    verdict(ui, view);
    let playable = view.problems.is_empty();
    let why = problem_lines(w, view.draft.config.kind, view.problems).join("\n");
    ui.horizontal_wrapped(|ui| {
        for (name, words, command) in [
            (
                "editor/play-computer",
                "editor-play-computer",
                EditorCommand::PlayComputer,
            ),
            (
                "editor/play-hot-seat",
                "editor-play-hot-seat",
                EditorCommand::PlayHotSeat,
            ),
            ("editor/analyse", "editor-analyse", EditorCommand::Analyse),
        ] {
            let button = ui
                .add_enabled(playable, egui::Button::new(w.t(words)))
                .on_disabled_hover_text(why.as_str());
            super::landmark::mark(ui, name, &button);
            if button.clicked() {
                *asked = Some(command);
            }
        }
        let copy = ui.button(w.t("editor-copy"));
        super::landmark::mark(ui, "editor/copy", &copy);
        if copy.clicked() {
            *asked = Some(EditorCommand::Copied);
        }
    });
    puzzle(ui, view, title, &why, asked);
    ui.separator();
    let back = if view.from_game {
        w.t("editor-back-game")
    } else {
        w.t("editor-back-title")
    };
    let back = ui.button(back);
    super::landmark::mark(ui, "editor/back", &back);
    if back.clicked() {
        *asked = Some(EditorCommand::Back);
    }
}

/// Whether the position can be played, and if not every reason why.
fn verdict(ui: &mut egui::Ui, view: &EditorData) {
    let w = view.words;
    ui.add_space(4.0);
    let line = if view.problems.is_empty() {
        egui::RichText::new(format!("✔ {}", w.t("editor-playable"))).color(PLAYABLE)
    } else {
        egui::RichText::new(format!("✖ {}", w.t("editor-not-playable"))).color(REFUSED)
    };
    let said = ui.add(egui::Label::new(line.strong()).wrap());
    super::landmark::mark(ui, "editor/verdict", &said);
    for line in problem_lines(w, view.draft.config.kind, view.problems) {
        ui.add(egui::Label::new(format!("• {line}")).wrap());
    }
}

/// Save as puzzle: the button, the title asked for, the proof under way, what came of it.
fn puzzle(
    ui: &mut egui::Ui,
    view: &EditorData,
    title: &mut String,
    why: &str,
    asked: &mut Option<EditorCommand>,
) {
    let w = view.words;
    let playable = view.problems.is_empty();
    match view.puzzle {
        PuzzleStep::Naming(_) => {
            ui.label(w.t("editor-puzzle-title"));
            let field = ui.add(
                egui::TextEdit::singleline(title)
                    .char_limit(80)
                    .desired_width(f32::INFINITY),
            );
            super::landmark::mark(ui, "editor/puzzle-title", &field);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal_wrapped(|ui| {
                let named = !title.trim().is_empty();
                let prove = ui.add_enabled(named, egui::Button::new(w.t("editor-puzzle-prove")));
                super::landmark::mark(ui, "editor/puzzle-prove", &prove);
                if (prove.clicked() || entered) && named {
                    *asked = Some(EditorCommand::SavePuzzle(title.clone()));
                }
                let cancel = ui.button(w.t("editor-puzzle-cancel"));
                super::landmark::mark(ui, "editor/puzzle-cancel", &cancel);
                if cancel.clicked() {
                    *asked = Some(EditorCommand::CancelPuzzle);
                }
            });
        }
        PuzzleStep::Proving => {
            ui.horizontal_wrapped(|ui| {
                super::style::spinner(ui);
                ui.label(w.t("editor-puzzle-proving"));
            });
        }
        step => {
            let save = ui
                .add_enabled(playable, egui::Button::new(w.t("editor-save-puzzle")))
                .on_disabled_hover_text(why);
            super::landmark::mark(ui, "editor/save-puzzle", &save);
            if save.clicked() {
                *asked = Some(EditorCommand::NamePuzzle);
            }
            if let Some(line) = puzzle_line(w, view.draft.seat.side, step) {
                let said = ui.add(egui::Label::new(egui::RichText::new(line).color(MUTED)).wrap());
                super::landmark::mark(ui, "editor/puzzle-result", &said);
            }
        }
    }
}

/// What came of save as puzzle, in words (`side`: the side to move, who wins).
pub fn puzzle_line(w: &Words, side: Side, step: &PuzzleStep) -> Option<String> {
    let side = text::side(w, side);
    Some(match step {
        PuzzleStep::Saved { moves, file } => w.t_with(
            "editor-puzzle-saved",
            [
                ("file", file.clone().into()),
                ("side", side.into()),
                ("moves", (*moves).into()),
            ],
        ),
        PuzzleStep::NoWin => w.t_with(
            "editor-puzzle-no-win",
            [
                ("side", side.into()),
                ("moves", crate::editor::proof::MOST_MOVES.into()),
            ],
        ),
        PuzzleStep::TooLong => w.t("editor-puzzle-too-long"),
        PuzzleStep::CannotWrite(trouble) => w.t_with(
            "editor-puzzle-cannot-write",
            [("problem", super::problems::file_trouble(w, *trouble).into())],
        ),
        PuzzleStep::Closed | PuzzleStep::Naming(_) | PuzzleStep::Proving => return None,
    })
}

/// Every reason the position cannot be played, in words.
pub fn problem_lines(w: &Words, kind: GameKind, problems: &[SetupProblem]) -> Vec<String> {
    problems.iter().map(|p| problem_line(w, kind, p)).collect()
}

/// A reason the position cannot be played, in words (`kind`: the game, for its pieces' name).
pub fn problem_line(w: &Words, kind: GameKind, problem: &SetupProblem) -> String {
    let side = |s: Side| text::side(w, s);
    match problem {
        SetupProblem::NoPieces(s) => w.t_with(
            "editor-problem-no-pieces",
            [("side", side(*s).into()), ("game", text::men(kind))],
        ),
        SetupProblem::TooManyPieces {
            side: s,
            count,
            most,
        } => w.t_with(
            "editor-problem-too-many",
            [
                ("side", side(*s).into()),
                ("count", (*count).into()),
                ("most", (*most).into()),
                ("game", text::men(kind)),
            ],
        ),
        SetupProblem::TooManyInSet { seat, count, most } => w.t_with(
            "editor-problem-too-many-in-set",
            [
                ("seat", text::seat(w, *seat, true).into()),
                ("count", (*count).into()),
                ("most", (*most).into()),
            ],
        ),
        SetupProblem::TooManyHeld { holder, held, most } => w.t_with(
            "editor-problem-too-many-held",
            [
                ("side", side(*holder).into()),
                ("count", (*held).into()),
                ("most", (*most).into()),
            ],
        ),
        SetupProblem::AlreadyWon { winner, reason } => won_line(w, *winner, *reason),
        SetupProblem::AlreadyDrawn => w.t("editor-problem-drawn"),
        SetupProblem::Refused(_) => w.t("editor-problem-refused"),
    }
}

/// A game already won, and why.
fn won_line(w: &Words, winner: Side, reason: WinReason) -> String {
    let key = match reason {
        WinReason::Connected
        | WinReason::ConnectedByOpponent
        | WinReason::BothConnectedMoverWins => "editor-problem-won-connected",
        WinReason::HomeRow => "editor-problem-won-home-row",
        WinReason::NoStones => "editor-problem-won-no-stones",
    };
    w.t_with(
        key,
        [
            ("side", text::side(w, winner).into()),
            ("other", text::side(w, !winner).into()),
        ],
    )
}
