//! The egui interface: the side panel (turn, pieces, players, move list, actions), the status
//! line, the New Game dialog, the rules summary and the game-over panel.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::{SimultaneousConnection, Variant};

use crate::ai::AiTask;
use crate::input::{HintRequest, ViewToggles};
use crate::logic::{AppState, GameCommand, StatusLine, TurnState};
use crate::rules::{Rules, Seat};
use crate::settings::{AnimationSpeed, GameSettings, Player};

/// The panels and dialogs.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, style)
            .add_systems(EguiPrimaryContextPass, (side_panel, dialogs).chain());
    }
}

fn style(mut contexts: EguiContexts) {
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.all_styles_mut(|style| {
            for (text_style, font) in style.text_styles.iter_mut() {
                font.size = match text_style {
                    egui::TextStyle::Heading => 26.0,
                    egui::TextStyle::Small => 13.0,
                    _ => 17.0,
                };
            }
            style.spacing.button_padding = egui::vec2(10.0, 6.0);
            style.spacing.item_spacing = egui::vec2(8.0, 8.0);
        });
    }
}

fn side_name(rules: &Rules, side: Side) -> &'static str {
    match (rules.kind(), side) {
        (_, Side::Black) => "Black",
        (_, Side::White) => "White",
    }
}

fn swatch(ui: &mut egui::Ui, side: Side) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let fill = match side {
        Side::Black => egui::Color32::from_rgb(25, 25, 28),
        Side::White => egui::Color32::from_rgb(240, 233, 214),
    };
    ui.painter().circle(
        rect.center(),
        8.0,
        fill,
        egui::Stroke::new(1.5, egui::Color32::GRAY),
    );
}

#[allow(clippy::too_many_arguments)]
fn side_panel(
    mut contexts: EguiContexts,
    rules: Res<Rules>,
    settings: Res<GameSettings>,
    status: Res<StatusLine>,
    state: Res<State<AppState>>,
    turn: Option<Res<State<TurnState>>>,
    ai: Res<AiTask>,
    mut toggles: ResMut<ViewToggles>,
    mut commands: MessageWriter<GameCommand>,
    mut hints: MessageWriter<HintRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::bottom("status").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            let text = if status.0.is_empty() {
                "Click a piece, then one of the highlighted squares.  Right-drag: turn the board  ·  wheel: zoom  ·  V: 2D/3D".to_string()
            } else {
                status.0.clone()
            };
            ui.label(egui::RichText::new(text).size(16.0));
        });
    });
    egui::Panel::right("game panel")
        .exact_size(310.0)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.add_space(6.0);
            let title = match rules.kind() {
                GameKind::LinesOfAction => "Lines of Action",
                GameKind::Epaminondas => "Epaminondas",
            };
            ui.heading(title);
            ui.label(egui::RichText::new(rules.config.to_string()).small().weak());
            ui.separator();

            let side = rules.side_to_move();
            ui.horizontal(|ui| {
                swatch(ui, rules.end().and_then(|e| e.winner()).unwrap_or(side));
                let seat = rules.seat();
                let text = match rules.end() {
                    Some(_) => "Game over".to_string(),
                    None if rules.has_marked_sets() => {
                        format!("{} to move", seat.label(true))
                    }
                    None => format!("{} to move", side_name(&rules, side)),
                };
                ui.label(egui::RichText::new(text).strong().size(20.0));
            });
            if let Some(end) = rules.end() {
                ui.add(egui::Label::new(egui::RichText::new(end.describe()).size(17.0)).wrap());
            }
            if rules.end().is_none() {
                let seat = rules.seat();
                if rules.variant() == Some(Variant::FourPlayers) {
                    ui.label(format!(
                        "Seat: {} — team {}",
                        settings.player_to_move(&rules).label(),
                        seat.side
                    ));
                }
                if rules.has_marked_sets() {
                    let set = if seat.marked {
                        "the marked pieces (with a red ring) move"
                    } else {
                        "the plain pieces (no ring) move"
                    };
                    ui.label(
                        egui::RichText::new(format!("This turn {set}; they glow green.")).weak(),
                    );
                }
                if rules.must_place() {
                    ui.label(
                        egui::RichText::new(format!(
                            "Move, then place one of the {} pieces you hold.",
                            !side
                        ))
                        .weak(),
                    );
                }
            }
            if turn
                .as_ref()
                .is_some_and(|t| *t.get() == TurnState::AiThinking)
            {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Computer is thinking…");
                });
            }
            ui.add_space(4.0);
            let counts = rules.counts();
            let four = rules.variant() == Some(Variant::FourPlayers);
            for s in Side::ALL {
                ui.horizontal(|ui| {
                    swatch(ui, s);
                    let players = if four {
                        String::new()
                    } else {
                        format!(": {}", settings.player(s).label())
                    };
                    ui.label(format!(
                        "{}{players} — {} pieces",
                        side_name(&rules, s),
                        counts[s.index()]
                    ));
                });
                if four {
                    let marked = Seat {
                        side: s,
                        marked: true,
                    };
                    ui.label(
                        egui::RichText::new(format!(
                            "      plain: {}\n      marked: {}",
                            settings.player(s).label(),
                            settings.seat_player(marked, true).label()
                        ))
                        .small(),
                    );
                }
            }
            let held = rules.held();
            if held != [0, 0] {
                for s in Side::ALL {
                    ui.horizontal(|ui| {
                        swatch(ui, !s);
                        ui.label(format!(
                            "{s} holds {} {} piece{} to place",
                            held[s.index()],
                            !s,
                            if held[s.index()] == 1 { "" } else { "s" }
                        ));
                    });
                }
            }
            if let Some(answer) = &ai.last
                && let Some(score) = answer.score
            {
                ui.label(
                    egui::RichText::new(format!(
                        "Computer's view: {score} (depth {})",
                        answer.depth
                    ))
                    .small()
                    .weak(),
                );
            }
            ui.separator();
            ui.label(egui::RichText::new("Moves").strong());
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    egui::Grid::new("moves")
                        .num_columns(3)
                        .striped(true)
                        .show(ui, |ui| {
                            for (i, pair) in rules.notation().chunks(2).enumerate() {
                                ui.label(format!("{}.", i + 1));
                                ui.monospace(&pair[0]);
                                ui.monospace(pair.get(1).map(String::as_str).unwrap_or(""));
                                ui.end_row();
                            }
                        });
                });
            ui.separator();
            let playing = *state.get() != AppState::Menu;
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add_enabled(playing && rules.ply() > 0, egui::Button::new("Undo (U)"))
                    .clicked()
                {
                    commands.write(GameCommand::Undo);
                }
                if ui
                    .add_enabled(
                        playing && rules.redo_move().is_some(),
                        egui::Button::new("Redo (R)"),
                    )
                    .clicked()
                {
                    commands.write(GameCommand::Redo);
                }
                let can_hint = *state.get() == AppState::Playing
                    && !settings.player_to_move(&rules).is_computer();
                if ui
                    .add_enabled(can_hint, egui::Button::new("Hint (H)"))
                    .clicked()
                {
                    hints.write(HintRequest);
                }
                if ui
                    .add_enabled(
                        *state.get() == AppState::Playing,
                        egui::Button::new("Resign"),
                    )
                    .clicked()
                {
                    commands.write(GameCommand::Resign);
                }
            });
            ui.horizontal_wrapped(|ui| {
                if ui.button("New game (N)").clicked() {
                    toggles.new_game_open = true;
                }
                if ui.button("Rules (F1)").clicked() {
                    toggles.rules_open = !toggles.rules_open;
                }
                let view = if toggles.flat {
                    "3D view (V)"
                } else {
                    "2D view (V)"
                };
                if ui.button(view).clicked() {
                    toggles.flat = !toggles.flat;
                }
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn dialogs(
    mut contexts: EguiContexts,
    rules: Res<Rules>,
    mut settings: ResMut<GameSettings>,
    state: Res<State<AppState>>,
    mut toggles: ResMut<ViewToggles>,
    mut commands: MessageWriter<GameCommand>,
    mut dismissed_game_over: Local<Option<usize>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let in_menu = *state.get() == AppState::Menu;
    if in_menu || toggles.new_game_open {
        let mut open = true;
        let mut start = false;
        egui::Window::new("New game")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-150.0, 0.0))
            .show(ctx, |ui| {
                start = new_game_form(ui, &mut settings);
                if !in_menu && ui.button("Cancel").clicked() {
                    open = false;
                }
            });
        if start {
            commands.write(GameCommand::NewGame);
            open = false;
        }
        toggles.new_game_open = open && toggles.new_game_open;
    }
    if toggles.rules_open {
        let mut open = true;
        egui::Window::new("Rules")
            .open(&mut open)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.label(rules_summary(rules.kind()));
                if let Some(text) = rules.variant().and_then(variant_summary) {
                    ui.separator();
                    ui.label(text);
                }
            });
        toggles.rules_open = open;
    }
    if *state.get() == AppState::GameOver
        && *dismissed_game_over != Some(rules.ply())
        && let Some(end) = rules.end()
    {
        {
            egui::Window::new("Game over")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
                .show(ctx, |ui| {
                    ui.label(egui::RichText::new(end.describe()).size(24.0).strong());
                    let plies = rules.ply();
                    ui.label(format!(
                        "after {plies} move{}",
                        if plies == 1 { "" } else { "s" }
                    ));
                    ui.horizontal(|ui| {
                        if ui.button("New game").clicked() {
                            toggles.new_game_open = true;
                        }
                        if ui.button("Undo").clicked() {
                            commands.write(GameCommand::Undo);
                        }
                        if ui.button("Close").clicked() {
                            *dismissed_game_over = Some(rules.ply());
                        }
                    });
                });
        }
    }
    Ok(())
}

/// The New Game form; returns whether Start was pressed.
fn new_game_form(ui: &mut egui::Ui, settings: &mut GameSettings) -> bool {
    let config = &mut settings.config;
    egui::Grid::new("new game")
        .num_columns(2)
        .spacing([16.0, 10.0])
        .show(ui, |ui| {
            ui.label("Game");
            ui.horizontal(|ui| {
                ui.radio_value(&mut config.kind, GameKind::LinesOfAction, "Lines of Action");
                ui.radio_value(&mut config.kind, GameKind::Epaminondas, "Epaminondas");
            });
            ui.end_row();
            match config.kind {
                GameKind::LinesOfAction => {
                    ui.label("Variant");
                    ui.vertical(|ui| {
                        ui.horizontal_wrapped(|ui| {
                            for variant in Variant::ALL {
                                ui.radio_value(&mut config.loa.variant, variant, variant.title())
                                    .on_hover_text(variant_summary(variant).unwrap_or(""));
                            }
                        });
                        if let Some(text) = variant_summary(config.loa.variant) {
                            ui.label(egui::RichText::new(text).small().weak());
                        }
                    });
                    ui.end_row();
                    ui.label("First player");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut config.loa.first_player, Side::Black, "Black");
                        ui.radio_value(&mut config.loa.first_player, Side::White, "White");
                    });
                    ui.end_row();
                    ui.label("Both connected");
                    ui.horizontal(|ui| {
                        ui.radio_value(
                            &mut config.loa.simultaneous,
                            SimultaneousConnection::Draw,
                            "Draw",
                        );
                        ui.radio_value(
                            &mut config.loa.simultaneous,
                            SimultaneousConnection::MoverWins,
                            "Mover wins",
                        );
                    });
                    ui.end_row();
                    ui.label("Repetition");
                    ui.checkbox(
                        &mut config.loa.repetition_draw,
                        "Third repetition is a draw",
                    );
                    ui.end_row();
                }
                GameKind::Epaminondas => {
                    ui.label("Board");
                    ui.horizontal(|ui| {
                        ui.radio_value(
                            &mut config.epaminondas.board,
                            BoardSize::Standard,
                            "14 × 12",
                        );
                        ui.radio_value(
                            &mut config.epaminondas.board,
                            BoardSize::Small,
                            "8 × 8 (short game)",
                        );
                    });
                    ui.end_row();
                    ui.label("Anti-symmetry");
                    ui.checkbox(
                        &mut config.epaminondas.anti_symmetry,
                        "Forbid symmetric far-row moves",
                    );
                    ui.end_row();
                    ui.label("Repetition");
                    ui.checkbox(
                        &mut config.epaminondas.repetition_draw,
                        "Third repetition is a draw",
                    );
                    ui.end_row();
                }
            }
            let four = config.kind == GameKind::LinesOfAction
                && config.loa.variant == Variant::FourPlayers;
            let seats: &[(&str, usize)] = if four {
                &[
                    ("Black, plain", 0),
                    ("White, plain", 1),
                    ("Black, marked", 2),
                    ("White, marked", 3),
                ]
            } else {
                &[("Black", 0), ("White", 1)]
            };
            for &(name, index) in seats {
                ui.label(name);
                let player = match index {
                    0 => &mut settings.black,
                    1 => &mut settings.white,
                    2 => &mut settings.black_marked,
                    _ => &mut settings.white_marked,
                };
                ui.horizontal(|ui| {
                    let mut computer = player.is_computer();
                    ui.radio_value(&mut computer, false, "Human");
                    ui.radio_value(&mut computer, true, "Computer");
                    let mut level = match *player {
                        Player::Computer(l) => l.number(),
                        Player::Human => Level::default().number(),
                    };
                    if computer {
                        ui.add(egui::Slider::new(&mut level, 1..=6).text("level"));
                    }
                    *player = if computer {
                        Player::Computer(Level::new(level).unwrap_or_default())
                    } else {
                        Player::Human
                    };
                });
                ui.end_row();
            }
            ui.label("Think time");
            let mut seconds = settings.think_time.as_secs_f32();
            ui.add(
                egui::Slider::new(&mut seconds, 0.2..=10.0)
                    .suffix(" s")
                    .logarithmic(true),
            );
            settings.think_time = Duration::from_secs_f32(seconds);
            ui.end_row();
            ui.label("Animation");
            ui.horizontal(|ui| {
                for speed in AnimationSpeed::ALL {
                    ui.radio_value(&mut settings.animation, speed, speed.label());
                }
            });
            ui.end_row();
        });
    ui.add_space(8.0);
    ui.vertical_centered(|ui| {
        ui.button(egui::RichText::new("  Start  ").size(22.0))
            .clicked()
    })
    .inner
}

/// A Lines of Action variant in a few lines (the standard game has none).
pub fn variant_summary(variant: Variant) -> Option<&'static str> {
    Some(match variant {
        Variant::Standard => return None,
        Variant::ScrambledEggs => {
            "Scrambled Eggs: the colours alternate around the edge, corners empty."
        }
        Variant::Parachute => {
            "Parachute: only the a- and h-file pieces start on the board; each player holds the \
             opponent's other six. For each player's first six turns, a turn is a move, then \
             placing one held enemy piece on any empty square. Nobody wins while the opponent \
             still holds some of his pieces."
        }
        Variant::FourPlayers => {
            "LOA for four: two teams. Each colour has a plain and a marked set (red ring); four \
             seats move in turn — Black plain, White plain, Black marked, White marked — each only \
             its own set. A colour whose twelve pieces connect wins for its team."
        }
        Variant::Ambidextrous => {
            "Ambidextrous: the sets of LOA for four, two players. On your 1st, 3rd, 5th… turn \
             move a plain piece, on your 2nd, 4th… turn a marked one (red ring)."
        }
        Variant::Boundless => {
            "Boundless: pieces may move off the 8×8 board onto an endless plane; a line counts \
             every piece on it however far away. The board grows as the pieces spread."
        }
    })
}

/// The rules in a few lines, for the Rules window.
pub fn rules_summary(kind: GameKind) -> &'static str {
    match kind {
        GameKind::LinesOfAction => {
            "Lines of Action (Claude Soucie)\n\n\
             • Move a piece in a straight line (rank, file or diagonal) exactly as many squares as \
             there are pieces — of both colours — on that whole line.\n\
             • You may jump your own pieces but never an enemy piece. You may not land on your own \
             piece; landing on an enemy piece captures it.\n\
             • Connect all your pieces into one group (touching sideways or diagonally) to win. A \
             single piece is connected.\n\
             • If your capture leaves the opponent connected, the opponent wins. One move \
             connecting both sides is a draw by default (option: the mover wins).\n\
             • No legal move: you pass. The third repetition of a position is a draw (option)."
        }
        GameKind::Epaminondas => {
            "Epaminondas (Robert Abbott)\n\n\
             • A phalanx is an unbroken straight line of your stones. Choose its tail: the tail \
             and the stones ahead of it move together, 1 square up to as many squares as they \
             are stones, along their line. A single stone moves one square in any direction.\n\
             • The squares passed over must be empty. Landing on an enemy stone captures the \
             whole enemy row in front, if that row is shorter than your phalanx.\n\
             • At the start of your turn, if you have more stones on the opponent's home row \
             than he has on yours, you win. A player with no stones loses.\n\
             • Anti-symmetry (option): a move onto the far row may not leave a colour-swapped \
             mirror-image position.\n\
             • No legal move: you pass. The third repetition of a position is a draw (option)."
        }
    }
}
