//! A game tree for an analysis board: the moves played from a start position, every branch
//! kept, with comments, a current node to step back and forth from, and the record it saves as.
//!
//! The tree is an arena of nodes named by [`NodeId`]s: the root is the start position, every
//! other node the position after a move. A node's first child is its main continuation, the
//! others are variations in order, exactly as a record writes them: [`GameTree::to_record`] gives
//! the main line with every variation and comment, [`GameTree::from_record`] reads them back, and
//! [`GameTree::entries`] lists the moves in the record's written order with the text it writes,
//! for a move list that matches the saved record.
//!
//! Ids stay valid until their node is deleted and are never reused. The methods that only look
//! (`parent`, `children`, `position`, …) panic on an id that is not in the tree (deleted, or from
//! another tree), like an index out of a slice's range; [`GameTree::contains`] says whether it
//! is. The methods that change the tree give [`TreeError::UnknownNode`] instead.

use std::fmt;

use thiserror::Error;

use super::walk::{MoveSource, comment_text, walk};
use super::{
    GameResult, MAX_VARIATION_DEPTH, Record, RecordError, RecordErrorKind, RecordMove, Termination,
    check_end, seats,
};
use crate::Game;
use crate::any_game::{AnyMove, AnyPosition, GameConfig};
use crate::game::MoveError;

/// A node of a [`GameTree`]: the start position ([`NodeId::ROOT`]) or the position after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    /// The node's index in the tree's arena (nodes are numbered in the order they were added).
    pub const fn index(self) -> usize {
        self.0
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A change to a [`GameTree`] that could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TreeError {
    /// The move is not legal in the current position (or the game is over there).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The change would nest variations deeper than a record may ([`MAX_VARIATION_DEPTH`]).
    #[error("variations may nest at most {limit} deep")]
    TooDeep {
        /// The deepest nesting allowed.
        limit: usize,
    },
    /// The node is not in the tree (it was deleted, or it is another tree's).
    #[error("node {0} is not in the game tree")]
    UnknownNode(NodeId),
    /// The root (the start position) cannot be deleted.
    #[error("the start position cannot be deleted")]
    DeleteRoot,
}

/// One move of the tree as the record writes it: [`GameTree::entries`] lists them in written
/// order, so a move list drawn from them reads like the saved record.
///
/// Written out in order, each entry as `(` when it opens a variation, then
/// [`TreeEntry::written`], then the node's comment in braces, then `)` as many times as it closes
/// variations, gives the record's movetext (without the game comment and the result).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeEntry {
    /// The node the move leads to.
    pub node: NodeId,
    /// The moves before it from the start.
    pub ply: usize,
    /// Its move number: one per turn of every seat (a round of four in LOA for four).
    pub number: usize,
    /// The seat moving, counted from the record's first mover: `ply % seats` (0: the side that
    /// moved first, Black in Lines of Action by default, White in Epaminondas).
    pub seat: usize,
    /// How deep in variations: 0 on the main line, 1 in a variation of the main line, …
    pub depth: usize,
    /// Whether a variation opens (`(`) before this move.
    pub opens_variation: bool,
    /// How many variations close (`)`) after this move and its comment.
    pub closes_variations: usize,
    /// The move number as the record writes it before the move: `12. ` for the first seat's
    /// move, `12... ` for another seat's move after a comment, at the start of a variation or
    /// after variations close, and nothing otherwise.
    pub label: String,
    /// The move in human notation (`b1-d3`, `d3xa6`).
    pub text: String,
}

impl TreeEntry {
    /// The move as the record writes it: `12. b1-d3`, `12... a2-c2` or `a2-c2`.
    pub fn written(&self) -> String {
        format!("{}{}", self.label, self.text)
    }

    /// The move always with its number: `12. b1-d3` for the first seat, `12... a2-c2` otherwise
    /// (for a move list that starts a row with any move).
    pub fn numbered(&self) -> String {
        let dots = if self.seat == 0 { "." } else { "..." };
        format!("{}{dots} {}", self.number, self.text)
    }
}

#[derive(Debug, Clone)]
struct Node {
    mv: Option<AnyMove>,
    comment: Option<String>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    ply: usize,
    alive: bool,
}

/// A game with its variations, for an analysis board: the moves played from a start position,
/// every branch kept, with comments, and a current node to step back and forth from.
///
/// The tree is an arena of nodes named by [`NodeId`]s: the root is the start position, every
/// other node the position after a move. A node's first child is its main continuation, the
/// others are variations in order, exactly as a record writes them. Moves are played from the
/// current node ([`GameTree::play`]), which moves along. Saved, the tree is a [`Record`]
/// ([`GameTree::to_record`]) whose text holds the variations and comments;
/// [`GameTree::from_record`] reads them back; [`GameTree::entries`] lists the moves in the
/// record's written order with the text it writes, for a move list that matches the saved record.
///
/// Ids stay valid until their node is deleted and are never reused. The methods that only look
/// (`parent`, `children`, `position`, …) panic on an id that is not in the tree (deleted, or from
/// another tree), like an index out of a slice's range; [`GameTree::contains`] says whether it
/// is. The methods that change the tree give [`TreeError::UnknownNode`] instead.
#[derive(Debug, Clone)]
pub struct GameTree {
    config: GameConfig,
    start: Option<String>,
    /// The tags to write (players, date, result, termination, other tags); no moves.
    header: Record,
    root_position: AnyPosition,
    nodes: Vec<Node>,
    current: NodeId,
    /// The position at `current`.
    position: AnyPosition,
}

impl GameTree {
    /// An empty tree of a game from the configured start position.
    pub fn new(config: GameConfig) -> GameTree {
        GameTree::with_start(config, None, config.start(), None)
    }

    /// An empty tree from `start`, any position of the configured game (its moves played, if
    /// any, are not kept: the analysis starts there, and the record writes it as its `Position`
    /// tag unless it is the start position). Errors if the position is not one of `config`'s
    /// game.
    pub fn from_position(config: GameConfig, start: &AnyPosition) -> Result<GameTree, RecordError> {
        let root = config
            .position_from_text(&start.to_text())
            .map_err(|source| RecordError::new(RecordErrorKind::BadPosition { source }))?;
        let initial = root.initial_text();
        let start = (initial != config.start().to_text()).then_some(initial);
        Ok(GameTree::with_start(config, start, root, None))
    }

    /// The tree of a record: its main line and every variation as branches, its comments on
    /// their nodes (the comment before the first move on the root), its tags kept for
    /// [`GameTree::to_record`]. The current node is the root. Errors if the record does not
    /// hold together ([`Record::check`]).
    pub fn from_record(record: &Record) -> Result<GameTree, RecordError> {
        record.check()?;
        let root = record.start_position()?;
        let mut tree = GameTree::with_start(
            record.config,
            record.start.clone(),
            root,
            record.comment.clone(),
        );
        tree.header = Record {
            moves: Vec::new(),
            comment: None,
            ..record.clone()
        };
        tree.add_line(NodeId::ROOT, &record.moves);
        Ok(tree)
    }

    fn with_start(
        config: GameConfig,
        start: Option<String>,
        root: AnyPosition,
        comment: Option<String>,
    ) -> GameTree {
        GameTree {
            config,
            start: start.clone(),
            header: Record {
                start,
                ..Record::new(config)
            },
            position: root.clone(),
            root_position: root,
            nodes: vec![Node {
                mv: None,
                comment,
                parent: None,
                children: Vec::new(),
                ply: 0,
                alive: true,
            }],
            current: NodeId::ROOT,
        }
    }

    /// Adds a record's line after `at`, its variations as more children of the nodes they are
    /// alternatives at.
    fn add_line(&mut self, mut at: NodeId, line: &[RecordMove]) {
        for m in line {
            let node = self.add_child(at, m.mv, m.comment.clone());
            for variation in &m.variations {
                self.add_line(at, variation);
            }
            at = node;
        }
    }

    fn add_child(&mut self, parent: NodeId, mv: AnyMove, comment: Option<String>) -> NodeId {
        let id = NodeId(self.nodes.len());
        let ply = self.nodes[parent.0].ply + 1;
        self.nodes.push(Node {
            mv: Some(mv),
            comment,
            parent: Some(parent),
            children: Vec::new(),
            ply,
            alive: true,
        });
        self.nodes[parent.0].children.push(id);
        id
    }

    fn node(&self, id: NodeId) -> &Node {
        match self.nodes.get(id.0) {
            Some(node) if node.alive => node,
            _ => panic!("node {id} is not in the game tree"),
        }
    }

    fn known(&self, id: NodeId) -> Result<(), TreeError> {
        if self.contains(id) {
            Ok(())
        } else {
            Err(TreeError::UnknownNode(id))
        }
    }

    // -----------------------------------------------------------------------------------------
    // The record

    /// The record of the tree: the main line (the first children from the root) with every
    /// other branch as a variation of the move it is an alternative to, every comment (the
    /// root's before the first move), and the tags. Its `Display` is the text to save, and
    /// [`GameTree::from_record`] of it gives this tree back (node ids aside).
    ///
    /// The result and termination are the header's when they still fit the end of the main
    /// line; otherwise (the main line was changed) they are what the rules say there: the end
    /// by the rules, or `*` with no termination while the game goes on.
    pub fn to_record(&self) -> Record {
        let moves = match self.nodes[0].children.first() {
            Some(&first) => self.line(first),
            None => Vec::new(),
        };
        let main_end = self.main_line().last().copied().unwrap_or(NodeId::ROOT);
        let outcome = self.position(main_end).outcome();
        let (result, termination) =
            if check_end(outcome, self.header.result, self.header.termination).is_ok() {
                (self.header.result, self.header.termination)
            } else {
                (
                    GameResult::from_outcome(outcome),
                    outcome.map(Termination::from_outcome),
                )
            };
        Record {
            config: self.config,
            start: self.start.clone(),
            moves,
            comment: self.nodes[0].comment.clone(),
            result,
            termination,
            ..self.header.clone()
        }
    }

    /// The record line from `first` along the first children, each move with the other
    /// children of its parent as its variations (when it is the first child).
    fn line(&self, first: NodeId) -> Vec<RecordMove> {
        let mut out = Vec::new();
        let mut at = Some(first);
        while let Some(id) = at {
            let node = &self.nodes[id.0];
            let siblings = &self.nodes[node.parent.map_or(0, |p| p.0)].children;
            let variations = if siblings.first() == Some(&id) {
                siblings[1..].iter().map(|&s| self.line(s)).collect()
            } else {
                Vec::new()
            };
            out.push(RecordMove {
                mv: node.mv.expect("only the root has no move"),
                comment: node.comment.clone(),
                variations,
            });
            at = node.children.first().copied();
        }
        out
    }

    /// The tags [`GameTree::to_record`] writes: players, date, result, termination and the other
    /// tags are taken from here (the game, its rules and the start position are the tree's;
    /// the moves and comments are the nodes').
    pub fn header(&self) -> &Record {
        &self.header
    }

    /// The tags to write, to change (see [`GameTree::header`]: changes to `config`, `start`,
    /// `moves` and `comment` here are not used).
    pub fn header_mut(&mut self) -> &mut Record {
        &mut self.header
    }

    /// The game and its rules.
    pub fn config(&self) -> GameConfig {
        self.config
    }

    /// The moves in the order the record writes them, with the text it writes for each and
    /// where variations open and close: everything a move list needs to look like the record.
    pub fn entries(&self) -> Vec<TreeEntry> {
        let seats = seats(&self.config);
        walk(self, Some(self.root_position.clone()), seats)
            .into_iter()
            .map(|w| TreeEntry {
                node: w.handle,
                ply: w.ply,
                number: w.number,
                seat: w.ply % seats,
                depth: w.depth,
                opens_variation: w.opens,
                closes_variations: w.closes,
                label: w.label,
                text: w.text,
            })
            .collect()
    }

    // -----------------------------------------------------------------------------------------
    // Looking

    /// The root: the start position.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// Whether `node` is in the tree (not deleted).
    pub fn contains(&self, node: NodeId) -> bool {
        self.nodes.get(node.0).is_some_and(|n| n.alive)
    }

    /// How many nodes the tree has, the root included.
    pub fn len(&self) -> usize {
        self.nodes.iter().filter(|n| n.alive).count()
    }

    /// Whether the tree has no move (only the root).
    pub fn is_empty(&self) -> bool {
        self.nodes[0].children.is_empty()
    }

    /// The current node: where [`GameTree::play`] plays from.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The position at the current node.
    pub fn current_position(&self) -> &AnyPosition {
        &self.position
    }

    /// The position at `node`, replayed from the start (its moves are its history).
    pub fn position(&self, node: NodeId) -> AnyPosition {
        let mut position = self.root_position.clone();
        for mv in self.line_moves(node) {
            position.play_unchecked(mv);
        }
        position
    }

    /// The node before `node` (`None` for the root).
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).parent
    }

    /// The nodes after `node`: the main continuation first, then the variations in order.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.node(node).children
    }

    /// The move that led to `node` (`None` for the root).
    pub fn move_of(&self, node: NodeId) -> Option<AnyMove> {
        self.node(node).mv
    }

    /// The comment after `node`'s move (the root's: the comment before the first move).
    pub fn comment(&self, node: NodeId) -> Option<&str> {
        self.node(node).comment.as_deref()
    }

    /// How many moves lead from the start to `node` (0 for the root).
    pub fn ply(&self, node: NodeId) -> usize {
        self.node(node).ply
    }

    /// The nodes from the root to `node`, both included.
    pub fn path(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = vec![node];
        let mut at = self.node(node).parent;
        while let Some(id) = at {
            path.push(id);
            at = self.nodes[id.0].parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `node`.
    pub fn line_moves(&self, node: NodeId) -> Vec<AnyMove> {
        self.path(node)
            .into_iter()
            .filter_map(|id| self.nodes[id.0].mv)
            .collect()
    }

    /// Whether `node` is on the main line (the first children from the root).
    pub fn is_main_line(&self, node: NodeId) -> bool {
        self.nesting(node) == 0
    }

    /// How deep in variations `node` is, as the record writes it: 0 on the main line, 1 in a
    /// variation of it, and so on (the nodes on its path that are not their parent's first
    /// child).
    pub fn nesting(&self, node: NodeId) -> usize {
        let path = self.path(node);
        path.windows(2)
            .filter(|pair| self.nodes[pair[0].0].children.first() != Some(&pair[1]))
            .count()
    }

    /// The main line: the root and its first children down to the end.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![NodeId::ROOT];
        while let Some(&next) = self.nodes[line[line.len() - 1].0].children.first() {
            line.push(next);
        }
        line
    }

    // -----------------------------------------------------------------------------------------
    // Moving and playing

    /// Plays `mv` from the current node and goes to the node after it: the child that already
    /// has that move, or else a new child (the main continuation if the node had none, else the
    /// last variation). Errors (the tree unchanged) if the move is not legal here, or if a new
    /// variation would nest deeper than [`MAX_VARIATION_DEPTH`].
    pub fn play(&mut self, mv: AnyMove) -> Result<NodeId, TreeError> {
        let here = self.current;
        if let Some(&child) = self.nodes[here.0]
            .children
            .iter()
            .find(|&&c| self.nodes[c.0].mv == Some(mv))
        {
            self.position.play_unchecked(mv);
            self.current = child;
            return Ok(child);
        }
        self.position.play(mv)?;
        if !self.nodes[here.0].children.is_empty() && self.nesting(here) >= MAX_VARIATION_DEPTH {
            self.position.undo();
            return Err(TreeError::TooDeep {
                limit: MAX_VARIATION_DEPTH,
            });
        }
        let child = self.add_child(here, mv, None);
        self.current = child;
        Ok(child)
    }

    /// Reads a move in human or engine notation in the current position and plays it
    /// ([`GameTree::play`]).
    pub fn play_text(&mut self, text: &str) -> Result<NodeId, TreeError> {
        let mv = self.position.parse_move(text)?;
        self.play(mv)
    }

    /// Goes back one move; `false` at the root.
    pub fn back(&mut self) -> bool {
        match self.nodes[self.current.0].parent {
            Some(parent) => {
                self.position.undo();
                self.current = parent;
                true
            }
            None => false,
        }
    }

    /// Goes forward along the main continuation; `false` at the end of a line.
    pub fn forward(&mut self) -> bool {
        match self.nodes[self.current.0].children.first() {
            Some(&child) => {
                self.position
                    .play_unchecked(self.nodes[child.0].mv.expect("a child has a move"));
                self.current = child;
                true
            }
            None => false,
        }
    }

    /// Makes `node` the current node.
    pub fn go_to(&mut self, node: NodeId) -> Result<(), TreeError> {
        self.known(node)?;
        if node != self.current {
            self.position = self.position(node);
            self.current = node;
        }
        Ok(())
    }

    /// Goes to the root.
    pub fn to_start(&mut self) {
        self.position = self.root_position.clone();
        self.current = NodeId::ROOT;
    }

    /// Goes forward along the main continuations to the end of the current line.
    pub fn to_end(&mut self) {
        while self.forward() {}
    }

    // -----------------------------------------------------------------------------------------
    // Editing

    /// The deepest nesting below `node` counted from it (its variations' variations, …).
    fn depth_below(&self, node: NodeId) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(node, 0)];
        while let Some((id, depth)) = stack.pop() {
            deepest = deepest.max(depth);
            for (i, &child) in self.nodes[id.0].children.iter().enumerate() {
                stack.push((child, depth + usize::from(i > 0)));
            }
        }
        deepest
    }

    /// The node on `node`'s path (itself included) nearest to it that is a variation (not its
    /// parent's first child).
    fn nearest_variation(&self, node: NodeId) -> Option<NodeId> {
        let mut at = node;
        while let Some(parent) = self.nodes[at.0].parent {
            if self.nodes[parent.0].children.first() != Some(&at) {
                return Some(at);
            }
            at = parent;
        }
        None
    }

    /// Moves `branch` to the front of its parent's children.
    fn move_to_front(&mut self, branch: NodeId) {
        let parent = self.nodes[branch.0].parent.expect("a branch has a parent");
        let children = &mut self.nodes[parent.0].children;
        children.retain(|&c| c != branch);
        children.insert(0, branch);
    }

    /// Promotes `node`'s variation one level: at the nearest fork above it where its branch is
    /// a variation, the branch becomes the main continuation and the former one the first
    /// variation (the others keep their order). `Ok(false)` if `node` is already on the main
    /// line. Errors (the tree unchanged) if the demoted line would nest too deep.
    pub fn promote(&mut self, node: NodeId) -> Result<bool, TreeError> {
        self.known(node)?;
        let Some(branch) = self.nearest_variation(node) else {
            return Ok(false);
        };
        let parent = self.nodes[branch.0].parent.expect("a branch has a parent");
        let demoted = self.nodes[parent.0].children[0];
        if self.nesting(parent) + 1 + self.depth_below(demoted) > MAX_VARIATION_DEPTH {
            return Err(TreeError::TooDeep {
                limit: MAX_VARIATION_DEPTH,
            });
        }
        self.move_to_front(branch);
        Ok(true)
    }

    /// Makes `node`'s line the main line: at every fork from the root to `node`, its branch
    /// becomes the main continuation (each former one the first variation there). `Ok(false)`
    /// if it already was. Errors (the tree unchanged) if a demoted line would nest too deep.
    pub fn make_main_line(&mut self, node: NodeId) -> Result<bool, TreeError> {
        self.known(node)?;
        let path = self.path(node);
        let branches: Vec<NodeId> = path
            .windows(2)
            .filter(|pair| self.nodes[pair[0].0].children.first() != Some(&pair[1]))
            .map(|pair| pair[1])
            .collect();
        // Afterwards each demoted line is a variation of the main line.
        for &branch in &branches {
            let parent = self.nodes[branch.0].parent.expect("a branch has a parent");
            let demoted = self.nodes[parent.0].children[0];
            if 1 + self.depth_below(demoted) > MAX_VARIATION_DEPTH {
                return Err(TreeError::TooDeep {
                    limit: MAX_VARIATION_DEPTH,
                });
            }
        }
        for &branch in &branches {
            self.move_to_front(branch);
        }
        Ok(!branches.is_empty())
    }

    /// Deletes `node` and everything after it. If the current node was among them, its parent
    /// becomes the current node. The root cannot be deleted.
    pub fn delete(&mut self, node: NodeId) -> Result<(), TreeError> {
        self.known(node)?;
        let Some(parent) = self.nodes[node.0].parent else {
            return Err(TreeError::DeleteRoot);
        };
        let current_inside = self.path(self.current).contains(&node);
        self.nodes[parent.0].children.retain(|&c| c != node);
        let mut stack = vec![node];
        while let Some(id) = stack.pop() {
            let removed = &mut self.nodes[id.0];
            removed.alive = false;
            stack.append(&mut removed.children);
            removed.comment = None;
        }
        if current_inside {
            self.position = self.position(parent);
            self.current = parent;
        }
        Ok(())
    }

    /// Sets (or with `None` removes) the comment after `node`'s move (the root's is the comment
    /// before the first move). The text is kept as a record reads it back: white space folded
    /// to single spaces, `}` as `)`, and an empty comment is none.
    pub fn set_comment(&mut self, node: NodeId, comment: Option<String>) -> Result<(), TreeError> {
        self.known(node)?;
        self.nodes[node.0].comment = comment.map(|c| comment_text(&c)).filter(|c| !c.is_empty());
        Ok(())
    }
}

impl MoveSource for GameTree {
    type Handle = NodeId;

    fn first(&self) -> Option<NodeId> {
        self.nodes[0].children.first().copied()
    }

    fn next(&self, h: NodeId) -> Option<NodeId> {
        self.nodes[h.0].children.first().copied()
    }

    fn variations(&self, h: NodeId) -> Vec<NodeId> {
        let siblings = &self.nodes[self.nodes[h.0].parent.map_or(0, |p| p.0)].children;
        if siblings.first() == Some(&h) {
            siblings[1..].to_vec()
        } else {
            Vec::new()
        }
    }

    fn mv(&self, h: NodeId) -> AnyMove {
        self.nodes[h.0].mv.expect("only the root has no move")
    }

    fn comment(&self, h: NodeId) -> Option<&str> {
        self.nodes[h.0].comment.as_deref()
    }
}
