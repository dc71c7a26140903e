//! Static evaluations for the search, one per game, behind [`crate::search::Evaluator`].

pub mod boundless;
pub mod epaminondas;
pub mod loa;

pub use boundless::{BoundlessEvaluator, BoundlessWeights};
pub use epaminondas::{EpaminondasEvaluator, EpaminondasWeights};
pub use loa::{LoaEvaluator, LoaWeights};

/// One evaluation per game, with its weights: [`crate::any_game::AnyPosition::with_game`] hands
/// each position the one of its game. The default holds every game's default weights.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Evaluators {
    /// For Lines of Action (the 8x8 variants).
    pub loa: LoaEvaluator,
    /// For Epaminondas.
    pub epaminondas: EpaminondasEvaluator,
    /// For Boundless Lines of Action.
    pub boundless: BoundlessEvaluator,
}
