//! A table's life in one rule. A table is **waiting** for players until every seat is taken (by
//! a person or the server's engine), then **playing** until its game ends, then **finished**;
//! it is **put away** when nobody needs it any more: its code is then unknown to `join`, and
//! it is never played again (its game stays in the database, and its record downloads).
//!
//! [`phase`] says which, from a table's facts and the time: the hub's sweep, the startup load,
//! the clocks, a move, a resignation, a draw and a rematch all ask it, and the phase stored
//! is the one it says. Times are milliseconds of the Unix clock, so an idle time counts across
//! a restart of the server.

use std::time::Duration;

use gamut_net::Clock;

/// Where a table is in its life, in order: a table only ever moves forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Some seat is still free.
    Waiting,
    /// Every seat is taken and the game goes on.
    Playing,
    /// The game is over (on the board, resigned, on time, a draw agreed).
    Finished,
    /// Nobody needs it any more: the server no longer holds it.
    PutAway,
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Phase; 4] = [
        Phase::Waiting,
        Phase::Playing,
        Phase::Finished,
        Phase::PutAway,
    ];

    /// As the database keeps it.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Playing => "playing",
            Phase::Finished => "finished",
            Phase::PutAway => "put-away",
        }
    }

    /// A phase as the database keeps it; none for any other text.
    pub fn parse(text: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.as_str() == text)
    }

    /// Whether its game still goes on: it holds its addresses' limits (a finished or put-away
    /// table holds nothing).
    pub fn going_on(self) -> bool {
        matches!(self, Phase::Waiting | Phase::Playing)
    }
}

/// How long a table nobody is connected to and where nothing happens is kept in each phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keeping {
    /// A finished table: the players see the result, download the record, ask a rematch.
    pub finished_kept: Duration,
    /// A table still waiting for players.
    pub unstarted_kept: Duration,
    /// An untimed game that goes on: nothing ends it but its players (a timed game ends by its
    /// clock, correspondence's too).
    pub abandoned_after: Duration,
}

impl Default for Keeping {
    fn default() -> Keeping {
        Keeping {
            finished_kept: Duration::from_secs(30 * 60),
            unstarted_kept: Duration::from_secs(24 * 3600),
            abandoned_after: Duration::from_secs(30 * 24 * 3600),
        }
    }
}

/// What the rule looks at of one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// Its phase as stored (or held by the hub) before now.
    pub stored: Phase,
    /// Its seats taken, the server's engine's included.
    pub seats_taken: usize,
    /// Its game's seats.
    pub seat_count: usize,
    /// When its game ended (unix ms); none while it goes on.
    pub ended_at: Option<i64>,
    /// When something last happened there (unix ms): made, a seat taken, a move, someone
    /// connected or gone.
    pub last_activity: i64,
    /// Whether anyone is connected to it (a player, a spectator, the big screen).
    pub connected: bool,
    /// Its clock: an untimed game never ends by itself.
    pub clock: Clock,
}

/// The table's phase at `now` (unix ms). A table is put away only when nobody is connected
/// and it has been idle for more than its phase keeps it (so never at the moment something
/// happens there, whatever the keeping); it never moves back to an earlier phase.
pub fn phase(facts: &Facts, now: i64, keeping: &Keeping) -> Phase {
    let reached = reached(facts);
    match kept_for(reached, facts.clock, keeping) {
        Some(kept) if !facts.connected && idle(facts, now) > millis(kept) => Phase::PutAway,
        _ => reached,
    }
}

/// The phase the table's seats and end have brought it to (never one before the stored one:
/// a put-away table stays put away).
fn reached(facts: &Facts) -> Phase {
    let by_facts = if facts.ended_at.is_some() {
        Phase::Finished
    } else if facts.seats_taken >= facts.seat_count {
        Phase::Playing
    } else {
        Phase::Waiting
    };
    by_facts.max(facts.stored)
}

/// How long a table in `phase` is kept idle with nobody connected; none: as long as the phase
/// lasts (a timed game ends by its clock; a put-away table is gone already).
fn kept_for(phase: Phase, clock: Clock, keeping: &Keeping) -> Option<Duration> {
    match phase {
        Phase::Waiting => Some(keeping.unstarted_kept),
        Phase::Playing if clock == Clock::Untimed => Some(keeping.abandoned_after),
        Phase::Finished => Some(keeping.finished_kept),
        Phase::Playing | Phase::PutAway => None,
    }
}

/// How long nothing has happened at the table at `now` (its end counts as something).
fn idle(facts: &Facts, now: i64) -> i64 {
    let last = facts
        .ended_at
        .map_or(facts.last_activity, |end| end.max(facts.last_activity));
    now.saturating_sub(last)
}

/// A duration in milliseconds (a duration too long for them is forever).
pub fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const MIN: i64 = 60_000;
    const HOUR: i64 = 60 * MIN;
    const DAY: i64 = 24 * HOUR;

    /// A two-seat untimed table made at 0, nobody at it, nothing since.
    fn table() -> Facts {
        Facts {
            stored: Phase::Waiting,
            seats_taken: 0,
            seat_count: 2,
            ended_at: None,
            last_activity: 0,
            connected: false,
            clock: Clock::Untimed,
        }
    }

    fn at(facts: Facts, now: i64) -> Phase {
        phase(&facts, now, &Keeping::default())
    }

    #[test]
    fn the_default_keeping() {
        let keeping = Keeping::default();
        assert_eq!(millis(keeping.finished_kept), 30 * MIN);
        assert_eq!(millis(keeping.unstarted_kept), DAY);
        assert_eq!(millis(keeping.abandoned_after), 30 * DAY);
    }

    #[test]
    fn a_table_waits_until_every_seat_is_taken_and_the_engines_count() {
        let one = Facts {
            seats_taken: 1,
            ..table()
        };
        assert_eq!(at(one, 0), Phase::Waiting);
        // A person and the server's engine: every seat taken.
        let against_the_engine = Facts {
            seats_taken: 2,
            ..table()
        };
        assert_eq!(at(against_the_engine, 0), Phase::Playing);
        let four = Facts {
            seats_taken: 3,
            seat_count: 4,
            ..table()
        };
        assert_eq!(at(four, 0), Phase::Waiting);
    }

    #[test]
    fn a_table_never_all_seated_is_put_away_after_a_day_with_nobody_there() {
        let one = Facts {
            seats_taken: 1,
            last_activity: 5 * HOUR,
            ..table()
        };
        assert_eq!(at(one, 5 * HOUR + DAY), Phase::Waiting, "a day exactly");
        assert_eq!(at(one, 5 * HOUR + DAY + 1), Phase::PutAway);
        let watched = Facts {
            connected: true,
            ..one
        };
        assert_eq!(at(watched, 100 * DAY), Phase::Waiting);
    }

    #[test]
    fn a_finished_table_is_kept_for_its_grace_from_its_end_or_the_last_visit() {
        let over = Facts {
            seats_taken: 2,
            stored: Phase::Playing,
            ended_at: Some(HOUR),
            last_activity: HOUR,
            ..table()
        };
        assert_eq!(at(over, HOUR), Phase::Finished);
        assert_eq!(at(over, HOUR + 30 * MIN), Phase::Finished);
        assert_eq!(at(over, HOUR + 30 * MIN + 1), Phase::PutAway);
        // Someone watched the final position until later: the grace counts from then.
        let watched_until = Facts {
            last_activity: 3 * HOUR,
            ..over
        };
        assert_eq!(at(watched_until, 3 * HOUR + 29 * MIN), Phase::Finished);
        let still_there = Facts {
            connected: true,
            ..over
        };
        assert_eq!(at(still_there, 10 * DAY), Phase::Finished);
        // Ended by a flag long after the last move: the end starts the grace.
        let flagged = Facts {
            ended_at: Some(2 * DAY),
            ..over
        };
        assert_eq!(at(flagged, 2 * DAY + 29 * MIN), Phase::Finished);
    }

    #[test]
    fn only_an_untimed_game_is_abandoned() {
        let going = Facts {
            seats_taken: 2,
            stored: Phase::Playing,
            last_activity: DAY,
            ..table()
        };
        assert_eq!(at(going, 31 * DAY), Phase::Playing, "30 days exactly");
        assert_eq!(at(going, 31 * DAY + 1), Phase::PutAway);
        let connected = Facts {
            connected: true,
            ..going
        };
        assert_eq!(at(connected, 365 * DAY), Phase::Playing);
        // A clock ends a timed game by itself (the server flags it): never put away going on.
        for clock in [
            Clock::Correspondence { days: 7 },
            Clock::Live {
                seconds: 60,
                increment: 0,
            },
        ] {
            let timed = Facts { clock, ..going };
            assert_eq!(at(timed, 365 * DAY), Phase::Playing, "{clock:?}");
        }
    }

    #[test]
    fn a_table_never_goes_back() {
        let gone = Facts {
            stored: Phase::PutAway,
            connected: true,
            ..table()
        };
        assert_eq!(at(gone, 0), Phase::PutAway);
        // A stored end that the facts lost (a database edited by hand) stays an end.
        let finished = Facts {
            stored: Phase::Finished,
            seats_taken: 2,
            ..table()
        };
        assert_eq!(at(finished, 0), Phase::Finished);
        assert_eq!(at(finished, HOUR), Phase::PutAway);
    }

    #[test]
    fn a_clock_set_back_puts_nothing_away() {
        let one = Facts {
            last_activity: 10 * DAY,
            ..table()
        };
        assert_eq!(at(one, 0), Phase::Waiting);
        assert_eq!(at(one, i64::MIN), Phase::Waiting);
    }

    #[test]
    fn phases_read_back_as_they_are_written() {
        for phase in Phase::ALL {
            assert_eq!(Phase::parse(phase.as_str()), Some(phase));
        }
        assert_eq!(Phase::parse("over"), None);
        assert!(Phase::Waiting.going_on() && Phase::Playing.going_on());
        assert!(!Phase::Finished.going_on() && !Phase::PutAway.going_on());
    }

    fn facts() -> impl Strategy<Value = Facts> {
        (
            0..4usize,
            0..5usize,
            prop::option::of(0..100 * DAY),
            0..100 * DAY,
            any::<bool>(),
            prop::sample::select(vec![
                Clock::Untimed,
                Clock::Correspondence { days: 1 },
                Clock::Live {
                    seconds: 300,
                    increment: 2,
                },
            ]),
        )
            .prop_map(
                |(stored, seats_taken, ended_at, last_activity, connected, clock)| Facts {
                    stored: Phase::ALL[stored],
                    seats_taken: seats_taken.min(4),
                    seat_count: if seats_taken > 2 { 4 } else { 2 },
                    ended_at,
                    last_activity,
                    connected,
                    clock,
                },
            )
    }

    proptest! {
        /// Time only moves a table forward: later, its phase is the same or further on; a
        /// table someone is connected to is never put away by time; and nothing is put away
        /// at the moment it happens.
        #[test]
        fn time_only_moves_a_table_forward(
            facts in facts(),
            now in 0..200 * DAY,
            later in 0..200 * DAY,
        ) {
            let keeping = Keeping::default();
            let first = phase(&facts, now, &keeping);
            prop_assert!(first >= facts.stored);
            prop_assert!(phase(&facts, now + later, &keeping) >= first);
            if facts.connected {
                prop_assert_eq!(phase(&facts, now, &keeping) == Phase::PutAway,
                    facts.stored == Phase::PutAway);
            }
            let at_once = facts.ended_at.unwrap_or(0).max(facts.last_activity);
            prop_assert_eq!(phase(&facts, at_once, &keeping) == Phase::PutAway,
                facts.stored == Phase::PutAway);
        }
    }
}
