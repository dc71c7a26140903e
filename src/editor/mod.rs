//! The board editor (issue #27 §2): any position of any game and variant set up by mouse —
//! pieces of each colour (and set) put on and taken off the squares, held Parachute pieces, the
//! squares around the Boundless 8×8 square, who is to move and the rules —, with every reason a
//! position cannot be played ([`check`], typed), and from a playable one: a game against the
//! computer or hot-seat, the analysis board, the position text, a puzzle proven by the engine.
//!
//! It is a mode of its own: play puts the position being set up on the board as a diagram
//! ([`crate::play::StartAs::Edit`], the state [`AppState::Editing`]), so the real board shows
//! it, and clicks on its squares come here ([`on_click`]) instead of the move input. The
//! player's game is kept aside and comes back as it was with Back (or `Esc`); the diagram is
//! never autosaved. The screen is [`screen`].

pub mod check;
pub mod draft;
pub mod proof;
pub mod screen;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use gamut_engine::Color as Side;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_engine::level::Level;

pub use check::{SetupProblem, check};
pub use draft::{Draft, Man, Tool};
pub use proof::Proof;

use crate::engine_jobs::{
    EngineJobsSystems, JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Report,
};
use crate::input::ViewCommand;
use crate::model::{Cell, Clocks, CurrentGame, FileTrouble, GameSettings, Notice, Player, Seat};
use crate::persist::DataDir;
use crate::play::{
    AppState, GameCommand, GameMode, OnSquare, OpenAnalysis, Overlay, Piece, PlaySystems, Square,
    StartAs, StartGame,
};

/// Open the board editor (the message is play's, like the other ways into a mode).
pub use crate::play::OpenEditor;

/// A puzzle proven and saved from the editor, in the file `path`: the puzzles' catalogue lists
/// it under the player's own at once.
#[derive(Message, Debug, Clone)]
pub struct PuzzleSaved {
    /// The file written.
    pub path: PathBuf,
    /// The puzzle.
    pub puzzle: Box<gamut_engine::puzzle::Puzzle>,
}

/// What the player asks of the editor: a click on a square, or the screen's controls.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum EditorCommand {
    /// A click on a square of the board.
    Click(Cell),
    /// The palette: what a click puts on a square (or takes off).
    Choose(Tool),
    /// Every piece off the board.
    Clear,
    /// The start position of the rules chosen.
    StartPosition,
    /// Other rules (another game, variant or option).
    Rules(GameConfig),
    /// Who is to move.
    ToMove(Seat),
    /// Parachute: one held piece more or fewer.
    Held {
        /// Who holds it.
        holder: Side,
        /// One more (else one fewer).
        more: bool,
    },
    /// A game against the computer from this position: the person plays `person` (with its
    /// marked set in LOA for four), the computer the other side at `level`.
    PlayComputer {
        /// The person's side.
        person: Side,
        /// The computer's level.
        level: Level,
    },
    /// A game between people at this screen from this position.
    PlayHotSeat,
    /// The analysis board on this position.
    Analyse,
    /// The screen copied the position text to the clipboard.
    Copied,
    /// Save as puzzle: ask for its title.
    NamePuzzle,
    /// Prove the position and save it as a puzzle under this title.
    SavePuzzle(String),
    /// Save as puzzle given up.
    CancelPuzzle,
    /// Back where the editor was opened from.
    Back,
}

/// Where the editor was opened from: where Back goes.
#[derive(Debug, Clone)]
pub enum Origin {
    /// The title screen.
    Title,
    /// The player's own game, kept aside as it was, with who sat at it.
    Game {
        /// The game.
        game: Box<CurrentGame>,
        /// Its seats.
        seats: GameSettings,
        /// The people's names at them.
        names: crate::model::SeatNames,
    },
}

/// Save as puzzle, step by step.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum PuzzleStep {
    /// Not asked for.
    #[default]
    Closed,
    /// The player types its title.
    Naming(String),
    /// The engine looks for a forced win.
    Proving,
    /// Proven and saved: a win in `moves`, in the file named.
    Saved {
        /// The side to move's moves to win.
        moves: u32,
        /// The file's name.
        file: String,
    },
    /// The engine found no forced win in at most [`proof::MOST_MOVES`] moves: nothing saved.
    NoWin,
    /// The position was too large to prove in the time given: nothing saved.
    TooLong,
    /// Proven, but the file could not be written.
    CannotWrite(FileTrouble),
}

/// The editor while it is open.
#[derive(Debug)]
pub struct Session {
    /// The position being set up.
    pub draft: Draft,
    /// What a click on a square does.
    pub tool: Tool,
    /// Where Back goes.
    pub from: Origin,
    /// Whether the position can be played (its rules' position), or why not.
    pub verdict: Result<AnyPosition, Vec<SetupProblem>>,
    /// Save as puzzle.
    pub puzzle: PuzzleStep,
    /// The position text was copied (until the position changes).
    pub copied: bool,
    proving: Option<Proving>,
}

/// A puzzle proof asked of the engine-job service, and what its puzzle is made of once proven.
#[derive(Debug)]
struct Proving {
    ticket: JobTicket,
    config: GameConfig,
    position: AnyPosition,
    title: String,
}

impl Session {
    fn new(draft: Draft, from: Origin) -> Session {
        Session {
            verdict: check(&draft),
            draft,
            tool: Tool::default(),
            from,
            puzzle: PuzzleStep::Closed,
            copied: false,
            proving: None,
        }
    }

    /// Whether Back goes to a game (else to the title).
    pub fn from_game(&self) -> bool {
        matches!(self.from, Origin::Game { .. })
    }

    /// The position changed: judged again, and what was said of the old one forgotten.
    fn changed(&mut self) {
        self.verdict = check(&self.draft);
        self.copied = false;
        if self.proving.is_none() {
            self.puzzle = PuzzleStep::Closed;
        }
    }
}

/// The board editor, when it is open.
#[derive(Resource, Debug, Default)]
pub struct Editor(pub Option<Session>);

/// The board editor: its state, the clicks on the board, the commands and the puzzle proof.
pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Editor>()
            .add_message::<EditorCommand>()
            .add_message::<PuzzleSaved>()
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                screen::editor_panel
                    .after(crate::ui::UiSystems)
                    .run_if(crate::i18n::words_ready),
            )
            .add_observer(on_click)
            .add_systems(OnExit(AppState::Editing), close)
            .add_systems(
                Update,
                (
                    escape_key.before(crate::input::KeySystems),
                    (open, carry_out, poll_proof)
                        .chain()
                        .after(escape_key)
                        .after(EngineJobsSystems)
                        .before(PlaySystems),
                ),
            );
    }
}

/// What opening the editor reads.
#[derive(bevy::ecs::system::SystemParam)]
struct OpenFrom<'w> {
    state: Res<'w, State<AppState>>,
    mode: Res<'w, State<GameMode>>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, crate::model::Seats>,
    names: Res<'w, crate::model::SeatNames>,
    settings: Res<'w, GameSettings>,
}

/// Where the editor's changes go.
#[derive(bevy::ecs::system::SystemParam)]
struct EditTargets<'w> {
    editor: ResMut<'w, Editor>,
    starts: MessageWriter<'w, StartGame>,
    view: MessageWriter<'w, ViewCommand>,
}

impl EditTargets<'_> {
    /// Puts the session's position on the board.
    fn show(&mut self) {
        if let Some(session) = &self.editor.0 {
            let draft = &session.draft;
            self.starts.write(StartGame {
                names: Default::default(),
                game: Box::new(CurrentGame::diagram(draft.config, &draft.diagram())),
                seats: GameSettings::people_only(draft.config),
                mode: StartAs::Edit,
                notice: None,
            });
        }
    }
}

/// Opens the editor: from the title on the start of the game last chosen in New Game, from the
/// player's own game (played or over) on its position, which is kept aside for Back.
fn open(mut opens: MessageReader<OpenEditor>, from: OpenFrom, mut to: EditTargets) {
    if opens.read().count() == 0 || to.editor.0.is_some() {
        return;
    }
    let own_game = *from.mode.get() == GameMode::Own
        && matches!(from.state.get(), AppState::Playing | AppState::GameOver);
    let session = match from.state.get() {
        AppState::Menu => Session::new(Draft::start(from.settings.config), Origin::Title),
        _ if own_game => Session::new(
            Draft::from_game(&from.game),
            Origin::Game {
                game: Box::new(from.game.clone()),
                seats: from.seats.0,
                names: from.names.clone(),
            },
        ),
        _ => return,
    };
    to.editor.0 = Some(session);
    to.show();
    to.view.write(ViewCommand::ResetCamera);
}

/// What the editor's commands read besides the session.
#[derive(bevy::ecs::system::SystemParam)]
struct CommandSources<'w> {
    settings: Res<'w, GameSettings>,
    jobs: Jobs<'w>,
    commands: MessageWriter<'w, GameCommand>,
    analyses: MessageWriter<'w, OpenAnalysis>,
}

/// Carries out the player's commands.
fn carry_out(
    mut commands: MessageReader<EditorCommand>,
    mut from: CommandSources,
    mut to: EditTargets,
) {
    for command in commands.read() {
        let Some(session) = to.editor.0.as_mut() else {
            return;
        };
        if edit(session, command) {
            session.changed();
            to.show();
            continue;
        }
        match command {
            EditorCommand::PlayComputer { person, level } => {
                let computer = Some((*person, *level));
                if let Some(start) = play_from_here(session, &from.settings, computer) {
                    to.starts.write(start);
                }
            }
            EditorCommand::PlayHotSeat => {
                if let Some(start) = play_from_here(session, &from.settings, None) {
                    to.starts.write(start);
                }
            }
            EditorCommand::Analyse => {
                if let Ok(position) = &session.verdict {
                    let game =
                        CurrentGame::from_setup_position(session.draft.config, position.clone());
                    from.analyses.write(OpenAnalysis::Game(Box::new(game)));
                }
            }
            EditorCommand::Copied => session.copied = true,
            EditorCommand::NamePuzzle if session.proving.is_none() => {
                session.puzzle = PuzzleStep::Naming(String::new());
            }
            EditorCommand::SavePuzzle(title) => start_proof(session, title, &mut from.jobs),
            EditorCommand::CancelPuzzle if session.proving.is_none() => {
                session.puzzle = PuzzleStep::Closed;
            }
            EditorCommand::Back => back(session, &mut to.starts, &mut from.commands),
            _ => {}
        }
    }
}

/// Applies a change of the position or the palette: whether the position changed.
fn edit(session: &mut Session, command: &EditorCommand) -> bool {
    let draft = &mut session.draft;
    match command {
        EditorCommand::Click(at) => draft.click(*at, session.tool),
        EditorCommand::Choose(tool) => {
            session.tool = *tool;
            false
        }
        EditorCommand::Clear => {
            draft.clear();
            true
        }
        EditorCommand::StartPosition => {
            draft.reset_to_start();
            true
        }
        EditorCommand::Rules(config) => {
            draft.set_config(*config);
            // A marked piece in the palette only where there are sets.
            if let Tool::Place(man) = &mut session.tool {
                man.marked &= draft.has_marked_sets();
            }
            true
        }
        EditorCommand::ToMove(seat) => {
            draft.set_seat(*seat);
            true
        }
        EditorCommand::Held { holder, more } => {
            draft.change_held(*holder, *more);
            true
        }
        _ => false,
    }
}

/// The game to start from the position: against the computer (`against_computer`: the
/// person's side and the computer's level, the computer taking the other side) or between
/// people; the clock and the pace of the player's settings. `None` while the position cannot be
/// played.
fn play_from_here(
    session: &Session,
    settings: &GameSettings,
    against_computer: Option<(Side, Level)>,
) -> Option<StartGame> {
    let position = session.verdict.as_ref().ok()?.clone();
    let config = session.draft.config;
    let mut seats = GameSettings {
        config,
        colours_by_lot: false,
        adaptive: false,
        ..GameSettings::people_only(config)
    };
    seats.think_time = settings.think_time;
    seats.animation = settings.animation;
    seats.clock = settings.clock;
    seats.pause_clocks = settings.pause_clocks;
    if let Some((person, level)) = against_computer {
        let computer = Player::Computer(level);
        match person {
            Side::Black => (seats.white, seats.white_marked) = (computer, computer),
            Side::White => (seats.black, seats.black_marked) = (computer, computer),
        }
    }
    let game =
        CurrentGame::from_setup_position(config, position).with_clocks(Clocks::new(seats.clock));
    Some(StartGame {
        names: Default::default(),
        game: Box::new(game),
        seats,
        mode: StartAs::Own,
        notice: Some(Notice::NewGame),
    })
}

/// The computer's level last chosen for any seat in New Game, else level 2.
pub fn computer_level(settings: &GameSettings) -> Level {
    [
        settings.white,
        settings.black,
        settings.white_marked,
        settings.black_marked,
    ]
    .into_iter()
    .find_map(|p| match p {
        Player::Computer(level) => Some(level),
        Player::Human | Player::Remote => None,
    })
    .unwrap_or(Level::new(2).unwrap_or(Level::MIN))
}

/// Back where the editor came from: the player's game as it was, or the title.
fn back(
    session: &Session,
    starts: &mut MessageWriter<StartGame>,
    commands: &mut MessageWriter<GameCommand>,
) {
    match &session.from {
        Origin::Game { game, seats, names } => {
            starts.write(StartGame {
                names: names.clone(),
                game: game.clone(),
                seats: *seats,
                mode: StartAs::Own,
                notice: None,
            });
        }
        Origin::Title => {
            commands.write(GameCommand::BackToTitle);
        }
    }
}

/// Asks the engine-job service for the proof of the position.
fn start_proof(session: &mut Session, title: &str, jobs: &mut Jobs) {
    let Ok(position) = &session.verdict else {
        return;
    };
    if session.proving.is_some() || title.trim().is_empty() {
        return;
    }
    let request = JobRequest::ProvePuzzle {
        position: position.clone(),
        most_moves: proof::MOST_MOVES,
        budget: proof::BUDGET,
    };
    session.proving = Some(Proving {
        ticket: jobs.submit(JobOwner::PuzzleProof, request),
        config: session.draft.config,
        position: position.clone(),
        title: title.to_string(),
    });
    session.puzzle = PuzzleStep::Proving;
}

/// The puzzles folder of the player's data.
fn puzzles_folder(dir: Option<&DataDir>) -> PathBuf {
    dir.cloned().unwrap_or_default().puzzles()
}

/// When the proof is done: the puzzle saved (and listed) or why not.
fn poll_proof(
    mut editor: ResMut<Editor>,
    dir: Option<Res<DataDir>>,
    mut reports: MessageReader<JobReport>,
    mut saved: MessageWriter<PuzzleSaved>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
) {
    let Some(session) = editor.0.as_mut() else {
        reports.clear();
        return;
    };
    let Some(proving) = session.proving.as_ref() else {
        reports.clear();
        return;
    };
    let Some(result) = reports
        .read()
        .filter(|r| proving.ticket.owns(r))
        .find_map(|r| match &r.report {
            Report::Done(result) => Some(result.clone()),
            Report::Progress(_) => None,
        })
    else {
        // Headless, nothing wakes the loop: look again soon.
        next_frame.within(std::time::Duration::from_millis(200));
        return;
    };
    let Some(proving) = session.proving.take() else {
        return;
    };
    let proof = match result {
        JobResult::Proof(proven) => {
            proof::finish(proving.config, &proving.position, &proving.title, proven)
        }
        _ => Proof::TooLong,
    };
    session.puzzle = match proof {
        Proof::NoWin => PuzzleStep::NoWin,
        Proof::TooLong => PuzzleStep::TooLong,
        Proof::Won(found) => {
            let folder = puzzles_folder(dir.as_deref());
            match proof::save(&folder, &found) {
                Ok(path) => {
                    let step = PuzzleStep::Saved {
                        moves: found.goal.moves(),
                        file: crate::persist::paths::display_name(&path),
                    };
                    saved.write(PuzzleSaved {
                        path,
                        puzzle: found,
                    });
                    step
                }
                Err(trouble) => PuzzleStep::CannotWrite(trouble),
            }
        }
    };
}

/// `Esc` in the editor: closes the puzzle's title, else goes back (a dialog open over the
/// editor is closed by the keys instead, and a text being typed keeps the key).
fn escape_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    state: Res<State<AppState>>,
    modal: Res<State<crate::play::Modal>>,
    rules: Res<State<crate::play::RulesWindow>>,
    egui: Option<Res<EguiWantsInput>>,
    editor: Res<Editor>,
    mut commands: MessageWriter<EditorCommand>,
) {
    let pressed = keys.is_some_and(|k| k.just_pressed(KeyCode::Escape));
    let typing = egui.is_some_and(|e| e.wants_any_keyboard_input());
    let dialog =
        *modal.get() != crate::play::Modal::None || *rules.get() == crate::play::RulesWindow::Open;
    if !pressed || typing || dialog || *state.get() != AppState::Editing {
        return;
    }
    let naming = editor
        .0
        .as_ref()
        .is_some_and(|s| matches!(s.puzzle, PuzzleStep::Naming(_)));
    commands.write(if naming {
        EditorCommand::CancelPuzzle
    } else {
        EditorCommand::Back
    });
}

/// The editor closes as the app leaves it (Back, a game started, the analysis board…); a proof
/// under way finishes on its own and is dropped.
fn close(mut editor: ResMut<Editor>) {
    editor.0 = None;
}

/// A click on a square or a piece while editing puts or takes a piece (not behind a panel or a
/// dialog).
pub fn on_click(
    click: On<Pointer<Click>>,
    squares: Query<&Square>,
    pieces: Query<&OnSquare, With<Piece>>,
    state: Option<Res<State<AppState>>>,
    overlay: Option<Res<State<Overlay>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut commands: MessageWriter<EditorCommand>,
) {
    let editing = state.is_some_and(|s| *s.get() == AppState::Editing);
    let covered = overlay.is_some_and(|o| *o.get() == Overlay::Dialog)
        || egui.is_some_and(|e| e.wants_any_pointer_input());
    if click.event.button != PointerButton::Primary || !editing || covered {
        return;
    }
    let at = squares
        .get(click.entity)
        .map(|s| s.0)
        .or_else(|_| pieces.get(click.entity).map(|p| p.0));
    if let Ok(at) = at {
        commands.write(EditorCommand::Click(at));
    }
}
