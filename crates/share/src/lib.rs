//! Games worth sharing: a game of Gamut as an animated GIF, a position as a PNG.
//!
//! [`game_gif`] draws a record's whole game: the start, one picture per move, and the result;
//! [`position_png`] draws one position the same way. Both pictures are small: one fixed
//! palette of a handful of colours and their blends (no colour is ever searched for), and in
//! the GIF each picture after the first is only the rectangle that changed, its unchanged
//! pixels transparent. The words on the pictures (names, title, result) are the caller's
//! ([`Labels`]); [`Labels::english`] gives English ones from a record. No Bevy: the server
//! uses this crate, and the game can.
//!
//! docs/share.md tells what is drawn and the sizes measured.

mod board;
mod canvas;
mod draw;
mod encode;
mod palette;
mod text;

use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameKind};
use gamut_engine::record::{GameResult, Record, RecordError, Termination};
use thiserror::Error;

use board::{Board, move_squares};
use draw::Scene;
use palette::{Ink, colour};

/// The smallest picture, in pixels across.
pub const MIN_SIZE: u32 = 120;
/// The largest picture, in pixels across.
pub const MAX_SIZE: u32 = 960;
/// The most moves a GIF shows: past that a record is refused (a server draws on demand).
pub const MAX_MOVES: usize = 1000;

/// The colours a person (or a test) finds on the pictures, as RGB.
pub mod colours {
    use super::{Ink, colour};

    /// A Black piece's body.
    pub const BLACK_PIECE: [u8; 3] = colour(Ink::BlackPiece);
    /// A White piece's body.
    pub const WHITE_PIECE: [u8; 3] = colour(Ink::WhitePiece);
    /// A light square.
    pub const LIGHT_SQUARE: [u8; 3] = colour(Ink::Light);
    /// A dark square.
    pub const DARK_SQUARE: [u8; 3] = colour(Ink::Dark);
    /// A light square of the last move.
    pub const LIGHT_LAST_MOVE: [u8; 3] = colour(Ink::LightLast);
    /// A dark square of the last move.
    pub const DARK_LAST_MOVE: [u8; 3] = colour(Ink::DarkLast);
}

/// Why a picture could not be made.
#[derive(Debug, Error)]
pub enum ShareError {
    /// The record's start position or one of its moves does not replay.
    #[error("the game does not replay: {0}")]
    Replay(String),
    /// A game without a board of squares.
    #[error("{0} has no board of squares to draw")]
    Unsupported(&'static str),
    /// More moves than [`MAX_MOVES`].
    #[error("the game has {moves} moves, more than the {limit} a picture shows")]
    TooLong {
        /// The record's moves.
        moves: usize,
        /// [`MAX_MOVES`].
        limit: usize,
    },
    /// The encoder failed (it writes to memory, so only on a picture too large for its format).
    #[error("the picture cannot be written: {0}")]
    Encode(String),
}

impl From<RecordError> for ShareError {
    fn from(e: RecordError) -> ShareError {
        ShareError::Replay(e.to_string())
    }
}

/// The words on the pictures, filled by the caller in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    /// Black's player (both Black players in LOA for four), beside a black disc.
    pub black: String,
    /// White's player, beside a white disc.
    pub white: String,
    /// The line under the names on the first picture: the game's name, say.
    pub title: String,
    /// The result, shown on a last picture of its own (and in a PNG's header); `None` for a
    /// game still going, whose GIF ends at its last move.
    pub result: Option<String>,
}

impl Labels {
    /// English words from a record: the players' tags (else "Black" and "White"), the game's
    /// name, and the result with why it ended ("Black wins — connected", "Draw — repetition").
    pub fn english(record: &Record) -> Labels {
        let players = &record.players;
        let name =
            |plain: &Option<String>, marked: &Option<String>, side: &str| match (plain, marked) {
                (Some(a), Some(b)) => format!("{a} & {b}"),
                (Some(a), None) => a.clone(),
                (None, Some(b)) => b.clone(),
                (None, None) => side.to_string(),
            };
        let title = match record.config.kind {
            GameKind::LinesOfAction => "Lines of Action",
            GameKind::Epaminondas => "Epaminondas",
        };
        Labels {
            black: name(&players.black, &players.black_marked, "Black"),
            white: name(&players.white, &players.white_marked, "White"),
            title: title.to_string(),
            result: english_result(record.result, record.termination),
        }
    }
}

/// "Black wins — connected", "Draw — repetition", …; `None` for a game not finished.
fn english_result(result: GameResult, termination: Option<Termination>) -> Option<String> {
    let what = match result {
        GameResult::BlackWins => "Black wins",
        GameResult::WhiteWins => "White wins",
        GameResult::Draw => "Draw",
        GameResult::Unfinished => return None,
    };
    let why = termination.and_then(|t| match t {
        Termination::Connection => Some("connected"),
        Termination::SimultaneousConnection => Some("both connected"),
        Termination::HomeRow => Some("far row"),
        Termination::NoStones => Some("no stones left"),
        Termination::Repetition => Some("repetition"),
        Termination::Resignation => Some("resignation"),
        Termination::Time => Some("time"),
        Termination::Agreement => Some("agreed"),
        Termination::Adjudication => Some("adjudicated"),
        Termination::Abandoned => Some("abandoned"),
        Termination::Unterminated => None,
    });
    Some(match why {
        Some(why) => format!("{what} — {why}"),
        None => what.to_string(),
    })
}

/// How long each picture of a GIF stays, in hundredths of a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// The start position.
    pub first: u16,
    /// Each move but the last.
    pub each: u16,
    /// The last move.
    pub last: u16,
    /// The result.
    pub result: u16,
}

impl Default for Timing {
    /// 1.5 s for the start, 1 s a move, 2 s for the last move, 4 s for the result.
    fn default() -> Timing {
        Timing {
            first: 150,
            each: 100,
            last: 200,
            result: 400,
        }
    }
}

/// How large, and how slow, the pictures are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The picture's width in pixels (the board and its rim), kept within [`MIN_SIZE`] and
    /// [`MAX_SIZE`]; 240, 360 and 480 are the usual ones.
    pub size: u32,
    /// The GIF's pace.
    pub timing: Timing,
}

impl Default for Options {
    /// 360 pixels across, [`Timing::default`].
    fn default() -> Options {
        Options {
            size: 360,
            timing: Timing::default(),
        }
    }
}

/// Where things are on a picture: its size, the header's height, the board's squares and the
/// rim left of and under them (the coordinates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The picture's width in pixels.
    pub width: u32,
    /// The picture's height in pixels.
    pub height: u32,
    /// The board's files.
    pub files: u8,
    /// The board's ranks.
    pub ranks: u8,
    /// A square's side in pixels.
    pub cell: u32,
    /// The board's left edge (the rim's width).
    pub left: u32,
    /// The board's top edge (the header's height).
    pub top: u32,
    /// The rim's width, left of and under the board.
    pub rim: u32,
    /// The header's height.
    pub header: u32,
    /// The strip under the board and its rim where a finished game's GIF writes the result
    /// (0: none; see [`Layout::with_result_strip`]).
    pub footer: u32,
}

impl Layout {
    /// The layout of a board of `files` × `ranks` on a picture `size` pixels wide (kept within
    /// [`MIN_SIZE`] and [`MAX_SIZE`]): the squares fill the width but for a rim of half a
    /// square or more.
    pub fn new(files: u8, ranks: u8, size: u32) -> Layout {
        let width = size.clamp(MIN_SIZE, MAX_SIZE);
        let files = files.max(1);
        let cell = 2 * width / (2 * u32::from(files) + 1);
        let rim = width - cell * u32::from(files);
        let header = (font_px(width) * 3.0).ceil() as u32;
        Layout {
            width,
            height: header + cell * u32::from(ranks) + rim,
            files,
            ranks,
            cell,
            left: rim,
            top: header,
            rim,
            header,
            footer: 0,
        }
    }

    /// The same layout with a strip under the board for the result (a finished game's GIF):
    /// the picture is that much taller, and the last position stays whole above the result.
    pub fn with_result_strip(self) -> Layout {
        let footer = result_strip_height(self.width);
        Layout {
            height: self.height - self.footer + footer,
            footer,
            ..self
        }
    }

    /// The layout of `position`'s board.
    pub fn of(position: &AnyPosition, size: u32) -> Result<Layout, ShareError> {
        let board = Board::of(position)?;
        Ok(Layout::new(board.files, board.ranks, size))
    }

    /// The pixel at the middle of the square at `file`, `rank` (from 0, a1 at the bottom left).
    pub fn square_centre(&self, file: u8, rank: u8) -> (u32, u32) {
        let (x, y) = self.square_corner(file, rank);
        (x + self.cell / 2, y + self.cell / 2)
    }

    /// The top left pixel of the square at `file`, `rank`.
    pub(crate) fn square_corner(&self, file: u8, rank: u8) -> (u32, u32) {
        let from_top = u32::from(self.ranks.saturating_sub(1).saturating_sub(rank));
        (
            self.left + u32::from(file) * self.cell,
            self.top + from_top * self.cell,
        )
    }

    /// The header's letters' size in pixels.
    pub(crate) fn font_px(&self) -> f32 {
        font_px(self.width)
    }
}

/// The result strip's height for a picture `width` pixels wide: its letters (a little larger
/// than the header's) and a margin above and below them.
fn result_strip_height(width: u32) -> u32 {
    (font_px(width) * 1.15 * 2.2).round() as u32 + 2 * (font_px(width) * 0.3).round() as u32
}

/// The header's letters for a picture `width` pixels wide: 11 to 24 pixels.
fn font_px(width: u32) -> f32 {
    (width as f32 / 22.0).clamp(11.0, 24.0)
}

/// One picture of a game: its scene, owned, and how long it stays.
struct Still {
    board: Board,
    tinted: Vec<(u8, u8)>,
    status: String,
    turn: Option<gamut_engine::Color>,
    banner: Option<String>,
    delay: u16,
}

impl Still {
    /// The scene [`draw::picture`] draws.
    fn scene(&self) -> Scene<'_> {
        Scene {
            board: &self.board,
            tinted: &self.tinted,
            status: &self.status,
            turn: self.turn,
            banner: self.banner.as_deref(),
        }
    }
}

/// The animated GIF of `record`'s main line: the start, a picture per move, then the result's
/// picture when `labels` has one. Loops for ever.
pub fn game_gif(
    record: &Record,
    labels: &Labels,
    options: &Options,
) -> Result<Vec<u8>, ShareError> {
    let stills = stills(record, labels, &options.timing)?;
    let first = stills.first().map(|s| &s.board);
    let layout = match first {
        Some(board) => Layout::new(board.files, board.ranks, options.size),
        None => return Err(ShareError::Replay("no position".into())),
    };
    // A finished game's result goes in a strip of its own under the board.
    let layout = if labels.result.is_some() {
        layout.with_result_strip()
    } else {
        layout
    };
    let pictures = stills
        .iter()
        .map(|still| (draw::picture(&layout, labels, &still.scene()), still.delay));
    encode::gif(&layout, pictures)
}

/// The PNG of `position`: its last move tinted and written under the names, or the result
/// when `labels` has one.
pub fn position_png(
    position: &AnyPosition,
    labels: &Labels,
    options: &Options,
) -> Result<Vec<u8>, ShareError> {
    let board = Board::of(position)?;
    let layout = Layout::new(board.files, board.ranks, options.size);
    let moves = position.moves_played();
    let last = moves.last().copied();
    let mut before = position.clone();
    let status = match (&labels.result, last) {
        (Some(result), _) => result.clone(),
        (None, Some(mv)) if before.undo().is_some() && before.is_legal(mv) => numbered(
            moves.len() - 1,
            position.config().seats(),
            &before.human_move(mv),
        ),
        (None, _) => labels.title.clone(),
    };
    let still = Still {
        turn: labels.result.is_none().then_some(board.to_move),
        tinted: last.map(move_squares).unwrap_or_default(),
        board,
        status,
        banner: None,
        delay: 0,
    };
    encode::png(&draw::picture(&layout, labels, &still.scene()))
}

/// The PNG of the position `record` ends in (see [`position_png`]).
pub fn final_png(
    record: &Record,
    labels: &Labels,
    options: &Options,
) -> Result<Vec<u8>, ShareError> {
    if record.moves.len() > MAX_MOVES {
        return Err(too_long(record));
    }
    position_png(&record.replay()?, labels, options)
}

/// The refusal of a record with more than [`MAX_MOVES`] moves.
fn too_long(record: &Record) -> ShareError {
    ShareError::TooLong {
        moves: record.moves.len(),
        limit: MAX_MOVES,
    }
}

/// Every picture of the game: the start, each move's, the result's.
fn stills(record: &Record, labels: &Labels, timing: &Timing) -> Result<Vec<Still>, ShareError> {
    if record.moves.len() > MAX_MOVES {
        return Err(too_long(record));
    }
    let mut position = record.start_position()?;
    let seats = record.seats();
    let mut stills = vec![Still {
        board: Board::of(&position)?,
        tinted: Vec::new(),
        status: labels.title.clone(),
        turn: Some(position.side_to_move()),
        banner: None,
        delay: timing.first,
    }];
    for (ply, m) in record.moves.iter().enumerate() {
        let notation = play(&mut position, m.mv, ply)?;
        let delay = if ply + 1 == record.moves.len() {
            timing.last
        } else {
            timing.each
        };
        stills.push(Still {
            board: Board::of(&position)?,
            tinted: move_squares(m.mv),
            status: numbered(ply, seats, &notation),
            turn: position
                .outcome()
                .is_none()
                .then(|| position.side_to_move()),
            banner: None,
            delay,
        });
    }
    if let (Some(result), Some(last)) = (&labels.result, stills.last()) {
        let end = Still {
            board: last.board.clone(),
            tinted: last.tinted.clone(),
            status: result.clone(),
            turn: None,
            banner: Some(result.clone()),
            delay: timing.result,
        };
        stills.push(end);
    }
    Ok(stills)
}

/// Plays the `ply`th move (from 0) if the rules allow it, giving it in human notation.
fn play(
    position: &mut AnyPosition,
    mv: gamut_engine::any_game::AnyMove,
    ply: usize,
) -> Result<String, ShareError> {
    if position.outcome().is_some() || !position.is_legal(mv) {
        return Err(ShareError::Replay(format!(
            "move {} ({mv}) is not legal",
            ply + 1
        )));
    }
    let notation = position.human_move(mv);
    position.play_unchecked(mv);
    Ok(notation)
}

/// A move as the status line writes it: `12. b1-d3` for the first seat's, `12… a2-c2` for the
/// others'.
fn numbered(ply: usize, seats: usize, notation: &str) -> String {
    let seats = seats.max(1);
    let number = ply / seats + 1;
    if ply.is_multiple_of(seats) {
        format!("{number}. {notation}")
    } else {
        format!("{number}… {notation}")
    }
}
