//! The engine protocol, driven in-process through a channel: round trips, searches in the
//! background, both games, every error path, and a fuzz test of garbage input.

use std::io::{BufRead, BufReader, Cursor, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use gamut_engine::any_game::GameConfig;
use gamut_engine::protocol::{self, Engine, Flow};
use gamut_engine::{Game, epaminondas, loa};
use proptest::prelude::*;

/// Long enough for any answer in these tests on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(20);

struct Driver {
    engine: Engine,
    lines: Receiver<String>,
}

impl Driver {
    fn new() -> Driver {
        let (sender, lines) = channel();
        let mut driver = Driver {
            engine: Engine::new(sender),
            lines,
        };
        // Small tables: the tests make many engines.
        driver.send("setoption name Hash value 4");
        driver
    }

    fn send(&mut self, line: &str) -> Flow {
        self.engine.handle_line(line)
    }

    /// Lines until (and including) the first one starting with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no '{prefix}' ({e}); saw {seen:#?}"),
            }
        }
    }

    /// Sends `line`, then `isready`, and returns what came before `readyok`.
    fn answer(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut seen = self.until("readyok");
        seen.pop();
        seen
    }

    /// Sends a `go` and returns its lines up to `bestmove` and the move.
    fn go(&mut self, line: &str) -> (Vec<String>, String) {
        self.send(line);
        let seen = self.until("bestmove");
        let best = seen
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("")
            .to_string();
        (seen, best)
    }
}

fn assert_info_line(line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "info", "{line}");
    let keys: Vec<&str> = ["depth", "score", "nodes", "nps", "time", "pv"]
        .into_iter()
        .filter(|k| words.contains(k))
        .collect();
    assert_eq!(
        keys,
        ["depth", "score", "nodes", "nps", "time", "pv"],
        "{line}"
    );
    let score_at = words.iter().position(|w| *w == "score").unwrap();
    assert!(matches!(words[score_at + 1], "cp" | "mate"), "{line}");
    words[score_at + 2].parse::<i32>().expect("score value");
    for key in ["depth", "nodes", "nps", "time"] {
        let at = words.iter().position(|w| *w == key).unwrap();
        words[at + 1].parse::<u64>().expect("a number");
    }
}

#[test]
fn uci_lists_options_and_isready_answers() {
    let mut d = Driver::new();
    let lines = d.answer("uci");
    assert!(lines[0].starts_with("id name Gamut"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for name in [
        "Game",
        "Variant",
        "Board",
        "FirstPlayer",
        "Simultaneous",
        "Repetition",
        "AntiSymmetry",
        "Level",
        "Hash",
        "LevelSettings",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name} missing: {lines:?}"
        );
    }
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    assert!(d.answer("ucinewgame").is_empty());
    assert!(d.answer("").is_empty());
}

#[test]
fn position_with_moves_then_d_shows_it() {
    let mut d = Driver::new();
    let lines = d.answer("position startpos moves b1d3 a2-c2 g8g5");
    assert!(lines[0].starts_with("info string error"), "{lines:?}");
    assert!(
        d.answer("position startpos moves b1d3 a2-c2 d3-g6")
            .is_empty()
    );
    let shown = d.answer("d");
    let mut expected = loa::Position::new(loa::Rules::default());
    for m in ["b1d3", "a2c2", "d3g6"] {
        let mv = expected.parse_move(m).unwrap();
        expected.play(mv).unwrap();
    }
    assert!(
        shown.contains(&format!("Fen: {}", expected.to_text())),
        "{shown:#?}"
    );
    assert!(
        shown.contains(&"Moves: b1d3 a2c2 d3g6".to_string()),
        "{shown:#?}"
    );
    assert!(shown.iter().any(|l| l.starts_with("  a b c d e f g h")));
    let text = expected.to_text();
    assert!(
        d.answer(&format!("position fen {text} moves h6xf8"))
            .is_empty()
    );
    let shown = d.answer("d");
    assert!(shown.contains(&"Moves: h6f8".to_string()), "{shown:#?}");
}

#[test]
fn go_depth_prints_iterations_and_a_legal_bestmove() {
    let mut d = Driver::new();
    d.send("position startpos moves b1d3");
    let (lines, best) = d.go("go depth 3");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info")).collect();
    assert_eq!(infos.len(), 3, "{lines:#?}");
    for (i, line) in infos.iter().enumerate() {
        assert_info_line(line);
        assert!(
            line.starts_with(&format!("info depth {} ", i + 1)),
            "{line}"
        );
    }
    let mut position = loa::Position::new(loa::Rules::default());
    let mv = position.parse_move("b1d3").unwrap();
    position.play(mv).unwrap();
    position.parse_move(&best).expect("bestmove is legal");
}

#[test]
fn go_nodes_and_clock_answer() {
    let mut d = Driver::new();
    let (_, best) = d.go("go nodes 2000");
    GameConfig::default().start().parse_move(&best).unwrap();
    let (_, best) = d.go("go wtime 1000 btime 300 winc 0 binc 10");
    GameConfig::default().start().parse_move(&best).unwrap();
    // White's clock only, Black to move.
    let lines = d.answer("go wtime 1000");
    assert!(
        lines[0].starts_with("info string error: go: Black is to move but btime"),
        "{lines:?}"
    );
}

/// `go movetime` ends on its own (no `stop` is sent: a search that ignored its deadline would
/// not answer, and the wait for `bestmove` would give up) with the iterations it completed and
/// a legal move. How long it took is printed, not checked: that depends on the machine.
#[test]
fn go_movetime_answers_on_its_own() {
    let mut d = Driver::new();
    d.send("position startpos moves b1d3 a2c2");
    let start = Instant::now();
    let (lines, best) = d.go("go movetime 200");
    eprintln!(
        "go movetime 200 answered after {} ms",
        start.elapsed().as_millis()
    );
    for line in &lines[..lines.len() - 1] {
        assert!(line.starts_with("info depth "), "{lines:?}");
        assert_info_line(line);
    }
    let mut position = loa::Position::new(loa::Rules::default());
    for mv in ["b1d3", "a2c2"] {
        let mv = position.parse_move(mv).unwrap();
        position.play(mv).unwrap();
    }
    position
        .parse_move(&best)
        .unwrap_or_else(|e| panic!("{e}: {lines:?}"));
}

#[test]
fn epaminondas_through_setoption() {
    let mut d = Driver::new();
    assert!(d.answer("setoption name game value Epaminondas").is_empty());
    let shown = d.answer("d");
    let start = epaminondas::Position::new(epaminondas::Rules::default());
    assert!(
        shown.contains(&format!("Fen: {}", start.to_text())),
        "{shown:#?}"
    );
    assert!(shown.contains(&"Legal moves: 114".to_string()));
    let (lines, best) = d.go("go depth 2");
    assert!(lines.iter().any(|l| l.starts_with("info depth 2")));
    start.parse_move(&best).expect("legal Epaminondas move");
    // The small board, and a move played on it.
    assert!(d.answer("setoption name Board value small").is_empty());
    assert!(d.answer("position startpos moves a1a3").is_empty());
    let shown = d.answer("d");
    assert!(shown.contains(&"Moves: a1a3".to_string()), "{shown:#?}");
    assert!(
        shown
            .iter()
            .any(|l| l.starts_with("Game: epaminondas (board small"))
    );
    // A Lines of Action variant name is not a board.
    let lines = d.answer("setoption name Variant value small");
    assert!(
        lines[0].starts_with("info string error: option Variant"),
        "{lines:?}"
    );
    // Perft on the standard board from RULES.md.
    d.send("setoption name Board value standard");
    d.send("perft 2");
    let lines = d.until("Nodes searched");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 12996")
    );
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 114 + 2);
}

/// Lines of Action's small boards through `setoption name Board`: the 6×6 start, a move off
/// the board refused, a legal best move, perft; `standard` goes back to 8×8.
#[test]
fn small_loa_boards_through_setoption() {
    let mut d = Driver::new();
    assert!(d.answer("setoption name Board value 6x6").is_empty());
    let shown = d.answer("d");
    assert!(
        shown.contains(&"Fen: 1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b".to_string()),
        "{shown:#?}"
    );
    assert!(shown.contains(&"Legal moves: 24".to_string()), "{shown:#?}");
    assert!(shown.iter().any(|l| l.contains("board 6x6")), "{shown:#?}");
    // c1 has four pieces on its rank: four squares to the right is g1, off the 6×6 board.
    let lines = d.answer("position startpos moves c1g1");
    assert!(lines[0].starts_with("info string error"), "{lines:?}");
    let (_, best) = d.go("go depth 3");
    let start = gamut_engine::loa::Position::new(gamut_engine::loa::Rules {
        board: gamut_engine::loa::BoardSize::Six,
        ..Default::default()
    });
    start.parse_move(&best).expect("a legal 6×6 move");
    d.send("setoption name Board value 7x7");
    d.send("perft 3");
    let lines = d.until("Nodes searched");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 25012")
    );
    d.send("setoption name Board value standard");
    d.send("perft 2");
    let lines = d.until("Nodes searched");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 1244")
    );
}

/// The weight options reach the search of their game: other weights, another score; back to
/// the defaults, the same score again.
#[test]
fn weight_options_reach_the_search() {
    let mut d = Driver::new();
    let cases = [
        ("lines-of-action", "LoaWeights", "0,0,0,0,0,0,0,0,0,500"),
        ("epaminondas", "EpaminondasWeights", "100,0,0,0,0,500"),
    ];
    for (game, option, weights) in cases {
        d.send(&format!("setoption name Game value {game}"));
        let score = |d: &mut Driver, value: &str| {
            d.send(&format!("setoption name {option} value {value}"));
            d.send("ucinewgame");
            let (lines, _) = d.go("go depth 2");
            let last = lines.iter().rev().find(|l| l.starts_with("info depth 2"));
            let words: Vec<&str> = last.expect("depth 2").split_whitespace().collect();
            let at = words.iter().position(|w| *w == "score").expect("a score");
            words[at + 1..at + 3].join(" ")
        };
        let default = score(&mut d, "default");
        assert_ne!(score(&mut d, weights), default, "{option}");
        assert_eq!(score(&mut d, "default"), default, "{option}");
    }
}

#[test]
fn rule_options_reset_the_position() {
    let mut d = Driver::new();
    d.send("position startpos moves b1d3");
    assert!(
        d.answer("setoption name FirstPlayer value white")
            .is_empty()
    );
    let shown = d.answer("d");
    assert!(shown.contains(&"Moves: (none)".to_string()), "{shown:#?}");
    assert!(
        shown.contains(&"Side to move: White".to_string()),
        "{shown:#?}"
    );
    assert!(
        d.answer("setoption name Variant value scrambled-eggs")
            .is_empty()
    );
    assert!(
        d.answer("setoption name Simultaneous value mover-wins")
            .is_empty()
    );
    assert!(d.answer("setoption name Repetition value false").is_empty());
    let shown = d.answer("d");
    assert!(
        shown.contains(
            &"Game: lines-of-action (variant scrambled-eggs, first player White, simultaneous \
              connection mover-wins, repetition draw off)"
                .to_string()
        ),
        "{shown:#?}"
    );
    d.send("perft 2");
    let lines = d.until("Nodes searched");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 992")
    );
}

#[test]
fn a_lone_pass_is_bestmove_pass() {
    let mut d = Driver::new();
    assert!(
        d.answer("position fen wb6/bb6/8/8/8/8/bb6/wb6 w")
            .is_empty()
    );
    let (_, best) = d.go("go depth 3");
    assert_eq!(best, "pass");
    assert!(
        d.answer("position fen wb6/bb6/8/8/8/8/bb6/wb6 w moves pass")
            .is_empty()
    );
}

#[test]
fn a_finished_game_gets_bestmove_none() {
    let mut d = Driver::new();
    // Black is connected (b1 c1) and White just moved: Black has won.
    assert!(d.answer("position fen 8/w7/8/8/8/8/w7/1bb5 w").is_empty());
    let (lines, best) = d.go("go depth 3");
    assert!(
        lines[0].starts_with("info string game over: Black wins"),
        "{lines:?}"
    );
    assert_eq!(best, "(none)");
    let lines = d.answer("position fen 8/w7/8/8/8/8/w7/1bb5 w moves a2a3");
    assert!(lines[0].contains("the game is over"), "{lines:?}");
}

#[test]
fn every_error_gets_an_info_string() {
    let mut d = Driver::new();
    d.send("position startpos moves b1d3");
    for bad in [
        "xyzzy",
        "uci now",
        "isready please",
        "stop it",
        "d 2",
        "setoption",
        "setoption value 3",
        "setoption name",
        "setoption name Frobnication value 1",
        "setoption name Level",
        "setoption name Level value 15",
        "setoption name Level value many",
        "setoption name LevelSettings value depth=zero",
        "setoption name LevelSettings value speed=9",
        "setoption name Hash value 0",
        "setoption name Hash value 100000",
        "setoption name Game value chess",
        "setoption name Variant value small",
        "setoption name Board value huge",
        "setoption name FirstPlayer value red",
        "setoption name Simultaneous value maybe",
        "setoption name Repetition value perhaps",
        "setoption name AntiSymmetry value 2",
        "position",
        "position moves b1d3",
        "position startpos b1d3",
        "position fen",
        "position fen 8/8/8 b",
        "position fen 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 x",
        "position startpos moves b1d4",
        "position startpos moves b1d3 b1d3",
        "position startpos moves z9z9",
        "go depth",
        "go depth -1",
        "go movetime soon",
        "go nodes 1e6",
        "go ponder",
        "go searchmoves b1d3",
        "go mate 3",
        "go perft",
        "go perft x",
        "go fast",
        "perft",
        "perft -2",
        "perft 2 3",
        "perft 33",
    ] {
        let lines = d.answer(bad);
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{bad}: {lines:?}"
        );
    }
    // Nothing changed: the position is still the one set first.
    let shown = d.answer("d");
    assert!(shown.contains(&"Moves: b1d3".to_string()), "{shown:#?}");
}

#[test]
fn isready_and_stop_while_thinking() {
    let mut d = Driver::new();
    d.send("go infinite");
    // Thinking: it has completed a depth.
    d.until("info depth");
    let before = d.answer("d");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "infinite search answered early: {before:?}"
    );
    let start = Instant::now();
    d.send("stop");
    let lines = d.until("bestmove");
    eprintln!("stop answered after {} ms", start.elapsed().as_millis());
    // Whatever the search still said before it stopped, then its move (how many info lines
    // come first depends on how fast the machine is).
    let (best, said) = lines.split_last().expect("the bestmove line");
    assert!(best.starts_with("bestmove"), "{lines:?}");
    assert!(said.iter().all(|l| l.starts_with("info")), "{lines:?}");
    // A bare go is infinite too; a new go stops it, and both answer.
    d.send("go");
    d.until("info depth");
    d.send("go depth 1");
    let first = d.until("bestmove");
    let second = d.until("bestmove");
    assert!(
        second.iter().any(|l| l.starts_with("info depth 1")),
        "{first:?} {second:?}"
    );
    // quit while thinking ends the search.
    d.send("go infinite");
    assert_eq!(d.send("quit"), Flow::Quit);
    d.until("bestmove");
}

/// A `stop` that arrives before the search thread has begun still ends the job: the stop flag
/// is the job's, and the search never lowers it. The job is infinite, so only the stop can end
/// it: a lost or lowered stop would leave it without an answer (and the wait for it would give
/// up).
#[test]
fn a_stop_right_after_go_answers_with_a_legal_move() {
    let mut d = Driver::new();
    for level in [14, 6] {
        d.send(&format!("setoption name Level value {level}"));
        d.send("go infinite");
        d.send("stop");
        let lines = d.until("bestmove");
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1));
        GameConfig::default()
            .start()
            .parse_move(best.unwrap_or(""))
            .unwrap_or_else(|e| panic!("level {level}: {e} in {lines:?}"));
    }
}

#[test]
fn weak_levels_play_legal_moves() {
    let mut d = Driver::new();
    for game in ["lines-of-action", "epaminondas"] {
        d.send(&format!("setoption name Game value {game}"));
        let config = GameConfig {
            kind: game.parse().unwrap(),
            ..GameConfig::default()
        };
        for level in 1..=13 {
            d.send(&format!("setoption name Level value {level}"));
            let (_, best) = d.go("go movetime 30");
            config
                .start()
                .parse_move(&best)
                .unwrap_or_else(|e| panic!("{game} level {level}: {e}"));
        }
    }
}

/// `LevelSettings` replaces the level's settings (here: one ply, which answers at once even
/// with a long think time) until it is set back to `ladder`.
#[test]
fn level_settings_replace_the_ladder_until_reset() {
    let mut d = Driver::new();
    d.send("setoption name LevelSettings value depth=1 noise=0");
    let (lines, best) = d.go("go movetime 5000");
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert_eq!(depths, ["1"], "{lines:?}");
    GameConfig::default().start().parse_move(&best).unwrap();
    d.send("setoption name LevelSettings value ladder");
    d.send("setoption name Level value 14");
    let (lines, _) = d.go("go depth 3");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
}

#[test]
fn perft_counts_and_can_be_stopped() {
    let mut d = Driver::new();
    d.send("go perft 3");
    let lines = d.until("Nodes searched");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 44952")
    );
    d.send("setoption name Game value epaminondas");
    d.send("perft 7");
    d.send("stop");
    let lines = d.answer("d");
    assert!(
        lines.iter().any(|l| l == "info string perft stopped"),
        "{lines:?}"
    );
}

#[test]
fn run_reads_bytes_to_the_end() {
    let (sender, lines) = channel();
    let input = b"uci\n\xff\xfe garbage\r\nposition startpos moves b1d3\ngo depth 2\n".to_vec();
    protocol::run(Cursor::new(input), sender).expect("runs");
    let out: Vec<String> = lines.try_iter().collect();
    assert!(out.contains(&"uciok".to_string()));
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string error: unknown command"))
    );
    // The search at the end of input finishes before run returns.
    assert!(
        out.last().is_some_and(|l| l.starts_with("bestmove")),
        "{out:?}"
    );
}

#[test]
fn the_binary_speaks_the_protocol() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamut-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the engine");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(
        stdin,
        "uci\nisready\nsetoption name Hash value 2\ngo depth 2\nquit"
    )
    .unwrap();
    let out: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok)
        .collect();
    assert!(child.wait().unwrap().success());
    assert!(out.contains(&"uciok".to_string()), "{out:?}");
    assert!(out.contains(&"readyok".to_string()), "{out:?}");
}

/// Pieces of lines: real commands, their arguments, and junk.
fn fragment() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "uci",
        "isready",
        "ucinewgame",
        "setoption",
        "name",
        "value",
        "Game",
        "Variant",
        "Board",
        "Level",
        "Hash",
        "FirstPlayer",
        "Simultaneous",
        "Repetition",
        "AntiSymmetry",
        "lines-of-action",
        "epaminondas",
        "scrambled-eggs",
        "small",
        "standard",
        "true",
        "false",
        "white",
        "black",
        "mover-wins",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "movetime",
        "nodes",
        "wtime",
        "btime",
        "winc",
        "binc",
        "infinite",
        "stop",
        "d",
        "perft",
        "b1d3",
        "a2c2",
        "a1a3",
        "a1c3",
        "pass",
        "b1-d3",
        "h7xf5",
        "1",
        "2",
        "3",
        "-7",
        "0",
        "99999999999999999999999",
        "8/8/8/8/8/8/8/8",
        "b",
        "w",
        "wb6/bb6/8/8/8/8/bb6/wb6",
    ]);
    prop_oneof![
        words.prop_map(str::to_string),
        "[a-z0-9/ -]{1,8}",
        any::<String>(),
    ]
}

fn garbage_line() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..7).prop_map(|parts| parts.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Garbage never panics the engine, and it still answers `isready` afterwards.
    #[test]
    fn garbage_never_stops_the_engine(lines in prop::collection::vec(garbage_line(), 30)) {
        let mut d = Driver::new();
        for line in &lines {
            // Keep the tables small and the searches short whatever the line says.
            if line.to_ascii_lowercase().contains("hash") {
                continue;
            }
            d.send(line);
            if line.starts_with("go") || line.starts_with("perft") {
                d.send("stop");
            }
        }
        d.send("stop");
        d.send("isready");
        d.until("readyok");
    }
}

/// Every Lines of Action variant through the protocol: its moves in `position … moves`, perft,
/// and a legal `bestmove` in the variant's notation.
#[test]
fn every_variant_plays_through_the_protocol() {
    let cases = [
        ("parachute", "h2f2@d4 h3g2@a8", 936),
        ("four-players", "b1b3 a2c2", 18),
        ("ambidextrous", "b1b3 a2c2", 18),
        ("boundless", "b1(2,-1) a2(-1,2)", 92),
    ];
    for (variant, moves, perft1) in cases {
        let mut d = Driver::new();
        assert!(
            d.answer(&format!("setoption name Variant value {variant}"))
                .is_empty(),
            "{variant}"
        );
        d.send("perft 1");
        let lines = d.until("Nodes searched");
        assert_eq!(
            lines.last().map(String::as_str),
            Some(format!("Nodes searched: {perft1}").as_str()),
            "{variant}"
        );
        let shown = d.answer(&format!("position startpos moves {moves}"));
        assert!(shown.is_empty(), "{variant}: {shown:#?}");
        let shown = d.answer("d");
        assert!(
            shown.contains(&format!("Moves: {moves}")),
            "{variant}: {shown:#?}"
        );
        let (_, best) = d.go("go depth 2");
        // The answer is legal: the position takes it.
        let after = d.answer(&format!("position startpos moves {moves} {best}"));
        assert!(after.is_empty(), "{variant}: {best} refused: {after:#?}");
        if variant == "parachute" {
            assert!(best.contains('@'), "a compound turn: {best}");
        }
    }
    // A Parachute move without its placement is refused with the reason.
    let mut d = Driver::new();
    d.answer("setoption name Variant value parachute");
    let lines = d.answer("position startpos moves h2f2");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("place one of the enemy pieces")),
        "{lines:#?}"
    );
}
