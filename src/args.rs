//! The `gamut` command line.

use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use gamut_engine::any_game::{GameConfig, GameKind};

use crate::model::{
    AnimationSpeed, GameSettings, Language, Player, Presentation, Theme, TimeControl,
};

/// Lines of Action and Epaminondas from Sid Sackson's "A Gamut of Games".
#[derive(Parser, Debug, Clone, Default)]
#[command(name = "gamut", version, about)]
pub struct GameArgs {
    /// Game: lines-of-action (loa) or epaminondas. Any game option skips the New Game dialog.
    #[arg(long)]
    pub game: Option<String>,
    /// Variant: Lines of Action standard, scrambled-eggs, parachute, four-players, ambidextrous
    /// or boundless, or a small board (7x7, 6x6: the standard setup); Epaminondas standard or
    /// small.
    #[arg(long)]
    pub variant: Option<String>,
    /// Start from this position text instead of the game's start (see docs/notation.md).
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// The page only (its address's `?table=CODE`, a table's link): go straight to table CODE of
    /// the server that served the page (see `table::page_link`).
    #[cfg(target_arch = "wasm32")]
    #[arg(long, value_name = "CODE")]
    pub table: Option<String>,
    /// Who plays Black: human or ai:1 … ai:14 (1 Beginner … 14 Champion: full strength).
    #[arg(long)]
    pub black: Option<String>,
    /// Who plays White: human or ai:1 … ai:14 (1 Beginner … 14 Champion: full strength).
    #[arg(long)]
    pub white: Option<String>,
    /// LOA for four: who plays Black's marked set (--black plays the plain set).
    #[arg(long, value_name = "PLAYER")]
    pub black_marked: Option<String>,
    /// LOA for four: who plays White's marked set (--white plays the plain set).
    #[arg(long, value_name = "PLAYER")]
    pub white_marked: Option<String>,
    /// The Exhibition: computer against computer through every game and variant, for a big
    /// screen (--game/--variant choose the first game; --think-time and --animation apply).
    #[arg(long, visible_alias = "exhibition")]
    pub demo: bool,
    /// The computer's think time per move, in milliseconds.
    #[arg(long, value_name = "MS")]
    pub think_time: Option<u64>,
    /// The clocks: none, MINUTES+SECONDS (5+3: 5 minutes each, 3 seconds added per move) or
    /// SECONDSs/move (30s/move: a fixed time for every move).
    #[arg(long, value_name = "CONTROL")]
    pub clock: Option<String>,
    /// Animation speed: instant, fast, normal or slow.
    #[arg(long)]
    pub animation: Option<String>,
    /// Start in the flat top-down 2D view.
    #[arg(long)]
    pub flat: bool,
    #[cfg(feature = "dev")]
    /// Save a screenshot of the window to this PNG file, then exit (for tests).
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    #[cfg(feature = "dev")]
    /// Exit after this many frames (with --screenshot: take it from that frame on, as soon as the
    /// board is drawn, then exit).
    #[arg(long, value_name = "N")]
    pub exit_after_frames: Option<u32>,
    #[cfg(feature = "dev")]
    /// With --screenshot: how long to wait for the board to be drawn before failing.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    pub screenshot_timeout: u64,
    #[cfg(feature = "dev")]
    /// Print the main thread's time per frame when exiting (median, 95th percentile, longest,
    /// longest while the computer thought; the first 30 frames left out).
    #[arg(long)]
    pub report_frame_times: bool,
    #[cfg(feature = "dev")]
    /// Log where the squares and the main buttons are drawn, in pixels of the window (for the
    /// test that plays the real window with the mouse).
    #[arg(long)]
    pub log_positions: bool,
    #[cfg(feature = "dev")]
    /// Search the Lines of Action start for this many seconds through the engine-job service
    /// (a thread here, the worker in the page), log the depth, nodes and nodes per second,
    /// then exit (the page keeps running).
    #[arg(long, value_name = "SECONDS")]
    pub engine_bench: Option<f64>,
    /// Keep saves, the autosave and the settings in this folder instead of the OS folders.
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Open a saved game or a game record.
    #[arg(long, value_name = "FILE")]
    pub open: Option<PathBuf>,
    /// Continue the autosaved unfinished game (a message when there is none).
    #[arg(long)]
    pub resume: bool,
    /// Run the whole game but draw nothing (no GPU work): to measure the game's own work per
    /// frame on a machine whose renderer is in software.
    #[arg(long)]
    pub skip_rendering: bool,
    /// The interface's language: en, fr or it (default: the remembered one, else the system's).
    #[arg(long, value_name = "CODE")]
    pub language: Option<String>,
    /// The table's look: wood, stone, tournament or high-contrast.
    #[arg(long, value_name = "NAME")]
    pub theme: Option<String>,
    /// The size of the panels and their text, from 0.75 to 2.5 (1 is normal).
    #[arg(long, value_name = "X")]
    pub ui_scale: Option<f32>,
}

impl GameArgs {
    /// Whether the arguments choose a game, so the New Game dialog is skipped.
    pub fn starts_directly(&self) -> bool {
        self.game.is_some()
            || self.variant.is_some()
            || self.black.is_some()
            || self.white.is_some()
            || self.black_marked.is_some()
            || self.white_marked.is_some()
            || self.position.is_some()
            || self.clock.is_some()
            || self.demo
    }

    /// The presentation these arguments ask for over `base` (the remembered one), or a clear
    /// message about what is wrong.
    pub fn presentation_over(&self, base: Presentation) -> Result<Presentation, String> {
        let mut p = base;
        if let Some(code) = &self.language {
            p.language = Some(
                Language::from_code(code)
                    .ok_or_else(|| format!("'{code}' is not a language (use en, fr or it)"))?,
            );
        }
        if let Some(name) = &self.theme {
            p.theme = Theme::from_name(name).ok_or_else(|| {
                format!("'{name}' is not a theme (use wood, stone, tournament or high-contrast)")
            })?;
        }
        if let Some(scale) = self.ui_scale {
            let (lo, hi) = Presentation::UI_SCALES;
            if !(lo..=hi).contains(&scale) {
                return Err(format!(
                    "the UI scale must be from {lo} to {hi}, not {scale}"
                ));
            }
            p.ui_scale = scale;
        }
        Ok(p)
    }

    /// The settings these arguments ask for, or a clear message about what is wrong.
    pub fn settings(&self) -> Result<GameSettings, String> {
        self.settings_over(GameSettings::default())
    }

    /// The settings these arguments ask for over `base` (the remembered ones): a game or
    /// variant given starts from that game's default options.
    pub fn settings_over(&self, base: GameSettings) -> Result<GameSettings, String> {
        let mut settings = base;
        let mut config = if self.game.is_some() || self.variant.is_some() {
            GameConfig::default()
        } else {
            base.config
        };
        if let Some(game) = &self.game {
            config.kind = game.parse::<GameKind>().map_err(|e| e.to_string())?;
        }
        if let Some(variant) = &self.variant {
            match config.kind {
                GameKind::LinesOfAction => {
                    if let Ok(board) = variant.parse::<gamut_engine::loa::BoardSize>() {
                        config.loa.board = board;
                    } else {
                        config.loa.variant = variant
                            .parse()
                            .map_err(|e: gamut_engine::loa::UnknownVariant| e.to_string())?;
                    }
                }
                GameKind::Epaminondas => {
                    config.epaminondas.board = variant
                        .parse()
                        .map_err(|e: gamut_engine::epaminondas::UnknownBoardSize| e.to_string())?;
                }
            }
        }
        settings.config = config;
        if let Some(black) = &self.black {
            settings.black = Player::parse(black)?;
        }
        if let Some(white) = &self.white {
            settings.white = Player::parse(white)?;
        }
        if let Some(player) = &self.black_marked {
            settings.black_marked = Player::parse(player)?;
        }
        if let Some(player) = &self.white_marked {
            settings.white_marked = Player::parse(player)?;
        }
        if let Some(ms) = self.think_time {
            settings.think_time = Duration::from_millis(ms.clamp(10, 600_000));
        }
        if let Some(control) = &self.clock {
            settings.clock = TimeControl::parse(control).map_err(|e| e.to_string())?;
        }
        if let Some(speed) = &self.animation {
            settings.animation = AnimationSpeed::ALL
                .into_iter()
                .find(|s| s.name().eq_ignore_ascii_case(speed.trim()))
                .ok_or_else(|| {
                    format!("unknown animation speed '{speed}' (instant, fast, normal, slow)")
                })?;
        }
        Ok(settings)
    }
}

/// The arguments a page's address query stands for: `?language=fr&game=epaminondas&flat` is
/// `gamut --language fr --game epaminondas --flat`. `decode` undoes the address's escapes
/// (`%20`); a part it cannot decode is left out.
pub fn from_query(query: &str, decode: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let mut arguments = vec!["gamut".to_string()];
    for part in query.trim_start_matches('?').split('&') {
        let (key, value) = match part.split_once('=') {
            Some((key, value)) => (key, Some(value)),
            None => (part, None),
        };
        let Some(key) = decode(key).filter(|k| !k.is_empty()) else {
            continue;
        };
        arguments.push(format!("--{}", key.trim_start_matches('-')));
        if let Some(value) = value.and_then(&decode) {
            arguments.push(value);
        }
    }
    arguments
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The options only a game built with `--features dev` has (`#[cfg(feature = "dev")]`).
    const DEV_ONLY: [&str; 6] = [
        "engine-bench",
        "screenshot",
        "exit-after-frames",
        "screenshot-timeout",
        "report-frame-times",
        "log-positions",
    ];

    /// The help of the options every build has names no developer's option: a player's
    /// `--help` (a build without `dev`) must not point at an option it does not have.
    #[test]
    fn the_players_options_name_no_developers_option() {
        let command = GameArgs::command();
        for arg in command.get_arguments() {
            let long = arg.get_long().unwrap_or_default();
            if DEV_ONLY.contains(&long) {
                continue;
            }
            let help = [arg.get_help(), arg.get_long_help()]
                .into_iter()
                .flatten()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            for dev in DEV_ONLY {
                assert!(
                    !help.contains(&format!("--{dev}")),
                    "--{long}'s help names --{dev}, which only the dev build has: {help}"
                );
            }
        }
    }

    /// In a build without `dev`, the developer's options are not there at all.
    #[cfg(not(feature = "dev"))]
    #[test]
    fn a_players_build_has_no_developers_option() {
        let help = GameArgs::command().render_long_help().to_string();
        for dev in DEV_ONLY {
            assert!(!help.contains(&format!("--{dev}")), "{help}");
        }
    }

    #[test]
    fn a_page_address_query_is_a_command_line() {
        let plain = |s: &str| Some(s.replace("%20", " "));
        assert_eq!(
            from_query("?language=fr&game=epaminondas&flat", plain),
            [
                "gamut",
                "--language",
                "fr",
                "--game",
                "epaminondas",
                "--flat"
            ]
        );
        assert_eq!(from_query("", plain), ["gamut"]);
        assert_eq!(from_query("?&&", plain), ["gamut"]);
        assert_eq!(
            from_query("?white=ai%204", plain),
            ["gamut", "--white", "ai 4"]
        );
        let refuses = |s: &str| (s != "bad").then(|| s.to_string());
        assert_eq!(from_query("?bad=1&flat", refuses), ["gamut", "--flat"]);
        let args = GameArgs::try_parse_from(from_query("?language=it&flat", plain)).unwrap();
        assert!(args.flat);
    }
}
