//! Learn from your mistakes: after a game against the computer, the player's own `?` and `??`
//! moves one by one — the position before each on the board, "find a better move", the try
//! judged by the engine as the review judges moves (the coach's thresholds), why the move
//! played was a mistake, and the engine's better move drawn on the board.
//!
//! The game is analysed first (the review's [`Analysis`], every position), then each mistake's
//! position is started as practice (`StartAs::Practice`: the player moves their own side only,
//! never autosaved). Finishing brings the whole game back as it was.

mod judge;
pub mod window;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;
use gamut_engine::coach::{self, Seen};
use gamut_engine::search::Score;

use crate::board::arrows::BoardArrows;
use crate::engine_jobs::{EngineJobsSystems, JobOwner, JobReport, Jobs};
use crate::model::{CurrentGame, GameSettings, Player, Seats};
use crate::play::{AppState, MovePlayed, PlaySystems, StartAs, StartGame};
use crate::review::marks::black_view;
use crate::review::{Analysis, AnalysisLimits, Explained, Found, Mistake, mistakes};
use judge::Judge;

/// What the player asks of the lesson (its window's buttons, the game-over panel's).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MistakesCommand {
    /// Start with the game on the board (a finished game against the computer).
    Start,
    /// The position before the mistake again, for another try.
    TryAgain,
    /// The engine's better move, drawn on the board.
    ShowBetter,
    /// The next mistake.
    Next,
    /// Back to the game.
    Finish,
}

/// The lesson under way, if any.
#[derive(Resource, Default)]
pub struct MistakesLesson(pub Option<Lesson>);

/// Where the lesson is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The game is being analysed: this many positions of so many.
    Analysing {
        /// Positions analysed.
        done: usize,
        /// Positions in all.
        total: usize,
    },
    /// The player made no `?` or `??` move.
    NoMistakes,
    /// The position before a mistake: the player looks for a better move.
    Find,
    /// The player's try is being searched.
    Judging {
        /// The move tried.
        tried: AnyMove,
    },
    /// The player's try, judged.
    Judged {
        /// The move tried, written.
        tried: String,
        /// Whether it was good.
        verdict: Verdict,
    },
    /// The engine's better move is drawn on the board.
    Shown,
}

/// The engine's word on a try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Not a mistake (by the review's thresholds); `best`: the engine's own choice.
    Good {
        /// The try was the engine's move.
        best: bool,
    },
    /// A mistake too, and why.
    NotBetter(Box<Explained>),
}

/// A game's mistakes being gone through.
pub struct Lesson {
    game: CurrentGame,
    seats: GameSettings,
    names: crate::model::SeatNames,
    learner: Side,
    analysis: Option<Analysis>,
    found: Vec<Option<Found>>,
    /// The learner's marked moves: the index of each in the game.
    mistakes: Vec<usize>,
    index: usize,
    judge: Option<Judge>,
    /// The tries at this mistake judged no better (the better move is said after two).
    misses: usize,
    /// Where the lesson is.
    pub step: Step,
}

/// The tries judged no better after which the window says the better move by itself (before
/// that, only on request: a second try first, as a trainer gives).
pub const TRIES_BEFORE_THE_ANSWER: usize = 2;

/// One mistake, as the window tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// Which mistake (from 0), of how many.
    pub index: usize,
    /// How many mistakes.
    pub total: usize,
    /// The move number and the move played, written.
    pub number: usize,
    /// The move played.
    pub played: String,
    /// Its mark.
    pub mark: Mistake,
    /// The learner's colour.
    pub side: Side,
    /// Why the move played was a mistake, and the better move (when the engine found the
    /// reasons).
    pub why: Option<Explained>,
}

impl Lesson {
    /// The mistake being gone through, if the analysis is done and there is one.
    pub fn shown(&self) -> Option<Shown> {
        let &ply = self.mistakes.get(self.index)?;
        let before = self.game_at(ply);
        let played = *self.game.position().moves_played().get(ply)?;
        let mark = mistakes(&self.black_scores(), &self.movers())
            .get(ply)
            .copied()
            .flatten()?;
        let why = self.seen(ply).and_then(|seen_before| {
            let explanation = coach::explain_mistake(
                before.position(),
                played,
                &seen_before,
                self.seen(ply + 1).as_ref(),
            )?;
            Some(Explained::of(explanation, before.position()))
        });
        Some(Shown {
            index: self.index,
            total: self.mistakes.len(),
            number: ply / before.seat_count() + 1,
            played: before.position().human_move(played),
            mark,
            side: self.learner,
            why,
        })
    }

    /// Whether the window says the better move: once it is drawn on request, once the player
    /// found a good move, or after [`TRIES_BEFORE_THE_ANSWER`] tries no better.
    pub fn reveals_better(&self) -> bool {
        match &self.step {
            Step::Shown => true,
            Step::Judged {
                verdict: Verdict::Good { .. },
                ..
            } => true,
            Step::Judged { .. } => self.misses >= TRIES_BEFORE_THE_ANSWER,
            _ => false,
        }
    }

    /// The tries at this mistake judged no better so far.
    pub fn misses(&self) -> usize {
        self.misses
    }

    /// Whether another mistake follows this one.
    pub fn has_next(&self) -> bool {
        self.index + 1 < self.mistakes.len()
    }

    fn black_scores(&self) -> Vec<Option<Score>> {
        self.found
            .iter()
            .map(|f| f.as_ref().map(|f| f.black_score))
            .collect()
    }

    fn movers(&self) -> Vec<Side> {
        let mut replay = self.game_at(0);
        self.game
            .position()
            .moves_played()
            .into_iter()
            .map(|mv| {
                let mover = replay.side_to_move();
                replay.play(mv);
                mover
            })
            .collect()
    }

    /// The analysis's view of position `ply`, for the side to move there.
    fn seen(&self, ply: usize) -> Option<Seen> {
        let found = self.found.get(ply)?.as_ref()?;
        let side = self.game_at(ply).side_to_move();
        Some(Seen {
            score: black_view(found.black_score, side),
            line: found.line.clone(),
        })
    }

    /// The whole game taken back to `ply` moves.
    fn game_at(&self, ply: usize) -> CurrentGame {
        let mut game = self.game.clone();
        while game.ply() > ply && game.undo() {}
        game
    }

    /// The engine's move in the position before the mistake.
    fn better(&self) -> Option<AnyMove> {
        let ply = *self.mistakes.get(self.index)?;
        self.found.get(ply)?.as_ref()?.line.first().copied()
    }
}

pub use crate::play::actions::{can_learn, learner};

/// Learn from your mistakes: the commands, the analysis, the tries.
pub struct MistakesPlugin;

impl Plugin for MistakesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<MistakesLesson>()
            .add_message::<MistakesCommand>()
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                window::mistakes_window
                    .run_if(in_state(crate::play::GameMode::Mistakes))
                    .after(crate::ui::UiSystems)
                    .run_if(crate::i18n::words_ready),
            )
            .add_systems(Update, handle_commands.before(PlaySystems))
            .add_systems(
                Update,
                (follow_analysis, judge_tries, collect_verdicts)
                    .chain()
                    .after(PlaySystems)
                    .after(EngineJobsSystems),
            )
            .add_systems(OnEnter(AppState::Menu), end_at_the_title)
            .add_systems(
                Last,
                crate::rest::answer_messages::<MistakesCommand>.before(crate::rest::RestSystems),
            );
    }
}

/// What a command changes.
#[derive(bevy::ecs::system::SystemParam)]
struct Targets<'w> {
    lesson: ResMut<'w, MistakesLesson>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    names: Res<'w, crate::model::SeatNames>,
    limits: Res<'w, AnalysisLimits>,
    starts: MessageWriter<'w, StartGame>,
    arrows: ResMut<'w, BoardArrows>,
    jobs: Jobs<'w>,
}

impl Targets<'_> {
    fn start(&mut self) {
        let Some(learner) = learner(&self.game, &self.seats) else {
            return;
        };
        if !can_learn(&self.game, &self.seats) {
            return;
        }
        let total = self.game.ply() + 1;
        self.lesson.0 = Some(Lesson {
            game: self.game.clone(),
            seats: self.seats.0,
            names: self.names.clone(),
            learner,
            analysis: Some(Analysis::start(
                &mut self.jobs,
                JobOwner::Mistakes,
                &self.game,
                *self.limits,
            )),
            found: vec![None; total],
            mistakes: Vec::new(),
            index: 0,
            judge: None,
            misses: 0,
            step: Step::Analysing { done: 0, total },
        });
        // The finished game stays on the board, now in the mode of its own: the lesson's
        // window instead of the game's panels.
        self.starts.write(StartGame {
            names: Default::default(),
            game: Box::new(self.game.clone()),
            seats: people(&self.seats.0),
            mode: StartAs::Practice {
                learner,
                drill: crate::play::Drill::Mistake,
            },
            notice: None,
        });
    }

    /// The position before the current mistake, for the learner to move.
    fn show_position(&mut self) {
        self.arrows.0.clear();
        let Some(lesson) = self.lesson.0.as_mut() else {
            return;
        };
        let Some(&ply) = lesson.mistakes.get(lesson.index) else {
            return;
        };
        lesson.judge = None;
        lesson.step = Step::Find;
        let game = lesson.game_at(ply);
        self.starts.write(StartGame {
            names: Default::default(),
            game: Box::new(game),
            seats: people(&lesson.seats),
            mode: StartAs::Practice {
                learner: lesson.learner,
                drill: crate::play::Drill::Mistake,
            },
            notice: None,
        });
    }

    fn show_better(&mut self) {
        let Some(lesson) = self.lesson.0.as_ref() else {
            return;
        };
        let better = lesson.better();
        self.show_position();
        if let Some(lesson) = self.lesson.0.as_mut() {
            lesson.step = Step::Shown;
        }
        if let Some(mv) = better {
            self.arrows.0 = crate::board::arrows::of_move(mv);
        }
    }

    fn next(&mut self) {
        if let Some(lesson) = self.lesson.0.as_mut() {
            lesson.index += 1;
            lesson.misses = 0;
        }
        self.show_position();
    }

    /// The whole game back, as it was.
    fn finish(&mut self) {
        self.arrows.0.clear();
        let Some(lesson) = self.lesson.0.take() else {
            return;
        };
        self.starts.write(StartGame {
            names: lesson.names,
            game: Box::new(lesson.game),
            seats: lesson.seats,
            mode: StartAs::Own,
            notice: None,
        });
    }
}

/// The game's seats with people at both: the learner moves, nobody answers.
fn people(seats: &GameSettings) -> GameSettings {
    GameSettings {
        black: Player::Human,
        white: Player::Human,
        ..*seats
    }
}

fn handle_commands(
    mut asked: MessageReader<crate::play::LearnFromMistakes>,
    mut commands: MessageReader<MistakesCommand>,
    mut to: Targets,
) {
    if asked.read().count() > 0 {
        to.start();
    }
    for command in commands.read() {
        info!("learn from your mistakes: {command:?}");
        match command {
            MistakesCommand::Start => to.start(),
            MistakesCommand::TryAgain => to.show_position(),
            MistakesCommand::ShowBetter => to.show_better(),
            MistakesCommand::Next => to.next(),
            MistakesCommand::Finish => to.finish(),
        }
    }
}

/// Copies what the analysis found; once it is done, the learner's mistakes are listed and the
/// first one's position goes on the board.
fn follow_analysis(mut to: Targets, mut reports: MessageReader<JobReport>) {
    let Some(l) = to.lesson.0.as_mut() else {
        reports.clear();
        return;
    };
    let Some(analysis) = l.analysis.as_mut() else {
        reports.clear();
        return;
    };
    for report in reports.read() {
        analysis.receive(report);
    }
    l.found = analysis.found();
    let done = l.found.iter().filter(|f| f.is_some()).count();
    if analysis.is_running() {
        l.step = Step::Analysing {
            done,
            total: l.found.len(),
        };
        return;
    }
    l.analysis = None;
    let movers = l.movers();
    let marks = mistakes(&l.black_scores(), &movers);
    l.mistakes = marks
        .iter()
        .enumerate()
        .filter(|&(i, mark)| {
            movers.get(i) == Some(&l.learner)
                && matches!(mark, Some(Mistake::Dubious | Mistake::Blunder))
        })
        .map(|(i, _)| i)
        .collect();
    if l.mistakes.is_empty() {
        l.step = Step::NoMistakes;
        return;
    }
    to.show_position();
}

/// The learner's try, from the position before the mistake: searched as the analysis searched
/// the game (a move that ends the game is judged at once).
fn judge_tries(
    mut played: MessageReader<MovePlayed>,
    mut lesson: ResMut<MistakesLesson>,
    game: Res<CurrentGame>,
    limits: Res<AnalysisLimits>,
    mut jobs: Jobs,
) {
    let Some(l) = lesson.0.as_mut() else {
        played.clear();
        return;
    };
    for event in played.read() {
        if l.step != Step::Find || event.by != l.learner {
            continue;
        }
        l.step = Step::Judging { tried: event.mv };
        l.judge = Some(Judge::start(&mut jobs, game.position(), *limits));
    }
}

/// A try's search done: the verdict, by the review's thresholds.
fn collect_verdicts(mut lesson: ResMut<MistakesLesson>, mut reports: MessageReader<JobReport>) {
    let Some(l) = lesson.0.as_mut() else {
        reports.clear();
        return;
    };
    for report in reports.read() {
        if let Some(judge) = l.judge.as_mut() {
            judge.receive(report);
        }
    }
    let Step::Judging { tried } = l.step else {
        return;
    };
    let Some(after) = l.judge.as_ref().and_then(Judge::done) else {
        return;
    };
    l.judge = None;
    let Some(&ply) = l.mistakes.get(l.index) else {
        return;
    };
    let before = l.game_at(ply);
    let Some(seen_before) = l.seen(ply) else {
        return;
    };
    let verdict = judge::verdict(
        before.position(),
        tried,
        &seen_before,
        after.as_ref(),
        l.better(),
    );
    if matches!(verdict, Verdict::NotBetter(_)) {
        l.misses += 1;
    }
    l.step = Step::Judged {
        tried: before.position().human_move(tried),
        verdict,
    };
}

/// Back at the title (the player left from the practice board), the lesson ends.
fn end_at_the_title(mut lesson: ResMut<MistakesLesson>, mut arrows: ResMut<BoardArrows>) {
    if lesson.0.take().is_some() {
        arrows.0.clear();
    }
}

#[cfg(test)]
impl Lesson {
    /// A lost game's blunder (Black's e1xe4??, White connects with h4-g3), analysed, at `step`.
    pub fn blunder_at(step: Step) -> Lesson {
        use gamut_engine::any_game::GameConfig;
        let config = GameConfig::default();
        let mut game =
            CurrentGame::from_text(config, "8/1bw3b1/3w1wb1/1bw1w3/3bww1w/8/1bb5/4b1b1 b")
                .expect("the position reads");
        let parse = |game: &CurrentGame, m: &str| game.position().parse_move(m).unwrap();
        let (blunder, better) = (parse(&game, "e1xe4"), parse(&game, "d4xd6"));
        game.play(blunder);
        let win = parse(&game, "h4-g3");
        game.play(win);
        let found = |black_score, line| Some(Found { black_score, line });
        Lesson {
            game,
            seats: GameSettings::default(),
            names: Default::default(),
            learner: Side::Black,
            analysis: None,
            found: vec![
                found(Score::Centipawns(40), vec![better]),
                found(Score::LossIn(1), vec![win]),
                found(Score::LossIn(0), Vec::new()),
            ],
            mistakes: vec![0],
            index: 0,
            judge: None,
            misses: usize::from(matches!(
                step,
                Step::Judged {
                    verdict: Verdict::NotBetter(_),
                    ..
                }
            )),
            step,
        }
    }

    /// The same lesson, `misses` tries judged no better at this mistake.
    pub fn with_misses(mut self, misses: usize) -> Lesson {
        self.misses = misses;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blunder_is_shown_with_its_reason_and_the_better_move() {
        let lesson = Lesson::blunder_at(Step::Find);
        let shown = lesson.shown().expect("the blunder");
        assert_eq!((shown.index, shown.total, shown.number), (0, 1, 1));
        assert_eq!(shown.played, "e1xe4");
        assert_eq!(shown.mark, Mistake::Blunder);
        let why = shown.why.expect("why");
        assert_eq!(why.better.as_deref(), Some("d4xd6"));
        assert_eq!(why.lines[0], ["h4-g3"]);
        assert!(!lesson.has_next());
    }

    #[test]
    fn the_engines_move_is_praised_and_the_same_blunder_is_not() {
        let lesson = Lesson::blunder_at(Step::Find);
        let before = lesson.game_at(0);
        let seen = lesson.seen(0).unwrap();
        let better = lesson.better().unwrap();
        assert_eq!(
            judge::verdict(before.position(), better, &seen, None, Some(better)),
            Verdict::Good { best: true }
        );
        let blunder = before.position().parse_move("e1xe4").unwrap();
        let after = lesson.seen(1);
        let verdict = judge::verdict(
            before.position(),
            blunder,
            &seen,
            after.as_ref(),
            Some(better),
        );
        assert!(matches!(verdict, Verdict::NotBetter(_)), "{verdict:?}");
    }

    /// A try no better does not give the answer away: the better move is said after the second
    /// miss, at once on request (Show the better move), or once a good move is found.
    #[test]
    fn the_better_move_waits_for_a_second_try() {
        let lesson = Lesson::blunder_at(Step::Find);
        let why = lesson.shown().and_then(|s| s.why).expect("why");
        let missed = Step::Judged {
            tried: "e1xe4".into(),
            verdict: Verdict::NotBetter(Box::new(why)),
        };
        let once = Lesson::blunder_at(missed.clone());
        assert_eq!(once.misses(), 1);
        assert!(!once.reveals_better());
        let twice = Lesson::blunder_at(missed).with_misses(TRIES_BEFORE_THE_ANSWER);
        assert!(twice.reveals_better());
        assert!(Lesson::blunder_at(Step::Shown).reveals_better());
        let found = Step::Judged {
            tried: "d4xd6".into(),
            verdict: Verdict::Good { best: true },
        };
        assert!(Lesson::blunder_at(found).reveals_better());
        assert!(!Lesson::blunder_at(Step::Find).reveals_better());
    }
}
