//! A table's game as the server referees it: who sits where, whose turn it is, which moves the
//! rules allow, and how the game ended. No network and no storage here: the hub asks
//! ([`Table::check_move`]), writes what was allowed, then applies it ([`Table::play`]).

use gamut_engine::any_game::{AnyMove, AnyPosition, GameConfig};
use gamut_engine::level::Level;
use gamut_engine::record::{GameResult, Players, Record, Termination};
use gamut_engine::{Color, Game};
use gamut_net::{
    Clock, ClockView, Code, EndReason, Ended, MoveText, Name, Offer, Rating, Refusal, Seat,
    SeatView, TableView, Token,
};

use crate::token_hash::TokenHash;

/// A seat's player: their name and the hash of the secret that lets them play it (the token
/// itself is only told to the player).
#[derive(Debug, Clone, PartialEq)]
pub struct Sitter {
    pub name: Name,
    pub token_hash: TokenHash,
    /// A named player's rating, as they brought it.
    pub rating: Option<Rating>,
}

/// One table: its game, its seats and its moves.
#[derive(Debug, Clone)]
pub struct Table {
    pub code: Code,
    pub config: GameConfig,
    pub clock: Clock,
    /// The hash of the host's secret (its big screen watches with it).
    pub host_hash: TokenHash,
    position: AnyPosition,
    start: String,
    moves: Vec<MoveText>,
    seats: Vec<Option<Sitter>>,
    /// The seats the server's engine plays.
    computers: Vec<Option<Level>>,
    end: Option<Ended>,
    timing: Timing,
    /// The offers waiting for the other side's answer (one of each kind at most).
    offers: Vec<(Seat, Offer)>,
}

/// The clocks: each side's time left (a live game), and since when the side to move has been
/// thinking (none until every seat is taken: no clock runs for an empty seat). Times are
/// milliseconds of the Unix clock, given by the caller.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Timing {
    left: [i64; 2],
    since: Option<i64>,
}

impl Timing {
    fn new(clock: Clock) -> Timing {
        let start = match clock {
            Clock::Live { seconds, .. } => i64::from(seconds) * 1000,
            Clock::Correspondence { days } => i64::from(days) * DAY_MS,
            Clock::Untimed => 0,
        };
        Timing {
            left: [start; 2],
            since: None,
        }
    }
}

const DAY_MS: i64 = 24 * 3600 * 1000;

/// A stored table that the rules cannot replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("its start position is not one of its game's: {0}")]
    Start(String),
    #[error("its move {ply} ({mv}) is not legal: {reason}")]
    Move {
        ply: usize,
        mv: String,
        reason: String,
    },
    #[error("its seat {0} does not exist in its game")]
    Seat(usize),
}

impl Table {
    /// A new table at the game's start.
    pub fn new(code: Code, config: GameConfig, clock: Clock, host_hash: TokenHash) -> Table {
        let position = config.start();
        Table {
            code,
            config,
            clock,
            host_hash,
            start: position.to_text(),
            position,
            moves: Vec::new(),
            seats: vec![None; config.seats()],
            computers: vec![None; config.seats()],
            end: None,
            timing: Timing::new(clock),
            offers: Vec::new(),
        }
    }

    /// A table as it was stored: its seats (and when the last was taken: the clock's start),
    /// then its moves (each with when it was played) replayed through the rules and the clock.
    pub fn restore(
        mut table: Table,
        seats: Vec<(usize, Sitter)>,
        computers: Vec<(usize, Level)>,
        full_since: Option<i64>,
        moves: Vec<(String, i64)>,
        end: Option<Ended>,
    ) -> Result<Table, ReplayError> {
        for (seat, sitter) in seats {
            *table.seats.get_mut(seat).ok_or(ReplayError::Seat(seat))? = Some(sitter);
        }
        for (seat, level) in computers {
            *table
                .computers
                .get_mut(seat)
                .ok_or(ReplayError::Seat(seat))? = Some(level);
        }
        table.timing.since = full_since.filter(|_| table.full());
        for (ply, (text, at)) in moves.into_iter().enumerate() {
            let refused = |reason: String| ReplayError::Move {
                ply,
                mv: text.clone(),
                reason,
            };
            let mv = MoveText::parse(&text).map_err(|e| refused(e.to_string()))?;
            let parsed = table
                .position
                .parse_move(mv.as_str())
                .map_err(|e| refused(e.to_string()))?;
            if !table.position.is_legal(parsed) {
                return Err(refused("the rules do not allow it".into()));
            }
            table.play(parsed, mv, at);
        }
        table.end = end.or(table.end);
        Ok(table)
    }

    /// A table started from a position text of its game (the editor's, a lesson's).
    pub fn from_position(
        code: Code,
        config: GameConfig,
        clock: Clock,
        host_hash: TokenHash,
        start: &str,
    ) -> Result<Table, ReplayError> {
        let position = config
            .position_from_text(start)
            .map_err(|e| ReplayError::Start(e.to_string()))?;
        let mut table = Table::new(code, config, clock, host_hash);
        table.start = position.to_text();
        table.position = position;
        Ok(table)
    }

    /// The position the game started from.
    pub fn start(&self) -> &str {
        &self.start
    }

    /// How many moves were played.
    pub fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    pub fn end(&self) -> Option<Ended> {
        self.end
    }

    /// The seat whose turn it is.
    pub fn seat_to_move(&self) -> Seat {
        Seat::new(self.position.seat_to_move() as u8).expect("a seat to move")
    }

    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// The seat whose token this is: the token is hashed, and the hash compared with each
    /// seat's in constant time.
    pub fn seat_of(&self, token: &Token) -> Option<Seat> {
        let hash = TokenHash::of(token);
        self.seats.iter().enumerate().find_map(|(i, s)| {
            s.as_ref()
                .filter(|s| s.token_hash == hash)
                .and_then(|_| Seat::new(i as u8))
        })
    }

    /// Whether `token` is the host's (hashed, and compared in constant time).
    pub fn is_host(&self, token: &Token) -> bool {
        self.host_hash.matches(token)
    }

    /// Whether `seat` can be taken.
    pub fn check_sit(&self, seat: Seat) -> Result<(), Refusal> {
        match self.seats.get(seat.index()) {
            None => Err(Refusal::NoSuchSeat),
            Some(Some(_)) => Err(Refusal::SeatTaken),
            Some(None) if self.computers[seat.index()].is_some() => Err(Refusal::SeatTaken),
            Some(None) => Ok(()),
        }
    }

    /// The server's engine takes `seat` at `level` (a table being made).
    pub fn seat_computer(&mut self, seat: Seat, level: Level, now: i64) -> Result<(), Refusal> {
        self.check_sit(seat)?;
        self.computers[seat.index()] = Some(level);
        self.start_clock_if_full(now);
        Ok(())
    }

    /// The seats the server's engine plays, with their levels (to store them).
    pub fn computers(&self) -> impl Iterator<Item = (usize, Level)> {
        self.computers
            .iter()
            .enumerate()
            .filter_map(|(i, l)| l.map(|l| (i, l)))
    }

    /// The engine's level when the seat to move is the server's and the game goes on (every
    /// seat taken): the position to search, and the ply it is for.
    pub fn computer_to_move(&self) -> Option<(Level, AnyPosition, u32)> {
        if self.end.is_some() || !self.full() {
            return None;
        }
        let level = self.computers[self.position.seat_to_move()]?;
        Some((level, self.position.clone(), self.ply()))
    }

    /// The engine's move `mv` for ply `ply`, if the seat to move is still the engine's at that
    /// ply and the rules allow it.
    pub fn check_computer_move(&self, ply: u32, mv: AnyMove) -> Result<MoveText, Refusal> {
        if self.end.is_some() {
            return Err(Refusal::GameOver);
        }
        if ply != self.ply() {
            return Err(Refusal::Stale { ply: self.ply() });
        }
        if self.computers[self.position.seat_to_move()].is_none() {
            return Err(Refusal::NotYourTurn);
        }
        let text = MoveText::parse(&mv.to_string()).map_err(|_| Refusal::NotYourTurn)?;
        if !self.position.is_legal(mv) {
            return Err(Refusal::Illegal { mv: text });
        }
        Ok(text)
    }

    fn start_clock_if_full(&mut self, now: i64) {
        if self.full() && self.timing.since.is_none() {
            self.timing.since = Some(now);
        }
    }

    /// Sits `sitter` at `seat` (checked first with [`Table::check_sit`]) at `now`; the last
    /// seat taken starts the clock.
    pub fn sit(&mut self, seat: Seat, sitter: Sitter, now: i64) -> Result<(), Refusal> {
        self.check_sit(seat)?;
        self.seats[seat.index()] = Some(sitter);
        self.start_clock_if_full(now);
        Ok(())
    }

    /// Every seat is taken, by a person or the server's engine.
    pub fn full(&self) -> bool {
        self.seats_taken() == self.seat_count()
    }

    /// How many seats are taken, by a person or the server's engine.
    pub fn seats_taken(&self) -> usize {
        let taken = self.seats.iter().zip(&self.computers);
        taken
            .filter(|(person, computer)| person.is_some() || computer.is_some())
            .count()
    }

    /// The move `mv` for the token's seat at ply `ply`, if the table and the rules allow it;
    /// nothing changes either way.
    pub fn check_move(&self, token: &Token, ply: u32, mv: &MoveText) -> Result<AnyMove, Refusal> {
        let seat = self.seat_of(token).ok_or(Refusal::BadToken)?;
        if self.end.is_some() {
            return Err(Refusal::GameOver);
        }
        if ply != self.ply() {
            return Err(Refusal::Stale { ply: self.ply() });
        }
        if self.position.seat_to_move() != seat.index() {
            return Err(Refusal::NotYourTurn);
        }
        let illegal = || Refusal::Illegal { mv: mv.clone() };
        let parsed = self
            .position
            .parse_move(mv.as_str())
            .map_err(|_| illegal())?;
        if !self.position.is_legal(parsed) {
            return Err(illegal());
        }
        Ok(parsed)
    }

    /// Plays a move [`Table::check_move`] allowed, as written, at `now`: the seat that played
    /// it, and the game's end if the rules ended it. The mover's clock stops (a live game adds
    /// its increment; by correspondence the next side has its days afresh).
    pub fn play(&mut self, mv: AnyMove, text: MoveText, now: i64) -> (Seat, Option<Ended>) {
        let seat = Seat::new(self.position.seat_to_move() as u8).expect("a seat to move");
        let side = self.position.side_to_move().index();
        if let Some(since) = self.timing.since {
            match self.clock {
                Clock::Live { increment, .. } => {
                    self.timing.left[side] -= (now - since).max(0);
                    self.timing.left[side] += i64::from(increment) * 1000;
                }
                Clock::Correspondence { days } => self.timing.left = [i64::from(days) * DAY_MS; 2],
                Clock::Untimed => {}
            }
            self.timing.since = Some(now);
        }
        self.position.play_unchecked(mv);
        self.moves.push(text);
        self.end = self.board_end();
        // A move answers a draw offer and a take-back by going on.
        self.offers.clear();
        (seat, self.end)
    }

    /// Whether the token's seat may make `offer` now: the seat, or why not.
    pub fn check_offer(&self, token: &Token, offer: Offer) -> Result<Seat, Refusal> {
        let seat = self.seat_of(token).ok_or(Refusal::BadToken)?;
        let allowed = match offer {
            Offer::Draw => self.end.is_none(),
            Offer::TakeBack => self.end.is_none() && self.last_mover() == Some(side(seat)),
            Offer::Rematch => self.end.is_some(),
        };
        if !allowed || self.offers.iter().any(|(_, o)| *o == offer) {
            return Err(Refusal::CannotOffer);
        }
        Ok(seat)
    }

    /// The seat's offer, waiting for the other side.
    pub fn offer(&mut self, seat: Seat, offer: Offer) {
        self.offers.push((seat, offer));
    }

    /// Whether the token's seat may answer the other side's `offer`: the seat, or why not.
    pub fn check_answer(&self, token: &Token, offer: Offer) -> Result<Seat, Refusal> {
        let seat = self.seat_of(token).ok_or(Refusal::BadToken)?;
        let by = self
            .offers
            .iter()
            .find(|(_, o)| *o == offer)
            .ok_or(Refusal::NoOffer)?
            .0;
        if side(by) == side(seat) {
            return Err(Refusal::NoOffer);
        }
        Ok(seat)
    }

    /// The offer is answered: it no longer waits.
    pub fn withdraw(&mut self, offer: Offer) {
        self.offers.retain(|(_, o)| *o != offer);
    }

    /// Both sides agreed to a draw.
    pub fn agree_draw(&mut self) -> Ended {
        let end = Ended {
            winner: None,
            reason: EndReason::Agreed,
        };
        self.end = Some(end);
        self.offers.clear();
        end
    }

    /// The last move taken back (the side that played it moves again, its clock running from
    /// `now`): how many moves are left.
    pub fn take_back(&mut self, now: i64) -> u32 {
        if self.position.undo().is_some() {
            self.moves.pop();
            if self.timing.since.is_some() {
                self.timing.since = Some(now);
            }
        }
        self.offers.clear();
        self.ply()
    }

    /// The side that played the last move, if any move was played (and the other side has
    /// not moved since).
    fn last_mover(&self) -> Option<usize> {
        let mut before = self.position.clone();
        before.undo()?;
        Some(before.side_to_move().index())
    }

    /// The table of a rematch: the same game, clock and host under `code`, every seat's player
    /// (and the engine's seats) on the other side.
    pub fn rematch(&self, code: Code, now: i64) -> (Table, Vec<(Seat, Seat)>) {
        let host_hash = self.host_hash.clone();
        let mut next = Table::new(code, self.config, self.clock, host_hash);
        let mut moved = Vec::new();
        for (i, sitter) in self.sitters() {
            let (from, to) = (Seat::new(i as u8), Seat::new((i ^ 1) as u8));
            if let (Some(from), Some(to)) = (from, to) {
                let _ = next.sit(to, sitter.clone(), now);
                moved.push((from, to));
            }
        }
        for (i, level) in self.computers() {
            if let Some(to) = Seat::new((i ^ 1) as u8) {
                let _ = next.seat_computer(to, level, now);
            }
        }
        (next, moved)
    }

    /// Gives the seat `seat` a new token, by its hash (a rematch's seat: the token is told
    /// only to its player).
    pub fn new_token(&mut self, seat: Seat, token_hash: TokenHash) {
        if let Some(Some(sitter)) = self.seats.get_mut(seat.index()) {
            sitter.token_hash = token_hash;
        }
    }

    /// The end by time, if the side to move has used all of its time at `now` (checked before a
    /// move is taken, and by the server's watch over its tables).
    pub fn flag(&self, now: i64) -> Option<Ended> {
        if self.end.is_some() || self.clock == Clock::Untimed {
            return None;
        }
        let side = self.position.side_to_move().index();
        let since = self.timing.since?;
        (self.timing.left[side] - (now - since) <= 0).then_some(Ended {
            winner: Some(1 - side as u8),
            reason: EndReason::OutOfTime,
        })
    }

    /// The game ended off the board (by time).
    pub fn set_end(&mut self, end: Ended) {
        self.end = Some(end);
    }

    /// The clocks as they stand at `now`: each side's time left, and whether the side to
    /// move's is running. None for an untimed table.
    pub fn clocks(&self, now: i64) -> Option<ClockView> {
        if self.clock == Clock::Untimed {
            return None;
        }
        let mut left = self.timing.left;
        let running = self.end.is_none() && self.timing.since.is_some();
        if let (true, Some(since)) = (running, self.timing.since) {
            let side = self.position.side_to_move().index();
            left[side] = (left[side] - (now - since)).max(0);
        }
        Some(ClockView {
            left_ms: left,
            running,
        })
    }

    /// Whether the token's seat may resign: the seat, or why not.
    pub fn check_resign(&self, token: &Token) -> Result<Seat, Refusal> {
        let seat = self.seat_of(token).ok_or(Refusal::BadToken)?;
        if self.end.is_some() {
            return Err(Refusal::GameOver);
        }
        Ok(seat)
    }

    /// The seat resigns: its side loses (in LOA for four, with its partner's set).
    pub fn resign(&mut self, seat: Seat) -> Ended {
        let end = Ended {
            winner: Some(1 - (seat.index() % 2) as u8),
            reason: EndReason::Resigned,
        };
        self.end = Some(end);
        end
    }

    /// The seats as a client shows them; `connected` says whose client is there now.
    pub fn seat_views(&self, connected: impl Fn(Seat) -> bool) -> Vec<SeatView> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                name: s.as_ref().map(|s| s.name.clone()),
                rating: s.as_ref().and_then(|s| s.rating),
                connected: Seat::new(i as u8).is_some_and(&connected),
                computer: self.computers[i],
            })
            .collect()
    }

    /// The whole table as a client draws it, at `now`.
    pub fn view(&self, connected: impl Fn(Seat) -> bool, spectators: u32, now: i64) -> TableView {
        TableView {
            clocks: self.clocks(now),
            code: self.code.clone(),
            game: self.config,
            start: self.start.clone(),
            moves: self.moves.clone(),
            clock: self.clock,
            seats: self.seat_views(connected),
            spectators,
            end: self.end,
        }
    }

    /// The seats' players, with their seat numbers (to store them).
    pub fn sitters(&self) -> impl Iterator<Item = (usize, &Sitter)> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i, s)))
    }

    /// The game as a record (the engine's plain-text format): the rules, the start when it is
    /// not the game's own, the moves, the seats' names (the server's engine as the game names
    /// it, `Computer (level N)`; an empty seat has none), the end, and a live or
    /// correspondence clock as PGN's `TimeControl`. No token is in it.
    pub fn record(&self) -> Record {
        let mut record = Record::from_game(self.config, &self.position);
        record.players = Players {
            black: self.record_name(0),
            white: self.record_name(1),
            black_marked: self.record_name(2),
            white_marked: self.record_name(3),
        };
        if let Some(end) = self.end {
            end_record(&mut record, end);
        }
        if let Some(tag) = time_control(self.clock) {
            record.other_tags.push(("TimeControl".into(), tag));
        }
        record
    }

    /// The name a record gives seat `seat`'s player.
    fn record_name(&self, seat: usize) -> Option<String> {
        if let Some(Some(sitter)) = self.seats.get(seat) {
            return Some(sitter.name.as_str().to_string());
        }
        let level = (*self.computers.get(seat)?)?;
        Some(format!("Computer (level {})", level.number()))
    }

    fn board_end(&self) -> Option<Ended> {
        self.position.outcome().map(|outcome| Ended {
            winner: outcome.winner().map(|c| c.index() as u8),
            reason: EndReason::OnTheBoard,
        })
    }
}

/// Writes an end off the board into `record` (an end on the board is the final position's,
/// which [`Record::from_game`] wrote already).
fn end_record(record: &mut Record, end: Ended) {
    let loser = match end.winner {
        Some(0) => Some(Color::White),
        Some(1) => Some(Color::Black),
        _ => None,
    };
    match (end.reason, loser) {
        (EndReason::Resigned, Some(loser)) => record.resign(loser),
        (EndReason::OutOfTime, Some(loser)) => record.lose_on_time(loser),
        (EndReason::Agreed, _) => {
            record.result = GameResult::Draw;
            record.termination = Some(Termination::Agreement);
        }
        _ => {}
    }
}

/// A clock as PGN's `TimeControl` tag writes it: `300+3` (seconds and increment), `1/259200`
/// (a move every N seconds: correspondence); none for an untimed table.
fn time_control(clock: Clock) -> Option<String> {
    match clock {
        Clock::Live { seconds, increment } => Some(format!("{seconds}+{increment}")),
        Clock::Correspondence { days } => Some(format!("1/{}", u64::from(days) * 86_400)),
        Clock::Untimed => None,
    }
}

/// A seat's side: 0 Black, 1 White (LOA for four's marked seats are their side's).
fn side(seat: Seat) -> usize {
    seat.index() % 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::any_game::GameKind;
    use gamut_engine::loa;

    fn token(n: u128) -> Token {
        Token::from_bits(n)
    }

    /// What the table keeps of `token(n)`.
    fn hash(n: u128) -> TokenHash {
        TokenHash::of(&token(n))
    }

    fn table(config: GameConfig) -> Table {
        let mut t = Table::new(
            Code::parse("ABCDE").unwrap(),
            config,
            Clock::Untimed,
            hash(9),
        );
        for seat in 0..t.seat_count() {
            let sitter = Sitter {
                name: Name::parse(&format!("P{seat}")).unwrap(),
                token_hash: hash(seat as u128 + 1),
                rating: None,
            };
            t.sit(Seat::new(seat as u8).unwrap(), sitter, 0).unwrap();
        }
        t
    }

    fn mv(text: &str) -> MoveText {
        MoveText::parse(text).unwrap()
    }

    #[test]
    fn the_referee_refuses_what_the_table_or_the_rules_do_not_allow() {
        let mut t = table(GameConfig::default());
        // Black (seat 0) moves first.
        assert_eq!(
            t.check_move(&token(77), 0, &mv("b1b3")),
            Err(Refusal::BadToken)
        );
        assert_eq!(
            t.check_move(&token(2), 0, &mv("a2c2")),
            Err(Refusal::NotYourTurn)
        );
        assert_eq!(
            t.check_move(&token(1), 1, &mv("b1b3")),
            Err(Refusal::Stale { ply: 0 })
        );
        assert_eq!(
            t.check_move(&token(1), 0, &mv("b1b4")),
            Err(Refusal::Illegal { mv: mv("b1b4") })
        );
        assert_eq!(
            t.check_move(&token(1), 0, &mv("zz")),
            Err(Refusal::Illegal { mv: mv("zz") })
        );
        assert_eq!(t.ply(), 0, "nothing refused changed the table");
        let allowed = t.check_move(&token(1), 0, &mv("b1b3")).unwrap();
        assert_eq!(
            t.play(allowed, mv("b1b3"), 0),
            (Seat::new(0).unwrap(), None)
        );
        assert_eq!(t.ply(), 1);
        assert_eq!(
            t.check_move(&token(1), 1, &mv("c1c3")),
            Err(Refusal::NotYourTurn)
        );
        assert!(t.check_move(&token(2), 1, &mv("a2c2")).is_ok());
        assert_eq!(
            t.sit(
                Seat::new(0).unwrap(),
                Sitter {
                    name: Name::parse("X").unwrap(),
                    token_hash: hash(5),
                    rating: None,
                },
                0
            ),
            Err(Refusal::SeatTaken)
        );
        assert_eq!(t.check_sit(Seat::new(3).unwrap()), Err(Refusal::NoSuchSeat));
        let seat = t.check_resign(&token(2)).unwrap();
        assert_eq!(t.resign(seat).winner, Some(0));
        assert_eq!(
            t.check_move(&token(2), 1, &mv("a2c2")),
            Err(Refusal::GameOver)
        );
    }

    /// The table keeps hashes only: a seat answers to its own token alone, the host to the
    /// host's, and a rematch's seat to its new token, not the old one.
    #[test]
    fn a_seat_and_the_host_answer_only_to_their_own_tokens() {
        let t = table(GameConfig::default());
        assert_eq!(t.seat_of(&token(1)), Seat::new(0));
        assert_eq!(t.seat_of(&token(2)), Seat::new(1));
        assert_eq!(t.seat_of(&token(3)), None);
        assert_eq!(t.check_resign(&token(9)), Err(Refusal::BadToken));
        assert!(t.is_host(&token(9)));
        assert!(!t.is_host(&token(1)), "a player's token is not the host's");
        let kept: Vec<TokenHash> = t.sitters().map(|(_, s)| s.token_hash.clone()).collect();
        assert_eq!(kept, [hash(1), hash(2)]);

        let (mut next, moved) = t.rematch(Code::parse("FGHJK").unwrap(), 0);
        assert!(next.is_host(&token(9)), "the rematch keeps the host");
        let black = moved.iter().find(|(from, _)| from.index() == 0).unwrap().1;
        next.new_token(black, hash(11));
        assert_eq!(next.seat_of(&token(11)), Some(black));
        assert_eq!(next.seat_of(&token(1)), None, "the old token holds no seat");
    }

    #[test]
    fn four_seats_take_their_turns() {
        let config = GameConfig {
            kind: GameKind::LinesOfAction,
            loa: loa::Rules {
                variant: loa::Variant::FourPlayers,
                ..loa::Rules::default()
            },
            ..GameConfig::default()
        };
        let mut t = table(config);
        assert_eq!(t.seat_count(), 4);
        let mut seats = Vec::new();
        for _ in 0..4 {
            let seat = t.position.seat_to_move();
            seats.push(seat);
            let token = token(seat as u128 + 1);
            let legal = t.position.legal_moves()[0];
            let text = mv(&legal.to_string());
            let checked = t.check_move(&token, t.ply(), &text).unwrap();
            t.play(checked, text, 0);
        }
        seats.sort();
        assert_eq!(seats, [0, 1, 2, 3], "each seat moved once in a round");
    }

    #[test]
    fn a_stored_table_is_replayed_by_the_rules() {
        let t = table(GameConfig::default());
        let sitters: Vec<_> = t.sitters().map(|(i, s)| (i, s.clone())).collect();
        let fresh = || Table::new(t.code.clone(), t.config, t.clock, t.host_hash.clone());
        let back = Table::restore(
            fresh(),
            sitters.clone(),
            Vec::new(),
            Some(0),
            vec![("b1b3".into(), 1), ("a2c2".into(), 2)],
            None,
        )
        .unwrap();
        assert_eq!(back.ply(), 2);
        assert_eq!(back.seat_of(&token(2)), Seat::new(1));
        let broken = Table::restore(
            fresh(),
            sitters,
            Vec::new(),
            Some(0),
            vec![("b1b3".into(), 1), ("b1b3".into(), 2)],
            None,
        );
        assert!(
            matches!(broken, Err(ReplayError::Move { ply: 1, .. })),
            "{broken:?}"
        );
    }

    /// A table's record reads back with its moves, names and end, whatever ended it.
    #[test]
    fn a_tables_record_says_who_played_and_how_it_ended() {
        let mut t = table(GameConfig::default());
        let checked = t.check_move(&token(1), 0, &mv("b1b3")).unwrap();
        t.play(checked, mv("b1b3"), 0);
        let unfinished = Record::parse(&t.record().to_string()).unwrap();
        assert_eq!(unfinished.move_list().len(), 1);
        assert_eq!(unfinished.result, GameResult::Unfinished);
        assert_eq!(unfinished.players.black.as_deref(), Some("P0"));
        assert_eq!(unfinished.players.white.as_deref(), Some("P1"));
        let ends = [
            (
                EndReason::Resigned,
                Some(1),
                GameResult::WhiteWins,
                Termination::Resignation,
            ),
            (
                EndReason::OutOfTime,
                Some(0),
                GameResult::BlackWins,
                Termination::Time,
            ),
            (
                EndReason::Agreed,
                None,
                GameResult::Draw,
                Termination::Agreement,
            ),
        ];
        for (reason, winner, result, termination) in ends {
            t.set_end(Ended { winner, reason });
            let back = Record::parse(&t.record().to_string()).unwrap();
            assert_eq!((back.result, back.termination), (result, Some(termination)));
        }
    }

    #[test]
    fn a_record_names_the_engine_and_the_four_seats_and_keeps_the_start() {
        let mut t = Table::from_position(
            Code::parse("ABCDE").unwrap(),
            GameConfig::default(),
            Clock::Correspondence { days: 3 },
            hash(9),
            "8/8/8/3w4/8/8/5w2/b1b5 b",
        )
        .unwrap();
        t.seat_computer(Seat::new(1).unwrap(), Level::new(3).unwrap(), 0)
            .unwrap();
        let record = t.record();
        assert_eq!(record.players.black, None, "an empty seat has no name");
        assert_eq!(record.players.white.as_deref(), Some("Computer (level 3)"));
        assert_eq!(record.start.as_deref(), Some("8/8/8/3w4/8/8/5w2/b1b5 b"));
        assert!(
            record
                .other_tags
                .contains(&("TimeControl".into(), "1/259200".into()))
        );
        assert!(Record::parse(&record.to_string()).is_ok());

        let four = GameConfig {
            kind: GameKind::LinesOfAction,
            loa: loa::Rules {
                variant: loa::Variant::FourPlayers,
                ..loa::Rules::default()
            },
            ..GameConfig::default()
        };
        let players = table(four).record().players;
        let names = [
            players.black,
            players.white,
            players.black_marked,
            players.white_marked,
        ];
        assert_eq!(names.map(|n| n.unwrap()), ["P0", "P1", "P2", "P3"]);
    }

    #[test]
    fn the_clocks_run_for_the_side_to_move_once_every_seat_is_taken() {
        let live = Clock::Live {
            seconds: 60,
            increment: 2,
        };
        let mut t = Table::new(
            Code::parse("ABCDE").unwrap(),
            GameConfig::default(),
            live,
            hash(9),
        );
        let sitter = |n: u128| Sitter {
            name: Name::parse("P").unwrap(),
            token_hash: hash(n),
            rating: None,
        };
        t.sit(Seat::new(0).unwrap(), sitter(1), 1_000).unwrap();
        assert!(
            !t.clocks(50_000).unwrap().running,
            "an empty seat: no clock"
        );
        t.sit(Seat::new(1).unwrap(), sitter(2), 10_000).unwrap();
        // Black thinks 15 s, gets 2 s back.
        assert_eq!(t.clocks(25_000).unwrap().left_ms, [45_000, 60_000]);
        let checked = t.check_move(&token(1), 0, &mv("b1b3")).unwrap();
        t.play(checked, mv("b1b3"), 25_000);
        assert_eq!(t.clocks(25_000).unwrap().left_ms, [47_000, 60_000]);
        // White's time runs out 60 s later: the flag falls, Black wins.
        assert_eq!(t.flag(84_999), None);
        let end = t.flag(85_000).unwrap();
        assert_eq!((end.winner, end.reason), (Some(0), EndReason::OutOfTime));
        assert_eq!(t.clocks(90_000).unwrap().left_ms, [47_000, 0]);
    }
}
