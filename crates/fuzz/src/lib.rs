//! A small byte-mutation fuzzer that runs on the stable toolchain (cargo-fuzz needs nightly).
//!
//! A [`Target`] is a parser with a seed corpus of valid inputs. Each input is a seed changed by
//! a few random mutations (bit flips, inserted, deleted, duplicated or repeated bytes, tokens
//! from a dictionary of the formats' words, interesting numbers, splices of two seeds,
//! truncation), or now and then plain random bytes. Input `i` of a target depends only on the
//! run's seed, the target's name and `i`, so any failure replays alone
//! (`gamut-fuzz --target NAME --replay I`).
//!
//! Every input runs in-process under three guards: a panic is caught and reported with its
//! input; a watchdog ends the process with the input when one call takes longer than the time
//! limit (an endless loop); and, with [`CountingAllocator`] installed as the global allocator,
//! an input whose call allocates more than the memory limit at once is a failure (unbounded
//! memory). A parser passes when every input gives a value or a typed error.

pub mod targets;

use std::alloc::{GlobalAlloc, Layout, System};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The call of a [`Target`]: true when the parser read the input as valid.
pub type Parse = Box<dyn Fn(&[u8]) -> bool + Send + Sync>;

/// A parser to fuzz: its name, valid inputs to mutate, and the call. The call must give a
/// value or an error for any bytes; it may check properties of what it read and panic when
/// one does not hold (a failure, like any other panic).
pub struct Target {
    /// Short name, e.g. `position-loa`.
    pub name: &'static str,
    /// Valid inputs.
    pub seeds: Vec<Vec<u8>>,
    /// Runs the parser on one input; true when it read the input as valid.
    pub run: Parse,
}

/// How long a run lasts and what an input may use.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Inputs to run.
    pub inputs: u64,
    /// Stop earlier when this much time has passed.
    pub time: Option<Duration>,
    /// One call longer than this ends the process (an endless loop).
    pub input_time_limit: Duration,
    /// One call allocating more than this many bytes at once is a failure.
    pub input_memory_limit: usize,
    /// The run's seed.
    pub seed: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            inputs: 10_000,
            time: None,
            input_time_limit: Duration::from_secs(5),
            input_memory_limit: 64 << 20,
            seed: 1,
        }
    }
}

/// What went wrong with one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The call panicked with this message.
    Panic(String),
    /// The call allocated this many bytes at once.
    Memory(usize),
}

/// An input that failed.
#[derive(Debug, Clone)]
pub struct Failure {
    /// Its index in the run (replay with the same seed).
    pub index: u64,
    /// The input.
    pub input: Vec<u8>,
    /// What happened.
    pub problem: Problem,
}

/// The result of a run over one target.
#[derive(Debug, Clone)]
pub struct Report {
    /// The target.
    pub name: &'static str,
    /// Inputs run.
    pub inputs: u64,
    /// Inputs the parser read as valid.
    pub accepted: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The largest allocation peak of one call, in bytes (0 without the counting allocator).
    pub largest_memory: usize,
    /// The longest call.
    pub longest_call: Duration,
    /// Failed inputs (at most [`MAX_FAILURES_KEPT`]).
    pub failures: Vec<Failure>,
    /// Failed inputs in all.
    pub failure_count: u64,
}

/// Failures kept per report.
pub const MAX_FAILURES_KEPT: usize = 20;

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = self.elapsed.as_secs_f64();
        write!(
            f,
            "{:<26} {:>11} inputs ({:>4.1} % valid) in {:>7.1} s ({:>7.0}/s), longest call \
             {:.1} ms, largest allocation peak {} KiB, {} failures",
            self.name,
            self.inputs,
            self.accepted as f64 * 100.0 / (self.inputs.max(1)) as f64,
            seconds,
            self.inputs as f64 / seconds.max(1e-9),
            self.longest_call.as_secs_f64() * 1000.0,
            self.largest_memory / 1024,
            self.failure_count
        )
    }
}

/// The input as a Rust byte string, to paste into a regression test.
pub fn escape(input: &[u8]) -> String {
    let mut text = String::from("b\"");
    for &b in input {
        match b {
            b'"' => text.push_str("\\\""),
            b'\\' => text.push_str("\\\\"),
            b'\n' => text.push_str("\\n"),
            b'\r' => text.push_str("\\r"),
            b'\t' => text.push_str("\\t"),
            0x20..=0x7e => text.push(b as char),
            _ => text.push_str(&format!("\\x{b:02x}")),
        }
    }
    text.push('"');
    text
}

// ---------------------------------------------------------------------------------------------
// Random numbers: SplitMix64, so an input is a pure function of (seed, target, index).

/// A small, fast generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with probability 1 in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

// ---------------------------------------------------------------------------------------------
// Mutations.

/// Words of the formats: the mutator inserts them to reach deeper into the parsers.
pub const DICTIONARY: &[&str] = &[
    " ",
    "\n",
    "\r\n",
    "\t",
    "\u{feff}",
    "\u{e9}",
    "\u{1f600}",
    "\0",
    "/",
    "-",
    "x",
    ":",
    "@",
    "(",
    ")",
    ",",
    "[",
    "]",
    "{",
    "}",
    "\"",
    "\\",
    ".",
    "...",
    "*",
    "b",
    "w",
    "B",
    "W",
    " b",
    " w",
    " B",
    " W",
    "8",
    "14",
    "12",
    "6/6",
    "0/0",
    "pass",
    "1.",
    "2.",
    "1-0",
    "0-1",
    "1/2-1/2",
    "[Game \"Epaminondas\"]\n",
    "[Game \"Lines of Action\"]\n",
    "[Variant \"boundless\"]\n",
    "[Variant \"parachute\"]\n",
    "[Variant \"four-players\"]\n",
    "[Variant \"ambidextrous\"]\n",
    "[Board \"small\"]\n",
    "[Position \"",
    "[Result \"",
    "[Termination \"resignation\"]\n",
    "[FirstPlayer \"White\"]\n",
    "{comment}",
    "@d4",
    "(0,0)",
    "(-1,-1)",
    "(99999,1)",
    "b1-d3",
    "b1xd3",
    "a2-a4",
    "h2-f4",
    "position startpos",
    "position fen ",
    " moves ",
    "startpos",
    "setoption name ",
    " value ",
    "Game",
    "Variant",
    "Board",
    "Hash",
    "Level",
    "LoaWeights",
    "EpaminondasWeights",
    "epaminondas",
    "lines-of-action",
    "boundless",
    "small",
    "go depth 1",
    "perft 1",
    "uci",
    "d",
    "stop",
    "{\"format\": 1, \"record\": \"",
    "\"format\"",
    "\"record\"",
    "\"players\"",
    "\"think_time_ms\"",
    "\"view\"",
    "\"seats\"",
    "\"presentation\"",
    "\"window\"",
    "null",
    "true",
    "false",
    "[]",
    "{}",
    "1e999",
    "-0",
    "\"ai:6\"",
    "\"human\"",
    // The tables' protocol (gamut-net).
    "\"v\":1",
    "\"msg\":",
    "\"type\":",
    "\"join\"",
    "\"move\"",
    "\"rejoin\"",
    "\"seat\":",
    "\"code\":\"ABCDE\"",
    "\"token\":\"00112233445566778899aabbccddeeff\"",
    "null",
    "4294967296",
    "-1",
    "1e999",
];

/// Numbers at the edges of the integer types.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "7",
    "8",
    "9",
    "13",
    "15",
    "16",
    "26",
    "27",
    "99",
    "100",
    "127",
    "128",
    "255",
    "256",
    "32767",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "-9223372036854775808",
    "00",
    "007",
];

/// Makes input `index` of a target from its seeds.
pub fn make_input(seeds: &[Vec<u8>], rng: &mut Rng) -> Vec<u8> {
    if seeds.is_empty() || rng.one_in(40) {
        let len = rng.below(48);
        let printable = rng.one_in(2);
        return (0..len)
            .map(|_| {
                if printable {
                    b' ' + rng.below(95) as u8
                } else {
                    rng.next_u64() as u8
                }
            })
            .collect();
    }
    let mut data = seeds[rng.below(seeds.len())].clone();
    let max_len = data.len() * 4 + 256;
    let mut rounds = if rng.one_in(2) { 1 } else { 1 + rng.below(3) };
    while rng.one_in(3) && rounds < 12 {
        rounds += 1;
    }
    for _ in 0..rounds {
        mutate(&mut data, seeds, rng);
        data.truncate(max_len);
    }
    data
}

fn random_range(data: &[u8], rng: &mut Rng, max: usize) -> (usize, usize) {
    let start = rng.below(data.len() + 1);
    let len = rng.below((data.len() - start).min(max) + 1);
    (start, start + len)
}

fn insert(data: &mut Vec<u8>, at: usize, bytes: &[u8]) {
    data.splice(at..at, bytes.iter().copied());
}

/// One random change.
pub fn mutate(data: &mut Vec<u8>, seeds: &[Vec<u8>], rng: &mut Rng) {
    let at = rng.below(data.len() + 1);
    match rng.below(15) {
        0 if !data.is_empty() => {
            let i = rng.below(data.len());
            data[i] ^= 1 << rng.below(8);
        }
        1 if !data.is_empty() => {
            let i = rng.below(data.len());
            data[i] = rng.next_u64() as u8;
        }
        2 => insert(data, at, &[rng.next_u64() as u8]),
        3 => {
            let (start, end) = random_range(data, rng, 16);
            data.drain(start..end);
        }
        4 => {
            let (start, end) = random_range(data, rng, 32);
            let chunk = data[start..end].to_vec();
            let to = rng.below(data.len() + 1);
            insert(data, to, &chunk);
        }
        5 | 6 => {
            let word = DICTIONARY[rng.below(DICTIONARY.len())].as_bytes();
            insert(data, at, word);
        }
        7 => {
            let word = DICTIONARY[rng.below(DICTIONARY.len())].as_bytes();
            let end = (at + word.len()).min(data.len());
            data.splice(at..end, word.iter().copied());
        }
        8 => {
            // Replace a run of digits (or insert) with a number at the edge of a type.
            let number = NUMBERS[rng.below(NUMBERS.len())].as_bytes();
            let digits = data
                .iter()
                .enumerate()
                .filter(|(_, b)| b.is_ascii_digit())
                .map(|(i, _)| i)
                .collect::<Vec<_>>();
            if digits.is_empty() {
                insert(data, at, number);
            } else {
                let start = digits[rng.below(digits.len())];
                let mut end = start;
                while end < data.len() && data[end].is_ascii_digit() {
                    end += 1;
                }
                data.splice(start..end, number.iter().copied());
            }
        }
        9 => {
            // Splice: a prefix of this input and a suffix of another seed.
            let other = &seeds[rng.below(seeds.len())];
            let from = rng.below(other.len() + 1);
            data.truncate(at);
            data.extend_from_slice(&other[from..]);
        }
        10 => data.truncate(at),
        11 => {
            // A chunk repeated many times: long lines, long numbers, deep nesting.
            let (start, end) = random_range(data, rng, 8);
            let chunk = if start == end {
                DICTIONARY[rng.below(DICTIONARY.len())].as_bytes().to_vec()
            } else {
                data[start..end].to_vec()
            };
            let most = if rng.one_in(8) { 2000 } else { 40 };
            let times = 1 + rng.below(most);
            let repeated: Vec<u8> = chunk
                .iter()
                .copied()
                .cycle()
                .take(chunk.len() * times)
                .collect();
            insert(data, at, &repeated);
        }
        12 if data.len() > 1 => {
            // Swap two bytes, or copy one over another: the input keeps its alphabet.
            let (i, j) = (rng.below(data.len()), rng.below(data.len()));
            if rng.one_in(2) {
                data.swap(i, j);
            } else {
                data[i] = data[j];
            }
        }
        13 if data.len() > 1 => {
            // Swap two bytes again: the commonest change that keeps a strict format valid.
            let (i, j) = (rng.below(data.len()), rng.below(data.len()));
            data.swap(i, j);
        }
        _ => {
            const ASCII: &[u8] = b" \n/-x:@(),[]{}\"\\.0123456789bwBW";
            insert(data, at, &[ASCII[rng.below(ASCII.len())]]);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The counting allocator.

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static COUNTING: AtomicBool = AtomicBool::new(false);

/// The system allocator, counting the bytes allocated and their peak, so a run can see how much
/// memory one input needs. Install it in a fuzzing program with
/// `#[global_allocator] static A: gamut_fuzz::CountingAllocator = gamut_fuzz::CountingAllocator;`.
pub struct CountingAllocator;

fn added(size: usize) {
    let now = CURRENT.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(now, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
}

// SAFETY: every call is passed on to the system allocator unchanged; only counters are kept.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout is passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            added(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout is passed on.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            added(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the pointer came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the pointer came from `alloc` with this layout.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
            added(new_size);
        }
        p
    }
}

// ---------------------------------------------------------------------------------------------
// The run.

/// What the watchdog watches: when the current call started (0: none), and its input.
struct Watch {
    name: &'static str,
    seed: u64,
    base: Instant,
    started_ns: AtomicU64,
    index: AtomicU64,
    input: Mutex<Vec<u8>>,
    done: AtomicBool,
}

thread_local! {
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

static PANIC_MESSAGE: Mutex<Option<String>> = Mutex::new(None);

/// Installs (once) a panic hook that keeps the message of panics on fuzzing threads quiet
/// (they are reported with their input) and leaves other panics to the previous hook.
fn install_quiet_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(std::cell::Cell::get) {
                let location = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let payload = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(no message)".into());
                if let Ok(mut message) = PANIC_MESSAGE.lock() {
                    *message = Some(format!("{payload}{location}"));
                }
            } else {
                previous(info);
            }
        }));
    });
}

fn start_watchdog(watch: &Arc<Watch>, limit: Duration) -> std::thread::JoinHandle<()> {
    let watch = Arc::clone(watch);
    std::thread::Builder::new()
        .name("fuzz-watchdog".into())
        .spawn(move || {
            while !watch.done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                let started = watch.started_ns.load(Ordering::Relaxed);
                if started == 0 {
                    continue;
                }
                let now = watch.base.elapsed().as_nanos() as u64;
                if now.saturating_sub(started) > limit.as_nanos() as u64 {
                    let input = watch.input.lock().map(|i| i.clone()).unwrap_or_default();
                    eprintln!(
                        "FUZZ HANG: {} input {} (seed {}) ran longer than {} ms: {}",
                        watch.name,
                        watch.index.load(Ordering::Relaxed),
                        watch.seed,
                        limit.as_millis(),
                        escape(&input)
                    );
                    std::process::exit(3);
                }
            }
        })
        .expect("the watchdog thread starts")
}

/// Input `index` of `target` in a run with `seed`: the seeds themselves first, then mutations.
pub fn input_at(target: &Target, seed: u64, index: u64) -> Vec<u8> {
    if let Some(seed_input) = target.seeds.get(index as usize) {
        return seed_input.clone();
    }
    let mut rng =
        Rng::new(seed ^ name_hash(target.name) ^ index.wrapping_mul(0xd6e8_feb8_6659_fd93));
    make_input(&target.seeds, &mut rng)
}

/// Runs one input of a target under the guards, giving its problem if any, the bytes it
/// allocated at its peak and the time it took.
fn run_one(target: &Target, input: &[u8]) -> (Result<bool, Problem>, usize, Duration) {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    QUIET.with(|q| q.set(true));
    let result = catch_unwind(AssertUnwindSafe(|| (target.run)(input)));
    QUIET.with(|q| q.set(false));
    let took = start.elapsed();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    let outcome = match result {
        Ok(accepted) => Ok(accepted),
        Err(_) => {
            let message = PANIC_MESSAGE
                .lock()
                .ok()
                .and_then(|mut m| m.take())
                .unwrap_or_else(|| "(panic)".into());
            Err(Problem::Panic(message))
        }
    };
    (outcome, peak, took)
}

/// Fuzzes `target` within `budget`.
pub fn fuzz(target: &Target, budget: Budget) -> Report {
    install_quiet_hook();
    let watch = Arc::new(Watch {
        name: target.name,
        seed: budget.seed,
        base: Instant::now(),
        started_ns: AtomicU64::new(0),
        index: AtomicU64::new(0),
        input: Mutex::new(Vec::new()),
        done: AtomicBool::new(false),
    });
    let watchdog = start_watchdog(&watch, budget.input_time_limit);
    let start = Instant::now();
    let mut report = Report {
        name: target.name,
        inputs: 0,
        accepted: 0,
        elapsed: Duration::ZERO,
        largest_memory: 0,
        longest_call: Duration::ZERO,
        failures: Vec::new(),
        failure_count: 0,
    };
    for index in 0..budget.inputs {
        if index % 1024 == 0 && budget.time.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let input = input_at(target, budget.seed, index);
        if let Ok(mut current) = watch.input.lock() {
            current.clear();
            current.extend_from_slice(&input);
        }
        watch.index.store(index, Ordering::Relaxed);
        watch.started_ns.store(
            (watch.base.elapsed().as_nanos() as u64).max(1),
            Ordering::Relaxed,
        );
        let (outcome, peak, took) = run_one(target, &input);
        watch.started_ns.store(0, Ordering::Relaxed);
        report.inputs += 1;
        report.largest_memory = report.largest_memory.max(peak);
        report.longest_call = report.longest_call.max(took);
        report.accepted += u64::from(outcome == Ok(true));
        let problem = outcome.err().or_else(|| {
            (COUNTING.load(Ordering::Relaxed) && peak > budget.input_memory_limit)
                .then_some(Problem::Memory(peak))
        });
        if let Some(problem) = problem {
            report.failure_count += 1;
            if report.failures.len() < MAX_FAILURES_KEPT {
                report.failures.push(Failure {
                    index,
                    input,
                    problem,
                });
            }
        }
    }
    report.elapsed = start.elapsed();
    watch.done.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    report
}

/// The failures of a report, one paragraph each, for a test's message.
pub fn describe_failures(report: &Report, seed: u64) -> String {
    report
        .failures
        .iter()
        .map(|f| {
            let problem = match &f.problem {
                Problem::Panic(message) => format!("panicked: {message}"),
                Problem::Memory(bytes) => format!("allocated {} KiB at once", bytes / 1024),
            };
            format!(
                "{} input {} (seed {seed}) {problem}\n  input: {}\n",
                report.name,
                f.index,
                escape(&f.input)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_replay_from_their_index() {
        let target = Target {
            name: "t",
            seeds: vec![b"abc".to_vec(), b"1bbbbbb1/w6w b".to_vec()],
            run: Box::new(|_| true),
        };
        for i in [0, 5, 1000] {
            assert_eq!(input_at(&target, 7, i), input_at(&target, 7, i));
        }
        let different = (0..50).filter(|&i| input_at(&target, 7, i) != input_at(&target, 8, i));
        assert!(different.count() > 25);
    }

    #[test]
    fn panics_are_caught_and_reported_with_their_input() {
        let target = Target {
            name: "panics-on-z",
            seeds: vec![b"aaaa".to_vec()],
            run: Box::new(|input| {
                assert!(!input.contains(&b'z'), "found z");
                true
            }),
        };
        let report = fuzz(
            &target,
            Budget {
                inputs: 20_000,
                ..Budget::default()
            },
        );
        assert_eq!(report.inputs, 20_000);
        assert!(report.failure_count > 0);
        let failure = &report.failures[0];
        assert!(failure.input.contains(&b'z'));
        assert!(matches!(&failure.problem, Problem::Panic(m) if m.contains("found z")));
        assert_eq!(input_at(&target, 1, failure.index), failure.input);
    }

    #[test]
    fn escaped_inputs_are_rust_byte_strings() {
        assert_eq!(escape(b"a\"\\\n\xff"), "b\"a\\\"\\\\\\n\\xff\"");
    }
}
