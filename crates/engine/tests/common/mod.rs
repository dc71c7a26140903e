//! What the engine's command-line tests share.

use std::process::{Command, Output, Stdio};

/// Runs `gamut-engine ARGS` with `stdin` as its standard input.
pub fn engine(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamut-engine"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gamut-engine");
    let mut input = child.stdin.take().unwrap();
    // The program may stop reading early (an oversized input): ignore a broken pipe.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}
