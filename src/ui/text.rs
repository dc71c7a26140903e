//! Every word the interface shows, in one place: notices, players, levels, options, outcomes.
//! (English today; the translations of the "Game night" issue replace these functions' bodies.)

use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::{SimultaneousConnection, Variant};
use gamut_engine::search::Score;
use gamut_engine::{Color as Side, Outcome};

use crate::model::{CurrentGame, FileProblem, GameEnd, Notice, Player, Refusal, Seat};

/// A colour's name.
pub fn side(side: Side) -> &'static str {
    match side {
        Side::Black => "Black",
        Side::White => "White",
    }
}

/// A seat: `Black`, or with the set `Black (marked)` where sets matter.
pub fn seat(seat: Seat, with_set: bool) -> String {
    match (with_set, seat.marked) {
        (false, _) => side(seat.side).to_string(),
        (true, false) => format!("{} (plain)", side(seat.side)),
        (true, true) => format!("{} (marked)", side(seat.side)),
    }
}

/// A level's name.
pub fn level_name(level: Level) -> &'static str {
    match level.number() {
        1 => "Beginner",
        2 => "Casual",
        3 => "Club",
        4 => "Strong",
        5 => "Expert",
        _ => "Master",
    }
}

/// A player: `Human` or `Computer — Club (3)`.
pub fn player(player: Player) -> String {
    match player {
        Player::Human => "Human".into(),
        Player::Computer(level) => format!("Computer — {} ({level})", level_name(level)),
    }
}

/// A game's name.
pub fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::LinesOfAction => "Lines of Action",
        GameKind::Epaminondas => "Epaminondas",
    }
}

/// The variant and the options that differ from the rule book's defaults, for the panel:
/// `Parachute · White moves first`.
pub fn options(config: &GameConfig) -> String {
    let defaults = GameConfig::default();
    let mut parts: Vec<String> = Vec::new();
    match config.kind {
        GameKind::LinesOfAction => {
            let r = &config.loa;
            parts.push(r.variant.title().to_string());
            if r.first_player != defaults.loa.first_player {
                parts.push(format!("{} moves first", side(r.first_player)));
            }
            if r.simultaneous != defaults.loa.simultaneous {
                parts.push(simultaneous(r.simultaneous).to_string());
            }
            if r.repetition_draw != defaults.loa.repetition_draw {
                parts.push(repetition(r.repetition_draw).to_string());
            }
        }
        GameKind::Epaminondas => {
            let r = &config.epaminondas;
            parts.push(board(r.board).to_string());
            if r.anti_symmetry != defaults.epaminondas.anti_symmetry {
                parts.push(if r.anti_symmetry {
                    "anti-symmetry rule".into()
                } else {
                    "no anti-symmetry rule".into()
                });
            }
            if r.repetition_draw != defaults.epaminondas.repetition_draw {
                parts.push(repetition(r.repetition_draw).to_string());
            }
        }
    }
    parts.join(" · ")
}

/// An Epaminondas board.
pub fn board(size: BoardSize) -> &'static str {
    match size {
        BoardSize::Standard => "14 × 12 board",
        BoardSize::Small => "8 × 8 board (short game)",
    }
}

/// The rule when one move connects both sides.
pub fn simultaneous(rule: SimultaneousConnection) -> &'static str {
    match rule {
        SimultaneousConnection::Draw => "both connected: draw",
        SimultaneousConnection::MoverWins => "both connected: the mover wins",
    }
}

fn repetition(on: bool) -> &'static str {
    if on {
        "third repetition draws"
    } else {
        "no draw by repetition"
    }
}

/// Who won and why.
pub fn game_end(end: GameEnd) -> String {
    match end {
        GameEnd::Rules(outcome) => outcome_text(outcome),
        GameEnd::Resigned(loser) => format!("{} wins: {} resigned", side(!loser), side(loser)),
    }
}

fn outcome_text(outcome: Outcome) -> String {
    // The engine's words are already for players; this is the one place that uses them.
    outcome.to_string()
}

/// How long the game was: `after 4 moves` (numbered lines of the move list).
pub fn game_length(game: &CurrentGame) -> String {
    match game.move_lines() {
        1 => "after 1 move".into(),
        n => format!("after {n} moves"),
    }
}

/// Why the rules refused a move.
pub fn refusal(why: &Refusal) -> String {
    match why {
        Refusal::GameOver(end) => format!("the game is over: {}", game_end(*end)),
        Refusal::OffBoard(cell) => format!("{cell} is off the board"),
        Refusal::NothingToPlace => "there is nothing to place in this game".into(),
        Refusal::LinesOfAction(e) => e.to_string(),
        Refusal::Epaminondas(e) => e.to_string(),
        Refusal::Boundless(e) => e.to_string(),
    }
}

/// A notice in words.
pub fn notice(notice: &Notice, four_players: bool) -> String {
    match notice {
        Notice::NewGame => "New game.".into(),
        Notice::MoveTakenBack => "Move taken back.".into(),
        Notice::NothingToTakeBack => "Nothing to take back.".into(),
        Notice::MoveReplayed => "Move replayed.".into(),
        Notice::NothingToRedo => "Nothing to redo.".into(),
        Notice::Refused(request, why) => format!("{request}: {}", refusal(why)),
        Notice::NotYourTurnYet => "Wait: it is not your turn to move yet.".into(),
        Notice::ComputersTurn(s) => {
            format!("It is the computer's turn ({}).", seat(*s, four_players))
        }
        Notice::SelectOwnPiece(s) => {
            format!("Select one of {}'s pieces first.", seat(*s, four_players))
        }
        Notice::NoMoveForPiece(cell) => format!("The piece on {cell} has no legal move."),
        Notice::Passed(s) => format!("{} has no legal move and passes.", side(*s)),
        Notice::MustPlaceOnly(s) => format!(
            "{} has no legal move: place one of the held {} pieces on an empty square.",
            side(*s),
            side(!*s)
        ),
        Notice::ChoosePlacement { from, to, holder } => format!(
            "{from}-{to}: now place one of the {} pieces you hold on an empty square (Esc: \
             choose another move).",
            side(!*holder)
        ),
        Notice::PlacementNotEmpty(cell) => format!(
            "{cell} is not empty: place the held piece on an empty square (Esc: choose another \
             move)."
        ),
        Notice::LookingForHint => "Looking for a good move…".into(),
        Notice::Hint(mv) => format!("Hint: {mv}"),
        Notice::GameOver(end) => game_end(*end),
        Notice::Saved(name) => format!("Saved as \"{name}\"."),
        Notice::Opened(name) => format!("Opened {name}."),
        Notice::Resumed => "The unfinished game continues.".into(),
        Notice::NothingToResume => "There is no unfinished game to resume.".into(),
        Notice::CannotOpen { file, problem } => {
            format!("Cannot open {file}: {}", file_problem(problem))
        }
        Notice::CannotSave { file, problem } => format!("Cannot save {file}: {problem}"),
        Notice::AutosaveMovedAside(kept) => {
            format!("The autosave could not be read; it was kept as {kept}.")
        }
        Notice::SettingsReset { kept_as, problem } => format!(
            "The settings could not be read ({problem}); defaults are used and the file was \
             kept as {kept_as}."
        ),
    }
}

/// Why a file could not be opened.
pub fn file_problem(problem: &FileProblem) -> String {
    match problem {
        FileProblem::Unreadable(reason) => reason.clone(),
        FileProblem::Record(error) => error.to_string(),
    }
}

/// The computer's view of the game for the panel: who is better, and Black's share of a bar
/// (0: White is winning, 1: Black is).
pub fn evaluation(score: Score, by: Side) -> (String, f32) {
    let (leader, text) = match score {
        Score::WinIn(plies) => (by, format!("{} wins in {}", side(by), plies.div_ceil(2))),
        Score::LossIn(plies) => (!by, format!("{} wins in {}", side(!by), plies.div_ceil(2))),
        Score::Centipawns(cp) => {
            let leader = if cp >= 0 { by } else { !by };
            let size = cp.unsigned_abs();
            let text = if size < 30 {
                "About even".to_string()
            } else if size < 150 {
                format!("{} is slightly better", side(leader))
            } else if size < 500 {
                format!("{} is better", side(leader))
            } else {
                format!("{} is winning", side(leader))
            };
            let share = 0.5 + 0.5 * (size as f32 / 400.0).tanh();
            let black_share = if leader == Side::Black {
                share
            } else {
                1.0 - share
            };
            return (text, black_share);
        }
    };
    (text, if leader == Side::Black { 1.0 } else { 0.0 })
}

/// The hint at the bottom when nothing else is to be said.
pub fn controls_help(flat: bool) -> &'static str {
    if flat {
        "Click a piece, then one of the highlighted squares.  Wheel: zoom  ·  V: 3D view  ·  \
         F: flip  ·  C: reset view"
    } else {
        "Click a piece, then one of the highlighted squares.  Right-drag: turn the board  ·  \
         wheel: zoom  ·  V: 2D view  ·  F: flip  ·  C: reset view"
    }
}

/// A Lines of Action variant in a few lines (the standard game has none).
pub fn variant_summary(variant: Variant) -> Option<&'static str> {
    Some(match variant {
        Variant::Standard => return None,
        Variant::ScrambledEggs => {
            "Scrambled Eggs: the colours alternate around the edge, corners empty."
        }
        Variant::Parachute => {
            "Parachute: only the a- and h-file pieces start on the board; each player holds the \
             opponent's other six. For each player's first six turns, a turn is a move, then \
             placing one held enemy piece on any empty square. Nobody wins while the opponent \
             still holds some of his pieces."
        }
        Variant::FourPlayers => {
            "LOA for four: two teams. Each colour has a plain and a marked set (red ring); four \
             seats move in turn — Black plain, White plain, Black marked, White marked — each only \
             its own set. A colour whose twelve pieces connect wins for its team."
        }
        Variant::Ambidextrous => {
            "Ambidextrous: the sets of LOA for four, two players. On your 1st, 3rd, 5th… turn \
             move a plain piece, on your 2nd, 4th… turn a marked one (red ring)."
        }
        Variant::Boundless => {
            "Boundless: pieces may move off the 8×8 board onto an endless plane; a line counts \
             every piece on it however far away. The board grows as the pieces spread."
        }
    })
}

/// The rules in a few lines, for the Rules window.
pub fn rules_summary(kind: GameKind) -> &'static str {
    match kind {
        GameKind::LinesOfAction => {
            "Lines of Action (Claude Soucie)\n\n\
             • Move a piece in a straight line (rank, file or diagonal) exactly as many squares as \
             there are pieces — of both colours — on that whole line.\n\
             • You may jump your own pieces but never an enemy piece. You may not land on your own \
             piece; landing on an enemy piece captures it.\n\
             • Connect all your pieces into one group (touching sideways or diagonally) to win. A \
             single piece is connected.\n\
             • If your capture leaves the opponent connected, the opponent wins. One move \
             connecting both sides is a draw by default (option: the mover wins).\n\
             • No legal move: you pass. The third repetition of a position is a draw (option)."
        }
        GameKind::Epaminondas => {
            "Epaminondas (Robert Abbott)\n\n\
             • A phalanx is an unbroken straight line of your stones. Choose its tail: the tail \
             and the stones ahead of it move together, 1 square up to as many squares as there \
             are stones, along their line. A single stone moves one square in any direction.\n\
             • The squares passed over must be empty. Landing on an enemy stone captures the \
             whole enemy row in front, if that row is shorter than your phalanx.\n\
             • At the start of your turn, if you have more stones on the opponent's home row \
             than he has on yours, you win. A player with no stones loses.\n\
             • Anti-symmetry (option): a move onto the far row may not leave a colour-swapped \
             mirror-image position.\n\
             • No legal move: you pass. The third repetition of a position is a draw (option)."
        }
    }
}

// Review (stepping through a game, its analysis, play from here).

/// The move list's heading while reviewing.
pub fn review_moves() -> &'static str {
    "Moves (click one to see its position)"
}

/// The review window's title.
pub fn review_title() -> &'static str {
    "Review"
}

/// The button that starts a review.
pub fn review_button() -> &'static str {
    "Review"
}

/// Which position the review shows.
pub fn review_position(shown: usize, last: usize) -> String {
    match shown {
        0 => format!("Start position (of {last} moves)"),
        _ => format!("After move {shown} of {last}"),
    }
}

/// How far the analysis has got.
pub fn analysing(done: usize, total: usize) -> String {
    format!("Analysing positions: {done} of {total}")
}

/// The analysis is done.
pub fn analysis_done() -> &'static str {
    "Evaluation from Black's view (up: Black better). Click the graph to jump."
}

/// The mark of a move that lost much.
pub fn mistake_mark(mistake: crate::review::Mistake) -> &'static str {
    match mistake {
        crate::review::Mistake::Dubious => "?",
        crate::review::Mistake::Blunder => "??",
    }
}

/// A mark's name, for the graph's legend.
pub fn mistake_name(mistake: crate::review::Mistake) -> &'static str {
    match mistake {
        crate::review::Mistake::Dubious => "? mistake",
        crate::review::Mistake::Blunder => "?? blunder",
    }
}

/// The graph's line.
pub fn evaluation_line() -> &'static str {
    "Evaluation"
}

/// The review's step buttons: start, back, forward, end.
pub fn review_steps() -> [(&'static str, &'static str); 4] {
    [
        ("⏮", "Start (Home)"),
        ("◀", "Back a move (←)"),
        ("▶", "Forward a move (→)"),
        ("⏭", "End (End)"),
    ]
}

/// Play from the shown position against the computer.
pub fn play_from_here_computer() -> &'static str {
    "Play from here vs computer"
}

/// Play from the shown position, people on both sides.
pub fn play_from_here_hot_seat() -> &'static str {
    "Play from here (hot-seat)"
}

/// Leave the review.
pub fn leave_review() -> &'static str {
    "Close review (Esc)"
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::Game;

    #[test]
    fn the_evaluation_says_who_is_better_from_the_board_not_the_mover() {
        // The computer played White and thinks it is ahead by a piece.
        let (text, black) = evaluation(Score::Centipawns(106), Side::White);
        assert_eq!(text, "White is slightly better");
        assert!(black < 0.5);
        let (text, black) = evaluation(Score::Centipawns(-600), Side::White);
        assert_eq!(text, "Black is winning");
        assert!(black > 0.9);
        let (text, _) = evaluation(Score::LossIn(3), Side::Black);
        assert_eq!(text, "White wins in 2");
        assert_eq!(
            evaluation(Score::Centipawns(10), Side::Black).0,
            "About even"
        );
    }

    #[test]
    fn the_game_length_counts_numbered_lines_not_plies() {
        let mut game = CurrentGame::default();
        for _ in 0..8 {
            let mv = game.position().legal_moves()[0];
            game.play(mv);
        }
        assert_eq!(game.ply(), 8);
        assert_eq!(game_length(&game), "after 4 moves");
    }

    #[test]
    fn options_name_the_variant_and_only_what_differs_from_the_book() {
        let mut config = GameConfig::default();
        assert_eq!(options(&config), "Standard");
        config.loa.variant = Variant::Parachute;
        config.loa.first_player = !GameConfig::default().loa.first_player;
        let text = options(&config);
        assert!(text.starts_with("Parachute · "), "{text}");
        assert!(text.contains("moves first"), "{text}");
        assert!(!text.contains("lines-of-action"), "{text}");
    }
}

// The saved games dialog and the resume offer.

/// The panel's button for the saved games.
pub const SAVES_BUTTON: &str = "Saves… (Ctrl+S)";
/// The saved games window's title.
pub const SAVES_TITLE: &str = "Saved games";
/// Words of the saved games window.
pub mod saves {
    /// The name field's label.
    pub const NAME: &str = "Name:";
    /// Save the game.
    pub const SAVE: &str = "Save";
    /// Open the selected save.
    pub const OPEN: &str = "Open";
    /// Rename the selected save to the name typed.
    pub const RENAME: &str = "Rename to this name";
    /// Delete the selected save.
    pub const DELETE: &str = "Delete…";
    /// Copy the selected save's record (or the game's).
    pub const COPY: &str = "Copy record";
    /// Paste a record.
    pub const PASTE: &str = "Paste record…";
    /// Start from the pasted record.
    pub const START_PASTED: &str = "Start from this record";
    /// Close.
    pub const CLOSE: &str = "Close";
    /// The columns.
    pub const COLUMNS: [&str; 6] = ["Name", "Date", "Game", "Players", "Moves", "Result"];
    /// The folder is empty.
    pub const EMPTY: &str = "No saved games yet.";
    /// The paste box's hint.
    pub const PASTE_HINT: &str = "Paste a game record here (Ctrl+V)";
    /// Asked before deleting.
    pub fn confirm_delete(name: &str) -> String {
        format!("Delete \"{name}\" for good?")
    }
    /// A save that cannot be read.
    pub fn unreadable(problem: &str) -> String {
        format!("cannot be read: {problem}")
    }
    /// Renaming or deleting failed.
    pub fn failed(name: &str, problem: &str) -> String {
        format!("{name}: {problem}")
    }
    /// The record was copied.
    pub const COPIED: &str = "Record copied to the clipboard.";
}

/// A save's result in the list.
pub fn result(result: gamut_engine::record::GameResult) -> &'static str {
    use gamut_engine::record::GameResult;
    match result {
        GameResult::Unfinished => "unfinished",
        GameResult::BlackWins => "Black won",
        GameResult::WhiteWins => "White won",
        GameResult::Draw => "draw",
    }
}

/// The players of a game in short: `Human – Computer (3)`.
pub fn players_short(settings: &crate::model::GameSettings) -> String {
    settings
        .seats()
        .into_iter()
        .map(|p| match p {
            Player::Human => "Human".to_string(),
            Player::Computer(level) => format!("Computer ({})", level.number()),
        })
        .collect::<Vec<_>>()
        .join(" – ")
}

/// The resume offer: `Resume: Lines of Action against the computer (level 3), move 14`.
pub fn resume_offer(settings: &crate::model::GameSettings, move_number: usize) -> String {
    let seats = settings.seats();
    let computers: Vec<Level> = seats
        .iter()
        .filter_map(|p| match p {
            Player::Computer(level) => Some(*level),
            Player::Human => None,
        })
        .collect();
    let against = match (computers.len(), seats.len()) {
        (0, _) => "between people".to_string(),
        (n, total) if n == total => "computer against computer".to_string(),
        _ => format!(
            "against the computer (level {})",
            computers
                .iter()
                .map(|l| l.number().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let game = match settings.config.kind {
        GameKind::LinesOfAction if settings.config.loa.variant != Variant::Standard => {
            format!(
                "{} ({})",
                game_name(settings.config.kind),
                settings.config.loa.variant
            )
        }
        kind => game_name(kind).to_string(),
    };
    format!("Resume: {game} {against}, move {move_number}")
}

/// The resume offer's title and buttons.
pub mod resume {
    /// The window's title.
    pub const TITLE: &str = "Unfinished game";
    /// Decline the offer.
    pub const NEW_GAME: &str = "New game";
}
