//! Static evaluations for the search, one per game, behind [`crate::search::Evaluator`].

pub mod boundless;
pub mod epaminondas;
pub mod loa;

pub use boundless::{BoundlessEvaluator, BoundlessWeights};
pub use epaminondas::{EpaminondasEvaluator, EpaminondasWeights};
pub use loa::{LoaEvaluator, LoaWeights};
