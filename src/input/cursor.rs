//! The board without a mouse: a cursor on the board's cells, moved by the arrow keys (or a
//! gamepad's pad, see [`super::gamepad`]), acting with `Enter`/`Space` exactly as a click on its
//! cell does ([`BoardInput::act`]).
//!
//! The keys and buttons say what they ask as [`CursorCommand`]s. Steps are in the directions
//! seen on screen: the board's view turns them into steps over the cells (it knows how the
//! board is turned) and moves [`BoardCursor`]; acting goes through the same selection and rules
//! as a click.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::BoardInput;
use crate::model::{Cell, CurrentGame};
use crate::play::Overlay;
use crate::play::{AppState, Piece, Square};

/// Where the keyboard's cursor is on the board, and whether it shows.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardCursor {
    /// The cell under the cursor (`None` before any game).
    pub at: Option<Cell>,
    /// Shown once the keyboard or gamepad is used on the board, hidden by a mouse click.
    pub shown: bool,
}

/// A direction on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScreenStep {
    /// Towards the top of the window.
    Up,
    /// Towards the bottom.
    Down,
    /// Towards the left.
    Left,
    /// Towards the right.
    Right,
}

impl ScreenStep {
    /// The step over the cells (files, ranks) when the view is turned `quarter_turns` quarter
    /// turns round the board (0: rank 1 nearest, 2: the board turned half round).
    pub fn on_board(self, quarter_turns: i32) -> (i32, i32) {
        // Up and right as the unturned view shows them, then turned with the view.
        let (file, rank) = match self {
            ScreenStep::Up => (0, 1),
            ScreenStep::Down => (0, -1),
            ScreenStep::Left => (-1, 0),
            ScreenStep::Right => (1, 0),
        };
        match quarter_turns.rem_euclid(4) {
            0 => (file, rank),
            1 => (-rank, file),
            2 => (-file, -rank),
            _ => (rank, -file),
        }
    }
}

/// What the keyboard or gamepad asks of the cursor.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorCommand {
    /// One cell in a direction seen on screen.
    Step(ScreenStep),
    /// Act on the cell under the cursor, as a click does.
    Act,
}

impl BoardCursor {
    /// Moves by `(files, ranks)`, staying on the board `bounds`; shows the cursor. A cursor
    /// that is not on the board yet starts on `start`.
    pub fn step(&mut self, by: (i32, i32), bounds: (Cell, Cell), start: Option<Cell>) {
        let (lo, hi) = bounds;
        let at = match self.at.filter(|c| within(*c, bounds)) {
            // The first key shows the cursor where it is.
            Some(at) if self.shown => Cell::new(
                (at.file + by.0).clamp(lo.file, hi.file),
                (at.rank + by.1).clamp(lo.rank, hi.rank),
            ),
            Some(at) => at,
            None => start.unwrap_or(lo),
        };
        self.at = Some(at);
        self.shown = true;
    }
}

/// Whether `c` is on the board `bounds`.
fn within(c: Cell, (lo, hi): (Cell, Cell)) -> bool {
    (lo.file..=hi.file).contains(&c.file) && (lo.rank..=hi.rank).contains(&c.rank)
}

/// Where the cursor starts: on a piece of the side to move that has a move (else any of its
/// pieces, else the first square).
pub fn start_cell(game: &CurrentGame) -> Option<Cell> {
    let movers = game.movers();
    movers
        .iter()
        .find(|&&c| !game.moves_from(c).is_empty())
        .or(movers.first())
        .copied()
}

/// Whether the board takes the keyboard now: a game is being played (the board's clicks act
/// only then), no dialog is open and no text field or button has the keyboard.
pub fn board_has_keys(
    state: Option<&State<AppState>>,
    overlay: Option<&State<Overlay>>,
    egui: Option<&EguiWantsInput>,
) -> bool {
    state.is_some_and(|s| *s.get() == AppState::Playing)
        && overlay.is_none_or(|o| *o.get() == Overlay::None)
        && !egui.is_some_and(EguiWantsInput::wants_any_keyboard_input)
}

/// The arrow keys, `Enter` and `Space` while the board takes the keyboard.
pub(super) fn cursor_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    state: Option<Res<State<AppState>>>,
    overlay: Option<Res<State<Overlay>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut commands: MessageWriter<CursorCommand>,
) {
    let Some(keys) = keys else {
        return;
    };
    if !board_has_keys(state.as_deref(), overlay.as_deref(), egui.as_deref()) {
        return;
    }
    let steps = [
        (KeyCode::ArrowUp, ScreenStep::Up),
        (KeyCode::ArrowDown, ScreenStep::Down),
        (KeyCode::ArrowLeft, ScreenStep::Left),
        (KeyCode::ArrowRight, ScreenStep::Right),
    ];
    for (key, step) in steps {
        if keys.just_pressed(key) {
            commands.write(CursorCommand::Step(step));
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        commands.write(CursorCommand::Act);
    }
}

/// `Act`: what a click on the cursor's cell does. (A cursor not shown yet shows first.)
pub(super) fn act_at_cursor(
    mut commands: MessageReader<CursorCommand>,
    mut cursor: ResMut<BoardCursor>,
    mut input: BoardInput,
) {
    for command in commands.read() {
        if *command != CursorCommand::Act {
            continue;
        }
        let bounds = input.game.bounds();
        match cursor.at.filter(|c| cursor.shown && within(*c, bounds)) {
            Some(at) => input.act(at),
            None => {
                let start = start_cell(&input.game);
                cursor.step((0, 0), bounds, start);
            }
        }
    }
}

/// A cursor that has left the board (a new game on a smaller one) goes back onto it.
pub(super) fn keep_on_board(game: Res<CurrentGame>, mut cursor: ResMut<BoardCursor>) {
    if !game.is_changed() {
        return;
    }
    if cursor.at.is_some_and(|c| !within(c, game.bounds())) || game.ply() == 0 {
        let at = start_cell(&game);
        if cursor.at != at {
            cursor.at = at;
        }
    }
}

/// A click on the board hides the cursor (the mouse has taken over); the cursor stays there.
pub(super) fn hide_on_click(
    click: On<Pointer<Click>>,
    board: Query<(), Or<(With<Square>, With<Piece>)>>,
    mut cursor: ResMut<BoardCursor>,
) {
    let on_board = board.contains(click.entity);
    if click.event.button == PointerButton::Primary && on_board && cursor.shown {
        cursor.shown = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_follow_the_screen_as_the_view_turns() {
        assert_eq!(ScreenStep::Up.on_board(0), (0, 1));
        assert_eq!(ScreenStep::Right.on_board(0), (1, 0));
        // Turned half round: up on screen is down the ranks.
        assert_eq!(ScreenStep::Up.on_board(2), (0, -1));
        assert_eq!(ScreenStep::Left.on_board(2), (1, 0));
        // A quarter turn (seen from the h-file's side): up on screen is towards file a.
        assert_eq!(ScreenStep::Up.on_board(1), (-1, 0));
        assert_eq!(ScreenStep::Right.on_board(1), (0, 1));
        // A quarter turn and back again.
        for step in [
            ScreenStep::Up,
            ScreenStep::Down,
            ScreenStep::Left,
            ScreenStep::Right,
        ] {
            assert_eq!(step.on_board(1), step.on_board(5));
            let (f, r) = step.on_board(1);
            let (f3, r3) = step.on_board(3);
            assert_eq!((f, r), (-f3, -r3));
        }
    }

    #[test]
    fn the_cursor_shows_first_then_moves_and_stays_on_the_board() {
        let bounds = (Cell::new(0, 0), Cell::new(7, 7));
        let mut cursor = BoardCursor::default();
        cursor.step((1, 0), bounds, Some(Cell::new(1, 0)));
        assert_eq!(cursor.at, Some(Cell::new(1, 0)));
        assert!(cursor.shown);
        cursor.step((-1, 0), bounds, None);
        cursor.step((-1, -1), bounds, None);
        assert_eq!(cursor.at, Some(Cell::new(0, 0)));
        cursor.step((0, 9), bounds, None);
        assert_eq!(cursor.at, Some(Cell::new(0, 7)));
        // Hidden by the mouse: the next key shows it where it was.
        cursor.shown = false;
        cursor.step((1, 0), bounds, None);
        assert_eq!(cursor.at, Some(Cell::new(0, 7)));
    }
}
