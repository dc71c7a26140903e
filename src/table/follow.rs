//! Keeps the game on the board in step with the table: the player's commands carried out, the
//! server's messages read (the table's game started through play, the other devices' moves
//! played through play one by one as the board waits), and the moves made here sent.

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_net::{EndReason, Ended, Name, Seat, TableView, ToClient, ToServer};

use super::link::{self, Connection, Event};
use super::{Phase, Table, TableCommand, TableNotice};
use crate::model::{CurrentGame, GameEnd, GameSettings, Player, SeatNames};
use crate::play::{EndedAtTable, GameCommand, Mover, PlayMove, StartAs, StartGame};

/// The side of a table's seat (0 and 2 Black, 1 and 3 White).
pub fn side_of(seat: Seat) -> Side {
    if seat.index().is_multiple_of(2) {
        Side::Black
    } else {
        Side::White
    }
}

/// Carries out what the player asked.
pub(super) fn carry_out_commands(
    mut asked: MessageReader<TableCommand>,
    mut table: ResMut<Table>,
    mut kept: ResMut<super::kept::KeptSeats>,
    roster: Option<Res<crate::strength::Roster>>,
    wake: Res<crate::rest::Wake>,
    data_dir: Option<Res<crate::persist::DataDir>>,
    mut game_commands: MessageWriter<GameCommand>,
) {
    for command in asked.read() {
        match command {
            TableCommand::Join {
                address,
                code,
                name,
            } => join(&mut table, &wake, address, code, name),
            TableCommand::Host {
                settings,
                clock,
                name,
                seat,
            } => {
                let hosting = Hosting {
                    settings,
                    clock: *clock,
                    name,
                    seat: *seat,
                };
                host(
                    &mut table,
                    &wake,
                    data_dir.as_deref(),
                    &hosting,
                    roster.as_deref(),
                )
            }
            &TableCommand::BigView(on) => table.big_view = on,
            TableCommand::Sit { seat, name } => sit(&mut table, *seat, name, roster.as_deref()),
            &TableCommand::Offer(offer) => {
                table.act(|code, token| ToServer::Offer { code, token, offer })
            }
            &TableCommand::Answer { offer, accept } => table.act(|code, token| ToServer::Answer {
                code,
                token,
                offer,
                accept,
            }),
            TableCommand::Rejoin {
                address,
                code,
                token,
            } => rejoin(&mut table, &wake, address, code, token),
            TableCommand::Notify { email, lang } => notify(&mut table, email, lang),
            TableCommand::Push { lang } => ask_push(&mut table, lang),
            TableCommand::StopNotices { lang } => stop_notices(&mut table, lang),
            TableCommand::Forget(code) => kept.forget(code),
            TableCommand::Show(code) => show(&mut table, &wake, code),
            TableCommand::PutAway(code) => put_away(&mut table, code),
            TableCommand::Leave => {
                leave(&mut table);
                game_commands.write(GameCommand::BackToTitle);
            }
        }
    }
}

/// The Tables screen's name and address remembered between runs (in the settings): the name
/// each time the player joins, hosts or sits with one, the address each time a join is asked
/// (never this game's own server: it is not typed).
pub(super) fn remember_name_and_address(
    mut asked: MessageReader<TableCommand>,
    dir: Option<Res<crate::persist::DataDir>>,
    prefs: Option<ResMut<crate::persist::Preferences>>,
) {
    let Some(mut prefs) = prefs else {
        return;
    };
    let before = prefs.table.clone().unwrap_or_default();
    let mut now = before.clone();
    for command in asked.read() {
        let (name, address) = match command {
            TableCommand::Join { address, name, .. } => (Some(name), Some(address)),
            TableCommand::Host { name, .. } | TableCommand::Sit { name, .. } => (Some(name), None),
            _ => (None, None),
        };
        if let Some(name) = name.and_then(|n| typed_name(n)) {
            now.name = Some(name.as_str().to_string());
        }
        if let Some(address) = address.filter(|a| link::socket_url(a).is_some()) {
            now.address = Some(address.trim().to_string());
        }
    }
    if now == before {
        return;
    }
    prefs.table = Some(now);
    if let Some(dir) = dir
        && let Err(e) = prefs.save(&dir.settings())
    {
        warn!(
            "cannot write the settings {}: {e}",
            dir.settings().display()
        );
    }
}

/// Sits down at `seat` with the name typed (none typed: the player is asked for one), and a
/// named player's rating in the table's game.
fn sit(table: &mut Table, seat: Seat, name: &str, roster: Option<&crate::strength::Roster>) {
    let Some(code) = table.code.clone() else {
        return;
    };
    let Some(name) = typed_name(name) else {
        table.notice = Some(TableNotice::BadName);
        return;
    };
    table.name = Some(name.clone());
    let rating = table
        .view
        .as_ref()
        .zip(roster)
        .and_then(|(view, roster)| rating_of(roster, name.as_str(), view.game.kind));
    table.send(&ToServer::Join {
        code,
        seat: Some(seat),
        name,
        rating,
    });
}

/// A named player's rating in `kind`, as a table shows it (none: not on this game's roster).
pub fn rating_of(
    roster: &crate::strength::Roster,
    name: &str,
    kind: gamut_engine::any_game::GameKind,
) -> Option<gamut_net::Rating> {
    let rating = roster.rating_of(name, kind)?;
    let whole = rating
        .value
        .round()
        .clamp(0.0, f64::from(gamut_net::MAX_RATING));
    gamut_net::Rating::new(whole as u16)
}

/// Drops the connection and forgets the table (a hosted server goes on serving).
pub(super) fn leave(table: &mut Table) {
    #[cfg(not(target_arch = "wasm32"))]
    let hosted = table.hosted.take();
    *table = Table::default();
    #[cfg(not(target_arch = "wasm32"))]
    {
        table.hosted = hosted;
    }
}

/// The table's game left for another game or for the title: the table is left too.
pub(super) fn leave_the_table(mut table: ResMut<Table>) {
    leave(&mut table);
}

/// The name a spectator goes by at the server (nobody is shown a spectator's name; a player
/// sits down with the name typed, see [`TableCommand::Sit`]).
fn watcher() -> Name {
    Name::parse("-").expect("a name of one character")
}

/// Watching the table `code`.
pub fn watch(code: gamut_net::Code) -> ToServer {
    ToServer::Join {
        code,
        seat: None,
        name: watcher(),
        rating: None,
    }
}

/// Back to the table `code` as before: at the seat held here, with its token, as its big
/// screen, or watching.
fn back_to(table: &Table, code: gamut_net::Code) -> ToServer {
    match (&table.token, table.seat, &table.host_token) {
        (Some(token), Some(_), _) => ToServer::Rejoin {
            code,
            token: token.clone(),
        },
        (_, None, Some(host)) => ToServer::Screen {
            code,
            host: host.clone(),
        },
        _ => watch(code),
    }
}

/// This screen becomes the big screen of the table `code`, which this game hosts.
#[cfg(not(target_arch = "wasm32"))]
fn show(table: &mut Table, wake: &crate::rest::Wake, code: &gamut_net::Code) {
    let host = table.hosted.as_ref().and_then(|h| h.host_of(code));
    let (Some(host), Some(port)) = (host, table.hosted.as_ref().map(|h| h.port)) else {
        table.notice = Some(TableNotice::Refused(gamut_net::Refusal::UnknownTable));
        return;
    };
    let address = table
        .hosted
        .as_ref()
        .map(|h| h.address())
        .unwrap_or_default();
    let first = ToServer::Screen {
        code: code.clone(),
        host: host.clone(),
    };
    connect(
        table,
        wake,
        format!("ws://127.0.0.1:{port}/ws"),
        address,
        first,
    );
    table.host_token = Some(host);
}

/// Puts away the table `code` this game hosts (what stood in the way is said).
#[cfg(not(target_arch = "wasm32"))]
fn put_away(table: &mut Table, code: &gamut_net::Code) {
    let Some(hosted) = table.hosted.as_ref() else {
        table.notice = Some(TableNotice::Refused(gamut_net::Refusal::UnknownTable));
        return;
    };
    match hosted.put_away(code) {
        Ok(()) => info!("table {} put away", code.as_str()),
        Err(refusal) => table.notice = Some(TableNotice::Refused(refusal)),
    }
}

/// The page hosts no table (its Tables screen lists none to put away).
#[cfg(target_arch = "wasm32")]
fn put_away(table: &mut Table, _: &gamut_net::Code) {
    table.notice = Some(TableNotice::HostFailed(super::HostTrouble::Runtime));
}

/// The page hosts no table.
#[cfg(target_arch = "wasm32")]
fn show(table: &mut Table, _: &crate::rest::Wake, _: &gamut_net::Code) {
    table.notice = Some(TableNotice::HostFailed(super::HostTrouble::Runtime));
}

/// The name typed, if it is one (1 to 40 characters).
fn typed_name(name: &str) -> Option<Name> {
    Name::parse(name).ok()
}

fn join(table: &mut Table, wake: &crate::rest::Wake, address: &str, code: &str, name: &str) {
    let request = link::socket_url(address)
        .ok_or(TableNotice::BadAddress)
        .and_then(|url| {
            let code = gamut_net::Code::parse(code).map_err(|_| TableNotice::BadCode)?;
            Ok((url, code))
        });
    match request {
        Ok((url, code)) => {
            connect(table, wake, url, address.trim().to_string(), watch(code));
            table.name = typed_name(name);
        }
        Err(notice) => table.notice = Some(notice),
    }
}

/// Back to a seat kept, with its token: the table as it stands is told on arrival.
fn rejoin(
    table: &mut Table,
    wake: &crate::rest::Wake,
    address: &str,
    code: &gamut_net::Code,
    token: &gamut_net::Token,
) {
    let Some(url) = link::socket_url(address) else {
        table.notice = Some(TableNotice::BadAddress);
        return;
    };
    let first = ToServer::Rejoin {
        code: code.clone(),
        token: token.clone(),
    };
    connect(table, wake, url, address.trim().to_string(), first);
}

/// Keeps the seat taken here in the list of games waiting (and its file).
pub(super) fn remember_the_seat(
    mut table: ResMut<Table>,
    kept: Option<ResMut<super::kept::KeptSeats>>,
) {
    if table.kept.is_none() {
        return;
    }
    let seat = table.kept.take();
    if let (Some(seat), Some(mut kept)) = (seat, kept) {
        kept.keep(seat);
    }
}

/// Connects to the server at `url` (the table left first), which is asked `first` once the
/// connection is open.
fn connect(
    table: &mut Table,
    wake: &crate::rest::Wake,
    url: String,
    address: String,
    first: ToServer,
) {
    leave(table);
    match Connection::open(&url, Some(first), false, wake) {
        Ok(link) => {
            table.link = Some(link);
            table.phase = Phase::Connecting;
        }
        Err(why) => {
            warn!("cannot open the table's connection: {why}");
            table.notice = Some(TableNotice::Unreachable);
        }
    }
    table.url = Some(url);
    table.address = Some(address);
}

/// This game's hosted server (started now when it is not running yet): where this game
/// reaches it and the address players type.
#[cfg(not(target_arch = "wasm32"))]
pub fn hosted_here(
    table: &mut Table,
    data_dir: Option<&crate::persist::DataDir>,
) -> Result<HostedAt, super::HostTrouble> {
    if table.hosted.is_none() {
        table.hosted = Some(super::host::Hosted::start(data_dir)?);
    }
    let hosted = table.hosted.as_ref().ok_or(super::HostTrouble::Runtime)?;
    Ok(HostedAt {
        url: format!("ws://127.0.0.1:{}/ws", hosted.port),
        address: hosted.address(),
        here: format!("127.0.0.1:{}", hosted.port),
        page: hosted.serves_page.then(|| hosted.page_url()),
        operator: Some(hosted.operator.clone()),
    })
}

/// The page makes its tables on the server that served it.
#[cfg(target_arch = "wasm32")]
pub fn hosted_here(
    _: &mut Table,
    _: Option<&crate::persist::DataDir>,
) -> Result<HostedAt, super::HostTrouble> {
    let page = super::page_link::page_address().ok_or(super::HostTrouble::Runtime)?;
    let url = link::socket_url(&page).ok_or(super::HostTrouble::Runtime)?;
    let address = super::page_link::page_host().ok_or(super::HostTrouble::Runtime)?;
    Ok(HostedAt {
        url,
        address: address.clone(),
        here: address,
        page: Some(page),
        operator: None,
    })
}

/// Where this game's hosted server is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostedAt {
    /// Its WebSocket, as this game reaches it.
    pub url: String,
    /// The address players type (this machine on the local network).
    pub address: String,
    /// The address as this game reaches it (`127.0.0.1:port`).
    pub here: String,
    /// The page's address for phones, when the server serves it.
    pub page: Option<String>,
    /// This game's key to the server, when it hosts it (see [`super::host::Hosted::operator`]).
    pub operator: Option<gamut_net::Token>,
}

/// The table the host asked for, and where it sits (none: it watches, the big screen).
struct Hosting<'a> {
    settings: &'a GameSettings,
    clock: gamut_net::Clock,
    name: &'a str,
    seat: Option<Seat>,
}

fn host(
    table: &mut Table,
    wake: &crate::rest::Wake,
    data_dir: Option<&crate::persist::DataDir>,
    hosting: &Hosting,
    roster: Option<&crate::strength::Roster>,
) {
    let name = typed_name(hosting.name);
    if hosting.seat.is_some() && name.is_none() {
        table.notice = Some(TableNotice::BadName);
        return;
    }
    let at = match hosted_here(table, data_dir) {
        Ok(at) => at,
        Err(why) => {
            table.notice = Some(TableNotice::HostFailed(why));
            return;
        }
    };
    let game = hosting.settings.config;
    let first = ToServer::Create {
        game,
        clock: hosting.clock,
        computers: computers(hosting.settings),
        operator: at.operator.clone(),
    };
    connect(table, wake, at.url, at.address, first);
    let rating = name
        .as_ref()
        .zip(roster)
        .and_then(|(name, roster)| rating_of(roster, name.as_str(), game.kind));
    table.sit_when_made = hosting.seat.map(|seat| (seat, rating));
    table.name = name;
}

/// The seats of `settings` the computer plays, for the server's engine.
pub fn computers(settings: &GameSettings) -> Vec<gamut_net::ComputerSeat> {
    settings
        .seats()
        .into_iter()
        .enumerate()
        .filter_map(|(i, player)| match player {
            Player::Computer(level) => Some(gamut_net::ComputerSeat {
                seat: Seat::new(i as u8)?,
                level,
            }),
            _ => None,
        })
        .collect()
}

/// Reads what the server sent. Once at a table, a lost connection (a phone that slept, a
/// network that dropped) is tried again every [`link::RETRY`], back at the same seat with its
/// token, as the big screen, or watching again, and shown the table as it stands.
pub(super) fn read_the_table(
    mut table: ResMut<Table>,
    wake: Res<crate::rest::Wake>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
    mut starts: MessageWriter<StartGame>,
) {
    // Looking changes nothing: the table's screens are redrawn only when something came.
    let at_table = table.bypass_change_detection();
    let back = at_table.code.clone().map(|code| back_to(at_table, code));
    let Some(link) = at_table.link.as_mut() else {
        return;
    };
    if let Some(back) = back {
        link.first = Some(back);
        link.comes_back = true;
    }
    for event in link.read(&wake, &mut next_frame) {
        match event {
            Event::Message(message) => {
                if let Some(start) = take_message(&mut table, *message) {
                    starts.write(start);
                }
            }
            Event::Unreadable(why) => {
                warn!("the table's server sent what this game cannot read: {why}");
                table.notice = Some(TableNotice::Unreadable);
            }
            Event::Lost(why) => {
                warn!("the table's connection: {why}");
                if table.code.is_some() {
                    // Was at the table: back to it as soon as it answers.
                    table.phase = Phase::Lost;
                } else {
                    table.link = None;
                    table.phase = Phase::Away;
                    table.notice = Some(TableNotice::Unreachable);
                }
                return;
            }
        }
    }
}

/// Asks the server to mail `email` of this seat's moves (a correspondence table's), with the
/// reminders a day and an hour before the clock runs out.
fn notify(table: &mut Table, email: &str, lang: &str) {
    let Ok(email) = gamut_net::notify::Email::parse(email) else {
        info!("not an email address: nothing asked");
        table.notice = Some(TableNotice::BadEmail);
        return;
    };
    let mut ask = asked_here(table, lang);
    ask.email = Some(email);
    send_notify(table, ask);
}

/// Asks the server to tell this seat nothing more (no mail, no push).
fn stop_notices(table: &mut Table, lang: &str) {
    let mut ask = asked_here(table, lang);
    ask.email = None;
    ask.push = None;
    send_notify(table, ask);
}

/// What the server keeps of this seat's wish at this table (nothing at another), in `lang`,
/// with the reminders a day and an hour before the clock runs out.
fn asked_here(table: &Table, lang: &str) -> gamut_net::notify::NotifyAsk {
    use gamut_net::notify::{Lang, Reminders};
    let mut ask = table
        .notify
        .as_ref()
        .filter(|told| Some(&told.code) == table.code.as_ref())
        .map(|told| told.ask.clone())
        .unwrap_or_default();
    ask.reminders = Reminders::new(vec![24, 1]).unwrap_or_default();
    ask.lang = Lang::parse(lang).ok();
    ask
}

/// Sends the wish; it is kept once the server answers that it took it.
fn send_notify(table: &mut Table, ask: gamut_net::notify::NotifyAsk) {
    if let Some(code) = table.code.clone() {
        table.asking = Some((code, ask.clone()));
    }
    table.act(|code, token| ToServer::Notify { code, token, ask });
}

/// The server took the wish sent for `code`: kept as what it keeps, and said.
fn notifying(
    table: &mut Table,
    code: gamut_net::Code,
    email: Option<gamut_net::notify::MailState>,
    push: bool,
) {
    let ask = table
        .asking
        .take()
        .filter(|(asked, _)| *asked == code)
        .map(|(_, ask)| ask)
        .unwrap_or_default();
    let address = ask.email.as_ref().map(|e| e.as_str().to_string());
    info!(
        "notices at table {}: mail {email:?}, push {push}",
        code.as_str()
    );
    table.notify = (email.is_some() || push).then_some(super::Told {
        code,
        ask,
        email,
        push,
    });
    table.notice = Some(TableNotice::Notifying {
        email,
        address,
        push,
    });
}

/// The page asks the browser for its push subscription (the answer comes to
/// [`take_the_push`]); elsewhere there is none.
fn ask_push(table: &mut Table, lang: &'static str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(server) = table.url.as_deref().and_then(super::push::http_base) {
        super::push::ask(server, lang);
        return;
    }
    let _ = lang;
    table.notice = Some(TableNotice::NoPush(super::PushTrouble::Unsupported));
}

/// The browser's answer to [`ask_push`]: its subscription sent to the server with what the
/// seat asked before, or that there is none.
pub(super) fn take_the_push(mut table: ResMut<Table>) {
    #[cfg(target_arch = "wasm32")]
    if let Some((subscription, lang)) = super::push::take() {
        match subscription {
            Ok(subscription) => {
                let mut ask = asked_here(&table, lang);
                ask.push = Some(subscription);
                send_notify(&mut table, ask);
            }
            Err(trouble) => {
                info!("no notifications in this browser: {trouble:?}");
                table.notice = Some(TableNotice::NoPush(trouble));
            }
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = &mut table;
}

/// Takes one message of the server's in; a game to start when it tells the whole table.
fn take_message(table: &mut Table, message: ToClient) -> Option<StartGame> {
    match message {
        ToClient::Created { code, host } => {
            info!("table {} made", code.as_str());
            let first = match (table.sit_when_made.take(), table.name.clone()) {
                (Some((seat, rating)), Some(name)) => ToServer::Join {
                    code,
                    seat: Some(seat),
                    name,
                    rating,
                },
                _ => ToServer::Screen {
                    code,
                    host: host.clone(),
                },
            };
            table.host_token = Some(host);
            table.send(&first);
        }
        ToClient::Seated { code, seat, token } => {
            match seat {
                Some(seat) => info!("at table {} in seat {}", code.as_str(), seat.index()),
                None => info!("at table {}, watching", code.as_str()),
            }
            table.code = Some(code);
            table.seat = seat;
            table.token = Some(token);
            table.phase = Phase::AtTable;
            table.notice = None;
        }
        ToClient::Table(view) => return Some(start_from(table, view)),
        ToClient::Moved {
            ply, mv, clocks, ..
        } => {
            if ply as usize >= table.known {
                table.inbox.push_back((ply, mv));
            }
            table.clocks = clocks.map(|view| ToldClocks::now(view, ply as usize + 1));
            // A move answers a pending offer by going on, and ends what was said of the last.
            table.offer = None;
            if table
                .notice
                .as_ref()
                .is_some_and(TableNotice::ends_with_a_move)
            {
                table.notice = None;
            }
        }
        ToClient::Ended { end, .. } => {
            table.end = Some(end);
            table.offer = None;
            if let Some(view) = &mut table.view {
                view.end = Some(end);
            }
        }
        ToClient::Seats {
            seats, spectators, ..
        } => {
            if let Some(view) = &table.view
                && let Some(back) = came_back(&view.seats, &seats)
            {
                table.back = Some((back, web_time::Instant::now()));
            }
            if let Some(view) = &mut table.view {
                view.seats = seats;
                view.spectators = spectators;
            }
        }
        ToClient::Refused { refusal } => {
            let behind = matches!(
                refusal,
                gamut_net::Refusal::Stale { .. }
                    | gamut_net::Refusal::Illegal { .. }
                    | gamut_net::Refusal::NotYourTurn
            );
            if behind {
                resync(table);
            }
            let mut notice = TableNotice::Refused(refusal);
            if let TableNotice::Refused(gamut_net::Refusal::Notify { notify }) = notice {
                // The last wish the server took still stands; this one is forgotten.
                let asked = table.asking.take().map(|(_, ask)| ask);
                // A server without mail (or without Web Push) says so of either: what was
                // asked tells which it lacks, said plainly.
                if notify == gamut_net::notify::NotifyRefusal::Off
                    && let Some(ask) = asked
                {
                    match (ask.email.is_some(), ask.push.is_some()) {
                        (true, false) => notice = TableNotice::NoMail,
                        (false, true) => notice = TableNotice::NoPush(super::PushTrouble::Off),
                        _ => {}
                    }
                }
            }
            table.notice = Some(notice);
        }
        ToClient::Fault { fault } => {
            warn!("the table's server closed the connection: {fault}");
            table.notice = Some(TableNotice::Unreadable);
        }
        ToClient::TakenBack { .. } => {
            table.offer = None;
            table.notice = Some(TableNotice::TakenBack);
            resync(table);
        }
        ToClient::Offered { seat, offer, .. } => {
            table.offer = Some((seat, offer));
            table.notice = None;
        }
        ToClient::Answered {
            seat,
            offer,
            accept,
            ..
        } => {
            table.offer = None;
            if !accept
                && table
                    .seat
                    .is_some_and(|mine| side_of(mine) != side_of(seat))
            {
                table.notice = Some(TableNotice::Declined(offer));
            }
        }
        ToClient::Rematch { code, seat, token } => rematch(table, code, seat, token),
        ToClient::Onward { code } if table.seat.is_none() => {
            info!("the players went on to table {}", code.as_str());
            let onward = back_to(table, code);
            table.send(&onward);
        }
        ToClient::Onward { .. } => {}
        ToClient::PutAway { code } => {
            info!("table {} was put away by its host", code.as_str());
            table.offer = None;
            table.notice = Some(TableNotice::PutAway);
        }
        ToClient::Notifying { code, email, push } => notifying(table, code, email, push),
        ToClient::Hello { .. } | ToClient::Games { .. } | ToClient::Pong => {}
    }
    None
}

/// The named seat whose device came back (was away, is connected now), if one did; each
/// change either way is logged.
fn came_back(before: &[gamut_net::SeatView], now: &[gamut_net::SeatView]) -> Option<Seat> {
    let mut back = None;
    for (i, (was, is)) in before.iter().zip(now).enumerate() {
        let Some(name) = is.name.as_ref().filter(|_| was.name == is.name) else {
            continue;
        };
        match (was.connected, is.connected) {
            (true, false) => info!("{} is away (seat {i})", name.as_str()),
            (false, true) => {
                info!("{} is back (seat {i})", name.as_str());
                back = Seat::new(i as u8);
            }
            _ => {}
        }
    }
    back
}

/// On to the rematch's table, at the seat the server gave this player there (the sides
/// swapped): the table's game starts as the server tells it.
fn rematch(table: &mut Table, code: gamut_net::Code, seat: Seat, token: gamut_net::Token) {
    info!(
        "on to the rematch, table {} in seat {}",
        code.as_str(),
        seat.index()
    );
    table.code = Some(code.clone());
    table.seat = Some(seat);
    table.token = Some(token.clone());
    table.offer = None;
    table.notice = None;
    table.send(&ToServer::Rejoin { code, token });
}

/// What the seat held here may offer now: a draw while the game goes on, a take-back of its
/// own last move before the other side answered it, a rematch once the game is over (and no
/// offer waits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MayOffer {
    pub draw: bool,
    pub take_back: bool,
    pub rematch: bool,
}

/// What the seat held here may offer in `game`.
pub fn may_offer(table: &Table, game: &CurrentGame) -> MayOffer {
    let Some(seat) = table.seat else {
        return MayOffer::default();
    };
    if table.offer.is_some() || table.phase != Phase::AtTable {
        return MayOffer::default();
    }
    let over = game.end().is_some();
    let mut before = game.position().clone();
    let last_mine = before.undo().is_some() && before.seat_to_move() == seat.index();
    MayOffer {
        draw: !over,
        take_back: !over && last_mine && game.ply() == table.known,
        rematch: over,
    }
}

/// Asks the server for the whole table again (the board here is behind, or went astray).
fn resync(table: &mut Table) {
    let Some(code) = table.code.clone() else {
        return;
    };
    let request = back_to(table, code);
    table.send(&request);
}

/// The players at `view`'s seats as this game sees them: the seat held here is a person's
/// here, every other seat is at another device (the server's engine included).
pub fn seats_of(view: &TableView, mine: Option<Seat>) -> GameSettings {
    let player = |i: u8| {
        if mine.is_some_and(|m| m.index() == usize::from(i)) {
            Player::Human
        } else {
            Player::Remote
        }
    };
    GameSettings {
        config: view.game,
        black: player(0),
        white: player(1),
        black_marked: player(2),
        white_marked: player(3),
        clock: time_control(view.clock),
        ..GameSettings::default()
    }
}

/// The names at the table's seats as they change (someone sits down after the game began).
pub(super) fn name_the_seats(table: Res<Table>, mut names: ResMut<SeatNames>) {
    if let Some(view) = &table.view {
        names.set_if_neq(names_of(view));
    }
}

/// The names at `view`'s seats.
fn names_of(view: &TableView) -> SeatNames {
    let mut names = SeatNames::default();
    for (slot, seat) in names.0.iter_mut().zip(&view.seats) {
        *slot = seat.name.as_ref().map(|n| n.as_str().to_string());
    }
    names
}

/// The seat held here at `view`'s table, as the list of games waiting keeps it.
fn kept_seat(table: &Table, view: &TableView) -> Option<super::kept::KeptSeat> {
    Some(super::kept::KeptSeat {
        address: table.address.clone()?,
        code: view.code.clone(),
        token: table.token.clone()?,
        seat: table.seat?,
        game: view.game,
    })
}

/// The game of `view` as play starts it: its start, its moves, its end.
fn start_from(table: &mut Table, view: TableView) -> StartGame {
    let mut game = CurrentGame::from_text(view.game, &view.start)
        .unwrap_or_else(|_| CurrentGame::new(view.game))
        .with_clocks(crate::model::Clocks::new(time_control(view.clock)));
    for mv in &view.moves {
        match game.position().parse_move(mv.as_str()) {
            Ok(mv) => {
                game.play(mv);
            }
            Err(e) => {
                warn!(
                    "the table's move {} cannot be played here: {e}",
                    mv.as_str()
                );
                break;
            }
        }
    }
    if let Some(end) = view.end.and_then(board_end) {
        end_game(&mut game, end);
    }
    table.known = game.ply();
    table.clocks = view.clocks.map(|c| ToldClocks::now(c, game.ply()));
    table.kept = kept_seat(table, &view);
    table.inbox.clear();
    table.end = None;
    let start = StartGame {
        game: Box::new(game),
        seats: seats_of(&view, table.seat),
        names: names_of(&view),
        mode: StartAs::Table,
        notice: None,
    };
    table.view = Some(view);
    start
}

/// How the board ends a game the server ended otherwise than on the board (the rules end it
/// there by themselves).
pub fn board_end(end: Ended) -> Option<GameEnd> {
    if end.reason == EndReason::Agreed {
        return Some(GameEnd::Agreed);
    }
    let winner = if end.winner? == 0 {
        Side::Black
    } else {
        Side::White
    };
    let loser = !winner;
    match end.reason {
        EndReason::Resigned => Some(GameEnd::Resigned(loser)),
        EndReason::OutOfTime => Some(GameEnd::Time(loser)),
        EndReason::OnTheBoard | EndReason::Agreed => None,
    }
}

fn end_game(game: &mut CurrentGame, end: GameEnd) {
    match end {
        GameEnd::Resigned(loser) => game.give_up(loser),
        GameEnd::Time(loser) => game.lose_on_time(loser),
        GameEnd::Agreed => game.agree_draw(),
        GameEnd::Rules(_) => {}
    }
}

/// The table's next move, played through play when the board waits for it; then the table's
/// end, if the server ended the game.
pub(super) fn feed_the_board(
    mut table: ResMut<Table>,
    game: Res<CurrentGame>,
    turn: Option<Res<State<crate::play::TurnState>>>,
    mut moves: MessageWriter<PlayMove>,
    mut ends: MessageWriter<EndedAtTable>,
) {
    let waiting = turn.is_some_and(|t| *t.get() == crate::play::TurnState::AwaitingInput);
    if !waiting {
        return;
    }
    while table
        .inbox
        .front()
        .is_some_and(|(ply, _)| (*ply as usize) < game.ply())
    {
        table.inbox.pop_front();
    }
    if let Some((ply, mv)) = table.inbox.front().cloned() {
        if ply as usize != game.ply() {
            return;
        }
        table.inbox.pop_front();
        match game.position().parse_move(mv.as_str()) {
            Ok(mv) => {
                moves.write(PlayMove::new(mv, Mover::Remote, &game));
                table.known = game.ply() + 1;
            }
            Err(e) => {
                warn!(
                    "the table's move {} cannot be played here: {e}",
                    mv.as_str()
                );
                resync(&mut table);
            }
        }
        return;
    }
    if table.end.is_none() {
        return;
    }
    if let Some(end) = table.end.take().and_then(board_end) {
        ends.write(EndedAtTable(end));
    }
}

/// Sends the move made here (a person's at this seat, or the pass the rules forced on it), and
/// this seat's resignation.
pub(super) fn tell_the_table(mut table: ResMut<Table>, game: Res<CurrentGame>) {
    let (Some(code), Some(token), Some(seat)) =
        (table.code.clone(), table.token.clone(), table.seat)
    else {
        return;
    };
    if game.ply() == table.known + 1 {
        let mut before = game.position().clone();
        let mover = before.undo().map(|mv| (mv, before.seat_to_move()));
        match mover {
            Some((mv, by)) if by == seat.index() => {
                let Ok(text) = gamut_net::MoveText::parse(&mv.to_string()) else {
                    return;
                };
                let ply = table.known as u32;
                table.send(&ToServer::Move {
                    code: code.clone(),
                    token: token.clone(),
                    ply,
                    mv: text,
                });
                table.known += 1;
            }
            // Not this seat's move: the board went astray; the table sets it right.
            _ => resync(&mut table),
        }
    } else if game.ply() != table.known && table.inbox.is_empty() {
        resync(&mut table);
        table.known = game.ply();
    }
    let resigned_here =
        matches!(game.end(), Some(GameEnd::Resigned(loser)) if loser == side_of(seat));
    if resigned_here && table.view.as_ref().is_some_and(|v| v.end.is_none()) {
        table.send(&ToServer::Resign { code, token });
        if let Some(view) = &mut table.view {
            // Sent once; the server's `Ended` confirms it.
            view.end = Some(Ended {
                winner: Some((!side_of(seat)).index() as u8),
                reason: EndReason::Resigned,
            });
        }
    }
}

/// A table's clocks as the server told them: each side's time left when it was sent, and the
/// ply they are of (the running side's clock is counted down here from then on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToldClocks {
    pub view: gamut_net::ClockView,
    pub at: web_time::Instant,
    pub ply: usize,
}

impl ToldClocks {
    fn now(view: gamut_net::ClockView, ply: usize) -> ToldClocks {
        ToldClocks {
            view,
            at: web_time::Instant::now(),
            ply,
        }
    }

    /// `side`'s time left now, `to_move` being the side whose clock runs.
    pub fn left(&self, side: Side, to_move: Side) -> std::time::Duration {
        let told = std::time::Duration::from_millis(self.view.left_ms[side.index()].max(0) as u64);
        if self.view.running && side == to_move {
            told.saturating_sub(self.at.elapsed())
        } else {
            told
        }
    }
}

/// The time control the board shows for a table's clock (by correspondence: the days for
/// each move).
pub fn time_control(clock: gamut_net::Clock) -> crate::model::TimeControl {
    use crate::model::TimeControl;
    use std::time::Duration;
    match clock {
        gamut_net::Clock::Untimed => TimeControl::Untimed,
        gamut_net::Clock::Live { seconds, increment } => TimeControl::Game {
            base: Duration::from_secs(seconds.into()),
            increment: Duration::from_secs(increment.into()),
        },
        gamut_net::Clock::Correspondence { days } => {
            TimeControl::PerMove(Duration::from_secs(u64::from(days) * 86_400))
        }
    }
}

/// The table's clocks as the server told them, counted down here, to play (which sets the
/// board's: the one writer of the game), redrawn when a face changes.
pub(super) fn show_the_clocks(
    table: Res<Table>,
    game: Res<CurrentGame>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
    mut clocks: MessageWriter<crate::play::ClocksAtTable>,
) {
    let Some(told) = table.clocks else {
        return;
    };
    if !game.clocks().is_timed() || game.ply() != told.ply {
        return;
    }
    let to_move = game.side_to_move();
    let running = told.view.running && game.end().is_none();
    let left = [Side::Black, Side::White].map(|side| told.left(side, to_move));
    if running {
        next_frame.within(crate::model::clock::face_changes_in(left[to_move.index()]));
    }
    if running
        || game.clocks().left(Side::Black) != left[0]
        || game.clocks().left(Side::White) != left[1]
    {
        clocks.write(crate::play::ClocksAtTable {
            left,
            ply: told.ply,
            running,
        });
    }
}

#[cfg(test)]
mod notify_tests {
    use super::*;
    use gamut_net::notify::{MailState, NotifyRefusal};

    fn seated() -> Table {
        Table {
            phase: Phase::AtTable,
            code: gamut_net::Code::parse("ABCDE").ok(),
            seat: Seat::new(0),
            token: gamut_net::Token::parse("0123456789abcdef0123456789abcdef").ok(),
            ..Table::default()
        }
    }

    /// A wish the server refused is not sent again with the next: an address the server
    /// cannot mail (or a server with no mail) does not sink the page's notifications after it.
    #[test]
    fn a_refused_wish_is_forgotten_and_a_taken_one_kept() {
        let mut table = seated();
        let code = table.code.clone().unwrap();
        notify(&mut table, "not an address", "en");
        assert_eq!(table.notice, Some(TableNotice::BadEmail));
        assert!(table.asking.is_none());

        notify(&mut table, " ann@example.org ", "fr");
        let refusal = gamut_net::Refusal::Notify {
            notify: NotifyRefusal::Off,
        };
        take_message(&mut table, ToClient::Refused { refusal });
        assert!(table.asking.is_none() && table.notify.is_none());
        // A server without mail: said so plainly.
        assert_eq!(table.notice, Some(TableNotice::NoMail));
        assert!(asked_here(&table, "en").email.is_none());

        notify(&mut table, "ann@example.org", "fr");
        take_message(
            &mut table,
            ToClient::Notifying {
                code: code.clone(),
                email: Some(MailState::Confirming),
                push: false,
            },
        );
        let told = table.notify.clone().expect("kept");
        assert_eq!(told.ask.email.unwrap().as_str(), "ann@example.org");
        assert_eq!(told.ask.lang.unwrap().as_str(), "fr");
        assert_eq!(
            table.notice,
            Some(TableNotice::Notifying {
                email: Some(MailState::Confirming),
                address: Some("ann@example.org".into()),
                push: false,
            })
        );
        assert!(asked_here(&table, "en").email.is_some(), "sent with a push");

        stop_notices(&mut table, "en");
        let stop = table.asking.clone().unwrap().1;
        assert!(stop.email.is_none() && stop.push.is_none());
        take_message(
            &mut table,
            ToClient::Notifying {
                code,
                email: None,
                push: false,
            },
        );
        assert!(table.notify.is_none());
    }
}
