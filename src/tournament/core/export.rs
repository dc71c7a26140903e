//! The tournament as text (aligned columns, for a file or the clipboard) and as a self-contained
//! HTML page (inline style, no outside resources, names escaped). Every heading comes from the
//! caller's `words` ([`Label`] to text, in the player's language); the core adds only names,
//! numbers and the result signs (`1`, `½`, `0`, `1–0`).
//!
//! Both show the standings (with the champion once the tournament is finished), the crosstable
//! in standings order, and each round's games with their results and bye. The seat that moves
//! first (`first`) is listed first in the rounds.

use std::fmt::Write as _;

use super::Tournament;
use super::entrant::{EntrantKind, PlayerId};
use super::round::{Colour, GameResult, Outcome, Round};
use super::standings::{Cell, Champion, StandingRow};

/// A heading or word of the exports, for the caller to say in the player's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Label {
    /// The page's title (the caller may name the game, the variant and the date in it).
    Title,
    /// The standings' heading.
    Standings,
    /// The rank column.
    Rank,
    /// The player column.
    Player,
    /// The points column.
    Points,
    /// The games-played column.
    Played,
    /// The wins column.
    Wins,
    /// The draws column.
    Draws,
    /// The losses column.
    Losses,
    /// The byes column (a Swiss with an odd count only).
    Byes,
    /// The direct-encounter column.
    DirectEncounter,
    /// The Sonneborn-Berger column.
    SonnebornBerger,
    /// The games-left column.
    GamesLeft,
    /// What follows a computer entry's name (its level).
    Computer {
        /// The computer's level.
        level: u8,
    },
    /// The champion's line (the names follow).
    Champion,
    /// The crosstable's heading.
    Crosstable,
    /// A round's heading.
    Round {
        /// The round, from 1.
        number: u8,
    },
    /// The board column.
    Board,
    /// The Black column.
    Black,
    /// The White column.
    White,
    /// The result column.
    Result,
    /// The bye's line (the name follows).
    Bye,
}

/// The words of an export: the caller's function from labels to text.
type Words<'a> = &'a dyn Fn(Label) -> String;

/// A table: its header and rows of cells, and which columns are numbers (aligned right).
struct Table {
    /// The column headings.
    header: Vec<String>,
    /// The rows.
    rows: Vec<Vec<String>>,
    /// Whether each column aligns right.
    right: Vec<bool>,
}

impl Tournament {
    /// The tournament as plain text with aligned columns.
    pub fn to_text(&self, first: Colour, words: &dyn Fn(Label) -> String) -> String {
        let mut out = String::new();
        let title = words(Label::Title);
        let _ = writeln!(out, "{title}\n{}\n", "=".repeat(title.chars().count()));
        for (heading, table, note) in self.sections(first, words) {
            let _ = writeln!(out, "{heading}\n{}", "-".repeat(heading.chars().count()));
            out.push_str(&text_table(&table));
            if let Some(note) = note {
                let _ = writeln!(out, "{note}");
            }
            out.push('\n');
        }
        out
    }

    /// The tournament as a self-contained HTML page.
    pub fn to_html(&self, first: Colour, words: &dyn Fn(Label) -> String) -> String {
        let title = escape(&words(Label::Title));
        let mut out = format!(
            "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
        );
        for (heading, table, note) in self.sections(first, words) {
            let _ = writeln!(out, "<h2>{}</h2>", escape(&heading));
            out.push_str(&html_table(&table));
            if let Some(note) = note {
                let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(&note));
            }
        }
        out.push_str("</body>\n</html>\n");
        out
    }

    /// The sections of both exports: heading, table and a line after it.
    fn sections(&self, first: Colour, words: Words) -> Vec<(String, Table, Option<String>)> {
        let standings = self.standings();
        let mut sections = vec![
            (
                words(Label::Standings),
                self.standings_table(&standings, words),
                self.champion_line(words),
            ),
            (
                words(Label::Crosstable),
                self.cross_table(&standings, words),
                None,
            ),
        ];
        for round in &self.rounds {
            sections.push((
                words(Label::Round {
                    number: round.number,
                }),
                self.round_table(round, first, words),
                round
                    .bye
                    .map(|p| format!("{}: {}", words(Label::Bye), self.shown_name(p, words))),
            ));
        }
        sections
    }

    /// The name with a computer entry's level after it.
    fn shown_name(&self, player: PlayerId, words: Words) -> String {
        match self.entrant(player) {
            Some(e) => match e.kind {
                EntrantKind::Person => e.name.clone(),
                EntrantKind::Computer { level } => {
                    format!("{} ({})", e.name, words(Label::Computer { level }))
                }
            },
            None => String::new(),
        }
    }

    /// "Champion: A" (or "A, B" when shared), once finished.
    fn champion_line(&self, words: Words) -> Option<String> {
        let players = match self.champion()? {
            Champion::Sole(p) => vec![p],
            Champion::Shared(ps) => ps,
        };
        let names: Vec<String> = players.iter().map(|&p| self.shown_name(p, words)).collect();
        Some(format!("{}: {}", words(Label::Champion), names.join(", ")))
    }

    /// The standings as a table.
    fn standings_table(&self, standings: &[StandingRow], words: Words) -> Table {
        let byes = self.format.bye_points().0 > 0 && standings.iter().any(|r| r.byes > 0);
        let mut labels = vec![
            Label::Rank,
            Label::Player,
            Label::Points,
            Label::Played,
            Label::Wins,
            Label::Draws,
            Label::Losses,
        ];
        if byes {
            labels.push(Label::Byes);
        }
        labels.extend([
            Label::DirectEncounter,
            Label::SonnebornBerger,
            Label::GamesLeft,
        ]);
        let rows = standings
            .iter()
            .map(|r| {
                let shared = if r.shared { "=" } else { "" };
                let mut row = vec![
                    format!("{}{shared}", r.rank),
                    self.shown_name(r.player, words),
                    r.points.to_string(),
                    r.played.to_string(),
                    r.wins.to_string(),
                    r.draws.to_string(),
                    r.losses.to_string(),
                ];
                if byes {
                    row.push(r.byes.to_string());
                }
                row.extend([
                    r.direct_encounter
                        .map(|d| d.to_string())
                        .unwrap_or_default(),
                    r.sonneborn_berger.to_string(),
                    r.games_left.to_string(),
                ]);
                row
            })
            .collect();
        let right = labels.iter().map(|l| *l != Label::Player).collect();
        Table {
            header: labels.into_iter().map(words).collect(),
            rows,
            right,
        }
    }

    /// The crosstable in standings order, numbered by place in it.
    fn cross_table(&self, standings: &[StandingRow], words: Words) -> Table {
        let order: Vec<PlayerId> = standings.iter().map(|r| r.player).collect();
        let cells = self.crosstable();
        let mut header = vec![String::new(), words(Label::Player)];
        header.extend((1..=order.len()).map(|i| i.to_string()));
        header.push(words(Label::Points));
        let rows = standings
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut row = vec![(i + 1).to_string(), self.shown_name(r.player, words)];
                row.extend(order.iter().map(|c| {
                    cells
                        .get(r.player.index())
                        .and_then(|cs| cs.get(c.index()))
                        .map(cell_text)
                        .unwrap_or_default()
                }));
                row.push(r.points.to_string());
                row
            })
            .collect();
        let mut right = vec![true; header.len()];
        right[1] = false;
        Table {
            header,
            rows,
            right,
        }
    }

    /// A round's games, the first-moving seat first.
    fn round_table(&self, round: &Round, first: Colour, words: Words) -> Table {
        let seats = [first, first.other()];
        let seat_label = |c: Colour| match c {
            Colour::Black => Label::Black,
            Colour::White => Label::White,
        };
        let header = vec![
            words(Label::Board),
            words(seat_label(seats[0])),
            words(seat_label(seats[1])),
            words(Label::Result),
        ];
        let rows = round
            .games
            .iter()
            .map(|g| {
                vec![
                    g.board.to_string(),
                    self.shown_name(g.player(seats[0]), words),
                    self.shown_name(g.player(seats[1]), words),
                    g.result.map(|r| result_text(r, first)).unwrap_or_default(),
                ]
            })
            .collect();
        Table {
            header,
            rows,
            right: vec![true, false, false, false],
        }
    }
}

/// A crosstable cell: `×` on the diagonal, each game's `1`, `½` or `0` (`·` not yet played).
pub fn cell_text(cell: &Cell) -> String {
    match cell {
        Cell::Own => "×".to_string(),
        Cell::Games(games) => games
            .iter()
            .map(|m| match m.outcome {
                Some(Outcome::Win) => "1",
                Some(Outcome::Draw) => "½",
                Some(Outcome::Loss) => "0",
                None => "·",
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// `1–0`, `½–½` or `0–1`, the `first` seat's score first.
pub fn result_text(result: GameResult, first: Colour) -> String {
    match result.outcome_for(first) {
        Outcome::Win => "1–0",
        Outcome::Draw => "½–½",
        Outcome::Loss => "0–1",
    }
    .to_string()
}

/// The table as text: columns padded to their widest cell, two spaces apart.
fn text_table(table: &Table) -> String {
    let widths: Vec<usize> = (0..table.header.len())
        .map(|c| {
            std::iter::once(&table.header)
                .chain(&table.rows)
                .filter_map(|row| row.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |row: &Vec<String>| {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                let width = widths.get(c).copied().unwrap_or(0);
                if table.right.get(c).copied().unwrap_or(false) {
                    format!("{cell:>width$}")
                } else {
                    format!("{cell:<width$}")
                }
            })
            .collect();
        format!("{}\n", cells.join("  ").trim_end())
    };
    std::iter::once(&table.header)
        .chain(&table.rows)
        .map(line)
        .collect()
}

/// The table as HTML, every cell escaped.
fn html_table(table: &Table) -> String {
    let class = |c: usize| {
        if table.right.get(c).copied().unwrap_or(false) {
            " class=\"n\""
        } else {
            ""
        }
    };
    let mut out = String::from("<table>\n<thead><tr>");
    for (c, cell) in table.header.iter().enumerate() {
        let _ = write!(out, "<th{}>{}</th>", class(c), escape(cell));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        out.push_str("<tr>");
        for (c, cell) in row.iter().enumerate() {
            let _ = write!(out, "<td{}>{}</td>", class(c), escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// `text` safe inside HTML elements and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The page's style: large, high-contrast tables for a big screen.
const STYLE: &str = "\
body{font-family:system-ui,sans-serif;font-size:1.5rem;margin:2rem;background:#fff;color:#111}\
h1{font-size:2.4rem;margin:0 0 1rem}\
h2{font-size:1.8rem;margin:2rem 0 .5rem}\
table{border-collapse:collapse}\
th,td{padding:.3rem .8rem;border-bottom:1px solid #bbb;text-align:left}\
th{background:#eee}\
.n{text-align:right;font-variant-numeric:tabular-nums}\
tbody tr:nth-child(even){background:#f6f6f6}\
.note{font-weight:bold}";

#[cfg(test)]
mod tests {
    use super::super::{Entrant, Format};
    use super::*;

    fn words(label: Label) -> String {
        match label {
            Label::Round { number } => format!("R{number}"),
            Label::Computer { level } => format!("CPU{level}"),
            other => format!("{other:?}"),
        }
    }

    fn finished() -> Tournament {
        let entrants = vec![
            Entrant::person("<script>alert('x')</script>"),
            Entrant::person("Bob & Co"),
            Entrant::computer("Gamut", 3),
        ];
        let mut t = Tournament::new(entrants, Format::RoundRobin { double: false }, 0.into())
            .expect("valid");
        for round in t.rounds().to_vec() {
            for g in &round.games {
                t.record_result(round.number, g.board, GameResult::BlackWins)
                    .expect("recorded");
            }
        }
        t
    }

    #[test]
    fn html_escapes_names_and_needs_nothing_outside() {
        let html = finished().to_html(Colour::Black, &words);
        assert!(!html.contains("<script>"));
        assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
        assert!(html.contains("Bob &amp; Co"));
        assert!(html.contains("Gamut (CPU3)"));
        for outside in ["http:", "https:", "src=", "href=", "@import", "url("] {
            assert!(!html.contains(outside), "{outside}");
        }
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.trim_end().ends_with("</html>"));
    }

    #[test]
    fn text_has_every_section_aligned() {
        let t = finished();
        let text = t.to_text(Colour::Black, &words);
        for heading in [
            "Title",
            "Standings",
            "Crosstable",
            "R1",
            "R2",
            "R3",
            "Champion: ",
        ] {
            assert!(text.contains(heading), "{heading} in\n{text}");
        }
        // Every standings line is as wide as its header or narrower (right-aligned numbers).
        let lines: Vec<&str> = text.lines().collect();
        let header = lines
            .iter()
            .position(|l| l.starts_with("Rank"))
            .expect("a header");
        let width = lines[header].chars().count();
        for line in &lines[header + 1..header + 4] {
            assert_eq!(line.chars().count(), width, "{line}");
        }
        assert!(text.contains("Bye: "));
        assert!(text.contains("1–0"));
    }

    #[test]
    fn results_read_from_the_first_seat() {
        assert_eq!(result_text(GameResult::BlackWins, Colour::Black), "1–0");
        assert_eq!(result_text(GameResult::BlackWins, Colour::White), "0–1");
        assert_eq!(result_text(GameResult::Draw, Colour::White), "½–½");
        let t = finished();
        let text = t.to_text(Colour::White, &words);
        let header = text
            .lines()
            .find(|l| l.starts_with("Board"))
            .expect("a round");
        assert!(header.find("White") < header.find("Black"));
    }

    #[test]
    fn crosstable_cells() {
        assert_eq!(cell_text(&Cell::Own), "×");
        assert_eq!(cell_text(&Cell::Games(vec![])), "");
    }
}
