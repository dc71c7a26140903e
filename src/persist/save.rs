//! The game ↔ a save file: the record (with the players' names, the date and the result) and,
//! beside it, what the record does not hold — each seat's player and level, the think time,
//! the animation speed and the view — so a loaded game continues exactly where it was.

use std::time::Duration;

use gamut_engine::record::{
    MAX_RECORD_BYTES, Players, Record, RecordError, SaveFile, Termination,
    read_record_or_save_bytes, read_save,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use gamut_engine::Color as Side;

use crate::model::{
    AnimationSpeed, Clocks, CurrentGame, GameEnd, GameSettings, Player, SeatNames, TimeControl,
};

/// Each seat's player as on the command line (`human`, `ai:3`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlayers {
    /// Black (the plain set in LOA for four).
    pub black: String,
    /// White (the plain set in LOA for four).
    pub white: String,
    /// LOA for four: Black's marked set.
    pub black_marked: String,
    /// LOA for four: White's marked set.
    pub white_marked: String,
}

impl SeatPlayers {
    /// The players of `settings`.
    pub fn of(settings: &GameSettings) -> SeatPlayers {
        SeatPlayers {
            black: player_code(settings.black),
            white: player_code(settings.white),
            black_marked: player_code(settings.black_marked),
            white_marked: player_code(settings.white_marked),
        }
    }

    /// Puts the players that read into `settings` (others are left as they are).
    pub fn apply(&self, settings: &mut GameSettings) {
        let seats = [
            (&self.black, &mut settings.black),
            (&self.white, &mut settings.white),
            (&self.black_marked, &mut settings.black_marked),
            (&self.white_marked, &mut settings.white_marked),
        ];
        for (code, seat) in seats {
            if let Ok(player) = Player::parse(code) {
                *seat = player;
            }
        }
    }
}

/// The view when the game was saved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedView {
    /// The flat top-down view.
    pub flat: bool,
    /// The board turned half round.
    pub flipped: bool,
}

/// The save file's fields beside `format` and `record`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SaveExtra {
    /// Each seat's player and level.
    pub players: Option<SeatPlayers>,
    /// The computer's think time per move, in milliseconds.
    pub think_time_ms: Option<u64>,
    /// The animation speed's name.
    pub animation: Option<String>,
    /// The view.
    pub view: Option<SavedView>,
    /// When it was saved (`YYYY-MM-DD`).
    pub saved: Option<String>,
    /// The clocks, when the game is timed.
    pub clock: Option<SavedClock>,
}

/// The clocks in a save file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    /// The time control as [`TimeControl::parse`] reads it (`5+3`, `30s/move`).
    pub control: String,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Whether the clocks stop while a dialog is open or the window is minimised.
    pub pause: bool,
}

impl SavedClock {
    /// The clocks of `game` played under `settings`, if timed.
    fn of(game: &CurrentGame, settings: &GameSettings) -> Option<SavedClock> {
        let clocks = game.clocks();
        clocks.is_timed().then(|| SavedClock {
            control: clocks.control.code(),
            black_ms: clocks.left(Side::Black).as_millis() as u64,
            white_ms: clocks.left(Side::White).as_millis() as u64,
            pause: settings.pause_clocks,
        })
    }

    /// The clocks back, or `None` if the control cannot be read.
    fn clocks(&self) -> Option<Clocks> {
        let control = TimeControl::parse(&self.control).ok()?;
        Some(Clocks::resumed(
            control,
            Duration::from_millis(self.black_ms),
            Duration::from_millis(self.white_ms),
        ))
    }
}

/// A game read from a file, ready to play on.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The game with its history.
    pub game: CurrentGame,
    /// The settings it was played with (players, think time; the rest from the current ones).
    pub settings: GameSettings,
    /// The view, when the file kept it.
    pub view: Option<SavedView>,
    /// The record as read (players' names, date, result).
    pub record: Record,
    /// The people's names at the seats, read back from the record's tags (a tag that is not
    /// one [`record_name`] writes nor a player's code is a person's name).
    pub names: SeatNames,
}

/// `human` or `ai:N`, as [`Player::parse`] reads it.
pub fn player_code(player: Player) -> String {
    match player {
        // A person at another device of a table is a person in a record.
        Player::Human | Player::Remote => "human".into(),
        Player::Computer(level) => format!("ai:{}", level.number()),
    }
}

/// The most characters of a person's name read from a record (a longer tag is cut).
const MAX_NAME_CHARS: usize = 64;

/// The player's name in a record's `Black`/`White` tag.
pub fn record_name(player: Player) -> String {
    match player {
        Player::Human | Player::Remote => "Human".into(),
        Player::Computer(level) => format!("Computer (level {})", level.number()),
    }
}

/// A player back from a record's name (the names [`record_name`] writes, or a code).
fn player_from_name(name: &str) -> Option<Player> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("human") {
        return Some(Player::Human);
    }
    if let Some(level) = name
        .strip_prefix("Computer (level ")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        return Player::parse(&format!("ai:{level}")).ok();
    }
    Player::parse(name).ok()
}

/// The record of the game: moves, players' names, today's date, the result.
pub fn record_of(game: &CurrentGame, settings: &GameSettings) -> Record {
    record_of_named(game, settings, &SeatNames::default())
}

/// The record of the game played by the people `names`: a named person's tag is their name
/// (`[Black "Ada"]`), every other seat's as [`record_of`] says it.
pub fn record_of_named(game: &CurrentGame, settings: &GameSettings, names: &SeatNames) -> Record {
    let mut record = Record::from_game(game.config, game.position());
    let four = game.is_four_players();
    let names = names.for_people(settings);
    let tag =
        |seat: usize, player: Player| names.0[seat].clone().unwrap_or_else(|| record_name(player));
    record.players = Players {
        black: Some(tag(0, settings.black)),
        white: Some(tag(1, settings.white)),
        black_marked: four.then(|| tag(2, settings.black_marked)),
        white_marked: four.then(|| tag(3, settings.white_marked)),
    };
    record.date = Some(gamut_engine::record::today());
    match game.end() {
        Some(GameEnd::Resigned(loser)) => record.resign(loser),
        Some(GameEnd::Time(loser)) => record.lose_on_time(loser),
        Some(GameEnd::Agreed) => {
            record.result = gamut_engine::record::GameResult::Draw;
            record.termination = Some(gamut_engine::record::Termination::Agreement);
        }
        _ => {}
    }
    if let Some(tag) = settings.clock.record_tag() {
        record.other_tags.push(("TimeControl".into(), tag));
    }
    record
}

/// The save file of the game.
pub fn save_file(game: &CurrentGame, settings: &GameSettings, view: Option<SavedView>) -> SaveFile {
    save_file_named(game, settings, &SeatNames::default(), view)
}

/// The save file of the game played by the people `names` (their names in its record).
pub fn save_file_named(
    game: &CurrentGame,
    settings: &GameSettings,
    names: &SeatNames,
    view: Option<SavedView>,
) -> SaveFile {
    let extra = SaveExtra {
        players: Some(SeatPlayers::of(settings)),
        think_time_ms: Some(settings.think_time.as_millis() as u64),
        animation: Some(settings.animation.name().into()),
        view,
        saved: Some(gamut_engine::record::today()),
        clock: SavedClock::of(game, settings),
    };
    let mut save = SaveFile::new(record_of_named(game, settings, names));
    if let Ok(Value::Object(map)) = serde_json::to_value(&extra) {
        save.extra = map;
    }
    save
}

/// Reads a save file or a record (bytes as read from a file or pasted), replaying every move:
/// the game with its history and the settings to play on with (`current` fills what the file
/// does not say). Never panics; every problem is a [`RecordError`] with line and column.
pub fn load(bytes: &[u8], current: &GameSettings) -> Result<Loaded, RecordError> {
    let text = std::str::from_utf8(bytes).ok();
    let is_save = text.is_some_and(|t| {
        bytes.len() <= MAX_RECORD_BYTES
            && t.strip_prefix('\u{feff}')
                .unwrap_or(t)
                .trim_start()
                .starts_with('{')
    });
    let (record, extra) = match text {
        Some(text) if is_save => {
            let save = read_save(text)?;
            (save.record, save.extra)
        }
        _ => (read_record_or_save_bytes(bytes)?, Map::new()),
    };
    let position = record.replay()?;
    let mut game = CurrentGame::from_replay(record.config, &position);
    if record.termination == Some(Termination::Resignation) && game.end().is_none() {
        game.resign();
    }
    let extra: SaveExtra = serde_json::from_value(Value::Object(extra)).unwrap_or_default();
    // A game lost on time: the loser is the side the result says lost.
    if record.termination == Some(Termination::Time)
        && let Some(winner) = record.result.winner()
    {
        game.lose_on_time(!winner);
    }
    let mut settings = *current;
    settings.config = record.config;
    let mut people = SeatNames::default();
    let tags = [
        &record.players.black,
        &record.players.white,
        &record.players.black_marked,
        &record.players.white_marked,
    ];
    for (seat, tag) in tags.into_iter().enumerate() {
        people.0[seat] = tag
            .as_deref()
            .map(str::trim)
            .filter(|name| !name.is_empty() && *name != "?" && player_from_name(name).is_none())
            .map(|name| name.chars().take(MAX_NAME_CHARS).collect());
    }
    let names = [
        (&record.players.black, &mut settings.black),
        (&record.players.white, &mut settings.white),
        (&record.players.black_marked, &mut settings.black_marked),
        (&record.players.white_marked, &mut settings.white_marked),
    ];
    for (name, seat) in names {
        if let Some(player) = name.as_deref().and_then(player_from_name) {
            *seat = player;
        }
    }
    if let Some(players) = &extra.players {
        players.apply(&mut settings);
    }
    // A named seat is a person's (a record without the save's players says only the name).
    for (seat, name) in people.0.iter().enumerate() {
        if name.is_some() && extra.players.is_none() {
            let player = match seat {
                0 => &mut settings.black,
                1 => &mut settings.white,
                2 => &mut settings.black_marked,
                _ => &mut settings.white_marked,
            };
            *player = Player::Human;
        }
    }
    let names = people.for_people(&settings);
    if let Some(ms) = extra.think_time_ms {
        settings.think_time = Duration::from_millis(ms.clamp(10, 600_000));
    }
    // The clocks as saved; a game without them (or a plain record) is untimed.
    let clocks = extra.clock.as_ref().and_then(SavedClock::clocks);
    settings.clock = clocks.map_or(TimeControl::Untimed, |c| c.control);
    if let Some(saved) = &extra.clock {
        settings.pause_clocks = saved.pause;
    }
    let game = game.with_clocks(clocks.unwrap_or_default());
    if let Some(speed) = extra
        .animation
        .as_deref()
        .and_then(|name| AnimationSpeed::ALL.into_iter().find(|s| s.name() == name))
    {
        settings.animation = speed;
    }
    Ok(Loaded {
        game,
        settings,
        view: extra.view,
        record,
        names,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::level::Level;

    /// A named person's tag is their name, read back as their name at a person's seat; the
    /// unnamed person's and the computer's tags are no one's name.
    #[test]
    fn the_names_go_into_the_record_and_come_back() {
        let settings = GameSettings {
            black: Player::Human,
            white: Player::Computer(Level::new(3).unwrap()),
            ..GameSettings::default()
        };
        let game = CurrentGame::default();
        let names = SeatNames::two(Some("Ada".into()), Some("Not the computer".into()));
        let record = record_of_named(&game, &settings, &names).to_string();
        assert!(record.contains("[Black \"Ada\"]"), "{record}");
        assert!(
            record.contains("[White \"Computer (level 3)\"]"),
            "a name at the computer's seat is dropped: {record}"
        );
        let text = save_file_named(&game, &settings, &names, None).to_json();
        let loaded = load(text.as_bytes(), &GameSettings::default()).unwrap();
        assert_eq!(loaded.names, SeatNames::two(Some("Ada".into()), None));
        assert_eq!(loaded.settings.white, settings.white);
        // A plain record: a name makes the seat a person's.
        let people = GameSettings {
            white: Player::Human,
            ..settings
        };
        let hot_seat = SeatNames::two(Some("Ada".into()), Some("Bob".into()));
        let plain = record_of_named(&game, &people, &hot_seat).to_string();
        let loaded = load(plain.as_bytes(), &settings).unwrap();
        assert_eq!(loaded.names, hot_seat);
        assert_eq!(loaded.settings.white, Player::Human);
        // Without names, nothing changes.
        let unnamed = save_file(&game, &settings, None).to_json();
        let loaded = load(unnamed.as_bytes(), &GameSettings::default()).unwrap();
        assert_eq!(loaded.names, SeatNames::default());
    }
}
