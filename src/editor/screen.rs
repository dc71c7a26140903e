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
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;

use crate::editor::{Draft, Editor, EditorCommand, Man, PuzzleStep, SetupProblem, Tool};
use crate::i18n::Words;
use crate::model::Seat;
use crate::play::AppState;
use crate::ui::style::ACCENT;
use crate::ui::{swatch, text};

const PLAYABLE: egui::Color32 = egui::Color32::from_rgb(120, 200, 120);
const REFUSED: egui::Color32 = egui::Color32::from_rgb(230, 130, 110);

/// The panel's width (egui points), as the game's side panel.
const WIDTH: f32 = 330.0;

/// The panel's name: its rect is landmarked under it.
pub const PANEL: &str = "editor/panel";

/// The panel's upper part (the rules, the palette, who is to move), as it shows.
pub const FORM: &str = "editor/form";

/// The panel's lower part (the verdict and the buttons), as it shows.
pub const ACTIONS: &str = "editor/actions";

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
    /// The computer's level offered first (the one last chosen in New Game).
    pub level: Level,
}

/// "Play against the computer" opened: the person's side and the computer's level chosen.
pub type ComputerChoice = Option<(Side, Level)>;

/// Draws the editor's screen while it is open, and carries out what the player asked for.
pub(crate) fn editor_panel(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    state: Res<State<AppState>>,
    words: Res<Words>,
    mut commands: MessageWriter<EditorCommand>,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
    settings: Res<crate::model::GameSettings>,
    mut choice: Local<ComputerChoice>,
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
        level: crate::editor::computer_level(&settings),
    };
    let (asked, covered) = draw(ctx, &data, &mut title, &mut choice);
    if matches!(data.puzzle, PuzzleStep::Proving) {
        crate::rest::redraw_within(ctx, std::time::Duration::from_millis(250));
    }
    if asked == Some(EditorCommand::Copied) {
        ctx.copy_text(session.draft.text());
    }
    if let PuzzleStep::Naming(typed) = &mut session.puzzle {
        *typed = title;
    }
    crate::ui::style::report_insets(ctx, covered.x, covered.y, &mut insets);
    if let Some(command) = asked {
        if matches!(
            command,
            EditorCommand::PlayComputer { .. } | EditorCommand::Back
        ) {
            *choice = None;
        }
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
    choice: &mut ComputerChoice,
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
        // What came of saving a puzzle, else what a click does.
        match puzzle_line(view.words, view.draft.seat.side, view.puzzle) {
            Some(line) => {
                let text = egui::RichText::new(line).size(16.0).color(ACCENT);
                let said = ui.add(egui::Label::new(text).wrap());
                crate::ui::landmark::mark(ui, "editor/puzzle-result", &said);
            }
            None => {
                let line = help_line(view, crate::ui::touch_screen(ui.ctx()));
                ui.add(egui::Label::new(egui::RichText::new(line).size(16.0)).wrap());
            }
        }
    });
    let (panel, sheet) = crate::ui::sheet::place_narrowed(&root, "editor panel", WIDTH);
    let panel = panel.resizable(false).show(&mut root, |ui| {
        crate::ui::landmark::mark_rect(ui, PANEL, ui.max_rect());
        // Half the panel for the buttons, 320 points at most: a nested bottom panel taller
        // than that overflowed the window at UI scale 75 % (its content laid out past the
        // panel's remembered height).
        let room = (ui.available_height() / 2.0).min(320.0);
        egui::Panel::bottom("editor actions")
            .show_separator_line(true)
            .show(ui, |ui| {
                ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
                let shown = egui::ScrollArea::vertical()
                    .id_salt("editor actions")
                    .auto_shrink([false, true])
                    .max_height(room)
                    // As tall as its buttons need, up to half the panel (a panel is as
                    // tall as it was: a smaller least height would keep it small).
                    .min_scrolled_height(room)
                    .show(ui, |ui| actions(ui, view, title, choice, &mut asked));
                // What shows: the area within what its panel shows.
                let shown = shown.inner_rect.intersect(ui.clip_rect());
                crate::ui::landmark::mark_rect(ui, ACTIONS, shown);
            });
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        let shown = egui::ScrollArea::vertical()
            .id_salt("editor form")
            .auto_shrink([false, false])
            .show(ui, |ui| form(ui, view, &mut asked));
        crate::ui::landmark::mark_rect(ui, FORM, shown.inner_rect.intersect(ui.clip_rect()));
    });
    let covered = crate::ui::sheet::covered(panel.response.rect, sheet);
    (
        asked,
        covered + egui::vec2(0.0, status.response.rect.height()),
    )
}

/// The status line: what a click does (the copied text, once copied).
fn help_line(view: &EditorData, touch: bool) -> String {
    let w = view.words;
    if view.copied {
        return w.t_with("editor-copied", [("text", view.draft.text().into())]);
    }
    let boundless = view.draft.config.kind == GameKind::LinesOfAction
        && view.draft.config.loa.variant == Variant::Boundless;
    match (boundless, touch) {
        (true, false) => w.t("editor-help-boundless"),
        (true, true) => w.t("editor-help-boundless-touch"),
        (false, false) => w.t("editor-help"),
        (false, true) => w.t("editor-help-touch"),
    }
}

/// The panel's upper part: the heading, the palette, who is to move, held pieces, then the
/// rules (the palette first: it is what the player uses most).
fn form(ui: &mut egui::Ui, view: &EditorData, asked: &mut Option<EditorCommand>) {
    let w = view.words;
    ui.add_space(6.0);
    ui.heading(egui::RichText::new(w.t("editor-title")).color(ACCENT));
    palette(ui, view, asked);
    ui.separator();
    to_move(ui, view, asked);
    if view.draft.has_held_pieces() {
        held(ui, view, asked);
    }
    ui.separator();
    rules(ui, view, asked);
    ui.add_space(6.0);
}

/// The game, variant or board, and the rule options: a change asks for the new rules.
fn rules(ui: &mut egui::Ui, view: &EditorData, asked: &mut Option<EditorCommand>) {
    let w = view.words;
    let mut config: GameConfig = view.draft.config;
    // A label above its choices (the New Game dialog's rows, one under the other: the panel is
    // too narrow for its grid).
    ui.vertical(|ui| {
        crate::ui::new_game::game_row(ui, w, &mut config.kind, "editor/");
        match config.kind {
            GameKind::LinesOfAction => {
                ui.label(w.t("new-game-variant"));
                crate::ui::new_game::variant_choice(ui, w, &mut config.loa.variant, "editor/");
                ui.end_row();
                ui.label(w.t("new-game-board"));
                crate::ui::new_game::loa_board_choice(ui, w, &mut config.loa, "editor/");
                ui.end_row();
                crate::ui::new_game::loa_rule_rows(ui, w, &mut config.loa);
            }
            GameKind::Epaminondas => {
                crate::ui::new_game::epaminondas_rule_rows(
                    ui,
                    w,
                    &mut config.epaminondas,
                    "editor/",
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
                let button = piece_button(ui, view.tool == tool, Man { side, marked }, name);
                crate::ui::landmark::mark(ui, tool_landmark(tool), &button);
                if button.clicked() {
                    *asked = Some(EditorCommand::Choose(tool));
                }
            }
        }
        let eraser = ui.add(
            egui::Button::selectable(view.tool == Tool::Erase, w.t("editor-eraser"))
                .frame_when_inactive(true),
        );
        crate::ui::landmark::mark(ui, tool_landmark(Tool::Erase), &eraser);
        if eraser.clicked() {
            *asked = Some(EditorCommand::Choose(Tool::Erase));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let clear = ui.button(w.t("editor-clear"));
        crate::ui::landmark::mark(ui, "editor/clear", &clear);
        if clear.clicked() {
            *asked = Some(EditorCommand::Clear);
        }
        let start = ui.button(w.t("editor-start-position"));
        crate::ui::landmark::mark(ui, "editor/start-position", &start);
        if start.clicked() {
            *asked = Some(EditorCommand::StartPosition);
        }
    });
}

/// The colours of a piece's swatch: Black's and White's (as the side panel's), a marked
/// piece's ring.
const SWATCH: [egui::Color32; 2] = [
    egui::Color32::from_rgb(25, 25, 28),
    egui::Color32::from_rgb(240, 233, 214),
];
const MARK_RING: egui::Color32 = egui::Color32::from_rgb(215, 60, 50);

/// A palette's button: a swatch of the piece (a red ring when marked) and its name, lit when
/// it is the piece chosen. One widget, so that the palette's row wraps between buttons.
fn piece_button(ui: &mut egui::Ui, chosen: bool, man: Man, name: String) -> egui::Response {
    let id = ui.id().with(("piece swatch", man.side, man.marked));
    let atom = egui::Atom::custom(id, egui::vec2(16.0, 16.0));
    let shown = egui::Button::selectable(chosen, (atom, name))
        .frame_when_inactive(true)
        .atom_ui(ui);
    if let Some(rect) = shown.rect(id) {
        let painter = ui.painter();
        let centre = rect.center();
        painter.circle(
            centre,
            7.0,
            SWATCH[man.side.index()],
            egui::Stroke::new(1.5, egui::Color32::GRAY),
        );
        if man.marked {
            painter.circle_stroke(centre, 4.0, egui::Stroke::new(2.0, MARK_RING));
        }
    }
    shown.response
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
                crate::ui::landmark::mark(ui, seat_landmark(seat), &radio);
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
        // The words wrap beside the buttons, not under them.
        ui.horizontal(|ui| {
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
            crate::ui::landmark::mark(ui, format!("editor/held/{name}/fewer"), &fewer);
            crate::ui::landmark::mark(ui, format!("editor/held/{name}/more"), &more);
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
    choice: &mut ComputerChoice,
    asked: &mut Option<EditorCommand>,
) {
    let w = view.words;
    verdict(ui, view);
    let playable = view.problems.is_empty();
    let why = problem_lines(w, view.draft.config.kind, view.problems).join("\n");
    ui.horizontal_wrapped(|ui| {
        // Against the computer: the side and the level are asked first (a row under these).
        let computer = ui
            .add_enabled(
                playable,
                egui::Button::selectable(choice.is_some(), w.t("editor-play-computer")),
            )
            .on_disabled_hover_text(why.as_str());
        crate::ui::landmark::mark(ui, "editor/play-computer", &computer);
        if computer.clicked() {
            *choice = match choice {
                Some(_) => None,
                None => Some((view.draft.seat.side, view.level)),
            };
        }
        for (name, words, command) in [
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
            crate::ui::landmark::mark(ui, name, &button);
            if button.clicked() {
                *asked = Some(command);
            }
        }
        let copy = ui.button(w.t("editor-copy"));
        crate::ui::landmark::mark(ui, "editor/copy", &copy);
        if copy.clicked() {
            *asked = Some(EditorCommand::Copied);
        }
    });
    if playable && let Some(chosen) = choice.as_mut() {
        computer_choice(ui, w, chosen, asked);
    }
    puzzle(ui, view, title, &why, asked);
    ui.separator();
    let back = if view.from_game {
        w.t("editor-back-game")
    } else {
        w.t("editor-back-title")
    };
    let back = ui.button(back);
    crate::ui::landmark::mark(ui, "editor/back", &back);
    if back.clicked() {
        *asked = Some(EditorCommand::Back);
    }
}

/// Against the computer: which side the person plays (the side to move at first), the
/// computer's level, and Start.
fn computer_choice(
    ui: &mut egui::Ui,
    w: &Words,
    (person, level): &mut (Side, Level),
    asked: &mut Option<EditorCommand>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(w.t("editor-you-play"));
        for side in [Side::Black, Side::White] {
            let radio = ui.radio_value(person, side, text::side(w, side));
            let name = match side {
                Side::Black => "editor/you-play/black",
                Side::White => "editor/you-play/white",
            };
            crate::ui::landmark::mark(ui, name, &radio);
        }
    });
    ui.add(egui::Label::new(w.t("editor-computer-level")).wrap());
    // As wide as the panel at most (a long level name is cut, whole in the list).
    let width = (ui.available_width() - 8.0).clamp(60.0, 240.0);
    let combo = egui::ComboBox::from_id_salt("editor computer level")
        .width(width)
        .truncate()
        .selected_text(text::level_name(w, *level))
        .show_ui(ui, |ui| {
            for each in Level::all() {
                ui.selectable_value(level, each, text::level_name(w, each));
            }
        });
    crate::ui::landmark::mark(ui, "editor/computer-level", &combo.response);
    let start = ui.add(egui::Button::new(w.t("editor-start-computer")).wrap());
    crate::ui::landmark::mark(ui, "editor/start-computer", &start);
    if start.clicked() {
        *asked = Some(EditorCommand::PlayComputer {
            person: *person,
            level: *level,
        });
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
    let said = wrapped(ui, line.strong());
    crate::ui::landmark::mark(ui, "editor/verdict", &said);
    for line in problem_lines(w, view.draft.config.kind, view.problems) {
        wrapped(ui, egui::RichText::new(format!("• {line}")));
    }
}

/// A text wrapped a little inside the width left (a full-width label can round a point
/// wider than the scrolling part that holds it).
fn wrapped(ui: &mut egui::Ui, text: egui::RichText) -> egui::Response {
    let width = ui.available_width() - 2.0;
    ui.scope(|ui| {
        ui.set_max_width(width);
        ui.add(egui::Label::new(text).wrap())
    })
    .inner
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
            let width = ui.available_width() - 2.0;
            let field = ui.add(
                egui::TextEdit::singleline(title)
                    .char_limit(80)
                    .desired_width(width),
            );
            crate::ui::landmark::mark(ui, "editor/puzzle-title", &field);
            // The title is typed at once, as the prompt opens.
            if title.is_empty() && ui.memory(|m| m.focused().is_none()) {
                field.request_focus();
            }
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal_wrapped(|ui| {
                let named = !title.trim().is_empty();
                let prove = ui.add_enabled(named, egui::Button::new(w.t("editor-puzzle-prove")));
                crate::ui::landmark::mark(ui, "editor/puzzle-prove", &prove);
                if (prove.clicked() || entered) && named {
                    *asked = Some(EditorCommand::SavePuzzle(title.clone()));
                }
                let cancel = ui.button(w.t("editor-puzzle-cancel"));
                crate::ui::landmark::mark(ui, "editor/puzzle-cancel", &cancel);
                if cancel.clicked() {
                    *asked = Some(EditorCommand::CancelPuzzle);
                }
            });
        }
        PuzzleStep::Proving => {
            ui.horizontal_wrapped(|ui| {
                crate::ui::style::spinner(ui);
                ui.label(w.t("editor-puzzle-proving"));
            });
        }
        _ => {
            let save = ui
                .add_enabled(playable, egui::Button::new(w.t("editor-save-puzzle")))
                .on_disabled_hover_text(why);
            crate::ui::landmark::mark(ui, "editor/save-puzzle", &save);
            if save.clicked() {
                *asked = Some(EditorCommand::NamePuzzle);
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
            [(
                "problem",
                crate::ui::problems::file_trouble(w, *trouble).into(),
            )],
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

#[cfg(test)]
mod tests {
    use gamut_engine::any_game::GameConfig;

    use super::*;
    use crate::editor::check;
    use crate::model::{Cell, FileTrouble, Language};
    use crate::ui::layout_check::everywhere;

    fn config(kind: GameKind, variant: Variant) -> GameConfig {
        let mut config = GameConfig {
            kind,
            ..GameConfig::default()
        };
        config.loa.variant = variant;
        config
    }

    /// The cases the layout must hold: LOA for four (the most pieces and seats), playable, its
    /// puzzle being named; Parachute with too many held pieces and a puzzle saved; an empty
    /// Epaminondas board (two reasons) and a proof that took too long.
    fn cases() -> Vec<(Draft, PuzzleStep, Vec<&'static str>, Vec<&'static str>)> {
        let four = Draft::start(config(GameKind::LinesOfAction, Variant::FourPlayers));
        let mut parachute = Draft::start(config(GameKind::LinesOfAction, Variant::Parachute));
        parachute.click(Cell::new(3, 3), tool(Side::White, false));
        let mut epaminondas = Draft::start(config(GameKind::Epaminondas, Variant::Standard));
        epaminondas.clear();
        let common_form = ["editor/eraser", "editor/clear", "editor/start-position"];
        let common_actions = ["editor/copy", "editor/back", "editor/verdict"];
        vec![
            (
                four,
                PuzzleStep::Naming("A long title for a puzzle of LOA for four".into()),
                [
                    &common_form[..],
                    &[
                        "editor/piece/white-marked",
                        "editor/to-move/white-marked",
                        "editor/game/epaminondas",
                        "editor/variant/boundless",
                    ],
                ]
                .concat(),
                [
                    &common_actions[..],
                    &[
                        "editor/play-computer",
                        "editor/play-hot-seat",
                        "editor/analyse",
                        "editor/puzzle-title",
                        "editor/puzzle-prove",
                        "editor/puzzle-cancel",
                    ],
                ]
                .concat(),
            ),
            (
                parachute,
                PuzzleStep::Saved {
                    moves: 3,
                    file: "A long title for a puzzle of Parachute.txt".into(),
                },
                [
                    &common_form[..],
                    &["editor/held/white/more", "editor/held/black/fewer"],
                ]
                .concat(),
                [&common_actions[..], &["editor/save-puzzle"]].concat(),
            ),
            (
                epaminondas,
                PuzzleStep::TooLong,
                [
                    &common_form[..],
                    &["editor/board/8x8", "editor/to-move/black"],
                ]
                .concat(),
                [&common_actions[..], &["editor/save-puzzle"]].concat(),
            ),
        ]
    }

    fn tool(side: Side, marked: bool) -> Tool {
        Tool::Place(Man { side, marked })
    }

    /// Every control of the editor's panel can be reached at every size, scale and language,
    /// nothing overlaps or runs out, and the panel leaves the board room (beside it, or above it
    /// on a phone).
    #[test]
    fn every_control_of_the_editor_can_be_reached_everywhere() {
        let cases = cases();
        everywhere(|screen, words, what| {
            for (draft, puzzle, form, actions) in &cases {
                let problems = check(draft).err().unwrap_or_default();
                let view = EditorData {
                    draft,
                    tool: Tool::Erase,
                    problems: &problems,
                    puzzle,
                    copied: true,
                    from_game: true,
                    words,
                    level: Level::default(),
                };
                // Against the computer opened: its side, level and Start can be reached too.
                let against = actions.contains(&"editor/play-computer");
                let mut choice = against.then_some((Side::White, Level::default()));
                let mut actions = actions.clone();
                if against {
                    actions.extend([
                        "editor/you-play/black",
                        "editor/you-play/white",
                        "editor/computer-level",
                        "editor/start-computer",
                    ]);
                }
                let mut covered = egui::Vec2::ZERO;
                let mut title = match puzzle {
                    PuzzleStep::Naming(t) => t.clone(),
                    _ => String::new(),
                };
                let mut show = |ctx: &egui::Context| {
                    covered = draw(ctx, &view, &mut title, &mut choice).1;
                };
                for _ in 0..3 {
                    screen.pass(Vec::new(), &mut show);
                }
                screen.check(&what, Some(FORM), form, &mut show);
                screen.check(&what, Some(ACTIONS), &actions, &mut show);
                if !matches!(puzzle, PuzzleStep::Naming(_)) {
                    screen.check(&what, None, &["editor/puzzle-result"], &mut show);
                }
                crate::ui::sheet::assert_board_room(&what, screen.rect(), covered);
            }
        });
    }

    /// Every reason a position cannot be played, and what came of a puzzle, in each language:
    /// said with its numbers and names, and differently from English in French and Italian.
    #[test]
    fn every_refusal_is_said_in_the_three_languages() {
        let problems = [
            SetupProblem::NoPieces(Side::Black),
            SetupProblem::TooManyPieces {
                side: Side::White,
                count: 13,
                most: 12,
            },
            SetupProblem::TooManyInSet {
                seat: Seat {
                    side: Side::White,
                    marked: true,
                },
                count: 7,
                most: 6,
            },
            SetupProblem::TooManyHeld {
                holder: Side::Black,
                held: 6,
                most: 5,
            },
            SetupProblem::AlreadyWon {
                winner: Side::White,
                reason: WinReason::Connected,
            },
            SetupProblem::AlreadyWon {
                winner: Side::Black,
                reason: WinReason::HomeRow,
            },
            SetupProblem::AlreadyWon {
                winner: Side::Black,
                reason: WinReason::NoStones,
            },
            SetupProblem::AlreadyDrawn,
            SetupProblem::Refused(gamut_engine::any_game::AnyPositionError::Epaminondas(
                gamut_engine::epaminondas::PositionError::NoStones,
            )),
        ];
        let steps = [
            PuzzleStep::Saved {
                moves: 3,
                file: "mate.txt".into(),
            },
            PuzzleStep::NoWin,
            PuzzleStep::TooLong,
            PuzzleStep::CannotWrite(FileTrouble::DiskFull),
        ];
        let said = |language| {
            let w = Words::from_assets(language);
            let mut lines = problem_lines(&w, GameKind::LinesOfAction, &problems);
            lines.extend(problem_lines(&w, GameKind::Epaminondas, &problems[..2]));
            lines.extend(steps.iter().filter_map(|s| puzzle_line(&w, Side::White, s)));
            lines
        };
        let english = said(Language::English);
        assert_eq!(english.len(), problems.len() + 2 + steps.len());
        assert!(english[0].contains("Black") && english[0].contains("pieces"));
        assert!(english[1].contains("13") && english[1].contains("12"));
        assert!(english[2].contains("White (marked)") && english[2].contains('7'));
        assert!(english[3].contains('6') && english[3].contains('5'));
        assert!(english[9].contains("stones"), "{}", english[9]);
        assert!(english[11].contains("mate.txt") && english[11].contains("3 moves"));
        for language in [Language::French, Language::Italian] {
            let theirs = said(language);
            for (ours, english) in theirs.iter().zip(&english) {
                assert_ne!(ours, english, "{language:?}");
                assert!(!ours.contains("editor-"), "{language:?}: {ours}");
            }
            let (pieces, stones) = match language {
                Language::French => ("pion", "pierre"),
                _ => ("pezzi", "pietre"),
            };
            assert!(theirs[0].contains(pieces), "{language:?}: {}", theirs[0]);
            assert!(theirs[9].contains(stones), "{language:?}: {}", theirs[9]);
            assert!(theirs[1].contains("13") && theirs[11].contains("mate.txt"));
        }
    }
}
