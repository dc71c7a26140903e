//! The New Game dialog. It edits a draft of the settings: Start applies it and starts the game,
//! Cancel drops it, and the game in progress is paused (not changed) while it is open.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::{SimultaneousConnection, Variant};

use super::text;
use crate::input::Dialogs;
use crate::model::{AnimationSpeed, GameSettings, Player};
use crate::play::{AppState, GameCommand};

/// What the dialog decided this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Still open.
    Open,
    /// Start a game with the draft.
    Start,
    /// Closed without a change.
    Cancel,
}

/// Applies the dialog's choice: the settings change only on Start.
pub fn conclude(choice: Choice, draft: &mut Option<GameSettings>, settings: &mut GameSettings) {
    match choice {
        Choice::Open => {}
        Choice::Start => {
            if let Some(chosen) = draft.take() {
                *settings = chosen;
            }
        }
        Choice::Cancel => *draft = None,
    }
}

pub(super) fn new_game_dialog(
    mut contexts: EguiContexts,
    mut settings: ResMut<GameSettings>,
    state: Res<State<AppState>>,
    mut dialogs: ResMut<Dialogs>,
    mut commands: MessageWriter<GameCommand>,
    mut draft: Local<Option<GameSettings>>,
) -> Result {
    let in_menu = *state.get() == AppState::Menu;
    if !(in_menu || dialogs.new_game) {
        *draft = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let editing = draft.get_or_insert(*settings);
    let mut choice = Choice::Open;
    egui::Window::new("New game")
        .collapsible(false)
        .resizable(false)
        .min_width(600.0)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(-165.0, 40.0))
        .show(ctx, |ui| {
            form(ui, editing);
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui
                    .button(egui::RichText::new("  Start  ").size(22.0))
                    .clicked()
                {
                    choice = Choice::Start;
                }
                if !in_menu && ui.button("Cancel").clicked() {
                    choice = Choice::Cancel;
                }
            });
        });
    let starting = choice == Choice::Start;
    conclude(choice, &mut draft, &mut settings);
    if choice != Choice::Open {
        dialogs.new_game = false;
    }
    if starting {
        commands.write(GameCommand::NewGame);
    }
    Ok(())
}

fn form(ui: &mut egui::Ui, settings: &mut GameSettings) {
    egui::Grid::new("new game")
        .num_columns(2)
        .spacing([16.0, 10.0])
        .min_col_width(130.0)
        .show(ui, |ui| {
            ui.label("Game");
            ui.horizontal(|ui| {
                for kind in GameKind::ALL {
                    ui.radio_value(&mut settings.config.kind, kind, text::game_name(kind));
                }
            });
            ui.end_row();
            match settings.config.kind {
                GameKind::LinesOfAction => loa_options(ui, settings),
                GameKind::Epaminondas => epaminondas_options(ui, settings),
            }
            seats(ui, settings);
            timing(ui, settings);
        });
}

fn loa_options(ui: &mut egui::Ui, settings: &mut GameSettings) {
    let rules = &mut settings.config.loa;
    ui.label("Variant");
    ui.vertical(|ui| {
        ui.horizontal_wrapped(|ui| {
            for variant in Variant::ALL {
                ui.radio_value(&mut rules.variant, variant, variant.title())
                    .on_hover_text(text::variant_summary(variant).unwrap_or(""));
            }
        });
        // A fixed height, so the dialog does not jump as the variant changes.
        let summary = text::variant_summary(rules.variant).unwrap_or("The rule book's game.");
        ui.allocate_ui(egui::vec2(420.0, 70.0), |ui| {
            ui.set_min_height(70.0);
            ui.label(egui::RichText::new(summary).small().weak());
        });
    });
    ui.end_row();
    ui.label("First player");
    ui.horizontal(|ui| {
        for side in Side::ALL {
            ui.radio_value(&mut rules.first_player, side, text::side(side));
        }
    });
    ui.end_row();
    ui.label("Both connected");
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut rules.simultaneous,
            SimultaneousConnection::Draw,
            "Draw",
        );
        ui.radio_value(
            &mut rules.simultaneous,
            SimultaneousConnection::MoverWins,
            "Mover wins",
        );
    });
    ui.end_row();
    ui.label("Repetition");
    ui.checkbox(&mut rules.repetition_draw, "Third repetition is a draw");
    ui.end_row();
}

fn epaminondas_options(ui: &mut egui::Ui, settings: &mut GameSettings) {
    let rules = &mut settings.config.epaminondas;
    ui.label("Board");
    ui.horizontal(|ui| {
        for size in [BoardSize::Standard, BoardSize::Small] {
            ui.radio_value(&mut rules.board, size, text::board(size));
        }
    });
    ui.end_row();
    ui.label("Anti-symmetry");
    ui.checkbox(&mut rules.anti_symmetry, "Forbid symmetric far-row moves");
    ui.end_row();
    ui.label("Repetition");
    ui.checkbox(&mut rules.repetition_draw, "Third repetition is a draw");
    ui.end_row();
}

fn seats(ui: &mut egui::Ui, settings: &mut GameSettings) {
    let names: &[&str] = if settings.is_four_players() {
        &[
            "Black, plain",
            "White, plain",
            "Black, marked",
            "White, marked",
        ]
    } else {
        &["Black", "White"]
    };
    for (index, name) in names.iter().enumerate() {
        ui.label(*name);
        let player = match index {
            0 => &mut settings.black,
            1 => &mut settings.white,
            2 => &mut settings.black_marked,
            _ => &mut settings.white_marked,
        };
        player_choice(ui, player);
        ui.end_row();
    }
}

fn player_choice(ui: &mut egui::Ui, player: &mut Player) {
    ui.horizontal(|ui| {
        let mut computer = player.is_computer();
        ui.radio_value(&mut computer, false, "Human");
        ui.radio_value(&mut computer, true, "Computer");
        let mut level = match *player {
            Player::Computer(l) => l.number(),
            Player::Human => Level::default().number(),
        };
        if computer {
            ui.add(
                egui::Slider::new(&mut level, 1..=6)
                    .custom_formatter(|n, _| {
                        let level = Level::new(n as u8).unwrap_or_default();
                        format!("{n} {}", text::level_name(level))
                    })
                    .text("level"),
            );
        }
        *player = if computer {
            Player::Computer(Level::new(level).unwrap_or_default())
        } else {
            Player::Human
        };
    });
}

fn timing(ui: &mut egui::Ui, settings: &mut GameSettings) {
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
            ui.radio_value(&mut settings.animation, speed, speed_name(speed));
        }
    });
    ui.end_row();
}

fn speed_name(speed: AnimationSpeed) -> &'static str {
    match speed {
        AnimationSpeed::Instant => "Instant",
        AnimationSpeed::Fast => "Fast",
        AnimationSpeed::Normal => "Normal",
        AnimationSpeed::Slow => "Slow",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancel_drops_the_draft_and_start_applies_it() {
        let mut settings = GameSettings::default();
        let before = settings;
        let mut draft = Some(settings);
        if let Some(d) = draft.as_mut() {
            d.black = Player::Computer(Level::MAX);
        }
        conclude(Choice::Open, &mut draft, &mut settings);
        assert_eq!(settings, before, "editing changes nothing");
        conclude(Choice::Cancel, &mut draft, &mut settings);
        assert_eq!(settings, before, "cancel changes nothing");
        assert_eq!(draft, None);
        let mut draft = Some(GameSettings {
            black: Player::Computer(Level::MAX),
            ..settings
        });
        conclude(Choice::Start, &mut draft, &mut settings);
        assert_eq!(settings.black, Player::Computer(Level::MAX));
    }
}
