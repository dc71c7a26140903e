//! Whether a position set up in the editor can be played, and if not every reason why, typed:
//! the engine's material check (every problem of the counts at once), then the rules' own
//! validation of the setup, then the outcome the rules give the position (a game already won).
//! The interface says them in the player's language (`editor.ftl`).

use gamut_engine::Color as Side;
use gamut_engine::any_game::{AnyPosition, AnyPositionError};
use gamut_engine::material::MaterialProblem;
use gamut_engine::{Game, Outcome, WinReason, boundless, epaminondas, loa};

use super::draft::Draft;
use crate::model::Seat;

/// Why a position cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    /// A colour has no pieces (on the board, or held by the opponent in Parachute).
    NoPieces(Side),
    /// More pieces of a colour than its set holds.
    TooManyPieces {
        /// Whose pieces.
        side: Side,
        /// How many stand on the board.
        count: u32,
        /// How many the set holds.
        most: u32,
    },
    /// More pieces in one set than it has (LOA for four, Ambidextrous).
    TooManyInSet {
        /// The colour and the set.
        seat: Seat,
        /// How many stand on the board.
        count: u32,
        /// How many the set has.
        most: u32,
    },
    /// Parachute: more held enemy pieces than may be held.
    TooManyHeld {
        /// Who holds them.
        holder: Side,
        /// How many.
        held: u32,
        /// The most this position allows.
        most: u32,
    },
    /// The game is already won in this position.
    AlreadyWon {
        /// Who has won.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// The game is already drawn: both sides are connected.
    AlreadyDrawn,
    /// The rules refuse the setup for a reason the editor cannot bring about (kept whole).
    Refused(AnyPositionError),
}

impl From<MaterialProblem> for SetupProblem {
    fn from(problem: MaterialProblem) -> SetupProblem {
        match problem {
            MaterialProblem::NoPieces(side) => SetupProblem::NoPieces(side),
            MaterialProblem::TooManyPieces { color, count, most } => SetupProblem::TooManyPieces {
                side: color,
                count,
                most,
            },
            MaterialProblem::TooManyInSet {
                color,
                set,
                count,
                most,
            } => SetupProblem::TooManyInSet {
                seat: Seat {
                    side: color,
                    marked: set == loa::PieceSet::Marked,
                },
                count,
                most,
            },
            MaterialProblem::TooManyHeld { holder, held, most } => {
                SetupProblem::TooManyHeld { holder, held, most }
            }
        }
    }
}

/// The rules' position of the draft, ready to play, or every reason it cannot be played.
pub fn check(draft: &Draft) -> Result<AnyPosition, Vec<SetupProblem>> {
    let setup = draft.setup();
    let mut problems: Vec<SetupProblem> = setup
        .material(&draft.config)
        .into_iter()
        .map(SetupProblem::from)
        .collect();
    match draft.config.position_from_setup(setup) {
        Ok(position) => {
            if let Some(over) = position.outcome().map(already_over) {
                problems.push(over);
            }
            if problems.is_empty() {
                return Ok(position);
            }
        }
        Err(refused) => {
            // The rules stop at their first reason; the material check has named the counts.
            if !problems.iter().any(|p| said_by(p, &refused)) {
                problems.push(SetupProblem::Refused(refused));
            }
        }
    }
    Err(problems)
}

fn already_over(outcome: Outcome) -> SetupProblem {
    match outcome {
        Outcome::Win { winner, reason } => SetupProblem::AlreadyWon { winner, reason },
        Outcome::Draw { .. } => SetupProblem::AlreadyDrawn,
    }
}

/// Whether the rules' refusal says what `problem` already says.
fn said_by(problem: &SetupProblem, refused: &AnyPositionError) -> bool {
    use AnyPositionError as E;
    match (problem, refused) {
        (SetupProblem::NoPieces(a), E::LinesOfAction(loa::PositionError::NoPieces(b)))
        | (SetupProblem::NoPieces(a), E::Boundless(boundless::PositionError::NoPieces(b))) => {
            a == b
        }
        (SetupProblem::NoPieces(_), E::Epaminondas(epaminondas::PositionError::NoStones)) => true,
        (
            SetupProblem::TooManyPieces { side, .. },
            E::Boundless(boundless::PositionError::TooManyPieces { color, .. }),
        ) => side == color,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use gamut_engine::any_game::{GameConfig, GameKind};
    use gamut_engine::epaminondas::BoardSize;
    use gamut_engine::loa::Variant;

    use super::*;
    use crate::editor::draft::{Man, Tool};
    use crate::model::Cell;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    fn config(variant: Variant) -> GameConfig {
        let mut config = GameConfig::default();
        config.loa.variant = variant;
        config
    }

    fn tool(side: Side, marked: bool) -> Tool {
        Tool::Place(Man { side, marked })
    }

    /// An empty board of `config` with these pieces, `side` to move.
    fn draft(config: GameConfig, pieces: &[(&str, Side)], side: Side) -> Draft {
        let mut draft = Draft::start(config);
        draft.clear();
        for &(at, s) in pieces {
            draft.click(cell(at), tool(s, false));
        }
        draft.set_seat(Seat {
            side,
            marked: false,
        });
        draft
    }

    fn problems(draft: &Draft) -> Vec<SetupProblem> {
        check(draft).err().unwrap_or_default()
    }

    #[test]
    fn every_start_position_can_be_played() {
        for variant in Variant::ALL {
            assert!(check(&Draft::start(config(variant))).is_ok(), "{variant}");
        }
        for board in [BoardSize::Standard, BoardSize::Small] {
            let mut config = GameConfig {
                kind: GameKind::Epaminondas,
                ..GameConfig::default()
            };
            config.epaminondas.board = board;
            assert!(check(&Draft::start(config)).is_ok(), "{board}");
        }
    }

    #[test]
    fn lines_of_action_a_side_without_pieces_and_a_game_already_won() {
        let standard = config(Variant::Standard);
        let empty = draft(standard, &[], Side::Black);
        assert_eq!(
            problems(&empty),
            [
                SetupProblem::NoPieces(Side::Black),
                SetupProblem::NoPieces(Side::White)
            ]
        );
        let lone_white = draft(standard, &[("d4", Side::White)], Side::Black);
        assert_eq!(problems(&lone_white), [SetupProblem::NoPieces(Side::Black)]);
        // Two scattered Black pieces against one White piece: White is connected already.
        let won = draft(
            standard,
            &[
                ("a1", Side::Black),
                ("h8", Side::Black),
                ("d4", Side::White),
            ],
            Side::Black,
        );
        assert_eq!(
            problems(&won),
            [SetupProblem::AlreadyWon {
                winner: Side::White,
                reason: WinReason::Connected
            }]
        );
        // Both connected: a draw under the tournament rule.
        let both = draft(
            standard,
            &[("a1", Side::Black), ("d4", Side::White)],
            Side::Black,
        );
        assert_eq!(problems(&both), [SetupProblem::AlreadyDrawn]);
        let playable = draft(
            standard,
            &[
                ("a1", Side::Black),
                ("h8", Side::Black),
                ("d4", Side::White),
                ("f6", Side::White),
            ],
            Side::White,
        );
        let position = check(&playable).expect("playable");
        assert_eq!(position.side_to_move(), Side::White);
    }

    #[test]
    fn lines_of_action_more_pieces_than_a_set() {
        let mut full = Draft::start(config(Variant::Standard));
        full.click(cell("d4"), tool(Side::Black, false));
        assert_eq!(
            problems(&full),
            [SetupProblem::TooManyPieces {
                side: Side::Black,
                count: 13,
                most: 12
            }]
        );
    }

    #[test]
    fn parachute_held_pieces() {
        let mut parachute = Draft::start(config(Variant::Parachute));
        assert!(check(&parachute).is_ok());
        // Six White pieces on the board and six held by Black: one more on the board is one
        // too many held.
        parachute.click(cell("d4"), tool(Side::White, false));
        assert_eq!(
            problems(&parachute),
            [SetupProblem::TooManyHeld {
                holder: Side::Black,
                held: 6,
                most: 5
            }]
        );
        parachute.change_held(Side::Black, false);
        assert!(check(&parachute).is_ok());
        // Black with nothing on the board but pieces held by White is still in the game.
        let mut held_only = draft(
            config(Variant::Parachute),
            &[("d4", Side::White), ("a1", Side::White)],
            Side::White,
        );
        held_only.change_held(Side::White, true);
        assert!(check(&held_only).is_ok(), "{:?}", problems(&held_only));
        held_only.change_held(Side::White, false);
        assert_eq!(problems(&held_only), [SetupProblem::NoPieces(Side::Black)]);
    }

    #[test]
    fn loa_for_four_sets_of_six() {
        let mut four = Draft::start(config(Variant::FourPlayers));
        // a2's plain White piece becomes a marked one: seven marked, five plain.
        four.click(cell("a2"), tool(Side::White, true));
        assert_eq!(
            problems(&four),
            [SetupProblem::TooManyInSet {
                seat: Seat {
                    side: Side::White,
                    marked: true
                },
                count: 7,
                most: 6
            }]
        );
        // One marked White piece fewer: six and five, playable again.
        four.click(cell("a7"), Tool::Erase);
        assert!(check(&four).is_ok(), "{:?}", problems(&four));
    }

    #[test]
    fn epaminondas_an_empty_board_and_a_side_without_stones() {
        let mut config = GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        };
        config.epaminondas.board = BoardSize::Small;
        let empty = draft(config, &[], Side::White);
        assert_eq!(
            problems(&empty),
            [
                SetupProblem::NoPieces(Side::Black),
                SetupProblem::NoPieces(Side::White)
            ]
        );
        let white_only = draft(config, &[("d4", Side::White)], Side::White);
        assert_eq!(
            problems(&white_only),
            [SetupProblem::AlreadyWon {
                winner: Side::White,
                reason: WinReason::NoStones
            }]
        );
        // A White stone on Black's home row, none of Black's on White's: White has crossed.
        let crossed = draft(
            config,
            &[
                ("a8", Side::White),
                ("b2", Side::White),
                ("e5", Side::Black),
            ],
            Side::White,
        );
        assert_eq!(
            problems(&crossed),
            [SetupProblem::AlreadyWon {
                winner: Side::White,
                reason: WinReason::HomeRow
            }]
        );
        let mut full = Draft::start(config);
        full.click(cell("d4"), tool(Side::Black, false));
        assert_eq!(
            problems(&full),
            [SetupProblem::TooManyPieces {
                side: Side::Black,
                count: 17,
                most: 16
            }]
        );
    }

    #[test]
    fn boundless_off_the_square_and_too_many() {
        let mut boundless = draft(
            config(Variant::Boundless),
            &[("a1", Side::Black), ("c3", Side::White)],
            Side::Black,
        );
        boundless.click(Cell::new(-2, 0), tool(Side::Black, false));
        boundless.click(Cell::new(5, 9), tool(Side::White, false));
        let position = check(&boundless).expect("playable off the square");
        assert!(
            position.to_text().contains("(-1,1)"),
            "{}",
            position.to_text()
        );
        let mut crowded = Draft::start(config(Variant::Boundless));
        for file in 1..6 {
            crowded.click(Cell::new(file, 4), tool(Side::White, false));
        }
        assert_eq!(
            problems(&crowded),
            [SetupProblem::TooManyPieces {
                side: Side::White,
                count: 17,
                most: 12
            }]
        );
        let alone = draft(
            config(Variant::Boundless),
            &[("(0,-1)", Side::White)],
            Side::Black,
        );
        assert_eq!(problems(&alone), [SetupProblem::NoPieces(Side::Black)]);
    }
}
