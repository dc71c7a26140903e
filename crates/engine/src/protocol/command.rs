//! Reading one protocol line into a [`Command`].

use thiserror::Error;

/// Times given on a `go` line are capped at this many milliseconds (about three years), so no
/// deadline computation can overflow.
pub const MAX_TIME_MS: u64 = 100_000_000_000;

/// Deepest perft accepted: deeper would never finish, and a cycle without the repetition rule
/// would only grow the stack.
pub const MAX_PERFT_DEPTH: u32 = 32;

/// Where `position` starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the configured game's start.
    Start,
    /// `fen <text>`: position text of the configured game.
    Text(String),
}

/// The limits of a `go` command, as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GoParams {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `wtime MS`: White's clock (negative values count as 0).
    pub wtime: Option<u64>,
    /// `btime MS`: Black's clock.
    pub btime: Option<u64>,
    /// `winc MS`: White's increment.
    pub winc: Option<u64>,
    /// `binc MS`: Black's increment.
    pub binc: Option<u64>,
    /// `movestogo N`: accepted and ignored (the clock is treated as sudden death + increment).
    pub movestogo: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl GoParams {
    /// Whether nothing bounds the search, so it runs until `stop` (`go infinite`, or bare `go`).
    pub fn is_infinite(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime.is_none()
                && self.wtime.is_none()
                && self.btime.is_none())
    }
}

/// One protocol command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: forget what the search learnt; back to the start position.
    NewGame,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (words joined by one space).
        name: String,
        /// Its new value, if given.
        value: Option<String>,
    },
    /// `position startpos|fen <text> [moves m1 m2 …]`.
    Position {
        /// The position before the moves.
        start: StartPosition,
        /// Moves to play from it, as written.
        moves: Vec<String>,
    },
    /// `go …`: search and answer `bestmove`.
    Go(GoParams),
    /// `perft N` or `go perft N`: count the move sequences of the current position.
    Perft(u32),
    /// `stop`: end the search now.
    Stop,
    /// `quit`: end the engine.
    Quit,
    /// `d`: show the board.
    Display,
}

/// A line that is not a valid command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// The first word is not a command.
    #[error(
        "unknown command '{0}' (commands: uci, isready, ucinewgame, setoption, position, go, \
         stop, quit, d, perft)"
    )]
    Unknown(String),
    /// A required part is missing.
    #[error("'{command}' needs {what}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs.
        what: &'static str,
    },
    /// A word the command does not take.
    #[error("unexpected '{token}' in '{command}'")]
    Unexpected {
        /// The command.
        command: &'static str,
        /// The word.
        token: String,
    },
    /// A number that could not be read.
    #[error("{what} must be a whole number, not '{value}'")]
    BadNumber {
        /// Which value.
        what: String,
        /// The text given.
        value: String,
    },
    /// A perft deeper than [`MAX_PERFT_DEPTH`].
    #[error("perft depth {0} is too deep (at most {MAX_PERFT_DEPTH})")]
    TooDeep(u32),
    /// A `go` option this engine does not implement.
    #[error("go {0} is not supported")]
    Unsupported(String),
}

fn number<T: std::str::FromStr>(what: &str, value: Option<&str>) -> Result<T, CommandError> {
    let value = value.ok_or_else(|| CommandError::BadNumber {
        what: what.to_string(),
        value: String::new(),
    })?;
    value.parse::<T>().map_err(|_| CommandError::BadNumber {
        what: what.to_string(),
        value: value.to_string(),
    })
}

/// A time in milliseconds: negative counts as 0, huge values are capped at [`MAX_TIME_MS`].
fn time_ms(what: &str, value: Option<&str>) -> Result<u64, CommandError> {
    let ms: i128 = number(what, value)?;
    Ok(ms.clamp(0, i128::from(MAX_TIME_MS)) as u64)
}

impl Command {
    /// Reads a line. `Ok(None)` for a blank line, which is ignored. Keywords ignore case; moves
    /// and position text are passed on as written.
    pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(None);
        };
        let rest: Vec<&str> = words.collect();
        let keyword = first.to_ascii_lowercase();
        let no_arguments = |command: &'static str, c: Command| match rest.first() {
            Some(token) => Err(CommandError::Unexpected {
                command,
                token: token.to_string(),
            }),
            None => Ok(c),
        };
        let command = match keyword.as_str() {
            "uci" => no_arguments("uci", Command::Uci)?,
            "isready" => no_arguments("isready", Command::IsReady)?,
            "ucinewgame" => no_arguments("ucinewgame", Command::NewGame)?,
            "stop" => no_arguments("stop", Command::Stop)?,
            "quit" => no_arguments("quit", Command::Quit)?,
            "d" => no_arguments("d", Command::Display)?,
            "setoption" => parse_setoption(&rest)?,
            "position" => parse_position(&rest)?,
            "go" => parse_go(&rest)?,
            "perft" => parse_perft("perft", &rest)?,
            _ => return Err(CommandError::Unknown(first.to_string())),
        };
        Ok(Some(command))
    }
}

fn parse_perft(command: &'static str, rest: &[&str]) -> Result<Command, CommandError> {
    if rest.is_empty() {
        return Err(CommandError::Missing {
            command,
            what: "a depth, e.g. perft 3",
        });
    }
    if let Some(token) = rest.get(1) {
        return Err(CommandError::Unexpected {
            command,
            token: token.to_string(),
        });
    }
    let depth: u32 = number("perft depth", rest.first().copied())?;
    if depth > MAX_PERFT_DEPTH {
        return Err(CommandError::TooDeep(depth));
    }
    Ok(Command::Perft(depth))
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    let missing = CommandError::Missing {
        command: "setoption",
        what: "'name <option> [value <value>]'",
    };
    match rest.first() {
        Some(w) if w.eq_ignore_ascii_case("name") => {}
        Some(w) => {
            return Err(CommandError::Unexpected {
                command: "setoption",
                token: w.to_string(),
            });
        }
        None => return Err(missing),
    }
    let value_at = rest.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let name_words = &rest[1..value_at.unwrap_or(rest.len())];
    if name_words.is_empty() {
        return Err(missing);
    }
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value: value_at.map(|i| rest[i + 1..].join(" ")),
    })
}

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let moves_at = rest.iter().position(|w| w.eq_ignore_ascii_case("moves"));
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &rest[rest.len()..]),
    };
    let start = match head.split_first() {
        Some((w, more)) if w.eq_ignore_ascii_case("startpos") => match more.first() {
            Some(token) => {
                return Err(CommandError::Unexpected {
                    command: "position",
                    token: token.to_string(),
                });
            }
            None => StartPosition::Start,
        },
        Some((w, text)) if w.eq_ignore_ascii_case("fen") => {
            if text.is_empty() {
                return Err(CommandError::Missing {
                    command: "position fen",
                    what: "position text",
                });
            }
            StartPosition::Text(text.join(" "))
        }
        Some((w, _)) => {
            return Err(CommandError::Unexpected {
                command: "position",
                token: w.to_string(),
            });
        }
        None => {
            return Err(CommandError::Missing {
                command: "position",
                what: "'startpos' or 'fen <text>'",
            });
        }
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn parse_go(rest: &[&str]) -> Result<Command, CommandError> {
    if let Some((first, depth)) = rest.split_first()
        && first.eq_ignore_ascii_case("perft")
    {
        return parse_perft("go perft", depth);
    }
    let mut params = GoParams::default();
    let mut words = rest.iter().copied();
    while let Some(word) = words.next() {
        match word.to_ascii_lowercase().as_str() {
            "infinite" => params.infinite = true,
            "depth" => params.depth = Some(number("depth", words.next())?),
            "nodes" => params.nodes = Some(number("nodes", words.next())?),
            "movestogo" => params.movestogo = Some(number("movestogo", words.next())?),
            "movetime" => params.movetime = Some(time_ms("movetime", words.next())?),
            "wtime" => params.wtime = Some(time_ms("wtime", words.next())?),
            "btime" => params.btime = Some(time_ms("btime", words.next())?),
            "winc" => params.winc = Some(time_ms("winc", words.next())?),
            "binc" => params.binc = Some(time_ms("binc", words.next())?),
            "ponder" | "searchmoves" | "mate" | "perft" => {
                return Err(CommandError::Unsupported(word.to_string()));
            }
            _ => {
                return Err(CommandError::Unexpected {
                    command: "go",
                    token: word.to_string(),
                });
            }
        }
    }
    Ok(Command::Go(params))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_position_with_text_and_moves() {
        let c =
            Command::parse("position fen 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b moves b1d3")
                .unwrap()
                .unwrap();
        assert_eq!(
            c,
            Command::Position {
                start: StartPosition::Text("1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b".into()),
                moves: vec!["b1d3".into()],
            }
        );
    }

    #[test]
    fn reads_go_limits_and_rejects_junk() {
        let Some(Command::Go(p)) =
            Command::parse("go wtime -5 btime 1000 winc 10 binc 10").unwrap()
        else {
            panic!("not a go");
        };
        assert_eq!((p.wtime, p.btime, p.binc), (Some(0), Some(1000), Some(10)));
        assert!(!p.is_infinite());
        assert!(matches!(
            Command::parse("go depth"),
            Err(CommandError::BadNumber { .. })
        ));
        assert!(matches!(
            Command::parse("go depth x"),
            Err(CommandError::BadNumber { .. })
        ));
        assert!(matches!(
            Command::parse("go fast"),
            Err(CommandError::Unexpected { .. })
        ));
        assert_eq!(Command::parse("go perft 2"), Ok(Some(Command::Perft(2))));
        assert_eq!(Command::parse("   "), Ok(None));
        assert!(matches!(
            Command::parse("xyzzy"),
            Err(CommandError::Unknown(_))
        ));
    }

    #[test]
    fn reads_setoption_names_with_spaces() {
        assert_eq!(
            Command::parse("setoption name First Player value white"),
            Ok(Some(Command::SetOption {
                name: "First Player".into(),
                value: Some("white".into())
            }))
        );
        assert!(Command::parse("setoption value 3").is_err());
        assert!(Command::parse("setoption name").is_err());
    }
}
