//! Remembered settings: what the player chose last — the game and its rule options, each
//! seat's player per game and variant, think time, animation, view, window — kept as JSON in
//! the config folder and used at the next start. Read and written by the store's one lifecycle
//! ([`crate::store::DocFile`]): a broken file gives the defaults and a notice, and is kept
//! beside as `settings.json.bad`; one that cannot be moved aside is not written this run.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::record::Record;
use serde::{Deserialize, Serialize};

use super::atomic::write_atomic;
use super::paths::MAX_SETTINGS_BYTES;
use super::save::{SavedView, SeatPlayers};
use crate::model::{AnimationSpeed, DataFile, GameSettings, Notice, Presentation, TimeControl};
use crate::store::{Aside, DocFile, Parsed, Place, Spec};

/// The settings file as the store keeps it: no version (every field may be missing), kept
/// aside as `settings.json.bad`.
const SPEC: Spec = Spec {
    file: DataFile::Settings,
    limit: MAX_SETTINGS_BYTES,
    aside: Aside::Suffix,
};

/// The window's size and mode.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WindowPrefs {
    /// Width in logical pixels.
    pub width: f32,
    /// Height in logical pixels.
    pub height: f32,
    /// Borderless fullscreen.
    pub fullscreen: bool,
}

/// Everything the player chose, as remembered between runs.
#[derive(Resource, Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    /// The last game with its rule options, as a record's tags.
    pub game: Option<String>,
    /// Each seat's player, per game and variant ([`variant_key`]).
    pub seats: BTreeMap<String, SeatPlayers>,
    /// The computer's think time per move, in milliseconds.
    pub think_time_ms: Option<u64>,
    /// The animation speed's name.
    pub animation: Option<String>,
    /// The time control last chosen (`none`, `5+3`, `30s/move`).
    pub clock: Option<String>,
    /// Whether the clocks stop while a dialog is open or the window is minimised.
    pub pause_clocks: Option<bool>,
    /// Whether the colours are drawn by lot (absent in older files: no).
    pub colours_by_lot: Option<bool>,
    /// Whether the computer's level follows the person's rating (absent in older files: no).
    pub adaptive: Option<bool>,
    /// The 2D/3D view and the half turn.
    pub view: Option<SavedView>,
    /// The window.
    pub window: Option<WindowPrefs>,
    /// Language, theme, UI scale and sound.
    pub presentation: Presentation,
    /// The people's names chosen in New Game, in seat order (absent in older files: none).
    pub names: Option<Vec<Option<String>>>,
    /// The Tables screen's name and the address last joined (absent in older files: none).
    pub table: Option<TablePrefs>,
    /// The Share dialog's size of the pictures (`small`, `medium`, `large`; absent in older
    /// files: medium).
    pub share_size: Option<String>,
    /// The file could not be read nor moved aside: it is not written this run.
    #[serde(skip)]
    pub read_only: bool,
}

/// What the Tables screen remembers: the name the player sits down with, the last address.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TablePrefs {
    pub name: Option<String>,
    pub address: Option<String>,
}

/// The key of a game and variant in [`Preferences::seats`].
pub fn variant_key(config: &GameConfig) -> String {
    match config.kind {
        GameKind::LinesOfAction => format!("{}/{}", config.kind, config.loa.variant),
        GameKind::Epaminondas => format!("{}/{:?}", config.kind, config.epaminondas.board),
    }
}

impl Preferences {
    /// Reads the settings file (see [`crate::store::DocFile`]). Missing: the defaults.
    /// Unreadable: the defaults, the file moved aside to `*.bad`, and the notice to show.
    pub fn load(path: &Path) -> (Preferences, Option<Notice>) {
        let (prefs, file) =
            DocFile::open(Place::file(path), SPEC, |bytes| {
                match Preferences::parse(bytes) {
                    Ok(prefs) => Parsed::Read(prefs),
                    Err(e) => Parsed::json_error(&e),
                }
            });
        let mut prefs = prefs.unwrap_or_default();
        prefs.read_only = !file.writable();
        (prefs, file.problem.map(Notice::DataFile))
    }

    /// Reads the settings from the bytes of the file (values out of range are brought back
    /// into range), or says what is wrong with them.
    pub fn parse(bytes: &[u8]) -> Result<Preferences, serde_json::Error> {
        let mut prefs = serde_json::from_slice::<Preferences>(bytes)?;
        prefs.presentation = prefs.presentation.sanitized();
        Ok(prefs)
    }

    /// Writes the settings file (atomically), unless it is to be left alone this run.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if self.read_only {
            return Ok(());
        }
        let mut text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        text.push('\n');
        write_atomic(path, text.as_bytes())
    }

    /// The game settings as remembered, over `base`.
    pub fn apply(&self, base: GameSettings) -> GameSettings {
        let mut settings = base;
        if let Some(config) = self
            .game
            .as_deref()
            .and_then(|tags| Record::parse(tags).ok())
            .map(|record| record.config)
        {
            settings.config = config;
        }
        self.apply_seats(&mut settings);
        if let Some(ms) = self.think_time_ms {
            settings.think_time = Duration::from_millis(ms.clamp(10, 600_000));
        }
        if let Some(speed) = self
            .animation
            .as_deref()
            .and_then(|name| AnimationSpeed::ALL.into_iter().find(|s| s.name() == name))
        {
            settings.animation = speed;
        }
        if let Some(control) = self
            .clock
            .as_deref()
            .and_then(|code| TimeControl::parse(code).ok())
        {
            settings.clock = control;
        }
        if let Some(pause) = self.pause_clocks {
            settings.pause_clocks = pause;
        }
        if let Some(by_lot) = self.colours_by_lot {
            settings.colours_by_lot = by_lot;
        }
        if let Some(adaptive) = self.adaptive {
            settings.adaptive = adaptive;
        }
        settings
    }

    /// The seats remembered for `settings`' game and variant, if any.
    pub fn apply_seats(&self, settings: &mut GameSettings) {
        if let Some(seats) = self.seats.get(&variant_key(&settings.config)) {
            seats.apply(settings);
        }
    }

    /// The people's names chosen last (each trimmed and cut to [`MAX_NAME_CHARS`]; a blank one
    /// is none).
    ///
    /// [`MAX_NAME_CHARS`]: crate::model::setup::MAX_NAME_CHARS
    pub fn chosen_names(&self) -> crate::model::SeatNames {
        let mut names = crate::model::SeatNames::default();
        for (seat, name) in self.names.iter().flatten().take(4).enumerate() {
            names.0[seat] = name
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|n| {
                    n.chars()
                        .take(crate::model::setup::MAX_NAME_CHARS)
                        .collect()
                });
        }
        names
    }

    /// Remembers the people's names chosen in New Game.
    pub fn remember_names(&mut self, names: &crate::model::SeatNames) {
        self.names = Some(names.0.to_vec());
    }

    /// Remembers the choices of `settings`.
    pub fn remember(&mut self, settings: &GameSettings) {
        self.game = Some(Record::new(settings.config).to_string());
        self.seats
            .insert(variant_key(&settings.config), SeatPlayers::of(settings));
        self.think_time_ms = Some(settings.think_time.as_millis() as u64);
        self.animation = Some(settings.animation.name().into());
        self.clock = Some(settings.clock.code());
        self.pause_clocks = Some(settings.pause_clocks);
        self.colours_by_lot = Some(settings.colours_by_lot);
        self.adaptive = Some(settings.adaptive);
    }
}
