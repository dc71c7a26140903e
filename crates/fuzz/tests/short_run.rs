//! The short fuzz run of the test suite: every engine parser for a moment (the long run is
//! `scripts/fuzz.sh`, at least 10 million inputs per parser). Any panic, endless loop or
//! unbounded allocation fails with the input.

use std::time::Duration;

use gamut_fuzz::{Budget, CountingAllocator, describe_failures, fuzz, targets};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn every_engine_parser_survives_mutated_input() {
    let inputs = std::env::var("GAMUT_FUZZ_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(u64::MAX);
    let seconds = if inputs == u64::MAX { Some(1) } else { None };
    let budget = Budget {
        inputs,
        time: seconds.map(Duration::from_secs),
        ..Budget::default()
    };
    let mut failures = String::new();
    for target in targets::engine_targets() {
        let report = fuzz(&target, budget);
        println!("{report}");
        assert!(report.inputs > 0);
        failures.push_str(&describe_failures(&report, budget.seed));
    }
    assert!(failures.is_empty(), "{failures}");
}
