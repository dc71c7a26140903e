//! The puzzle screens: the list (a window over the title screen) and the panel beside the board
//! while a puzzle is on it. Words come from `puzzles.ftl`; the verdicts are typed
//! ([`super::Verdict`]) and worded here.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Game;
use gamut_engine::any_game::GameKind;
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::loa::{BoardSize as LoaBoard, Variant};
use gamut_engine::puzzle::{Goal, Theme};

use super::catalog::{Catalog, CatalogProblem, FOLDERS, Folder, Group, MINE, PuzzleEntry};
use super::progress::{PuzzleProgress, PuzzleState};
use super::session::{Attempt, HintStep, Phase, PuzzleCommand, PuzzleScreen, Verdict, View};
use crate::i18n::Words;
use crate::model::CurrentGame;
use crate::model::game::move_cells;
use crate::play::Status;
use crate::ui::style::{ACCENT, MUTED};
use crate::ui::text;

const SOLVED: egui::Color32 = egui::Color32::from_rgb(120, 200, 120);
const WRONG: egui::Color32 = egui::Color32::from_rgb(230, 120, 100);

/// The list's area (its rectangle is in egui's memory under this id).
pub const LIST: &str = "puzzle list";

/// What the list reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ListView<'w> {
    catalog: Res<'w, Catalog>,
    progress: Res<'w, PuzzleProgress>,
    words: Res<'w, Words>,
}

/// What the list shows.
pub struct ListData<'a> {
    pub catalog: &'a Catalog,
    pub progress: &'a PuzzleProgress,
    pub words: &'a Words,
}

/// The list of puzzles, by game and by length, over the title screen.
pub(super) fn puzzle_list(
    mut contexts: EguiContexts,
    view: ListView,
    mut commands: MessageWriter<PuzzleCommand>,
) -> Result {
    // Runs while the list is open at the title (see `PuzzlesPlugin`).
    let ctx = contexts.ctx_mut()?;
    let data = ListData {
        catalog: &view.catalog,
        progress: &view.progress,
        words: &view.words,
    };
    if let Some(command) = draw_list(ctx, &data) {
        commands.write(command);
    }
    Ok(())
}

/// The list: its heading, the problems, the groups (scrolling) and the way back. The puzzle or
/// the way the player chose.
pub fn draw_list(ctx: &egui::Context, view: &ListData) -> Option<PuzzleCommand> {
    let w = view.words;
    let window = ctx.content_rect();
    // A fixed height, so the window does not move under the pointer while it settles.
    let height = (window.height() - 180.0).clamp(80.0, 770.0);
    let width = (window.width() - 76.0).min(620.0);
    let mut chosen = None;
    egui::Modal::new(LIST.into())
        .frame(
            egui::Frame::popup(&ctx.global_style())
                .inner_margin(egui::Margin::symmetric(28, 20))
                .corner_radius(14),
        )
        .show(ctx, |ui| {
            ui.set_width(width);
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        let title = egui::RichText::new(w.t("puzzles-title"))
                            .size(34.0)
                            .color(ACCENT)
                            .strong();
                        ui.add(egui::Label::new(title).wrap());
                    });
                    let intro = egui::RichText::new(w.t("puzzles-intro")).color(MUTED);
                    ui.add(egui::Label::new(intro).wrap());
                    problems(ui, view);
                    ui.separator();
                    chosen = groups(ui, view);
                });
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let back = egui::RichText::new(w.t("puzzles-back-to-title")).size(18.0);
                let back = ui.add(egui::Button::new(back).wrap());
                crate::ui::landmark::mark(ui, "puzzles/back-to-title", &back);
                if back.clicked() {
                    chosen = Some(PuzzleCommand::BackToTitle);
                }
                let legend = egui::RichText::new(w.t("puzzles-legend")).color(MUTED);
                ui.add(egui::Label::new(legend).wrap());
            });
        });
    chosen
}

/// The progress file's problem and the puzzles left out, if any.
fn problems(ui: &mut egui::Ui, view: &ListData) {
    let w = view.words;
    let line = view
        .progress
        .problem()
        .map(|report| crate::ui::problems::file_report(w, report));
    let mut lines: Vec<String> = line.into_iter().collect();
    lines.extend(view.catalog.problems.iter().map(|(file, problem)| {
        w.t_with(
            "puzzles-file-problem",
            [
                ("file", file.clone().into()),
                ("problem", catalog_problem(w, problem).into()),
            ],
        )
    }));
    if view.catalog.entries.is_empty() {
        lines.push(w.t("puzzles-none"));
    }
    for line in lines {
        ui.add(egui::Label::new(egui::RichText::new(line).color(WRONG)).wrap());
    }
}

/// A group's name: "Win in 2 moves", or the article's.
pub(super) fn group_name(w: &Words, goal: Goal, article: bool) -> String {
    if article {
        return w.t("puzzles-group-article");
    }
    w.t_with("puzzles-group-win", [("moves", goal.moves().into())])
}

/// A folder's heading: the game, with its variant or board when not the standard one.
pub(super) fn section_name(w: &Words, folder: &Folder) -> String {
    let game = text::game_name(w, folder.kind);
    let variant = match folder.kind {
        GameKind::LinesOfAction if folder.variant != Variant::Standard => {
            text::variant_name(w, folder.variant)
        }
        GameKind::LinesOfAction if folder.loa_board != LoaBoard::Eight => {
            text::loa_board_named(w, folder.loa_board)
        }
        GameKind::Epaminondas if folder.board == BoardSize::Small => w.t("puzzles-board-small"),
        _ => return game,
    };
    w.t_with(
        "puzzles-section-variant",
        [("game", game.into()), ("variant", variant.into())],
    )
}

/// A puzzle's title: the player's own, or from its id.
pub(super) fn title(w: &Words, entry: &PuzzleEntry) -> String {
    match &entry.mine {
        Some(title) => title.clone(),
        None => w.t_with("puzzle-title", [("id", entry.title_key().into())]),
    }
}

/// The heading of a puzzle's game: its folder's, or for the player's own puzzles the game and
/// variant of its rules.
pub(super) fn entry_section(w: &Words, entry: &PuzzleEntry) -> String {
    if entry.mine.is_none() {
        return section_name(w, &FOLDERS[entry.folder]);
    }
    let config = entry.puzzle.record.config;
    let folder = Folder {
        name: MINE,
        kind: config.kind,
        variant: config.loa.variant,
        board: config.epaminondas.board,
        loa_board: config.loa.board,
    };
    section_name(w, &folder)
}

/// A theme's name ("Capture to win").
pub(super) fn theme_name(w: &Words, theme: Theme) -> String {
    w.t(match theme {
        Theme::Connect => "puzzle-theme-connect",
        Theme::Capture => "puzzle-theme-capture",
        Theme::Quiet => "puzzle-theme-quiet",
        Theme::Breakthrough => "puzzle-theme-breakthrough",
        Theme::Block => "puzzle-theme-block",
        Theme::Defend => "puzzle-theme-defend",
    })
}

/// Each folder's groups (a game, or a variant or board of one), with a row per puzzle.
fn groups(ui: &mut egui::Ui, view: &ListData) -> Option<PuzzleCommand> {
    let w = view.words;
    let mut chosen = None;
    let mut last_folder = None;
    for group in view.catalog.groups() {
        let section = (group.mine, if group.mine { 0 } else { group.folder });
        if last_folder != Some(section) {
            last_folder = Some(section);
            ui.add_space(6.0);
            let heading = if group.mine {
                w.t("editor-puzzles-mine")
            } else {
                section_name(w, &FOLDERS[group.folder])
            };
            let name = egui::RichText::new(heading).size(24.0).strong();
            ui.add(egui::Label::new(name).wrap());
        }
        if let Some(c) = group_row(ui, view, &group) {
            chosen = Some(c);
        }
    }
    chosen
}

fn group_row(ui: &mut egui::Ui, view: &ListData, group: &Group) -> Option<PuzzleCommand> {
    let w = view.words;
    let ids = group
        .members
        .iter()
        .map(|&i| view.catalog.entries[i].id.as_str());
    let solved = view.progress.solved_among(ids);
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(group_name(w, group.goal, group.article)).size(18.0));
        let count = w.t_with(
            "puzzles-group-count",
            [
                ("solved", solved.into()),
                ("total", group.members.len().into()),
            ],
        );
        let colour = if solved == group.members.len() {
            SOLVED
        } else {
            MUTED
        };
        ui.label(egui::RichText::new(count).color(colour));
    });
    // A line per theme: its name, then its puzzles' buttons (the group's members come theme
    // by theme).
    let mut at = 0;
    while at < group.members.len() {
        let theme = view.catalog.entries[group.members[at]].theme;
        let end = group.members[at..]
            .iter()
            .position(|&i| view.catalog.entries[i].theme != theme)
            .map_or(group.members.len(), |n| at + n);
        ui.horizontal_wrapped(|ui| {
            if let Some(theme) = theme {
                let theme = egui::RichText::new(theme_name(w, theme)).color(MUTED);
                ui.add(egui::Label::new(theme).wrap());
            }
            for (n, &index) in group.members.iter().enumerate().take(end).skip(at) {
                let entry = &view.catalog.entries[index];
                let button = puzzle_button(ui, w, n + 1, entry, view.progress.state(&entry.id));
                crate::ui::landmark::mark(ui, format!("puzzles/{}", entry.id), &button);
                if button.clicked() {
                    chosen = Some(PuzzleCommand::Open(index));
                }
            }
        });
        at = end;
    }
    ui.add_space(4.0);
    chosen
}

/// A puzzle's button: its number, its title and its state's mark; hovering names the state.
fn puzzle_button(
    ui: &mut egui::Ui,
    w: &Words,
    number: usize,
    entry: &PuzzleEntry,
    state: PuzzleState,
) -> egui::Response {
    let (mark, colour, word) = match state {
        PuzzleState::New => ("", egui::Color32::PLACEHOLDER, w.t("puzzles-state-new")),
        PuzzleState::Tried => (" ○", ACCENT, w.t("puzzles-state-tried")),
        PuzzleState::Solved => (" ✔", SOLVED, w.t("puzzles-state-solved")),
    };
    let text = egui::RichText::new(format!("{number}. {}{mark}", title(w, entry)))
        .size(16.0)
        .color(colour);
    let hover = match entry.mine {
        // The player's own puzzles come from every game: the hover names it.
        Some(_) => format!("{}\n{word}", entry_section(w, entry)),
        None => word,
    };
    ui.add(egui::Button::new(text).min_size(egui::vec2(40.0, 30.0)))
        .on_hover_text(hover)
}

/// What the panel reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelView<'w> {
    screen: Res<'w, PuzzleScreen>,
    catalog: Res<'w, Catalog>,
    game: Res<'w, CurrentGame>,
    status: Res<'w, Status>,
    words: Res<'w, Words>,
    rig: Res<'w, crate::board::camera::CameraRig>,
}

/// What the panel shows.
pub struct PanelData<'a> {
    pub catalog: &'a Catalog,
    pub game: &'a CurrentGame,
    pub status: &'a Status,
    pub words: &'a Words,
    /// The board is seen from above.
    pub flat: bool,
}

/// The panel beside the board while a puzzle is on it, and the status line under the board.
pub(super) fn puzzle_panel(
    mut contexts: EguiContexts,
    view: PanelView,
    mut commands: MessageWriter<PuzzleCommand>,
    mut insets: ResMut<crate::board::camera::ScreenInsets>,
) -> Result {
    let Some(attempt) = view.screen.attempt.as_ref() else {
        return Ok(());
    };
    if view.screen.view != View::Solving {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let data = PanelData {
        catalog: &view.catalog,
        game: &view.game,
        status: &view.status,
        words: &view.words,
        flat: view.rig.flat,
    };
    let Some((chosen, covered)) = draw_panel(ctx, &data, attempt) else {
        return Ok(());
    };
    crate::ui::style::report_insets(ctx, covered.x, covered.y, &mut insets);
    if let Some(command) = chosen {
        commands.write(command);
    }
    Ok(())
}

/// The puzzle panel's name: its rect is landmarked under it.
pub const PANEL: &str = "puzzles/panel";

/// The panel at the right of the board (its buttons at the bottom, scrolling in half the
/// panel at most, a third of a very short one; the question and where the attempt stands above them, scrolling) and the
/// status line under the board. What the player asked for and the part of the window covered
/// at the right and at the bottom (egui points); nothing if the puzzle is not in the catalogue.
pub fn draw_panel(
    ctx: &egui::Context,
    view: &PanelData,
    attempt: &Attempt,
) -> Option<(Option<PuzzleCommand>, egui::Vec2)> {
    let entry = view.catalog.entries.get(attempt.index)?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "puzzle root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let w = view.words;
    let status = egui::Panel::bottom("puzzle status").show(&mut root, |ui| {
        let line = match view.status.current(view.game) {
            Some(notice) => crate::ui::notices::notice(w, notice, text::Table::of(view.game)),
            None => text::controls_help(
                w,
                view.flat,
                crate::ui::touch_screen(ui.ctx()),
                view.game.config.kind,
            ),
        };
        ui.add(egui::Label::new(egui::RichText::new(line).size(16.0)).wrap());
    });
    let mut chosen = None;
    let (side, sheet) = crate::ui::sheet::place_narrowed(&root, "puzzle panel", WIDTH);
    let side = side.resizable(false).show(&mut root, |ui| {
        // A very short panel leaves its words two thirds.
        let room = ui.available_height();
        let room = room / if room < 300.0 { 3.0 } else { 2.0 };
        egui::Panel::bottom("puzzle actions")
            .show_separator_line(true)
            .show(ui, |ui| {
                chosen = scrolled(ui, "puzzles/actions", room, |ui| {
                    buttons(ui, w, attempt, entry)
                });
            });
        let room = ui.available_height();
        scrolled(ui, "puzzles/text", room, |ui| {
            header(ui, view, attempt, entry);
            progress_lines(ui, view, attempt, entry);
        });
    });
    crate::ui::landmark::mark(&root, PANEL, &side.response);
    let covered = crate::ui::sheet::covered(side.response.rect, sheet);
    Some((
        chosen,
        covered + egui::vec2(0.0, status.response.rect.height()),
    ))
}

/// The panel's width (egui points), in a window wide enough.
const WIDTH: f32 = 360.0;

/// A scroll area with a bar that shows whenever it scrolls, at most `height` tall (and as tall
/// as its content up to that, even inside a panel sized by its last pass); the part that shows
/// is landmarked as `name`.
fn scrolled<R>(
    ui: &mut egui::Ui,
    name: &str,
    height: f32,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    let area = egui::ScrollArea::vertical()
        .id_salt(name)
        .auto_shrink([false, true])
        .max_height(height)
        .min_scrolled_height(height)
        .show(ui, add);
    // What shows: the area within what its panel shows.
    let shown = area.inner_rect.intersect(ui.clip_rect());
    crate::ui::landmark::mark_rect(ui, name, shown);
    area.inner
}

fn header(ui: &mut egui::Ui, view: &PanelData, attempt: &Attempt, entry: &PuzzleEntry) {
    let w = view.words;
    let (number, total) = view.catalog.place_in_group(attempt.index);
    ui.add_space(6.0);
    ui.add(egui::Label::new(egui::RichText::new(entry_section(w, entry)).heading()).wrap());
    let name = egui::RichText::new(title(w, entry))
        .size(22.0)
        .color(ACCENT)
        .strong();
    ui.add(egui::Label::new(name).wrap());
    let theme = entry.theme.map(|t| theme_name(w, t)).unwrap_or_default();
    ui.add(
        egui::Label::new(
            egui::RichText::new(w.t_with(
                "puzzle-heading",
                [
                    ("group", group_name(w, entry.goal(), entry.article).into()),
                    ("theme", theme.into()),
                    ("number", number.into()),
                    ("total", total.into()),
                ],
            ))
            .color(MUTED),
        )
        .wrap(),
    );
    ui.separator();
    let colour = text::colour(attempt.learner);
    let goal = if entry.article {
        w.t("puzzle-article-question")
    } else {
        match entry.goal() {
            Goal::Win(n) => w.t_with("puzzle-goal-win", [("colour", colour), ("moves", n.into())]),
            Goal::Defend(n) => w.t_with(
                "puzzle-goal-defend",
                [("colour", colour), ("moves", n.into())],
            ),
        }
    };
    ui.horizontal(|ui| {
        swatch(ui, attempt.learner);
        ui.add(egui::Label::new(egui::RichText::new(goal).size(20.0).strong()).wrap());
    });
    if entry.article {
        ui.add(
            egui::Label::new(
                egui::RichText::new(w.t("puzzle-article-source"))
                    .italics()
                    .color(MUTED),
            )
            .wrap(),
        );
    }
    ui.separator();
}

/// Where the attempt stands: moves left, the engine's reply, the hint, the verdict.
fn progress_lines(ui: &mut egui::Ui, view: &PanelData, attempt: &Attempt, entry: &PuzzleEntry) {
    let w = view.words;
    let big = |text: String| egui::RichText::new(text).size(18.0);
    if let Some(reply) = &attempt.last_reply {
        ui.label(big(
            w.t_with("puzzle-reply", [("move", reply.clone().into())])
        ));
    }
    match &attempt.phase {
        Phase::YourMove | Phase::Reply(_) | Phase::Replied => {
            ui.label(big(
                w.t_with("puzzle-moves-left", [("moves", attempt.left.into())])
            ));
            if attempt.phase == Phase::YourMove {
                ui.label(big(w.t("puzzle-your-move")).color(ACCENT));
            }
            hint_line(ui, w, view.game, attempt.hint);
        }
        Phase::Thinking => {
            ui.horizontal(|ui| {
                crate::ui::style::spinner(ui);
                ui.label(big(w.t("puzzle-thinking")));
            });
        }
        Phase::Showing { .. } => {
            ui.label(big(w.t("puzzle-showing")));
        }
        Phase::Over(verdict) => verdict_lines(ui, w, verdict, view.game),
    }
    if entry.article && matches!(attempt.phase, Phase::Over(_) | Phase::Showing { .. }) {
        ui.add_space(8.0);
        let count = entry.puzzle.start().legal_moves().len();
        ui.add(
            egui::Label::new(
                egui::RichText::new(w.t_with("puzzle-article-verdict", [("count", count.into())]))
                    .size(16.0),
            )
            .wrap(),
        );
    }
}

/// Why a puzzle file was left out, in the player's words.
fn catalog_problem(w: &Words, problem: &CatalogProblem) -> String {
    match problem {
        CatalogProblem::File(trouble) => crate::ui::problems::file_trouble(w, *trouble),
        CatalogProblem::NotText => w.t("puzzles-problem-not-text"),
        CatalogProblem::Record(error) => crate::ui::problems::record_problem(w, error),
        CatalogProblem::NotAPuzzle => w.t("puzzles-problem-not-a-puzzle"),
        CatalogProblem::BadGoal => w.t("puzzles-problem-bad-goal"),
        CatalogProblem::NoSolution => w.t("puzzles-problem-no-solution"),
        CatalogProblem::Finished => w.t("puzzles-problem-finished"),
        CatalogProblem::OtherRules(config) => w.t_with(
            "puzzles-problem-other-rules",
            [
                ("game", text::game_name(w, config.kind).into()),
                ("rules", text::options(w, config).into()),
            ],
        ),
    }
}

fn hint_line(ui: &mut egui::Ui, w: &Words, game: &CurrentGame, hint: HintStep) {
    let line = match hint {
        HintStep::None => return,
        HintStep::Piece(mv) => match move_cells(mv).first() {
            Some(square) => w.t_with(
                "puzzle-hint-piece",
                [
                    ("square", square.to_string().into()),
                    ("game", text::men(game.config.kind)),
                ],
            ),
            None => return,
        },
        HintStep::Move(mv) => w.t_with(
            "puzzle-hint-move",
            [("move", game.position().human_move(mv).into())],
        ),
    };
    let hint = ui.add(egui::Label::new(egui::RichText::new(line).size(17.0).color(ACCENT)).wrap());
    crate::ui::landmark::mark(ui, "puzzles/hint-line", &hint);
}

fn verdict_lines(ui: &mut egui::Ui, w: &Words, verdict: &Verdict, game: &CurrentGame) {
    let (line, colour, size) = match verdict {
        Verdict::Solved { counted: true } => (w.t("puzzle-solved"), SOLVED, 30.0),
        Verdict::Solved { counted: false } => (w.t("puzzle-solved-not-counted"), SOLVED, 18.0),
        Verdict::NotWinning { played, escape } => {
            let line = match (played.is_empty(), escape) {
                (true, _) => w.t("puzzle-not-winning-plain"),
                (false, Some(escape)) => w.t_with(
                    "puzzle-not-winning",
                    [
                        ("played", played.clone().into()),
                        ("escape", escape.clone().into()),
                    ],
                ),
                (false, None) => w.t_with(
                    "puzzle-not-winning-end",
                    [("played", played.clone().into())],
                ),
            };
            (line, WRONG, 18.0)
        }
        Verdict::Lost => (w.t("puzzle-lost"), WRONG, 18.0),
        Verdict::Saved { played } => (
            w.t_with("puzzle-saved", [("played", played.clone().into())]),
            SOLVED,
            18.0,
        ),
        Verdict::SolutionShown => (
            w.t_with(
                "puzzle-solution-shown",
                [("moves", game.notation().join(" ").into())],
            ),
            MUTED,
            17.0,
        ),
    };
    let line = egui::RichText::new(line).size(size).color(colour).strong();
    let wrap = Some(egui::TextWrapMode::Wrap);
    let width = ui.available_width();
    let galley = egui::WidgetText::from(line).into_galley(ui, wrap, width, egui::TextStyle::Body);
    let verdict = ui.add(egui::Label::new(galley.clone()));
    // Its last line (a short window shows only part of a long solution at once).
    if let Some(row) = galley.rows.last() {
        let end = row.rect().translate(verdict.rect.min.to_vec2());
        crate::ui::landmark::mark_rect(ui, "puzzles/verdict-end", end);
    }
}

/// The actions, at the bottom of the panel.
fn buttons(
    ui: &mut egui::Ui,
    w: &Words,
    attempt: &Attempt,
    entry: &PuzzleEntry,
) -> Option<PuzzleCommand> {
    let mut chosen = None;
    ui.add_space(6.0);
    let width = ui.available_width();
    let over = matches!(attempt.phase, Phase::Over(_));
    let solved = matches!(attempt.phase, Phase::Over(Verdict::Solved { .. }));
    let can_hint = attempt.phase == Phase::YourMove
        && matches!(entry.goal(), Goal::Win(_))
        && !matches!(attempt.hint, HintStep::Move(_));
    let showing = matches!(attempt.phase, Phase::Showing { .. });
    // Shown, enabled, words, command, name.
    let wide = [
        (over, true, "puzzle-button-next", PuzzleCommand::Next),
        (
            over && !solved,
            true,
            "puzzle-button-try-again",
            PuzzleCommand::TryAgain,
        ),
        (!over, can_hint, "puzzle-button-hint", PuzzleCommand::Hint),
        (
            !over || !solved,
            !showing,
            "puzzle-button-solution",
            PuzzleCommand::ShowSolution,
        ),
    ];
    for (_, enabled, key, command) in wide.into_iter().filter(|b| b.0) {
        let text = egui::RichText::new(w.t(key)).size(18.0);
        let button = egui::Button::new(text)
            .wrap()
            .min_size(egui::vec2(width, 34.0));
        let button = ui.add_enabled(enabled, button);
        crate::ui::landmark::mark(ui, landmark(command), &button);
        if button.clicked() {
            chosen = Some(command);
        }
    }
    ui.horizontal_wrapped(|ui| {
        let small = [
            ("puzzle-button-list", PuzzleCommand::BackToList),
            ("puzzles-back-to-title", PuzzleCommand::BackToTitle),
        ];
        for (key, command) in small {
            let text = egui::RichText::new(w.t(key)).size(16.0);
            let button = ui.add(egui::Button::new(text).wrap());
            crate::ui::landmark::mark(ui, landmark(command), &button);
            if button.clicked() {
                chosen = Some(command);
            }
        }
    });
    ui.add_space(4.0);
    chosen
}

/// A panel button's name for the developer tools and the layout tests.
fn landmark(command: PuzzleCommand) -> &'static str {
    match command {
        PuzzleCommand::Next => "puzzles/next",
        PuzzleCommand::TryAgain => "puzzles/try-again",
        PuzzleCommand::Hint => "puzzles/hint",
        PuzzleCommand::ShowSolution => "puzzles/solution",
        PuzzleCommand::BackToList => "puzzles/back-to-list",
        PuzzleCommand::BackToTitle => "puzzles/back-to-title",
        PuzzleCommand::Open(_) => "puzzles/open",
    }
}

/// A round swatch of the player's colour.
fn swatch(ui: &mut egui::Ui, side: gamut_engine::Color) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(20.0, 20.0), egui::Sense::hover());
    let fill = match side {
        gamut_engine::Color::Black => egui::Color32::from_rgb(25, 25, 28),
        gamut_engine::Color::White => egui::Color32::from_rgb(240, 233, 214),
    };
    ui.painter().circle(
        rect.center(),
        9.0,
        fill,
        egui::Stroke::new(1.5, egui::Color32::GRAY),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::layout_check::everywhere;

    /// The shipped puzzles, and a file left out.
    fn catalog() -> Catalog {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles");
        let mut catalog = Catalog::load(&root);
        assert!(catalog.entries.len() > 10, "the shipped puzzles");
        catalog.problems.push((
            "/home/someone/.local/share/gamut/puzzles/loa/w3-99.txt".into(),
            CatalogProblem::NoSolution,
        ));
        catalog
    }

    /// Each of `kind`'s groups' last puzzle (the end of its rows of buttons) and the way back
    /// can be reached in the list, with some puzzles tried or solved and the progress file
    /// unreadable, at every size, scale and language; it scrolls, nothing overlaps or runs out.
    fn every_group_can_be_reached(kind: gamut_engine::any_game::GameKind) {
        let catalog = catalog();
        let mut progress = PuzzleProgress::default();
        progress.set_problem(Some(crate::model::FileReport {
            file: crate::model::DataFile::PuzzleProgress,
            name: "/home/someone/.local/share/gamut/puzzles.json".into(),
            fate: crate::model::Fate::LeftAlone {
                why: crate::model::FileProblem::Unreadable(crate::model::FileTrouble::NotJson {
                    line: 1,
                    column: 1,
                }),
            },
        }));
        for (i, entry) in catalog.entries.iter().enumerate().step_by(3) {
            let state = [PuzzleState::Tried, PuzzleState::Solved][i % 2];
            progress.mark(&entry.id, state);
        }
        let last = |g: &Group| &catalog.entries[g.members[g.members.len() - 1]].id;
        let groups = catalog.groups();
        let mut names: Vec<String> = groups
            .iter()
            .filter(|g| g.kind == kind)
            .map(|g| format!("puzzles/{}", last(g)))
            .collect();
        assert!(names.len() >= 3, "{kind:?}'s groups");
        names.push("puzzles/back-to-title".into());
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        everywhere(|screen, words, what| {
            let view = ListData {
                catalog: &catalog,
                progress: &progress,
                words,
            };
            screen.check(&what, Some(LIST), &names, &mut |ctx| {
                draw_list(ctx, &view);
            });
        });
    }

    // One test a game: the list is long, each under 20 s in a debug build.

    #[test]
    fn every_lines_of_action_group_can_be_reached_in_the_list_everywhere() {
        every_group_can_be_reached(gamut_engine::any_game::GameKind::LinesOfAction);
    }

    #[test]
    fn every_epaminondas_group_can_be_reached_in_the_list_everywhere() {
        every_group_can_be_reached(gamut_engine::any_game::GameKind::Epaminondas);
    }

    /// An attempt at the puzzle `index` in `phase`, the hint at its move, after a reply.
    fn attempt(catalog: &Catalog, index: usize, phase: Phase) -> Attempt {
        let start = catalog.entries[index].puzzle.start();
        Attempt {
            index,
            learner: gamut_engine::Color::Black,
            left: 2,
            phase,
            solution_shown: false,
            hint: HintStep::Move(start.legal_moves()[0]),
            last_reply: Some("h4-f2".into()),
            ready: true,
        }
    }

    /// The panel's buttons and the end of its words (the hint while the player is to move, the
    /// solution once shown in the article's puzzle, the longest words) can be reached at every
    /// size, scale and language; nothing overlaps or runs out, and the panel leaves the board
    /// room (beside it, or above it on a phone).
    #[test]
    fn the_puzzle_panel_can_be_read_and_every_button_reached_everywhere() {
        let catalog = catalog();
        let article = catalog.entries.iter().position(|e| e.article);
        let article = article.expect("the article's puzzle");
        let mut game = CurrentGame::new(Default::default());
        for _ in 0..6 {
            let mv = game.position().legal_moves()[0];
            game.play(mv);
        }
        let status = Status::default();
        let cases = [
            (
                attempt(&catalog, 0, Phase::YourMove),
                vec!["puzzles/hint", "puzzles/solution"],
                "puzzles/hint-line",
            ),
            (
                attempt(&catalog, article, Phase::Over(Verdict::SolutionShown)),
                vec!["puzzles/next", "puzzles/try-again", "puzzles/solution"],
                "puzzles/verdict-end",
            ),
        ];
        everywhere(|screen, words, what| {
            let view = PanelData {
                catalog: &catalog,
                game: &game,
                status: &status,
                words,
                flat: false,
            };
            for (attempt, buttons, end) in &cases {
                let mut covered = egui::Vec2::ZERO;
                let mut show = |ctx: &egui::Context| {
                    covered = draw_panel(ctx, &view, attempt).expect("in the catalogue").1;
                };
                // The panels take the size they had in the last pass: they settle in a few.
                for _ in 0..3 {
                    screen.pass(Vec::new(), &mut show);
                }
                let mut buttons = buttons.clone();
                buttons.extend(["puzzles/back-to-list", "puzzles/back-to-title"]);
                screen.check(&what, Some("puzzles/actions"), &buttons, &mut show);
                screen.check(&what, Some("puzzles/text"), &[end], &mut show);
                crate::ui::sheet::assert_board_room(&what, screen.rect(), covered);
            }
        });
    }
}
