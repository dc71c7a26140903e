//! `gamut-fuzz`: fuzzes the engine's parsers (see the crate's documentation).
//!
//! ```text
//! gamut-fuzz [--inputs N] [--seconds S] [--seed N] [--input-time-limit S] [--target NAME]...
//!     [--list]
//! gamut-fuzz --target NAME --replay INDEX [--seed N]
//! ```
//!
//! Prints one line per target (inputs, time, rate, longest call, largest allocation, failures)
//! and every failing input as a Rust byte string; exits 1 when an input failed.

use std::process::ExitCode;
use std::time::Duration;

use gamut_fuzz::{Budget, CountingAllocator, describe_failures, escape, fuzz, input_at, targets};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

struct Options {
    budget: Budget,
    names: Vec<String>,
    replay: Option<u64>,
    list: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        budget: Budget::default(),
        names: Vec::new(),
        replay: None,
        list: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        let number = |text: String| {
            text.parse::<u64>()
                .map_err(|_| format!("'{text}' is not a number"))
        };
        match arg.as_str() {
            "--inputs" => options.budget.inputs = number(value("--inputs")?)?,
            "--seconds" => {
                options.budget.time = Some(Duration::from_secs(number(value("--seconds")?)?));
            }
            "--seed" => options.budget.seed = number(value("--seed")?)?,
            "--input-time-limit" => {
                let seconds = number(value("--input-time-limit")?)?;
                options.budget.input_time_limit = Duration::from_secs(seconds);
            }
            "--target" => options.names.push(value("--target")?),
            "--replay" => options.replay = Some(number(value("--replay")?)?),
            "--list" => options.list = true,
            _ => {
                return Err(format!(
                    "unknown argument '{arg}' (see the source's header)"
                ));
            }
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("gamut-fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    let all = targets::engine_targets();
    if options.list {
        for target in &all {
            println!("{} ({} seeds)", target.name, target.seeds.len());
        }
        return ExitCode::SUCCESS;
    }
    let chosen: Vec<_> = all
        .iter()
        .filter(|t| options.names.is_empty() || options.names.iter().any(|n| n == t.name))
        .collect();
    if chosen.is_empty() {
        eprintln!("gamut-fuzz: no such target (see --list)");
        return ExitCode::from(2);
    }
    if let Some(index) = options.replay {
        for target in chosen {
            let input = input_at(target, options.budget.seed, index);
            println!("{} input {index}: {}", target.name, escape(&input));
            (target.run)(&input);
            println!("no failure");
        }
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    for target in chosen {
        let report = fuzz(target, options.budget);
        println!("{report}");
        if report.failure_count > 0 {
            failed = true;
            print!("{}", describe_failures(&report, options.budget.seed));
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
