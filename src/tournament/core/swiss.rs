//! Swiss pairing: a simplified Dutch system, deterministic, and exact on the hard rules.
//!
//! - Players are ranked by score (a bye counts as a win), then by seed (the order entered).
//! - The bye goes to the lowest-ranked player who has not had one; no one has two.
//! - Pairing walks down the ranking: the top unpaired player of a score group of `m` players
//!   meets the player `max(1, m / 2)` places below it (top half against bottom half), else the
//!   next ones of the bottom half, else the top half from its bottom up, else a lower group (a
//!   float down). A backtracking search takes the first choice in that order that lets every
//!   other player be paired, so a pairing without a repeat is found whenever one exists.
//! - It also looks ahead ([`super::lookahead`]): a pairing that would leave a later round
//!   impossible is passed over while another exists (a Swiss of nearly as many rounds as
//!   players could otherwise get stuck before its last round).
//! - Colours are tried at three levels, the first that pairs everyone wins: each player's Whites
//!   and Blacks within one of each other; then within two and never three of a colour in a row;
//!   then anything (repeats and second byes stay forbidden at every level). Keeping the later
//!   rounds possible comes before the colours.
//! - In each game the colours go to whoever needs them more (the bigger imbalance, then a
//!   player who had the same colour twice running, then the colour one did not have last); when
//!   both want the same colour as strongly, the higher-ranked player gets it; when neither
//!   cares, the higher-ranked player is White on odd boards and Black on even ones.

use std::cell::Cell;
use std::cmp::Reverse;

use super::entrant::PlayerId;
use super::lookahead::Future;
use super::round::{Colour, Outcome, Round};

/// The steps one round's pairing may spend making sure the later rounds can keep colours within
/// one.
const COLOUR_BUDGET: u32 = 20_000;

/// How many later rounds the pairing makes sure can keep colours within one.
const COLOUR_DEPTH: usize = 2;

/// How strictly colours are balanced while pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    /// Whites and Blacks within one of each other.
    Strict,
    /// Within two, and never three of a colour in a row.
    Relaxed,
    /// Colours do not restrict the pairing.
    Free,
}

/// What the pairing needs to know of a player's past rounds.
#[derive(Debug, Clone, Default)]
struct History {
    /// Points in halves, a bye counting as a win.
    score: u32,
    /// Whether the player has had a bye.
    had_bye: bool,
    /// The opponents met, one bit each.
    met: u32,
    /// The colours played, in order.
    colours: Vec<Colour>,
}

impl History {
    /// Whites less Blacks.
    fn balance(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }

    /// Whether the last two games were both of `colour`.
    fn twice(&self, colour: Colour) -> bool {
        self.colours.len() >= 2 && self.colours.iter().rev().take(2).all(|c| *c == colour)
    }

    /// The balance after a game of `colour`.
    fn balance_after(&self, colour: Colour) -> i32 {
        self.balance() + if colour == Colour::White { 1 } else { -1 }
    }

    /// Whether a game of `colour` next is allowed at `level`.
    fn allows(&self, colour: Colour, level: Level) -> bool {
        let after = self.balance_after(colour).abs();
        match level {
            Level::Strict => after <= 1 && !self.twice(colour),
            Level::Relaxed => after <= 2 && !self.twice(colour),
            Level::Free => true,
        }
    }

    /// The colour the player wants next and how much (0: no wish).
    fn wish(&self) -> (Colour, u32) {
        let balance = self.balance();
        let last = self.colours.last().copied();
        if balance != 0 {
            let colour = if balance > 0 {
                Colour::Black
            } else {
                Colour::White
            };
            let twice = u32::from(self.twice(colour.other()));
            return (colour, 2 * balance.unsigned_abs() + twice);
        }
        match last {
            Some(c) => (c.other(), 1),
            None => (Colour::White, 0),
        }
    }
}

/// The next round (numbered after `rounds`) for `n` players in a Swiss of `total` rounds, or
/// `None` when no pairing avoids a repeat and a second bye.
pub(super) fn pair_next(n: usize, total: usize, rounds: &[Round]) -> Option<Round> {
    let history = histories(n, rounds);
    let order = ranking(&history);
    let number = u8::try_from(rounds.len() + 1).ok()?;
    let met: Vec<u32> = history.iter().map(|h| h.met).collect();
    let had_bye: Vec<bool> = history.iter().map(|h| h.had_bye).collect();
    let future = Future::new(&met, &had_bye, total.saturating_sub(rounds.len() + 1));
    let steps = Cell::new(COLOUR_BUDGET);
    let levels = [Level::Strict, Level::Relaxed, Level::Free];
    [Some(&future), None]
        .into_iter()
        .flat_map(|f| levels.map(|level| (level, f)))
        .find_map(|(level, future)| {
            let search = Search {
                history: &history,
                level,
                future,
                bye: None,
                colour_rounds: future.map_or(0, Future::rounds_after).min(COLOUR_DEPTH),
                steps: &steps,
                probe: false,
            };
            pair_at(search, &order)
        })
        .map(|(pairs, bye)| build(number, &pairs, bye, &history))
}

/// Each player's score, bye, opponents and colours so far.
fn histories(n: usize, rounds: &[Round]) -> Vec<History> {
    let mut history = vec![History::default(); n];
    for round in rounds {
        if let Some(bye) = round.bye.and_then(|p| history.get_mut(p.index())) {
            bye.had_bye = true;
            bye.score += Outcome::Win.points().0;
        }
        for game in &round.games {
            for colour in [Colour::Black, Colour::White] {
                let (me, them) = (game.player(colour), game.player(colour.other()));
                if let Some(h) = history.get_mut(me.index()) {
                    h.met |= 1 << them.index();
                    h.colours.push(colour);
                    h.score += game.outcome_for(me).map_or(0, |o| o.points().0);
                }
            }
        }
    }
    history
}

/// Player indices by score (highest first), then seed.
fn ranking(history: &[History]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..history.len()).collect();
    order.sort_by_key(|&p| (Reverse(history[p].score), p));
    order
}

/// A pairing of everyone under `search`'s rules: the pairs (higher-ranked first, top pair first)
/// and the bye.
fn pair_at(search: Search, order: &[usize]) -> Option<Paired> {
    if order.len().is_multiple_of(2) {
        return search.run(order).map(|pairs| (pairs, None));
    }
    order
        .iter()
        .rev()
        .filter(|&&p| !search.history[p].had_bye)
        .find_map(|&bye| {
            let rest: Vec<usize> = order.iter().copied().filter(|&p| p != bye).collect();
            let search = Search {
                bye: Some(bye),
                ..search
            };
            search.run(&rest).map(|pairs| (pairs, Some(bye)))
        })
}

/// A round's pairs (higher-ranked first, top pair first) and its bye.
type Paired = (Vec<(usize, usize)>, Option<usize>);

/// The backtracking search for a pairing of everyone at one colour level.
#[derive(Clone, Copy)]
struct Search<'a> {
    /// Every player's past.
    history: &'a [History],
    /// How strictly colours are kept.
    level: Level,
    /// When set, a pairing must leave the later rounds possible.
    future: Option<&'a Future>,
    /// The player with this round's bye.
    bye: Option<usize>,
    /// The later rounds that must also be possible with colours within one (at the strict
    /// level).
    colour_rounds: usize,
    /// The steps left to spend on those later rounds.
    steps: &'a Cell<u32>,
    /// Whether this search only asks whether a pairing exists (of a later round): it answers
    /// yes once the steps run out.
    probe: bool,
}

impl Search<'_> {
    /// Pairs all of `players` (in ranking order), if possible.
    fn run(&self, players: &[usize]) -> Option<Vec<(usize, usize)>> {
        let mut pairs = Vec::with_capacity(players.len() / 2);
        self.pair(players, &mut pairs).then_some(pairs)
    }

    /// Pairs the top of `remaining` with each candidate in turn and the rest recursively.
    fn pair(&self, remaining: &[usize], pairs: &mut Vec<(usize, usize)>) -> bool {
        if self.probe {
            let steps = self.steps.get();
            if steps == 0 {
                return true;
            }
            self.steps.set(steps - 1);
        }
        let Some((&top, rest)) = remaining.split_first() else {
            return self.leaves_later_rounds(pairs);
        };
        if self.hopeless(remaining) {
            return false;
        }
        for other in candidates(top, rest, self.history) {
            if !self.compatible(top, other) {
                continue;
            }
            let next: Vec<usize> = rest.iter().copied().filter(|&p| p != other).collect();
            pairs.push((top, other));
            if self.pair(&next, pairs) {
                return true;
            }
            pairs.pop();
        }
        false
    }

    /// Whether the round of `pairs` leaves the later rounds possible: a pairing of each without
    /// repeats or second byes (when looking ahead), and at the strict level with colours within
    /// one (as far as the steps go).
    fn leaves_later_rounds(&self, pairs: &[(usize, usize)]) -> bool {
        if self.future.is_some_and(|f| !f.open_after(pairs, self.bye)) {
            return false;
        }
        if self.level != Level::Strict || self.colour_rounds == 0 {
            return true;
        }
        let next = after(self.history, pairs, self.bye);
        let probe = Search {
            history: &next,
            future: None,
            bye: None,
            colour_rounds: self.colour_rounds - 1,
            probe: true,
            ..*self
        };
        pair_at(probe, &ranking(&next)).is_some()
    }

    /// Whether `a` and `b` may meet: not met before, and colours that fit the level.
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (ha, hb) = (&self.history[a], &self.history[b]);
        let fits = |ca: Colour| ha.allows(ca, self.level) && hb.allows(ca.other(), self.level);
        ha.met & (1 << b) == 0 && (fits(Colour::White) || fits(Colour::Black))
    }

    /// A quick proof that `remaining` cannot all be paired: more than half must have the same
    /// colour, or someone has no possible opponent left.
    fn hopeless(&self, remaining: &[usize]) -> bool {
        let half = remaining.len() / 2;
        let must = |colour: Colour| {
            remaining
                .iter()
                .filter(|&&p| !self.history[p].allows(colour.other(), self.level))
                .count()
        };
        if must(Colour::White) > half || must(Colour::Black) > half {
            return true;
        }
        remaining
            .iter()
            .any(|&a| !remaining.iter().any(|&b| b != a && self.compatible(a, b)))
    }
}

/// The opponents to try for `top` (the highest-ranked unpaired player), best first: the bottom
/// half of its score group from its top, then the top half from its bottom, then lower groups in
/// ranking order.
fn candidates(top: usize, rest: &[usize], history: &[History]) -> Vec<usize> {
    let score = history[top].score;
    let group = 1 + rest
        .iter()
        .take_while(|&&p| history[p].score == score)
        .count();
    let half = (group / 2).max(1);
    let mut out = Vec::with_capacity(rest.len());
    out.extend_from_slice(&rest[half - 1..group - 1]);
    out.extend(rest[..half - 1].iter().rev());
    out.extend_from_slice(&rest[group - 1..]);
    out
}

/// The round of `pairs` (higher-ranked first, in board order) with colours given out.
fn build(number: u8, pairs: &[(usize, usize)], bye: Option<usize>, history: &[History]) -> Round {
    let id = |p: usize| PlayerId(u8::try_from(p).unwrap_or(u8::MAX));
    let games: Vec<(PlayerId, PlayerId)> = seated(pairs, history)
        .into_iter()
        .map(|(black, white)| (id(black), id(white)))
        .collect();
    Round::of_pairs(number, &games, bye.map(id))
}

/// `pairs` (higher-ranked first, in board order) as `(black, white)`.
fn seated(pairs: &[(usize, usize)], history: &[History]) -> Vec<(usize, usize)> {
    pairs
        .iter()
        .enumerate()
        .map(|(board, &(a, b))| {
            if colour_of_higher(&history[a], &history[b], board) == Colour::White {
                (b, a)
            } else {
                (a, b)
            }
        })
        .collect()
}

/// The histories after a round of `pairs` and `bye` (scores left as they are).
fn after(history: &[History], pairs: &[(usize, usize)], bye: Option<usize>) -> Vec<History> {
    let mut next = history.to_vec();
    for (black, white) in seated(pairs, history) {
        next[black].met |= 1 << white;
        next[black].colours.push(Colour::Black);
        next[white].met |= 1 << black;
        next[white].colours.push(Colour::White);
    }
    if let Some(p) = bye {
        next[p].had_bye = true;
    }
    next
}

/// The colour of the higher-ranked player `a` against `b` on `board` (from 0): the fewest
/// broken colour rules, then the strongest wishes met, then `a`'s wish, then the board's turn.
fn colour_of_higher(a: &History, b: &History, board: usize) -> Colour {
    let turn = if board.is_multiple_of(2) {
        Colour::White
    } else {
        Colour::Black
    };
    let cost = |ca: Colour| {
        let seats = [(a, ca), (b, ca.other())];
        let count = |broken: &dyn Fn(&History, Colour) -> bool| {
            seats.iter().filter(|(h, c)| broken(h, *c)).count()
        };
        let three = count(&|h, c| h.twice(c));
        let over_two = count(&|h, c| h.balance_after(c).abs() > 2);
        let over_one = count(&|h, c| h.balance_after(c).abs() > 1);
        let unmet: u32 = seats
            .iter()
            .map(|(h, _)| h.wish())
            .zip([ca, ca.other()])
            .filter(|((wish, _), given)| wish != given)
            .map(|((_, strength), _)| strength)
            .sum();
        let (wish_a, strength_a) = a.wish();
        let a_unmet = strength_a > 0 && wish_a != ca;
        (three, over_two, over_one, unmet, a_unmet, ca != turn)
    };
    if cost(Colour::White) <= cost(Colour::Black) {
        Colour::White
    } else {
        Colour::Black
    }
}

#[cfg(test)]
mod tests {
    use super::super::round::GameResult;
    use super::super::testing::*;
    use super::*;

    /// Plays a Swiss of `n` players for `rounds` rounds, results from `result` (round, board),
    /// and checks every round. Gives the rounds, or `None` if a round could not be paired.
    fn play(
        n: usize,
        rounds: usize,
        mut result: impl FnMut(usize, usize) -> GameResult,
    ) -> Option<Vec<Round>> {
        let mut played: Vec<Round> = Vec::new();
        for r in 0..rounds {
            let mut round = pair_next(n, rounds, &played)?;
            assert_eq!(usize::from(round.number), r + 1);
            for (board, game) in round.games.iter_mut().enumerate() {
                game.result = Some(result(r, board));
            }
            played.push(round);
            assert_each_plays_once_per_round(n, &played);
            assert_no_repeat_and_no_second_bye(n, &played);
        }
        Some(played)
    }

    fn assert_no_repeat_and_no_second_bye(n: usize, rounds: &[Round]) {
        let meetings = meeting_counts(n, rounds);
        for (a, row) in meetings.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert!(times <= 1, "{a} met {b} {times} times: {rounds:?}");
            }
        }
        let mut byes = vec![0; n];
        for p in rounds.iter().filter_map(|r| r.bye) {
            byes[p.index()] += 1;
        }
        assert!(byes.iter().all(|&b| b <= 1), "second bye: {rounds:?}");
    }

    fn assert_colours_within_one(n: usize, rounds: &[Round]) {
        for (p, (w, b)) in colour_counts(n, rounds).into_iter().enumerate() {
            assert!(w.abs_diff(b) <= 1, "{p}: {w} W {b} B in {rounds:?}");
        }
    }

    #[test]
    fn first_round_is_top_half_against_bottom_half() {
        let round = pair_next(7, 3, &[]).expect("a first round");
        let pairs: Vec<(u8, u8)> = round.games.iter().map(|g| (g.white.0, g.black.0)).collect();
        // Seeds 0..6: the last seed sits out; 0-3, 1-4, 2-5, the higher seed White on board 1,
        // Black on board 2, White on board 3.
        assert_eq!(pairs, vec![(0, 3), (4, 1), (2, 5)]);
        assert_eq!(round.bye, Some(PlayerId(6)));
    }

    #[test]
    fn second_round_pairs_winners_and_balances_colours() {
        // Round 1 for 6: 0-3, 1-4, 2-5; the higher seeds win.
        let r1 = play(6, 1, |_, _| GameResult::WhiteWins).expect("paired");
        let mut rounds = r1;
        for g in &mut rounds[0].games {
            let higher = g.black.min(g.white);
            g.result = Some(GameResult::win_for(g.colour_of(higher).expect("plays")));
        }
        let r2 = pair_next(6, 5, &rounds).expect("paired");
        // Winners 0, 1, 2 (score group of 3): 0 meets 1, 2 floats down to meet 3, then 4-5.
        let meets: Vec<(u8, u8)> = r2
            .games
            .iter()
            .map(|g| (g.black.0.min(g.white.0), g.black.0.max(g.white.0)))
            .collect();
        assert_eq!(meets, vec![(0, 1), (2, 3), (4, 5)]);
        rounds.push(r2);
        assert_colours_within_one(6, &rounds);
    }

    #[test]
    fn seven_players_three_rounds_every_result_pattern() {
        // Round 3's pairing depends on the 3 × 3 results of rounds 1 and 2: all 729 cases.
        let outcomes = [
            GameResult::BlackWins,
            GameResult::WhiteWins,
            GameResult::Draw,
        ];
        for case in 0..729usize {
            let rounds = play(7, 3, |r, board| {
                let digit = case / 3usize.pow((r * 3 + board) as u32) % 3;
                outcomes[if r < 2 { digit } else { board % 3 }]
            })
            .expect("7 players always pair for 3 rounds");
            assert_colours_within_one(7, &rounds);
            assert_eq!(rounds.iter().filter(|r| r.bye.is_some()).count(), 3);
        }
    }

    #[test]
    fn sixteen_players_five_rounds_random_results() {
        let mut rng = Rng::new(16);
        for _ in 0..300 {
            let rounds = play(16, 5, |_, _| rng.result()).expect("16 players pair for 5 rounds");
            assert_colours_within_one(16, &rounds);
        }
    }

    #[test]
    fn every_size_plays_as_many_rounds_as_opponents() {
        // Without looking ahead about one run in five got stuck a round or two before the end
        // (six players whose unplayed games form two triangles have no fourth round).
        let mut rng = Rng::new(3);
        for n in 3..=16 {
            for _ in 0..20 {
                play(n, n - 1, |_, _| rng.result()).expect("every round paired");
            }
        }
    }

    #[test]
    fn the_bye_goes_to_the_lowest_without_one() {
        // 5 players; the bye of round 1 goes to seed 4; in round 2 the lowest-ranked without a
        // bye gets it.
        let rounds = play(5, 2, |_, _| GameResult::Draw).expect("paired");
        assert_eq!(rounds[0].bye, Some(PlayerId(4)));
        // After all draws seed 4 leads with its bye point; the others have ½: the lowest of
        // them is seed 3.
        assert_eq!(rounds[1].bye, Some(PlayerId(3)));
    }
}
