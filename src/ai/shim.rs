//! TEMPORARY: stands in for the engine's `any_search` module until it lands.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::eval::{BoundlessEvaluator, EpaminondasEvaluator, LoaEvaluator};
use gamut_engine::level::{Level, choose_move};
use gamut_engine::search::{Score, Searcher};
use gamut_engine::{boundless, epaminondas, loa};

pub enum AnySearcher {
    Loa(Searcher<loa::Position>),
    Epaminondas(Searcher<epaminondas::Position>),
    Boundless(Searcher<boundless::Position>),
}

#[derive(Default)]
pub struct Evaluators;

pub struct Info {
    pub score: Score,
    pub depth: u32,
}

pub struct Choice {
    pub mv: AnyMove,
    pub info: Info,
}

impl AnySearcher {
    pub fn new(position: &AnyPosition, hash_mb: usize) -> AnySearcher {
        match position {
            AnyPosition::LinesOfAction(_) => AnySearcher::Loa(Searcher::new(hash_mb)),
            AnyPosition::Epaminondas(_) => AnySearcher::Epaminondas(Searcher::new(hash_mb)),
            AnyPosition::Boundless(_) => AnySearcher::Boundless(Searcher::new(hash_mb)),
        }
    }

    pub fn fits(&self, position: &AnyPosition) -> bool {
        matches!(
            (self, position),
            (AnySearcher::Loa(_), AnyPosition::LinesOfAction(_))
                | (AnySearcher::Epaminondas(_), AnyPosition::Epaminondas(_))
                | (AnySearcher::Boundless(_), AnyPosition::Boundless(_))
        )
    }

    pub fn choose_move(
        &mut self,
        position: &AnyPosition,
        _: &Evaluators,
        level: Level,
        think_time: Duration,
        _stop: &AtomicBool,
        rng: &mut impl rand::Rng,
    ) -> Option<Choice> {
        let out = match (self, position) {
            (AnySearcher::Loa(s), AnyPosition::LinesOfAction(p)) => {
                choose_move(s, p, &LoaEvaluator::default(), level, think_time, rng)
                    .map(|(m, i)| (AnyMove::LinesOfAction(m), i.score, i.depth))
            }
            (AnySearcher::Epaminondas(s), AnyPosition::Epaminondas(p)) => choose_move(
                s,
                p,
                &EpaminondasEvaluator::default(),
                level,
                think_time,
                rng,
            )
            .map(|(m, i)| (AnyMove::Epaminondas(m), i.score, i.depth)),
            (AnySearcher::Boundless(s), AnyPosition::Boundless(p)) => {
                choose_move(s, p, &BoundlessEvaluator::default(), level, think_time, rng)
                    .map(|(m, i)| (AnyMove::Boundless(m), i.score, i.depth))
            }
            _ => None,
        };
        out.map(|(mv, score, depth)| Choice {
            mv,
            info: Info { score, depth },
        })
    }
}
