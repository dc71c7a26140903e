//! The position being set up: the game and its rules, the pieces on their squares, the held
//! pieces and who is to move. Pure data, edited by the player's clicks; [`Draft::setup`] writes
//! it as the engine's raw setup for the rules to judge ([`super::check`]).

use std::collections::BTreeMap;

use gamut_engine::Color as Side;
use gamut_engine::any_game::{AnySetup, GameConfig, GameKind};
use gamut_engine::boundless::{self, Point};
use gamut_engine::epaminondas::{self, BoardSize};
use gamut_engine::loa::{self, PARACHUTE_RESERVE, PieceSet, Variant};

use crate::model::{Cell, CurrentGame, Diagram, Placed, Seat};

/// A piece of the palette: a colour, and in LOA for four and Ambidextrous its set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Man {
    /// Its colour.
    pub side: Side,
    /// Whether it belongs to the marked set.
    pub marked: bool,
}

/// What a click on a square does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Puts this piece there (or takes it away if it stands there already).
    Place(Man),
    /// Takes away the piece there.
    Erase,
}

impl Default for Tool {
    fn default() -> Tool {
        Tool::Place(Man {
            side: Side::Black,
            marked: false,
        })
    }
}

/// Squares a Boundless board shows beyond the 8×8 square, and beyond the outermost piece.
const BOUNDLESS_MARGIN: i32 = 2;

/// The position being set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The game, variant and rule options.
    pub config: GameConfig,
    /// The pieces, by square.
    pieces: BTreeMap<Cell, Man>,
    /// Parachute: how many enemy pieces Black and White hold.
    pub held: [u8; 2],
    /// Who is to move (in LOA for four and Ambidextrous, which set).
    pub seat: Seat,
}

impl Draft {
    /// The start position of `config`.
    pub fn start(config: GameConfig) -> Draft {
        Draft::from_game(&CurrentGame::new(config))
    }

    /// The position on the board of `game` (a game's, or a diagram's).
    pub fn from_game(game: &CurrentGame) -> Draft {
        let pieces = game
            .pieces()
            .iter()
            .map(|&(at, side)| {
                let marked = game.is_marked(at);
                (at, Man { side, marked })
            })
            .collect();
        Draft {
            config: game.config,
            pieces,
            held: game.held(),
            seat: game.seat(),
        }
    }

    /// Whether the config's game has plain and marked sets.
    pub fn has_marked_sets(&self) -> bool {
        self.is_loa() && self.config.loa.variant.has_marked_sets()
    }

    /// Whether pieces are held (Parachute).
    pub fn has_held_pieces(&self) -> bool {
        self.is_loa() && self.config.loa.variant == Variant::Parachute
    }

    fn is_loa(&self) -> bool {
        self.config.kind == GameKind::LinesOfAction
    }

    fn is_boundless(&self) -> bool {
        self.is_loa() && self.config.loa.variant == Variant::Boundless
    }

    /// The pieces, by square.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Man)> + '_ {
        self.pieces.iter().map(|(&at, &man)| (at, man))
    }

    /// The piece on `at`, if any.
    pub fn piece_at(&self, at: Cell) -> Option<Man> {
        self.pieces.get(&at).copied()
    }

    /// The squares the board shows: the game's board, or in Boundless the 8×8 square and every
    /// piece with a margin around them, so that a piece can be put off the square (and the
    /// board grows as pieces go further).
    pub fn area(&self) -> (Cell, Cell) {
        match self.config.kind {
            GameKind::Epaminondas => {
                let board = self.config.epaminondas.board;
                let (files, ranks) = (i32::from(board.files()), i32::from(board.ranks()));
                (Cell::new(0, 0), Cell::new(files - 1, ranks - 1))
            }
            GameKind::LinesOfAction if self.is_boundless() => {
                let m = BOUNDLESS_MARGIN;
                let (mut lo, mut hi) = (Cell::new(-m, -m), Cell::new(7 + m, 7 + m));
                for &at in self.pieces.keys() {
                    lo = Cell::new(lo.file.min(at.file - m), lo.rank.min(at.rank - m));
                    hi = Cell::new(hi.file.max(at.file + m), hi.rank.max(at.rank + m));
                }
                (lo, hi)
            }
            GameKind::LinesOfAction => {
                let last = i32::from(self.config.loa.board.side()) - 1;
                (Cell::new(0, 0), Cell::new(last, last))
            }
        }
    }

    /// Whether `at` is a square of the board shown.
    pub fn shows(&self, at: Cell) -> bool {
        let (lo, hi) = self.area();
        (lo.file..=hi.file).contains(&at.file) && (lo.rank..=hi.rank).contains(&at.rank)
    }

    /// A click with `tool` on `at`: a piece put there (the same piece again takes it away), or
    /// the piece there taken away. Whether the position changed.
    pub fn click(&mut self, at: Cell, tool: Tool) -> bool {
        if !self.shows(at) {
            return false;
        }
        match tool {
            Tool::Erase => self.pieces.remove(&at).is_some(),
            Tool::Place(man) => {
                let man = Man {
                    marked: man.marked && self.has_marked_sets(),
                    ..man
                };
                if self.pieces.get(&at) == Some(&man) {
                    self.pieces.remove(&at);
                } else {
                    self.pieces.insert(at, man);
                }
                true
            }
        }
    }

    /// Every piece taken off, nothing held.
    pub fn clear(&mut self) {
        self.pieces.clear();
        self.held = [0, 0];
    }

    /// The start position of the rules chosen.
    pub fn reset_to_start(&mut self) {
        *self = Draft::start(self.config);
    }

    /// Who is to move: `seat`, its set kept only where there are sets.
    pub fn set_seat(&mut self, seat: Seat) {
        self.seat = Seat {
            marked: seat.marked && self.has_marked_sets(),
            ..seat
        };
    }

    /// Parachute: `holder` holds one enemy piece more (`more`) or fewer, between none and the
    /// six the variant hands out.
    pub fn change_held(&mut self, holder: Side, more: bool) {
        if !self.has_held_pieces() {
            return;
        }
        let held = &mut self.held[holder.index()];
        *held = if more {
            (*held + 1).min(PARACHUTE_RESERVE)
        } else {
            held.saturating_sub(1)
        };
    }

    /// Other rules. Another game or another Epaminondas board starts from its start position,
    /// as does another variant while the board is still the start position; else another Lines
    /// of Action variant keeps the pieces that fit it (marks only with marked sets, held pieces
    /// only in Parachute, pieces off the 8×8 square only in Boundless).
    pub fn set_config(&mut self, config: GameConfig) {
        let old = self.config;
        if config == old {
            return;
        }
        let other_board = config.kind != old.kind
            || (config.kind == GameKind::Epaminondas
                && config.epaminondas.board != old.epaminondas.board)
            || (config.kind == GameKind::LinesOfAction && config.loa.board != old.loa.board);
        let other_start = config.loa.variant != old.loa.variant && *self == Draft::start(old);
        if other_board || other_start {
            *self = Draft::start(config);
            return;
        }
        self.config = config;
        let marks = self.has_marked_sets();
        let boundless = self.is_boundless();
        self.pieces
            .retain(|at, _| boundless || at.on_standard_board());
        for man in self.pieces.values_mut() {
            man.marked &= marks;
        }
        if !self.has_held_pieces() {
            self.held = [0, 0];
        }
        self.seat.marked &= marks;
    }

    /// The engine's raw setup of the position (what its rules judge, and its position text).
    pub fn setup(&self) -> AnySetup {
        let side = self.seat.side;
        match self.config.kind {
            GameKind::Epaminondas => {
                let board = self.config.epaminondas.board;
                let stones = |s: Side| -> epaminondas::Bitboard {
                    self.of(s)
                        .filter_map(|at| epaminondas_square(at, board))
                        .collect()
                };
                AnySetup::Epaminondas(epaminondas::Setup {
                    board,
                    black: stones(Side::Black),
                    white: stones(Side::White),
                    side,
                })
            }
            GameKind::LinesOfAction if self.is_boundless() => {
                let points = |s: Side| -> Vec<Point> { self.of(s).collect() };
                AnySetup::Boundless(boundless::Setup {
                    black: points(Side::Black),
                    white: points(Side::White),
                    side,
                })
            }
            GameKind::LinesOfAction => AnySetup::LinesOfAction(self.loa_setup()),
        }
    }

    fn loa_setup(&self) -> loa::Setup {
        let bits = |s: Side, marked_only: bool| -> u64 {
            self.pieces
                .iter()
                .filter(|(_, m)| m.side == s && (!marked_only || m.marked))
                .filter_map(|(&at, _)| loa_square(at))
                .map(loa::Square::bit)
                .sum::<u64>()
                & self.config.loa.board.squares()
        };
        let marks = self.has_marked_sets();
        loa::Setup {
            black: bits(Side::Black, false),
            white: bits(Side::White, false),
            marked: if marks {
                bits(Side::Black, true) | bits(Side::White, true)
            } else {
                0
            },
            side: self.seat.side,
            set: if marks && self.seat.marked {
                PieceSet::Marked
            } else {
                PieceSet::Plain
            },
            held: if self.has_held_pieces() {
                self.held
            } else {
                [0, 0]
            },
            board: self.config.loa.board,
        }
    }

    /// The squares of `side`'s pieces.
    fn of(&self, side: Side) -> impl Iterator<Item = Cell> + '_ {
        self.pieces
            .iter()
            .filter(move |(_, m)| m.side == side)
            .map(|(&at, _)| at)
    }

    /// The position text of the setup (see docs/notation.md).
    pub fn text(&self) -> String {
        self.setup().to_string()
    }

    /// What the board shows of it.
    pub fn diagram(&self) -> Diagram {
        Diagram {
            pieces: self
                .pieces()
                .map(|(at, man)| Placed {
                    at,
                    side: man.side,
                    marked: man.marked,
                })
                .collect(),
            held: if self.has_held_pieces() {
                self.held
            } else {
                [0, 0]
            },
            seat: self.seat,
            area: self.area(),
        }
    }
}

fn loa_square(at: Cell) -> Option<loa::Square> {
    crate::model::cell::coord(at).and_then(loa::Square::from_coord)
}

fn epaminondas_square(at: Cell, board: BoardSize) -> Option<epaminondas::Square> {
    crate::model::cell::coord(at)
        .and_then(epaminondas::Square::from_coord)
        .filter(|&sq| board.contains(sq))
}

#[cfg(test)]
mod tests {
    use gamut_engine::Game;

    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    const BLACK: Tool = Tool::Place(Man {
        side: Side::Black,
        marked: false,
    });

    #[test]
    fn the_start_reads_back_as_the_start() {
        let config = GameConfig::default();
        let draft = Draft::start(config);
        assert_eq!(draft.text(), config.start().to_text());
        let mut four = config;
        four.loa.variant = Variant::FourPlayers;
        assert_eq!(Draft::start(four).text(), four.start().to_text());
        let mut parachute = config;
        parachute.loa.variant = Variant::Parachute;
        assert_eq!(Draft::start(parachute).text(), parachute.start().to_text());
        let mut epaminondas = config;
        epaminondas.kind = GameKind::Epaminondas;
        assert_eq!(
            Draft::start(epaminondas).text(),
            epaminondas.start().to_text()
        );
    }

    #[test]
    fn a_click_puts_a_piece_and_the_same_click_takes_it_away() {
        let mut draft = Draft::start(GameConfig::default());
        draft.clear();
        assert!(draft.click(cell("d4"), BLACK));
        assert_eq!(draft.text(), "8/8/8/8/3b4/8/8/8 b");
        let white = Tool::Place(Man {
            side: Side::White,
            marked: false,
        });
        assert!(draft.click(cell("d4"), white));
        assert_eq!(draft.text(), "8/8/8/8/3w4/8/8/8 b");
        assert!(draft.click(cell("d4"), white));
        assert_eq!(draft.pieces().count(), 0);
        assert!(!draft.click(cell("d4"), Tool::Erase));
        // Off the 8×8 board nothing happens.
        assert!(!draft.click(Cell::new(8, 0), BLACK));
    }

    /// The 6×6 board: its start, a board of 6 × 6 squares, a piece put on it, nothing beyond
    /// f6; back to 8×8, the 8×8 start.
    #[test]
    fn a_small_board_is_edited_within_its_squares() {
        let mut config = GameConfig::default();
        let mut draft = Draft::start(config);
        config.loa.board = loa::BoardSize::Six;
        draft.set_config(config);
        assert_eq!(draft.text(), "1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b");
        assert_eq!(draft.area(), (Cell::new(0, 0), Cell::new(5, 5)));
        draft.clear();
        assert!(draft.click(cell("c3"), BLACK));
        assert!(!draft.shows(cell("g1")));
        assert!(!draft.click(cell("g1"), BLACK), "off the 6×6 board");
        assert_eq!(draft.text(), "6/6/6/2b3/6/6 b");
        assert!(
            config.position_from_setup(draft.setup()).is_err(),
            "White has no piece"
        );
        config.loa.board = loa::BoardSize::Eight;
        draft.set_config(config);
        assert_eq!(draft.text(), config.start().to_text());
    }

    #[test]
    fn boundless_reaches_off_the_square_and_grows_with_the_pieces() {
        let mut config = GameConfig::default();
        config.loa.variant = Variant::Boundless;
        let mut draft = Draft::start(config);
        assert_eq!(draft.area(), (Cell::new(-2, -2), Cell::new(9, 9)));
        assert!(draft.click(Cell::new(-2, 3), BLACK));
        assert_eq!(draft.area().0, Cell::new(-4, -2));
        assert!(draft.text().contains("(-1,4)"), "{}", draft.text());
        // Back to the standard variant: the piece off the square goes.
        let mut standard = config;
        standard.loa.variant = Variant::Standard;
        draft.set_config(standard);
        assert_eq!(draft.pieces().count(), 24);
    }

    #[test]
    fn another_variant_from_the_start_is_its_start() {
        let mut draft = Draft::start(GameConfig::default());
        let mut four = GameConfig::default();
        four.loa.variant = Variant::FourPlayers;
        draft.set_config(four);
        assert_eq!(draft, Draft::start(four));
        // A rule option changes no piece.
        let mut mover_wins = four;
        mover_wins.loa.simultaneous = loa::SimultaneousConnection::MoverWins;
        draft.click(cell("d4"), BLACK);
        draft.set_config(mover_wins);
        assert_eq!(
            draft.piece_at(cell("d4")).map(|m| m.side),
            Some(Side::Black)
        );
        assert_eq!(draft.pieces().count(), 25);
    }

    #[test]
    fn marks_and_held_pieces_only_where_the_variant_has_them() {
        let mut config = GameConfig::default();
        config.loa.variant = Variant::FourPlayers;
        let mut draft = Draft::start(config);
        draft.click(cell("d4"), BLACK);
        draft.set_seat(Seat {
            side: Side::White,
            marked: true,
        });
        assert!(draft.text().ends_with(" W"), "{}", draft.text());
        let mut parachute = config;
        parachute.loa.variant = Variant::Parachute;
        draft.set_config(parachute);
        assert!(!draft.pieces().any(|(_, m)| m.marked));
        assert!(!draft.seat.marked);
        for _ in 0..9 {
            draft.change_held(Side::Black, true);
        }
        assert_eq!(draft.held, [6, 0]);
        draft.change_held(Side::Black, false);
        assert!(draft.text().ends_with(" w 5/0"), "{}", draft.text());
        draft.set_config(config);
        assert_eq!(draft.held, [0, 0]);
    }
}
