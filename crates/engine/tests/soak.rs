//! The short soak of the test suite (the long one is `scripts/soak.sh`, over 1,000 games):
//! engine processes play short games of every game, board and variant through the match
//! runner, every move refereed; no forfeit (crash, illegal move, hang), and the processes'
//! resident memory measured at the start and the end does not grow beyond their tables.
//! Also hostile protocol input to a real engine process: an endless line and a `Hash` larger
//! than the process may have.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::protocol::match_runner::{EngineSpec, MatchSettings, MoveLimit, run_match};
use gamut_engine::{epaminondas, loa};

const ENGINE: &str = env!("CARGO_BIN_EXE_gamut-engine");

fn spec(level: u8) -> EngineSpec {
    EngineSpec {
        command: format!("\"{ENGINE}\""),
        options: vec![
            ("Hash".into(), "8".into()),
            ("Level".into(), level.to_string()),
        ],
    }
}

#[test]
fn short_matches_of_every_game_and_variant_end_without_forfeit_or_growth() {
    let mut configs: Vec<GameConfig> = loa::Variant::ALL
        .into_iter()
        .map(|variant| GameConfig {
            kind: GameKind::LinesOfAction,
            loa: loa::Rules {
                variant,
                ..loa::Rules::default()
            },
            ..GameConfig::default()
        })
        .collect();
    configs.push(GameConfig {
        kind: GameKind::Epaminondas,
        epaminondas: epaminondas::Rules {
            board: epaminondas::BoardSize::Small,
            ..epaminondas::Rules::default()
        },
        ..GameConfig::default()
    });
    for (i, config) in configs.into_iter().enumerate() {
        let settings = MatchSettings {
            engine_a: spec(1 + (i % 6) as u8),
            engine_b: spec(6 - (i % 6) as u8),
            config,
            start_text: None,
            games: 2,
            limit: MoveLimit::MoveTime(Duration::from_millis(10)),
            opening_plies: 2,
            seed: i as u64,
            max_plies: 60,
            // Only a hung engine should lose on time here: a move late on a loaded machine is not
            // what this test checks (the statistics count late moves; nothing asserts on them).
            timeout_margin: Duration::from_secs(60),
        };
        let mut out = Vec::new();
        let report = run_match(&settings, &mut out).expect("the match runs");
        let text = String::from_utf8_lossy(&out);
        assert_eq!(report.games.len(), 2, "{text}");
        assert!(report.games.iter().all(|g| !g.forfeit), "{text}");
        for memory in report.memory {
            if let (Some(start), Some(end)) = (memory.start, memory.end) {
                // The 8 MiB table is resident from the start; the rest is small and bounded.
                assert!(start.now_kib >= 8 * 1024, "{text}");
                assert!(end.peak_kib <= start.now_kib + 8 * 1024, "{text}");
            } else if cfg!(target_os = "linux") {
                panic!("Linux measures memory: {text}");
            }
        }
    }
}

/// Sends `input` to a fresh engine process and gives its output lines.
fn session(input: &[u8], limit_address_space_mib: Option<u64>) -> Vec<String> {
    let mut command = Command::new("sh");
    let ulimit = limit_address_space_mib
        .map(|mib| format!("ulimit -v {} && ", mib * 1024))
        .unwrap_or_default();
    command
        .args(["-c", &format!("{ulimit}exec \"$0\""), ENGINE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut child = command.spawn().expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let lines = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok)
        .collect();
    let _ = writer.join();
    assert!(child.wait().unwrap().success());
    lines
}

#[test]
fn an_endless_line_is_refused_and_the_engine_carries_on() {
    let mut input = vec![b'x'; 3 << 20];
    input.extend_from_slice(b"\nisready\nquit\n");
    let lines = session(&input, None);
    assert_eq!(
        lines,
        [
            "info string error: the line is longer than 1048576 bytes and was ignored",
            "readyok"
        ]
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_hash_larger_than_the_process_may_have_is_refused_with_a_message() {
    let lines = session(
        b"setoption name Hash value 4096\nisready\nd\nquit\n",
        Some(1024),
    );
    assert!(
        lines[0].starts_with("info string error: option Hash cannot be 4096 MiB: only"),
        "{lines:?}"
    );
    assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.ends_with("Hash: 64 MiB")),
        "the old size stays: {lines:?}"
    );
}
