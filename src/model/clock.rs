//! Time controls and the players' clocks: plain data. The clocks are run by `crate::play::clock`
//! (they tick on the side to move's turn); the computer takes its budget from its own clock.

use std::fmt;
use std::time::Duration;

use gamut_engine::Color as Side;

/// How much time the players have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No clocks.
    #[default]
    Untimed,
    /// A time for the whole game, plus `increment` after each move (Fischer): `5+3`.
    Game {
        /// Each side's time at the start.
        base: Duration,
        /// Added to the mover's clock after each of its moves.
        increment: Duration,
    },
    /// A fixed time for every move, not carried over: `30s/move`.
    PerMove(Duration),
}

/// A time control that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadTimeControl(pub String);

impl fmt::Display for BadTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a time control (use none, MINUTES+SECONDS like 5+3, or SECONDSs/move like 30s/move)",
            self.0
        )
    }
}

impl std::error::Error for BadTimeControl {}

/// The longest time a control may give (10 hours), so no sum overflows.
const MAX_TIME: Duration = Duration::from_secs(36_000);

impl TimeControl {
    /// The presets the New Game dialog offers, fastest first.
    pub const PRESETS: [TimeControl; 9] = [
        TimeControl::Untimed,
        TimeControl::game(1, 0),
        TimeControl::game(3, 2),
        TimeControl::game(5, 3),
        TimeControl::game(10, 5),
        TimeControl::game(15, 10),
        TimeControl::game(30, 20),
        TimeControl::PerMove(Duration::from_secs(10)),
        TimeControl::PerMove(Duration::from_secs(30)),
    ];

    /// `minutes` for the game plus `seconds` per move.
    pub const fn game(minutes: u64, seconds: u64) -> TimeControl {
        TimeControl::Game {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(seconds),
        }
    }

    /// Whether there are clocks.
    pub fn is_timed(self) -> bool {
        self != TimeControl::Untimed
    }

    /// Each clock at the start of a game.
    pub fn start_time(self) -> Duration {
        match self {
            TimeControl::Untimed => Duration::ZERO,
            TimeControl::Game { base, .. } => base,
            TimeControl::PerMove(per_move) => per_move,
        }
    }

    /// What the mover gets added after a move (with a per-move control: the clock is set back
    /// to the full time, which [`Clocks::moved`] does).
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Game { increment, .. } => increment,
            _ => Duration::ZERO,
        }
    }

    /// Reads `none`, `M+S` (minutes and seconds per move, `5+3`, `0.5+0`) or `Ns/move`.
    pub fn parse(text: &str) -> Result<TimeControl, BadTimeControl> {
        let bad = || BadTimeControl(text.to_string());
        let t = text.trim().to_ascii_lowercase();
        if t == "none" || t == "untimed" || t == "off" {
            return Ok(TimeControl::Untimed);
        }
        if let Some(seconds) = t.strip_suffix("/move") {
            let seconds = seconds.strip_suffix('s').unwrap_or(seconds);
            let per_move = seconds_of(seconds).ok_or_else(bad)?;
            return (per_move >= Duration::from_secs(1))
                .then_some(TimeControl::PerMove(per_move))
                .ok_or_else(bad);
        }
        let (minutes, seconds) = t.split_once('+').ok_or_else(bad)?;
        let base = seconds_of(minutes).map(|d| d * 60).ok_or_else(bad)?;
        let increment = seconds_of(seconds).ok_or_else(bad)?;
        if base.is_zero() || base > MAX_TIME || increment > Duration::from_secs(600) {
            return Err(bad());
        }
        Ok(TimeControl::Game { base, increment })
    }

    /// The text [`TimeControl::parse`] reads back (`none`, `5+3`, `30s/move`).
    pub fn code(self) -> String {
        match self {
            TimeControl::Untimed => "none".into(),
            TimeControl::Game { base, increment } => {
                format!(
                    "{}+{}",
                    number(base.as_secs_f64() / 60.0),
                    increment.as_secs()
                )
            }
            TimeControl::PerMove(per_move) => format!("{}s/move", per_move.as_secs()),
        }
    }

    /// The record's `TimeControl` tag as PGN writes it: seconds+increment (`300+3`), or one
    /// move per N seconds (`1/30`).
    pub fn record_tag(self) -> Option<String> {
        match self {
            TimeControl::Untimed => None,
            TimeControl::Game { base, increment } => {
                Some(format!("{}+{}", base.as_secs(), increment.as_secs()))
            }
            TimeControl::PerMove(per_move) => Some(format!("1/{}", per_move.as_secs())),
        }
    }
}

/// A number of seconds (or minutes) with at most a fractional part: `5`, `0.5`.
fn seconds_of(text: &str) -> Option<Duration> {
    let value: f64 = text.trim().parse().ok()?;
    (value.is_finite() && (0.0..=MAX_TIME.as_secs_f64()).contains(&value))
        .then(|| Duration::from_secs_f64(value))
}

/// `5` for 5.0, `0.5` for 0.5.
fn number(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}

/// Both players' clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// The time control.
    pub control: TimeControl,
    /// Time left: Black's, then White's.
    left: [Duration; 2],
    /// Whether the low-time warning was given to Black, to White.
    warned: [bool; 2],
}

impl Default for Clocks {
    fn default() -> Clocks {
        Clocks::new(TimeControl::Untimed)
    }
}

fn index(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

impl Clocks {
    /// Both clocks full, at the start of a game.
    pub fn new(control: TimeControl) -> Clocks {
        let full = control.start_time();
        Clocks {
            control,
            left: [full, full],
            warned: [false; 2],
        }
    }

    /// Clocks as saved (black's and white's time left).
    pub fn resumed(control: TimeControl, black: Duration, white: Duration) -> Clocks {
        let cap = control.start_time().max(MAX_TIME);
        let mut clocks = Clocks::new(control);
        clocks.left = [black.min(cap), white.min(cap)];
        clocks.warned = [clocks.is_low(Side::Black), clocks.is_low(Side::White)];
        clocks
    }

    /// Whether there are clocks.
    pub fn is_timed(&self) -> bool {
        self.control.is_timed()
    }

    /// `side`'s time left.
    pub fn left(&self, side: Side) -> Duration {
        self.left[index(side)]
    }

    /// Sets `side`'s time left, as a clock kept elsewhere tells it (a table's server).
    pub fn set_left(&mut self, side: Side, left: Duration) {
        self.left[index(side)] = left.min(self.control.start_time().max(MAX_TIME));
    }

    /// Runs `side`'s clock for `elapsed`. Whether it has just run out.
    pub fn run(&mut self, side: Side, elapsed: Duration) -> bool {
        if !self.is_timed() {
            return false;
        }
        let left = &mut self.left[index(side)];
        let was_running = !left.is_zero();
        *left = left.saturating_sub(elapsed);
        was_running && left.is_zero()
    }

    /// `side` has moved: its increment, or with a per-move control its full time again.
    pub fn moved(&mut self, side: Side) {
        let left = &mut self.left[index(side)];
        match self.control {
            TimeControl::Untimed => {}
            TimeControl::Game { increment, .. } => *left = (*left + increment).min(MAX_TIME),
            TimeControl::PerMove(per_move) => *left = per_move,
        }
        // With the time given back, the warning may come again.
        let i = index(side);
        self.warned[i] = self.is_low(side);
    }

    /// Whether `side`'s time is short: under 10 seconds, or under a fifth of a per-move time
    /// (at least 3 seconds).
    pub fn is_low(&self, side: Side) -> bool {
        let threshold = match self.control {
            TimeControl::Untimed => return false,
            TimeControl::Game { .. } => Duration::from_secs(10),
            TimeControl::PerMove(per_move) => (per_move / 5).max(Duration::from_secs(3)),
        };
        self.left(side) < threshold
    }

    /// Whether the low-time warning is due for `side` now (once each time its time gets low).
    pub fn take_warning(&mut self, side: Side) -> bool {
        let i = index(side);
        if self.warned[i] || !self.is_low(side) || self.left[i].is_zero() {
            return false;
        }
        self.warned[i] = true;
        true
    }

    /// The time the computer may use for its move on `side`'s clock: the engine's budget from
    /// the time left and the increment (as for the protocol's `wtime`/`btime`), less `reserve`
    /// for the frames around the search; with a per-move control most of that time.
    pub fn budget(&self, side: Side, reserve: Duration) -> Option<Duration> {
        let left = self.left(side).saturating_sub(reserve);
        let budget = match self.control {
            TimeControl::Untimed => return None,
            TimeControl::Game { increment, .. } => {
                gamut_engine::search::Limits::clock(left, increment).soft_time?
            }
            TimeControl::PerMove(_) => left * 3 / 5,
        };
        Some(budget.max(Duration::from_millis(1)))
    }
}

/// A clock's face: `4:59`, `0:09.4` under 10 s, `1:02:03` over an hour.
pub fn clock_face(left: Duration) -> String {
    let total = left.as_secs();
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if left < Duration::from_secs(10) {
        format!("0:{s:02}.{}", left.subsec_millis() / 100)
    } else {
        format!("{m}:{s:02}")
    }
}

/// How long until a running clock's face shows something else: the next tenth under 10 s, else
/// the next second (and a millisecond, to be past it). The panel redraws then, not sooner.
pub fn face_changes_in(left: Duration) -> Duration {
    let step = if left < Duration::from_secs(10) {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    };
    Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64) + Duration::from_millis(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_clock_is_redrawn_when_its_face_changes() {
        let ms = Duration::from_millis;
        for left in [ms(65_250), ms(9_420), ms(10_000), ms(3_000)] {
            let wait = face_changes_in(left);
            let later = left.saturating_sub(wait);
            assert_ne!(clock_face(left), clock_face(later), "{left:?}");
            if wait > ms(2) {
                let just_before = left.saturating_sub(wait - ms(2));
                assert_eq!(clock_face(left), clock_face(just_before), "{left:?}");
            }
        }
    }

    const S: fn(u64) -> Duration = Duration::from_secs;

    #[test]
    fn time_controls_read_back_what_they_write() {
        for control in TimeControl::PRESETS {
            assert_eq!(TimeControl::parse(&control.code()), Ok(control));
        }
        assert_eq!(TimeControl::parse(" 5+3 "), Ok(TimeControl::game(5, 3)));
        assert_eq!(
            TimeControl::parse("0.5+0"),
            Ok(TimeControl::Game {
                base: S(30),
                increment: S(0)
            })
        );
        assert_eq!(
            TimeControl::parse("30/move"),
            Ok(TimeControl::PerMove(S(30)))
        );
        for bad in [
            "", "5", "+3", "0+3", "x+1", "5+-1", "NaN+1", "1e9+0", "0s/move", "5+3+1",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad} was read");
        }
        assert_eq!(
            TimeControl::game(5, 3).record_tag().as_deref(),
            Some("300+3")
        );
        assert_eq!(
            TimeControl::PerMove(S(30)).record_tag().as_deref(),
            Some("1/30")
        );
    }

    #[test]
    fn a_clock_runs_out_once_and_gets_its_increment() {
        let mut clocks = Clocks::new(TimeControl::game(1, 2));
        assert!(!clocks.run(Side::Black, S(30)));
        clocks.moved(Side::Black);
        assert_eq!(clocks.left(Side::Black), S(32));
        assert_eq!(clocks.left(Side::White), S(60));
        assert!(clocks.run(Side::White, S(61)));
        assert!(!clocks.run(Side::White, S(1)), "flag falls once");
        assert_eq!(clocks.left(Side::White), Duration::ZERO);
    }

    #[test]
    fn per_move_clocks_start_again_after_each_move() {
        let mut clocks = Clocks::new(TimeControl::PerMove(S(10)));
        clocks.run(Side::Black, S(7));
        assert!(!clocks.is_low(Side::Black), "3 s of 10 is not low yet");
        clocks.run(Side::Black, Duration::from_millis(500));
        assert!(clocks.is_low(Side::Black));
        assert!(clocks.take_warning(Side::Black));
        assert!(
            !clocks.take_warning(Side::Black),
            "one warning per low spell"
        );
        clocks.moved(Side::Black);
        assert_eq!(clocks.left(Side::Black), S(10));
        clocks.run(Side::Black, S(8));
        assert!(
            clocks.take_warning(Side::Black),
            "warned again after the reset"
        );
    }

    #[test]
    fn the_budget_leaves_time_on_the_clock() {
        let clocks = Clocks::new(TimeControl::game(1, 0));
        let budget = clocks
            .budget(Side::White, Duration::from_millis(200))
            .unwrap();
        assert!(budget > Duration::ZERO && budget < S(5), "{budget:?}");
        let mut short = clocks;
        short.run(Side::White, Duration::from_millis(59_900));
        let budget = short
            .budget(Side::White, Duration::from_millis(200))
            .unwrap();
        assert_eq!(budget, Duration::from_millis(1), "nearly out: move at once");
        assert_eq!(Clocks::default().budget(Side::Black, S(0)), None);
    }

    #[test]
    fn the_budget_lasts_long_games_at_one_minute() {
        // One frame (16 ms) around each search, 250 ms kept back: 120 moves on a 1 + 0 clock
        // never run it out (a long Lines of Action game has about 60 moves a side).
        let mut clocks = Clocks::new(TimeControl::game(1, 0));
        let reserve = Duration::from_millis(250);
        for n in 0..120 {
            let budget = clocks.budget(Side::White, reserve).unwrap();
            let ran_out = clocks.run(Side::White, budget + Duration::from_millis(16));
            assert!(!ran_out, "out of time at move {n}");
            clocks.moved(Side::White);
        }
    }

    #[test]
    fn clock_faces() {
        assert_eq!(clock_face(S(299)), "4:59");
        assert_eq!(clock_face(Duration::from_millis(9_420)), "0:09.4");
        assert_eq!(clock_face(S(3723)), "1:02:03");
        assert_eq!(clock_face(Duration::ZERO), "0:00.0");
    }
}
