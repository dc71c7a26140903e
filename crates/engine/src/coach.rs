//! The coach: which moves of a game lost most, and why, in typed reasons the game says in the
//! player's language (and `gamut-engine explain` in English).
//!
//! A move is judged by the drop of the mover's score from the position before it to the position
//! after it, both as the search saw them (the thresholds the review's `?` and `??` use):
//! - `?` ([`Judgement::Dubious`]): a drop of at least [`DUBIOUS_DROP`] pieces;
//! - `??` ([`Judgement::Blunder`]): a drop of at least [`BLUNDER_DROP`] pieces, or a won
//!   position (a forced win the search saw) let go;
//! - `!` ([`Judgement::OnlyMove`]): in a won position, the one move that keeps the win.
//!
//! A mistake's [`Reason`]s come from the two searches and from counting on the board: the
//! opponent's forced win (with its line), the win given up, the pieces the opponent's best reply
//! captures, the mover's largest group split (Lines of Action), the mover's own moves blocked;
//! else the score alone.

use std::sync::atomic::AtomicBool;

mod annotate;

pub use annotate::annotate;

use crate::any_game::{AnyMove, AnyPosition};
use crate::any_search::AnySearcher;
use crate::eval::Evaluators;
use crate::record::{Record, RecordError};
use crate::search::{Limits, Score};
use crate::{Color, Game};

/// Scores are clamped to ± this many pieces (wins and losses sit on it), as on the review's graph.
pub const SCORE_LIMIT: f64 = 10.0;
/// A drop in the mover's score (pieces) that marks the move `?`.
pub const DUBIOUS_DROP: f64 = 1.5;
/// A drop in the mover's score (pieces) that marks the move `??`.
pub const BLUNDER_DROP: f64 = 3.0;
/// Mobility: the mover's own moves must fall by at least this many, and by a quarter, to be a
/// reason.
const BLOCKED_MOVES: u32 = 4;

/// What the coach says of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Judgement {
    /// `?`: lost at least [`DUBIOUS_DROP`] pieces.
    Dubious,
    /// `??`: lost at least [`BLUNDER_DROP`] pieces, or a win.
    Blunder,
    /// `!`: the only move that kept a won position won.
    OnlyMove,
}

impl Judgement {
    /// The mark written after the move: `?`, `??` or `!`.
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Dubious => "?",
            Judgement::Blunder => "??",
            Judgement::OnlyMove => "!",
        }
    }

    /// The name used by `gamut-engine explain --json`.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Dubious => "dubious",
            Judgement::Blunder => "blunder",
            Judgement::OnlyMove => "only-move",
        }
    }
}

/// Why a move was bad (or, for `!`, good): typed, for the game to say in words.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reason {
    /// The opponent now wins by force in `plies` plies (moves of either side) with `line`.
    AllowsForcedWin {
        /// Plies to the opponent's win (1: the very next move wins).
        plies: u32,
        /// The winning line, the opponent's move first.
        line: Vec<AnyMove>,
    },
    /// The mover had a forced win in `plies` plies and let it go.
    GivesUpWin {
        /// Plies of the win that was there.
        plies: u32,
    },
    /// The opponent's best reply, `reply`, captures `count` of the mover's pieces.
    AllowsCapture {
        /// The reply.
        reply: AnyMove,
        /// How many pieces it takes (Epaminondas can take several).
        count: u32,
    },
    /// The mover's largest group went from `before` to `after` pieces, at least two fewer: the move
    /// broke it up, not only left it (Lines of Action).
    SplitsGroup {
        /// Pieces in the largest group before the move.
        before: u32,
        /// ... and after it.
        after: u32,
    },
    /// After the move and the best reply the mover has `after` moves instead of `before`.
    BlocksOwnPieces {
        /// The mover's legal moves before.
        before: u32,
        /// ... and after the move and the reply.
        after: u32,
    },
    /// No simpler reason: the position is worse by `drop` hundredths of a piece.
    WorsePosition {
        /// The drop in the mover's score, in hundredths of a piece.
        drop: u32,
    },
    /// `!`: every other move lets the win go.
    KeepsTheWin {
        /// Plies to the win from the position before the move (1: the move itself wins).
        plies: u32,
    },
}

impl Reason {
    /// The name used by `gamut-engine explain --json`.
    pub fn name(&self) -> &'static str {
        match self {
            Reason::AllowsForcedWin { .. } => "allows-forced-win",
            Reason::GivesUpWin { .. } => "gives-up-win",
            Reason::AllowsCapture { .. } => "allows-capture",
            Reason::SplitsGroup { .. } => "splits-group",
            Reason::BlocksOwnPieces { .. } => "blocks-own-pieces",
            Reason::WorsePosition { .. } => "worse-position",
            Reason::KeepsTheWin { .. } => "keeps-the-win",
        }
    }
}

/// What the search found in one position: its score for the side to move and its best line.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seen {
    /// The score, for the side to move.
    pub score: Score,
    /// The best line, best move first (empty when the game is over).
    pub line: Vec<AnyMove>,
}

/// The coach's word on one move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explanation {
    /// The move's index in the game (0: the first move).
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// The move played.
    pub played: AnyMove,
    /// `?`, `??` or `!`.
    pub judgement: Judgement,
    /// Why, the most telling first; never empty.
    pub reasons: Vec<Reason>,
    /// The engine's move in the position before, when it differs from the one played.
    pub better: Option<AnyMove>,
    /// The mover's score before the move (the best move's) and after the move played.
    pub scores: (Score, Score),
}

/// A score in pieces, clamped to ±[`SCORE_LIMIT`] (wins and losses on the edges).
pub fn pieces(score: Score) -> f64 {
    match score {
        Score::Centipawns(cp) => (f64::from(cp) / 100.0).clamp(-SCORE_LIMIT, SCORE_LIMIT),
        Score::WinIn(_) => SCORE_LIMIT,
        Score::LossIn(_) => -SCORE_LIMIT,
    }
}

/// `?` or `??` for a move whose mover's score went from `before` to `after` (both for the mover),
/// or `None` when it lost little.
pub fn judge(before: Score, after: Score) -> Option<Judgement> {
    let drop = pieces(before) - pieces(after);
    let lost_win = matches!(before, Score::WinIn(_)) && !matches!(after, Score::WinIn(_));
    if drop >= BLUNDER_DROP || lost_win {
        Some(Judgement::Blunder)
    } else if drop >= DUBIOUS_DROP {
        Some(Judgement::Dubious)
    } else {
        None
    }
}

/// The mover's score after its move: the search's of the position after (`None` when the move
/// ended the game), turned to the mover; the end itself when it ended.
fn score_after(after: &AnyPosition, seen_after: Option<&Seen>, mover: Color) -> Option<Score> {
    match after.outcome() {
        Some(outcome) => Some(match outcome.winner() {
            Some(winner) if winner == mover => Score::WinIn(0),
            Some(_) => Score::LossIn(0),
            None => Score::Centipawns(0),
        }),
        None => seen_after.map(|seen| seen.score.flipped()),
    }
}

/// Explains the move `played` from `before` when it was a mistake (`?` or `??`): `seen_before`
/// and `seen_after` are the searches of the position before and after it (`seen_after` is not
/// needed when the move ended the game). `None` for a move that lost little.
pub fn explain_mistake(
    before: &AnyPosition,
    played: AnyMove,
    seen_before: &Seen,
    seen_after: Option<&Seen>,
) -> Option<Explanation> {
    let mover = before.side_to_move();
    let mut after = before.clone();
    after.play_unchecked(played);
    let (was, now) = (seen_before.score, score_after(&after, seen_after, mover)?);
    let judgement = judge(was, now)?;
    let reply = seen_after.and_then(|seen| seen.line.first().copied());
    let mut reasons = Vec::new();
    if let Score::LossIn(plies) = now
        && plies > 0
    {
        let line = seen_after.map(|s| s.line.clone()).unwrap_or_default();
        reasons.push(Reason::AllowsForcedWin { plies, line });
    }
    if let Score::WinIn(plies) = was
        && !matches!(now, Score::WinIn(_))
    {
        reasons.push(Reason::GivesUpWin { plies });
    }
    if after.outcome().is_none()
        && let Some(reply) = reply
    {
        reasons.extend(board_reasons(before, &after, reply, mover));
    }
    if reasons.is_empty() {
        let drop = ((pieces(was) - pieces(now)) * 100.0).round().max(0.0) as u32;
        reasons.push(Reason::WorsePosition { drop });
    }
    let better = seen_before.line.first().copied().filter(|&b| b != played);
    Some(Explanation {
        ply: before.ply(),
        mover,
        played,
        judgement,
        reasons,
        better,
        scores: (was, now),
    })
}

/// What counting on the board says after the move and the opponent's best `reply`: pieces
/// taken, the largest group split, the mover's own moves blocked.
fn board_reasons(
    before: &AnyPosition,
    after: &AnyPosition,
    reply: AnyMove,
    mover: Color,
) -> Vec<Reason> {
    let mut reasons = Vec::new();
    let mut replied = after.clone();
    replied.play_unchecked(reply);
    let taken = after
        .piece_count(mover)
        .saturating_sub(replied.piece_count(mover));
    if taken > 0 {
        reasons.push(Reason::AllowsCapture {
            reply,
            count: taken,
        });
    }
    // The moved piece alone leaving its group is no split: the group must lose more than it.
    if let (Some(was), Some(now)) = (before.largest_group(mover), after.largest_group(mover))
        && now + 2 <= was
    {
        reasons.push(Reason::SplitsGroup {
            before: was,
            after: now,
        });
    }
    if replied.outcome().is_none() && replied.side_to_move() == mover {
        let was = before.count_legal_moves() as u32;
        let now = replied.count_legal_moves() as u32;
        if now + BLOCKED_MOVES <= was && now * 4 <= was * 3 {
            reasons.push(Reason::BlocksOwnPieces {
                before: was,
                after: now,
            });
        }
    }
    reasons
}

/// Whether `played` from `before`, a won position for its mover, was the only move that kept
/// the win: each other move's position is searched within `limits`. `seen_after` is the search
/// of the position after `played` (`None` when it ended the game). Raising `stop` ends the
/// searches: a move not proven the only one is not called so.
pub fn explain_only_move(
    searcher: &mut AnySearcher,
    before: &AnyPosition,
    played: AnyMove,
    seen_before: &Seen,
    seen_after: Option<&Seen>,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<Explanation> {
    let mover = before.side_to_move();
    let Score::WinIn(plies) = seen_before.score else {
        return None;
    };
    let mut after = before.clone();
    after.play_unchecked(played);
    let now = score_after(&after, seen_after, mover)?;
    let Score::WinIn(_) = now else {
        return None;
    };
    let moves = before.legal_moves();
    if moves.len() < 2 {
        return None;
    }
    let evaluators = Evaluators::default();
    for &other in moves.iter().filter(|&&m| m != played) {
        let mut position = before.clone();
        position.play_unchecked(other);
        let kept = match position.outcome() {
            Some(outcome) => outcome.winner() == Some(mover),
            None => {
                let info = searcher.search(&position, &evaluators, limits, stop, |_| {});
                matches!(info.score, Score::LossIn(_))
            }
        };
        if kept || stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
    }
    Some(Explanation {
        ply: before.ply(),
        mover,
        played,
        judgement: Judgement::OnlyMove,
        reasons: vec![Reason::KeepsTheWin { plies }],
        better: None,
        scores: (seen_before.score, now),
    })
}

/// Every `?`, `??` and `!` of a recorded game, in the order played: each position searched
/// within `limits` with a table of `hash_megabytes` MiB (the alternatives of a `!` with a quarter
/// of the time or two plies less). Errors if the record's moves are not legal.
pub fn explain_game(
    record: &Record,
    limits: Limits,
    hash_megabytes: usize,
) -> Result<Vec<Explanation>, RecordError> {
    record.replay()?;
    let mut positions = vec![record.start_position()?];
    for m in &record.moves {
        let mut next = positions.last().expect("the start").clone();
        next.play_unchecked(m.mv);
        positions.push(next);
    }
    let mut searcher = AnySearcher::new(&positions[0], hash_megabytes);
    let evaluators = Evaluators::default();
    let never = AtomicBool::new(false);
    let seen: Vec<Option<Seen>> = positions
        .iter()
        .map(|position| {
            position.outcome().is_none().then(|| {
                let info = searcher.search(position, &evaluators, limits, &never, |_| {});
                Seen {
                    score: info.score,
                    line: info.pv,
                }
            })
        })
        .collect();
    let lesser = lesser_limits(limits);
    let mut explanations = Vec::new();
    for (i, m) in record.moves.iter().enumerate() {
        let Some(seen_before) = &seen[i] else {
            continue;
        };
        let seen_after = seen[i + 1].as_ref();
        let explained =
            explain_mistake(&positions[i], m.mv, seen_before, seen_after).or_else(|| {
                explain_only_move(
                    &mut searcher,
                    &positions[i],
                    m.mv,
                    seen_before,
                    seen_after,
                    lesser,
                    &never,
                )
            });
        explanations.extend(explained);
    }
    Ok(explanations)
}

/// `line`'s moves from `position` in human notation (`b1-d3`, `b1xd3`), as far as they stay
/// legal.
pub fn written_line(position: &AnyPosition, line: &[AnyMove]) -> Vec<String> {
    let mut p = position.clone();
    let mut out = Vec::new();
    for &mv in line {
        if p.outcome().is_some() || !p.is_legal(mv) {
            break;
        }
        out.push(p.human_move(mv));
        p.play_unchecked(mv);
    }
    out
}

/// The limits for trying a won position's other moves: a quarter of the time, two plies less.
fn lesser_limits(limits: Limits) -> Limits {
    Limits {
        depth: limits.depth.map(|d| d.saturating_sub(2).max(1)),
        time: limits.time.map(|t| t / 4),
        soft_time: limits.soft_time.map(|t| t / 4),
        nodes: limits.nodes.map(|n| n / 4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any_game::GameConfig;
    use crate::search::Limits;

    fn position(config: &GameConfig, moves: &[&str]) -> AnyPosition {
        let mut p = config.start();
        for m in moves {
            let mv = p.parse_move(m).unwrap();
            p.play_unchecked(mv);
        }
        p
    }

    fn seen(position: &AnyPosition, depth: u32) -> Option<Seen> {
        position.outcome().is_none().then(|| {
            let mut searcher = AnySearcher::new(position, 8);
            let info = searcher.search(
                position,
                &Evaluators::default(),
                Limits::depth(depth),
                &AtomicBool::new(false),
                |_| {},
            );
            Seen {
                score: info.score,
                line: info.pv,
            }
        })
    }

    #[test]
    fn the_thresholds_are_the_reviews() {
        let cp = Score::Centipawns;
        assert_eq!(judge(cp(0), cp(-100)), None);
        assert_eq!(judge(cp(0), cp(-150)), Some(Judgement::Dubious));
        assert_eq!(judge(cp(100), cp(-200)), Some(Judgement::Blunder));
        assert_eq!(judge(Score::WinIn(5), cp(900)), Some(Judgement::Blunder));
        assert_eq!(judge(Score::WinIn(5), Score::WinIn(7)), None);
        assert_eq!(judge(cp(-900), Score::LossIn(3)), None, "lost already");
    }

    #[test]
    fn flip_and_pieces() {
        assert_eq!(Score::WinIn(3).flipped(), Score::LossIn(3));
        assert_eq!(pieces(Score::Centipawns(2500)), SCORE_LIMIT);
        assert_eq!(pieces(Score::LossIn(1)), -SCORE_LIMIT);
    }

    #[test]
    fn the_names_are_distinct() {
        let reasons = [
            Reason::AllowsForcedWin {
                plies: 1,
                line: vec![],
            },
            Reason::GivesUpWin { plies: 1 },
            Reason::WorsePosition { drop: 1 },
            Reason::KeepsTheWin { plies: 1 },
            Reason::SplitsGroup {
                before: 2,
                after: 1,
            },
            Reason::BlocksOwnPieces {
                before: 9,
                after: 1,
            },
        ];
        let mut names: Vec<_> = reasons.iter().map(Reason::name).collect();
        names.dedup();
        assert_eq!(names.len(), reasons.len());
    }

    /// The largest group and the pieces on the board, counted for both games.
    #[test]
    fn groups_and_pieces_are_counted() {
        let loa = GameConfig::default().start();
        assert_eq!(loa.piece_count(Color::Black), 12);
        assert_eq!(loa.largest_group(Color::Black), Some(6));
        let epaminondas = GameConfig {
            kind: crate::any_game::GameKind::Epaminondas,
            ..GameConfig::default()
        };
        let start = epaminondas.start();
        assert_eq!(start.piece_count(Color::White), 28);
        assert_eq!(start.largest_group(Color::White), None);
        let _ = seen;
        let _ = position;
    }
}
