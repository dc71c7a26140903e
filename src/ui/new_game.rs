//! The New Game dialog. It edits a draft of the settings: Start applies it and starts the game,
//! Cancel drops it, and the game in progress is paused (not changed) while it is open.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::BoardSize as LoaBoard;
use gamut_engine::loa::{SimultaneousConnection, Variant};

use super::players::{Known, NameAsk, NamesDraft, known, name_choice};
use super::text;
use crate::i18n::Words;
use crate::model::{AnimationSpeed, ChosenNames, GameSettings, LoaPreset, Player, TimeControl};
use crate::play::Dialogs;
use crate::play::GameCommand;
use crate::strength::{Ratings, Roster, adapt_to};

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

/// The people's names: the remembered players and the names chosen for the next game.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct People<'w> {
    ratings: Res<'w, Ratings>,
    roster: ResMut<'w, Roster>,
    chosen: ResMut<'w, ChosenNames>,
}

/// The dialog's draft: the settings and the names being chosen, taken from the player's
/// choices each time the dialog opens (Cancel leaves those as they were).
#[derive(Resource, Debug, Clone, Default)]
pub(super) struct Draft {
    settings: Option<GameSettings>,
    names: NamesDraft,
}

/// Opening the dialog starts its draft from the player's choices.
pub(super) fn begin_draft(
    mut commands: Commands,
    settings: Res<GameSettings>,
    chosen: Res<ChosenNames>,
) {
    commands.insert_resource(Draft {
        settings: Some(*settings),
        names: NamesDraft {
            names: chosen.0.clone(),
            adding: None,
        },
    });
}

pub(super) fn new_game_dialog(
    mut contexts: EguiContexts,
    mut settings: ResMut<GameSettings>,
    mut dialogs: Dialogs,
    mut commands: MessageWriter<GameCommand>,
    words: Res<Words>,
    mut people: People,
    mut draft: ResMut<Draft>,
) -> Result {
    // Runs while the dialog is open (see `UiPlugin`), its draft begun on opening.
    let ctx = contexts.ctx_mut()?;
    let Draft {
        settings: draft,
        names: naming,
    } = &mut *draft;
    let editing = draft.get_or_insert(*settings);
    // The adaptive opponent's level follows the game chosen in the draft, and the person named.
    let adapted = |editing: &mut GameSettings, naming: &NamesDraft, people: &People| {
        adapt_to(editing, &people.ratings, &people.roster, &naming.names);
    };
    adapted(editing, naming, &people);
    let seen = known(&people.roster, editing.config.kind);
    let (choice, ask) = draw_with(ctx, &words, editing, naming, &seen);
    if let Some(ask) = ask {
        super::players::carry_out(ask, &mut people.roster, naming);
    }
    adapted(editing, naming, &people);
    let starting = choice == Choice::Start;
    if starting {
        let chosen = ChosenNames(naming.names.for_people(editing));
        people.chosen.set_if_neq(chosen);
    }
    conclude(choice, draft, &mut settings);
    if choice != Choice::Open {
        dialogs.close();
    }
    if starting {
        commands.write(GameCommand::NewGame);
    }
    Ok(())
}

/// The New Game dialog's area (its rectangle is in egui's memory under this id).
pub const AREA: &str = "new game";

/// The dialog over the board, editing `editing` and the people's names `naming` (from the
/// remembered players `known`): the form scrolls when the window is too short for it (a small
/// window, a large UI scale) while Start and Cancel stay in view; Enter starts (not Enter in a
/// name's field, which adds the name). Returns what the player asked of the names too.
pub fn draw_with(
    ctx: &egui::Context,
    w: &Words,
    editing: &mut GameSettings,
    naming: &mut NamesDraft,
    known: &[Known],
) -> (Choice, Option<NameAsk>) {
    let screen = ctx.content_rect();
    let top = (screen.height() * 0.05).clamp(4.0, 40.0);
    // Beside the side panel when there is room, else in the middle.
    let shift = if screen.width() >= 1100.0 {
        -165.0
    } else {
        0.0
    };
    let width = (screen.width() - 40.0).clamp(200.0, 600.0);
    // Room for the form: the window less the title bar, the buttons and the margins (about 160
    // points whatever the scale).
    let form_height = (screen.height() - top - 170.0).max(50.0);
    let mut choice = Choice::Open;
    let mut named = (None, false);
    let shown = egui::Window::new(w.t("new-game-title"))
        .id(egui::Id::new(AREA))
        .collapsible(false)
        .resizable(false)
        .min_width(width)
        .max_width(width)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(shift, top))
        .show(ctx, |ui| {
            egui::ScrollArea::both()
                .max_height(form_height)
                .max_width(width)
                .show(ui, |ui| named = form(ui, w, editing, naming, known));
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                let start = ui.button(
                    egui::RichText::new(format!("  {}  ", w.t("new-game-start"))).size(22.0),
                );
                super::landmark::mark(ui, "new-game/start", &start);
                if start.clicked() {
                    choice = Choice::Start;
                }
                let cancel = ui.button(w.t("new-game-cancel"));
                super::landmark::mark(ui, "new-game/cancel", &cancel);
                if cancel.clicked() {
                    choice = Choice::Cancel;
                }
            });
        });
    let last = super::landmark::rect(ctx, "new-game/start");
    super::style::settle(
        ctx,
        egui::Id::new(AREA),
        [shown.map(|s| s.response.rect), last],
    );
    let (ask, entered) = named;
    let typing = naming.adding.is_some() || entered;
    // Enter starts the game, unless a control of the form has the keyboard (Enter is then
    // that control's).
    let free = ctx.memory(|m| m.focused().is_none());
    if choice == Choice::Open && !typing && free && ctx.input(|i| i.key_pressed(egui::Key::Enter)) {
        choice = Choice::Start;
    }
    (choice, ask)
}

fn form(
    ui: &mut egui::Ui,
    w: &Words,
    settings: &mut GameSettings,
    naming: &mut NamesDraft,
    known: &[Known],
) -> (Option<NameAsk>, bool) {
    let mut named = (None, false);
    egui::Grid::new("new game")
        .num_columns(2)
        .spacing([16.0, 10.0])
        // On a phone the names of the rows keep less room: the choices take it.
        .min_col_width(if ui.ctx().content_rect().width() < NARROW {
            80.0
        } else {
            130.0
        })
        .show(ui, |ui| {
            game_row(ui, w, &mut settings.config.kind, "new-game/");
            match settings.config.kind {
                GameKind::LinesOfAction => loa_options(ui, w, settings),
                GameKind::Epaminondas => epaminondas_options(ui, w, settings),
            }
            named = seats(ui, w, settings, naming, known);
            timing(ui, w, settings);
        });
    named
}

/// Below this width (in points) the form's choices go one under another.
const NARROW: f32 = 520.0;

/// A row of choices in the form: wrapped on a wide screen, one under another on a narrow one
/// (a phone held upright: there a wrapped row in the grid's cell ran into the next row).
fn choices<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    if ui.ctx().content_rect().width() < NARROW {
        ui.vertical(add).inner
    } else {
        ui.horizontal_wrapped(add).inner
    }
}

/// The grid row of the game (Lines of Action, Epaminondas); `prefix` starts its landmarks'
/// names (`new-game/game/epaminondas`). The board editor has it too.
pub(crate) fn game_row(ui: &mut egui::Ui, w: &Words, kind: &mut GameKind, prefix: &str) {
    ui.label(w.t("new-game-game"));
    choices(ui, |ui| {
        for game in GameKind::ALL {
            let radio = ui.radio_value(kind, game, text::game_name(w, game));
            super::landmark::mark(ui, format!("{prefix}game/{}", game.name()), &radio);
        }
    });
    ui.end_row();
}

/// The variants' radio buttons, each variant's summary on hover; `prefix` starts their
/// landmarks' names (`new-game/variant/parachute`).
pub(crate) fn variant_choice(ui: &mut egui::Ui, w: &Words, variant: &mut Variant, prefix: &str) {
    choices(ui, |ui| {
        for v in Variant::ALL {
            let hover = match v {
                Variant::Standard => String::new(),
                _ => text::variant_summary(w, v),
            };
            let radio = ui
                .radio_value(variant, v, text::variant_name(w, v))
                .on_hover_text(hover);
            super::landmark::mark(ui, format!("{prefix}variant/{}", v.name()), &radio);
        }
    });
}

/// The Lines of Action board's radio buttons (8×8, 7×7, 6×6); `prefix` starts their landmarks'
/// names (`new-game/loa-board/6x6`). A small board is played with the standard setup: picking
/// one picks the standard variant, and another variant picked afterwards the 8×8 board.
pub(crate) fn loa_board_choice(
    ui: &mut egui::Ui,
    w: &Words,
    rules: &mut gamut_engine::loa::Rules,
    prefix: &str,
) {
    if !rules.board_fits_variant() {
        rules.board = LoaBoard::Eight;
    }
    ui.vertical(|ui| {
        choices(ui, |ui| {
            for size in LoaBoard::ALL {
                let radio = ui.radio_value(&mut rules.board, size, text::loa_board(w, size));
                super::landmark::mark(ui, format!("{prefix}loa-board/{}", size.name()), &radio);
                if radio.clicked() && size != LoaBoard::Eight {
                    rules.variant = Variant::Standard;
                }
            }
        });
        let room = ui.clip_rect().right() - ui.cursor().left() - 16.0;
        ui.scope(|ui| {
            ui.set_max_width(room.clamp(80.0, 420.0));
            let summary = ui.label(egui::RichText::new(w.t("loa-board-summary")).small().weak());
            super::landmark::mark(ui, format!("{prefix}loa-board-summary"), &summary);
        });
    });
}

/// The grid rows of the Lines of Action options after the variant and the first player: what
/// a move connecting both sides does, and the draw by repetition.
pub(crate) fn loa_rule_rows(ui: &mut egui::Ui, w: &Words, rules: &mut gamut_engine::loa::Rules) {
    ui.label(w.t("new-game-both-connected"));
    choices(ui, |ui| {
        ui.radio_value(
            &mut rules.simultaneous,
            SimultaneousConnection::Draw,
            w.t("new-game-draw"),
        );
        ui.radio_value(
            &mut rules.simultaneous,
            SimultaneousConnection::MoverWins,
            w.t("new-game-mover-wins"),
        );
    });
    ui.end_row();
    ui.label(w.t("new-game-repetition"));
    ui.checkbox(&mut rules.repetition_draw, w.t("new-game-repetition-draw"));
    ui.end_row();
}

/// The grid rows of the Epaminondas options: the board, the anti-symmetry rule and the draw by
/// repetition; `prefix` starts the boards' landmarks' names (`new-game/board/8x8`).
pub(crate) fn epaminondas_rule_rows(
    ui: &mut egui::Ui,
    w: &Words,
    rules: &mut gamut_engine::epaminondas::Rules,
    prefix: &str,
) {
    ui.label(w.t("new-game-board"));
    choices(ui, |ui| {
        for size in [BoardSize::Standard, BoardSize::Small] {
            let radio = ui.radio_value(&mut rules.board, size, text::board(w, size));
            let landmark = format!("{prefix}board/{}x{}", size.files(), size.ranks());
            super::landmark::mark(ui, landmark, &radio);
        }
    });
    ui.end_row();
    ui.label(w.t("new-game-anti-symmetry"));
    ui.checkbox(&mut rules.anti_symmetry, w.t("new-game-forbid-symmetric"));
    ui.end_row();
    ui.label(w.t("new-game-repetition"));
    ui.checkbox(&mut rules.repetition_draw, w.t("new-game-repetition-draw"));
    ui.end_row();
}

fn loa_options(ui: &mut egui::Ui, w: &Words, settings: &mut GameSettings) {
    let rules = &mut settings.config.loa;
    ui.label(w.t("new-game-variant"));
    ui.vertical(|ui| {
        variant_choice(ui, w, &mut rules.variant, "new-game/");
        // A fixed height, so the dialog does not jump as the variant changes.
        let summary = text::variant_summary(w, rules.variant);
        // As wide as the dialog leaves beside the names (the form scrolls sideways: a wider
        // text would be cut at the dialog's edge).
        let room = ui.clip_rect().right() - ui.cursor().left() - 16.0;
        ui.allocate_ui(egui::vec2(room.clamp(80.0, 420.0), 70.0), |ui| {
            ui.set_min_height(70.0);
            let text = ui.label(egui::RichText::new(summary).small().weak());
            super::landmark::mark(ui, "new-game/variant-summary", &text);
        });
    });
    ui.end_row();
    ui.label(w.t("new-game-board"));
    loa_board_choice(ui, w, rules, "new-game/");
    ui.end_row();
    presets(ui, w, rules);
    ui.label(w.t("new-game-first-player"));
    ui.horizontal(|ui| {
        for side in Side::ALL {
            ui.radio_value(&mut rules.first_player, side, text::side(w, side));
        }
    });
    ui.end_row();
    loa_rule_rows(ui, w, rules);
}

/// The rule presets: picking one sets the options below it; options set by hand that match no
/// preset show as Custom. A line says what the preset in force sets.
fn presets(ui: &mut egui::Ui, w: &Words, rules: &mut gamut_engine::loa::Rules) {
    let current = LoaPreset::of(rules);
    ui.label(w.t("new-game-preset"));
    ui.vertical(|ui| {
        choices(ui, |ui| {
            for preset in LoaPreset::ALL {
                let radio = ui.radio(current == Some(preset), text::preset_name(w, Some(preset)));
                super::landmark::mark(ui, format!("new-game/preset/{}", preset.name()), &radio);
                if radio.clicked() {
                    preset.apply(rules);
                }
            }
            let custom = ui.add_enabled(
                current.is_none(),
                egui::RadioButton::new(current.is_none(), text::preset_name(w, None)),
            );
            super::landmark::mark(ui, "new-game/preset/custom", &custom);
        });
        let room = ui.clip_rect().right() - ui.cursor().left() - 16.0;
        ui.allocate_ui(egui::vec2(room.clamp(80.0, 420.0), 40.0), |ui| {
            let summary = text::preset_summary(w, LoaPreset::of(rules));
            ui.label(egui::RichText::new(summary).small().weak());
        });
    });
    ui.end_row();
}

fn epaminondas_options(ui: &mut egui::Ui, w: &Words, settings: &mut GameSettings) {
    epaminondas_rule_rows(ui, w, &mut settings.config.epaminondas, "new-game/");
}

fn seats(
    ui: &mut egui::Ui,
    w: &Words,
    settings: &mut GameSettings,
    naming: &mut NamesDraft,
    known: &[Known],
) -> (Option<NameAsk>, bool) {
    let mut named = (None, false);
    let (black, white) = (text::side(w, Side::Black), text::side(w, Side::White));
    let names: Vec<String> = if settings.is_four_players() {
        let plain = |side: &str| w.t_with("new-game-seat-plain", [("side", side.into())]);
        let marked = |side: &str| w.t_with("new-game-seat-marked", [("side", side.into())]);
        vec![plain(&black), plain(&white), marked(&black), marked(&white)]
    } else {
        vec![black, white]
    };
    let game = settings.config.kind;
    // Against the computer (not LOA for four), the computer's seat offers the adaptive level.
    let adaptive_seat = match settings.persons_colour() {
        Some(_) if settings.is_four_players() => None,
        Some(Side::Black) => Some(1),
        Some(Side::White) => Some(0),
        None => None,
    };
    for (index, name) in names.into_iter().enumerate() {
        ui.label(name);
        let player = match index {
            0 => &mut settings.black,
            1 => &mut settings.white,
            2 => &mut settings.black_marked,
            _ => &mut settings.white_marked,
        };
        let adaptive = (adaptive_seat == Some(index)).then_some(&mut settings.adaptive);
        player_choice(ui, w, player, game, SEAT_LEVELS[index], adaptive, |ui| {
            let (ask, entered) = name_choice(ui, w, index, naming, known);
            named = (named.0.take().or(ask), named.1 || entered);
        });
        ui.end_row();
    }
    ui.label(w.t("new-game-colours"));
    let by_lot = ui
        .checkbox(&mut settings.colours_by_lot, w.t("new-game-colours-by-lot"))
        .on_hover_text(w.t("new-game-colours-by-lot-hint"));
    super::landmark::mark(ui, "new-game/colours-by-lot", &by_lot);
    ui.end_row();
    named
}

/// A click on a slider's rail that egui did not see as a drag (pressed and released within one
/// frame, as happens when a frame is slow): where along the rail, from 0 to 1, placed as egui
/// places its values (the rail is the widget's first `slider_width` points, the handle's radius
/// at each end).
fn short_click_on_rail(ui: &egui::Ui, slider: &egui::Response) -> Option<f32> {
    if slider.dragged() || slider.drag_stopped() {
        return None;
    }
    let at = ui.input(|i| {
        (i.pointer.primary_released() && i.pointer.any_click())
            .then(|| i.pointer.interact_pos())
            .flatten()
    })?;
    let height = ui.spacing().interact_size.y;
    let rail = egui::Rect::from_center_size(
        egui::pos2(
            slider.rect.left() + ui.spacing().slider_width / 2.0,
            slider.rect.center().y,
        ),
        egui::vec2(ui.spacing().slider_width, height),
    );
    if !rail.contains(at) {
        return None;
    }
    let radius = height / 2.5
        * match ui.style().visuals.handle_shape {
            egui::style::HandleShape::Circle => 1.0,
            egui::style::HandleShape::Rect { aspect_ratio } => aspect_ratio,
        };
    Some(((at.x - rail.left() - radius) / (rail.width() - 2.0 * radius)).clamp(0.0, 1.0))
}

/// The computer's think time without a clock: the slider's least and most seconds.
const THINK_TIME: (f32, f32) = (0.2, 10.0);

/// The level sliders' names for the developer tools and the layout tests, by seat.
const SEAT_LEVELS: [&str; 4] = [
    "new-game/level-black",
    "new-game/level-white",
    "new-game/level-black-marked",
    "new-game/level-white-marked",
];

/// A seat's player: a person (`person`: their name's choice) or the computer at a level;
/// `adaptive`, on the computer's seat against a person, the choice of the level that follows
/// the person's rating (the slider then shows that level and cannot be moved).
fn player_choice(
    ui: &mut egui::Ui,
    w: &Words,
    player: &mut Player,
    game: GameKind,
    landmark: &'static str,
    adaptive: Option<&mut bool>,
    person: impl FnOnce(&mut egui::Ui),
) {
    // Its parts in lines of their own, one under the other: a wrapped row of controls of
    // different heights in a grid cell ran over the next row (the Colours row).
    ui.vertical(|ui| {
        let mut computer = player.is_computer();
        choices(ui, |ui| {
            ui.radio_value(&mut computer, false, w.t("new-game-human"));
            ui.radio_value(&mut computer, true, w.t("new-game-computer"));
        });
        let mut level = match *player {
            Player::Computer(l) => l.number(),
            Player::Human | Player::Remote => Level::default().number(),
        };
        if computer {
            level = level_choice(ui, w, level, game, landmark, adaptive);
        }
        if !computer && !player.is_computer() {
            person(ui);
        }
        *player = if computer {
            Player::Computer(Level::new(level).unwrap_or_default())
        } else {
            Player::Human
        };
    });
}

/// The computer's level: a slider, the level and its name beside it (a slider's value box is
/// too narrow for the name: "3 C…"), and on the seat that may follow the person's rating, the
/// adaptive choice under it. The level chosen.
fn level_choice(
    ui: &mut egui::Ui,
    w: &Words,
    mut level: u8,
    game: GameKind,
    landmark: &'static str,
    adaptive: Option<&mut bool>,
) -> u8 {
    let described = Level::new(level).unwrap_or_default();
    let follows = adaptive.as_deref().copied().unwrap_or(false);
    choices(ui, |ui| {
        let slider = ui.add_enabled(
            !follows,
            egui::Slider::new(&mut level, Level::MIN.number()..=Level::MAX.number())
                // Each level where the pointer is (the short click below places them so).
                .smart_aim(false)
                .show_value(false)
                .text(w.t("new-game-level")),
        );
        super::landmark::mark(ui, landmark, &slider);
        if let Some(t) = short_click_on_rail(ui, &slider).filter(|_| !follows) {
            let span = f32::from(Level::MAX.number() - Level::MIN.number());
            level = Level::MIN.number() + (t * span).round() as u8;
        }
        let value = ui.label(w.t_with(
            "new-game-level-value",
            [
                ("number", described.number().into()),
                ("name", text::level_name(w, described).into()),
            ],
        ));
        super::landmark::mark(ui, format!("{landmark}/value"), &value);
        slider.on_hover_text(text::level_description(w, described, game));
    });
    if let Some(adaptive) = adaptive {
        let check = ui
            .checkbox(adaptive, w.t("strength-adaptive"))
            .on_hover_text(w.t("strength-adaptive-hint"));
        super::landmark::mark(ui, "new-game/adaptive", &check);
    }
    level
}

fn timing(ui: &mut egui::Ui, w: &Words, settings: &mut GameSettings) {
    clock_choice(ui, w, settings);
    if settings.clock.is_timed() {
        // With a clock the computer's time comes from it: the think time gives way to the
        // clocks' pause choice (the dialog keeps its height).
        ui.label("");
        ui.checkbox(&mut settings.pause_clocks, w.t("new-game-pause-clocks"))
            .on_hover_text(w.t("new-game-think-time-clock"));
    } else {
        ui.label(w.t("new-game-think-time"));
        let mut seconds = settings.think_time.as_secs_f32();
        let (least, most) = THINK_TIME;
        let slider = ui.add(
            egui::Slider::new(&mut seconds, least..=most)
                .suffix(" s")
                .logarithmic(true),
        );
        super::landmark::mark(ui, "new-game/think-time", &slider);
        if let Some(t) = short_click_on_rail(ui, &slider) {
            // The logarithmic rail, to a tenth of a second.
            seconds = (least * (most / least).powf(t) * 10.0).round() / 10.0;
        }
        settings.think_time = Duration::from_secs_f32(seconds);
    }
    ui.end_row();
    ui.label(w.t("new-game-animation"));
    ui.horizontal(|ui| {
        for speed in AnimationSpeed::ALL {
            ui.radio_value(&mut settings.animation, speed, speed_name(w, speed));
        }
    });
    ui.end_row();
}

/// The time control, from the presets (a control given on the command line shows too).
pub(crate) fn clock_choice(ui: &mut egui::Ui, w: &Words, settings: &mut GameSettings) {
    ui.label(w.t("new-game-clock"));
    egui::ComboBox::from_id_salt("clock")
        .selected_text(text::time_control(w, settings.clock))
        .width(220.0)
        .show_ui(ui, |ui| {
            for control in TimeControl::PRESETS {
                ui.selectable_value(&mut settings.clock, control, text::time_control(w, control));
            }
        });
    ui.end_row();
}

fn speed_name(w: &Words, speed: AnimationSpeed) -> String {
    w.t(match speed {
        AnimationSpeed::Instant => "speed-instant",
        AnimationSpeed::Fast => "speed-fast",
        AnimationSpeed::Normal => "speed-normal",
        AnimationSpeed::Slow => "speed-slow",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Language;
    use crate::ui::layout_check::{ALL_SIZES, SCALES, Screen, fits};

    /// The dialog over the board, editing `editing`, without names (see [`draw_with`]).
    fn draw(ctx: &egui::Context, w: &Words, editing: &mut GameSettings) -> Choice {
        draw_with(ctx, w, editing, &mut NamesDraft::default(), &[]).0
    }

    /// Start and Cancel can be reached in every window size, UI scale and language, for each
    /// game (LOA for four has the most rows), with a clock (its extra row).
    #[test]
    fn start_and_cancel_can_be_reached_at_every_size_and_scale() {
        let mut four = GameSettings::default();
        four.config.loa.variant = Variant::FourPlayers;
        four.black = Player::Computer(Level::MAX);
        four.clock = TimeControl::PRESETS[TimeControl::PRESETS.len() - 1];
        let mut epaminondas = GameSettings::default();
        epaminondas.config.kind = GameKind::Epaminondas;
        for language in Language::ALL {
            let w = Words::from_assets(language);
            for (width, height) in ALL_SIZES {
                for scale in SCALES {
                    if !fits(width, scale) {
                        continue;
                    }
                    for settings in [four, epaminondas] {
                        let screen = Screen::new(width, height, scale);
                        let mut editing = settings;
                        let mut show = |ctx: &egui::Context| {
                            draw(ctx, &w, &mut editing);
                        };
                        for button in ["new-game/start", "new-game/cancel"] {
                            if let Err(problem) = screen.reach(AREA, button, &mut show) {
                                panic!("{language:?}: {problem}");
                            }
                        }
                        // The variant's summary wraps inside the dialog, never cut at its edge.
                        let dialog = screen.ctx.memory(|m| m.area_rect(egui::Id::new(AREA)));
                        for name in ["new-game/variant-summary", "new-game/loa-board-summary"] {
                            let summary = crate::ui::landmark::rect(&screen.ctx, name);
                            if let (Some(dialog), Some(summary)) = (dialog, summary) {
                                assert!(
                                    summary.right() <= dialog.right() - 4.0,
                                    "{language:?} {width}x{height} at {scale}: {name} {summary:?} \
                                     is cut by the dialog {dialog:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// At 1280×800 and 1024×600, the computer's level and its name show whole inside the
    /// dialog (scrolled to, up and down), in every language: they were cut to "3 C…" in the
    /// slider's value box, behind a sideways scroll.
    #[test]
    fn the_level_names_show_whole() {
        for language in Language::ALL {
            let w = Words::from_assets(language);
            for (width, height) in [(1280.0, 800.0), (1024.0, 600.0)] {
                for number in [3, Level::MAX.number()] {
                    let screen = Screen::new(width, height, 1.0);
                    let mut editing = GameSettings {
                        white: Player::Computer(Level::new(number).unwrap()),
                        ..GameSettings::default()
                    };
                    let mut show = |ctx: &egui::Context| {
                        draw(ctx, &w, &mut editing);
                    };
                    let what = format!("{language:?} {width}x{height}, level {number}");
                    let value = "new-game/level-white/value";
                    if let Err(problem) = screen.reach(AREA, value, &mut show) {
                        panic!("{what}: {problem}");
                    }
                    let dialog = screen
                        .ctx
                        .memory(|m| m.area_rect(egui::Id::new(AREA)))
                        .expect("the dialog");
                    let value = screen
                        .landmark("new-game/level-white/value")
                        .unwrap_or_else(|| panic!("{what}: no level shown"));
                    assert!(
                        dialog.contains_rect(value),
                        "{what}: the level {value:?} is cut by the dialog {dialog:?}"
                    );
                    assert!(
                        screen.problems().is_empty(),
                        "{what}: {:?}",
                        screen.problems()
                    );
                }
            }
        }
    }

    /// New Game's controls are drawn in the first frame where they stay (they grew over 2–3
    /// frames, so that a click landed where a control had been), at the sizes of
    /// `layout_check::assert_window_settles`.
    #[test]
    fn the_dialog_does_not_grow_after_it_opens() {
        let w = Words::from_assets(Language::English);
        let names = [
            "new-game/start",
            "new-game/cancel",
            "new-game/level-white",
            "new-game/colours-by-lot",
        ];
        let mut editing = GameSettings {
            white: Player::Computer(Level::new(3).unwrap()),
            ..GameSettings::default()
        };
        crate::ui::layout_check::assert_window_settles(&names, |ctx| {
            draw(ctx, &w, &mut editing);
        });
    }

    /// "Add a player" opened at Black's seat moves nothing under it: White's level (the
    /// computer's) and the Colours row stay where they were drawn, in every language at
    /// 1280×800 and 1024×600 (they jumped a line down, and the next click switched White to a
    /// person).
    #[test]
    fn adding_a_player_moves_no_row_below() {
        use crate::ui::players::Adding;
        for language in Language::ALL {
            let w = Words::from_assets(language);
            for (width, height) in [(1280.0, 800.0), (1024.0, 600.0)] {
                let screen = Screen::new(width, height, 1.0);
                let mut editing = GameSettings {
                    black: Player::Human,
                    white: Player::Computer(Level::new(3).unwrap()),
                    ..GameSettings::default()
                };
                let mut naming = NamesDraft::default();
                let marks = ["new-game/level-white", "new-game/colours-by-lot"];
                let what = format!("{language:?} {width}x{height}");
                let rects = |naming: &mut NamesDraft, editing: &mut GameSettings| {
                    let mut show = |ctx: &egui::Context| {
                        draw_with(ctx, &w, editing, naming, &[]);
                    };
                    screen
                        .reach(AREA, "new-game/colours-by-lot", &mut show)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    for _ in 0..2 {
                        screen.frame(Vec::new(), &mut show);
                    }
                    marks.map(|m| screen.landmark(m).unwrap_or_else(|| panic!("{what}: {m}")))
                };
                let before = rects(&mut naming, &mut editing);
                naming.adding = Some(Adding {
                    seat: 0,
                    text: "Ada".into(),
                    refusal: None,
                    focus: false,
                });
                let after = rects(&mut naming, &mut editing);
                assert_eq!(before, after, "{what}");
                assert!(
                    screen.landmark("new-game/name-0/field").is_some(),
                    "{what}: the field"
                );
            }
        }
    }

    /// Hot seat with "Add a player" open at White's seat: nothing is drawn over anything (the
    /// field ran over the Colours row) at 1280×800 and 1024×600, in every language.
    #[test]
    fn the_new_players_field_keeps_to_its_row() {
        use crate::ui::players::Adding;
        for language in Language::ALL {
            let w = Words::from_assets(language);
            for (width, height) in [(1280.0, 800.0), (1024.0, 600.0)] {
                let screen = Screen::new(width, height, 1.0);
                let mut editing = GameSettings {
                    white: Player::Human,
                    ..GameSettings::default()
                };
                let mut naming = NamesDraft {
                    names: crate::model::SeatNames::default(),
                    adding: Some(Adding {
                        seat: 1,
                        text: "Ada".into(),
                        refusal: None,
                        focus: false,
                    }),
                };
                let mut show = |ctx: &egui::Context| {
                    draw_with(ctx, &w, &mut editing, &mut naming, &[]);
                };
                let what = format!("{language:?} {width}x{height}");
                if let Err(problem) = screen.reach(AREA, "new-game/colours-by-lot", &mut show) {
                    panic!("{what}: {problem}");
                }
                assert!(
                    screen.problems().is_empty(),
                    "{what}: {:?}",
                    screen.problems()
                );
            }
        }
    }

    /// LOA for four with a name being typed at each seat's field and refused: Start and Cancel
    /// can still be reached at every size and scale, in every language.
    #[test]
    fn start_and_cancel_can_be_reached_with_names_being_added() {
        use crate::strength::NameRefusal;
        use crate::ui::players::Adding;
        let mut four = GameSettings::default();
        four.config.loa.variant = Variant::FourPlayers;
        four.white = Player::Human;
        let known: Vec<Known> = ["Bartholomew the Long", "Ada"]
            .map(|name| Known {
                name: name.into(),
                rating: Some(crate::strength::Rating::start(GameKind::LinesOfAction)),
            })
            .to_vec();
        for language in Language::ALL {
            let w = Words::from_assets(language);
            for (width, height) in ALL_SIZES {
                for scale in SCALES {
                    if !fits(width, scale) {
                        continue;
                    }
                    let screen = Screen::new(width, height, scale);
                    let mut editing = four;
                    let mut naming = NamesDraft {
                        names: crate::model::SeatNames([
                            Some("Bartholomew the Long".into()),
                            None,
                            Some("Ada".into()),
                            None,
                        ]),
                        adding: Some(Adding {
                            seat: 1,
                            text: "Bartholomew the Longest".into(),
                            refusal: Some(NameRefusal::TooLong { max: 24 }),
                            focus: false,
                        }),
                    };
                    let mut show = |ctx: &egui::Context| {
                        draw_with(ctx, &w, &mut editing, &mut naming, &known);
                    };
                    for button in ["new-game/start", "new-game/cancel"] {
                        if let Err(problem) = screen.reach(AREA, button, &mut show) {
                            panic!("{language:?}: {problem}");
                        }
                    }
                }
            }
        }
    }

    /// Clicks the slider `landmark` at `x` points from its left, pressed and released in one
    /// frame or in two, in the dialog for a game against the computer (White) at level 3 with a
    /// think time of 2 s; the settings it then shows.
    fn click_slider(landmark: &str, x: f32, one_frame: bool) -> GameSettings {
        let w = Words::from_assets(Language::English);
        let screen = Screen::new(1280.0, 800.0, 1.0);
        let mut editing = GameSettings {
            white: Player::Computer(Level::new(3).unwrap()),
            think_time: Duration::from_secs(2),
            ..GameSettings::default()
        };
        let mut show = |ctx: &egui::Context| {
            draw(ctx, &w, &mut editing);
        };
        for _ in 0..3 {
            screen.pass(Vec::new(), &mut show);
        }
        let slider = crate::ui::landmark::rect(&screen.ctx, landmark).expect("the slider");
        let at = egui::pos2(slider.left() + x, slider.center().y);
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        let frames = if one_frame {
            vec![vec![
                egui::Event::PointerMoved(at),
                button(true),
                button(false),
            ]]
        } else {
            vec![
                vec![egui::Event::PointerMoved(at), button(true)],
                vec![button(false)],
            ]
        };
        for events in frames {
            screen.pass(events, &mut show);
        }
        editing
    }

    fn click_level(x: f32, one_frame: bool) -> u8 {
        match click_slider("new-game/level-white", x, one_frame).white {
            Player::Computer(level) => level.number(),
            other => panic!("White is no longer the computer: {other:?}"),
        }
    }

    /// A short click on the level slider (pressed and released within one frame, as on a slow
    /// machine) sets the level where it was clicked, as a longer click does.
    #[test]
    fn a_short_click_on_the_level_slider_sets_the_level() {
        for x in [10.0, 60.0, 95.0, 150.0] {
            let held = click_level(x, false);
            assert_ne!(held, 3, "the test's click at {x} missed the slider");
            assert_eq!(click_level(x, true), held, "a short click at {x}");
        }
    }

    /// The same for the think time's slider (logarithmic): a short click sets about the time a
    /// longer click sets (to the tenth of a second it is rounded to).
    #[test]
    fn a_short_click_on_the_think_time_slider_sets_the_time() {
        for x in [10.0, 60.0, 95.0, 150.0] {
            let held = click_slider("new-game/think-time", x, false).think_time;
            assert_ne!(
                held,
                Duration::from_secs(2),
                "the test's click at {x} missed the slider"
            );
            let short = click_slider("new-game/think-time", x, true).think_time;
            let apart = held.abs_diff(short).as_secs_f32();
            assert!(
                apart <= 0.05 + held.as_secs_f32() * 0.02,
                "a short click at {x}: {short:?}, a longer one {held:?}"
            );
        }
    }

    /// Clicks the control `landmark` in the dialog editing `editing` (English, 1920×1080, where
    /// the whole form shows).
    fn click_control(landmark: &str, editing: &mut GameSettings) {
        let w = Words::from_assets(Language::English);
        let screen = Screen::new(1920.0, 1080.0, 1.0);
        let mut show = |ctx: &egui::Context| {
            draw(ctx, &w, editing);
        };
        screen
            .reach(AREA, landmark, &mut show)
            .unwrap_or_else(|problem| panic!("{problem}"));
        // Until the dialog has settled (its first passes size it).
        for _ in 0..5 {
            screen.pass(Vec::new(), &mut show);
        }
        screen.click(landmark, &mut show);
        screen.pass(Vec::new(), &mut show);
    }

    /// A click on a preset sets its options; an option then changed by hand shows Custom, and
    /// another preset sets them back.
    #[test]
    fn a_click_on_a_preset_sets_its_options() {
        let mut editing = GameSettings::default();
        click_control("new-game/preset/gamut-2nd", &mut editing);
        let rules = editing.config.loa;
        assert_eq!(rules.simultaneous, SimultaneousConnection::MoverWins);
        assert!(!rules.repetition_draw);
        assert_eq!(LoaPreset::of(&rules), Some(LoaPreset::GamutSecond));
        editing.config.loa.first_player = Side::White;
        assert_eq!(LoaPreset::of(&editing.config.loa), None, "custom");
        click_control("new-game/preset/gamut-1st", &mut editing);
        let rules = editing.config.loa;
        assert_eq!(rules.simultaneous, SimultaneousConnection::Draw);
        assert_eq!(rules.first_player, Side::Black);
        assert!(!rules.repetition_draw);
        click_control("new-game/preset/tournament", &mut editing);
        assert_eq!(editing.config.loa, gamut_engine::loa::Rules::default());
        click_control("new-game/colours-by-lot", &mut editing);
        assert!(editing.colours_by_lot, "the colours drawn by lot");
    }

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
