//! The [`Rules`] resource: the engine position that the board on screen is derived from.

use bevy::prelude::*;
use gamut_engine::loa;

/// The game being played: the engine's position with its history. Everything a rule decides
/// is asked of it; the board entities are drawn from it.
#[derive(Resource, Debug, Clone)]
pub struct Rules {
    /// The Lines of Action position.
    pub position: loa::Position,
}

impl Rules {
    /// A new game under the given rule options.
    pub fn new(rules: loa::Rules) -> Rules {
        Rules {
            position: loa::Position::new(rules),
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(loa::Rules::default())
    }
}
