//! The computer's turn: a search in a background task holding its own copy of the position, so
//! the window never freezes. Undo or a new game cancels it (stop flag, and the result of a
//! stale search is thrown away).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::eval::{BoundlessEvaluator, EpaminondasEvaluator, LoaEvaluator};
use gamut_engine::level::{Level, choose_move};
use gamut_engine::search::{Score, Searcher};
use gamut_engine::{Game, boundless, epaminondas, loa};

use crate::input::{Hint, HintRequest};
use crate::logic::{MovePlayed, StatusLine, TurnState, play_move};
use crate::rules::Rules;
use crate::settings::{GameSettings, Player};

/// Transposition table size of the computer's search, in MiB.
const HASH_MB: usize = 64;

/// The computer's memory between moves: one searcher per game.
#[derive(Resource, Clone)]
pub struct AiBrain {
    loa: Arc<Mutex<Searcher<loa::Position>>>,
    epaminondas: Arc<Mutex<Searcher<epaminondas::Position>>>,
    boundless: Arc<Mutex<Searcher<boundless::Position>>>,
}

impl AiBrain {
    /// Searchers with tables of `hash_mb` MiB each.
    fn with_hash(hash_mb: usize) -> AiBrain {
        AiBrain {
            loa: Arc::new(Mutex::new(Searcher::new(hash_mb))),
            epaminondas: Arc::new(Mutex::new(Searcher::new(hash_mb))),
            boundless: Arc::new(Mutex::new(Searcher::new(hash_mb))),
        }
    }
}

impl Default for AiBrain {
    fn default() -> AiBrain {
        AiBrain::with_hash(HASH_MB)
    }
}

/// What a finished search found.
#[derive(Debug, Clone)]
pub struct AiAnswer {
    /// The move to play (`None` if the game was over).
    pub mv: Option<AnyMove>,
    /// The evaluation for the side that moved.
    pub score: Option<Score>,
    /// Depth reached.
    pub depth: u32,
}

/// The search under way, if any.
#[derive(Resource, Default)]
pub struct AiTask {
    running: Option<Running>,
    /// The last answer, for the panel ("thinks White is ahead").
    pub last: Option<AiAnswer>,
}

struct Running {
    task: Task<AiAnswer>,
    stop: Arc<AtomicBool>,
    searcher_stop: Option<Arc<AtomicBool>>,
    /// Hash and ply of the position searched: a stale answer is thrown away.
    key: (u64, usize),
}

impl AiTask {
    /// Stops the running search and forgets it.
    pub fn cancel(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            if let Some(flag) = running.searcher_stop {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Whether a search is under way.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }
}

/// Searches `position` at `level` for up to `think_time` on the calling thread.
pub fn think(
    brain: &AiBrain,
    position: &AnyPosition,
    level: Level,
    think_time: Duration,
    stop: &AtomicBool,
) -> AiAnswer {
    yield_to_the_window();
    let mut rng = rand::rng();
    let result = match position {
        AnyPosition::LinesOfAction(p) => {
            let mut searcher = lock_or_new(&brain.loa);
            let out = choose_move(
                &mut searcher,
                p,
                &LoaEvaluator::default(),
                level,
                think_time,
                &mut rng,
            );
            out.map(|(m, info)| (AnyMove::LinesOfAction(m), info.score, info.depth))
        }
        AnyPosition::Epaminondas(p) => {
            let mut searcher = lock_or_new(&brain.epaminondas);
            let out = choose_move(
                &mut searcher,
                p,
                &EpaminondasEvaluator::default(),
                level,
                think_time,
                &mut rng,
            );
            out.map(|(m, info)| (AnyMove::Epaminondas(m), info.score, info.depth))
        }
        AnyPosition::Boundless(p) => {
            let mut searcher = lock_or_new(&brain.boundless);
            let out = choose_move(
                &mut searcher,
                p,
                &BoundlessEvaluator::default(),
                level,
                think_time,
                &mut rng,
            );
            out.map(|(m, info)| (AnyMove::Boundless(m), info.score, info.depth))
        }
    };
    if stop.load(Ordering::Relaxed) {
        return AiAnswer {
            mv: None,
            score: None,
            depth: 0,
        };
    }
    match result {
        Some((mv, score, depth)) => AiAnswer {
            mv: Some(mv),
            score: Some(score),
            depth,
        },
        None => AiAnswer {
            mv: None,
            score: None,
            depth: 0,
        },
    }
}

/// Lowers the priority of the calling (background) thread, so that on a machine with few cores
/// the window's threads run first and the search takes the time they leave.
fn yield_to_the_window() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only changes the scheduling priority of the calling thread (Linux
    // keeps the nice value per thread); raising it needs no privilege, and a refusal is harmless.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// The shared searcher, or a fresh one if a cancelled search still holds it.
fn lock_or_new<G: Game>(shared: &Arc<Mutex<Searcher<G>>>) -> SearcherGuard<'_, G> {
    match shared.try_lock() {
        Ok(guard) => SearcherGuard::Shared(guard),
        Err(_) => SearcherGuard::Fresh(Box::new(Searcher::new(HASH_MB / 4))),
    }
}

enum SearcherGuard<'a, G: Game> {
    Shared(std::sync::MutexGuard<'a, Searcher<G>>),
    Fresh(Box<Searcher<G>>),
}

impl<G: Game> std::ops::Deref for SearcherGuard<'_, G> {
    type Target = Searcher<G>;
    fn deref(&self) -> &Searcher<G> {
        match self {
            SearcherGuard::Shared(g) => g,
            SearcherGuard::Fresh(s) => s,
        }
    }
}

impl<G: Game> std::ops::DerefMut for SearcherGuard<'_, G> {
    fn deref_mut(&mut self) -> &mut Searcher<G> {
        match self {
            SearcherGuard::Shared(g) => g,
            SearcherGuard::Fresh(s) => s,
        }
    }
}

/// Runs the computer's turns.
pub struct AiPlugin;

impl Plugin for AiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<AiBrain>()
            .init_resource::<AiTask>()
            .add_systems(OnEnter(TurnState::AiThinking), start_search)
            .add_systems(OnExit(TurnState::AiThinking), cancel_search)
            .add_systems(Update, poll_search.run_if(in_state(TurnState::AiThinking)))
            .init_resource::<HintTask>()
            .init_resource::<Hint>()
            .add_message::<HintRequest>()
            .add_systems(Update, (start_hint, poll_hint));
    }
}

/// How long the hint search takes.
const HINT_TIME: Duration = Duration::from_millis(800);

/// The hint search under way.
#[derive(Resource, Default)]
pub struct HintTask(Option<(Task<Option<AnyMove>>, PositionKey)>);

/// Hash and ply of a searched position: an answer for another position is thrown away.
type PositionKey = (u64, usize);

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut hint_task: ResMut<HintTask>,
    rules: Res<Rules>,
    mut status: ResMut<StatusLine>,
) {
    if requests.read().count() == 0 || rules.end().is_some() {
        return;
    }
    let position = rules.position().clone();
    let key = (position.hash(), rules.ply());
    status.0 = "Looking for a good move…".into();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let brain = AiBrain::with_hash(16);
        think(
            &brain,
            &position,
            Level::MAX,
            HINT_TIME,
            &AtomicBool::new(false),
        )
        .mv
    });
    hint_task.0 = Some((task, key));
}

fn poll_hint(
    mut hint_task: ResMut<HintTask>,
    rules: Res<Rules>,
    mut hint: ResMut<Hint>,
    mut status: ResMut<StatusLine>,
) {
    let Some((task, key)) = hint_task.0.as_mut() else {
        return;
    };
    let Some(found) = block_on(poll_once(task)) else {
        return;
    };
    let key = *key;
    hint_task.0 = None;
    if key != (rules.position().hash(), rules.ply()) {
        return;
    }
    status.0 = match found {
        Some(mv) => format!("Hint: {}", rules.position().human_move(mv)),
        None => "No hint: the game is over.".into(),
    };
    hint.0 = found;
}

fn start_search(
    mut ai: ResMut<AiTask>,
    brain: Res<AiBrain>,
    rules: Res<Rules>,
    settings: Res<GameSettings>,
) {
    ai.cancel();
    let Player::Computer(level) = settings.player_to_move(&rules) else {
        return;
    };
    let position = rules.position().clone();
    let key = (position.hash(), rules.ply());
    let stop = Arc::new(AtomicBool::new(false));
    let brain = brain.clone();
    let think_time = settings.think_time;
    let task_stop = Arc::clone(&stop);
    // The shared searcher's own flag, to cut a cancelled search short (not if a cancelled
    // search still holds it: then this one uses a fresh searcher).
    let searcher_stop = match &position {
        AnyPosition::LinesOfAction(_) => brain.loa.try_lock().ok().map(|s| s.stop_flag()),
        AnyPosition::Epaminondas(_) => brain.epaminondas.try_lock().ok().map(|s| s.stop_flag()),
        AnyPosition::Boundless(_) => brain.boundless.try_lock().ok().map(|s| s.stop_flag()),
    };
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { think(&brain, &position, level, think_time, &task_stop) });
    ai.running = Some(Running {
        task,
        stop,
        searcher_stop,
        key,
    });
}

fn cancel_search(mut ai: ResMut<AiTask>) {
    ai.cancel();
}

fn poll_search(
    mut ai: ResMut<AiTask>,
    mut rules: ResMut<Rules>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    let Some(running) = ai.running.as_mut() else {
        return;
    };
    let Some(answer) = block_on(poll_once(&mut running.task)) else {
        return;
    };
    let key = running.key;
    ai.running = None;
    let current = (rules.position().hash(), rules.ply());
    if key != current {
        return; // the position changed while it thought: a new turn will start
    }
    ai.last = Some(answer.clone());
    match answer.mv {
        Some(mv) if rules.position().is_legal(mv) => {
            play_move(&mut rules, mv, &mut played);
            next_turn.set(TurnState::Animating);
        }
        _ => next_turn.set(TurnState::AwaitingInput),
    }
}
