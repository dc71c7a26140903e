//! The tournament night's screen over the title (see `crate::tournament`): before the night, the
//! players (people and computer entries), the game and its clock, and the format; during it, the
//! round's games (play one on the board, or type in the result of a game played on a real
//! board), the standings large enough for the big screen, the crosstable, every round, and the
//! exports. Also the small panel at the end of a tournament game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;

use crate::i18n::Words;
use crate::model::{CurrentGame, GameSettings, SeatNames};
use crate::play::{GameCommand, MenuScreen};
use crate::strength::Rating;
use crate::tournament::core::{
    self, Champion, Colour, Entrant, EntrantKind, Format, GameResult, Label, MAX_ENTRANTS,
    MAX_NAME_CHARS, PlayerId, SetupError, Tournament,
};
use crate::tournament::night::NightSetup;
use crate::tournament::tables::{self, AtTables, BoardAtTable};
use crate::tournament::{Night, NightNotice, Page, TournamentCommand, TournamentScreen};
use crate::ui::style::{ACCENT, MUTED};
use crate::ui::text;

/// The screen's area.
pub const AREA: &str = "tournament";

/// The page shown under the tabs (it scrolls).
pub const PAGE: &str = "tournament/page";

/// How the players are paired, as the form shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pairing {
    /// Everyone meets everyone once.
    #[default]
    RoundRobin,
    /// Everyone meets everyone twice, the colours swapped.
    DoubleRoundRobin,
    /// Swiss rounds.
    Swiss,
}

/// The tournament being set up (kept while the screen is closed and opened again).
#[derive(Resource, Debug, Clone)]
pub struct Draft {
    /// The players so far.
    pub entrants: Vec<Entrant>,
    /// The name being typed.
    pub name: String,
    /// The level of a computer entry to add.
    pub level: Level,
    /// The format.
    pub pairing: Pairing,
    /// Swiss: the rounds.
    pub rounds: u8,
    /// The game, its variant and clock (the New Game dialog's as the screen first opens).
    pub game: GameSettings,
    /// Asked to put the tournament away: waiting for the confirmation.
    pub confirm_put_away: bool,
}

impl Default for Draft {
    fn default() -> Draft {
        Draft {
            entrants: Vec::new(),
            name: String::new(),
            level: Level::default(),
            pairing: Pairing::default(),
            rounds: 3,
            game: GameSettings::default(),
            confirm_put_away: false,
        }
    }
}

impl Draft {
    /// The format the form says, for `players` players.
    fn format(&self) -> Format {
        match self.pairing {
            Pairing::RoundRobin => Format::RoundRobin { double: false },
            Pairing::DoubleRoundRobin => Format::RoundRobin { double: true },
            Pairing::Swiss => Format::Swiss {
                rounds: self.rounds,
            },
        }
    }
}

/// What the player asked of the screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    /// A command for the night.
    Night(TournamentCommand),
    /// Show another page.
    Show(Page),
    /// Export the tournament as text (`false`) or as an HTML page (`true`).
    Export {
        /// The HTML page.
        html: bool,
    },
    /// Back to the title.
    Close,
}

/// The screen, when open at the title.
pub(crate) fn tournament_screen(
    mut contexts: EguiContexts,
    words: Res<Words>,
    night: Res<Night>,
    mut screen: ResMut<TournamentScreen>,
    mut to_title: ResMut<NextState<MenuScreen>>,
    mut draft: ResMut<Draft>,
    roster: Res<crate::strength::Roster>,
    mut commands: MessageWriter<TournamentCommand>,
) -> Result {
    // Runs while the screen is open at the title (see `UiPlugin`).
    let ctx = contexts.ctx_mut()?;
    let kind = night
        .current
        .as_ref()
        .map_or(draft.game.config.kind, |(_, setup)| setup.config.kind);
    let people = People {
        known: crate::ui::players::known(&roster, kind),
        rating: &|name: &str| crate::ui::players::rating_in(&roster, name, kind),
    };
    match draw(ctx, &words, &night, screen.page, &mut draft, &people) {
        Some(Asked::Night(command)) => {
            commands.write(command);
        }
        Some(Asked::Show(page)) => screen.page = page,
        Some(Asked::Export { html }) => {
            if let Some(command) = export(&words, &night, html) {
                commands.write(command);
            }
        }
        Some(Asked::Close) => to_title.set(MenuScreen::Title),
        None => {}
    }
    Ok(())
}

/// The export of the night's tournament, in the player's language.
fn export(w: &Words, night: &Night, html: bool) -> Option<TournamentCommand> {
    let (tournament, setup) = night.current.as_ref()?;
    let first = first_colour(setup);
    let label = |l: Label| label_text(w, setup, l);
    let (name, contents) = if html {
        ("tournament.html", tournament.to_html(first, &label))
    } else {
        ("tournament.txt", tournament.to_text(first, &label))
    };
    Some(TournamentCommand::Export {
        name: name.into(),
        contents,
    })
}

/// The colour that moves first in the tournament's game.
fn first_colour(setup: &NightSetup) -> Colour {
    match CurrentGame::new(setup.config).side_to_move() {
        Side::Black => Colour::Black,
        Side::White => Colour::White,
    }
}

/// The remembered players (see `crate::strength::Roster`), with their ratings in the night's game.
pub struct People<'a> {
    /// The remembered players, to add with a click.
    pub known: Vec<crate::ui::players::Known>,
    /// A named person's rating, if they have played.
    pub rating: &'a dyn Fn(&str) -> Option<Rating>,
}

/// The whole window: the heading, what happened, then the form or the night's pages.
pub fn draw(
    ctx: &egui::Context,
    w: &Words,
    night: &Night,
    page: Page,
    draft: &mut Draft,
    people: &People,
) -> Option<Asked> {
    let mut asked = None;
    crate::ui::style::screen_card(ctx, AREA, CARD_WIDTH, |ui| {
        asked = heading(ui, w, night);
        notice_line(ui, w, night.notice.as_ref());
        ui.separator();
        let body = match &night.current {
            None => setup_form(ui, w, draft, people),
            Some((tournament, setup)) => {
                let night = (tournament, setup, &night.tables);
                running(ui, w, night, page, draft, people)
            }
        };
        asked = asked.take().or(body);
    });
    if asked.is_none() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        asked = Some(Asked::Close);
    }
    asked
}

/// The card's widest: the standings stay readable across a room without the lines growing long.
const CARD_WIDTH: f32 = 1100.0;

/// What happened, on a line of its own that is always there (empty when there is nothing to
/// say), so that the tabs and buttons under it never move when a notice comes or goes; a long
/// notice is cut to the line, whole under the pointer.
fn notice_line(ui: &mut egui::Ui, w: &Words, notice: Option<&NightNotice>) {
    let said = notice.map(|n| notice_text(w, n));
    let text = egui::RichText::new(said.clone().unwrap_or_else(|| " ".into())).color(ACCENT);
    let line = ui.add(egui::Label::new(text).truncate());
    let line = match said {
        Some(said) => line.on_hover_text(said),
        None => line,
    };
    crate::ui::landmark::mark(ui, "tournament/notice", &line);
}

/// The title line with the game and the round, and Close.
fn heading(ui: &mut egui::Ui, w: &Words, night: &Night) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal(|ui| {
        let close = ui.button(w.t("tournament-close"));
        crate::ui::landmark::mark(ui, "tournament/close", &close);
        if close.clicked() {
            asked = Some(Asked::Close);
        }
        ui.heading(egui::RichText::new(w.t("tournament-title")).color(ACCENT));
        if let Some((tournament, setup)) = &night.current {
            ui.label(egui::RichText::new(subtitle(w, tournament, setup)).color(MUTED));
        }
    });
    asked
}

/// "Lines of Action · Swiss · round 2 of 3".
fn subtitle(w: &Words, tournament: &Tournament, setup: &NightSetup) -> String {
    let round = tournament.current_round().map_or(0, |r| r.number);
    let format = match tournament.format() {
        Format::RoundRobin { double: false } => w.t("tournament-format-round-robin"),
        Format::RoundRobin { double: true } => w.t("tournament-format-double"),
        Format::Swiss { .. } => w.t("tournament-format-swiss"),
    };
    w.t_with(
        "tournament-subtitle",
        [
            ("game", game_title(w, setup).into()),
            ("format", format.into()),
            ("round", round.into()),
            ("rounds", tournament.total_rounds().into()),
        ],
    )
}

/// The game and its variant.
fn game_title(w: &Words, setup: &NightSetup) -> String {
    match setup.config.kind {
        GameKind::LinesOfAction if setup.config.loa.variant != Variant::Standard => format!(
            "{} ({})",
            text::game_name(w, setup.config.kind),
            text::variant_name(w, setup.config.loa.variant)
        ),
        kind => text::game_name(w, kind),
    }
}

// ---------------------------------------------------------------------------------------------
// Before the night: the form.

/// The players, the game and the format; Start.
fn setup_form(ui: &mut egui::Ui, w: &Words, draft: &mut Draft, people: &People) -> Option<Asked> {
    let mut asked = None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.label(egui::RichText::new(w.t("tournament-intro")).color(MUTED));
            ui.add_space(6.0);
            // The fields and buttons that add players stay where they are as the list under
            // them grows (Add never turns into the new player's Remove under the pointer).
            add_rows(ui, w, draft);
            known_row(ui, w, draft, people);
            entrant_list(ui, w, draft, people);
            ui.separator();
            game_rows(ui, w, draft);
            ui.separator();
            format_rows(ui, w, draft);
            ui.add_space(8.0);
            let start = ui.add_enabled(
                draft.entrants.len() >= core::MIN_ENTRANTS,
                egui::Button::new(egui::RichText::new(w.t("tournament-start")).size(20.0)),
            );
            crate::ui::landmark::mark(ui, "tournament/start", &start);
            if start.clicked() {
                asked = Some(Asked::Night(TournamentCommand::Create {
                    entrants: draft.entrants.clone(),
                    format: draft.format(),
                    game: draft.game,
                }));
            }
        });
    asked
}

/// The players entered so far, each with Remove.
fn entrant_list(ui: &mut egui::Ui, w: &Words, draft: &mut Draft, people: &People) {
    ui.label(w.t_with(
        "tournament-players",
        [
            ("count", draft.entrants.len().into()),
            ("most", MAX_ENTRANTS.into()),
        ],
    ));
    let mut remove = None;
    egui::Grid::new((AREA, "entrants"))
        .striped(true)
        .show(ui, |ui| {
            // Remove before the name: a longer name added (a computer entry's) widens only the
            // last column, and no Remove moves under the pointer nor is a name cut.
            for (i, entrant) in draft.entrants.iter().enumerate() {
                ui.label(format!("{}.", i + 1));
                let button = ui.small_button(w.t("tournament-remove"));
                crate::ui::landmark::mark(ui, format!("tournament/remove-{}", i + 1), &button);
                if button.clicked() {
                    remove = Some(i);
                }
                ui.label(rated_name(w, entrant, people));
                ui.end_row();
            }
        });
    if let Some(i) = remove {
        draft.entrants.remove(i);
    }
}

/// A person's name with their rating, if they have one; a computer entry's with its level.
fn rated_name(w: &Words, entrant: &Entrant, people: &People) -> String {
    match (entrant.kind, (people.rating)(&entrant.name)) {
        (EntrantKind::Person, Some(rating)) => {
            crate::ui::players::name_with_rating(w, &entrant.name, rating)
        }
        _ => entrant_name(w, entrant),
    }
}

/// The remembered players not entered yet, each a button that enters them.
fn known_row(ui: &mut egui::Ui, w: &Words, draft: &mut Draft, people: &People) {
    let entered = |name: &str| {
        draft
            .entrants
            .iter()
            .any(|e| e.name.trim().eq_ignore_ascii_case(name))
    };
    let left: Vec<&crate::ui::players::Known> =
        people.known.iter().filter(|k| !entered(&k.name)).collect();
    if left.is_empty() || draft.entrants.len() >= MAX_ENTRANTS {
        return;
    }
    let mut add = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(w.t("tournament-remembered")).color(MUTED));
        for known in left {
            let text = crate::ui::players::shown_name(w, &known.name, known.rating);
            let button = ui.button(text);
            crate::ui::landmark::mark(ui, format!("tournament/known/{}", known.name), &button);
            if button.clicked() {
                add = Some(known.name.clone());
            }
        }
    });
    if let Some(name) = add {
        draft.entrants.push(Entrant::person(name));
    }
}

/// A name with its computer level, if a computer entry.
fn entrant_name(w: &Words, entrant: &Entrant) -> String {
    match entrant.kind {
        EntrantKind::Person => entrant.name.clone(),
        EntrantKind::Computer { level } => w.t_with(
            "tournament-computer-entry",
            [
                ("name", entrant.name.clone().into()),
                ("level", level.into()),
            ],
        ),
    }
}

/// A name field with "Add", and "Add the computer" at a level.
fn add_rows(ui: &mut egui::Ui, w: &Words, draft: &mut Draft) {
    let full = draft.entrants.len() >= MAX_ENTRANTS;
    ui.horizontal(|ui| {
        let field = ui.add_enabled(
            !full,
            egui::TextEdit::singleline(&mut draft.name)
                .char_limit(MAX_NAME_CHARS)
                .hint_text(w.t("tournament-name-hint"))
                .desired_width(220.0),
        );
        crate::ui::landmark::mark(ui, "tournament/name", &field);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let add = ui.add_enabled(
            !full && !draft.name.trim().is_empty(),
            egui::Button::new(w.t("tournament-add")),
        );
        crate::ui::landmark::mark(ui, "tournament/add", &add);
        if (add.clicked() || entered) && !full && !draft.name.trim().is_empty() {
            let name = std::mem::take(&mut draft.name);
            draft.entrants.push(Entrant::person(name.trim()));
            field.request_focus();
        }
    });
    ui.horizontal(|ui| {
        let computer = ui.add_enabled(!full, egui::Button::new(w.t("tournament-add-computer")));
        crate::ui::landmark::mark(ui, "tournament/add-computer", &computer);
        egui::ComboBox::from_id_salt((AREA, "level"))
            .selected_text(text::level_name(w, draft.level))
            .show_ui(ui, |ui| {
                for level in Level::all() {
                    ui.selectable_value(&mut draft.level, level, text::level_name(w, level));
                }
            });
        if computer.clicked() && !full {
            let name = computer_name(w, draft);
            draft
                .entrants
                .push(Entrant::computer(name, draft.level.number()));
        }
    });
}

/// "Computer", "Computer 2", … : the first name not taken.
fn computer_name(w: &Words, draft: &Draft) -> String {
    let base = w.t("tournament-computer-name");
    let taken = |name: &str| {
        draft
            .entrants
            .iter()
            .any(|e| e.name.trim().eq_ignore_ascii_case(name))
    };
    (1..=MAX_ENTRANTS + 1)
        .map(|n| {
            if n == 1 {
                base.clone()
            } else {
                format!("{base} {n}")
            }
        })
        .find(|name| !taken(name))
        .unwrap_or(base)
}

/// The game, its variant (every two-player one) and the clock.
fn game_rows(ui: &mut egui::Ui, w: &Words, draft: &mut Draft) {
    egui::Grid::new((AREA, "game"))
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            crate::ui::new_game::game_row(ui, w, &mut draft.game.config.kind, "tournament/");
            if draft.game.config.kind == GameKind::LinesOfAction {
                ui.label(w.t("new-game-variant"));
                ui.horizontal_wrapped(|ui| {
                    for v in Variant::ALL
                        .into_iter()
                        .filter(|v| *v != Variant::FourPlayers)
                    {
                        let radio = ui.radio_value(
                            &mut draft.game.config.loa.variant,
                            v,
                            text::variant_name(w, v),
                        );
                        crate::ui::landmark::mark(
                            ui,
                            format!("tournament/variant/{}", v.name()),
                            &radio,
                        );
                    }
                });
                ui.end_row();
            }
            crate::ui::new_game::clock_choice(ui, w, &mut draft.game);
        });
}

/// Round robin, double round robin or Swiss (with its rounds).
fn format_rows(ui: &mut egui::Ui, w: &Words, draft: &mut Draft) {
    ui.label(w.t("tournament-format"));
    ui.horizontal_wrapped(|ui| {
        for (pairing, key) in [
            (Pairing::RoundRobin, "tournament-format-round-robin"),
            (Pairing::DoubleRoundRobin, "tournament-format-double"),
            (Pairing::Swiss, "tournament-format-swiss"),
        ] {
            let radio = ui.radio_value(&mut draft.pairing, pairing, w.t(key));
            crate::ui::landmark::mark(ui, format!("tournament/{key}"), &radio);
        }
    });
    if draft.pairing == Pairing::Swiss {
        let most = u8::try_from(draft.entrants.len().saturating_sub(1))
            .unwrap_or(1)
            .max(1);
        draft.rounds = draft.rounds.clamp(1, most);
        ui.horizontal(|ui| {
            ui.label(w.t("tournament-rounds"));
            let slider = ui.add(egui::Slider::new(&mut draft.rounds, 1..=most));
            crate::ui::landmark::mark(ui, "tournament/rounds", &slider);
        });
    }
}

// ---------------------------------------------------------------------------------------------
// During the night.

/// The page tabs, the page, and the exports.
fn running(
    ui: &mut egui::Ui,
    w: &Words,
    (tournament, setup, tables): (&Tournament, &NightSetup, &AtTables),
    page: Page,
    draft: &mut Draft,
    people: &People,
) -> Option<Asked> {
    let mut asked = tabs(ui, w, page);
    let first = first_colour(setup);
    let bottom = bottom_row_height(ui);
    let room = (ui.available_height() - bottom).max(80.0);
    let page_shown = egui::ScrollArea::both()
        .max_height(room)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let body = match page {
                Page::Round => {
                    let can_table = tables::table_clock(setup.clock).is_some();
                    round_page(ui, w, tournament, first, (tables, can_table))
                }
                Page::Standings => {
                    standings_page(ui, w, tournament, people);
                    None
                }
                Page::Crosstable => {
                    crosstable_page(ui, w, tournament);
                    None
                }
                Page::Rounds => {
                    rounds_page(ui, w, tournament, first);
                    None
                }
            };
            asked = asked.take().or(body);
        });
    crate::ui::landmark::mark_rect(ui, PAGE, page_shown.inner_rect);
    ui.separator();
    let last = bottom_row(ui, w, tournament, draft);
    asked.or(last)
}

/// The bottom row's height (one row of buttons, two when confirming).
fn bottom_row_height(ui: &egui::Ui) -> f32 {
    ui.spacing().interact_size.y * 2.0 + 24.0
}

/// The pages as tabs.
fn tabs(ui: &mut egui::Ui, w: &Words, page: Page) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        for (which, key, mark) in [
            (
                Page::Round,
                "tournament-page-round",
                "tournament/page-round",
            ),
            (
                Page::Standings,
                "tournament-page-standings",
                "tournament/page-standings",
            ),
            (
                Page::Crosstable,
                "tournament-page-crosstable",
                "tournament/page-crosstable",
            ),
            (
                Page::Rounds,
                "tournament-page-rounds",
                "tournament/page-rounds",
            ),
        ] {
            let text = egui::RichText::new(w.t(key)).size(18.0);
            let tab = ui.selectable_label(page == which, text);
            crate::ui::landmark::mark(ui, mark, &tab);
            if tab.clicked() {
                asked = Some(Asked::Show(which));
            }
        }
    });
    asked
}

/// The name shown for a player (with the computer's level).
fn name_of(w: &Words, tournament: &Tournament, player: PlayerId) -> String {
    tournament
        .entrant(player)
        .map(|e| entrant_name(w, e))
        .unwrap_or_default()
}

/// The round being played: each game with Play and the result buttons; the bye; pairing the
/// next Swiss round; the champion at the end.
fn round_page(
    ui: &mut egui::Ui,
    w: &Words,
    tournament: &Tournament,
    first: Colour,
    (tables, can_table): (&AtTables, bool),
) -> Option<Asked> {
    let mut asked = None;
    if let Some(champion) = tournament.champion() {
        champion_line(ui, w, tournament, &champion);
    }
    let round = tournament.current_round()?;
    let at_tables = round
        .games
        .iter()
        .any(|g| tables.boards.contains_key(&(g.round, g.board)));
    if at_tables {
        join_line(ui, w, tables);
    }
    ui.label(
        egui::RichText::new(w.t_with("tournament-round", [("round", round.number.into())]))
            .size(20.0)
            .strong(),
    );
    // The buttons' column takes the rest of the page: a grid's column is only as wide as its
    // widest cell, and their wrapped line kept it narrow (one button under another).
    let page_right = ui.max_rect().right();
    let grid = egui::Grid::new((AREA, "round games"))
        .striped(true)
        .spacing([14.0, 8.0])
        .show(ui, |ui| {
            // Who has which colour: the first named has the colour that moves first.
            ui.label("");
            let (first_side, second_side) = sides(first);
            for side in [first_side, second_side] {
                let head = egui::RichText::new(text::side(w, side)).color(MUTED);
                let head = ui.label(head);
                crate::ui::landmark::mark(ui, format!("tournament/column/{side:?}"), &head);
            }
            ui.end_row();
            for game in &round.games {
                ui.label(w.t_with("tournament-board", [("board", game.board.into())]));
                let (one, two) = match first {
                    Colour::Black => (game.black, game.white),
                    Colour::White => (game.white, game.black),
                };
                for player in [one, two] {
                    ui.label(egui::RichText::new(name_of(w, tournament, player)).size(18.0));
                }
                let at = tables.boards.get(&(game.round, game.board));
                let cell = ui.vertical(|ui| {
                    ui.set_min_width((page_right - ui.cursor().left()).max(0.0));
                    let table = at.filter(|_| game.result.is_none()).and_then(|board| {
                        let asked = ui.horizontal(|ui| table_buttons(ui, w, game, board));
                        table_line(ui, w, tournament, game, board);
                        asked.inner.map(Asked::Night)
                    });
                    let buttons = game_buttons(ui, w, game, first, (at, can_table));
                    table.or(buttons)
                });
                if let Some(a) = cell.inner {
                    asked = Some(a);
                }
                ui.end_row();
            }
        });
    // A grid's columns are measured in its first pass (the buttons one under another): the
    // frame is drawn once they settle, never with the buttons moving under the pointer.
    crate::ui::style::settle(
        ui.ctx(),
        egui::Id::new((AREA, "round games")),
        [Some(grid.response.rect), None],
    );
    if let Some(bye) = round.bye {
        ui.label(w.t_with(
            "tournament-bye",
            [("name", name_of(w, tournament, bye).into())],
        ));
    }
    if tournament.can_pair_next_round() {
        let pair = ui.button(w.t_with(
            "tournament-pair-next",
            [("round", (round.number + 1).into())],
        ));
        crate::ui::landmark::mark(ui, "tournament/pair-next", &pair);
        if pair.clicked() {
            asked = Some(Asked::Night(TournamentCommand::PairNext));
        }
    }
    asked
}

/// The side that moves first and the other, in the tournament's game.
fn sides(first: Colour) -> (Side, Side) {
    match first {
        Colour::Black => (Side::Black, Side::White),
        Colour::White => (Side::White, Side::Black),
    }
}

/// A game's result (with Clear), or Play and the three result buttons.
fn game_buttons(
    ui: &mut egui::Ui,
    w: &Words,
    game: &core::Pairing,
    first: Colour,
    (at, can_table): (Option<&BoardAtTable>, bool),
) -> Option<Asked> {
    let mut asked = None;
    let (round, board) = (game.round, game.board);
    let mark = |ui: &egui::Ui, what: &str, r: &egui::Response| {
        crate::ui::landmark::mark(ui, format!("tournament/r{round}b{board}/{what}"), r);
    };
    ui.horizontal_wrapped(|ui| {
        if let Some(result) = game.result {
            ui.label(
                egui::RichText::new(core::result_text(result, first))
                    .size(18.0)
                    .strong(),
            );
            let clear = ui.small_button(w.t("tournament-clear"));
            mark(ui, "clear", &clear);
            if clear.clicked() {
                asked = Some(TournamentCommand::Enter {
                    round,
                    board,
                    result: None,
                });
            }
            return;
        }
        // A pairing at a table has its table's line above (see `round_page`).
        if at.is_none() {
            let play = ui.button(w.t("tournament-play"));
            mark(ui, "play", &play);
            if play.clicked() {
                asked = Some(TournamentCommand::Play { round, board });
            }
            if let Some(command) = at_table_button(ui, w, game, can_table) {
                asked = Some(command);
            }
        }
        ui.label(egui::RichText::new(w.t("tournament-or-enter")).color(MUTED));
        let results = [
            (GameResult::win_for(first), "1–0", "first"),
            (GameResult::Draw, "½–½", "draw"),
            (GameResult::win_for(first.other()), "0–1", "second"),
        ];
        for (result, sign, what) in results {
            let button = ui.button(sign);
            mark(ui, what, &button);
            if button.clicked() {
                asked = Some(TournamentCommand::Enter {
                    round,
                    board,
                    result: Some(result),
                });
            }
        }
    });
    asked.map(Asked::Night)
}

/// "At a table" (off, saying why, when the night's clock is a time per move, or this game
/// cannot host).
fn at_table_button(
    ui: &mut egui::Ui,
    w: &Words,
    game: &core::Pairing,
    can_table: bool,
) -> Option<TournamentCommand> {
    let (round, board) = (game.round, game.board);
    let hosts = cfg!(not(target_arch = "wasm32"));
    let button = ui
        .add_enabled(
            can_table && hosts,
            egui::Button::new(w.t("tournament-at-table")).wrap_mode(egui::TextWrapMode::Extend),
        )
        .on_hover_text(w.t("tournament-at-table-hint"))
        .on_disabled_hover_text(w.t(if hosts {
            "tournament-at-table-no-clock"
        } else {
            "tournament-at-table-no-host"
        }));
    crate::ui::landmark::mark(ui, format!("tournament/r{round}b{board}/table"), &button);
    button
        .clicked()
        .then_some(TournamentCommand::AtTable { round, board })
}

/// A table's code, large, and Show (once the server made it).
fn table_buttons(
    ui: &mut egui::Ui,
    w: &Words,
    game: &core::Pairing,
    at: &BoardAtTable,
) -> Option<TournamentCommand> {
    let (round, board) = (game.round, game.board);
    let Some(code) = &at.code else {
        ui.spinner();
        return None;
    };
    let shown = ui.label(
        egui::RichText::new(code.as_str())
            .monospace()
            .size(24.0)
            .strong()
            .color(ACCENT),
    );
    crate::ui::landmark::mark(ui, format!("tournament/r{round}b{board}/code"), &shown);
    if at.gone {
        return None;
    }
    let show = ui
        .button(w.t("tournament-table-show"))
        .on_hover_text(w.t("tournament-table-show-hint"));
    crate::ui::landmark::mark(ui, format!("tournament/r{round}b{board}/show"), &show);
    show.clicked()
        .then_some(TournamentCommand::Show { round, board })
}

/// Under a pairing at a table: how far its game is, and who sat where when it is not whom
/// the pairing has there.
fn table_line(
    ui: &mut egui::Ui,
    w: &Words,
    tournament: &Tournament,
    game: &core::Pairing,
    at: &BoardAtTable,
) {
    let said = table_words(w, tournament, game, at);
    let line = ui.add(egui::Label::new(egui::RichText::new(said).color(MUTED)).extend());
    crate::ui::landmark::mark(
        ui,
        format!("tournament/r{}b{}/at-table", game.round, game.board),
        &line,
    );
}

/// "Move 8 · Zed sat down as White".
fn table_words(
    w: &Words,
    tournament: &Tournament,
    game: &core::Pairing,
    at: &BoardAtTable,
) -> String {
    let mut said = vec![table_state(w, at)];
    for (side, player) in [(Side::Black, game.black), (Side::White, game.white)] {
        let Some(sitter) = at.sitter(side) else {
            continue;
        };
        let expected = tournament.entrant(player).map(|e| e.name.as_str());
        if expected.is_some_and(|e| !same_name(e, sitter)) {
            said.push(w.t_with(
                "tournament-table-wrong-seat",
                [
                    ("name", sitter.to_string().into()),
                    ("side", text::side(w, side).into()),
                ],
            ));
        }
    }
    said.join(" · ")
}

/// Whether two names are the same player's (case and spaces aside).
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// "Waiting for the players (1 of 2 seated)", "Move 12", "The server no longer has it".
fn table_state(w: &Words, at: &BoardAtTable) -> String {
    if at.gone {
        return w.t("tournament-table-gone");
    }
    let seated = at
        .seats
        .iter()
        .filter(|s| s.name.is_some() || s.computer.is_some());
    let seated = seated.count();
    if at.moves == 0 && seated < at.seats.len().max(2) {
        return w.t_with(
            "tournament-table-waiting",
            [
                ("seated", (seated as i64).into()),
                ("seats", (at.seats.len().max(2) as i64).into()),
            ],
        );
    }
    let seats = at.seats.len().max(1);
    w.t_with(
        "table-big-move",
        [("number", ((at.moves / seats) as i64 + 1).into())],
    )
}

/// Where the players join the night's tables: the address, and the page's QR code for phones.
fn join_line(ui: &mut egui::Ui, w: &Words, tables: &AtTables) {
    let Some(address) = &tables.address else {
        return;
    };
    ui.horizontal(|ui| {
        if let Some(page) = &tables.page {
            crate::table::qr::show(ui, page, 120.0);
        }
        let said = w.t_with(
            "tournament-tables-join",
            [("address", address.clone().into())],
        );
        let said = ui.add(egui::Label::new(egui::RichText::new(said).size(20.0)).wrap());
        crate::ui::landmark::mark(ui, "tournament/join", &said);
    });
    if tables.page.is_none() {
        let said = egui::RichText::new(w.t("table-bar-no-page")).color(crate::ui::style::ACCENT);
        ui.add(egui::Label::new(said).wrap());
    }
}

/// "Champion: Ada", or the players sharing first place.
fn champion_line(ui: &mut egui::Ui, w: &Words, tournament: &Tournament, champion: &Champion) {
    let names: Vec<String> = match champion {
        Champion::Sole(p) => vec![name_of(w, tournament, *p)],
        Champion::Shared(ps) => ps.iter().map(|p| name_of(w, tournament, *p)).collect(),
    };
    let line = w.t_with(
        "tournament-champion",
        [
            ("count", names.len().into()),
            ("names", names.join(", ").into()),
        ],
    );
    let label = ui.label(egui::RichText::new(line).size(26.0).strong().color(ACCENT));
    crate::ui::landmark::mark(ui, "tournament/champion", &label);
    ui.add_space(6.0);
}

/// The standings, large: rank, name, points, games, wins, draws, losses, (byes,) direct
/// encounter, Sonneborn-Berger, games left.
fn standings_page(ui: &mut egui::Ui, w: &Words, tournament: &Tournament, people: &People) {
    if let Some(champion) = tournament.champion() {
        champion_line(ui, w, tournament, &champion);
    }
    let (header, rows) = standings_table(w, tournament, people);
    // As large as the room allows (up to 22 points): the whole table across, at any UI scale.
    let gap = 14.0;
    let size = fitted_size(ui, &header, &rows, gap);
    let grid = egui::Grid::new((AREA, "standings"))
        .striped(true)
        .min_col_width(0.0)
        .spacing([gap * size / 22.0, 6.0])
        .show(ui, |ui| {
            for head in &header {
                ui.label(egui::RichText::new(head).size(size * HEAD).color(MUTED));
            }
            ui.end_row();
            for row in &rows {
                for (column, cell) in row.iter().enumerate() {
                    let text = egui::RichText::new(cell).size(size);
                    ui.label(match column {
                        1 => text.strong(),
                        2 => text.strong().color(ACCENT),
                        _ => text,
                    });
                }
                ui.end_row();
            }
        });
    crate::ui::landmark::mark(ui, "tournament/standings", &grid.response);
    ui.add_space(4.0);
    ui.label(egui::RichText::new(w.t("tournament-tie-breaks")).color(MUTED));
}

/// The headings' size beside the cells'.
const HEAD: f32 = 0.75;

/// The standings' headings and rows as text: rank (`2=` shared), name, points, games, wins,
/// draws, losses, byes (a Swiss with an odd count), direct encounter, Sonneborn-Berger, games
/// left, and a person's rating.
fn standings_table(
    w: &Words,
    tournament: &Tournament,
    people: &People,
) -> (Vec<String>, Vec<Vec<String>>) {
    let standings = tournament.standings();
    let byes = standings.iter().any(|r| r.byes > 0) && tournament.format().bye_points().0 > 0;
    let mut keys = vec![
        "tournament-col-rank",
        "tournament-col-player",
        "tournament-col-points",
        "tournament-col-played",
        "tournament-col-wins",
        "tournament-col-draws",
        "tournament-col-losses",
    ];
    if byes {
        keys.push("tournament-col-byes");
    }
    keys.extend([
        "tournament-col-direct",
        "tournament-col-sb",
        "tournament-col-left",
        "tournament-col-rating",
    ]);
    let header = keys.into_iter().map(|k| w.t(k)).collect();
    let rows = standings
        .iter()
        .map(|row| {
            let rank = if row.shared {
                format!("{}=", row.rank)
            } else {
                row.rank.to_string()
            };
            let mut cells = vec![
                rank,
                name_of(w, tournament, row.player),
                row.points.to_string(),
            ];
            cells.extend([row.played, row.wins, row.draws, row.losses].map(|n| n.to_string()));
            if byes {
                cells.push(row.byes.to_string());
            }
            let direct = row.direct_encounter.map(|d| d.to_string());
            cells.push(direct.unwrap_or_default());
            cells.push(row.sonneborn_berger.to_string());
            cells.push(row.games_left.to_string());
            let rating = tournament
                .entrant(row.player)
                .filter(|e| e.kind == EntrantKind::Person)
                .and_then(|e| (people.rating)(&e.name))
                .map(|r| text::whole(r.value).to_string());
            cells.push(rating.unwrap_or_default());
            cells
        })
        .collect();
    (header, rows)
}

/// The text size (22 points at most, 11 at least) at which the table's widest cells, column by
/// column, fit across the room left, `gap` apart at 22 points.
fn fitted_size(ui: &egui::Ui, header: &[String], rows: &[Vec<String>], gap: f32) -> f32 {
    let most = 22.0;
    let width = |text: &str, size: f32| {
        ui.fonts_mut(|f| {
            f.layout_no_wrap(
                text.to_string(),
                egui::FontId::proportional(size),
                egui::Color32::WHITE,
            )
            .size()
            .x
        })
    };
    let needed: f32 = header
        .iter()
        .enumerate()
        .map(|(column, head)| {
            let cells = rows.iter().filter_map(|r| r.get(column));
            cells
                .map(|c| width(c, most))
                .fold(width(head, most * HEAD), f32::max)
        })
        .sum::<f32>()
        + gap * header.len() as f32;
    // The scroll bar's room too.
    let room = ui.available_width() - 24.0;
    (most * (room / needed).min(1.0)).max(11.0)
}

/// Everyone against everyone, in standings order.
fn crosstable_page(ui: &mut egui::Ui, w: &Words, tournament: &Tournament) {
    let rows = tournament.standings();
    let table = tournament.crosstable();
    let grid = egui::Grid::new((AREA, "crosstable"))
        .striped(true)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            ui.label("");
            ui.label("");
            for (i, _) in rows.iter().enumerate() {
                ui.label(egui::RichText::new((i + 1).to_string()).color(MUTED));
            }
            ui.label(egui::RichText::new(w.t("tournament-col-points")).color(MUTED));
            ui.end_row();
            for (i, row) in rows.iter().enumerate() {
                ui.label((i + 1).to_string());
                ui.label(egui::RichText::new(name_of(w, tournament, row.player)).strong());
                for column in &rows {
                    let cell = &table[row.player.index()][column.player.index()];
                    ui.label(egui::RichText::new(core::cell_text(cell)).size(17.0));
                }
                ui.label(egui::RichText::new(row.points.to_string()).strong());
                ui.end_row();
            }
        });
    crate::ui::landmark::mark(ui, "tournament/crosstable", &grid.response);
}

/// Every round's games, with their results, and the byes.
fn rounds_page(ui: &mut egui::Ui, w: &Words, tournament: &Tournament, first: Colour) {
    let (one, two) = sides(first);
    let colours = w.t_with(
        "tournament-colours",
        [
            ("first", text::side(w, one).into()),
            ("second", text::side(w, two).into()),
        ],
    );
    ui.label(egui::RichText::new(colours).color(MUTED));
    for round in tournament.rounds() {
        ui.label(
            egui::RichText::new(w.t_with("tournament-round", [("round", round.number.into())]))
                .strong(),
        );
        for game in &round.games {
            let (one, two) = match first {
                Colour::Black => (game.black, game.white),
                Colour::White => (game.white, game.black),
            };
            let result = game
                .result
                .map(|r| core::result_text(r, first))
                .unwrap_or_else(|| "·".into());
            ui.label(format!(
                "{}.  {}  –  {}   {}",
                game.board,
                name_of(w, tournament, one),
                name_of(w, tournament, two),
                result
            ));
        }
        if let Some(bye) = round.bye {
            ui.label(w.t_with(
                "tournament-bye",
                [("name", name_of(w, tournament, bye).into())],
            ));
        }
        ui.add_space(6.0);
    }
}

/// Export as text or HTML, and put the tournament away (confirmed) for a new one.
fn bottom_row(
    ui: &mut egui::Ui,
    w: &Words,
    tournament: &Tournament,
    draft: &mut Draft,
) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        let text = ui.button(w.t("tournament-export-text"));
        crate::ui::landmark::mark(ui, "tournament/export-text", &text);
        if text.clicked() {
            asked = Some(Asked::Export { html: false });
        }
        let html = ui.button(w.t("tournament-export-html"));
        crate::ui::landmark::mark(ui, "tournament/export-html", &html);
        if html.clicked() {
            asked = Some(Asked::Export { html: true });
        }
        let key = if tournament.is_finished() {
            "tournament-new"
        } else {
            "tournament-abandon"
        };
        if !draft.confirm_put_away {
            let put_away = ui.button(w.t(key));
            crate::ui::landmark::mark(ui, "tournament/put-away", &put_away);
            draft.confirm_put_away = put_away.clicked();
            return;
        }
        ui.label(egui::RichText::new(w.t("tournament-put-away-sure")).color(ACCENT));
        let yes = ui.button(w.t(key));
        crate::ui::landmark::mark(ui, "tournament/put-away-yes", &yes);
        let no = ui.button(w.t("tournament-keep"));
        crate::ui::landmark::mark(ui, "tournament/put-away-no", &no);
        if yes.clicked() {
            asked = Some(Asked::Night(TournamentCommand::PutAway));
        }
        if yes.clicked() || no.clicked() {
            draft.confirm_put_away = false;
        }
    });
    asked
}

// ---------------------------------------------------------------------------------------------
// Words.

/// A label of the exports, in the player's language.
fn label_text(w: &Words, setup: &NightSetup, label: Label) -> String {
    let key = match label {
        Label::Title => {
            return w.t_with(
                "tournament-export-title",
                [("game", game_title(w, setup).into())],
            );
        }
        Label::Computer { level } => {
            return w.t_with("tournament-export-computer", [("level", level.into())]);
        }
        Label::Round { number } => {
            return w.t_with("tournament-round", [("round", number.into())]);
        }
        Label::Standings => "tournament-page-standings",
        Label::Rank => "tournament-col-rank",
        Label::Player => "tournament-col-player",
        Label::Points => "tournament-col-points",
        Label::Played => "tournament-col-played",
        Label::Wins => "tournament-col-wins",
        Label::Draws => "tournament-col-draws",
        Label::Losses => "tournament-col-losses",
        Label::Byes => "tournament-col-byes",
        Label::DirectEncounter => "tournament-col-direct",
        Label::SonnebornBerger => "tournament-col-sb",
        Label::GamesLeft => "tournament-col-left",
        Label::Champion => "tournament-export-champion",
        Label::Crosstable => "tournament-page-crosstable",
        Label::Board => "tournament-col-board",
        Label::Black => return text::side(w, Side::Black),
        Label::White => return text::side(w, Side::White),
        Label::Result => "tournament-col-result",
        Label::Bye => "tournament-export-bye",
    };
    w.t(key)
}

/// What happened, in words.
fn notice_text(w: &Words, notice: &NightNotice) -> String {
    match notice {
        NightNotice::File(report) => crate::ui::problems::file_report(w, report),
        NightNotice::Setup(e) => setup_refusal(w, e),
        NightNotice::Result(_) => w.t("tournament-result-refused"),
        NightNotice::Pair(_) => w.t("tournament-pair-refused"),
        NightNotice::Recorded { round, board, .. } => w.t_with(
            "tournament-recorded",
            [("round", (*round).into()), ("board", (*board).into())],
        ),
        NightNotice::Exported(path) => {
            w.t_with("tournament-exported", [("path", path.clone().into())])
        }
        NightNotice::ExportFailed(trouble) => w.t_with(
            "tournament-export-failed",
            [(
                "problem",
                crate::ui::problems::file_trouble(w, *trouble).into(),
            )],
        ),
        NightNotice::Archived(name) => {
            w.t_with("tournament-archived", [("name", name.clone().into())])
        }
        NightNotice::Table(notice) => crate::table::screen::notice_text(w, notice),
    }
}

/// Why the players or format make no tournament.
fn setup_refusal(w: &Words, e: &SetupError) -> String {
    match e {
        SetupError::TooFew { .. } => w.t("tournament-too-few"),
        SetupError::TooMany { .. } => w.t("tournament-too-many"),
        SetupError::EmptyName { .. } | SetupError::ControlCharacter { .. } => {
            w.t("tournament-bad-name")
        }
        SetupError::NameTooLong { .. } => w.t("tournament-bad-name"),
        SetupError::DuplicateName { second, .. } => {
            w.t_with("tournament-same-name", [("player", (second + 1).into())])
        }
        SetupError::SwissRounds { max, .. } => {
            w.t_with("tournament-swiss-rounds", [("most", (*max).into())])
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The end of a tournament game.

/// At the end of a tournament game: who won, that the result went to the tournament, and the
/// way back to it.
pub(crate) fn tournament_game_over(
    mut contexts: EguiContexts,
    words: Res<Words>,
    game: Res<CurrentGame>,
    names: Res<SeatNames>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(end) = game.end() else {
        return Ok(());
    };
    let winner = end.winner().map(|side| {
        let seat = crate::model::Seat {
            side,
            marked: false,
        };
        names
            .of(seat, false)
            .map(str::to_string)
            .unwrap_or_else(|| text::side(&words, side))
    });
    let line = match winner {
        Some(name) => words.t_with("tournament-game-won", [("name", name.into())]),
        None => words.t("tournament-game-drawn"),
    };
    egui::Window::new(words.t("tournament-game-over"))
        .id(egui::Id::new("tournament-game-over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(line).size(22.0).strong());
            ui.label(egui::RichText::new(text::game_end(&words, end)).color(MUTED));
            ui.label(words.t("tournament-game-recorded"));
            let back = ui.button(egui::RichText::new(words.t("tournament-back")).size(18.0));
            crate::ui::landmark::mark(ui, "tournament/back", &back);
            if back.clicked() {
                commands.write(GameCommand::BackToTitle);
            }
        });
    Ok(())
}

/// While the host's screen shows a pairing's table, the night's standings at its bottom right,
/// live: each result entered (by a table or by hand) shows at once.
pub(crate) fn standings_on_the_big_screen(
    mut contexts: EguiContexts,
    big: Res<crate::ui::BigScreen>,
    words: Res<Words>,
    night: Res<Night>,
) -> Result {
    let (Some(showing), Some(tournament)) = (night.showing, night.tournament()) else {
        return Ok(());
    };
    if !big.0 {
        return Ok(());
    }
    big_standings(contexts.ctx_mut()?, &words, tournament, showing);
    Ok(())
}

/// The most players the big screen's standings list.
const BIG_STANDINGS: usize = 8;

/// "Round 2 · board 1", then the leaders: place, name, points.
pub fn big_standings(ctx: &egui::Context, w: &Words, tournament: &Tournament, at: (u8, u8)) {
    use crate::exhibition::view::{big_screen_box, unit};
    let screen = ctx.viewport_rect();
    let u = unit(screen);
    // As many leaders as fit under the table's view (as it was last drawn).
    let above = crate::table::big_screen::drawn_at(ctx).map_or(screen.center().y, |r| r.bottom());
    let room = screen.bottom() - above - 28.0 * u;
    // A line's height is about 1.5 times its type's size, with the frame's margins.
    let head = 24.0 * u * 1.5 + 28.0 * u + 12.0;
    let row = 20.0 * u * 1.5 + 4.0 * u;
    let rows = ((room - head) / row)
        .floor()
        .clamp(0.0, BIG_STANDINGS as f32) as usize;
    if rows == 0 {
        return;
    }
    egui::Area::new(egui::Id::new("tournament big standings"))
        .fade_in(false)
        // Right under the table's view: its place does not wait for its own size.
        .anchor(
            egui::Align2::RIGHT_TOP,
            egui::vec2(-14.0 * u, above - screen.top() + 14.0 * u),
        )
        .interactable(false)
        .show(ctx, |ui| {
            big_screen_box(u).show(ui, |ui| {
                ui.set_max_width(crate::table::big_screen::WIDTH * u);
                let title = w.t_with(
                    "tournament-big-board",
                    [("round", at.0.into()), ("board", at.1.into())],
                );
                let head = ui.label(
                    egui::RichText::new(title)
                        .size(24.0 * u)
                        .color(ACCENT)
                        .strong(),
                );
                crate::ui::landmark::mark(ui, "tournament/big/title", &head);
                let grid = egui::Grid::new("tournament big standings grid")
                    .spacing([12.0 * u, 4.0 * u])
                    .show(ui, |ui| {
                        for row in tournament.standings().iter().take(rows) {
                            let rank = if row.shared {
                                format!("{}=", row.rank)
                            } else {
                                row.rank.to_string()
                            };
                            let size = 20.0 * u;
                            ui.label(egui::RichText::new(rank).size(size).color(MUTED));
                            ui.label(
                                egui::RichText::new(name_of(w, tournament, row.player)).size(size),
                            );
                            ui.label(
                                egui::RichText::new(row.points.to_string())
                                    .size(size)
                                    .strong()
                                    .color(ACCENT),
                            );
                            ui.end_row();
                        }
                    });
                crate::ui::landmark::mark(ui, "tournament/big/standings", &grid.response);
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Language;
    use crate::ui::layout_check::Screen;

    fn people() -> Vec<Entrant> {
        ["Ada", "Bo", "Cy", "Di"]
            .into_iter()
            .map(Entrant::person)
            .collect()
    }

    fn night_under_way() -> Night {
        let setup = NightSetup {
            config: Default::default(),
            clock: Default::default(),
            think_time: std::time::Duration::from_millis(100),
        };
        let tournament = Tournament::new(
            people(),
            Format::RoundRobin { double: false },
            setup.to_value(),
        )
        .expect("a tournament");
        Night {
            current: Some((tournament, setup)),
            ..Default::default()
        }
    }

    /// The title hears of a night under way, with its round; of none without one.
    #[test]
    fn the_title_hears_of_a_night_under_way() {
        assert_eq!(super::super::news_of(&Night::default()).under_way, None);
        assert_eq!(super::super::news_of(&night_under_way()).under_way, Some(1));
    }

    /// The export names a computer entry once, its level in brackets as on the screen:
    /// "Computer (level 6)", not "Computer ((computer, level 6))".
    #[test]
    fn the_export_names_a_computer_once() {
        let words = Words::from_assets(Language::English);
        let mut night = night_under_way();
        let setup = night.current.as_ref().unwrap().1;
        let mut entrants = people();
        entrants.push(Entrant::computer("Computer", 6));
        let tournament = Tournament::new(
            entrants,
            Format::RoundRobin { double: false },
            setup.to_value(),
        )
        .unwrap();
        night.current = Some((tournament, setup));
        for html in [false, true] {
            let Some(TournamentCommand::Export { contents, .. }) = export(&words, &night, html)
            else {
                panic!("no export");
            };
            assert!(contents.contains("Computer (level 6)"), "{contents}");
            assert!(!contents.contains("(("), "{contents}");
        }
    }

    /// Where a landmark is drawn after a few passes.
    fn drawn(screen: &Screen, name: &str, draw: &mut impl FnMut(&egui::Context)) -> egui::Rect {
        for _ in 0..3 {
            screen.pass(Vec::new(), draw);
        }
        screen
            .landmark(name)
            .unwrap_or_else(|| panic!("{name} is not drawn"))
    }

    /// Controls do not move once drawn: Add as players are added; the tabs as a notice comes.
    #[test]
    fn add_and_the_tabs_stay_put() {
        let words = Words::from_assets(Language::English);
        let known = People {
            known: Vec::new(),
            rating: &|_| None,
        };
        let screen = Screen::new(1280.0, 800.0, 1.0);
        let mut draft = Draft::default();
        let empty = Night::default();
        let add = drawn(&screen, "tournament/add", &mut |ctx| {
            draw(ctx, &words, &empty, Page::Round, &mut draft, &known);
        });
        draft.entrants = people();
        let after = drawn(&screen, "tournament/add", &mut |ctx| {
            draw(ctx, &words, &empty, Page::Round, &mut draft, &known);
        });
        assert_eq!(add, after, "Add moved as players were added");
        let mut night = night_under_way();
        let tabs = drawn(&screen, "tournament/page-standings", &mut |ctx| {
            draw(ctx, &words, &night, Page::Round, &mut draft, &known);
        });
        night.notice = Some(NightNotice::Exported(
            "/a/long/path/to/tournament.txt".into(),
        ));
        let noticed = drawn(&screen, "tournament/page-standings", &mut |ctx| {
            draw(ctx, &words, &night, Page::Round, &mut draft, &known);
        });
        assert_eq!(tabs, noticed, "the notice moved the tabs");
    }

    fn free_seat() -> gamut_net::SeatView {
        gamut_net::SeatView {
            name: None,
            rating: None,
            connected: false,
            computer: None,
        }
    }

    /// A night with round 1's first pairing at a table: its code, Ada at her seat and Zed at
    /// the other, 14 moves played.
    fn night_at_tables() -> Night {
        let mut night = night_under_way();
        let (tournament, _) = night.current.as_ref().unwrap();
        let pairing = *tournament.game(1, 1).unwrap();
        let name_of = |p: PlayerId| tournament.entrant(p).unwrap().name.clone();
        let sat = |name: &str| gamut_net::SeatView {
            name: Some(gamut_net::Name::parse(name).unwrap()),
            rating: None,
            connected: true,
            computer: None,
        };
        let board = BoardAtTable {
            code: Some(gamut_net::Code::parse("ABCDE").unwrap()),
            seats: vec![sat(&name_of(pairing.black)), sat("Zed")],
            moves: 14,
            ..Default::default()
        };
        night.tables = AtTables {
            address: Some("192.168.100.200:7878".into()),
            page: Some("http://192.168.100.200:7878/".into()),
            boards: [((1, 1), board)].into(),
        };
        night
    }

    /// Under a pairing at a table: how far its game is, and who sat at a seat the pairing
    /// gives someone else.
    #[test]
    fn a_table_says_how_far_and_who_sat_where() {
        let words = Words::from_assets(Language::English);
        let night = night_at_tables();
        let (tournament, _) = night.current.as_ref().unwrap();
        let at = &night.tables.boards[&(1, 1)];
        let said = table_words(&words, tournament, tournament.game(1, 1).unwrap(), at);
        assert_eq!(said, "Move 8 · Zed sat down as White");
        let mut waiting = at.clone();
        waiting.moves = 0;
        waiting.seats.truncate(1);
        waiting.seats.push(free_seat());
        let said = table_words(&words, tournament, tournament.game(1, 1).unwrap(), &waiting);
        assert_eq!(said, "Waiting for the players (1 of 2 seated)");
    }

    /// Whether `screen` is one a tournament's host runs on: a desktop's window of at least
    /// 680×400 points (the tournament screen is not laid out for a phone, nor for 1024×600 or
    /// 1280×800 at UI scale 2.5; the players' phones join the tables, the host stays on its
    /// computer).
    fn hosts_tables_here(screen: &Screen) -> bool {
        screen.rect().width() >= 680.0 && screen.rect().height() >= 400.0
    }

    /// The round's page with a pairing at a table (the address and QR code to join with, its
    /// code, Show, how far it is) and the others not (At a table) fits the host's windows at
    /// every UI scale and in every language, reached by scrolling as a player would; "At a
    /// table" and "Show" ask for their pairing.
    #[test]
    fn pairings_at_tables_fit_and_ask_for_their_table() {
        let known = People {
            known: Vec::new(),
            rating: &|_| None,
        };
        crate::ui::layout_check::everywhere(|screen, words, what| {
            if !hosts_tables_here(screen) {
                return;
            }
            let night = night_at_tables();
            let mut draft = Draft::default();
            let asked = std::cell::RefCell::new(None);
            let mut show = |ctx: &egui::Context| {
                if let Some(a) = draw(ctx, words, &night, Page::Round, &mut draft, &known) {
                    *asked.borrow_mut() = Some(a);
                }
            };
            let marks = [
                "tournament/join",
                "tournament/r1b1/code",
                "tournament/r1b1/at-table",
                "tournament/r1b1/show",
                "tournament/r1b2/table",
            ];
            for mark in marks {
                screen
                    .reach(PAGE, mark, &mut show)
                    .unwrap_or_else(|e| panic!("{what}: {mark}: {e}"));
                screen.pass(Vec::new(), &mut show);
                let problems = screen.problems();
                assert!(problems.is_empty(), "{what}, {mark}: {problems:#?}");
            }
            screen.click("tournament/r1b2/table", &mut show);
            let at_table = Asked::Night(TournamentCommand::AtTable { round: 1, board: 2 });
            assert_eq!(asked.borrow_mut().take(), Some(at_table), "{what}");
            screen
                .reach(PAGE, "tournament/r1b1/show", &mut show)
                .unwrap();
            screen.click("tournament/r1b1/show", &mut show);
            let shown = Asked::Night(TournamentCommand::Show { round: 1, board: 1 });
            assert_eq!(asked.borrow_mut().take(), Some(shown), "{what}");
        });
    }

    /// The round page's first frame lays each board's buttons on one line, as the next frames
    /// do (they were one under another, then jumped into a line under the pointer).
    #[test]
    fn the_round_pages_buttons_are_in_line_from_the_first_frame() {
        let known = People {
            known: Vec::new(),
            rating: &|_| None,
        };
        let words = Words::from_assets(Language::English);
        let night = night_at_tables();
        let mut draft = Draft::default();
        let screen = crate::ui::layout_check::Screen::new(1280.0, 800.0, 1.0);
        let mut show = |ctx: &egui::Context| {
            draw(ctx, &words, &night, Page::Round, &mut draft, &known);
        };
        let in_line = |screen: &crate::ui::layout_check::Screen| {
            let play = screen.landmark("tournament/r1b2/play").expect("Play");
            let first = screen.landmark("tournament/r1b2/first").expect("1–0");
            (play, first)
        };
        screen.frame(Vec::new(), &mut show);
        let (play, first) = in_line(&screen);
        assert!(
            (play.center().y - first.center().y).abs() < 4.0,
            "first frame: {play:?} {first:?}"
        );
        screen.frame(Vec::new(), &mut show);
        let (again, _) = in_line(&screen);
        assert_eq!(play, again, "Play stays where it was drawn");
    }

    /// A night whose clock is a time per move cannot go to tables: At a table is off.
    #[test]
    fn a_time_per_move_keeps_the_pairings_off_tables() {
        let words = Words::from_assets(Language::English);
        let known = People {
            known: Vec::new(),
            rating: &|_| None,
        };
        let mut night = night_under_way();
        if let Some((_, setup)) = &mut night.current {
            setup.clock = crate::model::TimeControl::PerMove(std::time::Duration::from_secs(30));
        }
        let screen = Screen::new(1280.0, 800.0, 1.0);
        let mut draft = Draft::default();
        let mut asked = None;
        let mut show = |ctx: &egui::Context| {
            if let Some(a) = draw(ctx, &words, &night, Page::Round, &mut draft, &known) {
                asked = Some(a);
            }
        };
        drawn(&screen, "tournament/r1b1/table", &mut show);
        screen.click("tournament/r1b1/table", &mut show);
        assert_eq!(asked, None, "a button that is off asks nothing");
    }

    /// While a board is shown on the big screen, the standings sit under the table's view,
    /// apart from it and inside the window, in every window, UI scale and language (left out
    /// where the window has no room for them).
    #[test]
    fn the_big_screens_standings_fit_under_the_table() {
        let night = night_under_way();
        let (tournament, _) = night.current.as_ref().unwrap();
        let game = CurrentGame::new(Default::default());
        let view = gamut_net::TableView {
            code: gamut_net::Code::parse("ABCDE").unwrap(),
            game: Default::default(),
            start: String::new(),
            moves: Vec::new(),
            clock: gamut_net::Clock::Untimed,
            clocks: None,
            seats: vec![free_seat(), free_seat()],
            spectators: 0,
            end: None,
        };
        crate::ui::layout_check::everywhere(|screen, words, what| {
            let mut show = |ctx: &egui::Context| {
                crate::table::big_screen::draw(ctx, words, &game, &view);
                big_standings(ctx, words, tournament, (1, 2));
            };
            for _ in 0..6 {
                screen.pass(Vec::new(), &mut show);
            }
            let table = screen.landmark("big-screen/state").unwrap();
            let shown = screen.landmark("tournament/big/title");
            let standings = screen.landmark("tournament/big/standings");
            let (Some(title), Some(standings)) = (shown, standings) else {
                // Left out only where there is no room under the table's view.
                assert!(screen.rect().height() < 400.0, "{what}: no standings");
                return;
            };
            assert!(
                screen.rect().contains_rect(standings),
                "{what}: {standings:?}"
            );
            assert!(
                table.bottom() <= title.top(),
                "{what}: {table:?} over {title:?}"
            );
            let problems = screen.problems();
            assert!(problems.is_empty(), "{what}: {problems:#?}");
        });
    }
}
