//! The order a record writes its moves in, with their move numbers: one walk shared by the
//! writer and the game tree's move list, so the list a screen draws is the text a save holds.
//!
//! A line is written move by move; after a move come its comment, then its variations (the
//! alternatives to it, each a line starting from the position before it, in parentheses), then
//! the rest of the line. The walk keeps no recursion: variations nest as deep as the moves say.

use crate::Game;
use crate::any_game::{AnyMove, AnyPosition};

/// Moves arranged the way a record writes them: lines of moves, each move with a comment and
/// the starts of its variations.
pub(crate) trait MoveSource {
    /// A move of the source.
    type Handle: Copy;

    /// The first move of the main line.
    fn first(&self) -> Option<Self::Handle>;

    /// The move after `h` in its line.
    fn next(&self, h: Self::Handle) -> Option<Self::Handle>;

    /// The first moves of the variations of `h` (the alternatives to it), in order.
    fn variations(&self, h: Self::Handle) -> Vec<Self::Handle>;

    /// The move.
    fn mv(&self, h: Self::Handle) -> AnyMove;

    /// Its comment.
    fn comment(&self, h: Self::Handle) -> Option<&str>;
}

/// One move as the record writes it.
#[derive(Debug, Clone)]
pub(crate) struct Written<H> {
    /// The move in its source.
    pub handle: H,
    /// The moves before it from the record's start.
    pub ply: usize,
    /// How deep in variations: 0 on the main line.
    pub depth: usize,
    /// Whether `(` opens a variation before it.
    pub opens: bool,
    /// How many `)` close variations after it (and its comment).
    pub closes: usize,
    /// Its move number (one per turn of every seat).
    pub number: usize,
    /// The number as written before the move: `12. `, `12... ` or nothing.
    pub label: String,
    /// The move: human notation, or engine notation when it is not legal where it stands.
    pub text: String,
}

/// A comment's text as written between braces: white space folded, `}` (which would end it)
/// written `)`.
pub(crate) fn comment_text(comment: &str) -> String {
    comment
        .replace('}', ")")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The position along the walk: moves are played and taken back as the walk goes into
/// variations and out of them. From a move that is not legal where it stands on, the moves are
/// not played (and written in engine notation) until the walk is back before it.
struct Tracker {
    position: Option<AnyPosition>,
    /// Moves on the walk's path.
    len: usize,
    /// Where on the path the first move that could not be played stands.
    broken_at: Option<usize>,
}

impl Tracker {
    /// Adds a move to the path: the text to write for it.
    fn push(&mut self, mv: AnyMove) -> String {
        let mut text = None;
        if self.broken_at.is_none() {
            match self.position.as_mut() {
                Some(p) if p.outcome().is_none() && p.is_legal(mv) => {
                    text = Some(p.human_move(mv));
                    p.play_unchecked(mv);
                }
                _ => self.broken_at = Some(self.len),
            }
        }
        self.len += 1;
        text.unwrap_or_else(|| mv.to_string())
    }

    /// Takes the last move off the path.
    fn pop(&mut self) {
        self.len -= 1;
        if self.broken_at == Some(self.len) {
            self.broken_at = None;
        } else if self.broken_at.is_none()
            && let Some(p) = self.position.as_mut()
        {
            p.undo();
        }
    }
}

/// A line being walked.
struct Frame<H> {
    /// The next move to write.
    next: Option<H>,
    /// The last move written.
    last: Option<H>,
    /// The variations of the last move written, and how many of them were walked.
    variations: Vec<H>,
    taken: usize,
    /// Moves written in this line.
    count: usize,
    /// Whether the line is a variation whose first move is still to come.
    opening: bool,
}

impl<H> Frame<H> {
    fn new(first: Option<H>, opening: bool) -> Frame<H> {
        Frame {
            next: first,
            last: None,
            variations: Vec::new(),
            taken: 0,
            count: 0,
            opening,
        }
    }
}

/// Every move of `source` in written order, from `start` (`None`: moves written in engine
/// notation), numbered for `seats` seats. A move gets its number when it is the first seat's
/// (`12. `), and `12... ` when it is another seat's after a comment, at the start of a
/// variation or after variations close.
pub(crate) fn walk<S: MoveSource>(
    source: &S,
    start: Option<AnyPosition>,
    seats: usize,
) -> Vec<Written<S::Handle>> {
    let seats = seats.max(1);
    let mut tracker = Tracker {
        position: start,
        len: 0,
        broken_at: None,
    };
    let mut out: Vec<Written<S::Handle>> = Vec::new();
    let mut stack = vec![Frame::new(source.first(), false)];
    let mut renumber = false;
    loop {
        let depth = stack.len() - 1;
        let top = stack.last_mut().expect("the main line stays on the stack");
        if top.taken < top.variations.len() {
            let first = top.variations[top.taken];
            top.taken += 1;
            // A variation starts from the position before the move it replaces.
            tracker.pop();
            stack.push(Frame::new(Some(first), true));
            continue;
        }
        if let Some(h) = top.next {
            let ply = tracker.len;
            let number = ply / seats + 1;
            let opens = std::mem::take(&mut top.opening);
            let label = if ply.is_multiple_of(seats) {
                format!("{number}. ")
            } else if opens || renumber {
                format!("{number}... ")
            } else {
                String::new()
            };
            let text = tracker.push(source.mv(h));
            renumber = source
                .comment(h)
                .is_some_and(|c| !comment_text(c).is_empty());
            top.next = source.next(h);
            top.last = Some(h);
            top.variations = source.variations(h);
            top.taken = 0;
            top.count += 1;
            out.push(Written {
                handle: h,
                ply,
                depth,
                opens,
                closes: 0,
                number,
                label,
                text,
            });
            continue;
        }
        if stack.len() == 1 {
            break;
        }
        let done = stack.pop().expect("a variation is on the stack");
        for _ in 0..done.count {
            tracker.pop();
        }
        let parent = stack.last().expect("the main line stays on the stack");
        tracker.push(source.mv(parent.last.expect("a variation follows a move")));
        if let Some(last) = out.last_mut() {
            last.closes += 1;
        }
        renumber = true;
    }
    out
}

/// A record's moves as a [`MoveSource`]: a move is its line and its index there. Empty
/// variations are left out.
pub(crate) struct RecordSource<'a>(pub &'a [super::RecordMove]);

impl<'a> MoveSource for RecordSource<'a> {
    type Handle = (&'a [super::RecordMove], usize);

    fn first(&self) -> Option<Self::Handle> {
        (!self.0.is_empty()).then_some((self.0, 0))
    }

    fn next(&self, (line, i): Self::Handle) -> Option<Self::Handle> {
        (i + 1 < line.len()).then_some((line, i + 1))
    }

    fn variations(&self, (line, i): Self::Handle) -> Vec<Self::Handle> {
        line[i]
            .variations
            .iter()
            .filter(|v| !v.is_empty())
            .map(|v| (&v[..], 0))
            .collect()
    }

    fn mv(&self, (line, i): Self::Handle) -> AnyMove {
        line[i].mv
    }

    fn comment(&self, (line, i): Self::Handle) -> Option<&str> {
        line[i].comment.as_deref()
    }
}
