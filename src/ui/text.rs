//! The interface's sentences built from typed values: notices, players, levels, options,
//! outcomes. The words themselves are Fluent messages (`assets/locales/<code>/*.ftl`) said by
//! [`Words`] in the player's language; every key is a literal here or in the panels, so the
//! tests can check that each one exists in every language.

use fluent_bundle::FluentValue;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::{PieceSet, SimultaneousConnection, Variant};
use gamut_engine::search::Score;
use gamut_engine::{Color as Side, DrawReason, Outcome, WinReason};
use gamut_engine::{boundless, epaminondas, loa};

use crate::ai::Standing;
use crate::i18n::Words;
use crate::model::{CLIPBOARD, CurrentGame, GameEnd, Player, Refusal, Seat};
use crate::play::status::IdleHelp;
use crate::review::{Explained, Mistake};
use crate::strength::{Rating, RatingChange};
use gamut_engine::coach::Reason;

/// A colour's name: `Black`.
pub fn side(w: &Words, side: Side) -> String {
    match side {
        Side::Black => w.t("side-black"),
        Side::White => w.t("side-white"),
    }
}

/// A colour for a Fluent selector (`{ $colour -> [black] … *[white] … }`), where the language
/// needs the colour as an adjective ("les pièces blanches").
pub fn colour(side: Side) -> FluentValue<'static> {
    match side {
        Side::Black => "black".into(),
        Side::White => "white".into(),
    }
}

/// A seat: `Black`, or with the set `Black (marked)` where sets matter.
pub fn seat(w: &Words, seat: Seat, with_set: bool) -> String {
    let name = side(w, seat.side);
    match (with_set, seat.marked) {
        (false, _) => name,
        (true, false) => w.t_with("seat-plain", [("side", name.into())]),
        (true, true) => w.t_with("seat-marked", [("side", name.into())]),
    }
}

/// A level's name: `Club`.
pub fn level_name(w: &Words, level: Level) -> String {
    w.t(match level.number() {
        1 => "level-1",
        2 => "level-2",
        3 => "level-3",
        4 => "level-4",
        5 => "level-5",
        6 => "level-6",
        7 => "level-7",
        8 => "level-8",
        9 => "level-9",
        10 => "level-10",
        11 => "level-11",
        12 => "level-12",
        13 => "level-13",
        _ => "level-14",
    })
}

/// What a level does in `game`, for a tooltip: `looks 2 moves ahead, blunders now and then`.
/// Worked out from the level's settings, which differ between the games.
pub fn level_description(w: &Words, level: Level, game: GameKind) -> String {
    let settings = level.settings(game);
    let search = match (settings.max_depth, settings.nodes) {
        (Some(plies), _) => w.t_with("level-looks-ahead", [("plies", plies.into())]),
        (None, Some(nodes)) => w.t_with(
            "level-node-search",
            [("thousands", nodes.div_ceil(1000).into())],
        ),
        // Only the top level is uncapped, and it uses all the think time.
        (None, None) => return w.t("level-all-the-time"),
    };
    let errors = w.t(match settings.blunder_chance {
        c if c >= 0.2 => "level-blunders-very-often",
        c if c >= 0.15 => "level-blunders-often",
        c if c >= 0.1 => "level-blunders-fairly-often",
        c if c >= 0.05 => "level-blunders-sometimes",
        c if c >= 0.02 => "level-blunders-occasionally",
        c if c >= 0.01 => "level-blunders-rarely",
        c if c > 0.0 => "level-blunders-hardly-ever",
        _ if settings.noise > 0 => "level-slight-randomness",
        _ => "level-no-randomness",
    });
    w.t_with(
        "level-description",
        [("search", search.into()), ("errors", errors.into())],
    )
}

/// A player: `Human` or `Computer — Club (3)`.
pub fn player(w: &Words, player: Player) -> String {
    match player {
        Player::Human => w.t("player-human"),
        Player::Remote => w.t("player-remote"),
        Player::Computer(level) => w.t_with(
            "player-computer",
            [
                ("level", level_name(w, level).into()),
                ("number", level.number().into()),
            ],
        ),
    }
}

/// A game's name.
pub fn game_name(w: &Words, kind: GameKind) -> String {
    match kind {
        GameKind::LinesOfAction => w.t("game-loa"),
        GameKind::Epaminondas => w.t("game-epaminondas"),
    }
}

/// A Lines of Action variant's name: `Scrambled Eggs`.
pub fn variant_name(w: &Words, variant: Variant) -> String {
    w.t(match variant {
        Variant::Standard => "variant-standard",
        Variant::ScrambledEggs => "variant-scrambled-eggs",
        Variant::Parachute => "variant-parachute",
        Variant::FourPlayers => "variant-four-players",
        Variant::Ambidextrous => "variant-ambidextrous",
        Variant::Boundless => "variant-boundless",
    })
}

/// The variant and the options that differ from the rule book's defaults, for the panel:
/// `Parachute · White moves first`.
pub fn options(w: &Words, config: &GameConfig) -> String {
    let defaults = GameConfig::default();
    let mut parts: Vec<String> = Vec::new();
    match config.kind {
        GameKind::LinesOfAction => {
            let r = &config.loa;
            parts.push(variant_name(w, r.variant));
            if r.board != defaults.loa.board {
                parts.push(loa_board_named(w, r.board));
            }
            if r.first_player != defaults.loa.first_player {
                parts.push(w.t_with(
                    "option-first-player",
                    [("side", side(w, r.first_player).into())],
                ));
            }
            if r.simultaneous != defaults.loa.simultaneous {
                parts.push(simultaneous(w, r.simultaneous));
            }
            if r.repetition_draw != defaults.loa.repetition_draw {
                parts.push(repetition(w, r.repetition_draw));
            }
        }
        GameKind::Epaminondas => {
            let r = &config.epaminondas;
            parts.push(board(w, r.board));
            if r.anti_symmetry != defaults.epaminondas.anti_symmetry {
                parts.push(if r.anti_symmetry {
                    w.t("option-anti-symmetry")
                } else {
                    w.t("option-no-anti-symmetry")
                });
            }
            if r.repetition_draw != defaults.epaminondas.repetition_draw {
                parts.push(repetition(w, r.repetition_draw));
            }
        }
    }
    parts.join(" · ")
}

/// An Epaminondas board.
pub fn board(w: &Words, size: BoardSize) -> String {
    match size {
        BoardSize::Standard => w.t("board-standard"),
        BoardSize::Small => w.t("board-small"),
    }
}

/// A Lines of Action board.
pub fn loa_board(w: &Words, size: gamut_engine::loa::BoardSize) -> String {
    use gamut_engine::loa::BoardSize as B;
    match size {
        B::Eight => w.t("loa-board-8"),
        B::Seven => w.t("loa-board-7"),
        B::Six => w.t("loa-board-6"),
    }
}

/// A Lines of Action board as the panel and the lists name it: `6 × 6 board`.
pub fn loa_board_named(w: &Words, board: gamut_engine::loa::BoardSize) -> String {
    w.t_with(
        "option-loa-board",
        [("side", i64::from(board.side()).into())],
    )
}

/// The rule when one move connects both sides.
pub fn simultaneous(w: &Words, rule: SimultaneousConnection) -> String {
    match rule {
        SimultaneousConnection::Draw => w.t("option-both-connected-draw"),
        SimultaneousConnection::MoverWins => w.t("option-both-connected-mover-wins"),
    }
}

fn repetition(w: &Words, on: bool) -> String {
    if on {
        w.t("option-repetition-draw")
    } else {
        w.t("option-no-repetition-draw")
    }
}

/// Who won and why.
pub fn game_end(w: &Words, end: GameEnd) -> String {
    match end {
        GameEnd::Rules(outcome) => outcome_text(w, outcome),
        GameEnd::Resigned(loser) => w.t_with(
            "win-resigned",
            [
                ("winner", side(w, !loser).into()),
                ("loser", side(w, loser).into()),
            ],
        ),
        GameEnd::Time(loser) => w.t_with(
            "win-on-time",
            [
                ("winner", side(w, !loser).into()),
                ("loser", side(w, loser).into()),
            ],
        ),
        GameEnd::Agreed => w.t("draw-agreed"),
    }
}

fn outcome_text(w: &Words, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let key = match reason {
                WinReason::Connected => "win-connected",
                WinReason::ConnectedByOpponent => "win-connected-by-opponent",
                WinReason::BothConnectedMoverWins => "win-both-connected-mover-wins",
                WinReason::HomeRow => "win-home-row",
                WinReason::NoStones => "win-no-stones",
            };
            w.t_with(key, [("winner", side(w, winner).into())])
        }
        Outcome::Draw { reason } => match reason {
            DrawReason::BothConnected => w.t("draw-both-connected"),
            DrawReason::Repetition => w.t("draw-repetition"),
        },
    }
}

/// How long the game was: `after 4 moves` (numbered lines of the move list).
pub fn game_length(w: &Words, game: &CurrentGame) -> String {
    w.t_with("game-length", [("moves", game.move_lines().into())])
}

/// A file's name as a notice says it (the clipboard has a name in each language).
pub fn file_name(w: &Words, name: &str) -> String {
    if name == CLIPBOARD {
        w.t("clipboard")
    } else {
        name.to_string()
    }
}

/// Why the rules refused a move.
pub fn refusal(w: &Words, why: &Refusal) -> String {
    match why {
        Refusal::GameOver(end) => {
            w.t_with("refusal-game-over", [("end", game_end(w, *end).into())])
        }
        Refusal::OffBoard(cell) => {
            w.t_with("refusal-off-board", [("cell", cell.to_string().into())])
        }
        Refusal::NothingToPlace => w.t("refusal-nothing-to-place"),
        Refusal::LinesOfAction(e) => loa_illegal(w, e),
        Refusal::Epaminondas(e) => epaminondas_illegal(w, e),
        Refusal::Boundless(e) => boundless_illegal(w, e),
    }
}

pub fn at(w: &Words, key: &str, cell: impl ToString) -> String {
    w.t_with(key, [("cell", cell.to_string().into())])
}

fn from_to(w: &Words, key: &str, from: impl ToString, to: impl ToString) -> String {
    w.t_with(
        key,
        [
            ("from", from.to_string().into()),
            ("to", to.to_string().into()),
        ],
    )
}

fn set_name(set: PieceSet) -> FluentValue<'static> {
    match set {
        PieceSet::Plain => "plain".into(),
        PieceSet::Marked => "marked".into(),
    }
}

fn loa_illegal(w: &Words, e: &loa::IllegalMove) -> String {
    use loa::IllegalMove as E;
    match *e {
        E::GameOver => w.t("illegal-game-over"),
        E::NoPiece(s) => at(w, "illegal-no-piece", s),
        E::OffBoard(s) => at(w, "refusal-off-board", s),
        E::NotYourPiece(s) => at(w, "illegal-not-your-piece", s),
        E::SameSquare => w.t("illegal-same-square"),
        E::NotOnALine { from, to } => from_to(w, "illegal-not-on-a-line", from, to),
        E::WrongDistance { from, needed } => w.t_with(
            "illegal-wrong-distance",
            [("from", from.to_string().into()), ("needed", needed.into())],
        ),
        E::Blocked(s) => at(w, "illegal-blocked", s),
        E::OwnPiece(s) => at(w, "illegal-own-piece", s),
        E::PassNotAllowed => w.t("illegal-pass-not-allowed"),
        E::WrongSet { square, set, .. } => w.t_with(
            "illegal-wrong-set",
            [("cell", square.to_string().into()), ("set", set_name(set))],
        ),
        E::PlacementMissing => w.t("illegal-placement-missing"),
        E::NothingToPlace => w.t("illegal-nothing-to-place"),
        E::PlacementNotEmpty(s) => at(w, "illegal-placement-not-empty", s),
    }
}

fn boundless_illegal(w: &Words, e: &boundless::IllegalMove) -> String {
    use boundless::IllegalMove as E;
    match *e {
        E::GameOver => w.t("illegal-game-over"),
        E::NoPiece(p) => at(w, "illegal-no-piece", p),
        E::NotYourPiece(p) => at(w, "illegal-not-your-piece", p),
        E::SameSquare => w.t("illegal-same-square"),
        E::NotOnALine { from, to } => from_to(w, "illegal-not-on-a-line", from, to),
        E::WrongDistance { from, needed } => w.t_with(
            "illegal-wrong-distance",
            [("from", from.to_string().into()), ("needed", needed.into())],
        ),
        E::Blocked(p) => at(w, "illegal-blocked", p),
        E::OwnPiece(p) => at(w, "illegal-own-piece", p),
        E::PassNotAllowed => w.t("illegal-pass-not-allowed"),
    }
}

fn epaminondas_illegal(w: &Words, e: &epaminondas::IllegalMove) -> String {
    use epaminondas::IllegalMove as E;
    match *e {
        E::GameOver => w.t("illegal-game-over"),
        E::OffBoard(s) => at(w, "refusal-off-board", s),
        E::NoStone(s) => at(w, "illegal-no-stone", s),
        E::NotYourStone(s) => at(w, "illegal-not-your-stone", s),
        E::SameSquare => w.t("illegal-stone-same-square"),
        E::NotOnALine { tail, to } => from_to(w, "illegal-phalanx-not-on-a-line", tail, to),
        E::InsidePhalanx { to, head } => w.t_with(
            "illegal-inside-phalanx",
            [
                ("to", to.to_string().into()),
                ("head", head.to_string().into()),
            ],
        ),
        E::TooFar { stones } => w.t_with("illegal-too-far", [("stones", stones.into())]),
        E::OwnStone(s) => at(w, "illegal-own-stone", s),
        E::Blocked(s) => at(w, "illegal-stone-blocked", s),
        E::SingleStoneCannotCapture => w.t("illegal-single-stone-capture"),
        E::RowTooLong { stones, row } => w.t_with(
            "illegal-row-too-long",
            [("stones", stones.into()), ("row", row.into())],
        ),
        E::Symmetric => w.t("illegal-symmetric"),
        E::PassNotAllowed => w.t("illegal-pass-not-allowed"),
    }
}

/// What a notice's words depend on in the game it is about: the name of its men (pieces or
/// stones) and, in LOA for four, the seats' sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// The game, for the word for its men.
    pub kind: GameKind,
    /// LOA for four: seats are named with their sets.
    pub four_players: bool,
}

impl Table {
    /// A notice about no game in particular (a file saved, the settings).
    pub const NONE: Table = Table {
        kind: GameKind::LinesOfAction,
        four_players: false,
    };

    /// The game on the board.
    pub fn of(game: &CurrentGame) -> Table {
        Table {
            kind: game.config.kind,
            four_players: game.is_four_players(),
        }
    }
}

/// The game as a Fluent selector for the word of its men: `loa` (pieces) or `epaminondas`
/// (stones).
pub fn men(kind: GameKind) -> FluentValue<'static> {
    match kind {
        GameKind::LinesOfAction => "loa".into(),
        GameKind::Epaminondas => "epaminondas".into(),
    }
}

/// What the panel writes above the evaluation bar: the computer's view of a game going on;
/// nothing once the game is over (the bar then goes to the winner, and the result is written
/// just above it, in place of the search's stale last word).
pub fn standing(w: &Words, standing: Standing) -> Option<String> {
    match standing {
        Standing::View { score, by } => Some(w.t_with(
            "panel-computer-view",
            [("view", evaluation(w, score, by).into())],
        )),
        Standing::Over(_) => None,
    }
}

/// The computer's view of the game: who is better, said for the board (not for the side the
/// computer played).
pub fn evaluation(w: &Words, score: Score, by: Side) -> String {
    let wins_in = |winner: Side, plies: u32| {
        w.t_with(
            "evaluation-wins-in",
            [
                ("side", side(w, winner).into()),
                ("moves", plies.div_ceil(2).into()),
            ],
        )
    };
    match score {
        Score::WinIn(plies) => wins_in(by, plies),
        Score::LossIn(plies) => wins_in(!by, plies),
        Score::Centipawns(cp) => {
            let leader = if cp >= 0 { by } else { !by };
            let size = cp.unsigned_abs();
            let key = if size < 30 {
                "evaluation-even"
            } else if size < 150 {
                "evaluation-slightly-better"
            } else if size < 500 {
                "evaluation-better"
            } else {
                "evaluation-winning"
            };
            w.t_with(key, [("side", side(w, leader).into())])
        }
    }
}

/// The hint at the bottom when nothing else is to be said: with the mouse's and the keys'
/// gestures, or (`touch`) with a finger's.
pub fn controls_help(w: &Words, flat: bool, touch: bool, kind: GameKind) -> String {
    let key = match (touch, flat) {
        (false, true) => "controls-help-flat",
        (false, false) => "controls-help-3d",
        (true, true) => "controls-help-touch-flat",
        (true, false) => "controls-help-touch-3d",
    };
    w.t_with(key, [("game", men(kind))])
}

/// The status line's help (see [`IdleHelp`]): how to move, or only how to turn the view.
pub fn idle_help(w: &Words, help: IdleHelp, flat: bool, touch: bool, kind: GameKind) -> String {
    match (help, touch, flat) {
        (IdleHelp::HowToMove, _, _) => controls_help(w, flat, touch, kind),
        (IdleHelp::HowToLook, false, true) => w.t("controls-view-flat"),
        (IdleHelp::HowToLook, false, false) => w.t("controls-view-3d"),
        (IdleHelp::HowToLook, true, true) => w.t("controls-view-touch-flat"),
        (IdleHelp::HowToLook, true, false) => w.t("controls-view-touch-3d"),
    }
}

/// A Lines of Action variant in a few lines (the standard game: the rule book's).
pub fn variant_summary(w: &Words, variant: Variant) -> String {
    w.t(match variant {
        Variant::Standard => "variant-summary-standard",
        Variant::ScrambledEggs => "variant-summary-scrambled-eggs",
        Variant::Parachute => "variant-summary-parachute",
        Variant::FourPlayers => "variant-summary-four-players",
        Variant::Ambidextrous => "variant-summary-ambidextrous",
        Variant::Boundless => "variant-summary-boundless",
    })
}

/// A Lines of Action rule preset's name; `None`: options chosen by hand.
pub fn preset_name(w: &Words, preset: Option<crate::model::LoaPreset>) -> String {
    use crate::model::LoaPreset as P;
    w.t(match preset {
        Some(P::Tournament) => "preset-tournament",
        Some(P::GamutFirst) => "preset-gamut-1st",
        Some(P::GamutSecond) => "preset-gamut-2nd",
        None => "preset-custom",
    })
}

/// What a preset sets, in a line.
pub fn preset_summary(w: &Words, preset: Option<crate::model::LoaPreset>) -> String {
    use crate::model::LoaPreset as P;
    w.t(match preset {
        Some(P::Tournament) => "preset-summary-tournament",
        Some(P::GamutFirst) => "preset-summary-gamut-1st",
        Some(P::GamutSecond) => "preset-summary-gamut-2nd",
        None => "preset-summary-custom",
    })
}

// Review (stepping through a game, its analysis, play from here).

/// Which position the review shows, numbered as the move list numbers its lines (a line holds
/// one move of each seat) and with the move just played.
pub fn review_position(w: &Words, game: &crate::model::CurrentGame, shown: usize) -> String {
    let last = game.move_lines();
    match shown
        .checked_sub(1)
        .and_then(|i| game.notation().get(i).map(|mv| (i, mv)))
    {
        None => w.t_with("review-start-position", [("last", last.into())]),
        Some((i, mv)) => w.t_with(
            "review-after-move",
            [
                ("number", (i / game.seat_count() + 1).into()),
                ("move", mv.clone().into()),
                ("last", last.into()),
            ],
        ),
    }
}

/// How far the analysis has got.
pub fn analysing(w: &Words, done: usize, total: usize) -> String {
    w.t_with(
        "review-analysing",
        [("done", done.into()), ("total", total.into())],
    )
}

/// The mark of a move that lost much (the same in every language).
pub fn mistake_mark(mistake: Mistake) -> &'static str {
    match mistake {
        Mistake::OnlyMove => "!",
        Mistake::Dubious => "?",
        Mistake::Blunder => "??",
    }
}

/// A mark's name, for the graph's legend.
pub fn mistake_name(w: &Words, mistake: Mistake) -> String {
    match mistake {
        Mistake::OnlyMove => w.t("review-only-move"),
        Mistake::Dubious => w.t("review-mistake"),
        Mistake::Blunder => w.t("review-blunder"),
    }
}

/// The coach's word on a reviewed move: a sentence for each reason, then the better move.
pub fn explanation(w: &Words, kind: GameKind, explained: &Explained) -> Vec<String> {
    let e = &explained.explanation;
    let (me, them) = (side(w, e.mover), side(w, !e.mover));
    let moves = |plies: u32| FluentValue::from(plies.div_ceil(2));
    let mut said: Vec<String> = e
        .reasons
        .iter()
        .zip(&explained.lines)
        .map(|(reason, line)| {
            let line = line.join(" ");
            match *reason {
                Reason::AllowsForcedWin { plies, .. } => w.t_with(
                    "coach-allows-win",
                    [
                        ("game", men(kind)),
                        ("side", them.clone().into()),
                        ("moves", moves(plies)),
                        ("line", line.into()),
                    ],
                ),
                Reason::GivesUpWin { plies } => w.t_with(
                    "coach-gives-up-win",
                    [("side", me.clone().into()), ("moves", moves(plies))],
                ),
                Reason::AllowsCapture { count, .. } => w.t_with(
                    "coach-allows-capture",
                    [
                        ("game", men(kind)),
                        ("side", them.clone().into()),
                        ("count", count.into()),
                        ("reply", line.into()),
                    ],
                ),
                Reason::SplitsGroup { before, after } => w.t_with(
                    "coach-splits-group",
                    [
                        ("side", me.clone().into()),
                        ("before", before.into()),
                        ("after", after.into()),
                    ],
                ),
                Reason::BlocksOwnPieces { before, after } => w.t_with(
                    "coach-blocks-own",
                    [
                        ("game", men(kind)),
                        ("side", me.clone().into()),
                        ("before", before.into()),
                        ("after", after.into()),
                    ],
                ),
                Reason::WorsePosition { drop } => w.t_with(
                    "coach-worse",
                    [
                        ("game", men(kind)),
                        ("drop", (drop.saturating_add(50) / 100).max(1).into()),
                    ],
                ),
                Reason::KeepsTheWin { plies } => {
                    w.t_with("coach-keeps-win", [("moves", moves(plies))])
                }
            }
        })
        .collect();
    if let Some(better) = &explained.better {
        said.push(w.t_with("coach-better", [("move", better.clone().into())]));
    }
    said
}

/// The review's step buttons: start, back, forward, end (symbol and tooltip).
pub fn review_steps(w: &Words) -> [(&'static str, String); 4] {
    [
        ("⏮", w.t("review-step-start")),
        ("◀", w.t("review-step-back")),
        ("▶", w.t("review-step-forward")),
        ("⏭", w.t("review-step-end")),
    ]
}

// The saved games dialog and the resume offer.

/// A save's result in the list.
pub fn result(w: &Words, result: gamut_engine::record::GameResult) -> String {
    use gamut_engine::record::GameResult;
    match result {
        GameResult::Unfinished => w.t("result-unfinished"),
        GameResult::BlackWins => w.t_with("result-won", [("side", side(w, Side::Black).into())]),
        GameResult::WhiteWins => w.t_with("result-won", [("side", side(w, Side::White).into())]),
        GameResult::Draw => w.t("result-draw"),
    }
}

/// The players of a game in short: `Human – Computer (3)`.
pub fn players_short(w: &Words, settings: &crate::model::GameSettings) -> String {
    settings
        .seats()
        .into_iter()
        .map(|p| match p {
            Player::Human | Player::Remote => w.t("player-short-human"),
            Player::Computer(level) => {
                w.t_with("player-short-computer", [("number", level.number().into())])
            }
        })
        .collect::<Vec<_>>()
        .join(" – ")
}

/// The resume offer: `Resume: Lines of Action against the computer (level 3), move 14`.
pub fn resume_offer(
    w: &Words,
    settings: &crate::model::GameSettings,
    move_number: usize,
) -> String {
    let seats = settings.seats();
    let computers: Vec<Level> = seats
        .iter()
        .filter_map(|p| match p {
            Player::Computer(level) => Some(*level),
            Player::Human | Player::Remote => None,
        })
        .collect();
    let against = match (computers.len(), seats.len()) {
        (0, _) => w.t("resume-between-people"),
        (n, total) if n == total => w.t("resume-computer-against-computer"),
        (n, _) => w.t_with(
            "resume-against-computer",
            [
                ("count", n.into()),
                (
                    "levels",
                    computers
                        .iter()
                        .map(|l| l.number().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                        .into(),
                ),
            ],
        ),
    };
    let game = match settings.config.kind {
        GameKind::LinesOfAction if settings.config.loa.variant != Variant::Standard => w.t_with(
            "game-with-variant",
            [
                ("game", game_name(w, settings.config.kind).into()),
                (
                    "variant",
                    variant_name(w, settings.config.loa.variant).into(),
                ),
            ],
        ),
        kind => game_name(w, kind),
    };
    w.t_with(
        "resume-offer",
        [
            ("game", game.into()),
            ("against", against.into()),
            ("move", move_number.into()),
        ],
    )
}

/// A time control's name: "5 min + 3 s", "30 s per move", "No clock".
pub fn time_control(w: &Words, control: crate::model::TimeControl) -> String {
    use crate::model::TimeControl;
    match control {
        TimeControl::Untimed => w.t("clock-none"),
        TimeControl::Game { base, increment } => w.t_with(
            "clock-game",
            [
                ("minutes", (base.as_secs_f64() / 60.0).into()),
                ("seconds", increment.as_secs().into()),
            ],
        ),
        TimeControl::PerMove(per_move) => {
            w.t_with("clock-per-move", [("seconds", per_move.as_secs().into())])
        }
    }
}

/// A number of rating points as shown: whole, to the nearest (the one rounding of every screen
/// that shows a rating: Your strength, the game-over panel, the players' names, the
/// tournament's standings).
pub fn whole(points: f64) -> i64 {
    points.round() as i64
}

/// `1523 ± 87`.
pub fn rating_text(w: &Words, rating: Rating) -> String {
    w.t_with(
        "strength-rating",
        [
            ("rating", whole(rating.value).into()),
            ("deviation", whole(rating.deviation).into()),
        ],
    )
}

/// The game-over panel's line after a game that counted: the new rating and its change.
pub fn rating_change(w: &Words, change: &RatingChange) -> String {
    let moved = whole(change.after.value) - whole(change.before.value);
    let signed = match moved {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("\u{2212}{}", -n),
        _ => "±0".to_string(),
    };
    let (game, rating, deviation, before) = (
        game_name(w, change.kind),
        whole(change.after.value),
        whole(change.after.deviation),
        whole(change.before.value),
    );
    match &change.who {
        Some(name) => w.t_with(
            "players-change",
            [
                ("name", name.clone().into()),
                ("game", game.into()),
                ("rating", rating.into()),
                ("deviation", deviation.into()),
                ("change", signed.into()),
                ("before", before.into()),
            ],
        ),
        None => w.t_with(
            "strength-change",
            [
                ("game", game.into()),
                ("rating", rating.into()),
                ("deviation", deviation.into()),
                ("change", signed.into()),
                ("before", before.into()),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coach's word on a win let go says that the better move wins, not the move tried
    /// ("could have won with this move" read as if the move tried could have won).
    #[test]
    fn a_win_let_go_says_the_better_move_wins() {
        for language in crate::model::Language::ALL {
            let w = Words::from_assets(language);
            let said = w.t_with(
                "coach-gives-up-win",
                [("side", side(&w, Side::Black).into()), ("moves", 1.into())],
            );
            assert!(!said.contains("could have won"), "{said}");
            if language == crate::model::Language::English {
                assert_eq!(said, "Black had a winning move here, and this is not it.");
            }
        }
    }
    use crate::model::Language;
    use gamut_engine::Game;

    fn english() -> Words {
        Words::from_assets(Language::English)
    }

    #[test]
    fn review_numbers_positions_as_the_move_list_numbers_its_lines() {
        let w = english();
        let mut game = crate::model::CurrentGame::new(Default::default());
        for _ in 0..3 {
            let mv = game.position().legal_moves()[0];
            game.play(mv);
        }
        assert_eq!(review_position(&w, &game, 0), "Start position (of 2 moves)");
        let third = game.notation()[2].clone();
        assert_eq!(
            review_position(&w, &game, 3),
            format!("After move 2, {third} (of 2)")
        );
        let second = game.notation()[1].clone();
        assert_eq!(
            review_position(&w, &game, 2),
            format!("After move 1, {second} (of 2)")
        );
    }

    #[test]
    fn the_evaluation_says_who_is_better_from_the_board_not_the_mover() {
        let w = english();
        // The computer played White and thinks it is ahead by a piece.
        let ahead = Standing::View {
            score: Score::Centipawns(106),
            by: Side::White,
        };
        assert_eq!(
            standing(&w, ahead).as_deref(),
            Some("Computer's view: White is slightly better")
        );
        assert!(ahead.black_share() < 0.5);
        let behind = Standing::View {
            score: Score::Centipawns(-600),
            by: Side::White,
        };
        assert_eq!(
            evaluation(&w, Score::Centipawns(-600), Side::White),
            "Black is winning"
        );
        assert!(behind.black_share() > 0.9);
        assert_eq!(
            evaluation(&w, Score::LossIn(3), Side::Black),
            "White wins in 2"
        );
        assert_eq!(
            evaluation(&w, Score::Centipawns(10), Side::Black),
            "About even"
        );
    }

    #[test]
    fn a_finished_game_shows_its_result_not_the_searchs_last_word() {
        let w = english();
        // The computer saw its win in 1 (or an edge before a flag-fall); then the game ended.
        let won = GameEnd::Rules(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Connected,
        });
        let flagged = GameEnd::Time(Side::White);
        let drawn = GameEnd::Rules(Outcome::Draw {
            reason: DrawReason::Repetition,
        });
        for (end, black_share) in [(won, 0.0), (flagged, 1.0), (drawn, 0.5)] {
            let over = Standing::Over(end);
            assert_eq!(standing(&w, over), None, "{end:?}: no engine words");
            assert_eq!(
                over.black_share(),
                black_share,
                "{end:?}: the bar shows the result"
            );
        }
    }

    #[test]
    fn the_game_length_counts_numbered_lines_not_plies() {
        let w = english();
        let mut game = CurrentGame::default();
        for _ in 0..8 {
            let mv = game.position().legal_moves()[0];
            game.play(mv);
        }
        assert_eq!(game.ply(), 8);
        assert_eq!(game_length(&w, &game), "after 4 moves");
    }

    #[test]
    fn options_name_the_variant_and_only_what_differs_from_the_book() {
        let w = english();
        let mut config = GameConfig::default();
        assert_eq!(options(&w, &config), "Standard");
        config.loa.variant = Variant::Parachute;
        config.loa.first_player = !GameConfig::default().loa.first_player;
        let text = options(&w, &config);
        assert!(text.starts_with("Parachute · "), "{text}");
        assert!(text.contains("moves first"), "{text}");
        assert!(!text.contains("lines-of-action"), "{text}");
    }
}
