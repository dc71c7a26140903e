//! The lessons as data: each step a position (with its rules), what the learner is asked to do
//! and the Fluent keys of its words. Positions follow the engine's position text (ranks from the
//! top down, `b`/`w` pieces, digits for empty squares, then the side to move); moves are written
//! `a6-c4`, `c1xc5`, `a3-c3 @d4` (Parachute) or `b1-(2,-1)` (Boundless, off the 8×8 area).

use gamut_engine::Color as Side;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::loa::{SimultaneousConnection, Variant};

/// The game and rule options of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// Lines of Action, the default rules.
    Loa,
    /// Lines of Action, a move connecting both sides wins for the mover.
    LoaMoverWins,
    /// Lines of Action, White moves first.
    LoaWhiteFirst,
    /// A Lines of Action variant, otherwise default rules.
    Variant(Variant),
    /// Epaminondas on the small 8×8 board, anti-symmetry rule on.
    Epaminondas,
}

impl Rules {
    /// The engine's configuration.
    pub fn config(self) -> GameConfig {
        let mut config = GameConfig::default();
        match self {
            Rules::Loa => {}
            Rules::LoaMoverWins => config.loa.simultaneous = SimultaneousConnection::MoverWins,
            Rules::LoaWhiteFirst => config.loa.first_player = Side::White,
            Rules::Variant(v) => config.loa.variant = v,
            Rules::Epaminondas => {
                config.kind = GameKind::Epaminondas;
                config.epaminondas.board = BoardSize::Small;
            }
        }
        config
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
    /// Play one of `moves`; the scripted side then answers `reply`, if any.
    Play {
        /// The moves the step wants (the first is the one "Show me" plays).
        moves: &'static [&'static str],
        /// The other side's answer.
        reply: Option<&'static str>,
    },
    /// Any move that wins the game for the learner (`example` is one).
    Win {
        /// A winning move, for "Show me".
        example: &'static str,
    },
    /// Any legal move (`example` is one).
    Any {
        /// A legal move, for "Show me".
        example: &'static str,
    },
}

impl Task {
    /// The move "Show me" plays, if any.
    pub fn shown_move(self) -> Option<&'static str> {
        match self {
            Task::Look { show } => show,
            Task::Play { moves, .. } => moves.first().copied(),
            Task::Win { example } | Task::Any { example } => Some(example),
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
/// The article's game after 1. b1-b3 h4-f2.
const GAME_AFTER_1: &str = "1bbbbbb1/w6w/w6w/w6w/w7/wb5w/w4w1w/2bbbbb1 b";
/// The article's game after 2. d1xa4 h2-e2, White to move again for the lesson.
const GAME_WALL: &str = "1bbbbbb1/w6w/w6w/w6w/b7/wb5w/w3ww2/2b1bbb1 w";
/// Both sides connect when Black takes g3.
const BOTH_CONNECT: &str = "8/8/3ww3/8/4bb2/6w1/8/6b1 b";
/// A phalanx of three on c1-c3.
const PHALANX: &str = "1bb2b2/5b2/8/8/8/2w5/2w5/2w2ww1 w";

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
    Task::Play { moves, reply: None }
}

const LOOK: Task = Task::Look { show: None };

/// Every lesson, in list order.
pub const LESSONS: &[LessonDef] = &[
    LessonDef {
        id: "loa-moves",
        group: Group::Loa,
        title: "lesson-loa-moves-title",
        steps: &[
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
                        Some("3b4/8/w1b2w2/8/8/5b2/4b2w/8 w"),
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
                    Some("8/7w/4w3/w7/8/2bb4/8/5b2 b"),
                    Side::Black,
                    play(&["c3-e3"]),
                ),
                "lesson-loa-jump-2-ask",
                "lesson-loa-jump-2-done",
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
                play(&["c3xf3"]),
            ),
            "lesson-loa-capture-1-ask",
            "lesson-loa-capture-1-done",
        )],
    },
    LessonDef {
        id: "loa-connect",
        group: Group::Loa,
        title: "lesson-loa-connect-title",
        steps: &[StepDef {
            wrong: "lesson-loa-connect-1-wrong",
            ..words(
                step(
                    Rules::Loa,
                    Some("1w6/8/8/7w/3bb3/2b5/w7/6b1 b"),
                    Side::Black,
                    Task::Win { example: "g1-e3" },
                ),
                "lesson-loa-connect-1-ask",
                "lesson-loa-connect-1-done",
            )
        }],
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
        steps: &[words(
            step(Rules::LoaWhiteFirst, None, Side::White, LOOK),
            "lesson-loa-first-1-ask",
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
                Task::Any { example: "b1-b3" },
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
                Task::Any {
                    example: "a3-c3 @d4",
                },
            ),
            "lesson-parachute-1-ask",
            "lesson-parachute-1-done",
        )],
    },
    LessonDef {
        id: "loa-for-four",
        group: Group::LoaVariants,
        title: "lesson-four-title",
        steps: &[words(
            step(
                Rules::Variant(Variant::FourPlayers),
                None,
                Side::Black,
                LOOK,
            ),
            "lesson-four-1-ask",
            "lesson-four-1-ask",
        )],
    },
    LessonDef {
        id: "loa-ambidextrous",
        group: Group::LoaVariants,
        title: "lesson-ambidextrous-title",
        steps: &[words(
            step(
                Rules::Variant(Variant::Ambidextrous),
                None,
                Side::Black,
                LOOK,
            ),
            "lesson-ambidextrous-1-ask",
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
        id: "epaminondas-phalanx",
        group: Group::Epaminondas,
        title: "lesson-phalanx-title",
        steps: &[
            words(
                step(
                    Rules::Epaminondas,
                    Some(PHALANX),
                    Side::White,
                    play(&["c1-c6"]),
                ),
                "lesson-phalanx-1-ask",
                "lesson-phalanx-1-done",
            ),
            words(
                step(
                    Rules::Epaminondas,
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
                        Rules::Epaminondas,
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
                    Rules::Epaminondas,
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
                        Rules::Epaminondas,
                        Some("b6b/8/5b2/3b1b2/8/3w1w2/3w1w2/w6w w"),
                        Side::White,
                        play(&["d2xd5"]),
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
        steps: &[words(
            step(
                Rules::Epaminondas,
                Some("b7/4w2b/6b1/1b6/8/8/2ww4/8 w"),
                Side::White,
                Task::Play {
                    moves: &["e7-e8"],
                    reply: Some("a8-a7"),
                },
            ),
            "lesson-epa-win-1-ask",
            "lesson-epa-win-1-done",
        )],
    },
    LessonDef {
        id: "epaminondas-anti-symmetry",
        group: Group::Epaminondas,
        title: "lesson-symmetry-title",
        steps: &[StepDef {
            refused: &["c7-c8"],
            ..words(
                step(
                    Rules::Epaminondas,
                    Some("6bb/2w1b3/8/8/8/8/4w3/2b3ww w"),
                    Side::White,
                    play(&["c7-b8", "c7-d8"]),
                ),
                "lesson-symmetry-1-ask",
                "lesson-symmetry-1-done",
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
                    Task::Play {
                        moves: &["b1-b3"],
                        reply: Some("h4-f2"),
                    },
                ),
                "lesson-game-1-ask",
                "lesson-game-1-done",
            ),
            words(
                step(
                    Rules::Loa,
                    Some(GAME_AFTER_1),
                    Side::Black,
                    Task::Play {
                        moves: &["d1xa4"],
                        reply: Some("h2-e2"),
                    },
                ),
                "lesson-game-2-ask",
                "lesson-game-2-done",
            ),
            words(
                step(Rules::Loa, Some(GAME_WALL), Side::White, play(&["a2-d2"])),
                "lesson-game-3-ask",
                "lesson-game-3-done",
            ),
        ],
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
                    play(&["g3xe5"]),
                ),
                "lesson-centre-1-ask",
                "lesson-centre-1-done",
            )
        }],
    },
];
