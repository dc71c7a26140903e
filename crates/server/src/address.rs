//! What one address may take from the server: tables made an hour, tables and seats held in
//! games not finished, and the server's engine's seats. A club whose players share one address
//! (a school, a café, a home behind one router) stays well within them; one address that takes
//! all it may still leaves the server to everyone else.
//!
//! An address is counted as a whole IPv4 address, or an IPv6 address's /64 network (what one
//! home or phone is given; its 2^64 addresses would otherwise each count apart).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use gamut_net::Limit;

/// What one address may hold. The defaults are generous enough for a club sharing one address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerAddress {
    /// Tables made in any hour.
    pub tables_per_hour: usize,
    /// Tables made and not finished, in play at once.
    pub tables_held: usize,
    /// Seats taken by people at games not finished.
    pub seats_held: usize,
    /// Seats of the server's engine at games not finished, at the tables the address made.
    pub engine_seats: usize,
}

impl Default for PerAddress {
    fn default() -> PerAddress {
        PerAddress {
            tables_per_hour: 60,
            tables_held: 30,
            seats_held: 60,
            engine_seats: 6,
        }
    }
}

/// The address a limit counts: the one a connection is counted under at the door (an IPv4
/// address as it is, an IPv6 address by its /64).
pub use crate::guard::counted_as as counted;

/// What one table holds of its people's addresses' limits: who made it, where its people's
/// seats were taken from, its engine's seats, and whether its game still goes on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Holds {
    /// The address that made it (none: the operator, or a table from before addresses were
    /// kept).
    pub made_by: Option<IpAddr>,
    /// The address each person's seat was taken from.
    pub seats_from: Vec<IpAddr>,
    /// Seats of the server's engine.
    pub engine_seats: usize,
    /// Its game is not over.
    pub playing: bool,
}

/// What an address holds now, over every table in play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub tables: usize,
    pub seats: usize,
    pub engine_seats: usize,
}

impl Usage {
    /// What `address` holds of the tables `holds`.
    pub fn of<'a>(address: IpAddr, holds: impl IntoIterator<Item = &'a Holds>) -> Usage {
        let address = counted(address);
        let mut usage = Usage::default();
        for held in holds.into_iter().filter(|h| h.playing) {
            if held.made_by.map(counted) == Some(address) {
                usage.tables += 1;
                usage.engine_seats += held.engine_seats;
            }
            let seats = held.seats_from.iter().filter(|&&s| counted(s) == address);
            usage.seats += seats.count();
        }
        usage
    }
}

/// What a new table asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    /// Its seats.
    pub seats: usize,
    /// The server's engine's seats among them.
    pub engine_seats: usize,
}

/// Whether an address that holds `usage` and made `made_this_hour` tables in the last hour may
/// make the table `asked`; the limit it reached when not.
pub fn may_make(
    limits: &PerAddress,
    usage: Usage,
    made_this_hour: usize,
    asked: Asked,
) -> Result<(), Limit> {
    if asked.engine_seats >= asked.seats {
        return Err(Limit::EngineOnly);
    }
    if usage.engine_seats + asked.engine_seats > limits.engine_seats {
        return Err(Limit::EngineSeats);
    }
    if usage.tables >= limits.tables_held {
        return Err(Limit::TablesHeld);
    }
    if made_this_hour >= limits.tables_per_hour {
        return Err(Limit::TablesPerHour);
    }
    Ok(())
}

/// Whether an address that holds `usage` may take one more seat.
pub fn may_sit(limits: &PerAddress, usage: Usage) -> Result<(), Limit> {
    if usage.seats >= limits.seats_held {
        return Err(Limit::SeatsHeld);
    }
    Ok(())
}

/// The window [`PerAddress::tables_per_hour`] counts in.
pub const HOUR: Duration = Duration::from_secs(3600);

/// When each address made its tables in the last hour.
#[derive(Debug, Default)]
pub struct Made {
    at: HashMap<IpAddr, VecDeque<Instant>>,
}

impl Made {
    /// How many tables `address` made in the hour before `now`.
    pub fn in_the_last_hour(&mut self, address: IpAddr, now: Instant) -> usize {
        let Some(times) = self.at.get_mut(&counted(address)) else {
            return 0;
        };
        while times
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= HOUR)
        {
            times.pop_front();
        }
        times.len()
    }

    /// `address` made a table at `now`.
    pub fn note(&mut self, address: IpAddr, now: Instant) {
        self.at.entry(counted(address)).or_default().push_back(now);
    }

    /// Forgets the addresses that made no table in the last hour.
    pub fn forget_old(&mut self, now: Instant) {
        self.at.retain(|_, times| {
            times
                .back()
                .is_some_and(|&t| now.saturating_duration_since(t) < HOUR)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn table(made_by: &str, seats: &[&str], engine_seats: usize, playing: bool) -> Holds {
        Holds {
            made_by: Some(ip(made_by)),
            seats_from: seats.iter().map(|s| ip(s)).collect(),
            engine_seats,
            playing,
        }
    }

    #[test]
    fn an_ipv6_home_counts_as_one_and_ipv4_as_itself() {
        assert_eq!(
            counted(ip("2001:db8:1:2:aaaa::1")),
            counted(ip("2001:db8:1:2:bbbb::9"))
        );
        assert_ne!(
            counted(ip("2001:db8:1:2::1")),
            counted(ip("2001:db8:1:3::1"))
        );
        assert_eq!(counted(ip("::ffff:10.0.0.7")), ip("10.0.0.7"));
        assert_ne!(counted(ip("10.0.0.7")), counted(ip("10.0.0.8")));
    }

    #[test]
    fn only_games_not_finished_count_and_each_address_for_its_own() {
        let holds = [
            table("10.0.0.1", &["10.0.0.1", "10.0.0.2"], 0, true),
            table("10.0.0.1", &["10.0.0.1"], 1, true),
            table("10.0.0.1", &["10.0.0.1", "10.0.0.1"], 0, false),
            table("10.0.0.2", &["10.0.0.2"], 1, true),
        ];
        let one = Usage::of(ip("10.0.0.1"), &holds);
        assert_eq!(
            one,
            Usage {
                tables: 2,
                seats: 2,
                engine_seats: 1
            }
        );
        let two = Usage::of(ip("10.0.0.2"), &holds);
        assert_eq!(
            two,
            Usage {
                tables: 1,
                seats: 2,
                engine_seats: 1
            }
        );
        assert_eq!(Usage::of(ip("10.0.0.3"), &holds), Usage::default());
    }

    #[test]
    fn each_limit_is_said_when_reached() {
        let limits = PerAddress {
            tables_per_hour: 3,
            tables_held: 2,
            seats_held: 2,
            engine_seats: 1,
        };
        let people = Asked {
            seats: 2,
            engine_seats: 0,
        };
        let against_engine = Asked {
            seats: 2,
            engine_seats: 1,
        };
        let engine_only = Asked {
            seats: 2,
            engine_seats: 2,
        };
        let none = Usage::default();
        assert_eq!(may_make(&limits, none, 0, people), Ok(()));
        assert_eq!(may_make(&limits, none, 0, against_engine), Ok(()));
        assert_eq!(
            may_make(&limits, none, 0, engine_only),
            Err(Limit::EngineOnly)
        );
        let busy_engine = Usage {
            engine_seats: 1,
            ..none
        };
        assert_eq!(
            may_make(&limits, busy_engine, 0, against_engine),
            Err(Limit::EngineSeats)
        );
        assert_eq!(may_make(&limits, busy_engine, 0, people), Ok(()));
        let two_tables = Usage { tables: 2, ..none };
        assert_eq!(
            may_make(&limits, two_tables, 0, people),
            Err(Limit::TablesHeld)
        );
        assert_eq!(
            may_make(&limits, none, 3, people),
            Err(Limit::TablesPerHour)
        );
        assert_eq!(may_sit(&limits, Usage { seats: 1, ..none }), Ok(()));
        assert_eq!(
            may_sit(&limits, Usage { seats: 2, ..none }),
            Err(Limit::SeatsHeld)
        );
    }

    #[test]
    fn tables_made_count_for_an_hour() {
        let mut made = Made::default();
        let start = Instant::now();
        let a = ip("10.0.0.1");
        made.note(a, start);
        made.note(a, start + Duration::from_secs(1800));
        assert_eq!(
            made.in_the_last_hour(a, start + Duration::from_secs(1801)),
            2
        );
        assert_eq!(made.in_the_last_hour(a, start + HOUR), 1);
        assert_eq!(made.in_the_last_hour(ip("10.0.0.2"), start), 0);
        made.forget_old(start + HOUR + Duration::from_secs(1800));
        assert_eq!(made.at.len(), 0);
    }
}
