//! The night across screens: a pairing's game at a table of the server this game hosts (see
//! `crate::table`), played on the players' own phones and computers. The tournament makes the
//! table (the night's game and clock, a computer entry's seat played by the server's engine),
//! watches it on a connection of its own, shows its code, who sat down and how far the game is
//! on the round's page, and enters its result by itself when the server ends the game. The
//! tables' codes are kept with the tournament (in its file), so that a host that closed and
//! came back follows them again; the server keeps the games themselves in its database.
//!
//! "Show" puts one board on the host's screen (the table's big screen); leaving it comes back
//! to the tournament.

use std::collections::BTreeMap;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_net::{Code, Ended, Refusal, Seat, SeatView, ToClient, ToServer};

use super::core::{EntrantKind, GameResult, Pairing, Tournament};
use super::night::NightSetup;
use crate::model::TimeControl;
use crate::table::link::{Connection, Event};

/// The night's tables as the screens show them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AtTables {
    /// Where the players join (this machine on the local network), once this game hosts.
    pub address: Option<String>,
    /// The page's address for phones (the QR code), when the server serves the page.
    pub page: Option<String>,
    /// Each pairing at a table: (round, board).
    pub boards: BTreeMap<(u8, u8), BoardAtTable>,
}

/// A pairing's table as last told.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardAtTable {
    /// The table's code (none until the server made it).
    pub code: Option<Code>,
    /// Who sits at each seat (Black, White), as they sat down.
    pub seats: Vec<SeatView>,
    /// The moves played so far.
    pub moves: usize,
    /// How the game ended, once it did.
    pub end: Option<Ended>,
    /// The server no longer has the table (put away long after its end, or lost).
    pub gone: bool,
}

impl BoardAtTable {
    /// The name of whoever sits at `side`'s seat (none: free, or the server's engine).
    pub fn sitter(&self, side: Side) -> Option<&str> {
        let seat = self.seats.get(side.index())?;
        seat.computer.is_none().then_some(())?;
        seat.name.as_ref().map(|n| n.as_str())
    }
}

/// The connections that follow the night's tables (this game is a spectator at each).
#[derive(Resource, Default)]
pub struct Followers {
    /// The hosted server's WebSocket, as this game reaches it.
    url: Option<String>,
    /// The address as this game reaches it (`127.0.0.1:port`), for "Show".
    pub here: Option<String>,
    /// This game's key to its own server (its tables count against no address).
    operator: Option<gamut_net::Token>,
    each: BTreeMap<(u8, u8), Follower>,
}

/// One table's connection: it makes the table, then watches it (again after a loss).
struct Follower {
    link: Connection,
}

impl Followers {
    /// Whether `(round, board)` is followed.
    pub fn follows(&self, at: (u8, u8)) -> bool {
        self.each.contains_key(&at)
    }
}

/// The server's clock for the night's clock (none: a time per move, which a table has not).
pub fn table_clock(clock: TimeControl) -> Option<gamut_net::Clock> {
    match clock {
        TimeControl::Untimed => Some(gamut_net::Clock::Untimed),
        TimeControl::Game { base, increment } => Some(gamut_net::Clock::Live {
            seconds: u32::try_from(base.as_secs()).ok()?,
            increment: u32::try_from(increment.as_secs()).ok()?,
        }),
        TimeControl::PerMove(_) => None,
    }
}

/// The table a pairing is played at: the night's game and clock, a computer entry's seat
/// played by the server's engine at the entry's level.
pub fn table_for(tournament: &Tournament, setup: &NightSetup, pairing: &Pairing) -> ToServer {
    let computers = [(pairing.black, 0u8), (pairing.white, 1)]
        .into_iter()
        .filter_map(|(player, seat)| {
            let EntrantKind::Computer { level } = tournament.entrant(player)?.kind else {
                return None;
            };
            Some(gamut_net::ComputerSeat {
                seat: Seat::new(seat)?,
                level: gamut_engine::level::Level::new(level).unwrap_or_default(),
            })
        })
        .collect();
    ToServer::Create {
        game: setup.config,
        clock: table_clock(setup.clock).unwrap_or(gamut_net::Clock::Untimed),
        computers,
        // The hosting game's key, given as the table is made (see `Followers::follow`).
        operator: None,
    }
}

/// The tournament's result of a table's end.
pub fn result_of(end: Ended) -> GameResult {
    match end.winner {
        Some(0) => GameResult::BlackWins,
        Some(_) => GameResult::WhiteWins,
        None => GameResult::Draw,
    }
}

/// The key the tables' codes are kept under in the tournament's setup.
const CODES: &str = "tables";

/// The tables' codes kept with the tournament: (round, board) to code.
pub fn kept_codes(tournament: &Tournament) -> BTreeMap<(u8, u8), Code> {
    let Some(codes) = tournament.setup().get(CODES).and_then(|c| c.as_object()) else {
        return BTreeMap::new();
    };
    codes
        .iter()
        .filter_map(|(at, code)| {
            let (round, board) = at.split_once('.')?;
            let at = (round.parse().ok()?, board.parse().ok()?);
            Some((at, Code::parse(code.as_str()?).ok()?))
        })
        .collect()
}

/// Keeps `code` as the table of `(round, board)` with the tournament.
pub fn keep_code(tournament: &mut Tournament, (round, board): (u8, u8), code: &Code) {
    let Some(setup) = tournament.setup_mut().as_object_mut() else {
        return;
    };
    let codes = setup
        .entry(CODES)
        .or_insert_with(|| serde_json::Value::Object(Default::default()));
    if let Some(codes) = codes.as_object_mut() {
        codes.insert(format!("{round}.{board}"), code.as_str().into());
    }
}

impl Followers {
    /// Follows `at`'s table: opens its connection, which sends `first` (make it, or watch it).
    pub fn follow(
        &mut self,
        at: (u8, u8),
        first: ToServer,
        wake: &crate::rest::Wake,
    ) -> Result<(), String> {
        let url = self.url.clone().ok_or("not hosting")?;
        let first = match first {
            ToServer::Create {
                game,
                clock,
                computers,
                ..
            } => ToServer::Create {
                game,
                clock,
                computers,
                operator: self.operator.clone(),
            },
            other => other,
        };
        let link = Connection::open(&url, Some(first), true, wake)?;
        self.each.insert(at, Follower { link });
        Ok(())
    }

    /// Follows no table any more (the tournament was put away).
    pub fn forget_all(&mut self) {
        self.each.clear();
    }

    /// The hosted server is at `at`.
    pub fn hosted_at(&mut self, at: &crate::table::follow::HostedAt) {
        self.url = Some(at.url.clone());
        self.here = Some(at.here.clone());
        self.operator = at.operator.clone();
    }
}

/// What one table's connection brought, for the night to take in.
#[derive(Debug, Clone, PartialEq)]
pub enum Told {
    /// The table was made with this code.
    Made(Code),
    /// The table's seats, moves and end, as they stand.
    Board {
        seats: Option<Vec<SeatView>>,
        moves: Option<usize>,
        end: Option<Ended>,
    },
    /// The server does not have the table.
    Gone,
}

/// Reads every table's connection: what each told (the connections tried again when lost).
pub fn read(
    followers: &mut Followers,
    wake: &crate::rest::Wake,
    next_frame: &mut crate::rest::NextFrame,
) -> Vec<((u8, u8), Told)> {
    let mut told = Vec::new();
    let mut gone = Vec::new();
    for (&at, follower) in &mut followers.each {
        for event in follower.link.read(wake, next_frame) {
            match event {
                Event::Message(message) => {
                    if let Some(news) = take(follower, *message) {
                        if news == Told::Gone {
                            gone.push(at);
                        }
                        told.push((at, news));
                    }
                }
                Event::Unreadable(why) | Event::Lost(why) => {
                    warn!("the tournament's table {at:?}: {why}");
                }
            }
        }
    }
    for at in gone {
        followers.each.remove(&at);
    }
    told
}

/// What a message of the table's tells the night (and the watch asked once it is made).
fn take(follower: &mut Follower, message: ToClient) -> Option<Told> {
    match message {
        ToClient::Created { code, .. } => {
            let watch = crate::table::follow::watch(code.clone());
            follower.link.send(&watch);
            // From now on, a lost connection comes back to watch the table made.
            follower.link.first = Some(watch);
            Some(Told::Made(code))
        }
        ToClient::Table(view) => Some(Told::Board {
            seats: Some(view.seats),
            moves: Some(view.moves.len()),
            end: view.end,
        }),
        ToClient::Moved { ply, .. } => Some(Told::Board {
            seats: None,
            moves: Some(ply as usize + 1),
            end: None,
        }),
        ToClient::Seats { seats, .. } => Some(Told::Board {
            seats: Some(seats),
            moves: None,
            end: None,
        }),
        ToClient::Ended { end, .. } => Some(Told::Board {
            seats: None,
            moves: None,
            end: Some(end),
        }),
        ToClient::TakenBack { .. } => {
            // The table as it stands again.
            if let Some(first) = follower.link.first.clone() {
                follower.link.send(&first);
            }
            None
        }
        ToClient::Refused {
            refusal: Refusal::UnknownTable,
        }
        | ToClient::PutAway { .. } => Some(Told::Gone),
        _ => None,
    }
}

/// Takes what a table told into its board as the screens show it.
pub fn take_in(board: &mut BoardAtTable, told: Told) {
    match told {
        Told::Made(code) => board.code = Some(code),
        Told::Board { seats, moves, end } => {
            if let Some(seats) = seats {
                board.seats = seats;
            }
            if let Some(moves) = moves {
                board.moves = moves;
            }
            if end.is_some() {
                board.end = end;
            }
        }
        Told::Gone => board.gone = true,
    }
}

#[cfg(test)]
mod tests {
    use super::super::core::{Entrant, Format};
    use super::*;
    use std::time::Duration;

    fn setup(clock: TimeControl) -> NightSetup {
        NightSetup {
            config: Default::default(),
            clock,
            think_time: Duration::from_millis(500),
        }
    }

    fn night() -> Tournament {
        let entrants = vec![
            Entrant::person("Ada"),
            Entrant::computer("Gamut", 3),
            Entrant::person("Bo"),
            Entrant::person("Cy"),
        ];
        let setup = setup(TimeControl::game(10, 5));
        Tournament::new(
            entrants,
            Format::RoundRobin { double: false },
            setup.to_value(),
        )
        .expect("a tournament")
    }

    #[test]
    fn a_tables_code_is_kept_with_the_tournament_and_read_back() {
        let mut t = night();
        let code = Code::parse("ABCDE").unwrap();
        keep_code(&mut t, (1, 2), &code);
        keep_code(&mut t, (3, 1), &Code::parse("XY3ZW").unwrap());
        let back = Tournament::from_json(&t.to_json().unwrap()).unwrap();
        let codes = kept_codes(&back);
        assert_eq!(codes.get(&(1, 2)), Some(&code));
        assert_eq!(codes.len(), 2);
        assert_eq!(
            NightSetup::from_value(back.setup()),
            Some(setup(TimeControl::game(10, 5))),
            "the game's setup reads as before"
        );
    }

    #[test]
    fn a_computer_entry_is_the_servers_engine_at_its_level() {
        let t = night();
        let pairing = t
            .rounds()
            .iter()
            .flat_map(|r| &r.games)
            .find(|g| [g.black, g.white].iter().any(|p| p.index() == 1))
            .copied()
            .expect("the computer plays");
        let ToServer::Create {
            computers, clock, ..
        } = table_for(&t, &setup(TimeControl::game(10, 5)), &pairing)
        else {
            panic!("a table made");
        };
        assert_eq!(computers.len(), 1);
        let seat = if pairing.black.index() == 1 { 0 } else { 1 };
        assert_eq!(computers[0].seat.index(), seat);
        assert_eq!(computers[0].level.number(), 3);
        assert_eq!(
            clock,
            gamut_net::Clock::Live {
                seconds: 600,
                increment: 5
            }
        );
    }

    #[test]
    fn a_tables_end_is_the_tournaments_result() {
        let end = |winner| Ended {
            winner,
            reason: gamut_net::EndReason::OnTheBoard,
        };
        assert_eq!(result_of(end(Some(0))), GameResult::BlackWins);
        assert_eq!(result_of(end(Some(1))), GameResult::WhiteWins);
        assert_eq!(result_of(end(None)), GameResult::Draw);
        assert_eq!(
            table_clock(TimeControl::PerMove(Duration::from_secs(30))),
            None
        );
    }
}
