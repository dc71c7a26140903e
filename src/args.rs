//! The `gamut` command line.

use std::path::PathBuf;

use clap::Parser;

/// Lines of Action and Epaminondas from Sid Sackson's "A Gamut of Games".
#[derive(Parser, Debug, Clone, Default)]
#[command(name = "gamut", version, about)]
pub struct GameArgs {
    /// Lines of Action start position: standard or scrambled-eggs.
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Save a screenshot of the window to this PNG file, then exit (for tests).
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Exit after this many frames (with --screenshot: take it at that frame, then exit).
    #[arg(long, value_name = "N")]
    pub exit_after_frames: Option<u32>,
}
