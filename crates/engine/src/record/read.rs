//! Reading records: tags, then the movetext replayed through the rules.

use std::collections::HashSet;

use super::{
    GameResult, Location, MAX_RECORD_BYTES, MAX_VARIATION_DEPTH, Players, Record, RecordError,
    RecordErrorKind, RecordMove, Termination, check_end, seats,
};
use crate::any_game::{AnyPosition, GameConfig, GameKind};
use crate::{Color, Game, epaminondas, loa};

/// A character cursor that knows its line and column.
#[derive(Clone)]
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            line: 1,
            column: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
        }
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Skips spaces and tabs (not line ends).
    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// A word of the movetext: up to white space, a brace or a `)` that closes a variation. A
    /// `(` keeps spaces up to its `)` (Boundless points like `(2, 0)`).
    fn word(&mut self) -> &'a str {
        let start = self.pos;
        let mut in_point = false;
        while let Some(c) = self.peek() {
            match c {
                '(' => in_point = true,
                ')' if in_point => in_point = false,
                ')' | '\n' | '\r' | '{' | '}' => break,
                c if c.is_whitespace() && !in_point => break,
                _ => {}
            }
            self.bump();
        }
        &self.text[start..self.pos]
    }

    /// Whether the `(` here starts a Boundless point (`(2,0)`, `( -1 , 3)`: a whole number and
    /// a comma) rather than a variation.
    fn at_point(&self) -> bool {
        let Some(rest) = self.text[self.pos..].strip_prefix('(') else {
            return false;
        };
        let rest = rest.trim_start_matches([' ', '\t']);
        let rest = rest.strip_prefix(['+', '-']).unwrap_or(rest);
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0
            && rest[digits..]
                .trim_start_matches([' ', '\t'])
                .starts_with(',')
    }
}

/// A line of moves being read: the main line, or a variation opened at `opened_at`.
struct Line {
    moves: Vec<RecordMove>,
    opened_at: Location,
    /// A comment before the variation's first move (it goes to that move).
    pending_comment: Option<String>,
    /// Variations opened after the variation's first move: alternatives to that move, so more
    /// variations of the move the variation replaces (they follow it).
    siblings: Vec<Vec<RecordMove>>,
}

impl Line {
    fn new(opened_at: Location) -> Line {
        Line {
            moves: Vec::new(),
            opened_at,
            pending_comment: None,
            siblings: Vec::new(),
        }
    }
}

/// A tag as read: name, value and where each starts.
struct RawTag {
    name: String,
    name_at: Location,
    value: String,
    value_at: Location,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Reads `[Name "value"]` from the `[`.
fn read_tag(c: &mut Cursor) -> Result<RawTag, RecordError> {
    c.bump();
    c.skip_blanks();
    let name_at = c.location();
    let mut name = String::new();
    while let Some(ch) = c.peek().filter(|&ch| is_name_char(ch)) {
        name.push(ch);
        c.bump();
    }
    if name.is_empty() {
        return Err(RecordError::at(name_at, RecordErrorKind::ExpectedTagName));
    }
    c.skip_blanks();
    let quote_at = c.location();
    if c.peek() != Some('"') {
        return Err(RecordError::at(
            quote_at,
            RecordErrorKind::ExpectedTagValue { tag: name },
        ));
    }
    c.bump();
    let value_at = c.location();
    let mut value = String::new();
    loop {
        let at = c.location();
        match c.bump() {
            Some('"') => break,
            Some('\\') => match c.peek() {
                Some(escape @ ('"' | '\\')) => {
                    value.push(escape);
                    c.bump();
                }
                Some(escape) if escape != '\n' && escape != '\r' => {
                    return Err(RecordError::at(at, RecordErrorKind::BadEscape { escape }));
                }
                _ => {
                    return Err(RecordError::at(
                        quote_at,
                        RecordErrorKind::UnterminatedTagValue { tag: name },
                    ));
                }
            },
            None | Some('\n' | '\r') => {
                return Err(RecordError::at(
                    quote_at,
                    RecordErrorKind::UnterminatedTagValue { tag: name },
                ));
            }
            Some(ch) => value.push(ch),
        }
    }
    c.skip_blanks();
    if c.peek() != Some(']') {
        return Err(RecordError::at(
            c.location(),
            RecordErrorKind::ExpectedTagEnd { tag: name },
        ));
    }
    c.bump();
    Ok(RawTag {
        name,
        name_at,
        value,
        value_at,
    })
}

/// The known tags, with their canonical names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Game,
    Variant,
    Board,
    FirstPlayer,
    SimultaneousConnection,
    Repetition,
    AntiSymmetry,
    Black,
    White,
    BlackMarked,
    WhiteMarked,
    Date,
    Result,
    Termination,
    Position,
}

impl Known {
    const ALL: [Known; 15] = [
        Known::Game,
        Known::Variant,
        Known::Board,
        Known::FirstPlayer,
        Known::SimultaneousConnection,
        Known::Repetition,
        Known::AntiSymmetry,
        Known::Black,
        Known::White,
        Known::BlackMarked,
        Known::WhiteMarked,
        Known::Date,
        Known::Result,
        Known::Termination,
        Known::Position,
    ];

    fn name(self) -> &'static str {
        match self {
            Known::Game => "Game",
            Known::Variant => "Variant",
            Known::Board => "Board",
            Known::FirstPlayer => "FirstPlayer",
            Known::SimultaneousConnection => "SimultaneousConnection",
            Known::Repetition => "Repetition",
            Known::AntiSymmetry => "AntiSymmetry",
            Known::Black => "Black",
            Known::White => "White",
            Known::BlackMarked => "BlackMarked",
            Known::WhiteMarked => "WhiteMarked",
            Known::Date => "Date",
            Known::Result => "Result",
            Known::Termination => "Termination",
            Known::Position => "Position",
        }
    }

    /// The known tag of this name, ignoring case.
    fn find(name: &str) -> Option<Known> {
        Known::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }
}

/// Whether a tag name is one the record reads itself (ignoring case).
pub(super) fn is_known_tag(name: &str) -> bool {
    Known::find(name).is_some()
}

/// `on`/`off` and their synonyms; `draw` counts as on for the repetition rule.
fn switch(value: &str, on_word: &str) -> Option<bool> {
    let v = value.trim().to_ascii_lowercase();
    if v == on_word || ["on", "yes", "true", "1"].contains(&v.as_str()) {
        Some(true)
    } else if ["off", "no", "false", "0", "none"].contains(&v.as_str()) {
        Some(false)
    } else {
        None
    }
}

fn bad_value(tag: &RawTag, tag_name: &str, expected: &str) -> RecordError {
    RecordError::at(
        tag.value_at,
        RecordErrorKind::BadTagValue {
            tag: tag_name.to_string(),
            value: tag.value.clone(),
            expected: expected.to_string(),
        },
    )
}

fn not_for(tag: &RawTag, tag_name: &str, reason: &str) -> RecordError {
    RecordError::at(
        tag.name_at,
        RecordErrorKind::TagNotForGame {
            tag: tag_name.to_string(),
            reason: reason.to_string(),
        },
    )
}

/// What the tags say.
struct Header {
    config: GameConfig,
    start: Option<(String, Location)>,
    players: Players,
    date: Option<String>,
    result: Option<(GameResult, Location)>,
    termination: Option<(Termination, Location)>,
    other_tags: Vec<(String, String)>,
}

/// Interprets the tags: the game first, then every option of it.
fn interpret(tags: Vec<RawTag>) -> Result<Header, RecordError> {
    let mut seen = HashSet::new();
    for tag in &tags {
        if !seen.insert(tag.name.to_ascii_lowercase()) {
            return Err(RecordError::at(
                tag.name_at,
                RecordErrorKind::DuplicateTag {
                    tag: tag.name.clone(),
                },
            ));
        }
    }
    let mut config = GameConfig::default();
    if let Some(tag) = tags
        .iter()
        .find(|t| Known::find(&t.name) == Some(Known::Game))
    {
        config.kind = tag
            .value
            .parse::<GameKind>()
            .map_err(|_| bad_value(tag, "Game", "\"Lines of Action\" or \"Epaminondas\""))?;
    }
    let loa = config.kind == GameKind::LinesOfAction;
    // The variant decides which seat tags apply, so read it before the rest.
    if let Some(tag) = tags
        .iter()
        .find(|t| Known::find(&t.name) == Some(Known::Variant))
    {
        if !loa {
            return Err(not_for(
                tag,
                "Variant",
                "Epaminondas has no variants (its board size is the Board tag)",
            ));
        }
        config.loa.variant = tag.value.parse::<loa::Variant>().map_err(|_| {
            bad_value(
                tag,
                "Variant",
                "standard, scrambled-eggs, parachute, four-players, ambidextrous or boundless",
            )
        })?;
    }
    let four = loa && config.loa.variant == loa::Variant::FourPlayers;
    let mut header = Header {
        config,
        start: None,
        players: Players::default(),
        date: None,
        result: None,
        termination: None,
        other_tags: Vec::new(),
    };
    for tag in &tags {
        let Some(known) = Known::find(&tag.name) else {
            header
                .other_tags
                .push((tag.name.clone(), tag.value.clone()));
            continue;
        };
        let name = known.name();
        let config = &mut header.config;
        match known {
            Known::Game | Known::Variant => {}
            Known::Board => {
                if loa {
                    config.loa.board = tag
                        .value
                        .parse::<loa::BoardSize>()
                        .map_err(|_| bad_value(tag, name, "8x8, 7x7 or 6x6"))?;
                    if !config.loa.board_fits_variant() {
                        return Err(bad_value(
                            tag,
                            name,
                            "8x8 (the 7x7 and 6x6 boards have the standard setup only)",
                        ));
                    }
                } else {
                    config.epaminondas.board = tag
                        .value
                        .parse::<epaminondas::BoardSize>()
                        .map_err(|_| bad_value(tag, name, "standard or small"))?;
                }
            }
            Known::FirstPlayer => {
                let color = match tag.value.trim().to_ascii_lowercase().as_str() {
                    "black" => Color::Black,
                    "white" => Color::White,
                    _ => return Err(bad_value(tag, name, "Black or White")),
                };
                if loa {
                    config.loa.first_player = color;
                } else if color == Color::Black {
                    return Err(bad_value(
                        tag,
                        name,
                        "White: in Epaminondas White always moves first",
                    ));
                }
            }
            Known::SimultaneousConnection => {
                if !loa {
                    return Err(not_for(tag, name, "it is a Lines of Action option"));
                }
                config.loa.simultaneous = match tag
                    .value
                    .trim()
                    .to_ascii_lowercase()
                    .replace(['_', ' '], "-")
                    .as_str()
                {
                    "draw" => loa::SimultaneousConnection::Draw,
                    "mover-wins" | "moverwins" | "mover" => loa::SimultaneousConnection::MoverWins,
                    _ => return Err(bad_value(tag, name, "draw or mover-wins")),
                };
            }
            Known::Repetition => {
                let on = switch(&tag.value, "draw")
                    .ok_or_else(|| bad_value(tag, name, "draw or off"))?;
                config.set_repetition_draw(on);
            }
            Known::AntiSymmetry => {
                if loa {
                    return Err(not_for(tag, name, "it is an Epaminondas option"));
                }
                config.epaminondas.anti_symmetry =
                    switch(&tag.value, "on").ok_or_else(|| bad_value(tag, name, "on or off"))?;
            }
            Known::Black => header.players.black = Some(tag.value.clone()),
            Known::White => header.players.white = Some(tag.value.clone()),
            Known::BlackMarked | Known::WhiteMarked => {
                if !four {
                    return Err(not_for(
                        tag,
                        name,
                        "only LOA for four (Variant \"four-players\") has marked seats",
                    ));
                }
                let seat = if known == Known::BlackMarked {
                    &mut header.players.black_marked
                } else {
                    &mut header.players.white_marked
                };
                *seat = Some(tag.value.clone());
            }
            Known::Date => header.date = Some(tag.value.clone()),
            Known::Result => {
                let result = GameResult::parse(&tag.value)
                    .ok_or_else(|| bad_value(tag, name, "black-wins, white-wins, draw or *"))?;
                header.result = Some((result, tag.value_at));
            }
            Known::Termination => {
                let termination = tag.value.parse::<Termination>().map_err(|_| {
                    bad_value(
                        tag,
                        name,
                        "connection, simultaneous-connection, home-row, no-stones, repetition, \
                         resignation, time, agreement, adjudication, abandoned or unterminated",
                    )
                })?;
                header.termination = Some((termination, tag.value_at));
            }
            Known::Position => header.start = Some((tag.value.clone(), tag.value_at)),
        }
    }
    Ok(header)
}

/// Splits a leading move number (`12.`, `12...`) off a word: the number and the rest.
fn split_number(word: &str) -> Option<(u64, &str, usize)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !word[digits..].starts_with('.') {
        return None;
    }
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    let number = word[..digits].parse().unwrap_or(u64::MAX);
    Some((number, &word[digits + dots..], digits + dots))
}

/// Adds a comment's text to an optional comment.
fn append_comment(slot: &mut Option<String>, text: String) {
    if text.is_empty() {
        return;
    }
    match slot {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(&text);
        }
        None => *slot = Some(text),
    }
}

/// The text without a byte-order mark, or an error if it is over the size limit.
pub(super) fn within_limit(text: &str) -> Result<&str, RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::at(
            Location::START,
            RecordErrorKind::TooLarge {
                size: text.len(),
                limit: MAX_RECORD_BYTES,
            },
        ));
    }
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// The record in `text`, replayed.
pub(super) fn parse(text: &str) -> Result<Record, RecordError> {
    let text = within_limit(text)?;
    if text.trim().is_empty() {
        return Err(RecordError::at(Location::START, RecordErrorKind::Empty));
    }
    let mut c = Cursor::new(text);
    let mut tags = Vec::new();
    loop {
        c.skip_whitespace();
        if c.peek() != Some('[') {
            break;
        }
        tags.push(read_tag(&mut c)?);
    }
    let header = interpret(tags)?;
    let config = header.config;
    let mut position = match &header.start {
        None => config.start(),
        Some((text, at)) => config
            .position_from_text(text)
            .map_err(|source| RecordError::at(*at, RecordErrorKind::BadPosition { source }))?,
    };
    let start = header
        .start
        .as_ref()
        .map(|_| position.initial_text())
        .filter(|text| *text != config.start().to_text());
    let seats = seats(&config);
    // The lines open at this point of the text: the main line, then each variation inside the
    // one before. `position` is after the last move of the innermost.
    let mut lines = vec![Line::new(Location::START)];
    let mut ply = 0;
    let mut game_comment = None;
    let mut end: Option<(GameResult, Location)> = None;
    loop {
        c.skip_whitespace();
        let at = c.location();
        let Some(next) = c.peek() else { break };
        match next {
            '{' => {
                c.bump();
                let mut body = String::new();
                loop {
                    match c.bump() {
                        Some('}') => break,
                        Some(ch) => body.push(ch),
                        None => {
                            return Err(RecordError::at(at, RecordErrorKind::UnterminatedComment));
                        }
                    }
                }
                let folded = body.split_whitespace().collect::<Vec<_>>().join(" ");
                let main = lines.len() == 1;
                let line = lines.last_mut().expect("the main line is always open");
                match line.moves.last_mut() {
                    Some(last) => append_comment(&mut last.comment, folded),
                    None if main => append_comment(&mut game_comment, folded),
                    None => append_comment(&mut line.pending_comment, folded),
                }
                continue;
            }
            '}' => return Err(RecordError::at(at, RecordErrorKind::StrayBrace)),
            _ => {}
        }
        if let Some((result, _)) = end {
            return Err(RecordError::at(
                at,
                RecordErrorKind::TextAfterResult { result },
            ));
        }
        if next == '[' {
            return Err(RecordError::at(at, RecordErrorKind::TagAfterMoves));
        }
        if next == '(' && !c.at_point() {
            c.bump();
            if lines.len() > MAX_VARIATION_DEPTH {
                return Err(RecordError::at(
                    at,
                    RecordErrorKind::VariationTooDeep {
                        limit: MAX_VARIATION_DEPTH,
                    },
                ));
            }
            let line = lines.last().expect("the main line is always open");
            if line.moves.is_empty() {
                return Err(RecordError::at(at, RecordErrorKind::VariationWithoutMove));
            }
            // The variation replaces the line's last move: it starts before it.
            position.undo();
            ply -= 1;
            lines.push(Line::new(at));
            continue;
        }
        if next == ')' {
            c.bump();
            if lines.len() == 1 {
                return Err(RecordError::at(at, RecordErrorKind::StrayParenthesis));
            }
            let variation = lines.pop().expect("a variation is open");
            if variation.moves.is_empty() {
                return Err(RecordError::at(
                    variation.opened_at,
                    RecordErrorKind::EmptyVariation,
                ));
            }
            for _ in &variation.moves {
                position.undo();
            }
            ply -= variation.moves.len();
            let in_variation = lines.len() > 1;
            let line = lines.last_mut().expect("the main line is always open");
            let first_of_variation = in_variation && line.moves.len() == 1;
            let replaced = line.moves.last_mut().expect("a variation follows a move");
            position.play_unchecked(replaced.mv);
            ply += 1;
            // A variation of a variation's first move is one more alternative to the move that
            // variation replaces: it is kept with them, after it.
            let alternatives = if first_of_variation {
                &mut line.siblings
            } else {
                &mut replaced.variations
            };
            alternatives.push(variation.moves);
            alternatives.extend(variation.siblings);
            continue;
        }
        let word = c.word();
        let number = ply / seats + 1;
        let (word, word_at) = match split_number(word) {
            Some((found, rest, skipped)) => {
                if found != number as u64 {
                    return Err(RecordError::at(
                        at,
                        RecordErrorKind::MoveNumber {
                            found,
                            expected: number,
                        },
                    ));
                }
                let rest_at = Location {
                    column: at.column + skipped,
                    ..at
                };
                (rest, rest_at)
            }
            None => (word, at),
        };
        if word.is_empty() {
            continue;
        }
        if let Some(result) = GameResult::parse(word) {
            if lines.len() > 1 {
                return Err(RecordError::at(
                    word_at,
                    RecordErrorKind::ResultInVariation { result },
                ));
            }
            end = Some((result, word_at));
            continue;
        }
        if word.starts_with('@') {
            return Err(RecordError::at(
                word_at,
                RecordErrorKind::PlacementWithoutMove {
                    text: word.to_string(),
                },
            ));
        }
        // A Parachute placement written apart (`a3-a5 @d4`, `a3-a5 @ d4`) belongs to the move.
        let mut move_text = word.to_string();
        let mut ahead = c.clone();
        ahead.skip_whitespace();
        if ahead.peek() == Some('@') {
            let placement = ahead.word();
            move_text.push(' ');
            move_text.push_str(placement);
            if placement == "@" {
                ahead.skip_whitespace();
                move_text.push_str(ahead.word());
            }
            c = ahead;
        }
        let mv = play(&mut position, &move_text, number, ply + 1, word_at)?;
        ply += 1;
        let line = lines.last_mut().expect("the main line is always open");
        let comment = line.pending_comment.take();
        line.moves.push(RecordMove {
            comment,
            ..RecordMove::new(mv)
        });
    }
    if let Some(open) = lines.get(1..).and_then(<[Line]>::last) {
        return Err(RecordError::at(
            open.opened_at,
            RecordErrorKind::UnclosedVariation,
        ));
    }
    let moves = lines.pop().map(|line| line.moves).unwrap_or_default();
    if let (Some((tag, _)), Some((movetext, at))) = (header.result, end)
        && tag != movetext
    {
        return Err(RecordError::at(
            at,
            RecordErrorKind::ResultMismatch { tag, movetext },
        ));
    }
    let claimed = header.result.or(end);
    let outcome = position.outcome();
    let result = claimed.map_or(GameResult::from_outcome(outcome), |(r, _)| r);
    let termination = header.termination.map(|(t, _)| t);
    if let Err(kind) = check_end(outcome, result, termination) {
        let at = match kind {
            RecordErrorKind::TerminationContradicts { .. }
            | RecordErrorKind::TerminationResult { .. } => header.termination.map(|(_, at)| at),
            _ => claimed.map(|(_, at)| at),
        };
        return Err(RecordError::at(at.unwrap_or(c.location()), kind));
    }
    Ok(Record {
        config,
        start,
        moves,
        players: header.players,
        date: header.date,
        result,
        termination: termination.or(outcome.map(Termination::from_outcome)),
        comment: game_comment,
        other_tags: header.other_tags,
    })
}

/// Reads and plays one move, or says why it cannot be played.
fn play(
    position: &mut AnyPosition,
    text: &str,
    number: usize,
    ply: usize,
    at: Location,
) -> Result<crate::any_game::AnyMove, RecordError> {
    if let Some(outcome) = position.outcome() {
        return Err(RecordError::at(
            at,
            RecordErrorKind::MoveAfterEnd {
                number,
                text: text.to_string(),
                outcome,
            },
        ));
    }
    let mv = position.parse_move(text).map_err(|source| {
        RecordError::at(
            at,
            RecordErrorKind::IllegalMove {
                number,
                ply,
                text: text.to_string(),
                reason: super::reason::reason_for_text(position, text),
                source: Box::new(source),
            },
        )
    })?;
    position.play_unchecked(mv);
    Ok(mv)
}
