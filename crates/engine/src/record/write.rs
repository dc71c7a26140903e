//! Writing records: the tags, then the moves in human notation, wrapped at 79 columns.

use std::fmt;

use super::read::is_known_tag;
use super::walk::{RecordSource, comment_text, walk};
use super::{Record, on_off, simultaneous_name};
use crate::any_game::GameKind;
use crate::loa::{BoardSize, Variant};

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

/// Lays the movetext's units out on lines of at most 79 columns (a longer unit has a line of
/// its own), a space between units.
fn layout(units: &[String]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for unit in units {
        let width = unit.chars().count();
        if line > 0 && line + 1 + width > LINE_WIDTH {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(unit);
        line += width;
    }
    out
}

/// A comment as units: `{first`, words, `last}` (one word: `{word}`); nothing for an empty one.
fn comment_units(comment: &str, units: &mut Vec<String>) {
    let text = comment_text(comment);
    if text.is_empty() {
        return;
    }
    let words: Vec<&str> = text.split(' ').collect();
    let last = words.len() - 1;
    for (i, word) in words.iter().enumerate() {
        let open = if i == 0 { "{" } else { "" };
        let close = if i == last { "}" } else { "" };
        units.push(format!("{open}{word}{close}"));
    }
}

/// The movetext of `record`: the comment before the first move, every move with its number,
/// comment and variations (in parentheses after the move they replace), then the result.
pub(super) fn movetext(record: &Record) -> String {
    let mut units = Vec::new();
    if let Some(comment) = &record.comment {
        comment_units(comment, &mut units);
    }
    let written = walk(
        &RecordSource(&record.moves),
        record.start_position().ok(),
        record.seats(),
    );
    for w in written {
        let (line, i) = w.handle;
        let open = if w.opens { "(" } else { "" };
        // The number stays on the line of its move, and a parenthesis with its neighbour.
        units.push(format!("{open}{}{}", w.label, w.text));
        if let Some(comment) = &line[i].comment {
            comment_units(comment, &mut units);
        }
        if let Some(last) = units.last_mut() {
            last.push_str(&")".repeat(w.closes));
        }
    }
    units.push(record.result.as_str().to_string());
    layout(&units)
}

/// The record text: tags (the game, every rule option, the players, date, result, termination,
/// the start position when not the usual one, then the other tags), a blank line, and the
/// numbered moves ending with the result.
///
/// The moves are written in human notation from the replayed positions, each move's variations
/// in parentheses after it and its comment (`1. b1-d3 {quiet} (1. c1-c3 a2-c2) 1... a2-c2`); a
/// record whose moves are not legal (built by hand) gets engine notation from the first such move
/// on (to the end of its line), so reading it back names that move.
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
                if rules.board != BoardSize::Eight {
                    tag(f, "Board", rules.board.name())?;
                }
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

        writeln!(f, "{}", movetext(self))
    }
}
