//! The standings, the crosstable and the champion.
//!
//! Order: points (a Swiss bye counts 1, a round-robin bye nothing), then the direct encounter
//! (among exactly the players level on points, the points they scored in their games with each
//! other; only when every two of them have played each other equally often, at least once), then
//! Sonneborn-Berger (for each game played, the points scored times the opponent's points; a bye
//! adds nothing), then games won (on the board: a bye is not one), then the name. Rows equal on
//! everything but the name share their rank.

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::Tournament;
use super::entrant::{PlayerId, name_key};
use super::round::{Colour, HalfPoints, Outcome, QuarterPoints};

/// A player's line in the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// The place, from 1; players equal on points and every tie-break have the same one.
    pub rank: u32,
    /// Whether another player has the same rank (shown `3=`).
    pub shared: bool,
    /// The player.
    pub player: PlayerId,
    /// Points, a bye included.
    pub points: HalfPoints,
    /// Games played (with a result).
    pub played: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Byes had.
    pub byes: u32,
    /// Points scored against the others level on points, when it applies.
    pub direct_encounter: Option<HalfPoints>,
    /// The Sonneborn-Berger score.
    pub sonneborn_berger: QuarterPoints,
    /// Rounds still to play: games without a result, and in a Swiss the rounds not yet paired
    /// (one of which may turn out a bye).
    pub games_left: u32,
}

impl StandingRow {
    /// What decides the order before the name: rows equal here share a rank.
    fn merit(&self) -> impl Ord + use<> {
        (
            Reverse(self.points),
            Reverse(self.direct_encounter),
            Reverse(self.sonneborn_berger),
            Reverse(self.wins),
        )
    }
}

/// The winner of a finished tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Champion {
    /// One player first.
    Sole(PlayerId),
    /// Several players level on points and every tie-break, in standings order.
    Shared(Vec<PlayerId>),
}

/// A crosstable cell: what the row's player did against the column's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cell {
    /// The player against themself (the diagonal).
    Own,
    /// The games between the two, in round order (none when a Swiss did not pair them; two in
    /// a double round robin).
    Games(Vec<Meeting>),
}

/// One game in a crosstable cell, from the row player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meeting {
    /// The round.
    pub round: u8,
    /// The board.
    pub board: u8,
    /// The row player's colour.
    pub colour: Colour,
    /// How it went for the row player, once played.
    pub outcome: Option<Outcome>,
}

impl Tournament {
    /// The standings, first place first (see the module's notes for the order).
    pub fn standings(&self) -> Vec<StandingRow> {
        let mut rows: Vec<StandingRow> = self.players().map(|p| self.tally(p)).collect();
        let points: Vec<HalfPoints> = rows.iter().map(|r| r.points).collect();
        for row in &mut rows {
            row.sonneborn_berger = self.sonneborn_berger(row.player, &points);
        }
        self.add_direct_encounters(&mut rows);
        rows.sort_by_key(|r| {
            let name = self.entrant(r.player).map(|e| name_key(&e.name));
            (r.merit(), name, r.player)
        });
        rank(&mut rows);
        rows
    }

    /// A player's row without the tie-breaks and rank.
    fn tally(&self, player: PlayerId) -> StandingRow {
        let mut row = StandingRow {
            rank: 0,
            shared: false,
            player,
            points: HalfPoints(0),
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            byes: 0,
            direct_encounter: None,
            sonneborn_berger: QuarterPoints(0),
            games_left: 0,
        };
        for round in &self.rounds {
            if round.bye == Some(player) {
                row.byes += 1;
                row.points.0 += self.format.bye_points().0;
            }
            let Some(game) = round.game_of(player) else {
                continue;
            };
            match game.outcome_for(player) {
                None => row.games_left += 1,
                Some(outcome) => {
                    row.played += 1;
                    row.points.0 += outcome.points().0;
                    *match outcome {
                        Outcome::Win => &mut row.wins,
                        Outcome::Draw => &mut row.draws,
                        Outcome::Loss => &mut row.losses,
                    } += 1;
                }
            }
        }
        let unpaired = self.total_rounds().saturating_sub(self.rounds.len());
        row.games_left += u32::try_from(unpaired).unwrap_or(0);
        row
    }

    /// The sum over `player`'s played games of the points scored times the opponent's points.
    fn sonneborn_berger(&self, player: PlayerId, points: &[HalfPoints]) -> QuarterPoints {
        let sum = self
            .games_of(player)
            .filter_map(|g| {
                let scored = g.outcome_for(player)?.points().0;
                let opponent = points.get(g.opponent_of(player)?.index())?.0;
                Some(scored * opponent)
            })
            .sum();
        QuarterPoints(sum)
    }

    /// Every game `player` is paired in.
    fn games_of(&self, player: PlayerId) -> impl Iterator<Item = &super::Pairing> {
        self.rounds
            .iter()
            .flat_map(|r| &r.games)
            .filter(move |g| g.involves(player))
    }

    /// Sets the direct encounter of each group of players level on points, where it applies.
    fn add_direct_encounters(&self, rows: &mut [StandingRow]) {
        let mut levels: Vec<HalfPoints> = rows.iter().map(|r| r.points).collect();
        levels.sort();
        levels.dedup();
        for level in levels {
            let group: Vec<PlayerId> = rows
                .iter()
                .filter(|r| r.points == level)
                .map(|r| r.player)
                .collect();
            if !self.all_met_equally(&group) {
                continue;
            }
            for row in rows.iter_mut().filter(|r| r.points == level) {
                row.direct_encounter = Some(self.points_among(row.player, &group));
            }
        }
    }

    /// Whether every two of `group` (two or more players) have played each other, and equally
    /// often.
    fn all_met_equally(&self, group: &[PlayerId]) -> bool {
        let mut counts = Vec::new();
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                let played = self
                    .games_of(a)
                    .filter(|g| g.is_between(a, b) && g.result.is_some())
                    .count();
                counts.push(played);
            }
        }
        counts
            .first()
            .is_some_and(|&first| first > 0 && counts.iter().all(|&c| c == first))
    }

    /// The points `player` scored in played games against the rest of `group`.
    fn points_among(&self, player: PlayerId, group: &[PlayerId]) -> HalfPoints {
        let sum = self
            .games_of(player)
            .filter(|g| g.opponent_of(player).is_some_and(|o| group.contains(&o)))
            .filter_map(|g| g.outcome_for(player))
            .map(|o| o.points().0)
            .sum();
        HalfPoints(sum)
    }

    /// The crosstable, indexed `[row player][column player]` by [`PlayerId`] (the exports put it
    /// in standings order).
    pub fn crosstable(&self) -> Vec<Vec<Cell>> {
        self.players()
            .map(|row| {
                self.players()
                    .map(|column| self.cell(row, column))
                    .collect()
            })
            .collect()
    }

    /// One crosstable cell.
    fn cell(&self, row: PlayerId, column: PlayerId) -> Cell {
        if row == column {
            return Cell::Own;
        }
        let meetings = self
            .games_of(row)
            .filter(|g| g.is_between(row, column))
            .filter_map(|g| {
                Some(Meeting {
                    round: g.round,
                    board: g.board,
                    colour: g.colour_of(row)?,
                    outcome: g.outcome_for(row),
                })
            })
            .collect();
        Cell::Games(meetings)
    }
}

/// Numbers the sorted rows: equal merit, equal rank (the rank of the first of them).
fn rank(rows: &mut [StandingRow]) {
    let merits: Vec<_> = rows.iter().map(StandingRow::merit).collect();
    for i in 0..rows.len() {
        let first = merits[..i]
            .iter()
            .rposition(|m| *m != merits[i])
            .map_or(0, |j| j + 1);
        rows[i].rank = u32::try_from(first + 1).unwrap_or(u32::MAX);
        let before = i > 0 && merits[i - 1] == merits[i];
        let after = merits.get(i + 1) == Some(&merits[i]);
        rows[i].shared = before || after;
    }
}

#[cfg(test)]
mod tests {
    use super::super::round::GameResult;
    use super::super::testing::*;
    use super::super::{Entrant, Format};
    use super::*;

    /// Sets the result of the game between `a` and `b` (seeds from 0) so that `a` scores
    /// `score` (2 win, 1 draw, 0 loss) in the first cycle.
    fn set(t: &mut Tournament, a: u8, b: u8, score: u32) {
        let (a, b) = (PlayerId(a), PlayerId(b));
        let game = t
            .rounds()
            .iter()
            .flat_map(|r| &r.games)
            .find(|g| g.is_between(a, b) && g.result.is_none())
            .copied()
            .expect("a game between them");
        let colour = game.colour_of(a).expect("plays");
        let result = match score {
            2 => GameResult::win_for(colour),
            1 => GameResult::Draw,
            _ => GameResult::win_for(colour.other()),
        };
        t.record_result(game.round, game.board, result)
            .expect("recorded");
    }

    fn row(rows: &[StandingRow], p: u8) -> &StandingRow {
        rows.iter()
            .find(|r| r.player == PlayerId(p))
            .expect("a row")
    }

    /// A round robin of four, worked by hand:
    ///
    /// ```text
    ///           A   B   C   D   points
    ///   A       ×   1   ½   0   1½
    ///   B       0   ×   1   1   2
    ///   C       ½   0   ×   1   1½
    ///   D       1   0   0   ×   1
    /// ```
    ///
    /// Sonneborn-Berger: A = 1·2 + ½·1½ + 0 = 2¾; B = 1·1½ + 1·1 = 2½; C = ½·1½ + 1·1 = 1¾;
    /// D = 1·1½ = 1½. A and C are level on 1½ and drew their game: the direct encounter is ½
    /// each, and Sonneborn-Berger puts A ahead.
    #[test]
    fn a_known_crosstable() {
        let entrants = ["A", "B", "C", "D"].map(Entrant::person).to_vec();
        let mut t = Tournament::new(entrants, Format::RoundRobin { double: false }, 0.into())
            .expect("valid");
        set(&mut t, 0, 1, 2);
        set(&mut t, 0, 2, 1);
        set(&mut t, 0, 3, 0);
        set(&mut t, 1, 2, 2);
        set(&mut t, 1, 3, 2);
        set(&mut t, 2, 3, 2);
        assert!(t.is_finished());
        let rows = t.standings();
        let order: Vec<u8> = rows.iter().map(|r| r.player.0).collect();
        assert_eq!(order, vec![1, 0, 2, 3]);
        assert_eq!(
            rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        assert_eq!(row(&rows, 0).points, HalfPoints(3));
        assert_eq!(row(&rows, 1).points, HalfPoints(4));
        assert_eq!(row(&rows, 2).points, HalfPoints(3));
        assert_eq!(row(&rows, 3).points, HalfPoints(2));
        assert_eq!(row(&rows, 0).sonneborn_berger, QuarterPoints(11));
        assert_eq!(row(&rows, 1).sonneborn_berger, QuarterPoints(10));
        assert_eq!(row(&rows, 2).sonneborn_berger, QuarterPoints(7));
        assert_eq!(row(&rows, 3).sonneborn_berger, QuarterPoints(6));
        assert_eq!(row(&rows, 0).direct_encounter, Some(HalfPoints(1)));
        assert_eq!(row(&rows, 2).direct_encounter, Some(HalfPoints(1)));
        assert_eq!(row(&rows, 1).direct_encounter, None);
        let a = row(&rows, 0);
        assert_eq!((a.played, a.wins, a.draws, a.losses), (3, 1, 1, 1));
        assert_eq!(a.games_left, 0);
        assert_eq!(t.champion(), Some(Champion::Sole(PlayerId(1))));

        let cross = t.crosstable();
        assert_eq!(cross[0][0], Cell::Own);
        let Cell::Games(ab) = &cross[0][1] else {
            panic!("a game")
        };
        assert_eq!(ab.len(), 1);
        assert_eq!(ab[0].outcome, Some(Outcome::Win));
        let Cell::Games(ba) = &cross[1][0] else {
            panic!("a game")
        };
        assert_eq!(ba[0].outcome, Some(Outcome::Loss));
        assert_eq!(ba[0].colour, ab[0].colour.other());
    }

    #[test]
    fn direct_encounter_comes_before_sonneborn_berger() {
        // A beat C; both end on 1 and C has the better Sonneborn-Berger, but A is ahead.
        //           A   B   C   D
        //   A       ×   0   1   0   1     SB 1·1 = 1
        //   B       1   ×   1   ½   2½
        //   C       0   0   ×   1   1     SB 1·1½ = 1½
        //   D       1   ½   0   ×   1½
        let entrants = ["A", "B", "C", "D"].map(Entrant::person).to_vec();
        let mut t = Tournament::new(entrants, Format::RoundRobin { double: false }, 0.into())
            .expect("valid");
        set(&mut t, 0, 1, 0);
        set(&mut t, 0, 2, 2);
        set(&mut t, 0, 3, 0);
        set(&mut t, 1, 2, 2);
        set(&mut t, 1, 3, 1);
        set(&mut t, 2, 3, 2);
        let rows = t.standings();
        assert_eq!(row(&rows, 0).sonneborn_berger, QuarterPoints(4));
        assert_eq!(row(&rows, 2).sonneborn_berger, QuarterPoints(6));
        assert_eq!(row(&rows, 0).direct_encounter, Some(HalfPoints(2)));
        assert_eq!(row(&rows, 2).direct_encounter, Some(HalfPoints(0)));
        let order: Vec<u8> = rows.iter().map(|r| r.player.0).collect();
        assert_eq!(order, vec![1, 3, 0, 2]);
        assert_eq!(
            rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
    }

    #[test]
    fn equal_rows_share_a_rank() {
        // A cycle: A beats B, B beats C, C beats A: all on 1, all equal.
        let entrants = ["Cy", "ab", "Bo"].map(Entrant::person).to_vec();
        let mut t = Tournament::new(entrants, Format::RoundRobin { double: false }, 0.into())
            .expect("valid");
        set(&mut t, 0, 1, 2);
        set(&mut t, 1, 2, 2);
        set(&mut t, 2, 0, 2);
        let rows = t.standings();
        assert!(rows.iter().all(|r| r.rank == 1 && r.shared));
        // The name orders them, ignoring case.
        let order: Vec<u8> = rows.iter().map(|r| r.player.0).collect();
        assert_eq!(order, vec![1, 2, 0]);
        assert_eq!(
            t.champion(),
            Some(Champion::Shared(vec![
                PlayerId(1),
                PlayerId(2),
                PlayerId(0)
            ]))
        );
        // A round-robin bye is worth nothing.
        assert!(
            rows.iter()
                .all(|r| r.points == HalfPoints(2) && r.byes == 1)
        );
    }

    #[test]
    fn swiss_byes_score_a_point_but_no_sonneborn_berger() {
        let mut t =
            Tournament::new(people(5), Format::Swiss { rounds: 2 }, 0.into()).expect("valid");
        let bye = t.rounds()[0].bye.expect("a bye");
        for g in t.rounds()[0].games.clone() {
            t.record_result(1, g.board, GameResult::Draw)
                .expect("recorded");
        }
        let rows = t.standings();
        let r = row(&rows, bye.0);
        assert_eq!(
            (r.points, r.played, r.wins, r.byes),
            (HalfPoints(2), 0, 0, 1)
        );
        assert_eq!(r.sonneborn_berger, QuarterPoints(0));
        assert_eq!(r.games_left, 1);
        assert_eq!(rows[0].player, bye);
        // The others drew with someone on ½: SB ½·½ = ¼.
        assert!(
            rows[1..]
                .iter()
                .all(|r| r.sonneborn_berger == QuarterPoints(1))
        );
        // Level on ½, but they have not all met: no direct encounter.
        assert!(rows[1..].iter().all(|r| r.direct_encounter.is_none()));
    }

    #[test]
    fn double_round_robin_cells_hold_both_games() {
        let mut t = Tournament::new(people(3), Format::RoundRobin { double: true }, 0.into())
            .expect("valid");
        set(&mut t, 0, 1, 2);
        set(&mut t, 0, 1, 1);
        let Cell::Games(games) = &t.crosstable()[0][1] else {
            panic!("games")
        };
        let outcomes: Vec<_> = games.iter().map(|m| m.outcome).collect();
        assert_eq!(outcomes, vec![Some(Outcome::Win), Some(Outcome::Draw)]);
        assert_eq!(games[0].colour, games[1].colour.other());
        let rows = t.standings();
        assert_eq!(row(&rows, 0).games_left, 2);
        assert_eq!(row(&rows, 2).games_left, 4);
    }
}
