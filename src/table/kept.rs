//! The seats this player keeps at tables: a game by correspondence left for days, a live one
//! whose window was closed. Remembered in `tables.json` in the data folder (the page's storage
//! in the browser) by the store's one lifecycle, so that the Tables screen lists the games
//! waiting, asks their servers whose turn it is ([`Standings`]), and takes the player back to
//! a seat with its token.

use std::collections::HashMap;

use bevy::prelude::*;
use gamut_engine::any_game::GameConfig;
use gamut_net::{Code, GameStanding, Seat, ToClient, ToServer, Token};
use serde::{Deserialize, Serialize};

use super::link::{self, Connection, Event};
use crate::model::{DataFile, FileReport};
use crate::persist::DataDir;
use crate::store::{Aside, DocFile, Parsed, Place, Spec, versioned_json};

/// The file's name, in the data folder.
pub const KEPT_FILE: &str = "tables.json";
/// The file's format.
const FORMAT: u32 = 1;
/// The most seats kept (the newest; the server answers up to 200 at once).
pub const MAX_KEPT: usize = 50;
/// The most the game reads of the file.
const MAX_BYTES: usize = 256 << 10;

const SPEC: Spec = Spec {
    file: DataFile::Tables,
    limit: MAX_BYTES,
    aside: Aside::Stamped,
};

/// A seat held at a table: where, which, its token, and the game played there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeptSeat {
    /// The server's address as the player typed it.
    pub address: String,
    pub code: Code,
    pub token: Token,
    pub seat: Seat,
    pub game: GameConfig,
}

#[derive(Serialize, Deserialize)]
struct KeptFile {
    format: u32,
    seats: Vec<KeptSeat>,
}

/// The seats kept, newest first, and their file.
#[derive(Resource, Debug, Default)]
pub struct KeptSeats {
    pub seats: Vec<KeptSeat>,
    file: DocFile,
}

impl KeptSeats {
    /// Reads the seats kept at `place` (none when there is no file; a broken file is kept
    /// aside, one of a newer game left alone: see the store).
    pub fn open(place: Place) -> KeptSeats {
        let (read, file) = DocFile::open(place, SPEC, |bytes| {
            match versioned_json::<KeptFile>(bytes, "format", FORMAT) {
                Parsed::Read(kept) => Parsed::Read(kept.seats),
                Parsed::TooNew { format, newest } => Parsed::TooNew { format, newest },
                Parsed::Broken { why, .. } => Parsed::Broken {
                    why,
                    salvaged: None,
                },
            }
        });
        KeptSeats {
            seats: read.unwrap_or_default(),
            file,
        }
    }

    /// What went wrong with the file, if anything.
    pub fn problem(&self) -> Option<&FileReport> {
        self.file.problem.as_ref()
    }

    /// Keeps `seat` (first in the list; the same table's seat replaced) and writes the file.
    pub fn keep(&mut self, seat: KeptSeat) {
        if self.seats.first() == Some(&seat) {
            return;
        }
        self.seats.retain(|s| s.code != seat.code);
        self.seats.insert(0, seat);
        self.seats.truncate(MAX_KEPT);
        self.save();
    }

    /// Forgets the seat at table `code` and writes the file.
    pub fn forget(&mut self, code: &Code) {
        let before = self.seats.len();
        self.seats.retain(|s| &s.code != code);
        if self.seats.len() != before {
            self.save();
        }
    }

    fn save(&mut self) {
        let kept = KeptFile {
            format: FORMAT,
            seats: self.seats.clone(),
        };
        self.file.save_json(&kept);
    }
}

/// Reads the seats kept in the data folder at the start (kept in memory when there is none).
pub(super) fn load_kept(dir: Option<Res<DataDir>>, mut commands: Commands) {
    let kept = match dir {
        Some(dir) => KeptSeats::open(dir.data_place(KEPT_FILE)),
        None => KeptSeats::default(),
    };
    commands.insert_resource(kept);
}

/// What the servers of the seats kept said of their games: whose turn, how far, the end.
#[derive(Resource, Default)]
pub struct Standings {
    /// The games the servers told, by table.
    pub games: HashMap<Code, GameStanding>,
    /// The servers asked and not yet answered, by address: the connection, which asks as it
    /// opens.
    asking: HashMap<String, Connection>,
    /// The addresses that could not be asked.
    pub unreachable: Vec<String>,
}

impl std::fmt::Debug for Standings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Standings")
            .field("games", &self.games)
            .field("asking", &self.asking.keys().collect::<Vec<_>>())
            .field("unreachable", &self.unreachable)
            .finish()
    }
}

impl Standings {
    /// Whether a server is still being asked.
    pub fn asking(&self) -> bool {
        !self.asking.is_empty()
    }

    /// What the seat kept at `code` stands at: told, asked, or out of reach.
    pub fn of(&self, kept: &KeptSeat) -> Standing<'_> {
        match self.games.get(&kept.code) {
            Some(game) => Standing::Told(game),
            None if self.asking.contains_key(&kept.address) => Standing::Asking,
            None if self.unreachable.contains(&kept.address) => Standing::Unreachable,
            None => Standing::Gone,
        }
    }
}

/// Where a kept seat's game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing<'a> {
    Told(&'a GameStanding),
    Asking,
    Unreachable,
    /// Its server holds the table no more (put away, or another server now answers there).
    Gone,
}

/// Asks each server of the seats kept how their games stand (the Tables screen opened).
pub(super) fn ask_standings(
    kept: Res<KeptSeats>,
    mut standings: ResMut<Standings>,
    wake: Res<crate::rest::Wake>,
) {
    *standings = Standings::default();
    let mut by_address: HashMap<&str, Vec<(Code, Token)>> = HashMap::new();
    for seat in &kept.seats {
        by_address
            .entry(seat.address.as_str())
            .or_default()
            .push((seat.code.clone(), seat.token.clone()));
    }
    for (address, seats) in by_address {
        let Some(url) = link::socket_url(address) else {
            continue;
        };
        let question = Some(ToServer::Games { seats });
        match Connection::open(&url, question, false, &wake) {
            Ok(link) => {
                standings.asking.insert(address.to_string(), link);
            }
            Err(why) => {
                warn!("cannot ask {address} about the games waiting: {why}");
                standings.unreachable.push(address.to_string());
            }
        }
    }
}

/// Reads the servers' answers; each connection is closed once it has answered.
pub(super) fn read_standings(
    mut standings: ResMut<Standings>,
    wake: Res<crate::rest::Wake>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
) {
    if standings.asking.is_empty() {
        return;
    }
    let mut done = Vec::new();
    let Standings {
        games,
        asking,
        unreachable,
    } = &mut *standings;
    for (address, link) in asking.iter_mut() {
        for event in link.read(&wake, &mut next_frame) {
            match event {
                Event::Message(message) => {
                    if let ToClient::Games { games: told } = *message {
                        for game in told {
                            games.insert(game.code.clone(), game);
                        }
                        done.push(address.clone());
                    }
                }
                Event::Unreadable(why) => {
                    warn!("{address} answered what this game cannot read: {why}");
                }
                Event::Lost(why) => {
                    warn!("cannot ask {address} about the games waiting: {why}");
                    unreachable.push(address.clone());
                    done.push(address.clone());
                }
            }
        }
    }
    for address in done {
        asking.remove(&address);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryBackend;
    use std::sync::Arc;

    fn seat(code: &str) -> KeptSeat {
        KeptSeat {
            address: "192.168.1.20:7878".into(),
            code: Code::parse(code).unwrap(),
            token: Token::parse("0123456789abcdef0123456789abcdef").unwrap(),
            seat: Seat::new(1).unwrap(),
            game: GameConfig::default(),
        }
    }

    #[test]
    fn kept_seats_are_written_and_read_back_newest_first() {
        let backend = Arc::new(MemoryBackend::default());
        let place = Place::new(backend.clone(), KEPT_FILE);
        let mut kept = KeptSeats::open(place.clone());
        assert!(kept.seats.is_empty());
        kept.keep(seat("ABCDE"));
        kept.keep(seat("FGHJK"));
        kept.keep(seat("ABCDE"));
        let again = KeptSeats::open(place.clone());
        let codes: Vec<_> = again.seats.iter().map(|s| s.code.as_str()).collect();
        assert_eq!(codes, ["ABCDE", "FGHJK"]);
        let mut again = again;
        again.forget(&Code::parse("ABCDE").unwrap());
        assert_eq!(KeptSeats::open(place).seats.len(), 1);
    }

    #[test]
    fn a_broken_file_is_kept_aside_and_a_newer_one_left_alone() {
        let backend = Arc::new(MemoryBackend::default());
        let place = Place::new(backend.clone(), KEPT_FILE);
        place.write(b"{ not json").unwrap();
        let kept = KeptSeats::open(place.clone());
        assert!(kept.seats.is_empty());
        assert!(kept.problem().is_some());
        assert!(!place.exists(), "moved aside, not deleted");

        place.write(br#"{"format": 99, "seats": []}"#).unwrap();
        let mut kept = KeptSeats::open(place.clone());
        assert!(kept.problem().is_some());
        kept.keep(seat("ABCDE"));
        assert_eq!(
            place.read(1000).unwrap(),
            br#"{"format": 99, "seats": []}"#,
            "never written over"
        );
    }
}
