//! The title's "Tables" screen (join a table by its address and code; host one, on the
//! desktop) and the table's bar beside its game (the code, the address and its QR code on the
//! host's big screen, who sits where, a free seat to take, leave).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_net::{Offer, Seat, SeatView};

use super::follow::MayOffer;
use super::kept::{KeptSeat, KeptSeats, Standing, Standings};
use super::{Phase, Table, TableCommand, TableNotice};
use crate::i18n::Words;
use crate::model::{GameSettings, Seat as BoardSeat};
use crate::play::MenuScreen;
use crate::ui::style::{ACCENT, MUTED};

/// The screen's area.
pub const AREA: &str = "tables";
/// The window height (points, short of a margin) the whole bar fits in, the host's QR code and
/// the four seats of LOA for four included; below it the bar scrolls.
const TALL_BAR: f32 = 600.0;
/// The widest a seated player's bar grows (a phone's width, short of margins).
const SEATED_BAR: f32 = 340.0;
/// The bar's area.
pub const BAR_AREA: &str = "table-bar-area";
/// The widest the screen's card grows.
const CARD_WIDTH: f32 = 960.0;
/// The least width of each of its two columns side by side (Join, Host).
const COLUMN: f32 = 380.0;

/// What the player typed on the screen (kept while it is closed and opened again).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Form {
    /// The server's address (in the page: the page's own host, filled in).
    pub address: String,
    /// The table's code.
    pub code: String,
    /// The player's name at the table.
    pub name: String,
    /// The game to host (none yet: the New Game dialog's).
    pub game: Option<gamut_engine::any_game::GameConfig>,
    /// The seats of a hosted table the computer plays (in seat order).
    pub computers: [bool; 4],
    /// The level the computer plays them at.
    pub level: Option<gamut_engine::level::Level>,
    /// The hosted table's clock (the server runs it).
    pub clock: gamut_net::Clock,
    /// The seat the host takes at its table (none: its screen is the big screen).
    pub host_seat: Option<Seat>,
    /// A hosted table the player asked to put away, to be confirmed.
    pub putting_away: Option<gamut_net::Code>,
    /// The address typed to be told of this seat's moves (a correspondence table's).
    pub email: String,
}

impl Default for Form {
    fn default() -> Form {
        Form {
            address: String::new(),
            code: String::new(),
            name: String::new(),
            game: None,
            computers: [false; 4],
            level: None,
            clock: gamut_net::Clock::Untimed,
            host_seat: None,
            putting_away: None,
            email: String::new(),
        }
    }
}

/// The clocks a hosted table may have: none, the New Game dialog's live ones (a time for the
/// game and an increment), and days for each move by correspondence.
pub fn clock_choices() -> Vec<gamut_net::Clock> {
    use crate::model::TimeControl;
    let live = TimeControl::PRESETS.into_iter().filter_map(|c| match c {
        TimeControl::Game { base, increment } => Some(gamut_net::Clock::Live {
            seconds: base.as_secs() as u32,
            increment: increment.as_secs() as u32,
        }),
        _ => None,
    });
    std::iter::once(gamut_net::Clock::Untimed)
        .chain(live)
        .chain([1, 3, 7].map(|days| gamut_net::Clock::Correspondence { days }))
        .collect()
}

/// A table's clock as the screens name it: "5 min + 3 s", "3 days a move", "No clock".
pub fn clock_name(w: &Words, clock: gamut_net::Clock) -> String {
    match clock {
        gamut_net::Clock::Correspondence { days } => {
            w.t_with("table-clock-days", [("days", i64::from(days).into())])
        }
        _ => crate::ui::text::time_control(w, super::follow::time_control(clock)),
    }
}

impl Form {
    /// The setup of the table to host: its game, and each seat a device's or the computer's.
    /// The seat the host takes, if the hosted game has it.
    pub fn host_seat_in(&self, settings: &GameSettings) -> Option<Seat> {
        let seats = self.hosted(settings).seats().len();
        self.host_seat.filter(|seat| seat.index() < seats)
    }

    pub fn hosted(&self, settings: &GameSettings) -> GameSettings {
        let level = self.level.unwrap_or_default();
        let player = |computer: bool| {
            if computer {
                crate::model::Player::Computer(level)
            } else {
                crate::model::Player::Human
            }
        };
        GameSettings {
            config: self.game.unwrap_or(settings.config),
            black: player(self.computers[0]),
            white: player(self.computers[1]),
            black_marked: player(self.computers[2]),
            white_marked: player(self.computers[3]),
            ..*settings
        }
    }
}

/// What the screens ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    Table(TableCommand),
    Close,
}

/// The title's Tables screen.
pub(super) fn tables_screen(
    mut contexts: EguiContexts,
    words: Res<Words>,
    mut form: ResMut<Form>,
    table: Res<Table>,
    settings: Res<GameSettings>,
    chosen: Res<crate::model::ChosenNames>,
    prefs: Option<Res<crate::persist::Preferences>>,
    kept: Res<KeptSeats>,
    standings: Res<Standings>,
    hosted: Res<super::resume::HostedTables>,
    mut commands: MessageWriter<TableCommand>,
    mut screen: ResMut<NextState<MenuScreen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let remembered = prefs.and_then(|p| p.table.clone()).unwrap_or_default();
    if form.name.is_empty()
        && let Some(name) = remembered
            .name
            .or_else(|| chosen.0.0.iter().flatten().next().cloned())
    {
        form.name = name;
    }
    if form.address.is_empty() {
        // The page joins the server that served it; the desktop, the address last joined.
        form.address = super::page_link::page_host()
            .or(remembered.address)
            .unwrap_or_default();
    }
    // The desktop hosts; the page makes its tables on the server that served it.
    let can_host = true;
    let waiting = Waiting {
        kept: &kept.seats,
        standings: Some(&standings),
        problem: kept.problem(),
        hosted: Some(&hosted),
    };
    match draw(
        ctx, &words, &mut form, &table, &settings, can_host, &waiting,
    ) {
        Some(Asked::Table(command)) => {
            commands.write(command);
        }
        Some(Asked::Close) => screen.set(MenuScreen::Title),
        None => {}
    }
    Ok(())
}

/// The games waiting: the seats kept, what their servers said of them, the file's trouble.
#[derive(Debug, Clone, Copy, Default)]
pub struct Waiting<'a> {
    pub kept: &'a [KeptSeat],
    pub standings: Option<&'a Standings>,
    pub problem: Option<&'a crate::model::FileReport>,
    /// The tables this computer hosts.
    pub hosted: Option<&'a super::resume::HostedTables>,
}

/// Draws the screen; what the player asked.
pub fn draw(
    ctx: &egui::Context,
    w: &Words,
    form: &mut Form,
    table: &Table,
    settings: &GameSettings,
    can_host: bool,
    waiting: &Waiting,
) -> Option<Asked> {
    let mut asked = None;
    crate::ui::style::screen_card(ctx, AREA, CARD_WIDTH, |ui| {
        let scroll = egui::ScrollArea::vertical().show(ui, |ui| {
            asked = waiting_part(ui, w, waiting);
            asked = asked
                .take()
                .or(body(ui, w, form, table, settings, can_host));
            // Last: a table made here joins the list without moving anything above it.
            asked = asked.take().or(hosted_part(ui, w, form, waiting.hosted));
        });
        crate::ui::landmark::mark_rect(ui, AREA, scroll.inner_rect);
    });
    if asked.is_none() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        asked = Some(Asked::Close);
    }
    asked
}

/// The games waiting for the player: each seat kept, whose turn it is there, Go back, Forget.
fn waiting_part(ui: &mut egui::Ui, w: &Words, waiting: &Waiting) -> Option<Asked> {
    if let Some(problem) = waiting.problem {
        let said = crate::ui::problems::file_report(w, problem);
        ui.add(egui::Label::new(egui::RichText::new(said).color(ACCENT)).wrap());
    }
    if waiting.kept.is_empty() {
        return None;
    }
    let mut asked = None;
    ui.add(egui::Label::new(egui::RichText::new(w.t("table-your-games")).heading()).wrap());
    for kept in waiting.kept {
        let standing = waiting
            .standings
            .map_or(Standing::Asking, |standings| standings.of(kept));
        ui.horizontal_wrapped(|ui| {
            let code = kept.code.as_str();
            ui.label(egui::RichText::new(code).strong().color(ACCENT));
            ui.label(crate::exhibition::words::title(w, &kept.game));
            let (said, lit) = standing_text(w, standing, kept.seat);
            ui.label(egui::RichText::new(said).color(if lit { ACCENT } else { MUTED }));
            if !matches!(standing, Standing::Gone) {
                let back = ui.button(w.t("table-go-back"));
                crate::ui::landmark::mark(ui, format!("tables/back-to-{code}"), &back);
                if back.clicked() {
                    asked = Some(Asked::Table(TableCommand::Rejoin {
                        address: kept.address.clone(),
                        code: kept.code.clone(),
                        token: kept.token.clone(),
                    }));
                }
            }
            let forget = ui.button(w.t("table-forget"));
            crate::ui::landmark::mark(ui, format!("tables/forget-{code}"), &forget);
            if forget.clicked() {
                asked = Some(Asked::Table(TableCommand::Forget(kept.code.clone())));
            }
        });
    }
    ui.separator();
    asked
}

/// The tables this computer hosts: each one's code, game, players and how far it is, and Show
/// (this screen becomes its big screen).
fn hosted_part(
    ui: &mut egui::Ui,
    w: &Words,
    form: &mut Form,
    hosted: Option<&super::resume::HostedTables>,
) -> Option<Asked> {
    let hosted = hosted?;
    // Tables of this game's own server only.
    hosted.here.as_ref()?;
    if hosted.views.is_empty() {
        return None;
    }
    let mut asked = None;
    ui.separator();
    let heading = egui::RichText::new(w.t("table-hosted-here")).heading();
    ui.add(egui::Label::new(heading).wrap());
    for view in &hosted.views {
        let code = view.code.as_str();
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(code).strong().color(ACCENT));
            ui.label(crate::exhibition::words::title(w, &view.game));
            let names: Vec<String> = view.seats.iter().map(|s| sitter(w, s, false)).collect();
            ui.label(names.join(" – "));
            let lit = super::resume::in_play(view);
            let said = egui::RichText::new(hosted_state(w, view));
            let said = ui.label(if lit {
                said.color(ACCENT)
            } else {
                said.color(MUTED)
            });
            crate::ui::landmark::mark(ui, format!("tables/hosted-{code}-state"), &said);
            if form.putting_away.as_ref() == Some(&view.code) {
                asked = confirm_put_away(ui, w, form, &view.code);
                return;
            }
            let show = ui.button(w.t("table-hosted-show"));
            crate::ui::landmark::mark(ui, format!("tables/show-{code}"), &show);
            if show.clicked() {
                asked = Some(Asked::Table(TableCommand::Show(view.code.clone())));
            }
            let away = ui.button(w.t("table-hosted-put-away"));
            crate::ui::landmark::mark(ui, format!("tables/put-away-{code}"), &away);
            if away.clicked() {
                form.putting_away = Some(view.code.clone());
            }
        });
    }
    // The scroll's end stops below the last button, not on its edge.
    ui.add_space(8.0);
    asked
}

/// "Put this table away? …", Put it away, Keep it: on the table's line, in place of its
/// buttons (scrolled into view if the line grew past the screen's edge).
fn confirm_put_away(
    ui: &mut egui::Ui,
    w: &Words,
    form: &mut Form,
    code: &gamut_net::Code,
) -> Option<Asked> {
    let mut asked = None;
    let question = egui::RichText::new(w.t("table-hosted-put-away-ask")).color(ACCENT);
    ui.add(egui::Label::new(question).wrap());
    let yes = ui.button(w.t("table-hosted-put-away-yes"));
    crate::ui::landmark::mark(ui, format!("tables/put-away-yes-{}", code.as_str()), &yes);
    if yes.clicked() {
        form.putting_away = None;
        asked = Some(Asked::Table(TableCommand::PutAway(code.clone())));
    }
    let no = ui.button(w.t("table-hosted-put-away-no"));
    crate::ui::landmark::mark(ui, format!("tables/put-away-no-{}", code.as_str()), &no);
    if no.clicked() {
        form.putting_away = None;
    }
    if !ui.clip_rect().contains_rect(no.rect) {
        no.scroll_to_me(None);
    }
    asked
}

/// "Waiting for the players (1 of 2 seated)", "Move 12", "Over".
pub fn hosted_state(w: &Words, view: &gamut_net::TableView) -> String {
    if view.end.is_some() {
        return w.t("table-standing-over");
    }
    let seats = view.seats.len().max(1);
    let seated = view
        .seats
        .iter()
        .filter(|s| s.name.is_some() || s.computer.is_some())
        .count();
    if view.moves.is_empty() && seated < seats {
        return w.t_with(
            "table-hosted-waiting",
            [
                ("seated", (seated as i64).into()),
                ("seats", (seats as i64).into()),
            ],
        );
    }
    w.t_with(
        "table-big-move",
        [("number", ((view.moves.len() / seats) as i64 + 1).into())],
    )
}

/// What a kept seat's game stands at, in words, and whether it is the player's move.
fn standing_text(w: &Words, standing: Standing, seat: Seat) -> (String, bool) {
    match standing {
        Standing::Told(game) if game.end.is_some() => (w.t("table-standing-over"), false),
        Standing::Told(game) if game.to_move => {
            let side = super::follow::side_of(seat).index();
            match game.clocks {
                Some(clocks) => {
                    let left = std::time::Duration::from_millis(clocks.left_ms[side].max(0) as u64);
                    let left = crate::model::clock::clock_face(left);
                    (
                        w.t_with("table-standing-your-turn-left", [("left", left.into())]),
                        true,
                    )
                }
                None => (w.t("table-standing-your-turn"), true),
            }
        }
        Standing::Told(_) => (w.t("table-standing-their-turn"), false),
        Standing::Asking => (w.t("table-standing-asking"), false),
        Standing::Unreachable => (w.t("table-standing-unreachable"), false),
        Standing::Gone => (w.t("table-standing-gone"), false),
    }
}

fn body(
    ui: &mut egui::Ui,
    w: &Words,
    form: &mut Form,
    table: &Table,
    settings: &GameSettings,
    can_host: bool,
) -> Option<Asked> {
    let mut asked = None;
    let back = ui.button(w.t("table-back"));
    crate::ui::landmark::mark(ui, "tables/back", &back);
    if back.clicked() {
        asked = Some(Asked::Close);
    }
    ui.add(egui::Label::new(egui::RichText::new(w.t("table-title")).heading()).wrap());
    ui.label(egui::RichText::new(w.t("table-intro")).color(MUTED));
    status_line(ui, w, table);
    ui.separator();
    ui.label(egui::RichText::new(w.t("table-your-name")).strong());
    let name = ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(field_width(ui)));
    crate::ui::landmark::mark(ui, "tables/name", &name);
    ui.add_space(8.0);
    // Side by side where the card is wide (a desktop's window), one under the other elsewhere.
    if can_host && ui.available_width() >= 2.0 * COLUMN {
        ui.columns(2, |columns| {
            // egui's columns stretch what they hold to their width, the second a point past
            // the card's edge: each holds a plain column a little narrower.
            let plain =
                |column: &mut egui::Ui, part: &mut dyn FnMut(&mut egui::Ui) -> Option<Asked>| {
                    let width = column.available_width() - 8.0;
                    column
                        .with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                            ui.set_max_width(width);
                            part(ui)
                        })
                        .inner
                };
            let joined = plain(&mut columns[0], &mut |ui| join_part(ui, w, form));
            let hosted = plain(&mut columns[1], &mut |ui| host_part(ui, w, form, settings));
            asked = asked.take().or(joined).or(hosted);
        });
    } else {
        asked = asked.take().or(join_part(ui, w, form));
        if can_host {
            ui.add_space(12.0);
            ui.separator();
            asked = asked.take().or(host_part(ui, w, form, settings));
        }
    }
    asked
}

/// Join a table: the address and the code.
fn join_part(ui: &mut egui::Ui, w: &Words, form: &mut Form) -> Option<Asked> {
    let mut asked = None;
    ui.add(egui::Label::new(egui::RichText::new(w.t("table-join")).heading()).wrap());
    ui.label(w.t("table-address"));
    let address =
        ui.add(egui::TextEdit::singleline(&mut form.address).desired_width(field_width(ui)));
    crate::ui::landmark::mark(ui, "tables/address", &address);
    ui.label(w.t("table-code"));
    let code = ui.add(
        egui::TextEdit::singleline(&mut form.code)
            .char_limit(gamut_net::Code::LEN)
            .font(egui::TextStyle::Heading)
            .desired_width(field_width(ui)),
    );
    crate::ui::landmark::mark(ui, "tables/code", &code);
    let join = ui.add(
        egui::Button::new(egui::RichText::new(w.t("table-join-button")).size(20.0))
            .min_size(egui::vec2(0.0, 40.0)),
    );
    crate::ui::landmark::mark(ui, "tables/join", &join);
    let entered = code.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if join.clicked() || entered {
        asked = Some(Asked::Table(TableCommand::Join {
            address: form.address.clone(),
            code: form.code.clone(),
            name: form.name.clone(),
        }));
    }
    asked
}

/// Host a table here: its game, the computer's seats.
fn host_part(
    ui: &mut egui::Ui,
    w: &Words,
    form: &mut Form,
    settings: &GameSettings,
) -> Option<Asked> {
    let mut asked = None;
    // The page makes its table on the server that served it.
    let [heading, help, button] = if cfg!(target_arch = "wasm32") {
        ["table-make", "table-make-help", "table-make-button"]
    } else {
        ["table-host", "table-host-help", "table-host-button"]
    };
    ui.add(egui::Label::new(egui::RichText::new(w.t(heading)).heading()).wrap());
    host_setup(ui, w, form, settings);
    ui.label(egui::RichText::new(w.t(help)).color(MUTED));
    let host = ui.add(
        egui::Button::new(egui::RichText::new(w.t(button)).size(20.0))
            .min_size(egui::vec2(0.0, 40.0)),
    );
    crate::ui::landmark::mark(ui, "tables/host", &host);
    // The scroll's end stops below the button, not on its edge.
    ui.add_space(8.0);
    if host.clicked() {
        asked = Some(Asked::Table(TableCommand::Host {
            settings: form.hosted(settings),
            clock: form.clock,
            name: form.name.clone(),
            seat: form.host_seat_in(settings),
        }));
    }
    asked
}

/// The hosted table's game and who plays each seat: a device, or the computer.
fn host_setup(ui: &mut egui::Ui, w: &Words, form: &mut Form, settings: &GameSettings) {
    use gamut_engine::any_game::{GameConfig, GameKind};
    use gamut_engine::loa::BoardSize;
    use gamut_engine::loa::Variant;
    let chosen = form.game.unwrap_or(settings.config);
    let loa_game = |variant: Variant, board: BoardSize| {
        let mut config = GameConfig {
            kind: GameKind::LinesOfAction,
            ..chosen
        };
        config.loa.variant = variant;
        config.loa.board = board;
        config
    };
    let mut games: Vec<GameConfig> = Variant::ALL
        .into_iter()
        .map(|variant| loa_game(variant, BoardSize::Eight))
        .collect();
    // The small boards, after the standard game (their setup is the standard one).
    games.splice(
        1..1,
        [BoardSize::Seven, BoardSize::Six].map(|board| loa_game(Variant::Standard, board)),
    );
    games.push(GameConfig {
        kind: GameKind::Epaminondas,
        ..chosen
    });
    ui.label(w.t("table-host-game"));
    let title = |c: &GameConfig| crate::exhibition::words::title(w, c);
    let combo = egui::ComboBox::from_id_salt("tables/game")
        .width(field_width(ui))
        .selected_text(title(&chosen))
        .show_ui(ui, |ui| {
            for game in games {
                let picked = game.kind == chosen.kind
                    && (game.kind == GameKind::Epaminondas
                        || (game.loa.variant, game.loa.board)
                            == (chosen.loa.variant, chosen.loa.board));
                if ui.selectable_label(picked, title(&game)).clicked() {
                    form.game = Some(game);
                }
            }
        });
    crate::ui::landmark::mark(ui, "tables/game", &combo.response);
    ui.label(w.t("table-host-clock"));
    let clock = egui::ComboBox::from_id_salt("tables/clock")
        .width(field_width(ui))
        // Every clock in view at once (a list that scrolls hides the slow ones).
        .height(480.0)
        .selected_text(clock_name(w, form.clock))
        .show_ui(ui, |ui| {
            for (i, clock) in clock_choices().into_iter().enumerate() {
                let item = ui.selectable_value(&mut form.clock, clock, clock_name(w, clock));
                crate::ui::landmark::mark(ui, format!("tables/clock-{i}"), &item);
            }
        });
    crate::ui::landmark::mark(ui, "tables/clock", &clock.response);
    let seats = form.hosted(settings).seats().len();
    for (i, computer) in form.computers.iter_mut().enumerate().take(seats) {
        let seat = BoardSeat {
            side: if i % 2 == 0 {
                gamut_engine::Color::Black
            } else {
                gamut_engine::Color::White
            },
            marked: i >= 2,
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(crate::ui::text::seat(w, seat, seats == 4));
            let box_ = ui.checkbox(computer, w.t("table-host-computer"));
            crate::ui::landmark::mark(ui, format!("tables/computer-{i}"), &box_);
        });
    }
    host_seat_choice(ui, w, form, seats);
    if form.computers.iter().take(seats).any(|c| *c) {
        let mut number = form.level.unwrap_or_default().number();
        let max = gamut_engine::level::Level::MAX.number();
        let slider = ui.add(egui::Slider::new(&mut number, 1..=max).text(w.t("table-host-level")));
        crate::ui::landmark::mark(ui, "tables/level", &slider);
        form.level = gamut_engine::level::Level::new(number);
    }
}

/// Where the host sits: nowhere (its screen is the big screen), or a seat nobody else plays.
fn host_seat_choice(ui: &mut egui::Ui, w: &Words, form: &mut Form, seats: usize) {
    let name = |seat: Option<Seat>| match seat {
        None => w.t("table-host-watch"),
        Some(seat) => crate::ui::text::seat(
            w,
            BoardSeat {
                side: super::follow::side_of(seat),
                marked: seat.index() >= 2,
            },
            seats == 4,
        ),
    };
    ui.label(w.t("table-host-you"));
    let choices: Vec<Option<Seat>> = std::iter::once(None)
        .chain((0..seats).filter_map(|i| Seat::new(i as u8)).map(Some))
        .collect();
    let combo = egui::ComboBox::from_id_salt("tables/host-seat")
        .width(field_width(ui))
        .wrap()
        .selected_text(name(form.host_seat))
        .show_ui(ui, |ui| {
            for choice in choices {
                let mark = choice.map_or("tables/host-seat-none".to_string(), |s| {
                    format!("tables/host-seat-{}", s.index())
                });
                let item = ui.selectable_value(&mut form.host_seat, choice, name(choice));
                crate::ui::landmark::mark(ui, mark, &item);
            }
        });
    crate::ui::landmark::mark(ui, "tables/host-seat", &combo.response);
    if let Some(seat) = form.host_seat
        && form.computers.get(seat.index()).is_some_and(|c| *c)
    {
        // The host takes the seat: the computer no longer plays it.
        form.computers[seat.index()] = false;
    }
}

/// A text field's width: the card's, short of the scroll bar beside it.
fn field_width(ui: &egui::Ui) -> f32 {
    (ui.available_width() - 24.0).max(80.0)
}

/// Connecting, or what went wrong; an empty line otherwise (nothing below moves).
fn status_line(ui: &mut egui::Ui, w: &Words, table: &Table) {
    let said = match (&table.notice, table.phase) {
        (Some(notice), _) => notice_text(w, notice),
        (None, Phase::Connecting) => w.t("table-connecting"),
        (None, Phase::Lost) => w.t("table-lost"),
        _ => " ".into(),
    };
    let line = ui.add(egui::Label::new(egui::RichText::new(said).color(ACCENT)).wrap());
    crate::ui::landmark::mark(ui, "tables/status", &line);
}

/// The words for a table's notice.
pub fn notice_text(w: &Words, notice: &TableNotice) -> String {
    use gamut_net::Refusal;
    match notice {
        TableNotice::BadAddress => w.t("table-bad-address"),
        TableNotice::BadCode => w.t("table-bad-code"),
        TableNotice::BadName => w.t("table-bad-name"),
        TableNotice::Unreachable => w.t("table-unreachable"),
        TableNotice::Unreadable => w.t("table-unreadable"),
        TableNotice::HostFailed(trouble) => w.t(match trouble {
            super::HostTrouble::Runtime => "table-host-failed-runtime",
            super::HostTrouble::Database => "table-host-failed-database",
            super::HostTrouble::Port => "table-host-failed-port",
        }),
        TableNotice::Refused(refusal) => w.t(match refusal {
            Refusal::UnknownTable => "table-refused-unknown",
            Refusal::NoSuchSeat | Refusal::SeatTaken => "table-refused-seat-taken",
            Refusal::BadToken => "table-refused-bad-token",
            Refusal::NotYourTurn | Refusal::Stale { .. } => "table-refused-not-your-turn",
            Refusal::Illegal { .. } => "table-refused-illegal",
            Refusal::GameOver => "table-refused-game-over",
            Refusal::CannotOffer | Refusal::NoOffer => "table-refused-offer",
            Refusal::Full => "table-refused-full",
            Refusal::Limit { limit } => limit_key(*limit),
            Refusal::Unavailable => "table-refused-unavailable",
            Refusal::Notify { notify } => notify_refusal_key(*notify),
        }),
        TableNotice::TakenBack => w.t("table-taken-back"),
        TableNotice::PutAway => w.t("table-put-away"),
        TableNotice::BadEmail => w.t("table-bad-email"),
        TableNotice::Notifying {
            email,
            address,
            push,
        } => notifying_text(w, *email, address.as_deref().unwrap_or_default(), *push),
        TableNotice::NoPush(trouble) => w.t(match trouble {
            super::PushTrouble::Insecure => "table-notify-no-push-insecure",
            super::PushTrouble::Unsupported => "table-notify-no-push-unsupported",
            super::PushTrouble::Denied => "table-notify-no-push-denied",
            super::PushTrouble::Off => "table-notify-no-push-off",
            super::PushTrouble::Failed => "table-notify-no-push-failed",
        }),
        TableNotice::NoMail => w.t("table-notify-no-mail"),
        TableNotice::Declined(offer) => w.t(match offer {
            Offer::Draw => "table-declined-draw",
            Offer::TakeBack => "table-declined-take-back",
            Offer::Rematch => "table-declined-rematch",
        }),
    }
}

/// The words for a wish to be told of one's moves that the server refused.
fn notify_refusal_key(refusal: gamut_net::notify::NotifyRefusal) -> &'static str {
    use gamut_net::notify::NotifyRefusal;
    match refusal {
        NotifyRefusal::Off => "table-refused-notify-off",
        NotifyRefusal::NotCorrespondence => "table-refused-notify-not-correspondence",
        NotifyRefusal::BadEmail => "table-refused-notify-bad-email",
        NotifyRefusal::BadSubscription => "table-refused-notify-bad-subscription",
        NotifyRefusal::TooMany => "table-refused-notify-too-many",
    }
}

/// How a seat's notices stand, in words: the mail to `address` waiting for its confirmation
/// or confirmed (none: no mail), and the page's notifications.
fn notifying_text(
    w: &Words,
    email: Option<gamut_net::notify::MailState>,
    address: &str,
    push: bool,
) -> String {
    use gamut_net::notify::MailState;
    let mail = |key| w.t_with(key, [("email", address.to_string().into())]);
    let said = match email {
        Some(MailState::Confirming) => mail("table-notify-confirming"),
        Some(MailState::Confirmed) => mail("table-notify-confirmed"),
        None if push => return w.t("table-notify-push-on"),
        None => return w.t("table-notify-off"),
    };
    if push {
        format!("{said} {}", w.t("table-notify-push-too"))
    } else {
        said
    }
}

/// Whether `notice` says what became of a wish to be told of one's moves.
fn of_the_notices(notice: &TableNotice) -> bool {
    matches!(
        notice,
        TableNotice::BadEmail
            | TableNotice::Notifying { .. }
            | TableNotice::NoPush(_)
            | TableNotice::NoMail
            | TableNotice::Refused(gamut_net::Refusal::Notify { .. })
    )
}

/// The words for an address's limit reached.
fn limit_key(limit: gamut_net::Limit) -> &'static str {
    use gamut_net::Limit;
    match limit {
        Limit::TablesPerHour => "table-refused-limit-per-hour",
        Limit::TablesHeld => "table-refused-limit-tables",
        Limit::SeatsHeld => "table-refused-limit-seats",
        Limit::EngineSeats => "table-refused-limit-engine",
        Limit::EngineOnly => "table-refused-limit-engine-only",
    }
}

/// How long "Ann is back" is said.
pub const BACK_SAID: std::time::Duration = std::time::Duration::from_secs(10);

/// Who is away (their seat kept) and who just came back, in words: on every screen of the
/// table, the big screen's too.
pub fn presence_lines(w: &Words, table: &Table) -> Vec<String> {
    let Some(view) = &table.view else {
        return Vec::new();
    };
    let mut lines: Vec<String> = view
        .seats
        .iter()
        .enumerate()
        .filter(|(i, s)| !s.connected && table.seat.is_none_or(|m| m.index() != *i))
        .filter_map(|(_, s)| s.name.as_ref())
        .map(|name| w.t_with("table-away", [("name", name.as_str().into())]))
        .collect();
    if let Some((seat, at)) = table.back
        && at.elapsed() < BACK_SAID
        && let Some(name) = view.seats.get(seat.index()).and_then(|s| s.name.as_ref())
        && view.seats[seat.index()].connected
    {
        lines.push(w.t_with("table-is-back", [("name", name.as_str().into())]));
    }
    lines
}

/// The table's bar beside its game.
pub(super) fn table_bar(
    mut contexts: EguiContexts,
    words: Res<Words>,
    table: Res<Table>,
    game: Res<crate::model::CurrentGame>,
    mut form: ResMut<Form>,
    mut commands: MessageWriter<TableCommand>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
    mut cover: ResMut<crate::ui::BarCover>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some((_, at)) = table.back
        && at.elapsed() < BACK_SAID
    {
        // A frame when "is back" is no longer said.
        next_frame.within(BACK_SAID.saturating_sub(at.elapsed()));
    }
    let may = super::follow::may_offer(&table, &game);
    if table.is_changed() {
        // The bar's scroll area takes its new content's height a frame later.
        ctx.request_repaint();
    }
    let big = table.shows_big_screen();
    let to_move = game.end().is_none().then(|| game.position().seat_to_move());
    if let Some(Asked::Table(command)) = bar(ctx, &words, &table, &mut form, may, big, to_move) {
        commands.write(command);
    }
    // The board is framed beside or under the bar, never under it (the big screen frames its
    // own).
    let drawn = ctx.memory(|m| m.area_rect(egui::Id::new(BAR_AREA)));
    // The bars of one line say whose turn it is (see `bar`).
    let a_line = !big && (table.seat.is_some() || watching_on_a_phone(ctx, &table));
    let covered = match drawn.filter(|_| !big) {
        Some(rect) => crate::ui::BarCover {
            width: rect.right() - ctx.viewport_rect().left(),
            height: rect.bottom() - ctx.viewport_rect().top(),
            says_the_turn: a_line,
        },
        None => crate::ui::BarCover::default(),
    };
    cover.set_if_neq(covered);
    Ok(())
}

/// Away from a table, nothing covers the board's corner.
pub(super) fn uncover(mut cover: ResMut<crate::ui::BarCover>) {
    cover.set_if_neq(crate::ui::BarCover::default());
}

/// Draws the table's bar (top left, over the board's corner); what the player asked. An area
/// drawn whole each frame (an egui window keeps its last frame's size, and cut the seats as
/// they arrived), that scrolls on a short window (a phone on its side, a large UI scale).
pub fn bar(
    ctx: &egui::Context,
    w: &Words,
    table: &Table,
    form: &mut Form,
    may: MayOffer,
    big: bool,
    to_move: Option<usize>,
) -> Option<Asked> {
    let mut asked = None;
    let room = ctx.content_rect().height() - 40.0;
    // On the big screen the bar grows with the screen, read from across the room.
    let u = if big {
        crate::exhibition::view::unit(ctx.viewport_rect())
    } else {
        1.0
    };
    egui::Area::new(egui::Id::new(BAR_AREA))
        // Whole at once: a screen nobody touches (the big screen) may draw no frame after its
        // first, and would keep the code half faded in.
        .fade_in(false)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(8.0, 8.0))
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                if big {
                    // Every line of the big screen's bar read from the sofa too.
                    let style = ui.style_mut();
                    for font in style.text_styles.values_mut() {
                        font.size *= u;
                    }
                    style.spacing.item_spacing *= u;
                    style.spacing.button_padding *= u;
                }
                if table.seat.is_some() && !big {
                    // One line on a phone: the code, the offers, Leave.
                    ui.set_max_width(SEATED_BAR);
                    let code = table.code.as_ref().map_or("", |c| c.as_str());
                    asked = compact_bar(ui, w, table, code, may);
                    asked = asked
                        .take()
                        .or(turn_line(ui, w, table, to_move, Some(form)));
                    crate::ui::landmark::mark_rect(ui, "table-bar", ui.min_rect());
                    return;
                }
                if !big && watching_on_a_phone(ctx, table) {
                    ui.set_max_width(SEATED_BAR);
                    asked = watchers_line(ui, w, table);
                    turn_line(ui, w, table, to_move, None);
                    crate::ui::landmark::mark_rect(ui, "table-bar", ui.min_rect());
                    return;
                }
                ui.set_max_width(if big { 320.0 * u } else { 260.0 });
                // A scroll area takes its last frame's content height, and cut the seats as
                // they arrived: only a short window has one, as tall as the window.
                if room >= TALL_BAR * u {
                    asked = bar_content(ui, w, table, form, u);
                    crate::ui::landmark::mark_rect(ui, "table-bar", ui.min_rect());
                    return;
                }
                let scroll = egui::ScrollArea::vertical()
                    .max_height(room.max(60.0))
                    .auto_shrink([true, false])
                    .show(ui, |ui| asked = bar_content(ui, w, table, form, u));
                crate::ui::landmark::mark_rect(ui, "table-bar", scroll.inner_rect);
            });
        });
    asked
}

/// What the bar holds: the code large, the address (and QR code) on the host's screen, the
/// seats, the spectators, Leave.
fn bar_content(
    ui: &mut egui::Ui,
    w: &Words,
    table: &Table,
    form: &mut Form,
    u: f32,
) -> Option<Asked> {
    let mut asked = None;
    let code = table.code.as_ref().map_or("", |c| c.as_str());
    ui.label(egui::RichText::new(w.t("table-bar-heading")).color(MUTED));
    let big = ui.label(
        egui::RichText::new(code)
            .size(40.0 * u)
            .strong()
            .color(ACCENT),
    );
    crate::ui::landmark::mark(ui, "table-bar/code", &big);
    hosting(ui, w, table, u);
    if let Some(view) = &table.view {
        asked = seats(ui, w, table, view, form);
        // The server counts no big screen: every screen says the same.
        let watching = i64::from(view.spectators);
        ui.label(w.t_with("table-spectators", [("count", watching.into())]));
    }
    presence(ui, w, table);
    asked = asked.or(offer_line(ui, w, table));
    notice_line(ui, w, table);
    asked = asked.or(switch_view(ui, w, table));
    let leave = ui.button(w.t("table-leave"));
    crate::ui::landmark::mark(ui, "table-bar/leave", &leave);
    if leave.clicked() {
        asked = Some(Asked::Table(TableCommand::Leave));
    }
    asked
}

/// A phone watching a table with no seat left to take: the board is what it came for, and
/// the bar keeps to a line over it (a column would cover half the board).
fn watching_on_a_phone(ctx: &egui::Context, table: &Table) -> bool {
    let upright = crate::ui::sheet::is_sheet(ctx.content_rect(), crate::ui::side_panel::SIDE_WIDTH);
    let free = |s: &SeatView| s.name.is_none() && s.computer.is_none();
    let may_sit = |v: &gamut_net::TableView| v.end.is_none() && v.seats.iter().any(free);
    upright && table.view.as_ref().is_some_and(|v| !may_sit(v))
}

/// A watcher's line: the code, how many watch, Leave; who is away, an offer, a notice.
fn watchers_line(ui: &mut egui::Ui, w: &Words, table: &Table) -> Option<Asked> {
    let mut asked = None;
    let code = table.code.as_ref().map_or("", |c| c.as_str());
    let watching = table.view.as_ref().map_or(0, |v| i64::from(v.spectators));
    ui.horizontal(|ui| {
        let big = ui.label(egui::RichText::new(code).size(20.0).strong().color(ACCENT));
        crate::ui::landmark::mark(ui, "table-bar/code", &big);
        ui.label(w.t_with("table-spectators", [("count", watching.into())]));
        let leave = ui.button(w.t("table-leave"));
        crate::ui::landmark::mark(ui, "table-bar/leave", &leave);
        if leave.clicked() {
            asked = Some(Asked::Table(TableCommand::Leave));
        }
    });
    presence(ui, w, table);
    asked
        .or(offer_line(ui, w, table))
        .or(notice_line(ui, w, table))
}

/// The table's notice, or that the connection is lost; what the player asked (nothing).
fn notice_line(ui: &mut egui::Ui, w: &Words, table: &Table) -> Option<Asked> {
    if let Some(notice) = &table.notice {
        ui.label(egui::RichText::new(notice_text(w, notice)).color(ACCENT));
    } else if table.phase == Phase::Lost {
        ui.label(egui::RichText::new(w.t("table-lost")).color(ACCENT));
    }
    None
}

/// The bar of a seated player: the code, a notice if any, Leave (the board is the player's;
/// the names and whose turn it is are in the game's panel).
fn compact_bar(
    ui: &mut egui::Ui,
    w: &Words,
    table: &Table,
    code: &str,
    may: MayOffer,
) -> Option<Asked> {
    let mut asked = None;
    // Not wrapped: an area keeps the width of the frame it first appeared in, and a wrapped
    // row would break there once the offers' button joins it.
    ui.horizontal(|ui| {
        let big = ui.label(egui::RichText::new(code).size(20.0).strong().color(ACCENT));
        crate::ui::landmark::mark(ui, "table-bar/code", &big);
        asked = offers(ui, w, may).or(switch_view(ui, w, table));
        let leave = ui.button(w.t("table-leave"));
        crate::ui::landmark::mark(ui, "table-bar/leave", &leave);
        if leave.clicked() {
            asked = Some(Asked::Table(TableCommand::Leave));
        }
    });
    presence(ui, w, table);
    asked = asked.or(offer_line(ui, w, table));
    notice_line(ui, w, table);
    // The table's maker waiting for a friend: the link to send.
    #[cfg(target_arch = "wasm32")]
    share_the_link(ui, w, table, None);
    asked
}

/// At a correspondence game going on, a seated player's menu to be told of their moves: the
/// address and the button that asks the server (which mails a confirmation first), the page's
/// notifications, a stop once something is on, and what became of the last wish. A click in
/// it keeps it open (its field is typed in, the answer is read there); a click elsewhere
/// closes it.
fn notify_menu(ui: &mut egui::Ui, w: &Words, table: &Table, form: &mut Form) -> Option<Asked> {
    use egui::containers::menu::{MenuButton, MenuConfig};
    let config = MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    // An id of its own: a notice shown above it (the answer to Mail me) must not make it
    // another menu, closed, nor its field another field, without the focus.
    let own = egui::UiBuilder::new().id(egui::Id::new("table-bar/notify-menu"));
    ui.scope_builder(own, |ui| {
        let (button, inner) = MenuButton::new(w.t("table-notify"))
            .config(config)
            .ui(ui, |ui| notify_form(ui, w, table, form));
        crate::ui::landmark::mark(ui, "table-bar/notify", &button);
        inner.and_then(|menu| menu.inner)
    })
    .inner
}

/// Whether the seat held here may ask to be told of its moves: a correspondence game going on.
fn may_be_told(table: &Table) -> bool {
    let by_correspondence = |v: &gamut_net::TableView| {
        matches!(v.clock, gamut_net::Clock::Correspondence { .. }) && v.end.is_none()
    };
    table.seat.is_some() && table.view.as_ref().is_some_and(by_correspondence)
}

/// The notices' form, in its menu.
fn notify_form(ui: &mut egui::Ui, w: &Words, table: &Table, form: &mut Form) -> Option<Asked> {
    // Scrolls in a window too short for it (a large UI scale), down to the window's foot.
    let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - 16.0;
    // At least as tall as that when its words are taller: a popup's room is its last
    // frame's size, which would keep it from growing as the answer's line comes.
    let room = room.max(80.0);
    let scroll = egui::ScrollArea::vertical()
        .max_height(room)
        .min_scrolled_height(room)
        .show(ui, |ui| notify_fields(ui, w, table, form));
    crate::ui::landmark::mark_rect(ui, "table-bar/notify-form", scroll.inner_rect);
    scroll.inner
}

/// The notices' form's help, field, buttons and answer.
fn notify_fields(ui: &mut egui::Ui, w: &Words, table: &Table, form: &mut Form) -> Option<Asked> {
    const WIDTH: f32 = 280.0;
    // Left-aligned: a menu's justified layout would space a wrapped text's words out.
    ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
        // Buttons that look like the game's (a menu's are flat, as its entries).
        let game = ui.ctx().global_style();
        ui.style_mut().visuals.widgets = game.visuals.widgets.clone();
        ui.style_mut().spacing.button_padding = game.spacing.button_padding;
        ui.set_max_width(WIDTH);
        let help = egui::RichText::new(w.t("table-notify-help")).color(MUTED);
        ui.add(egui::Label::new(help).wrap());
        ui.add_space(4.0);
        ui.label(w.t("table-notify-email"));
        let field = ui.add(
            egui::TextEdit::singleline(&mut form.email)
                .hint_text(w.t("table-notify-email-hint"))
                .desired_width(WIDTH),
        );
        crate::ui::landmark::mark(ui, "table-bar/notify-email", &field);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let lang = w.language().code();
        let mut asked = None;
        ui.horizontal_wrapped(|ui| {
            let button = ui.button(w.t("table-notify-button"));
            crate::ui::landmark::mark(ui, "table-bar/notify-button", &button);
            if button.clicked() || entered {
                asked = Some(Asked::Table(TableCommand::Notify {
                    email: form.email.trim().to_string(),
                    lang,
                }));
            }
            // The page: the browser's own notifications (Web Push).
            if cfg!(target_arch = "wasm32") {
                let push = ui.button(w.t("table-notify-push"));
                crate::ui::landmark::mark(ui, "table-bar/notify-push", &push);
                if push.clicked() {
                    asked = Some(Asked::Table(TableCommand::Push { lang }));
                }
            }
        });
        let told = table
            .notify
            .as_ref()
            .filter(|told| Some(&told.code) == table.code.as_ref());
        if told.is_some() {
            let stop = ui.button(w.t("table-notify-stop"));
            crate::ui::landmark::mark(ui, "table-bar/notify-stop", &stop);
            if stop.clicked() {
                asked = Some(Asked::Table(TableCommand::StopNotices { lang }));
            }
        }
        // What became of the last wish, else how the notices stand.
        let said = match &table.notice {
            Some(notice) if of_the_notices(notice) => Some(notice_text(w, notice)),
            _ => told.map(|told| {
                let address = told.ask.email.as_ref().map_or("", |e| e.as_str());
                notifying_text(w, told.email, address, told.push)
            }),
        };
        if let Some(said) = said {
            let line = ui.add(egui::Label::new(egui::RichText::new(said).color(ACCENT)).wrap());
            crate::ui::landmark::mark(ui, "table-bar/notify-said", &line);
        }
        asked
    })
    .inner
}

/// Who is away and who came back, a line each.
fn presence(ui: &mut egui::Ui, w: &Words, table: &Table) {
    for (i, said) in presence_lines(w, table).into_iter().enumerate() {
        let line = ui.add(egui::Label::new(egui::RichText::new(said).color(ACCENT)).wrap());
        crate::ui::landmark::mark(ui, format!("table-bar/presence-{i}"), &line);
    }
}

/// The host seated at its own table: to the big screen's view and back to its board (`B`).
fn switch_view(ui: &mut egui::Ui, w: &Words, table: &Table) -> Option<Asked> {
    if !table.is_host() || table.seat.is_none() {
        return None;
    }
    let key = if table.big_view {
        "table-my-board"
    } else {
        "table-big-view"
    };
    let button = ui.button(w.t(key));
    crate::ui::landmark::mark(ui, "table-bar/switch-view", &button);
    button
        .clicked()
        .then_some(Asked::Table(TableCommand::BigView(!table.big_view)))
}

/// A seated player's line under the bar, over the board: "Your move" when it is, else whose
/// it is (always a line: the board below never moves); at a correspondence game, the notices'
/// menu at its end (the bar's first line has no room left for it on a phone).
fn turn_line(
    ui: &mut egui::Ui,
    w: &Words,
    table: &Table,
    to_move: Option<usize>,
    form: Option<&mut Form>,
) -> Option<Asked> {
    let mine = table.seat.map(|s| s.index());
    let at = to_move.and_then(|seat| Seat::new(seat as u8));
    let said = match at {
        None => egui::RichText::new(" "),
        Some(seat) if Some(seat.index()) == mine => egui::RichText::new(w.t("table-your-move"))
            .size(20.0)
            .strong()
            .color(ACCENT),
        Some(seat) => {
            let name = seat_name(w, table, seat);
            egui::RichText::new(w.t_with("table-their-move", [("name", name.into())]))
                .size(20.0)
                .color(MUTED)
        }
    };
    let Some(form) = form.filter(|_| may_be_told(table)) else {
        let line = ui.add(egui::Label::new(said).truncate());
        crate::ui::landmark::mark(ui, "table-bar/turn", &line);
        return None;
    };
    ui.horizontal(|ui| {
        // The words truncated before the menu's button, which is kept whole.
        let button = egui::WidgetText::from(w.t("table-notify")).into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Button,
        );
        let keep = button.size().x + 2.0 * ui.spacing().button_padding.x;
        let room = (ui.available_width() - keep - ui.spacing().item_spacing.x).max(40.0);
        ui.scope(|ui| {
            ui.set_max_width(room);
            let line = ui.add(egui::Label::new(said).truncate());
            crate::ui::landmark::mark(ui, "table-bar/turn", &line);
        });
        notify_menu(ui, w, table, form)
    })
    .inner
}

/// What a seated player may offer: a rematch once the game is over, else a menu of a draw and
/// a take-back (on a phone the bar keeps to its line).
fn offers(ui: &mut egui::Ui, w: &Words, may: MayOffer) -> Option<Asked> {
    let offer = |o: Offer| Some(Asked::Table(TableCommand::Offer(o)));
    if may.rematch {
        let rematch = ui.button(w.t("table-offer-rematch"));
        crate::ui::landmark::mark(ui, "table-bar/rematch", &rematch);
        return rematch.clicked().then(|| offer(Offer::Rematch)).flatten();
    }
    if !(may.draw || may.take_back) {
        return None;
    }
    let menu = ui.menu_button(w.t("table-offers"), |ui| {
        let draw = ui.add_enabled(may.draw, egui::Button::new(w.t("table-offer-draw")));
        crate::ui::landmark::mark(ui, "table-bar/offer-draw", &draw);
        let back = ui.add_enabled(
            may.take_back,
            egui::Button::new(w.t("table-offer-take-back")),
        );
        crate::ui::landmark::mark(ui, "table-bar/offer-take-back", &back);
        if draw.clicked() {
            offer(Offer::Draw)
        } else if back.clicked() {
            offer(Offer::TakeBack)
        } else {
            None
        }
    });
    crate::ui::landmark::mark(ui, "table-bar/offers", &menu.response);
    menu.inner.flatten()
}

/// The offer waiting at the table: the other side's, to accept or decline; this side's,
/// waiting for the answer; told to whoever watches.
fn offer_line(ui: &mut egui::Ui, w: &Words, table: &Table) -> Option<Asked> {
    let (by, offer) = table.offer?;
    let ours = table
        .seat
        .is_some_and(|mine| super::follow::side_of(mine) == super::follow::side_of(by));
    if ours {
        ui.label(egui::RichText::new(w.t("table-waiting-answer")).color(MUTED));
        return None;
    }
    let key = match offer {
        Offer::Draw => "table-offered-draw",
        Offer::TakeBack => "table-offered-take-back",
        Offer::Rematch => "table-offered-rematch",
    };
    let said = w.t_with(key, [("name", seat_name(w, table, by).into())]);
    let line = ui.add(egui::Label::new(egui::RichText::new(said).strong().color(ACCENT)).wrap());
    crate::ui::landmark::mark(ui, "table-bar/offer", &line);
    // A spectator is only told.
    table.seat?;
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        for (accept, key, mark) in [
            (true, "table-accept", "table-bar/accept"),
            (false, "table-decline", "table-bar/decline"),
        ] {
            let button = ui.button(w.t(key));
            crate::ui::landmark::mark(ui, mark, &button);
            if button.clicked() {
                asked = Some(Asked::Table(TableCommand::Answer { offer, accept }));
            }
        }
    });
    asked
}

/// Who sits at `seat`, by name (the seat's colour when it has none).
fn seat_name(w: &Words, table: &Table, seat: Seat) -> String {
    let view = table.view.as_ref();
    let named = view.and_then(|v| v.seats.get(seat.index())?.name.clone());
    match named {
        Some(name) => name.as_str().to_string(),
        None => crate::ui::text::seat(
            w,
            BoardSeat {
                side: super::follow::side_of(seat),
                marked: seat.index() >= 2,
            },
            view.is_some_and(|v| v.seats.len() == 4),
        ),
    }
}

/// On the host's screen: the address to type, and the page's as a QR code (at the table). In
/// the page: the table's link to send a friend.
fn hosting(ui: &mut egui::Ui, w: &Words, table: &Table, u: f32) {
    #[cfg(target_arch = "wasm32")]
    if share_the_link(ui, w, table, Some(u)) {
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(hosted) = &table.hosted {
        // The address large and plain, as it is typed on a laptop's Tables screen.
        ui.label(
            egui::RichText::new(w.t("table-bar-join"))
                .size(16.0 * u)
                .color(MUTED),
        );
        let address = ui.label(
            egui::RichText::new(hosted.address())
                .size(26.0 * u)
                .monospace()
                .strong(),
        );
        crate::ui::landmark::mark(ui, "table-bar/address", &address);
        if hosted.serves_page {
            ui.label(egui::RichText::new(w.t("table-bar-scan")).color(MUTED));
            // The phone that scans it opens the page at this table.
            let page = hosted.page_url();
            let at = table
                .code
                .as_ref()
                .map_or(page.clone(), |code| super::page_link::link(&page, code));
            super::qr::show(ui, &at, 160.0 * u);
        } else {
            // No QR code of a page that is not there: how to build it instead.
            let said = egui::RichText::new(w.t("table-bar-no-page")).color(ACCENT);
            let line = ui.add(egui::Label::new(said).wrap());
            crate::ui::landmark::mark(ui, "table-bar/no-page", &line);
        }
        return;
    }
    if let Some(address) = &table.address {
        ui.label(w.t_with("table-bar-address", [("address", address.clone().into())]));
    }
}

/// In the page, while a seat waits for a player: the table's link, to copy and send a friend
/// (the page's address bar says it too, for the browser's own Share); in a seated phone's
/// one-line bar (no `u`: no scale of its own) the button alone. Whether it was shown.
#[cfg(target_arch = "wasm32")]
fn share_the_link(ui: &mut egui::Ui, w: &Words, table: &Table, u: Option<f32>) -> bool {
    let free = table.view.as_ref().is_some_and(|view| {
        view.end.is_none()
            && view
                .seats
                .iter()
                .any(|s| s.name.is_none() && s.computer.is_none())
    });
    let (true, Some(page), Some(code)) = (free, super::page_link::page_address(), &table.code)
    else {
        return false;
    };
    let link = super::page_link::link(&page, code);
    if let Some(u) = u {
        ui.label(
            egui::RichText::new(w.t("table-bar-link"))
                .size(16.0 * u)
                .color(MUTED),
        );
        let shown = ui.add(
            egui::Label::new(egui::RichText::new(link.as_str()).monospace().strong())
                .wrap()
                .selectable(true),
        );
        crate::ui::landmark::mark(ui, "table-bar/link", &shown);
    }
    let copy = ui.button(w.t("table-bar-copy-link"));
    crate::ui::landmark::mark(ui, "table-bar/copy-link", &copy);
    if copy.clicked() {
        ui.ctx().copy_text(link.clone());
        info!("the table's link copied: {link}");
    }
    true
}

/// Who sits where; a free seat to take while watching.
fn seats(
    ui: &mut egui::Ui,
    w: &Words,
    table: &Table,
    view: &gamut_net::TableView,
    form: &mut Form,
) -> Option<Asked> {
    let mut asked = None;
    let four = view.seats.len() == 4;
    let free = |s: &SeatView| s.name.is_none() && s.computer.is_none();
    // The host too: two friends with two laptops play each other, one of them hosting.
    let may_sit = table.seat.is_none() && view.end.is_none();
    if may_sit && view.seats.iter().any(free) {
        ui.label(w.t("table-your-name"));
        let name = ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(200.0));
        crate::ui::landmark::mark(ui, "table-bar/name", &name);
    }
    for (i, seat) in view.seats.iter().enumerate() {
        let Some(at) = Seat::new(i as u8) else {
            continue;
        };
        let board_seat = BoardSeat {
            side: super::follow::side_of(at),
            marked: i >= 2,
        };
        let mine = table.seat == Some(at);
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(crate::ui::text::seat(w, board_seat, four)).strong());
            ui.label(sitter(w, seat, mine));
            if may_sit && free(seat) {
                let sit = ui.button(w.t("table-sit"));
                crate::ui::landmark::mark(ui, format!("table-bar/sit-{i}"), &sit);
                if sit.clicked() {
                    asked = Some(Asked::Table(TableCommand::Sit {
                        seat: at,
                        name: form.name.clone(),
                    }));
                }
            }
        });
    }
    asked
}

/// Who sits at a seat, as the bar says it.
pub(super) fn sitter(w: &Words, seat: &SeatView, mine: bool) -> String {
    if mine {
        return w.t("table-seat-you");
    }
    if let Some(level) = seat.computer {
        return w.t_with(
            "table-seat-computer",
            [("level", crate::ui::text::level_name(w, level).into())],
        );
    }
    match &seat.name {
        None => w.t("table-seat-free"),
        Some(name) if seat.connected => match seat.rating {
            Some(rating) => w.t_with(
                "table-seat-rated",
                [
                    ("name", name.as_str().into()),
                    ("rating", i64::from(rating.value()).into()),
                ],
            ),
            None => name.as_str().to_string(),
        },
        Some(name) => w.t_with("table-seat-away", [("name", name.as_str().into())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Language;
    use crate::ui::layout_check::{ALL_SIZES, SCALES, Screen, fits};
    use gamut_net::{Clock, Code, Name, TableView};

    /// Every control of the Tables screen can be reached in every window size, UI scale and
    /// language (scrolling if need be), the host's among them.
    #[test]
    fn every_control_of_the_tables_screen_can_be_reached() {
        let table = Table {
            notice: Some(TableNotice::Unreachable),
            ..Table::default()
        };
        let settings = GameSettings::default();
        for language in Language::ALL {
            let words = Words::from_assets(language);
            for (width, height) in ALL_SIZES {
                for scale in SCALES {
                    if !fits(width, scale) {
                        continue;
                    }
                    let screen = Screen::new(width, height, scale);
                    let mut form = Form::default();
                    let mut show = |ctx: &egui::Context| {
                        draw(
                            ctx,
                            &words,
                            &mut form,
                            &table,
                            &settings,
                            true,
                            &Waiting::default(),
                        );
                    };
                    for control in [
                        "tables/back",
                        "tables/name",
                        "tables/address",
                        "tables/code",
                        "tables/join",
                        "tables/game",
                        "tables/clock",
                        "tables/host",
                    ] {
                        if let Err(problem) = screen.reach(AREA, control, &mut show) {
                            panic!("{language:?} {width}×{height} at {scale}: {problem}");
                        }
                    }
                }
            }
        }
    }

    /// The Tables screen with `form` filled in, drawn until it settles, then `control` clicked:
    /// what the screen asked for.
    fn click_on_the_form(
        screen: &Screen,
        words: &Words,
        form: &mut Form,
        can_host: bool,
        control: &str,
    ) -> Option<Asked> {
        let table = Table::default();
        let mut asked = None;
        let mut show = |ctx: &egui::Context| {
            let waiting = Waiting::default();
            let settings = GameSettings::default();
            if let Some(a) = draw(ctx, words, form, &table, &settings, can_host, &waiting) {
                asked = Some(a);
            }
        };
        for _ in 0..3 {
            screen.pass(Vec::new(), &mut show);
        }
        screen.click(control, &mut show);
        asked
    }

    /// Host sends the game, the seats and the clock chosen; every clock offered is named.
    #[test]
    fn host_sends_the_clock_chosen() {
        let words = Words::from_assets(Language::Italian);
        let screen = Screen::new(1280.0, 800.0, 1.0);
        let days = gamut_net::Clock::Correspondence { days: 3 };
        assert!(clock_choices().contains(&days));
        assert_eq!(clock_name(&words, days), "3 giorni per mossa");
        let mut form = Form {
            name: "Ann".into(),
            clock: days,
            ..Form::default()
        };
        let asked = click_on_the_form(&screen, &words, &mut form, true, "tables/host");
        let Some(Asked::Table(TableCommand::Host { clock, .. })) = asked else {
            panic!("{asked:?}");
        };
        assert_eq!(clock, days);
    }

    /// Join sends what was typed.
    #[test]
    fn join_sends_the_address_code_and_name_typed() {
        let words = Words::from_assets(Language::English);
        let screen = Screen::new(1280.0, 800.0, 1.0);
        let mut form = Form {
            address: "192.168.1.20:7878".into(),
            code: "abcde".into(),
            name: "Ann".into(),
            ..Form::default()
        };
        let asked = click_on_the_form(&screen, &words, &mut form, false, "tables/join");
        assert_eq!(
            asked,
            Some(Asked::Table(TableCommand::Join {
                address: "192.168.1.20:7878".into(),
                code: "abcde".into(),
                name: "Ann".into(),
            }))
        );
        assert!(
            screen.landmark("tables/host").is_none(),
            "the page hosts nothing"
        );
    }

    pub(super) fn watched(seats: usize) -> Table {
        let seat = |name: Option<&str>| SeatView {
            name: name.map(|n| Name::parse(n).unwrap()),
            rating: None,
            connected: name.is_some(),
            computer: None,
        };
        let mut views = vec![seat(Some("Ann")), seat(None), seat(None), seat(None)];
        views.truncate(seats);
        Table {
            phase: Phase::AtTable,
            code: Some(Code::parse("ABCDE").unwrap()),
            address: Some("192.168.1.20:7878".into()),
            view: Some(TableView {
                code: Code::parse("ABCDE").unwrap(),
                game: gamut_engine::any_game::GameConfig::default(),
                start: String::new(),
                moves: Vec::new(),
                clock: Clock::Untimed,
                clocks: None,
                seats: views,
                spectators: 3,
                end: None,
            }),
            ..Table::default()
        }
    }

    /// Watching, the free seats can be taken from the bar in every size, scale and language
    /// (the four seats of LOA for four too), with the name typed there.
    #[test]
    fn a_free_seat_can_be_taken_from_the_bar() {
        for language in Language::ALL {
            let words = Words::from_assets(language);
            for seats in [2, 4] {
                let table = watched(seats);
                for (width, height) in ALL_SIZES {
                    for scale in SCALES {
                        if !fits(width, scale) {
                            continue;
                        }
                        let screen = Screen::new(width, height, scale);
                        let mut form = Form::default();
                        let mut show = |ctx: &egui::Context| {
                            bar(
                                ctx,
                                &words,
                                &table,
                                &mut form,
                                MayOffer::default(),
                                false,
                                None,
                            );
                        };
                        let mut controls =
                            vec!["table-bar/name".to_string(), "table-bar/leave".into()];
                        controls.extend((1..seats).map(|i| format!("table-bar/sit-{i}")));
                        for control in controls {
                            if let Err(problem) = screen.reach("table-bar", &control, &mut show) {
                                panic!("{language:?} {seats} seats: {problem}");
                            }
                        }
                        assert!(
                            screen.landmark("table-bar/sit-0").is_none(),
                            "Ann sits there"
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod seated_tests {
    use super::*;
    use crate::model::Language;
    use crate::ui::layout_check::Screen;

    /// Seated on a phone, the bar keeps to a line at the top: the board under it stays free.
    #[test]
    fn a_seated_players_bar_keeps_to_one_line() {
        let words = Words::from_assets(Language::French);
        let table = Table {
            phase: Phase::AtTable,
            code: gamut_net::Code::parse("ABCDE").ok(),
            seat: gamut_net::Seat::new(0),
            ..Table::default()
        };
        let screen = Screen::new(390.0, 844.0, 1.0);
        let mut form = Form::default();
        let mut show = |ctx: &egui::Context| {
            bar(
                ctx,
                &words,
                &table,
                &mut form,
                MayOffer::default(),
                false,
                None,
            );
        };
        for _ in 0..3 {
            screen.pass(Vec::new(), &mut show);
        }
        let leave = screen.landmark("table-bar/leave").expect("Leave");
        let bar = screen.landmark("table-bar").expect("the bar");
        // Its line, and the line of whose move it is (kept when the game is over: the board
        // under it never moves).
        assert!(bar.height() < 100.0, "{bar:?}");
        assert!(bar.contains_rect(leave), "{leave:?} in {bar:?}");
        let turn = screen.landmark("table-bar/turn").expect("whose move");
        assert!(bar.contains_rect(turn) && turn.top() >= leave.bottom() - 1.0);
        assert!(screen.landmark("table-bar/sit-1").is_none());
    }

    /// Watching a full table on a phone, the bar keeps to a line over the board, Leave in it;
    /// with a seat free it is the column that offers the seat; on a desktop, the column.
    #[test]
    fn a_phone_watching_a_full_table_keeps_the_bar_to_a_line() {
        for language in Language::ALL {
            let words = Words::from_assets(language);
            let mut full = super::tests::watched(2);
            let bob = gamut_net::Name::parse("Bob").ok();
            full.view.as_mut().unwrap().seats[1].name = bob;
            let free = super::tests::watched(2);
            for (width, height, table, line, seat_free) in [
                (390.0, 844.0, &full, true, false),
                (390.0, 844.0, &free, false, true),
                (1280.0, 800.0, &full, false, false),
            ] {
                let screen = Screen::new(width, height, 1.0);
                let mut form = Form::default();
                let asked = std::cell::RefCell::new(None);
                let mut show = |ctx: &egui::Context| {
                    let a = bar(
                        ctx,
                        &words,
                        table,
                        &mut form,
                        MayOffer::default(),
                        false,
                        None,
                    );
                    if a.is_some() {
                        *asked.borrow_mut() = a;
                    }
                };
                for _ in 0..3 {
                    screen.pass(Vec::new(), &mut show);
                }
                let what = format!("{language:?} {width}×{height}, line {line}");
                let bar = screen.landmark("table-bar").expect("the bar");
                // A line (and whose move it is): an eighth of a phone's height.
                assert_eq!(bar.height() < height / 8.0, line, "{what}: {bar:?}");
                assert_eq!(screen.landmark("table-bar/sit-1").is_some(), seat_free);
                screen.click("table-bar/leave", &mut show);
                assert_eq!(
                    asked.take(),
                    Some(Asked::Table(TableCommand::Leave)),
                    "{what}"
                );
            }
        }
    }
}

#[cfg(test)]
mod offer_tests {
    use super::*;
    use crate::ui::layout_check::everywhere;

    fn seated(offer: Option<(u8, Offer)>) -> Table {
        Table {
            phase: Phase::AtTable,
            code: gamut_net::Code::parse("ABCDE").ok(),
            seat: Seat::new(0),
            offer: offer.map(|(seat, offer)| (Seat::new(seat).unwrap(), offer)),
            ..Table::default()
        }
    }

    /// The other side's offer is answered from the bar, in every size, scale and language.
    #[test]
    fn an_offer_is_accepted_or_declined_from_the_bar() {
        everywhere(|screen, words, what| {
            let table = seated(Some((1, Offer::Draw)));
            let mut form = Form::default();
            let asked = std::cell::RefCell::new(None);
            let mut show = |ctx: &egui::Context| {
                if let Some(a) = bar(
                    ctx,
                    words,
                    &table,
                    &mut form,
                    MayOffer::default(),
                    false,
                    None,
                ) {
                    *asked.borrow_mut() = Some(a);
                }
            };
            for control in ["table-bar/accept", "table-bar/decline", "table-bar/leave"] {
                if let Err(problem) = screen.reach("table-bar", control, &mut show) {
                    panic!("{what}: {problem}");
                }
            }
            assert!(screen.landmark("table-bar/offer").is_some(), "{what}");
            screen.click("table-bar/decline", &mut show);
            assert_eq!(
                asked.take(),
                Some(Asked::Table(TableCommand::Answer {
                    offer: Offer::Draw,
                    accept: false,
                })),
                "{what}"
            );
        });
    }

    /// A draw is offered from the bar's menu, and a take-back only when it may be; a rematch
    /// once the game is over. This side's own offer waits for the answer, with nothing to click.
    #[test]
    fn a_seated_player_offers_from_the_bar() {
        for language in crate::model::Language::ALL {
            offers_from_the_bar(language);
        }
    }

    fn offers_from_the_bar(language: crate::model::Language) {
        let words = Words::from_assets(language);
        let screen = crate::ui::layout_check::Screen::new(390.0, 844.0, 1.0);
        let table = seated(None);
        let mut form = Form::default();
        let asked = std::cell::RefCell::new(None);
        let during = MayOffer {
            draw: true,
            ..MayOffer::default()
        };
        let mut show = |ctx: &egui::Context| {
            if let Some(a) = bar(ctx, &words, &table, &mut form, during, false, Some(0)) {
                *asked.borrow_mut() = Some(a);
            }
        };
        for _ in 0..2 {
            screen.pass(Vec::new(), &mut show);
        }
        assert!(screen.landmark("table-bar/rematch").is_none());
        let bar_rect = screen.landmark("table-bar").expect("the bar");
        assert!(
            bar_rect.height() < 100.0,
            "its line and whose move it is, on a phone: {bar_rect:?}"
        );
        screen.click("table-bar/offers", &mut show);
        screen.pass(Vec::new(), &mut show);
        screen.click("table-bar/offer-draw", &mut show);
        assert_eq!(
            asked.take(),
            Some(Asked::Table(TableCommand::Offer(Offer::Draw)))
        );
        // The take-back is off: this side made no move to take back.
        if screen.landmark("table-bar/offer-take-back").is_none() {
            screen.click("table-bar/offers", &mut show);
            screen.pass(Vec::new(), &mut show);
        }
        screen.click("table-bar/offer-take-back", &mut show);
        assert_eq!(asked.take(), None);

        let over = MayOffer {
            rematch: true,
            ..MayOffer::default()
        };
        let asked = std::cell::RefCell::new(None);
        let mut show = |ctx: &egui::Context| {
            if let Some(a) = bar(ctx, &words, &table, &mut form, over, false, None) {
                *asked.borrow_mut() = Some(a);
            }
        };
        screen.pass(Vec::new(), &mut show);
        screen.pass(Vec::new(), &mut show);
        assert!(screen.landmark("table-bar/offers").is_none());
        screen.click("table-bar/rematch", &mut show);
        assert_eq!(
            asked.take(),
            Some(Asked::Table(TableCommand::Offer(Offer::Rematch)))
        );

        let waiting = seated(Some((0, Offer::Rematch)));
        let mut show = |ctx: &egui::Context| {
            bar(
                ctx,
                &words,
                &waiting,
                &mut form,
                MayOffer::default(),
                false,
                None,
            );
        };
        screen.pass(Vec::new(), &mut show);
        screen.pass(Vec::new(), &mut show);
        assert!(screen.landmark("table-bar/accept").is_none());
    }
}

#[cfg(test)]
mod waiting_tests {
    use super::*;
    use crate::ui::layout_check::everywhere;
    use gamut_net::{Code, GameStanding, Token};

    fn kept(code: &str, seat: u8) -> KeptSeat {
        KeptSeat {
            address: "192.168.1.20:7878".into(),
            code: Code::parse(code).unwrap(),
            token: Token::parse("0123456789abcdef0123456789abcdef").unwrap(),
            seat: Seat::new(seat).unwrap(),
            game: gamut_engine::any_game::GameConfig::default(),
        }
    }

    /// A hosted table of two named players, `moves` moves in.
    fn hosted_view(code: &str, moves: usize) -> gamut_net::TableView {
        let mut view = super::tests::watched(2).view.unwrap();
        view.code = gamut_net::Code::parse(code).unwrap();
        for seat in &mut view.seats {
            seat.name = Some(gamut_net::Name::parse("Annabelle-Marguerite").unwrap());
        }
        view.moves = vec![gamut_net::MoveText::parse("b1d3").unwrap(); moves];
        view
    }

    /// The games waiting are listed above Join and Host, whose turn it is in each, with Go back
    /// and Forget at hand in every size, scale and language.
    #[test]
    fn the_games_waiting_are_listed_with_go_back_and_forget() {
        let seats = [kept("ABCDE", 0), kept("FGHJK", 1)];
        let mut standings = Standings::default();
        standings.games.insert(
            seats[0].code.clone(),
            GameStanding {
                code: seats[0].code.clone(),
                seat: seats[0].seat,
                to_move: true,
                ply: 12,
                clocks: Some(gamut_net::ClockView {
                    left_ms: [3 * 3_600_000, 86_400_000],
                    running: true,
                }),
                end: None,
            },
        );
        standings.games.insert(
            seats[1].code.clone(),
            GameStanding {
                code: seats[1].code.clone(),
                seat: seats[1].seat,
                to_move: false,
                ply: 3,
                clocks: None,
                end: None,
            },
        );
        let hosted = crate::table::resume::HostedTables {
            views: vec![hosted_view("MNPQR", 13)],
            here: Some("127.0.0.1:7878".into()),
        };
        let waiting = Waiting {
            kept: &seats,
            standings: Some(&standings),
            problem: None,
            hosted: Some(&hosted),
        };
        let table = Table::default();
        let settings = GameSettings::default();
        everywhere(|screen, words, what| {
            let mut form = Form::default();
            let asked = std::cell::RefCell::new(None);
            let mut show = |ctx: &egui::Context| {
                if let Some(a) = draw(ctx, words, &mut form, &table, &settings, true, &waiting) {
                    *asked.borrow_mut() = Some(a);
                }
            };
            for control in [
                "tables/back-to-ABCDE",
                "tables/forget-ABCDE",
                "tables/back-to-FGHJK",
                "tables/forget-FGHJK",
                "tables/show-MNPQR",
                "tables/join",
                "tables/host",
                "tables/host-seat",
            ] {
                if let Err(problem) = screen.reach(AREA, control, &mut show) {
                    panic!("{what}: {problem}");
                }
            }
            screen
                .reach(AREA, "tables/back-to-ABCDE", &mut show)
                .unwrap();
            screen.click("tables/back-to-ABCDE", &mut show);
            let Some(Asked::Table(TableCommand::Rejoin { code, .. })) = asked.take() else {
                panic!("{what}: Go back asks nothing");
            };
            assert_eq!(code.as_str(), "ABCDE");
            screen.reach(AREA, "tables/show-MNPQR", &mut show).unwrap();
            screen.click("tables/show-MNPQR", &mut show);
            let Some(Asked::Table(TableCommand::Show(code))) = asked.take() else {
                panic!("{what}: Show asks nothing");
            };
            assert_eq!(code.as_str(), "MNPQR");
            // Put away… asks first; Keep it asks nothing; Put it away asks it.
            screen
                .reach(AREA, "tables/put-away-MNPQR", &mut show)
                .unwrap();
            screen.click("tables/put-away-MNPQR", &mut show);
            assert!(asked.take().is_none(), "{what}: Put away… asks at once");
            screen
                .reach(AREA, "tables/put-away-no-MNPQR", &mut show)
                .unwrap();
            screen.click("tables/put-away-no-MNPQR", &mut show);
            assert!(asked.take().is_none(), "{what}: Keep it asks something");
            screen
                .reach(AREA, "tables/put-away-MNPQR", &mut show)
                .unwrap();
            screen.click("tables/put-away-MNPQR", &mut show);
            screen
                .reach(AREA, "tables/put-away-yes-MNPQR", &mut show)
                .unwrap_or_else(|problem| panic!("{what}: {problem}"));
            screen.click("tables/put-away-yes-MNPQR", &mut show);
            let Some(Asked::Table(TableCommand::PutAway(code))) = asked.take() else {
                panic!("{what}: Put it away asks nothing");
            };
            assert_eq!(code.as_str(), "MNPQR");
        });
        let words = Words::from_assets(crate::model::Language::English);
        assert_eq!(hosted_state(&words, &hosted.views[0]), "Move 7");
        assert_eq!(
            standing_text(&words, standings.of(&seats[0]), seats[0].seat),
            ("Your move (3:00:00 left)".to_string(), true)
        );
        assert_eq!(
            standing_text(&words, standings.of(&seats[1]), seats[1].seat),
            ("The other side's move".to_string(), false)
        );
    }
}

#[cfg(test)]
mod notify_tests {
    use super::*;
    use crate::ui::layout_check::everywhere;
    use gamut_net::notify::{MailState, NotifyAsk};

    /// Seated at a correspondence game going on.
    fn seated_by_correspondence() -> Table {
        let mut table = super::tests::watched(2);
        let view = table.view.as_mut().unwrap();
        view.clock = gamut_net::Clock::Correspondence { days: 3 };
        view.seats[1].name = gamut_net::Name::parse("Bob").ok();
        view.seats[1].connected = true;
        table.seat = Seat::new(0);
        table
    }

    /// The form opened from the bar, its field clicked and typed in (the menu stays open:
    /// egui's menus close at a click inside them unless told), Mail me: the address typed is
    /// asked for, in the game's language. Every control of the form shows whole in the window,
    /// the help and the answer's line wrapped inside it, in every size, scale and language;
    /// the seated bar still keeps to its line on a phone.
    #[test]
    fn the_address_is_typed_in_the_bar_and_sent() {
        everywhere(|screen, words, what| {
            let table = std::cell::RefCell::new(seated_by_correspondence());
            let mut form = Form::default();
            let asked = std::cell::RefCell::new(None);
            let mut show = |ctx: &egui::Context| {
                let a = bar(
                    ctx,
                    words,
                    &table.borrow(),
                    &mut form,
                    MayOffer {
                        draw: true,
                        ..MayOffer::default()
                    },
                    false,
                    Some(0),
                );
                if a.is_some() {
                    *asked.borrow_mut() = a;
                }
            };
            for _ in 0..2 {
                screen.pass(Vec::new(), &mut show);
            }
            let window = screen.rect();
            let bar_rect = screen.landmark("table-bar").expect("the bar");
            assert!(window.contains_rect(bar_rect), "{what}: {bar_rect:?}");
            screen.click("table-bar/notify", &mut show);
            let form_area = "table-bar/notify-form";
            if let Err(problem) = screen.reach(form_area, "table-bar/notify-email", &mut show) {
                panic!("{what}: {problem}");
            }
            screen.click("table-bar/notify-email", &mut show);
            screen.pass(vec![egui::Event::Text("ann@example.org".into())], &mut show);
            // Still open, the address in its field.
            if let Err(problem) = screen.reach(form_area, "table-bar/notify-button", &mut show) {
                panic!("{what}: {problem}");
            }
            let form_rect = screen.landmark(form_area).expect("the form");
            assert!(window.contains_rect(form_rect), "{what}: {form_rect:?}");
            assert_eq!(asked.take(), None, "{what}");
            screen.click("table-bar/notify-button", &mut show);
            assert_eq!(
                asked.take(),
                Some(Asked::Table(TableCommand::Notify {
                    email: "ann@example.org".into(),
                    lang: words.language().code(),
                })),
                "{what}"
            );
            assert!(
                screen.landmark("table-bar/notify-stop").is_none(),
                "{what}: nothing to stop yet"
            );
            // The answer, in the bar and in the form, which stays open to be read.
            table.borrow_mut().notice = Some(TableNotice::BadEmail);
            screen.pass(Vec::new(), &mut show);
            screen.pass(Vec::new(), &mut show);
            assert!(
                screen.landmark("table-bar/notify-said").is_some(),
                "{what}: the form closed as the answer came"
            );
        });
    }

    /// The answer is read in the form: the address named, the stop offered; the server's
    /// refusals each say why; at a live game there is no form.
    #[test]
    fn the_form_says_how_the_notices_stand() {
        let words = Words::from_assets(crate::model::Language::English);
        let screen = crate::ui::layout_check::Screen::new(1024.0, 600.0, 1.5);
        let mut table = seated_by_correspondence();
        table.notify = Some(super::super::Told {
            code: table.code.clone().unwrap(),
            ask: NotifyAsk {
                email: gamut_net::notify::Email::parse("ann@example.org").ok(),
                ..NotifyAsk::default()
            },
            email: Some(MailState::Confirming),
            push: false,
        });
        let mut form = Form::default();
        let asked = std::cell::RefCell::new(None);
        let mut show = |ctx: &egui::Context| {
            let a = bar(
                ctx,
                &words,
                &table,
                &mut form,
                MayOffer::default(),
                false,
                Some(0),
            );
            if a.is_some() {
                *asked.borrow_mut() = a;
            }
        };
        for _ in 0..2 {
            screen.pass(Vec::new(), &mut show);
        }
        screen.click("table-bar/notify", &mut show);
        screen
            .reach("table-bar/notify-form", "table-bar/notify-said", &mut show)
            .unwrap();
        let said = screen.landmark("table-bar/notify-said").expect("the state");
        assert!(screen.rect().contains_rect(said), "{said:?}");
        assert!(screen.says("A mail was sent to ann@example.org: follo"));
        screen.click("table-bar/notify-stop", &mut show);
        assert_eq!(
            asked.take(),
            Some(Asked::Table(TableCommand::StopNotices { lang: "en" }))
        );

        use gamut_net::notify::NotifyRefusal as R;
        let refused = |notify| TableNotice::Refused(gamut_net::Refusal::Notify { notify });
        for (notice, says) in [
            (refused(R::Off), "This server does not send such notices"),
            (refused(R::BadEmail), "The server cannot mail that address"),
            (refused(R::TooMany), "Enough confirmation mails for today"),
            (TableNotice::BadEmail, "That is not an email address."),
            (TableNotice::NoMail, "This server sends no mail"),
            (
                TableNotice::Notifying {
                    email: Some(MailState::Confirmed),
                    address: Some("ann@example.org".into()),
                    push: true,
                },
                "You will be told at ann@example.org when it is your move. \
                 This page will also show a notification.",
            ),
        ] {
            assert!(of_the_notices(&notice));
            assert!(
                notice_text(&words, &notice).starts_with(says),
                "{}",
                notice_text(&words, &notice)
            );
        }

        let mut live = seated_by_correspondence();
        live.view.as_mut().unwrap().clock = gamut_net::Clock::Live {
            seconds: 300,
            increment: 3,
        };
        let mut show = |ctx: &egui::Context| {
            bar(
                ctx,
                &words,
                &live,
                &mut form,
                MayOffer::default(),
                false,
                Some(0),
            );
        };
        screen.pass(Vec::new(), &mut show);
        screen.pass(Vec::new(), &mut show);
        assert!(screen.landmark("table-bar/notify").is_none());
    }
}
