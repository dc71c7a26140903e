//! The independent checker of a saved proof: it reads the file and walks every listed line
//! through the rules alone — the record reader for the game and its position, then only
//! [`Game::legal_moves`], [`Game::play`] and [`Game::outcome`]. It shares no code with the
//! prover.
//!
//! A proof holds when: at every position of the prover at least one move is listed, every listed
//! move is legal, and the moves listed at a position of the defender are exactly its legal
//! moves (every reply covered); a move marked `end` ends the game with the prover's win by
//! [`Game::outcome`], and every other move leads to a position the file lists, the game going
//! on. Every position has one number and no line repeats a position, so the rules' repetition
//! draw never applies inside a proof, and a position checked once holds wherever it recurs.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use super::solution::{PROOF_MARKER, PROVER_TAG};
use crate::any_game::AnyPosition;
use crate::record::{Record, RecordError};
use crate::{Color, Game};

/// What a checked proof shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The side whose win is proven.
    pub prover: Color,
    /// Positions checked.
    pub positions: usize,
    /// The prover's moves to the win against the longest defence, as the file's moves give it.
    pub depth: u32,
}

/// Why a proof file does not hold.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    /// No `proof` line separates the header from the moves.
    #[error("no line '{PROOF_MARKER}' after the header")]
    NoMarker,
    /// The header is not a valid game record.
    #[error("bad header: {0}")]
    Header(#[from] RecordError),
    /// The header does not name the prover.
    #[error("the header has no [{PROVER_TAG} \"Black\"] or [{PROVER_TAG} \"White\"] tag")]
    NoProver,
    /// A line that is not `NODE MOVE NEXT`.
    #[error("line {line}: expected 'NODE MOVE NEXT', found '{text}'")]
    Syntax {
        /// The line number in the file, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The same move listed twice at a position.
    #[error("node {node}: {mv} is listed twice")]
    Duplicate {
        /// The position's number.
        node: usize,
        /// The move.
        mv: String,
    },
    /// The root position is already over.
    #[error("the position is already over: nothing to prove")]
    Over,
    /// A position reached but not listed.
    #[error("node {0} is reached but has no moves listed")]
    Missing(usize),
    /// A listed move is not legal.
    #[error("node {node}: {mv} is not a legal move")]
    Illegal {
        /// The position's number.
        node: usize,
        /// The move.
        mv: String,
    },
    /// A reply of the defender not covered.
    #[error("node {node}: the defender's reply {mv} is not covered")]
    Uncovered {
        /// The position's number.
        node: usize,
        /// The move.
        mv: String,
    },
    /// A move marked `end` that does not end the game with the prover's win.
    #[error("node {node}: {mv} is marked 'end' but {what}")]
    NotWon {
        /// The position's number.
        node: usize,
        /// The move.
        mv: String,
        /// What happens instead.
        what: String,
    },
    /// A move that ends the game but leads to a listed position.
    #[error("node {node}: {mv} ends the game ({what}) but leads to node {next}")]
    Ended {
        /// The position's number.
        node: usize,
        /// The move.
        mv: String,
        /// How the game ended.
        what: String,
        /// The node it claims to lead to.
        next: usize,
    },
    /// One number used for two positions, or one position under two numbers.
    #[error("node {node} stands for two positions, or its position has two numbers")]
    Inconsistent {
        /// The position's number.
        node: usize,
    },
    /// A line of the proof comes back to a position.
    #[error("node {node}: the line repeats a position")]
    Repetition {
        /// The position's number.
        node: usize,
    },
}

/// Checks a proof file (see [`super::Proof::to_text`] for the format).
pub fn check_proof(text: &str) -> Result<Checked, CheckError> {
    let (header, body) = split(text).ok_or(CheckError::NoMarker)?;
    let record = Record::parse(header)?;
    let prover = record
        .other_tags
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(PROVER_TAG))
        .and_then(
            |(_, value)| match value.trim().to_ascii_lowercase().as_str() {
                "black" => Some(Color::Black),
                "white" => Some(Color::White),
                _ => None,
            },
        )
        .ok_or(CheckError::NoProver)?;
    let mut root = record.start_position()?;
    if root.outcome().is_some() {
        return Err(CheckError::Over);
    }
    let listed = parse_body(body, header.lines().count() + 1)?;
    let mut checker = Checker {
        prover,
        listed,
        done: HashMap::new(),
        text_of: HashMap::new(),
        node_of: HashMap::new(),
        path: HashSet::new(),
    };
    let depth = checker.node(&mut root, 0)?;
    Ok(Checked {
        prover,
        positions: checker.done.len(),
        depth,
    })
}

/// The header and the moves, split at the `proof` line.
fn split(text: &str) -> Option<(&str, &str)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == PROOF_MARKER {
            return Some((&text[..offset], &text[offset + line.len()..]));
        }
        offset += line.len();
    }
    None
}

/// A listed move: its text and where it leads (`None`: `end`).
type Listed = Vec<(String, Option<usize>)>;

/// Reads the `NODE MOVE NEXT` lines (`first_line`: the file's line number of the first).
fn parse_body(body: &str, first_line: usize) -> Result<HashMap<usize, Listed>, CheckError> {
    let mut listed: HashMap<usize, Listed> = HashMap::new();
    for (i, line) in body.lines().enumerate() {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let bad = || CheckError::Syntax {
            line: first_line + i + 1,
            text: text.to_string(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let [node, mv, next] = words[..] else {
            return Err(bad());
        };
        let node: usize = node.parse().map_err(|_| bad())?;
        let next = match next {
            "end" => None,
            n => Some(n.parse::<usize>().map_err(|_| bad())?),
        };
        let moves = listed.entry(node).or_default();
        if moves.iter().any(|(m, _)| m == mv) {
            return Err(CheckError::Duplicate {
                node,
                mv: mv.to_string(),
            });
        }
        moves.push((mv.to_string(), next));
    }
    Ok(listed)
}

/// The walk over the listed positions.
struct Checker {
    prover: Color,
    listed: HashMap<usize, Listed>,
    /// Positions checked: their depth.
    done: HashMap<usize, u32>,
    /// The position of each number met.
    text_of: HashMap<usize, String>,
    /// The number of each position met.
    node_of: HashMap<String, usize>,
    /// Positions on the current line.
    path: HashSet<String>,
}

impl Checker {
    /// Checks position `node` (the game standing there) and gives its depth.
    fn node(&mut self, game: &mut AnyPosition, node: usize) -> Result<u32, CheckError> {
        let text = game.to_text();
        if self.path.contains(&text) {
            return Err(CheckError::Repetition { node });
        }
        if *self.node_of.entry(text.clone()).or_insert(node) != node
            || *self.text_of.entry(node).or_insert_with(|| text.clone()) != text
        {
            return Err(CheckError::Inconsistent { node });
        }
        if let Some(&depth) = self.done.get(&node) {
            return Ok(depth);
        }
        let moves = self
            .listed
            .get(&node)
            .cloned()
            .ok_or(CheckError::Missing(node))?;
        let legal = game.legal_moves();
        let prover_moves = game.side_to_move() == self.prover;
        if !prover_moves
            && let Some(mv) = legal
                .iter()
                .map(ToString::to_string)
                .find(|m| !moves.iter().any(|(listed, _)| listed == m))
        {
            return Err(CheckError::Uncovered { node, mv });
        }
        self.path.insert(text.clone());
        let mut depths = Vec::with_capacity(moves.len());
        for (mv_text, next) in &moves {
            let Some(&mv) = legal.iter().find(|m| m.to_string() == *mv_text) else {
                self.path.remove(&text);
                return Err(CheckError::Illegal {
                    node,
                    mv: mv_text.clone(),
                });
            };
            let played = game.play(mv);
            let result = match played {
                Ok(()) => self.after_move(game, node, mv_text, *next),
                Err(_) => Err(CheckError::Illegal {
                    node,
                    mv: mv_text.clone(),
                }),
            };
            if played.is_ok() {
                game.undo();
            }
            match result {
                Ok(depth) => depths.push(depth),
                Err(e) => {
                    self.path.remove(&text);
                    return Err(e);
                }
            }
        }
        self.path.remove(&text);
        // The prover needs one more move than the best of its listed moves; the defender picks
        // the reply that lasts longest.
        let depth = if prover_moves {
            1 + depths.iter().copied().min().unwrap_or(0)
        } else {
            depths.iter().copied().max().unwrap_or(0)
        };
        self.done.insert(node, depth);
        Ok(depth)
    }

    /// After a listed move: an `end` must be the prover's win, anything else a listed position
    /// with the game going on. Gives that position's depth (0 after an `end`).
    fn after_move(
        &mut self,
        game: &mut AnyPosition,
        node: usize,
        mv: &str,
        next: Option<usize>,
    ) -> Result<u32, CheckError> {
        match (game.outcome(), next) {
            (Some(o), None) if o.winner() == Some(self.prover) => Ok(0),
            (Some(o), None) => Err(CheckError::NotWon {
                node,
                mv: mv.to_string(),
                what: format!("ends it otherwise: {o}"),
            }),
            (None, None) => Err(CheckError::NotWon {
                node,
                mv: mv.to_string(),
                what: "the game goes on".into(),
            }),
            (Some(o), Some(next)) => Err(CheckError::Ended {
                node,
                mv: mv.to_string(),
                what: o.to_string(),
                next,
            }),
            (None, Some(next)) => self.node(game, next),
        }
    }
}
