//! Where the app is and whose turn it is.

use bevy::prelude::*;

/// Where the app is.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    /// The New Game dialog is open, no game yet.
    #[default]
    Menu,
    /// A game is going on.
    Playing,
    /// The game has ended; the game-over panel shows.
    GameOver,
    /// Stepping through a game's moves (see `crate::review`): no turns, no clicks on the board.
    Review,
    /// The board editor (see `crate::editor`): the position being set up is on the board, and
    /// clicks on its squares place and remove pieces; no turns.
    Editing,
}

/// Whose turn it is and what happens during it.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Playing)]
pub enum TurnState {
    /// Waiting for a person to move (or deciding who moves next).
    #[default]
    AwaitingInput,
    /// The computer is searching in the background.
    AiThinking,
    /// Pieces are moving on screen.
    Animating,
}

/// Whose game is on the board: set by play with each game it starts (see
/// [`super::StartGame`]), and kept at the title until another game replaces it.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameMode {
    /// The player's own game: autosaved, its setup remembered as the player's choice.
    #[default]
    Own,
    /// A lesson's position: people move the learner's pieces, the other side's moves come
    /// from the lesson; never autosaved.
    Lesson,
    /// A puzzle's position: people move the solver's pieces, the other side's moves come from
    /// the puzzle; never autosaved.
    Puzzle,
    /// Learn from your mistakes: a position of the player's finished game before a mistake,
    /// for the player to find a better move; never autosaved.
    Mistakes,
    /// The Exhibition's show: the computer on every seat; neither autosaved nor remembered.
    Show,
    /// The analysis board: people move both sides, the engine's lines beside; never autosaved.
    Analysis,
    /// The board editor's diagram (see [`crate::model::CurrentGame::diagram`]): nobody moves
    /// on it; never autosaved.
    Edit,
    /// A game of the tournament night (see `crate::tournament`): played like the player's own,
    /// its result goes to the tournament; never autosaved over the player's game.
    Tournament,
    /// A game at a table on the network (see `crate::table`): the server is its referee and
    /// keeps it; the players at other devices move through it; never autosaved nor rated here.
    Table,
}

impl GameMode {
    /// A lesson, a puzzle or a mistake: people move the learner's pieces only.
    pub fn is_practice(self) -> bool {
        matches!(
            self,
            GameMode::Lesson | GameMode::Puzzle | GameMode::Mistakes
        )
    }
}

/// A lesson, a puzzle or a mistake is being practised: its position is on the board and the
/// app is not at the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Practising;

impl ComputedStates for Practising {
    type SourceStates = (AppState, GameMode);

    fn compute((app, mode): (AppState, GameMode)) -> Option<Practising> {
        (mode.is_practice() && app != AppState::Menu).then_some(Practising)
    }
}

/// The analysis board is open: its game is on the board and the app is not at the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Analysing;

impl ComputedStates for Analysing {
    type SourceStates = (AppState, GameMode);

    fn compute((app, mode): (AppState, GameMode)) -> Option<Analysing> {
        (mode == GameMode::Analysis && app != AppState::Menu).then_some(Analysing)
    }
}

/// The Exhibition runs: its show is on the board and the app is not at the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Exhibiting;

impl ComputedStates for Exhibiting {
    type SourceStates = (AppState, GameMode);

    fn compute((app, mode): (AppState, GameMode)) -> Option<Exhibiting> {
        (mode == GameMode::Show && app != AppState::Menu).then_some(Exhibiting)
    }
}

/// The dialog that covers the game, if any: New Game, "Resign this game?", the saves, the
/// settings. Only one at a time; opening one closes another. The game's [`Overlay`] is computed
/// from it, so the pause starts in the same frame as the dialog.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Modal {
    /// No dialog.
    #[default]
    None,
    /// The New Game dialog (its draft is taken from the settings on entering).
    NewGame,
    /// "Resign this game?"
    ConfirmResign,
    /// The saved games (Ctrl+S, Ctrl+O).
    Saves,
    /// The settings screen.
    Settings,
    /// Share: the game as an animated GIF, the position shown as a PNG, the record copied
    /// (`crate::share`).
    Share,
}

/// The rules summary (F1, the panel's Rules, About the games on the title): a window beside
/// the game that pauses nothing, so it may stay open under a dialog.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RulesWindow {
    /// Not shown.
    #[default]
    Closed,
    /// Shown.
    Open,
}

impl RulesWindow {
    /// The other one: F1 and the panel's Rules button turn it on and off.
    pub fn toggled(self) -> Self {
        match self {
            Self::Closed => Self::Open,
            Self::Open => Self::Closed,
        }
    }
}

/// Whether a modal dialog covers the game: while it does the computer plays no move, no turn is
/// decided and clicks on the board do nothing. Computed from [`Modal`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// Nothing covers the game.
    None,
    /// A modal dialog is open: the game is paused.
    Dialog,
}

impl ComputedStates for Overlay {
    type SourceStates = Modal;

    fn compute(modal: Modal) -> Option<Overlay> {
        Some(match modal {
            Modal::None => Overlay::None,
            _ => Overlay::Dialog,
        })
    }
}

/// The screens over the title's table, away from any game: the title's own choices, the
/// player's strength, the tournament night. Back to [`MenuScreen::Title`] each time the app
/// comes back to the title (a screen asked for at that moment is the one shown: "Back to the
/// tournament").
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Menu)]
pub enum MenuScreen {
    /// The title's choices.
    #[default]
    Title,
    /// Your strength: ratings, their graph, the suggested level.
    Strength,
    /// The tournament night: set-up, rounds, standings.
    Tournament,
    /// The list of puzzles.
    Puzzles,
    /// Tables on the network: join one, or host one (see `crate::table`).
    Tables,
}

/// Opens and closes the dialogs (the title's buttons, the panel's, the keys): the states
/// [`Modal`] and [`RulesWindow`] as they are this frame, and the ones asked for the next.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Dialogs<'w> {
    modal: Res<'w, State<Modal>>,
    next_modal: ResMut<'w, NextState<Modal>>,
    rules: Res<'w, State<RulesWindow>>,
    next_rules: ResMut<'w, NextState<RulesWindow>>,
}

impl Dialogs<'_> {
    /// The dialog open this frame.
    pub fn modal(&self) -> Modal {
        *self.modal.get()
    }

    /// Whether a dialog that pauses the game is open.
    pub fn is_modal(&self) -> bool {
        self.modal() != Modal::None
    }

    /// Opens `modal` (closing another) from the next frame on.
    pub fn open(&mut self, modal: Modal) {
        NextState::set_if_neq(&mut self.next_modal, modal);
    }

    /// Closes the dialog.
    pub fn close(&mut self) {
        NextState::set_if_neq(&mut self.next_modal, Modal::None);
    }

    /// Shows the rules summary.
    pub fn show_rules(&mut self) {
        NextState::set_if_neq(&mut self.next_rules, RulesWindow::Open);
    }

    /// Shows the rules summary, or hides it.
    pub fn toggle_rules(&mut self) {
        let toggled = self.rules.get().toggled();
        NextState::set_if_neq(&mut self.next_rules, toggled);
    }

    /// Closes every dialog and the rules; whether any was open.
    pub fn close_all(&mut self) -> bool {
        let open = self.is_modal() || *self.rules.get() == RulesWindow::Open;
        NextState::set_if_neq(&mut self.next_modal, Modal::None);
        NextState::set_if_neq(&mut self.next_rules, RulesWindow::Closed);
        open
    }
}

/// The title's screen to show when the app next comes back to the title (the puzzles' list
/// after a puzzle): asked for as the app goes back, so the title's own choices never show in
/// between.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct BackTo(pub Option<MenuScreen>);

/// Carries [`BackTo`] out as the app goes back to the title (in `StateTransition`, before the
/// states change).
pub(super) fn apply_back_to(
    app: Res<NextState<AppState>>,
    mut back: ResMut<BackTo>,
    mut screen: ResMut<NextState<MenuScreen>>,
) {
    let to_title = matches!(
        *app,
        NextState::Pending(AppState::Menu) | NextState::PendingIfNeq(AppState::Menu)
    );
    if to_title && let Some(wanted) = back.0.take() {
        screen.set(wanted);
    }
}

/// What the tournament night tells the screens below it (set by `crate::tournament` whenever
/// its night changes): the round of a tournament under way, for the title's button, and the
/// round and board of the tournament game being played, for the side panel.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TournamentNews {
    /// The round being played of a tournament not yet finished.
    pub under_way: Option<u8>,
    /// The round and board of the game being played on screen.
    pub playing: Option<(u8, u8)>,
}
