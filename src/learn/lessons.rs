//! The lessons as data: each step a position (with its rules), what the learner is asked to do
//! and the Fluent keys of its words. Positions follow the engine's position text (ranks from the
//! top down, `b`/`w` pieces, digits for empty squares, then the side to move); moves are written
//! `a6-c4`, `c1xc5`, `a3-c3 @d4` (Parachute) or `b1-(2,-1)` (Boundless, off the 8×8 area).

use gamut_engine::Color as Side;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::loa::{BoardSize as LoaBoard, SimultaneousConnection, Variant};

/// The game and rule options of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// Lines of Action, the default rules.
    Loa,
    /// Lines of Action, a move connecting both sides wins for the mover.
    LoaMoverWins,
    /// Lines of Action, White moves first.
    LoaWhiteFirst,
    /// Lines of Action on the 6×6 board, the default rules.
    LoaSix,
    /// A Lines of Action variant, otherwise default rules.
    Variant(Variant),
    /// Epaminondas on Abbott's 14×12 board, anti-symmetry rule on.
    Epaminondas,
    /// Epaminondas on the small 8×8 board, anti-symmetry rule on.
    EpaminondasSmall,
}

impl Rules {
    /// The engine's configuration.
    pub fn config(self) -> GameConfig {
        let mut config = GameConfig::default();
        match self {
            Rules::Loa => {}
            Rules::LoaMoverWins => config.loa.simultaneous = SimultaneousConnection::MoverWins,
            Rules::LoaWhiteFirst => config.loa.first_player = Side::White,
            Rules::LoaSix => config.loa.board = LoaBoard::Six,
            Rules::Variant(v) => config.loa.variant = v,
            Rules::Epaminondas => {
                config.kind = GameKind::Epaminondas;
                config.epaminondas.board = BoardSize::Standard;
            }
            Rules::EpaminondasSmall => {
                config.kind = GameKind::Epaminondas;
                config.epaminondas.board = BoardSize::Small;
            }
        }
        config
    }

    /// Whether the step is a game of Epaminondas.
    pub fn is_epaminondas(self) -> bool {
        matches!(self, Rules::Epaminondas | Rules::EpaminondasSmall)
    }
}

/// What a step asks of the learner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Only look (the learner may try moves freely); "Show me" plays `show` if there is one.
    Look {
        /// A move to show.
        show: Option<&'static str>,
    },
    /// Reach `goal`; the scripted side then answers `reply`, if any.
    Play {
        /// What the learner's move must do: every move that does it is right.
        goal: Goal,
        /// The other side's answer.
        reply: Option<&'static str>,
    },
}

/// What a step's move must do. The lesson accepts every legal move that does it, so a goal
/// several moves reach is not tied to one of them (the engine checks each step in the tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// One of these moves: the step names the piece and where it goes (the first is shown).
    Moves(&'static [&'static str]),
    /// Capture the enemy piece on `on`, with any piece.
    CaptureOn {
        /// The square of the piece to take.
        on: &'static str,
        /// A move that does, for "Show me".
        example: &'static str,
    },
    /// Capture in the centre of the board (c3–f6 on 8×8).
    CaptureInCentre {
        /// A move that does, for "Show me".
        example: &'static str,
    },
    /// A move that gives the opponent nothing new to capture: no piece he could not take
    /// before the move.
    Safe {
        /// A move that does, for "Show me".
        example: &'static str,
    },
    /// Stop the opponent from winning at once: after the move he has not won (Epaminondas:
    /// at the start of his turn he has no more stones on your home row than you on his).
    Hold {
        /// A move that does, for "Show me".
        example: &'static str,
    },
    /// Put one more of your stones on the enemy's home row (Epaminondas).
    Cross {
        /// A move that does, for "Show me".
        example: &'static str,
    },
    /// Win the game at once.
    Win {
        /// A winning move, for "Show me".
        example: &'static str,
    },
    /// Any legal move.
    Any {
        /// A legal move, for "Show me".
        example: &'static str,
    },
}

impl Goal {
    /// The move "Show me" plays.
    pub fn example(self) -> &'static str {
        match self {
            Goal::Moves(moves) => moves.first().copied().unwrap_or(""),
            Goal::CaptureOn { example, .. }
            | Goal::CaptureInCentre { example }
            | Goal::Safe { example }
            | Goal::Hold { example }
            | Goal::Cross { example }
            | Goal::Win { example }
            | Goal::Any { example } => example,
        }
    }
}

impl Task {
    /// The move "Show me" plays, if any.
    pub fn shown_move(self) -> Option<&'static str> {
        match self {
            Task::Look { show } => show,
            Task::Play { goal, .. } => Some(goal.example()),
        }
    }
}

/// One step of a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepDef {
    /// The game and its rule options.
    pub rules: Rules,
    /// The position; `None` is the start position of the rules.
    pub position: Option<&'static str>,
    /// The learner's colour.
    pub learner: Side,
    /// What to do.
    pub task: Task,
    /// The words of the step: what to look at or do.
    pub ask: &'static str,
    /// The words once it is done (or shown).
    pub done: &'static str,
    /// The words for a legal move that is not the one asked for.
    pub wrong: &'static str,
    /// Moves the rules refuse on purpose in this step (the lesson's counter-examples).
    pub refused: &'static [&'static str],
}

/// Which list a lesson is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Lines of Action's rules.
    Loa,
    /// Lines of Action's rule options and variants.
    LoaVariants,
    /// Epaminondas.
    Epaminondas,
    /// Strategy.
    Strategy,
}

/// The groups, in list order, with their headings' keys.
pub const GROUPS: [(Group, &str); 4] = [
    (Group::Loa, "lesson-group-loa"),
    (Group::LoaVariants, "lesson-group-loa-variants"),
    (Group::Epaminondas, "lesson-group-epaminondas"),
    (Group::Strategy, "lesson-group-strategy"),
];

/// A lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonDef {
    /// A short name, for tests and the log.
    pub id: &'static str,
    /// Its list.
    pub group: Group,
    /// Its title's key.
    pub title: &'static str,
    /// Its steps.
    pub steps: &'static [StepDef],
}

const START: &str = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b";
/// The 6×6 board's start: eight pieces each.
const SIX_START: &str = "1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b";
/// 6×6: Black's d2 takes d4 up the d-file (two pieces on it).
const SIX_CAPTURE: &str = "6/4b1/3w2/w5/1b1b2/5w b";
/// 6×6: Black joins e1 to the group b2, c2, c3 (e1-d1, or e1-b4 over c3).
const SIX_CONNECT: &str = "6/w4w/6/2b3/1bb2w/4b1 b";
/// The article's game after 1. b1-b3 h4-f2.
const GAME_AFTER_1: &str = "1bbbbbb1/w6w/w6w/w6w/w7/wb5w/w4w1w/2bbbbb1 b";
/// The article's game after 2. d1xa4 h2-e2, Black to move.
const GAME_AFTER_2: &str = "1bbbbbb1/w6w/w6w/w6w/b7/wb5w/w3ww2/2b1bbb1 b";
/// The article's game after 3. e1-c3 a5xc3, where its commentary ends.
const GAME_END: &str = "1bbbbbb1/w6w/w6w/7w/b7/wbw4w/w3ww2/2b2bb1 b";
/// The article's game after 2. d1xa4 h2-e2 had Black played 3. c8-c6 instead: White walls.
const GAME_WALL: &str = "1b1bbbb1/w6w/w1b4w/w6w/b7/wb5w/w3ww2/2b1bbb1 w";
/// The article's diagram of moves (as far as the scan tells it): a6 may not jump c6, but goes
/// to c4; then e8 jumps its own c6; then h3 captures f1.
const ARTICLE_MOVES: &str = "4b2b/8/w1b2w2/8/b7/7w/8/5b2 w";
const ARTICLE_JUMP: &str = "4b2b/8/2b2w2/8/b1w5/7w/8/5b2 b";
const ARTICLE_CAPTURE: &str = "7b/8/2b2w2/1b6/b1w5/7w/8/5b2 w";
/// Both sides connect when Black takes g3.
const BOTH_CONNECT: &str = "8/8/3ww3/8/4bb2/6w1/8/6b1 b";
/// Black may connect by g1-f2, or by g1xe1, which connects White too.
const WHICH_CAPTURE: &str = "8/8/5ww1/8/8/8/3bb3/4w1b1 b";
/// The Abacus rules' figure 3: Black wins with g5-f4 (the figure is lost; the move is kept).
const ABACUS_FIGURE_3: &str = "8/1w6/8/4b1b1/w3b3/5b2/7w/8 b";
/// The article's "won game": White's last piece joins, Black needed two more turns.
const WON_GAME: &str = "2b5/8/3www2/8/8/2w5/6b1/6bb w";
/// A phalanx of three on c1-c3.
const PHALANX: &str = "1bb2b2/5b2/8/8/8/2w5/2w5/2w2ww1 w";
/// Epaminondas, 14×12: a Black stone has reached g1 on White's home row.
const INTRUSION: &str =
    "bbbbbbbbbbbbbb/bbbbbb1bbbbbbb/14/14/14/14/14/14/14/14/wwwwww1wwwwwww/wwwwwwbwwwwwww w";

const fn step(rules: Rules, position: Option<&'static str>, learner: Side, task: Task) -> StepDef {
    StepDef {
        rules,
        position,
        learner,
        task,
        ask: "",
        done: "",
        wrong: "lesson-not-this-one",
        refused: &[],
    }
}

const fn words(mut s: StepDef, ask: &'static str, done: &'static str) -> StepDef {
    s.ask = ask;
    s.done = done;
    s
}

const fn play(moves: &'static [&'static str]) -> Task {
    Task::Play {
        goal: Goal::Moves(moves),
        reply: None,
    }
}

const fn reach(goal: Goal) -> Task {
    Task::Play { goal, reply: None }
}

const fn answered(moves: &'static [&'static str], reply: &'static str) -> Task {
    Task::Play {
        goal: Goal::Moves(moves),
        reply: Some(reply),
    }
}

const LOOK: Task = Task::Look { show: None };

/// A look-only step whose words stay the same once "done".
const fn look(
    rules: Rules,
    position: Option<&'static str>,
    learner: Side,
    ask: &'static str,
) -> StepDef {
    words(step(rules, position, learner, LOOK), ask, ask)
}

/// Every lesson, in list order.
pub const LESSONS: &[LessonDef] = &[
    LessonDef {
        id: "loa-six",
        group: Group::Loa,
        title: "lesson-loa-six-title",
        steps: &[
            look(
                Rules::LoaSix,
                Some(SIX_START),
                Side::Black,
                "lesson-loa-six-0-ask",
            ),
            words(
                step(
                    Rules::LoaSix,
                    Some(SIX_START),
                    Side::Black,
                    play(&["b1-b3"]),
                ),
                "lesson-loa-six-1-ask",
                "lesson-loa-six-1-done",
            ),
            words(
                step(
                    Rules::LoaSix,
                    Some(SIX_CAPTURE),
                    Side::Black,
                    reach(Goal::CaptureOn {
                        on: "d4",
                        example: "d2xd4",
                    }),
                ),
                "lesson-loa-six-2-ask",
                "lesson-loa-six-2-done",
            ),
            StepDef {
                wrong: "lesson-loa-connect-1-wrong",
                ..words(
                    step(
                        Rules::LoaSix,
                        Some(SIX_CONNECT),
                        Side::Black,
                        reach(Goal::Win { example: "e1-d1" }),
                    ),
                    "lesson-loa-six-3-ask",
                    "lesson-loa-six-3-done",
                )
            },
        ],
    },
    LessonDef {
        id: "loa-moves",
        group: Group::Loa,
        title: "lesson-loa-moves-title",
        steps: &[
            look(
                Rules::Loa,
                Some(START),
                Side::Black,
                "lesson-loa-moves-0-ask",
            ),
            words(
                step(Rules::Loa, Some(START), Side::Black, play(&["b1-b3"])),
                "lesson-loa-moves-1-ask",
                "lesson-loa-moves-1-done",
            ),
            words(
                step(Rules::Loa, Some(START), Side::Black, play(&["c1-e3"])),
                "lesson-loa-moves-2-ask",
                "lesson-loa-moves-2-done",
            ),
            words(
                step(
                    Rules::Loa,
                    Some("2w5/1b6/8/8/w2b3w/8/8/5b2 b"),
                    Side::Black,
                    play(&["d4-g4"]),
                ),
                "lesson-loa-moves-3-ask",
                "lesson-loa-moves-3-done",
            ),
        ],
    },
    LessonDef {
        id: "loa-jump",
        group: Group::Loa,
        title: "lesson-loa-jump-title",
        steps: &[
            StepDef {
                refused: &["a6-d6"],
                ..words(
                    step(
                        Rules::Loa,
                        Some(ARTICLE_MOVES),
                        Side::White,
                        play(&["a6-c4"]),
                    ),
                    "lesson-loa-jump-1-ask",
                    "lesson-loa-jump-1-done",
                )
            },
            words(
                step(
                    Rules::Loa,
                    Some(ARTICLE_JUMP),
                    Side::Black,
                    play(&["e8-b5"]),
                ),
                "lesson-loa-jump-2-ask",
                "lesson-loa-jump-2-done",
            ),
            words(
                step(
                    Rules::Loa,
                    Some(ARTICLE_CAPTURE),
                    Side::White,
                    reach(Goal::CaptureOn {
                        on: "f1",
                        example: "h3xf1",
                    }),
                ),
                "lesson-loa-jump-3-ask",
                "lesson-loa-jump-3-done",
            ),
        ],
    },
    LessonDef {
        id: "loa-capture",
        group: Group::Loa,
        title: "lesson-loa-capture-title",
        steps: &[words(
            step(
                Rules::Loa,
                Some("4b3/8/1b6/8/8/2b2w1w/8/w7 b"),
                Side::Black,
                reach(Goal::CaptureOn {
                    on: "f3",
                    example: "c3xf3",
                }),
            ),
            "lesson-loa-capture-1-ask",
            "lesson-loa-capture-1-done",
        )],
    },
    LessonDef {
        id: "loa-connect",
        group: Group::Loa,
        title: "lesson-loa-connect-title",
        steps: &[
            StepDef {
                wrong: "lesson-loa-connect-1-wrong",
                ..words(
                    step(
                        Rules::Loa,
                        Some("1w6/8/8/7w/3bb3/2b5/w7/6b1 b"),
                        Side::Black,
                        reach(Goal::Win { example: "g1-e3" }),
                    ),
                    "lesson-loa-connect-1-ask",
                    "lesson-loa-connect-1-done",
                )
            },
            StepDef {
                wrong: "lesson-loa-connect-1-wrong",
                ..words(
                    step(
                        Rules::Loa,
                        Some(ABACUS_FIGURE_3),
                        Side::Black,
                        reach(Goal::Win { example: "g5-f4" }),
                    ),
                    "lesson-loa-connect-2-ask",
                    "lesson-loa-connect-2-done",
                )
            },
            StepDef {
                wrong: "lesson-loa-connect-1-wrong",
                ..words(
                    step(
                        Rules::Loa,
                        Some(WON_GAME),
                        Side::White,
                        reach(Goal::Win { example: "c3-c5" }),
                    ),
                    "lesson-loa-connect-3-ask",
                    "lesson-loa-connect-3-done",
                )
            },
        ],
    },
    LessonDef {
        id: "loa-both-connect",
        group: Group::LoaVariants,
        title: "lesson-loa-both-title",
        steps: &[
            words(
                step(
                    Rules::Loa,
                    Some(BOTH_CONNECT),
                    Side::Black,
                    play(&["g1xg3"]),
                ),
                "lesson-loa-both-1-ask",
                "lesson-loa-both-1-done",
            ),
            words(
                step(
                    Rules::LoaMoverWins,
                    Some(BOTH_CONNECT),
                    Side::Black,
                    play(&["g1xg3"]),
                ),
                "lesson-loa-both-2-ask",
                "lesson-loa-both-2-done",
            ),
        ],
    },
    LessonDef {
        id: "loa-first-player",
        group: Group::LoaVariants,
        title: "lesson-loa-first-title",
        steps: &[look(
            Rules::LoaWhiteFirst,
            None,
            Side::White,
            "lesson-loa-first-1-ask",
        )],
    },
    LessonDef {
        id: "loa-scrambled-eggs",
        group: Group::LoaVariants,
        title: "lesson-scrambled-title",
        steps: &[words(
            step(
                Rules::Variant(Variant::ScrambledEggs),
                None,
                Side::Black,
                reach(Goal::Any { example: "b1-b3" }),
            ),
            "lesson-scrambled-1-ask",
            "lesson-scrambled-1-done",
        )],
    },
    LessonDef {
        id: "loa-parachute",
        group: Group::LoaVariants,
        title: "lesson-parachute-title",
        steps: &[words(
            step(
                Rules::Variant(Variant::Parachute),
                None,
                Side::Black,
                reach(Goal::Any {
                    example: "a3-c3 @d4",
                }),
            ),
            "lesson-parachute-1-ask",
            "lesson-parachute-1-done",
        )],
    },
    LessonDef {
        id: "loa-for-four",
        group: Group::LoaVariants,
        title: "lesson-four-title",
        steps: &[look(
            Rules::Variant(Variant::FourPlayers),
            None,
            Side::Black,
            "lesson-four-1-ask",
        )],
    },
    LessonDef {
        id: "loa-ambidextrous",
        group: Group::LoaVariants,
        title: "lesson-ambidextrous-title",
        steps: &[look(
            Rules::Variant(Variant::Ambidextrous),
            None,
            Side::Black,
            "lesson-ambidextrous-1-ask",
        )],
    },
    LessonDef {
        id: "loa-boundless",
        group: Group::LoaVariants,
        title: "lesson-boundless-title",
        steps: &[words(
            step(
                Rules::Variant(Variant::Boundless),
                None,
                Side::Black,
                play(&["b1-(2,-1)"]),
            ),
            "lesson-boundless-1-ask",
            "lesson-boundless-1-done",
        )],
    },
    LessonDef {
        id: "epaminondas-board",
        group: Group::Epaminondas,
        title: "lesson-epa-board-title",
        steps: &[
            look(
                Rules::Epaminondas,
                None,
                Side::White,
                "lesson-epa-board-1-ask",
            ),
            words(
                step(
                    Rules::Epaminondas,
                    None,
                    Side::White,
                    play(&["a1-d4", "a1-c3"]),
                ),
                "lesson-epa-board-2-ask",
                "lesson-epa-board-2-done",
            ),
            words(
                step(Rules::Epaminondas, None, Side::White, play(&["c1-a3"])),
                "lesson-epa-board-3-ask",
                "lesson-epa-board-3-done",
            ),
        ],
    },
    LessonDef {
        id: "epaminondas-phalanx",
        group: Group::Epaminondas,
        title: "lesson-phalanx-title",
        steps: &[
            words(
                step(
                    Rules::EpaminondasSmall,
                    Some(PHALANX),
                    Side::White,
                    play(&["c1-c6"]),
                ),
                "lesson-phalanx-1-ask",
                "lesson-phalanx-1-done",
            ),
            words(
                step(
                    Rules::EpaminondasSmall,
                    Some(PHALANX),
                    Side::White,
                    play(&["c2-c5", "c2-c4"]),
                ),
                "lesson-phalanx-2-ask",
                "lesson-phalanx-2-done",
            ),
            StepDef {
                refused: &["c1-c6", "c1-c5"],
                ..words(
                    step(
                        Rules::EpaminondasSmall,
                        Some("1bb2b2/5b2/8/2w5/8/2w5/2w5/2w2ww1 w"),
                        Side::White,
                        play(&["c1-c4"]),
                    ),
                    "lesson-phalanx-3-ask",
                    "lesson-phalanx-3-done",
                )
            },
        ],
    },
    LessonDef {
        id: "epaminondas-capture",
        group: Group::Epaminondas,
        title: "lesson-epa-capture-title",
        steps: &[
            words(
                step(
                    Rules::EpaminondasSmall,
                    Some("1b3bb1/8/2b5/2b5/8/2w5/2w5/2w2ww1 w"),
                    Side::White,
                    play(&["c1xc5"]),
                ),
                "lesson-epa-capture-1-ask",
                "lesson-epa-capture-1-done",
            ),
            StepDef {
                refused: &["f2xf5"],
                ..words(
                    step(
                        Rules::EpaminondasSmall,
                        Some("b6b/8/5b2/3b1b2/8/3w1w2/3w1w2/w6w w"),
                        Side::White,
                        reach(Goal::CaptureOn {
                            on: "d5",
                            example: "d2xd5",
                        }),
                    ),
                    "lesson-epa-capture-2-ask",
                    "lesson-epa-capture-2-done",
                )
            },
        ],
    },
    LessonDef {
        id: "epaminondas-win",
        group: Group::Epaminondas,
        title: "lesson-epa-win-title",
        steps: &[
            words(
                step(
                    Rules::EpaminondasSmall,
                    Some("b7/4w2b/6b1/1b6/8/8/2ww4/8 w"),
                    Side::White,
                    Task::Play {
                        goal: Goal::Cross { example: "e7-e8" },
                        reply: Some("a8-a7"),
                    },
                ),
                "lesson-epa-win-1-ask",
                "lesson-epa-win-1-done",
            ),
            words(
                step(
                    Rules::Epaminondas,
                    Some(INTRUSION),
                    Side::White,
                    reach(Goal::Hold { example: "a1xg1" }),
                ),
                "lesson-epa-win-2-ask",
                "lesson-epa-win-2-done",
            ),
        ],
    },
    LessonDef {
        id: "epaminondas-anti-symmetry",
        group: Group::Epaminondas,
        title: "lesson-symmetry-title",
        steps: &[StepDef {
            refused: &["c7-c8"],
            ..words(
                step(
                    Rules::EpaminondasSmall,
                    Some("6bb/2w1b3/8/8/8/8/4w3/2b3ww w"),
                    Side::White,
                    reach(Goal::Cross { example: "c7-b8" }),
                ),
                "lesson-symmetry-1-ask",
                "lesson-symmetry-1-done",
            )
        }],
    },
    LessonDef {
        id: "strategy-opening",
        group: Group::Strategy,
        title: "lesson-opening-title",
        steps: &[StepDef {
            wrong: "lesson-opening-1-wrong",
            ..words(
                step(
                    Rules::Loa,
                    Some(START),
                    Side::Black,
                    reach(Goal::Safe { example: "b1-b3" }),
                ),
                "lesson-opening-1-ask",
                "lesson-opening-1-done",
            )
        }],
    },
    LessonDef {
        id: "strategy-example-game",
        group: Group::Strategy,
        title: "lesson-game-title",
        steps: &[
            words(
                step(
                    Rules::Loa,
                    Some(START),
                    Side::Black,
                    answered(&["b1-b3"], "h4-f2"),
                ),
                "lesson-game-1-ask",
                "lesson-game-1-done",
            ),
            words(
                step(
                    Rules::Loa,
                    Some(GAME_AFTER_1),
                    Side::Black,
                    answered(&["d1xa4"], "h2-e2"),
                ),
                "lesson-game-2-ask",
                "lesson-game-2-done",
            ),
            words(
                step(
                    Rules::Loa,
                    Some(GAME_AFTER_2),
                    Side::Black,
                    answered(&["e1-c3"], "a5xc3"),
                ),
                "lesson-game-3-ask",
                "lesson-game-3-done",
            ),
            look(Rules::Loa, Some(GAME_END), Side::Black, "lesson-game-4-ask"),
        ],
    },
    LessonDef {
        id: "strategy-wall",
        group: Group::Strategy,
        title: "lesson-wall-title",
        steps: &[words(
            step(Rules::Loa, Some(GAME_WALL), Side::White, play(&["a2-d2"])),
            "lesson-wall-1-ask",
            "lesson-wall-1-done",
        )],
    },
    LessonDef {
        id: "strategy-central-capture",
        group: Group::Strategy,
        title: "lesson-centre-title",
        steps: &[StepDef {
            wrong: "lesson-centre-1-wrong",
            ..words(
                step(
                    Rules::Loa,
                    Some("8/3b2w1/2b2w2/4w3/w7/1b4b1/8/3b4 b"),
                    Side::Black,
                    reach(Goal::CaptureInCentre { example: "g3xe5" }),
                ),
                "lesson-centre-1-ask",
                "lesson-centre-1-done",
            )
        }],
    },
    LessonDef {
        id: "strategy-which-capture",
        group: Group::Strategy,
        title: "lesson-which-title",
        steps: &[
            StepDef {
                wrong: "lesson-which-1-wrong",
                ..words(
                    step(
                        Rules::Loa,
                        Some(WHICH_CAPTURE),
                        Side::Black,
                        reach(Goal::Win { example: "g1-f2" }),
                    ),
                    "lesson-which-1-ask",
                    "lesson-which-1-done",
                )
            },
            words(
                step(
                    Rules::LoaMoverWins,
                    Some(WHICH_CAPTURE),
                    Side::Black,
                    reach(Goal::Win { example: "g1xe1" }),
                ),
                "lesson-which-2-ask",
                "lesson-which-2-done",
            ),
        ],
    },
];
