//! The proven solution read out of the search's table: for a win, one proven move at each node
//! of the prover (the one whose proof is shortest), every reply at each node of the defender.
//! Positions reached along several lines are written once (the solution is a directed acyclic
//! graph), and no line of it repeats a position.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::dfpn::{Table, table_key};
use crate::any_game::{AnyMove, AnyPosition, GameConfig};
use crate::record::Record;
use crate::{Color, Game};

/// The tag naming the side whose win the proof shows.
pub const PROVER_TAG: &str = "Prover";

/// The line that ends the record header of a proof file and starts its moves.
pub const PROOF_MARKER: &str = "proof";

/// One position of a proof and the moves listed from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofNode {
    /// Each move with where it leads: the index of the next position, or `None` when the move
    /// ends the game with the prover's win.
    pub edges: Edges,
    /// The prover's moves this position's proof needs against the longest defence.
    pub depth: u32,
}

/// A proven win, as a graph of positions from the root (node 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// The game and its rules.
    pub config: GameConfig,
    /// The position text of the root.
    pub position: String,
    /// The side whose win is proven.
    pub prover: Color,
    /// The positions, the root first.
    pub nodes: Vec<ProofNode>,
}

impl Proof {
    /// The prover's moves to the win against the longest defence ("wins by force in N").
    pub fn depth(&self) -> u32 {
        self.nodes.first().map_or(0, |n| n.depth)
    }

    /// Moves listed in the proof (the graph's edges).
    pub fn moves(&self) -> usize {
        self.nodes.iter().map(|n| n.edges.len()).sum()
    }

    /// The principal line: at the prover's nodes its fastest listed move, at the defender's the
    /// reply that holds out longest, to the end of the game.
    pub fn principal_line(&self) -> Vec<AnyMove> {
        let mut line = Vec::new();
        let mut node = 0;
        let mut prover_to_move = self.root_side() == Some(self.prover);
        while let Some(n) = self.nodes.get(node) {
            let depth_of = |t: &Option<usize>| t.map_or(0, |i| self.nodes[i].depth);
            let edge = if prover_to_move {
                n.edges.iter().min_by_key(|(_, t)| depth_of(t))
            } else {
                // The longest resistance: the last of the deepest replies.
                n.edges.iter().rev().max_by_key(|(_, t)| depth_of(t))
            };
            let Some(&(mv, target)) = edge else { break };
            line.push(mv);
            match target {
                Some(next) => node = next,
                None => break,
            }
            prover_to_move = !prover_to_move;
        }
        line
    }

    /// The side to move at the root, read from the position text.
    fn root_side(&self) -> Option<Color> {
        self.config
            .position_from_text(&self.position)
            .ok()
            .map(|p| p.side_to_move())
    }

    /// The proof file: a game record header (the game, its rules, `[Position "…"]`, and
    /// `[Prover "Black"]`), the line `proof`, then one line per move: `NODE MOVE NEXT`, where
    /// `NODE` numbers the position (0 is the root), `MOVE` is in engine notation and `NEXT` is
    /// the position the move leads to or `end` when it ends the game with the prover's win.
    pub fn to_text(&self) -> String {
        let mut record = Record::new(self.config);
        record.start = Some(self.position.clone());
        record
            .other_tags
            .push((PROVER_TAG.to_string(), self.prover.to_string()));
        record
            .other_tags
            .push(("ProofDepth".to_string(), self.depth().to_string()));
        record
            .other_tags
            .push(("ProofPositions".to_string(), self.nodes.len().to_string()));
        let mut out = record.to_string();
        out.push('\n');
        out.push_str(PROOF_MARKER);
        out.push('\n');
        for (id, node) in self.nodes.iter().enumerate() {
            for (mv, target) in &node.edges {
                let _ = match target {
                    Some(next) => writeln!(out, "{id} {mv} {next}"),
                    None => writeln!(out, "{id} {mv} end"),
                };
            }
        }
        out
    }
}

/// Reads the proof out of `table` after a search for `attacker`'s win within `bound` proved
/// `game`. Fails (with the reason) if the table lacks a part of it or the only proof found
/// would repeat a position.
pub fn extract<G: Game<Move: Into<AnyMove>>>(
    game: &G,
    config: GameConfig,
    attacker: Color,
    bound: Option<u32>,
    table: &Table,
) -> Result<Proof, String> {
    let mut walk = Walk {
        attacker,
        table,
        memo: HashMap::new(),
        path: Vec::new(),
        nodes: Vec::new(),
    };
    let mut game = game.clone();
    walk.visit(&mut game, bound)?;
    Ok(Proof {
        config,
        position: game.to_text(),
        prover: attacker,
        nodes: walk.nodes,
    })
}

/// A node's listed moves, each with where it leads (`None`: the game ends).
type Edges = Vec<(AnyMove, Option<usize>)>;

/// The walk through the table that builds the proof.
struct Walk<'t> {
    attacker: Color,
    table: &'t Table,
    /// Node index by position hash.
    memo: HashMap<u64, usize>,
    /// Hashes of the positions on the current line.
    path: Vec<u64>,
    nodes: Vec<ProofNode>,
}

impl Walk<'_> {
    /// Adds the position (and what its proof needs below it) and gives its index.
    fn visit<G: Game<Move: Into<AnyMove>>>(
        &mut self,
        game: &mut G,
        remaining: Option<u32>,
    ) -> Result<usize, String> {
        let hash = game.hash();
        if self.path.contains(&hash) {
            return Err(format!("the proof repeats the position {}", game.to_text()));
        }
        if let Some(&id) = self.memo.get(&hash) {
            return Ok(id);
        }
        let id = self.nodes.len();
        self.nodes.push(ProofNode {
            edges: Vec::new(),
            depth: 0,
        });
        self.memo.insert(hash, id);
        self.path.push(hash);
        let result = if game.side_to_move() == self.attacker {
            self.prover_node(game, remaining)
        } else {
            self.defender_node(game, remaining)
        };
        self.path.pop();
        let (edges, depth) = result?;
        self.nodes[id] = ProofNode { edges, depth };
        Ok(id)
    }

    /// The prover to move: its proven move with the shortest proof.
    fn prover_node<G: Game<Move: Into<AnyMove>>>(
        &mut self,
        game: &mut G,
        remaining: Option<u32>,
    ) -> Result<(Edges, u32), String> {
        let child_remaining = remaining.map(|r| r.saturating_sub(1));
        let mut best: Option<(u32, G::Move, bool)> = None;
        for mv in game.legal_moves() {
            game.play_unchecked(mv);
            let candidate = match game.outcome() {
                Some(o) if o.winner() == Some(self.attacker) => Some((0, true)),
                Some(_) => None,
                None if self.path.contains(&game.hash()) => None,
                None => self
                    .table
                    .get(&table_key(game.hash(), self.attacker, child_remaining))
                    .filter(|e| e.is_proven())
                    .map(|e| (e.depth, false)),
            };
            game.undo();
            if let Some((depth, end)) = candidate
                && best.is_none_or(|(d, _, _)| depth < d)
            {
                best = Some((depth, mv, end));
            }
        }
        let Some((_, mv, end)) = best else {
            return Err(format!("no proven move in {}", game.to_text()));
        };
        let target = if end {
            None
        } else {
            game.play_unchecked(mv);
            let next = self.visit(game, child_remaining);
            game.undo();
            Some(next?)
        };
        let depth = 1 + target.map_or(0, |t| self.nodes[t].depth);
        Ok((vec![(mv.into(), target)], depth))
    }

    /// The defender to move: every reply, each with the prover's proof after it.
    fn defender_node<G: Game<Move: Into<AnyMove>>>(
        &mut self,
        game: &mut G,
        remaining: Option<u32>,
    ) -> Result<(Edges, u32), String> {
        let mut edges = Vec::new();
        let mut depth = 0;
        for mv in game.legal_moves() {
            game.play_unchecked(mv);
            let target = match game.outcome() {
                Some(o) if o.winner() == Some(self.attacker) => Ok(None),
                Some(o) => Err(format!("the reply {mv} ends the game otherwise: {o}")),
                None => self.visit(game, remaining).map(Some),
            };
            game.undo();
            let target = target?;
            depth = depth.max(target.map_or(0, |t| self.nodes[t].depth));
            edges.push((mv.into(), target));
        }
        Ok((edges, depth))
    }
}

/// The position text of a proof's root, fresh from its text (no history before it).
pub fn fresh_root(position: &AnyPosition) -> AnyPosition {
    position
        .config()
        .position_from_text(&position.to_text())
        .unwrap_or_else(|_| position.clone())
}
