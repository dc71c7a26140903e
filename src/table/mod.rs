//! Tables on the network (see docs/server.md): this game as a client of a `gamut-server`, the
//! one this game hosts ("Host a table": [`host`], the desktop only) or one on the internet. The
//! player joins a table by its address and code, watches it or sits at a free seat, and plays
//! there: play's one way into a game starts the table's game ([`crate::play::StartAs::Table`]),
//! the other devices' seats are [`Player::Remote`] and their moves come through play as
//! [`Mover::Remote`]; the moves made here go to the server, which is the referee.
//!
//! [`link`] is the connection, [`follow`] keeps the game in step with the table, [`screen`]
//! is the title's "Tables" screen and the table's bar beside the game.

pub mod big_screen;
pub mod follow;
#[cfg(not(target_arch = "wasm32"))]
pub mod host;
pub mod kept;
pub mod link;
pub mod page_link;
#[cfg(target_arch = "wasm32")]
mod push;
pub mod qr;
pub mod resume;
pub mod screen;

use std::collections::VecDeque;

use bevy::prelude::*;
use gamut_net::{Code, MoveText, Name, Offer, Refusal, Seat, TableView, ToServer, Token};

use crate::play::{GameMode, PlaySystems};

/// What kept this game from hosting a table (the page hosts none: it says
/// [`HostTrouble::Runtime`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostTrouble {
    /// The server's threads could not start.
    Runtime,
    /// The tables' database in the data folder could not be opened.
    Database,
    /// No port of this machine could be listened on.
    Port,
}

/// Where this game stands with a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phase {
    /// At no table.
    #[default]
    Away,
    /// Connecting to the server (and, for a host, making the table).
    Connecting,
    /// At the table: watching or seated ([`Table::seat`]).
    AtTable,
    /// The connection was lost; trying again.
    Lost,
}

/// What the table screens tell the player (words in the Fluent files, `table-*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableNotice {
    /// The address typed is not one.
    BadAddress,
    /// The code typed is not one (five letters and digits).
    BadCode,
    /// The name typed is not one (1 to 40 characters).
    BadName,
    /// The server refused what was asked.
    Refused(Refusal),
    /// The server could not be reached (the system's words go to the log).
    Unreachable,
    /// The server speaks another version, or sent what cannot be read.
    Unreadable,
    /// This game could not host a table.
    HostFailed(HostTrouble),
    /// The other side declined this seat's offer.
    Declined(Offer),
    /// A take-back was agreed: the last move is taken back.
    TakenBack,
    /// The table's host put it away: it is played no more.
    PutAway,
    /// The address typed for the notices is not one.
    BadEmail,
    /// The server keeps this seat's notices: the address waits for its confirmation, or is
    /// confirmed (none: no mail), and which address it is; whether its pushes go.
    Notifying {
        email: Option<gamut_net::notify::MailState>,
        address: Option<String>,
        push: bool,
    },
    /// The page's notifications cannot be had, and why.
    NoPush(PushTrouble),
    /// The table's server sends no mail (it has no mail server): an address was asked for.
    NoMail,
}

impl TableNotice {
    /// Whether the next move ends it (what it says was of the last move, or of an offer).
    pub fn ends_with_a_move(&self) -> bool {
        use gamut_net::Refusal;
        match self {
            // What was said of the notices was read by then (the menu keeps saying how they
            // stand).
            TableNotice::Declined(_)
            | TableNotice::TakenBack
            | TableNotice::BadEmail
            | TableNotice::Notifying { .. }
            | TableNotice::NoPush(_)
            | TableNotice::NoMail => true,
            TableNotice::Refused(refusal) => matches!(
                refusal,
                Refusal::CannotOffer
                    | Refusal::NoOffer
                    | Refusal::NotYourTurn
                    | Refusal::Stale { .. }
                    | Refusal::Illegal { .. }
                    | Refusal::Notify { .. }
            ),
            _ => false,
        }
    }
}

/// Why the page has no notifications for a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PushTrouble {
    /// The page is not over https (nor on this machine): the browser gives it no push.
    Insecure,
    /// The browser has no Web Push (or this is not the page).
    Unsupported,
    /// The player (or the browser) said no.
    Denied,
    /// The table's server sends none.
    Off,
    /// The browser could not subscribe (its push service failed).
    Failed,
}

/// What the player asks of the table (the screens send it, [`follow`] carries it out).
#[derive(Message, Debug, Clone, PartialEq)]
pub enum TableCommand {
    /// Go to the table `code` of the server at `address` and watch it.
    Join {
        address: String,
        code: String,
        name: String,
    },
    /// Host a table of this game (its seats that the computer plays are the server's engine's)
    /// and watch it here (the big screen), or sit at `seat` with `name` and play from here.
    Host {
        settings: crate::model::GameSettings,
        clock: gamut_net::Clock,
        name: String,
        seat: Option<Seat>,
    },
    /// The host seated at its own table shows the big screen's view (`true`) or its own
    /// board (`false`).
    BigView(bool),
    /// Sit at this free seat of the table being watched, with this name.
    Sit { seat: Seat, name: String },
    /// Offer the other side a draw, a take-back of this seat's last move, or a rematch.
    Offer(Offer),
    /// Answer the other side's offer.
    Answer { offer: Offer, accept: bool },
    /// Mail this address when it is this seat's move at a correspondence table (and 24 h
    /// and 1 h before its clock runs out), in this language (`en`, `fr`, `it`).
    Notify { email: String, lang: &'static str },
    /// The page: ask the browser to allow the table's notifications (Web Push), then the
    /// server to send them, in this language.
    Push { lang: &'static str },
    /// Tell this seat nothing more (no mail, no push).
    StopNotices { lang: &'static str },
    /// Go back to a seat kept (a game waiting): its server's address, the table, the token.
    Rejoin {
        address: String,
        code: Code,
        token: Token,
    },
    /// Forget a seat kept (the list of games waiting no longer shows it).
    Forget(Code),
    /// Show the table `code` this game hosts on this screen: its big screen.
    Show(Code),
    /// Put away the table `code` this game hosts: it is played no more.
    PutAway(Code),
    /// Leave the table (back to the title).
    Leave,
}

/// This game's place at a table.
#[derive(Resource, Default)]
pub struct Table {
    link: Option<link::Connection>,
    /// The server's WebSocket address.
    pub url: Option<String>,
    /// The address as players type it (shown on the big screen).
    pub address: Option<String>,
    pub phase: Phase,
    pub code: Option<Code>,
    /// The seat held here (none: watching).
    pub seat: Option<Seat>,
    token: Option<Token>,
    /// The name this player sits down with.
    pub name: Option<Name>,
    /// The table as last told (its seats, spectators, end).
    pub view: Option<TableView>,
    /// What to tell the player.
    pub notice: Option<TableNotice>,
    /// The table's host token, when this screen is the big screen of a table this game hosts
    /// (it watches with it, and is not counted among the spectators).
    host_token: Option<Token>,
    /// The seat the host takes at the table it makes, with its rating (none: it watches).
    sit_when_made: Option<(Seat, Option<gamut_net::Rating>)>,
    /// The host seated at its own table shows the big screen's view rather than its board.
    pub big_view: bool,
    /// The table's moves not yet played on the board, (ply, move), oldest first.
    inbox: VecDeque<(u32, MoveText)>,
    /// The table's end not yet played on the board.
    end: Option<gamut_net::Ended>,
    /// Moves of the table's game on the board that the server knows.
    known: usize,
    /// The seat whose player came back after their device dropped, and when (said a while).
    pub back: Option<(Seat, web_time::Instant)>,
    /// The offer waiting for an answer at the table: whose, and what.
    pub offer: Option<(Seat, Offer)>,
    /// A seat taken here, to keep in the list of games waiting.
    kept: Option<kept::KeptSeat>,
    /// The table's clocks as last told (the server runs them).
    pub clocks: Option<follow::ToldClocks>,
    /// What the server keeps of this seat's wish to be told of its moves, at this table (a
    /// new ask replaces the last at the server: the address and the page's push go together).
    pub notify: Option<Told>,
    /// The wish sent and not answered yet: it becomes [`Table::notify`] once the server takes
    /// it (a refused one is forgotten, and never sent again with the next).
    asking: Option<(Code, gamut_net::notify::NotifyAsk)>,
    /// The hosted server, when this game hosts the table.
    #[cfg(not(target_arch = "wasm32"))]
    pub hosted: Option<host::Hosted>,
}

/// What the server keeps of a seat's wish to be told of its moves.
#[derive(Debug, Clone, PartialEq)]
pub struct Told {
    /// The table.
    pub code: Code,
    /// What was asked.
    pub ask: gamut_net::notify::NotifyAsk,
    /// The address waits for its confirmation, or is confirmed (none: no mail).
    pub email: Option<gamut_net::notify::MailState>,
    /// Whether the page's pushes go.
    pub push: bool,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("url", &self.url)
            .field("phase", &self.phase)
            .field("code", &self.code)
            .field("seat", &self.seat)
            .field("known", &self.known)
            .field("notice", &self.notice)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// Sends `request` to the server (nothing when not connected).
    fn send(&mut self, request: &ToServer) {
        if let Some(link) = &mut self.link {
            link.send(request);
        }
    }

    /// Sends what this seat asks, with the table's code and the seat's token (nothing when
    /// not seated).
    fn act(&mut self, request: impl FnOnce(Code, Token) -> ToServer) {
        if self.seat.is_none() {
            return;
        }
        if let (Some(code), Some(token)) = (self.code.clone(), self.token.clone()) {
            let request = request(code, token);
            self.send(&request);
        }
    }

    /// Whether this game hosts the table.
    pub fn is_host(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.hosted.is_some()
        }
        #[cfg(target_arch = "wasm32")]
        {
            false
        }
    }

    /// Whether this game's screen is its table's big screen: it hosts the table and watches
    /// it, or sits there and asked for the big screen's view.
    pub fn shows_big_screen(&self) -> bool {
        self.is_host() && (self.seat.is_none() || self.big_view)
    }

    /// Whether this game sits at or watches a table.
    pub fn is_at_table(&self) -> bool {
        self.phase != Phase::Away
    }
}

/// The table's screens (the Tables screen, the table's bar), drawn after the game's panels.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableScreens;

/// The tables: the connection, the game kept in step, the screens.
pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Table>()
            .init_resource::<screen::Form>()
            .init_resource::<kept::KeptSeats>()
            .init_resource::<kept::Standings>()
            .init_resource::<resume::HostedTables>()
            .init_resource::<crate::ui::BigScreen>()
            .add_systems(Startup, kept::load_kept)
            .add_systems(
                OnEnter(crate::play::MenuScreen::Tables),
                kept::ask_standings,
            )
            .add_message::<TableCommand>()
            .add_systems(
                Update,
                (
                    resume::host_again,
                    page_link::open_the_table_in_the_address
                        .run_if(in_state(crate::play::AppState::Menu)),
                    follow::remember_name_and_address,
                    follow::carry_out_commands,
                    follow::read_the_table,
                    follow::take_the_push,
                    page_link::say_the_table_in_the_address,
                    follow::remember_the_seat,
                    kept::read_standings,
                    resume::look_at_hosted_tables.run_if(in_state(crate::play::MenuScreen::Tables)),
                    follow::feed_the_board.run_if(in_state(GameMode::Table)),
                )
                    .chain()
                    .before(PlaySystems),
            )
            .add_systems(
                OnExit(GameMode::Table),
                (follow::leave_the_table, screen::uncover),
            )
            .add_systems(
                OnEnter(crate::play::AppState::Menu),
                follow::leave_the_table,
            )
            .add_systems(
                Update,
                follow::tell_the_table
                    .run_if(in_state(GameMode::Table))
                    .after(PlaySystems),
            )
            .add_systems(Update, big_screen::choose_the_big_screen)
            .add_systems(
                Update,
                big_screen::switch_with_the_key
                    .run_if(in_state(GameMode::Table))
                    .before(follow::carry_out_commands),
            )
            .add_systems(
                Update,
                follow::name_the_seats
                    .run_if(in_state(GameMode::Table))
                    .run_if(resource_changed::<Table>)
                    .after(follow::read_the_table),
            )
            .add_systems(
                Update,
                follow::show_the_clocks
                    .run_if(in_state(GameMode::Table))
                    .after(follow::read_the_table)
                    .before(PlaySystems),
            )
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                (
                    screen::tables_screen.run_if(in_state(crate::play::MenuScreen::Tables)),
                    big_screen::big_screen_view.run_if(in_state(GameMode::Table)),
                    screen::table_bar.run_if(in_state(GameMode::Table)).run_if(
                        in_state(crate::play::AppState::Playing)
                            .or_else(in_state(crate::play::AppState::GameOver)),
                    ),
                )
                    .in_set(TableScreens)
                    .after(crate::ui::UiSystems)
                    .run_if(crate::i18n::words_ready),
            );
    }
}
