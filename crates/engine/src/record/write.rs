//! Writing records: the tags, then the moves in human notation, wrapped at 79 columns.

use std::fmt;

use super::read::is_known_tag;
use super::{Record, on_off, simultaneous_name};
use crate::Game;
use crate::any_game::GameKind;
use crate::loa::Variant;

/// The longest movetext line.
const LINE_WIDTH: usize = 79;

/// A tag value with `\` and `"` escaped and line ends made spaces.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A comment's text as written between braces: white space folded, `}` (which would end it)
/// written `)`.
fn comment_text(comment: &str) -> String {
    comment
        .replace('}', ")")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Gathers the movetext's units and breaks lines between them.
struct Lines {
    out: String,
    line: usize,
}

impl Lines {
    fn push(&mut self, unit: &str) {
        let width = unit.chars().count();
        if self.line > 0 && self.line + 1 + width > LINE_WIDTH {
            self.out.push('\n');
            self.line = 0;
        } else if self.line > 0 {
            self.out.push(' ');
            self.line += 1;
        }
        self.out.push_str(unit);
        self.line += width;
    }

    fn comment(&mut self, comment: &str) {
        let text = comment_text(comment);
        if text.is_empty() {
            return;
        }
        let words: Vec<&str> = text.split(' ').collect();
        let last = words.len() - 1;
        for (i, word) in words.iter().enumerate() {
            let open = if i == 0 { "{" } else { "" };
            let close = if i == last { "}" } else { "" };
            self.push(&format!("{open}{word}{close}"));
        }
    }
}

/// The record text: tags (the game, every rule option, the players, date, result, termination,
/// the start position when not the usual one, then the other tags), a blank line, and the
/// numbered moves ending with the result.
///
/// The moves are written in human notation from the replayed positions; a record whose moves
/// are not legal (built by hand) gets engine notation from the first such move on, so reading it
/// back names that move.
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tag = |f: &mut fmt::Formatter<'_>, name: &str, value: &str| {
            writeln!(f, "[{name} \"{}\"]", escape(value))
        };
        let config = &self.config;
        match config.kind {
            GameKind::LinesOfAction => {
                let rules = &config.loa;
                tag(f, "Game", "Lines of Action")?;
                tag(f, "Variant", rules.variant.name())?;
                tag(f, "FirstPlayer", &rules.first_player.to_string())?;
                tag(
                    f,
                    "SimultaneousConnection",
                    simultaneous_name(rules.simultaneous),
                )?;
                tag(
                    f,
                    "Repetition",
                    if rules.repetition_draw { "draw" } else { "off" },
                )?;
            }
            GameKind::Epaminondas => {
                let rules = &config.epaminondas;
                tag(f, "Game", "Epaminondas")?;
                tag(f, "Board", rules.board.name())?;
                tag(f, "AntiSymmetry", on_off(rules.anti_symmetry))?;
                tag(
                    f,
                    "Repetition",
                    if rules.repetition_draw { "draw" } else { "off" },
                )?;
            }
        }
        if let Some(date) = &self.date {
            tag(f, "Date", date)?;
        }
        let four =
            config.kind == GameKind::LinesOfAction && config.loa.variant == Variant::FourPlayers;
        let players = &self.players;
        let mut seats = vec![("Black", &players.black), ("White", &players.white)];
        if four {
            seats.push(("BlackMarked", &players.black_marked));
            seats.push(("WhiteMarked", &players.white_marked));
        }
        for (name, player) in seats {
            if let Some(player) = player {
                tag(f, name, player)?;
            }
        }
        tag(f, "Result", self.result.as_str())?;
        if let Some(termination) = self.termination {
            tag(f, "Termination", termination.name())?;
        }
        if let Some(start) = &self.start {
            tag(f, "Position", start)?;
        }
        // Other tags, as long as they can be read back as such: a name of letters, digits and
        // underscores that is neither a tag written above nor a repeat.
        let mut written = std::collections::HashSet::new();
        for (name, value) in &self.other_tags {
            let name: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && !is_known_tag(&name) && written.insert(name.to_ascii_lowercase())
            {
                tag(f, &name, value)?;
            }
        }
        writeln!(f)?;

        let mut lines = Lines {
            out: String::new(),
            line: 0,
        };
        if let Some(comment) = &self.comment {
            lines.comment(comment);
        }
        let mut position = self.start_position().ok();
        let seats = self.seats();
        let mut after_comment = false;
        for (ply, m) in self.moves.iter().enumerate() {
            let number = ply / seats + 1;
            let prefix = if ply % seats == 0 {
                format!("{number}. ")
            } else if after_comment {
                format!("{number}... ")
            } else {
                String::new()
            };
            let legal = position
                .as_ref()
                .is_some_and(|p| p.outcome().is_none() && p.is_legal(m.mv));
            // The number stays on the line of its move.
            match position.as_mut() {
                Some(p) if legal => {
                    lines.push(&format!("{prefix}{}", p.human_move(m.mv)));
                    p.play_unchecked(m.mv);
                }
                _ => {
                    lines.push(&format!("{prefix}{}", m.mv));
                    position = None;
                }
            }
            after_comment = false;
            if let Some(comment) = &m.comment {
                lines.comment(comment);
                after_comment = !comment_text(comment).is_empty();
            }
        }
        lines.push(self.result.as_str());
        writeln!(f, "{}", lines.out)
    }
}
