//! The rules window, the resign confirmation and the game-over panel. Each is drawn by a
//! function that returns what the player asked for; the systems carry it out.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::any_game::GameKind;
use gamut_engine::loa::Variant;

use super::about::{self, RulesPage};
use super::text;
use crate::i18n::Words;
use crate::model::CurrentGame;
use crate::play::actions::can_undo;
use crate::play::{Dialogs, GameCommand, Modal};
use crate::review::ReviewCommand;
use gamut_engine::Color as Side;

/// The dialogs' areas (their rectangles are in egui's memory under these ids).
pub const RULES: &str = "rules";
pub const RESIGN: &str = "resign";
pub const GAME_OVER: &str = "game over";

/// Room for a dialog's text: the window's height less a title bar, a row of buttons and the
/// margins, so the buttons stay in view however short the window.
fn text_room(ctx: &egui::Context) -> f32 {
    (ctx.content_rect().height() - 170.0).max(60.0)
}

/// A dialog's width: `wanted`, or the window's less a margin.
fn width(ctx: &egui::Context, wanted: f32) -> f32 {
    (ctx.content_rect().width() - 40.0).clamp(180.0, wanted)
}

/// A scroll area whose bar shows whenever it scrolls.
fn scrolled(ui: &mut egui::Ui, height: f32, add: impl FnOnce(&mut egui::Ui)) {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::vertical()
        .max_height(height)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        });
}

pub(super) fn rules_window(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    words: Res<Words>,
    mut dialogs: Dialogs,
    mut page: ResMut<RulesPage>,
) -> Result {
    // Runs while the rules are shown (see `UiPlugin`).
    let ctx = contexts.ctx_mut()?;
    let mut shown = *page;
    if draw_rules(ctx, &words, &mut shown, game.kind(), game.variant()) {
        dialogs.toggle_rules();
        // Opened again (F1), the window shows the rules of the game on the board.
        shown = RulesPage::default();
    }
    page.set_if_neq(shown);
    Ok(())
}

/// The Rules window: the rules or the About page of the game on the board (`kind`, with its
/// variant) or of the game picked in the window. Changes `page` as the player picks; whether
/// the player closed the window.
pub fn draw_rules(
    ctx: &egui::Context,
    words: &Words,
    page: &mut RulesPage,
    kind: GameKind,
    variant: Option<Variant>,
) -> bool {
    let mut open = true;
    let mut close = false;
    // In a short window (a large UI scale) the tabs scroll with the text, else they stay above
    // it, less the room they took in the last pass (a row, or several in a narrow window).
    let short = ctx.content_rect().height() < 480.0;
    let tabs_id = egui::Id::new(RULES).with("tabs");
    let room = if short {
        text_room(ctx)
    } else {
        text_room(ctx) - ctx.data(|d| d.get_temp(tabs_id)).unwrap_or(40.0_f32)
    };
    let width = width(ctx, 520.0);
    let shown = page.kind.unwrap_or(kind);
    let title = words.t(if page.about {
        "about-title"
    } else {
        "rules-title"
    });
    egui::Window::new(title)
        .id(egui::Id::new(RULES))
        .open(&mut open)
        .resizable(false)
        .min_width(width)
        .max_width(width)
        .constrain(true)
        .show(ctx, |ui| {
            if !short {
                let top = ui.cursor().min.y;
                about::tabs(ui, words, page, shown);
                ui.separator();
                let taken = ui.cursor().min.y - top;
                ui.ctx().data_mut(|d| d.insert_temp(tabs_id, taken));
            }
            scrolled(ui, room, |ui| {
                if short {
                    about::tabs(ui, words, page, shown);
                    ui.separator();
                }
                let (title, sections) = if page.about {
                    about::about_sections(words, shown)
                } else {
                    about::rules_sections(words, shown)
                };
                about::show(ui, &title, &sections);
                let variant = variant.filter(|v| *v != Variant::Standard && shown == kind);
                if let (false, Some(variant)) = (page.about, variant) {
                    ui.separator();
                    ui.add(egui::Label::new(text::variant_summary(words, variant)).wrap());
                }
            });
            ui.add_space(6.0);
            let button = ui.button(words.t("rules-close"));
            super::landmark::mark(ui, "rules/close", &button);
            close = button.clicked();
        });
    close || !open
}

pub(super) fn confirm_resign(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    words: Res<Words>,
    mut dialogs: Dialogs,
    seats: Res<crate::model::Seats>,
    mode: Res<State<crate::play::GameMode>>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    // Runs while the question is asked during a game (see `UiPlugin`).
    let ctx = contexts.ctx_mut()?;
    let side = crate::play::actions::resigning_side(&game, &seats, *mode.get());
    let who = text::side(&words, side);
    match draw_resign(ctx, &words, &who) {
        Some(ResignChoice::Resign) => {
            commands.write(GameCommand::Resign);
            dialogs.close();
        }
        Some(ResignChoice::KeepPlaying) => dialogs.close(),
        None => {}
    }
    Ok(())
}

/// The question "Resign this game?" goes with the game that asked it: once that game is over
/// (or left), it is not asked any more.
pub(super) fn forget_resign(mut dialogs: Dialogs) {
    if dialogs.modal() == Modal::ConfirmResign {
        dialogs.close();
    }
}

/// The resign confirmation's answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResignChoice {
    Resign,
    KeepPlaying,
}

/// Asks whether `who` (the side to move) resigns: the player's answer, if any.
pub fn draw_resign(ctx: &egui::Context, words: &Words, who: &str) -> Option<ResignChoice> {
    let mut choice = None;
    // Beside the side panel when there is room, else in the middle.
    let shift = if ctx.content_rect().width() >= 1100.0 {
        -165.0
    } else {
        0.0
    };
    let width = width(ctx, 420.0);
    egui::Window::new(words.t("resign-title"))
        .id(egui::Id::new(RESIGN))
        .collapsible(false)
        .resizable(false)
        .max_width(width)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(shift, 0.0))
        .show(ctx, |ui| {
            ui.add(
                egui::Label::new(words.t_with("resign-question", [("side", who.into())])).wrap(),
            );
            ui.horizontal_wrapped(|ui| {
                let resign = ui.button(words.t("resign-confirm"));
                super::landmark::mark(ui, "resign/yes", &resign);
                if resign.clicked() {
                    choice = Some(ResignChoice::Resign);
                }
                let keep = ui.button(words.t("resign-keep-playing"));
                super::landmark::mark(ui, "resign/no", &keep);
                if keep.clicked() {
                    choice = Some(ResignChoice::KeepPlaying);
                }
            });
        });
    choice
}

pub(super) fn game_over(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    words: Res<Words>,
    mut dialogs: Dialogs,
    mut commands: MessageWriter<GameCommand>,
    mut review: MessageWriter<ReviewCommand>,
    mut learn: MessageWriter<crate::play::LearnFromMistakes>,
    seats: Res<crate::model::Seats>,
    names: Res<crate::model::SeatNames>,
    rated: Res<crate::strength::RatedGame>,
    mut dismissed_at: Local<Option<usize>>,
) -> Result {
    // Runs at the end of the player's own game (see `UiPlugin`).
    let Some(end) = game.end() else {
        return Ok(());
    };
    if *dismissed_at == Some(game.ply()) || matches!(dialogs.modal(), Modal::NewGame | Modal::Share)
    {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let over = GameOver {
        result: text::game_end(&words, end),
        length: text::game_length(&words, &game),
        can_undo: can_undo(&game),
        can_learn: crate::play::actions::can_learn(&game, &seats),
        rating: rating_lines(&words, rated.changes()),
        people: people_line(&words, &names, game.is_four_players()),
    };
    match draw_game_over(ctx, &words, &over) {
        Some(GameOverChoice::NewGame) => dialogs.open(Modal::NewGame),
        Some(GameOverChoice::Undo) => {
            commands.write(GameCommand::Undo);
        }
        Some(GameOverChoice::Review) => {
            review.write(ReviewCommand::Enter);
        }
        Some(GameOverChoice::Learn) => {
            learn.write(crate::play::LearnFromMistakes);
        }
        Some(GameOverChoice::Share) => dialogs.open(Modal::Share),
        Some(GameOverChoice::Close) => *dismissed_at = Some(game.ply()),
        None => {}
    }
    Ok(())
}

/// The game-over panel's lines of the ratings a game moved, one a person (none: it did not
/// count).
fn rating_lines(words: &Words, changes: &[crate::strength::RatingChange]) -> Option<String> {
    let lines: Vec<String> = changes
        .iter()
        .map(|change| super::text::rating_change(words, change))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The game-over panel's line of who played (none: nobody was named).
fn people_line(words: &Words, names: &crate::model::SeatNames, four: bool) -> Option<String> {
    let seats = [
        (0, Side::Black),
        (1, Side::White),
        (2, Side::Black),
        (3, Side::White),
    ];
    let said: Vec<String> = seats
        .into_iter()
        .filter(|&(i, _)| four || i < 2)
        .filter_map(|(i, side)| {
            let name = names.0[i].as_deref()?;
            Some(words.t_with(
                "players-at-seat",
                [
                    ("name", name.to_string().into()),
                    ("side", text::side(words, side).into()),
                ],
            ))
        })
        .collect();
    (!said.is_empty()).then(|| said.join(" · "))
}

/// What the game-over panel says.
pub struct GameOver {
    /// Who won and how.
    pub result: String,
    /// How long the game was.
    pub length: String,
    /// Whether the last move can be taken back.
    pub can_undo: bool,
    /// Whether "Learn from your mistakes" is offered (a person's game against the computer).
    pub can_learn: bool,
    /// The person's new rating and its change, after a game that counted (a line a person).
    pub rating: Option<String>,
    /// Who played, when people were named.
    pub people: Option<String>,
}

/// The game-over panel's buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameOverChoice {
    NewGame,
    Undo,
    Review,
    Learn,
    Share,
    Close,
}

/// The game-over panel at the top left, over the board: the button the player clicked, if any.
pub fn draw_game_over(
    ctx: &egui::Context,
    words: &Words,
    over: &GameOver,
) -> Option<GameOverChoice> {
    let mut choice = None;
    let width = width(ctx, 460.0);
    // A short window (a large UI scale) keeps less margin and a smaller result.
    let short = ctx.content_rect().height() < 480.0;
    let (margin, size) = if short { (4.0, 18.0) } else { (16.0, 24.0) };
    egui::Window::new(words.t("game-over-title"))
        .id(egui::Id::new(GAME_OVER))
        .collapsible(false)
        .resizable(false)
        .max_width(width)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(margin, margin))
        .show(ctx, |ui| {
            let said = |ui: &mut egui::Ui| {
                let result = egui::RichText::new(&over.result).size(size).strong();
                ui.add(egui::Label::new(result).wrap());
                if let Some(people) = &over.people {
                    let line = ui.add(egui::Label::new(people).wrap());
                    super::landmark::mark(ui, "game-over/people", &line);
                }
                ui.add(egui::Label::new(&over.length).wrap());
                if let Some(rating) = &over.rating {
                    let line = ui.add(egui::Label::new(rating).wrap());
                    super::landmark::mark(ui, "game-over/rating", &line);
                }
            };
            let buttons = |ui: &mut egui::Ui, choice: &mut Option<GameOverChoice>| {
                ui.horizontal_wrapped(|ui| {
                    let buttons = [
                        (GameOverChoice::NewGame, "game-over-new-game", true),
                        (GameOverChoice::Undo, "game-over-undo", over.can_undo),
                        (GameOverChoice::Review, "button-review", true),
                        (GameOverChoice::Learn, "mistakes-open", over.can_learn),
                        (GameOverChoice::Share, "share-open", true),
                        (GameOverChoice::Close, "game-over-close", true),
                    ];
                    for (which, key, enabled) in buttons {
                        let button = ui.add_enabled(enabled, egui::Button::new(words.t(key)));
                        super::landmark::mark(ui, which.landmark(), &button);
                        if button.clicked() {
                            *choice = Some(which);
                        }
                    }
                });
            };
            // In a short window the words and the buttons scroll together.
            if short {
                let room = (ctx.content_rect().height() - 2.0 * margin - 50.0).max(60.0);
                egui::ScrollArea::vertical()
                    .max_height(room)
                    .show(ui, |ui| {
                        said(ui);
                        buttons(ui, &mut choice);
                    });
            } else {
                said(ui);
                buttons(ui, &mut choice);
            }
        });
    choice
}

impl GameOverChoice {
    /// The button's name for the developer tools and the layout tests.
    fn landmark(self) -> &'static str {
        match self {
            GameOverChoice::NewGame => "game-over/new-game",
            GameOverChoice::Undo => "game-over/undo",
            GameOverChoice::Review => "game-over/review",
            GameOverChoice::Learn => "game-over/learn",
            GameOverChoice::Share => "game-over/share",
            GameOverChoice::Close => "game-over/close",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::layout_check::everywhere;
    use gamut_engine::any_game::GameConfig;

    /// The rules and the About page of each game (LOA for four's variant, the longest rules)
    /// can be closed at every size, scale and language, and their tabs reached; their text
    /// scrolls, nothing overlaps or runs out.
    #[test]
    fn the_rules_and_about_pages_can_be_closed_everywhere() {
        let buttons = [
            "rules/tab-rules",
            "rules/tab-about",
            "rules/game/lines-of-action",
            "rules/game/epaminondas",
            "rules/close",
        ];
        everywhere(|screen, words, what| {
            let games = [
                (GameKind::LinesOfAction, Some(Variant::FourPlayers)),
                (GameKind::Epaminondas, None),
            ];
            for (kind, variant) in games {
                for about in [false, true] {
                    let mut page = RulesPage { about, kind: None };
                    screen.check(&what, Some(RULES), &buttons, &mut |ctx| {
                        draw_rules(ctx, words, &mut page, kind, variant);
                    });
                }
            }
        });
    }

    /// A click on a tab and on a game changes the page shown.
    #[test]
    fn the_tabs_pick_the_about_page_and_the_game() {
        let words = Words::from_assets(crate::model::Language::English);
        let screen = crate::ui::layout_check::Screen::new(1024.0, 600.0, 1.5);
        let mut page = RulesPage::default();
        for (landmark, wanted) in [
            (
                "rules/tab-about",
                RulesPage {
                    about: true,
                    kind: None,
                },
            ),
            (
                "rules/game/epaminondas",
                RulesPage {
                    about: true,
                    kind: Some(GameKind::Epaminondas),
                },
            ),
            (
                "rules/tab-rules",
                RulesPage {
                    about: false,
                    kind: Some(GameKind::Epaminondas),
                },
            ),
        ] {
            let mut show = |ctx: &egui::Context| {
                draw_rules(ctx, &words, &mut page, GameKind::LinesOfAction, None);
            };
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut show);
            }
            screen.click(landmark, &mut show);
            assert_eq!(page, wanted, "after a click on {landmark}");
        }
    }

    #[test]
    fn the_resign_question_can_be_answered_everywhere() {
        everywhere(|screen, words, what| {
            let who = text::side(words, gamut_engine::Color::White);
            screen.check(
                &what,
                Some(RESIGN),
                &["resign/yes", "resign/no"],
                &mut |ctx| {
                    draw_resign(ctx, words, &who);
                },
            );
        });
    }

    #[test]
    fn every_game_over_button_can_be_reached_everywhere() {
        let mut game = CurrentGame::new(GameConfig::default());
        game.resign();
        let end = game.end().expect("a resigned game is over");
        everywhere(|screen, words, what| {
            let over = GameOver {
                result: text::game_end(words, end),
                length: text::game_length(words, &game),
                can_undo: true,
                can_learn: true,
                rating: Some(words.t_with(
                    "strength-change",
                    [
                        ("game", text::game_name(words, GameKind::Epaminondas).into()),
                        ("rating", 2345.into()),
                        ("deviation", 123.into()),
                        ("change", "\u{2212}148".into()),
                    ],
                )),
                people: Some("Bartholomew Longname, Black · Maximiliana Longname, White".into()),
            };
            let buttons = [
                "game-over/new-game",
                "game-over/undo",
                "game-over/review",
                "game-over/learn",
                "game-over/share",
                "game-over/close",
            ];
            screen.check(&what, Some(GAME_OVER), &buttons, &mut |ctx| {
                draw_game_over(ctx, words, &over);
            });
        });
    }
}
