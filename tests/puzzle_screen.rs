//! The puzzle screen, headless: shipped puzzles solved through move requests with the engine's
//! longest defence answering (the variants' too, with their rules), a wrong first move judged
//! "not winning" and not counted, the solution shown move by move, the article's defence
//! puzzle played out, the progress file written and read back, a corrupt progress file kept
//! untouched and reported, and every puzzle proven with a title and a theme in each language.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gamut::i18n::Words;
use gamut::model::game::move_cells;
use gamut::model::{CurrentGame, Language, MoveRequest};
use gamut::persist::DataDir;
use gamut::play::{AppState, OpenLearn, Practice, TurnState};
use gamut::puzzles::{
    Catalog, Phase, PuzzleCommand, PuzzleLogicPlugin, PuzzlePace, PuzzleProgress, PuzzleScreen,
    PuzzleState, Verdict, View,
};
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;
use gamut_engine::puzzle;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamut-puzzle-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The headless game with the puzzles' logic, its data in `dir`, no pauses.
fn puzzle_app(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, gamut::HeadlessPlugins))
        .insert_resource(DataDir::at(dir))
        .add_plugins(PuzzleLogicPlugin)
        .insert_resource(PuzzlePace {
            reply: Duration::ZERO,
            solution_step: Duration::ZERO,
        });
    app.update();
    app.world_mut().write_message(OpenLearn::Puzzles);
    // The list is a screen of the title's: it shows from the next frame's state change.
    app.update();
    app.update();
    assert_eq!(
        app.world()
            .get_resource::<State<gamut::play::MenuScreen>>()
            .map(|s| *s.get()),
        Some(gamut::play::MenuScreen::Puzzles),
        "the list"
    );
    app
}

fn screen(app: &App) -> &PuzzleScreen {
    app.world().resource::<PuzzleScreen>()
}

fn phase(app: &App) -> Phase {
    screen(app)
        .attempt
        .as_ref()
        .expect("a puzzle")
        .phase
        .clone()
}

fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

fn progress(app: &App) -> &PuzzleProgress {
    app.world().resource::<PuzzleProgress>()
}

fn waiting(app: &App) -> bool {
    app.world()
        .get_resource::<State<TurnState>>()
        .is_some_and(|t| *t.get() == TurnState::AwaitingInput)
}

/// Runs frames until `done` holds (the prover works on the task pool): a generous limit, not a
/// speed target.
fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "waited too long for {what}: {:?}, ply {}, {:?}, {:?}, {:?}",
            screen(app).attempt,
            game(app).ply(),
            app.world()
                .get_resource::<State<TurnState>>()
                .map(|s| *s.get()),
            app.world().resource::<State<AppState>>().get(),
            app.world().resource::<Practice>(),
        );
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Opens a puzzle of the list and waits until the player may move.
fn open(app: &mut App, id: &str) -> usize {
    let index = app.world().resource::<Catalog>().index_of(id).expect(id);
    app.world_mut().write_message(PuzzleCommand::Open(index));
    app.update();
    run_until(app, "the puzzle on the board", |app| {
        screen(app).attempt.as_ref().is_some_and(|a| a.ready) && waiting(app)
    });
    assert!(
        app.world()
            .get_resource::<State<gamut::play::Practising>>()
            .is_some()
    );
    assert_eq!(game(app).ply(), 0);
    // The board plays the puzzle's rules (its variant or board) from its position.
    let puzzle = &app.world().resource::<Catalog>().entries[index].puzzle;
    assert_eq!(game(app).config, puzzle.record.config, "{id}");
    assert_eq!(
        game(app).position().to_text(),
        puzzle.start().to_text(),
        "{id}"
    );
    index
}

/// The player's move, as a click would ask for it; then waits for the engine's answer (its
/// reply played) or the end.
fn play(app: &mut App, mv: AnyMove) {
    let cells = move_cells(mv);
    let plies = game(app).ply();
    app.world_mut()
        .write_message(MoveRequest::step(cells[0], cells[1]));
    run_until(app, "the player's move", |app| game(app).ply() > plies);
    run_until(app, "the engine's answer", |app| {
        matches!(phase(app), Phase::YourMove | Phase::Over(_))
    });
    // The answer's animation ends, or the game is over.
    app.update();
    run_until(app, "the board", |app| {
        matches!(phase(app), Phase::YourMove | Phase::Over(_)) && (waiting(app) || over(app))
    });
}

/// The game is over and the turn flow has seen it.
fn over(app: &App) -> bool {
    *app.world().resource::<State<AppState>>().get() == AppState::GameOver
}

/// Plays a win-in-N puzzle to the end: each move the first of the fastest wins, each reply
/// the engine's; checks every reply is the longest defence.
fn solve(app: &mut App, id: &str) {
    let index = open(app, id);
    let n = app.world().resource::<Catalog>().entries[index]
        .goal()
        .moves();
    let mut left = n;
    while !matches!(phase(app), Phase::Over(_)) {
        let position = game(app).position().clone();
        let mv = puzzle::winning_moves(&position, left, None).unwrap()[0];
        let mut after = position.clone();
        after.play_unchecked(mv);
        play(app, mv);
        left -= 1;
        if let Ok(Some((defence, _))) = puzzle::best_defence(&after, left, None)
            && after.outcome().is_none()
        {
            assert_eq!(
                game(app).last_move(),
                Some(defence),
                "{id}: the longest defence"
            );
        }
    }
    assert_eq!(
        phase(app),
        Phase::Over(Verdict::Solved { counted: true }),
        "{id}"
    );
    assert_eq!(progress(app).state(id), PuzzleState::Solved);
}

#[test]
fn wins_in_one_and_two_are_solved_against_the_longest_defence() {
    let dir = temp_dir("solve");
    let mut app = puzzle_app(&dir);
    solve(&mut app, "loa/w1-01");
    solve(&mut app, "loa/w2-01");
    // Epaminondas: the win comes after the defender's last reply.
    solve(&mut app, "epaminondas/w1-01");
    solve(&mut app, "epaminondas/w1-02");
    // Remembered in the file, and read back by the next run.
    let file = PuzzleProgress::file_in(&DataDir::at(&dir));
    let again = PuzzleProgress::load(&file);
    assert_eq!(again.problem(), None);
    for id in ["loa/w1-01", "loa/w2-01", "epaminondas/w1-01"] {
        assert_eq!(again.state(id), PuzzleState::Solved, "{id}");
    }
    assert_eq!(again.state("loa/w3-01"), PuzzleState::New);
    let next = puzzle_app(&dir);
    assert_eq!(progress(&next).state("loa/w2-01"), PuzzleState::Solved);
    // Back to the title: practice over.
    app.world_mut().write_message(PuzzleCommand::BackToTitle);
    run_until(&mut app, "the title", |app| {
        *app.world().resource::<State<AppState>>().get() == AppState::Menu
    });
    assert_eq!(screen(&app).view, View::Closed);
    assert!(
        app.world()
            .get_resource::<State<gamut::play::Practising>>()
            .is_none()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A puzzle of each variant, solved by the player's moves as clicks ask for them: Scrambled
/// Eggs, Parachute, Boundless (the winning move starts off the 8×8 area) and Epaminondas on the
/// small board.
#[test]
fn the_variants_puzzles_are_solved_with_their_rules() {
    let dir = temp_dir("variants");
    let mut app = puzzle_app(&dir);
    for id in [
        "scrambled-eggs/w2-01",
        "parachute/w2-01",
        "boundless/w2-01",
        "epaminondas-small/w2-01",
    ] {
        solve(&mut app, id);
        if id.starts_with("boundless") {
            // Pieces stood off the 8×8 area, written with coordinates: (4,0).
            assert!(game(&app).position().to_text().contains('('), "{id}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every shipped puzzle is read, has a theme, and a title of its own in English, French and
/// Italian (not the id the message falls back to), different from every other's.
#[test]
fn every_puzzle_has_a_title_and_a_theme_in_every_language() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let catalog = Catalog::load(&root.join("puzzles"));
    assert!(catalog.problems.is_empty(), "{:?}", catalog.problems);
    assert!(catalog.entries.len() >= 80, "{}", catalog.entries.len());
    let words = Words::from_folder(&root.join("locales"), Language::English);
    for language in [Language::English, Language::French, Language::Italian] {
        let mut titles = std::collections::BTreeSet::new();
        for entry in &catalog.entries {
            let key = entry.title_key();
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("id", key.clone());
            let title = words
                .format_in(language, "puzzle-title", Some(&args))
                .unwrap_or_else(|e| panic!("{language:?}: {e}"));
            let title = title.replace(['\u{2068}', '\u{2069}'], "");
            assert!(
                !title.trim().is_empty() && title != key,
                "{language:?}: no title for {}",
                entry.id
            );
            assert!(titles.insert(title.clone()), "{language:?}: {title} twice");
            let theme = entry
                .theme
                .unwrap_or_else(|| panic!("{}: no theme", entry.id));
            let theme_key = format!("puzzle-theme-{}", theme.name());
            assert!(words.has(language, &theme_key), "{language:?}: {theme_key}");
        }
    }
}

#[test]
fn a_wrong_first_move_is_not_winning_and_not_counted() {
    let dir = temp_dir("wrong");
    let mut app = puzzle_app(&dir);
    let index = open(&mut app, "loa/w2-01");
    let key = app.world().resource::<Catalog>().entries[index]
        .puzzle
        .solution()[0];
    let wrong = game(&app)
        .position()
        .legal_moves()
        .into_iter()
        .find(|&m| m != key)
        .unwrap();
    play(&mut app, wrong);
    match phase(&app) {
        Phase::Over(Verdict::NotWinning { played, .. }) => {
            assert_eq!(played, game(&app).notation()[0]);
        }
        other => panic!("expected not winning, got {other:?}"),
    }
    assert_eq!(progress(&app).state("loa/w2-01"), PuzzleState::Tried);
    // No move of the scripted side comes, and the player may not move for it.
    assert_eq!(game(&app).ply(), 1);
    // Try again: the start, then the solution shown; a win after it is not counted.
    app.world_mut().write_message(PuzzleCommand::TryAgain);
    run_until(&mut app, "the start again", |app| {
        phase(app) == Phase::YourMove && game(app).ply() == 0
    });
    app.world_mut().write_message(PuzzleCommand::ShowSolution);
    run_until(&mut app, "the solution", |app| {
        phase(app) == Phase::Over(Verdict::SolutionShown)
    });
    let solution = app.world().resource::<Catalog>().entries[index]
        .puzzle
        .solution();
    assert_eq!(game(&app).ply(), solution.len());
    assert_eq!(
        game(&app).end().and_then(|e| e.winner()),
        Some(screen(&app).attempt.as_ref().unwrap().learner)
    );
    app.world_mut().write_message(PuzzleCommand::TryAgain);
    run_until(&mut app, "the start again", |app| {
        phase(app) == Phase::YourMove && game(app).ply() == 0
    });
    play(&mut app, solution[0]);
    play(&mut app, solution[2]);
    assert_eq!(phase(&app), Phase::Over(Verdict::Solved { counted: false }));
    assert_eq!(progress(&app).state("loa/w2-01"), PuzzleState::Tried);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_article_puzzle_ends_in_whites_win_whatever_black_tries() {
    let dir = temp_dir("article");
    let mut app = puzzle_app(&dir);
    let index = open(&mut app, "loa/article-defence");
    let line = app.world().resource::<Catalog>().entries[index]
        .puzzle
        .solution();
    // The article's try b4-b2: White answers c5-b4, and wins.
    play(&mut app, line[0]);
    assert_eq!(game(&app).last_move(), Some(line[1]));
    while !matches!(phase(&app), Phase::Over(_)) {
        let mv = game(&app).position().legal_moves()[0];
        play(&mut app, mv);
    }
    assert_eq!(phase(&app), Phase::Over(Verdict::Lost));
    assert!(
        game(&app)
            .end()
            .is_some_and(|e| e.winner() == Some(gamut_engine::Color::White))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_progress_file_is_kept_aside_untouched_and_reported() {
    use gamut::model::{Fate, FileProblem, FileTrouble};
    let dir = temp_dir("corrupt");
    let file = PuzzleProgress::file_in(&DataDir::at(&dir));
    let garbage = b"{\"format\": 1, \"puzzles\": {\"loa/w1-01\": \"sol";
    std::fs::write(&file, garbage).unwrap();
    let mut app = puzzle_app(&dir);
    let report = progress(&app)
        .problem()
        .cloned()
        .expect("the file reported");
    assert_eq!(report.name, "puzzles.json");
    let Fate::SetAside { kept_as, why, .. } = report.fate else {
        panic!("expected the file kept aside, got {report:?}");
    };
    assert!(
        matches!(why, FileProblem::Unreadable(FileTrouble::NotJson { .. })),
        "{why:?}"
    );
    assert_eq!(std::fs::read(dir.join(&kept_as)).unwrap(), garbage);
    // The game goes on: a puzzle is solved, and remembered in a new file.
    solve(&mut app, "loa/w1-01");
    assert_eq!(
        PuzzleProgress::load(&file).state("loa/w1-01"),
        gamut::puzzles::PuzzleState::Solved
    );
    assert_eq!(
        std::fs::read(dir.join(&kept_as)).unwrap(),
        garbage,
        "kept as it was"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
