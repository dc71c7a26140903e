//! Static evaluations for the search, one per game, behind [`crate::search::Evaluator`].

pub mod epaminondas;
pub mod loa;

pub use epaminondas::{EpaminondasEvaluator, EpaminondasWeights};
pub use loa::{LoaEvaluator, LoaWeights};
