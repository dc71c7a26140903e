//! The model: the game in progress and the plain data the rest of the game speaks in — board
//! cells, move requests and their effects, seats and players, and the typed notices the
//! interface turns into words. No systems live here; every rule question goes to the engine.

pub mod cell;
pub mod clock;
pub mod diagram;
pub mod end;
pub mod game;
pub mod notice;
pub mod presentation;
pub mod presets;
pub mod problem;
pub mod request;
pub mod setup;

pub use cell::Cell;
pub use clock::{Clocks, TimeControl};
pub use diagram::{Diagram, Placed};
pub use end::{GameEnd, Seat};
pub use game::{BoardMove, CurrentGame, MoveEffects};
pub use notice::{CLIPBOARD, Notice, Refusal};
pub use presentation::{Language, Presentation, Theme, TurnBoard};
pub use presets::LoaPreset;
pub use problem::{DataFile, Fate, FileProblem, FileReport, FileTrouble, TooLarge};
pub use request::MoveRequest;
pub use setup::{AnimationSpeed, ChosenNames, GameSettings, Player, SeatNames, Seats};
