//! The puzzle screens: the list (a window over the title screen) and the panel beside the board
//! while a puzzle is on it. Words come from `puzzles.ftl`; the verdicts are typed
//! ([`super::Verdict`]) and worded here.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Game;
use gamut_engine::puzzle::Goal;

use super::catalog::{Catalog, Group, PuzzleEntry};
use super::progress::{ProgressProblem, PuzzleProgress, PuzzleState};
use super::session::{Attempt, HintStep, Phase, PuzzleCommand, PuzzleScreen, Verdict, View};
use crate::i18n::Words;
use crate::model::CurrentGame;
use crate::model::game::move_cells;
use crate::play::{AppState, Status};
use crate::ui::style::{ACCENT, MUTED};
use crate::ui::text;

const SOLVED: egui::Color32 = egui::Color32::from_rgb(120, 200, 120);
const WRONG: egui::Color32 = egui::Color32::from_rgb(230, 120, 100);

/// What the list reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ListView<'w> {
    screen: Res<'w, PuzzleScreen>,
    catalog: Res<'w, Catalog>,
    progress: Res<'w, PuzzleProgress>,
    words: Res<'w, Words>,
    state: Res<'w, State<AppState>>,
}

/// The list of puzzles, by game and by length, over the title screen.
pub(super) fn puzzle_list(
    mut contexts: EguiContexts,
    view: ListView,
    mut commands: MessageWriter<PuzzleCommand>,
) -> Result {
    if view.screen.view != View::List || *view.state.get() != AppState::Menu {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let w = &*view.words;
    // A fixed height, so the window does not move under the pointer while it settles.
    let height = (ctx.content_rect().height() - 330.0).clamp(160.0, 620.0);
    let mut chosen = None;
    egui::Modal::new("puzzle list".into())
        .frame(
            egui::Frame::popup(&ctx.global_style())
                .inner_margin(egui::Margin::symmetric(28, 20))
                .corner_radius(14),
        )
        .show(ctx, |ui| {
            ui.set_width(620.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(w.t("puzzles-title"))
                        .size(34.0)
                        .color(ACCENT)
                        .strong(),
                );
            });
            ui.add(egui::Label::new(egui::RichText::new(w.t("puzzles-intro")).color(MUTED)).wrap());
            problems(ui, &view);
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| {
                    chosen = groups(ui, &view);
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .button(egui::RichText::new(w.t("puzzles-back-to-title")).size(18.0))
                    .clicked()
                {
                    chosen = Some(PuzzleCommand::BackToTitle);
                }
                ui.label(egui::RichText::new(w.t("puzzles-legend")).color(MUTED));
            });
        });
    if let Some(command) = chosen {
        commands.write(command);
    }
    Ok(())
}

/// The progress file's problem and the puzzles left out, if any.
fn problems(ui: &mut egui::Ui, view: &ListView) {
    let w = &*view.words;
    let line = match &view.progress.problem {
        Some(ProgressProblem::Unreadable { file, problem }) => Some(w.t_with(
            "puzzles-progress-unreadable",
            [
                ("file", file.clone().into()),
                ("problem", problem.clone().into()),
            ],
        )),
        Some(ProgressProblem::Unwritable { file, problem }) => Some(w.t_with(
            "puzzles-progress-unwritable",
            [
                ("file", file.clone().into()),
                ("problem", problem.clone().into()),
            ],
        )),
        None => None,
    };
    let mut lines: Vec<String> = line.into_iter().collect();
    lines.extend(view.catalog.problems.iter().map(|(file, problem)| {
        w.t_with(
            "puzzles-file-problem",
            [
                ("file", file.clone().into()),
                ("problem", problem.clone().into()),
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

/// Each game's groups, with a button per puzzle.
fn groups(ui: &mut egui::Ui, view: &ListView) -> Option<PuzzleCommand> {
    let w = &*view.words;
    let mut chosen = None;
    let mut last_game = None;
    for group in view.catalog.groups() {
        if last_game != Some(group.kind) {
            last_game = Some(group.kind);
            ui.add_space(6.0);
            ui.label(
                egui::RichText::new(text::game_name(w, group.kind))
                    .size(24.0)
                    .strong(),
            );
        }
        if let Some(c) = group_row(ui, view, &group) {
            chosen = Some(c);
        }
    }
    chosen
}

fn group_row(ui: &mut egui::Ui, view: &ListView, group: &Group) -> Option<PuzzleCommand> {
    let w = &*view.words;
    let ids = group
        .members
        .iter()
        .map(|&i| view.catalog.entries[i].id.as_str());
    let solved = view.progress.solved_among(ids);
    let mut chosen = None;
    ui.horizontal(|ui| {
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
    ui.horizontal_wrapped(|ui| {
        for (n, &index) in group.members.iter().enumerate() {
            let entry = &view.catalog.entries[index];
            if puzzle_button(ui, w, n + 1, view.progress.state(&entry.id)) {
                chosen = Some(PuzzleCommand::Open(index));
            }
        }
    });
    ui.add_space(4.0);
    chosen
}

/// A puzzle's button: its number and its state's mark; hovering names the state.
fn puzzle_button(ui: &mut egui::Ui, w: &Words, number: usize, state: PuzzleState) -> bool {
    let (mark, colour, word) = match state {
        PuzzleState::New => ("", egui::Color32::PLACEHOLDER, w.t("puzzles-state-new")),
        PuzzleState::Tried => (" ○", ACCENT, w.t("puzzles-state-tried")),
        PuzzleState::Solved => (" ✔", SOLVED, w.t("puzzles-state-solved")),
    };
    let text = egui::RichText::new(format!("{number}{mark}"))
        .size(18.0)
        .color(colour);
    ui.add(egui::Button::new(text).min_size(egui::vec2(58.0, 34.0)))
        .on_hover_text(word)
        .clicked()
}

/// What the panel reads.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PanelView<'w> {
    screen: Res<'w, PuzzleScreen>,
    catalog: Res<'w, Catalog>,
    game: Res<'w, CurrentGame>,
    status: Res<'w, Status>,
    words: Res<'w, Words>,
    practice: Res<'w, crate::play::Practice>,
    rig: Res<'w, crate::board::camera::CameraRig>,
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
    let Some(entry) = view.catalog.entries.get(attempt.index) else {
        return Ok(());
    };
    if view.screen.view != View::Solving || !view.practice.is_on() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "puzzle root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let w = &*view.words;
    let status = egui::Panel::bottom("puzzle status").show(&mut root, |ui| {
        let line = match view.status.current(&view.game) {
            Some(notice) => text::notice(w, notice, false),
            None => text::controls_help(w, view.rig.flat),
        };
        ui.horizontal(|ui| ui.label(egui::RichText::new(line).size(16.0)));
    });
    let mut chosen = None;
    let side = egui::Panel::right("puzzle panel")
        .exact_size(360.0)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::Panel::bottom("puzzle actions")
                .show_separator_line(true)
                .show(ui, |ui| chosen = buttons(ui, w, attempt, entry));
            egui::ScrollArea::vertical().show(ui, |ui| {
                header(ui, &view, attempt, entry);
                progress_lines(ui, &view, attempt, entry);
            });
        });
    crate::ui::style::report_insets(
        ctx,
        side.response.rect.width(),
        status.response.rect.height(),
        &mut insets,
    );
    if let Some(command) = chosen {
        commands.write(command);
    }
    Ok(())
}

fn header(ui: &mut egui::Ui, view: &PanelView, attempt: &Attempt, entry: &PuzzleEntry) {
    let w = &*view.words;
    let (number, total) = view.catalog.place_in_group(attempt.index);
    ui.add_space(6.0);
    ui.heading(text::game_name(w, entry.kind));
    ui.label(
        egui::RichText::new(w.t_with(
            "puzzle-heading",
            [
                ("group", group_name(w, entry.goal(), entry.article).into()),
                ("number", number.into()),
                ("total", total.into()),
            ],
        ))
        .color(MUTED),
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
fn progress_lines(ui: &mut egui::Ui, view: &PanelView, attempt: &Attempt, entry: &PuzzleEntry) {
    let w = &*view.words;
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
            hint_line(ui, w, &view.game, attempt.hint);
        }
        Phase::Thinking => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(big(w.t("puzzle-thinking")));
            });
        }
        Phase::Showing { .. } => {
            ui.label(big(w.t("puzzle-showing")));
        }
        Phase::Over(verdict) => verdict_lines(ui, w, verdict, &view.game),
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

fn hint_line(ui: &mut egui::Ui, w: &Words, game: &CurrentGame, hint: HintStep) {
    let line = match hint {
        HintStep::None => return,
        HintStep::Piece(mv) => match move_cells(mv).first() {
            Some(square) => w.t_with("puzzle-hint-piece", [("square", square.to_string().into())]),
            None => return,
        },
        HintStep::Move(mv) => w.t_with(
            "puzzle-hint-move",
            [("move", game.position().human_move(mv).into())],
        ),
    };
    ui.label(egui::RichText::new(line).size(17.0).color(ACCENT));
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
    ui.add(egui::Label::new(egui::RichText::new(line).size(size).color(colour).strong()).wrap());
}

/// The actions, at the bottom of the panel.
fn buttons(
    ui: &mut egui::Ui,
    w: &Words,
    attempt: &Attempt,
    entry: &PuzzleEntry,
) -> Option<PuzzleCommand> {
    let mut chosen = None;
    let wide = |text: String| {
        egui::Button::new(egui::RichText::new(text).size(18.0)).min_size(egui::vec2(330.0, 34.0))
    };
    ui.add_space(6.0);
    let over = matches!(attempt.phase, Phase::Over(_));
    let solved = matches!(attempt.phase, Phase::Over(Verdict::Solved { .. }));
    let can_hint = attempt.phase == Phase::YourMove
        && matches!(entry.goal(), Goal::Win(_))
        && !matches!(attempt.hint, HintStep::Move(_));
    if over && ui.add(wide(w.t("puzzle-button-next"))).clicked() {
        chosen = Some(PuzzleCommand::Next);
    }
    if over && !solved && ui.add(wide(w.t("puzzle-button-try-again"))).clicked() {
        chosen = Some(PuzzleCommand::TryAgain);
    }
    if !over {
        if ui
            .add_enabled(can_hint, wide(w.t("puzzle-button-hint")))
            .clicked()
        {
            chosen = Some(PuzzleCommand::Hint);
        }
        let showing = matches!(attempt.phase, Phase::Showing { .. });
        if ui
            .add_enabled(!showing, wide(w.t("puzzle-button-solution")))
            .clicked()
        {
            chosen = Some(PuzzleCommand::ShowSolution);
        }
    } else if !solved && ui.add(wide(w.t("puzzle-button-solution"))).clicked() {
        chosen = Some(PuzzleCommand::ShowSolution);
    }
    ui.horizontal(|ui| {
        if ui
            .add(egui::Button::new(
                egui::RichText::new(w.t("puzzle-button-list")).size(16.0),
            ))
            .clicked()
        {
            chosen = Some(PuzzleCommand::BackToList);
        }
        if ui
            .add(egui::Button::new(
                egui::RichText::new(w.t("puzzles-back-to-title")).size(16.0),
            ))
            .clicked()
        {
            chosen = Some(PuzzleCommand::BackToTitle);
        }
    });
    ui.add_space(4.0);
    chosen
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
