//! The analysis board: any position of any game, both sides moved freely by mouse, every line
//! kept in a tree of variations (the engine's `GameTree`), the engine's best lines beside the
//! board and its best move drawn on it, and the analysis saved as a record with its variations.
//!
//! The game on the board is play's, as always: the analysis starts it (`StartAs::Analysis`:
//! people on both seats, never autosaved), a click plays a move through the rules, and the tree
//! follows the game — after each change of [`CurrentGame`] its moves are walked from the root
//! of the tree, which follows a move already there or adds it as a new variation. Steps along
//! the tree ask play: a step forward is a [`PlayMove`] (animated), a step back play's
//! `StepBack` (the pieces glide back), any other jump starts the game at that node.

pub mod engine;
pub mod panel;
pub mod proof;

use bevy::prelude::*;
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;
use gamut_engine::level::Level;
use gamut_engine::record::{GameTree, NodeId, Record};
use gamut_engine::search::MultiInfo;

use crate::board::arrows::BoardArrows;
use crate::engine_jobs::{EngineJobsSystems, JobReport, Jobs};
use crate::model::{CurrentGame, GameSettings, Notice, Player, Seats};
use crate::persist::PersistRequest;
use crate::play::{
    Analysing, GameCommand, Mover, OpenAnalysis, PlayMove, PlaySystems, StartAs, StartGame,
};
use engine::EngineJob;
use proof::{ProofJob, Settled};

/// What the player asks of the analysis board (its panel's buttons, the move list, keys).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// The start of the analysis.
    First,
    /// One move back.
    Back,
    /// One move forward, along the main continuation.
    Forward,
    /// The end of the current line (its main continuations).
    Last,
    /// The position at this node of the tree.
    GoTo(NodeId),
    /// Plays the move (an engine line's first move, clicked).
    Play(AnyMove),
    /// This node's variation becomes the main continuation where it branches.
    Promote(NodeId),
    /// This node and everything after it go.
    Delete(NodeId),
    /// The comment on this node (none: removed).
    Comment(NodeId, Option<String>),
    /// The engine thinks, or stops.
    ToggleEngine,
    /// Save the analysis in the saves folder under this name.
    Save(String),
    /// A game from the shown position, against the computer or hot-seat.
    PlayFromHere(crate::review::Opponent),
}

/// The analysis board, while it is open.
#[derive(Resource, Default)]
pub struct AnalysisBoard(pub Option<Board>);

/// An analysis: its tree, and the engine on its current position.
pub struct Board {
    /// The moves analysed: the main line and its variations, with comments.
    pub tree: GameTree,
    /// Whether the engine thinks about each position shown (its lines stay shown when it is
    /// stopped, for the position they are for).
    pub engine_on: bool,
    /// The engine's lines for [`Board::lines_for`].
    pub lines: Option<MultiInfo<AnyMove>>,
    /// The node the lines are for.
    pub lines_for: Option<NodeId>,
    job: Option<(NodeId, EngineJob)>,
    /// The proof search of the shown position (kept once done, for the node it is for).
    proof: Option<(NodeId, ProofJob)>,
}

impl Board {
    /// An analysis of `tree`, the engine on.
    pub fn new(tree: GameTree) -> Board {
        Board {
            tree,
            engine_on: true,
            lines: None,
            lines_for: None,
            job: None,
            proof: None,
        }
    }

    /// Whether the engine is searching the shown position now.
    pub fn is_thinking(&self) -> bool {
        self.job.as_ref().is_some_and(|(_, job)| job.is_running())
    }

    /// Whether the proof search is settling the shown position now.
    pub fn is_proving(&self) -> bool {
        self.proof
            .as_ref()
            .is_some_and(|(node, job)| *node == self.tree.current() && job.is_running())
    }

    /// What the proof search settled about the shown position, once it is done.
    pub fn current_proof(&self) -> Option<&Settled> {
        self.proof
            .as_ref()
            .filter(|(node, _)| *node == self.tree.current())
            .and_then(|(_, job)| job.settled())
    }

    /// The engine's lines for the shown position, if it has any.
    pub fn current_lines(&self) -> Option<&MultiInfo<AnyMove>> {
        self.lines
            .as_ref()
            .filter(|_| self.lines_for == Some(self.tree.current()))
    }

    /// The game at `node`: its line from the start, every move of it taken back-able.
    pub fn game_at(&self, node: NodeId) -> CurrentGame {
        CurrentGame::from_replay(self.tree.config(), &self.tree.position(node))
    }

    /// The tree follows the game: its moves walked from the root, each followed where the tree
    /// has it and added as a new variation where not.
    fn follow(&mut self, game: &CurrentGame) {
        let moves = game.position().moves_played();
        let tree = &mut self.tree;
        if tree.line_moves(tree.current()) == moves {
            return;
        }
        tree.to_start();
        for mv in moves {
            if tree.play(mv).is_err() {
                warn!("the analysis cannot follow the game's move {mv:?}");
                return;
            }
        }
    }
}

/// The analysis board: opening it, following the game, the engine, the commands.
pub struct AnalysisPlugin;

impl Plugin for AnalysisPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<AnalysisBoard>()
            .add_message::<AnalysisCommand>()
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                panel::analysis_panels
                    .run_if(in_state(crate::play::Analysing))
                    .after(crate::ui::UiSystems)
                    .run_if(crate::i18n::words_ready),
            )
            .add_systems(
                Update,
                (open_analysis, handle_commands).chain().before(PlaySystems),
            )
            .add_systems(
                Update,
                (follow_game, run_engine, run_proof, show_best_move)
                    .chain()
                    .after(PlaySystems)
                    .after(EngineJobsSystems)
                    .run_if(in_state(Analysing)),
            )
            .add_systems(OnExit(Analysing), close_analysis)
            .add_systems(
                Last,
                (
                    crate::rest::answer_messages::<AnalysisCommand>,
                    crate::rest::answer_messages::<OpenAnalysis>,
                    crate::rest::answer_messages::<PersistRequest>,
                )
                    .before(crate::rest::RestSystems),
            );
    }
}

/// People on every seat of an analysis: each moves whichever side is to move.
fn people(settings: &GameSettings, config: gamut_engine::any_game::GameConfig) -> GameSettings {
    GameSettings {
        config,
        black: Player::Human,
        white: Player::Human,
        black_marked: Player::Human,
        white_marked: Player::Human,
        ..*settings
    }
}

/// Opens the analysis asked for: its tree made, its shown position started on the board.
fn open_analysis(
    mut opens: MessageReader<OpenAnalysis>,
    mut board: ResMut<AnalysisBoard>,
    settings: Res<GameSettings>,
    mut starts: MessageWriter<StartGame>,
) {
    let Some(open) = opens.read().last() else {
        return;
    };
    let tree = match open {
        OpenAnalysis::Game(game) => tree_of(game),
        OpenAnalysis::Record(record) => GameTree::from_record(record),
    };
    let tree = match tree {
        Ok(tree) => tree,
        Err(e) => {
            error!("cannot open the analysis: {e}");
            return;
        }
    };
    let analysis = Board::new(tree);
    let game = analysis.game_at(analysis.tree.current());
    starts.write(StartGame {
        names: Default::default(),
        seats: people(&settings, game.config),
        game: Box::new(game),
        mode: StartAs::Analysis,
        notice: Some(Notice::AnalysisOpened),
    });
    board.0 = Some(analysis);
}

/// The tree of a game: its moves and those taken back (a review's later moves) the main line,
/// shown where the game is.
pub(crate) fn tree_of(game: &CurrentGame) -> Result<GameTree, gamut_engine::record::RecordError> {
    let mut whole = game.position().clone();
    for mv in game.redo_moves() {
        whole.play_unchecked(mv);
    }
    let mut tree = GameTree::from_record(&Record::from_game(game.config, &whole))?;
    tree.to_start();
    for mv in game.position().moves_played() {
        tree.play(mv).ok();
    }
    Ok(tree)
}

/// The tree follows each change of the game on the board.
fn follow_game(game: Res<CurrentGame>, mut board: ResMut<AnalysisBoard>) {
    if !game.is_changed() {
        return;
    }
    if let Some(board) = board.0.as_mut() {
        board.follow(&game);
    }
}

/// The engine thinks about the shown position while it is on; its lines are copied for the
/// screen as they come.
fn run_engine(
    mut board: ResMut<AnalysisBoard>,
    mut jobs: Jobs,
    mut reports: MessageReader<JobReport>,
) {
    let Some(board) = board.0.as_mut() else {
        reports.clear();
        return;
    };
    for report in reports.read() {
        if let Some((_, job)) = board.job.as_mut() {
            job.receive(report);
        }
    }
    let current = board.tree.current();
    if !board.engine_on {
        board.job = None;
    } else if board.job.as_ref().is_none_or(|(node, _)| *node != current) {
        let position = board.tree.position(current);
        let job = EngineJob::start(&mut jobs, &position, engine::default_limits());
        board.job = Some((current, job));
        board.lines = None;
        board.lines_for = Some(current);
    }
    if let Some((node, job)) = &board.job
        && let Some(found) = job.found()
        && board.lines.as_ref().is_none_or(|l| l.depth != found.depth)
    {
        board.lines = Some(found);
        board.lines_for = Some(*node);
    }
}

/// While the engine is on, the proof search settles each position shown (a new position stops
/// the old search); stopping the engine stops a search under way, a settled answer stays.
fn run_proof(
    mut board: ResMut<AnalysisBoard>,
    mut jobs: Jobs,
    mut reports: MessageReader<JobReport>,
) {
    let Some(board) = board.0.as_mut() else {
        reports.clear();
        return;
    };
    for report in reports.read() {
        if let Some((_, job)) = board.proof.as_mut() {
            job.receive(report);
        }
    }
    let current = board.tree.current();
    let for_current = board
        .proof
        .as_ref()
        .is_some_and(|(node, _)| *node == current);
    if !board.engine_on {
        if board
            .proof
            .as_ref()
            .is_some_and(|(_, job)| job.is_running())
        {
            board.proof = None;
        }
    } else if !for_current {
        let position = board.tree.position(current);
        board.proof = Some((current, ProofJob::start(&mut jobs, &position)));
    }
}

/// The engine's best move in the shown position, drawn on the board as an arrow (also once the
/// engine is stopped: its lines stay until the position changes).
fn show_best_move(board: Res<AnalysisBoard>, mut arrows: ResMut<BoardArrows>) {
    let best = board
        .0
        .as_ref()
        .and_then(Board::current_lines)
        .and_then(|lines| lines.best_move().copied());
    let wanted = best.map(crate::board::arrows::of_move).unwrap_or_default();
    if arrows.0 != wanted {
        arrows.0 = wanted;
    }
}

/// Leaving the analysis board (for the title, a game from here): its engine stops, the arrow
/// goes.
fn close_analysis(mut board: ResMut<AnalysisBoard>, mut arrows: ResMut<BoardArrows>) {
    board.0 = None;
    arrows.0.clear();
}

/// What an analysis command changes: the analysis, and what it asks of play and the saves.
#[derive(bevy::ecs::system::SystemParam)]
struct CommandTargets<'w> {
    board: ResMut<'w, AnalysisBoard>,
    game: Res<'w, CurrentGame>,
    settings: Res<'w, GameSettings>,
    seats: Res<'w, Seats>,
    starts: MessageWriter<'w, StartGame>,
    moves: MessageWriter<'w, PlayMove>,
    commands: MessageWriter<'w, GameCommand>,
    saves: MessageWriter<'w, PersistRequest>,
}

impl CommandTargets<'_> {
    /// Shows the position at `node`: a step forward is played (and animated), a step back
    /// glides back, anything else starts the game at that node.
    fn go_to(&mut self, node: NodeId) {
        let Some(board) = self.board.0.as_mut() else {
            return;
        };
        let tree = &board.tree;
        let current = tree.current();
        if node == current {
            return;
        }
        if tree.parent(node) == Some(current) {
            if let Some(mv) = tree.move_of(node) {
                self.moves
                    .write(PlayMove::new(mv, Mover::Analysis, &self.game));
            }
            return;
        }
        if tree.parent(current) == Some(node) {
            self.commands.write(GameCommand::StepBack);
            return;
        }
        let game = board.game_at(node);
        if board.tree.go_to(node).is_err() {
            return;
        }
        self.starts.write(StartGame {
            names: Default::default(),
            seats: self.seats.0,
            game: Box::new(game),
            mode: StartAs::Analysis,
            notice: None,
        });
    }

    fn play(&mut self, mv: AnyMove) {
        self.moves
            .write(PlayMove::new(mv, Mover::Analysis, &self.game));
    }

    /// Removes `node` and its subtree; the board goes to its parent if it was showing a
    /// position inside it.
    fn delete(&mut self, node: NodeId) {
        let Some(board) = self.board.0.as_mut() else {
            return;
        };
        let Some(parent) = board.tree.parent(node) else {
            return;
        };
        let inside = board.tree.path(board.tree.current()).contains(&node);
        if inside {
            self.go_to(parent);
        }
        if let Some(board) = self.board.0.as_mut()
            && let Err(e) = board.tree.delete(node)
        {
            warn!("cannot delete {node}: {e}");
        }
    }

    fn save(&mut self, name: &str) {
        let Some(board) = self.board.0.as_ref() else {
            return;
        };
        let mut record = board.tree.to_record();
        record.date = Some(gamut_engine::record::today());
        self.saves.write(PersistRequest::SaveAnalysis {
            name: name.to_string(),
            record: Box::new(record),
        });
    }

    fn play_from_here(&mut self, opponent: crate::review::Opponent) {
        let Some(board) = self.board.0.as_ref() else {
            return;
        };
        let game = board.game_at(board.tree.current());
        // The computer of the player's last game against it, or the default level.
        let computer = self
            .settings
            .seats()
            .into_iter()
            .find(|p| p.is_computer())
            .unwrap_or(Player::Computer(Level::default()));
        let to_move = game.side_to_move();
        let player = |side| match opponent {
            crate::review::Opponent::Computer if side != to_move => computer,
            _ => Player::Human,
        };
        let seats = GameSettings {
            config: game.config,
            black: player(gamut_engine::Color::Black),
            white: player(gamut_engine::Color::White),
            black_marked: player(gamut_engine::Color::Black),
            white_marked: player(gamut_engine::Color::White),
            ..*self.settings
        };
        self.starts.write(StartGame {
            names: Default::default(),
            game: Box::new(game),
            seats,
            mode: StartAs::Own,
            notice: Some(Notice::NewGame),
        });
    }
}

/// Where the line through `node` ends: its main continuations followed to the last.
fn line_end(tree: &GameTree, node: NodeId) -> NodeId {
    let mut end = node;
    while let Some(&next) = tree.children(end).first() {
        end = next;
    }
    end
}

/// Where a step asks to go from the shown node, if anywhere.
fn step_target(tree: &GameTree, command: &AnalysisCommand) -> Option<NodeId> {
    let current = tree.current();
    match command {
        AnalysisCommand::First => Some(tree.root()),
        AnalysisCommand::Back => tree.parent(current),
        AnalysisCommand::Forward => tree.children(current).first().copied(),
        AnalysisCommand::Last => Some(line_end(tree, current)),
        AnalysisCommand::GoTo(node) => Some(*node),
        _ => None,
    }
}

fn handle_commands(mut commands: MessageReader<AnalysisCommand>, mut to: CommandTargets) {
    for command in commands.read() {
        let Some(board) = to.board.0.as_mut() else {
            return;
        };
        if let Some(node) = step_target(&board.tree, command) {
            to.go_to(node);
            continue;
        }
        match command.clone() {
            AnalysisCommand::Promote(node) => {
                if let Err(e) = board.tree.make_main_line(node) {
                    warn!("cannot make {node} the main line: {e}");
                }
            }
            AnalysisCommand::Comment(node, text) => {
                if let Err(e) = board.tree.set_comment(node, text) {
                    warn!("cannot comment {node}: {e}");
                }
            }
            AnalysisCommand::ToggleEngine => board.engine_on = !board.engine_on,
            AnalysisCommand::Play(mv) => to.play(mv),
            AnalysisCommand::Delete(node) => to.delete(node),
            AnalysisCommand::Save(name) => to.save(&name),
            AnalysisCommand::PlayFromHere(opponent) => to.play_from_here(opponent),
            AnalysisCommand::First
            | AnalysisCommand::Back
            | AnalysisCommand::Forward
            | AnalysisCommand::Last
            | AnalysisCommand::GoTo(_) => {}
        }
    }
}
