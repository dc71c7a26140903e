//! Saves, autosave, resume and remembered settings, headless, each test in a folder of its own.

mod common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use common::*;
use gamut::HeadlessPlugins;
use gamut::model::{CurrentGame, FileProblem, GameSettings, Notice, Player};
use gamut::persist::atomic::write_atomic;
use gamut::persist::{
    DataDir, PersistPlugin, PersistRequest, PersistStart, Preferences, ResumeOffer,
};
use gamut::play::{AppState, GameCommand, Status, TurnState};
use gamut_engine::any_game::GameKind;
use gamut_engine::record::RecordErrorKind;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A fresh empty folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "gamut-persist-{}-{name}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn humans() -> GameSettings {
    let mut s = settings(GameKind::LinesOfAction, Player::Human, Player::Human);
    s.black_marked = computer(2);
    s.think_time = Duration::from_millis(777);
    s
}

/// The headless game with saves in `dir`, not started.
fn persist_app(dir: &Path, settings: GameSettings, start: PersistStart) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, HeadlessPlugins, PersistPlugin))
        .insert_resource(DataDir::at(dir))
        .insert_resource(start)
        .insert_resource(settings)
        .insert_resource(CurrentGame::new(settings.config));
    app
}

/// The headless game with saves in `dir`, a new game started.
fn started(dir: &Path, settings: GameSettings) -> App {
    let mut app = persist_app(dir, settings, PersistStart::default());
    start(&mut app);
    app
}

fn play_moves(app: &mut App, n: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..n {
        let before = game(app).ply();
        let request = random_request(app, &mut rng).expect("a legal move");
        // As the mouse does: asked again while the game waits for it.
        for _ in 0..100 {
            if game(app).ply() > before {
                break;
            }
            if person_to_move(app) {
                app.world_mut().write_message(request);
            }
            app.update();
        }
        let done = run_until(app, 100, |a| {
            game(a).ply() == before + 1 && turn_state(a) == Some(TurnState::AwaitingInput)
        });
        assert!(done, "{request:?}: ply {} (was {before})", game(app).ply());
    }
}

fn request(app: &mut App, request: PersistRequest) {
    app.world_mut().write_message(request);
    app.update();
    app.update();
    app.update();
}

fn notice(app: &App) -> Option<Notice> {
    app.world().resource::<Status>().notice().cloned()
}

fn autosave_ply(dir: &Path) -> usize {
    let bytes = std::fs::read(DataDir::at(dir).autosave()).expect("an autosave");
    gamut::persist::save::load(&bytes, &GameSettings::default())
        .expect("a readable autosave")
        .game
        .ply()
}

#[test]
fn save_and_open_restore_position_history_players_and_think_time() {
    let dir = temp_dir("roundtrip");
    let mut app = started(&dir, humans());
    play_moves(&mut app, 6, 1);
    request(&mut app, PersistRequest::Save("first game".into()));
    assert_eq!(notice(&app), Some(Notice::Saved("first game".into())));
    let path = DataDir::at(&dir).save_file("first game");
    assert!(path.exists());
    let saved = game(&app).clone();

    let other = temp_dir("roundtrip-other");
    let mut fresh = started(
        &other,
        settings(GameKind::Epaminondas, computer(1), computer(1)),
    );
    request(&mut fresh, PersistRequest::Open(path));
    assert_eq!(app_state(&fresh), AppState::Playing);
    let loaded = game(&fresh);
    assert_eq!(loaded.moment(), saved.moment());
    assert_eq!(loaded.notation(), saved.notation());
    assert_eq!(loaded.position().to_string(), saved.position().to_string());
    // The game sits at its own seats; the New Game dialog's choices stay the player's.
    let s = fresh.world().resource::<gamut::model::Seats>().0;
    assert_eq!(
        fresh.world().resource::<GameSettings>().config.kind,
        GameKind::Epaminondas
    );
    assert_eq!(s.black, Player::Human);
    assert_eq!(s.white, Player::Human);
    assert_eq!(s.black_marked, computer(2));
    assert_eq!(s.think_time, Duration::from_millis(777));
    assert_eq!(s.config.kind, saved.config.kind);
    assert_eq!(s.config.loa, saved.config.loa);
    assert_eq!(entity_pieces(&mut fresh), game_pieces(&fresh));
    // The history came along: undo takes back the last move.
    fresh.world_mut().write_message(GameCommand::Undo);
    fresh.update();
    fresh.update();
    assert_eq!(game(&fresh).ply(), 5);
    assert_eq!(game(&fresh).notation(), &saved.notation()[..5]);
}

#[test]
fn a_pasted_record_starts_a_game() {
    let dir = temp_dir("paste");
    let mut app = started(&dir, humans());
    play_moves(&mut app, 4, 2);
    let text = gamut::persist::save::record_of(game(&app), &humans()).to_string();
    let expected = game(&app).moment();
    let mut other = started(&temp_dir("paste-other"), humans());
    request(&mut other, PersistRequest::Paste(text));
    assert_eq!(game(&other).moment(), expected);
    assert_eq!(notice(&other), Some(Notice::Opened("clipboard".into())));
}

#[test]
fn autosave_after_every_move_and_a_new_app_resumes_the_game() {
    let dir = temp_dir("autosave");
    let mut app = started(&dir, humans());
    assert!(
        !DataDir::at(&dir).autosave().exists(),
        "nothing to save before a move"
    );
    for n in 1..=4 {
        play_moves(&mut app, 1, 10 + n as u64);
        app.update();
        assert_eq!(autosave_ply(&dir), n);
    }
    app.world_mut().write_message(GameCommand::Undo);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(autosave_ply(&dir), 3, "undo is saved too");
    let expected = game(&app).clone();
    drop(app);

    // The next start offers the game...
    let mut offered = persist_app(&dir, GameSettings::default(), PersistStart::default());
    offered.update();
    let offer = offered
        .world()
        .resource::<ResumeOffer>()
        .0
        .clone()
        .expect("an offer");
    assert_eq!(offer.move_number, 2);
    assert_eq!(offer.settings.black_marked, computer(2));
    drop(offered);

    // ... and --resume continues it.
    let start = PersistStart {
        resume: true,
        ..default()
    };
    let mut resumed = persist_app(&dir, GameSettings::default(), start);
    for _ in 0..4 {
        resumed.update();
    }
    assert_eq!(app_state(&resumed), AppState::Playing);
    assert_eq!(notice(&resumed), Some(Notice::Resumed));
    assert_eq!(game(&resumed).moment(), expected.moment());
    assert_eq!(game(&resumed).notation(), expected.notation());
    assert_eq!(
        resumed.world().resource::<gamut::model::Seats>().think_time,
        Duration::from_millis(777)
    );
}

#[test]
fn resume_without_an_autosave_is_a_message() {
    let dir = temp_dir("no-autosave");
    let start = PersistStart {
        resume: true,
        ..default()
    };
    let mut app = persist_app(&dir, humans(), start);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(notice(&app), Some(Notice::NothingToResume));
    assert_eq!(app_state(&app), AppState::Menu);
}

/// Opens `bytes` as a file over a game in progress: the notice's problem; the file and the game
/// are unchanged.
fn open_bad(name: &str, bytes: &[u8]) -> FileProblem {
    let dir = temp_dir(name);
    let mut app = started(&dir, humans());
    play_moves(&mut app, 3, 3);
    let before = game(&app).clone();
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, bytes).unwrap();
    request(&mut app, PersistRequest::Open(path.clone()));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the file is left as it was"
    );
    assert_eq!(
        game(&app).moment(),
        before.moment(),
        "the game on the board is kept"
    );
    assert_eq!(game(&app).notation(), before.notation());
    assert_eq!(app_state(&app), AppState::Playing);
    match notice(&app) {
        Some(Notice::CannotOpen { file, problem }) => {
            assert!(file.contains(name), "{file} names the file");
            problem
        }
        other => panic!("expected CannotOpen, got {other:?}"),
    }
}

fn valid_save() -> String {
    let dir = temp_dir("valid");
    let mut app = started(&dir, humans());
    play_moves(&mut app, 4, 4);
    gamut::persist::save::save_file(game(&app), &humans(), None).to_json()
}

fn record_kind(problem: FileProblem) -> RecordErrorKind {
    match problem {
        FileProblem::Record(e) => e.kind,
        other => panic!("expected a record error, got {other:?}"),
    }
}

#[test]
fn a_truncated_save_is_refused_and_kept() {
    let text = valid_save();
    let half = &text.as_bytes()[..text.len() / 2];
    assert!(matches!(
        record_kind(open_bad("truncated", half)),
        RecordErrorKind::SaveJson { .. }
    ));
}

#[test]
fn a_garbled_save_is_refused_and_kept() {
    let garbled: Vec<u8> = (0..500u32).map(|i| (i * 7919 % 251) as u8).collect();
    let _ = record_kind(open_bad("garbled", &garbled));
    let _ = record_kind(open_bad("garbled-text", b"{\"format\": 1, \"record\": 42}"));
}

#[test]
fn a_save_from_a_newer_version_is_refused_and_kept() {
    let text = valid_save().replace("\"format\": 1", "\"format\": 99");
    assert!(matches!(
        record_kind(open_bad("future", text.as_bytes())),
        RecordErrorKind::SaveFormatTooNew { format: 99 }
    ));
}

#[test]
fn a_record_with_an_illegal_move_is_refused_and_kept() {
    let record = "[Game \"Lines of Action\"]\n[Variant \"standard\"]\n\n1. a1-a3 *\n";
    let _ = record_kind(open_bad("illegal", record.as_bytes()));
}

#[test]
fn a_missing_file_is_a_notice() {
    let dir = temp_dir("missing");
    let mut app = started(&dir, humans());
    request(&mut app, PersistRequest::Open(dir.join("nowhere.json")));
    assert!(matches!(
        notice(&app),
        Some(Notice::CannotOpen {
            problem: FileProblem::Unreadable(_),
            ..
        })
    ));
}

#[test]
fn an_unreadable_autosave_is_kept_aside_at_the_start_and_a_new_one_written() {
    let dir = temp_dir("bad-autosave");
    let autosave = DataDir::at(&dir).autosave();
    std::fs::write(&autosave, b"{\"format\": 1, \"rec").unwrap();
    let mut app = persist_app(&dir, humans(), PersistStart::default());
    app.update();
    assert!(app.world().resource::<ResumeOffer>().0.is_none());
    assert!(
        matches!(
            notice(&app),
            Some(Notice::DataFile(gamut::model::FileReport {
                file: gamut::model::DataFile::Autosave,
                fate: gamut::model::Fate::SetAside {
                    why: FileProblem::Record(_),
                    ..
                },
                ..
            }))
        ),
        "{:?}",
        notice(&app)
    );
    assert!(!autosave.exists(), "kept aside at once");
    start(&mut app);
    play_moves(&mut app, 1, 5);
    app.update();
    assert_eq!(autosave_ply(&dir), 1);
    let aside: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("autosave.bad-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(std::fs::read(&aside[0]).unwrap(), b"{\"format\": 1, \"rec");
}

/// An autosave written by a newer version of the game is read-only for the run: reported,
/// never moved nor written over, however many moves are played.
#[test]
fn an_autosave_from_a_newer_version_is_never_written_over() {
    let dir = temp_dir("newer-autosave");
    let autosave = DataDir::at(&dir).autosave();
    let newer = valid_save().replace("\"format\": 1", "\"format\": 99");
    std::fs::write(&autosave, &newer).unwrap();
    let mut app = persist_app(&dir, humans(), PersistStart::default());
    app.update();
    assert!(
        matches!(
            notice(&app),
            Some(Notice::DataFile(gamut::model::FileReport {
                file: gamut::model::DataFile::Autosave,
                fate: gamut::model::Fate::LeftAlone { .. },
                ..
            }))
        ),
        "{:?}",
        notice(&app)
    );
    start(&mut app);
    play_moves(&mut app, 3, 9);
    app.update();
    assert_eq!(std::fs::read_to_string(&autosave).unwrap(), newer);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("autosave"))
        .collect();
    assert_eq!(
        names,
        ["autosave.json"],
        "nothing moved aside or written beside it"
    );
}

#[test]
fn atomic_writes_leave_no_temporary_file_nor_half_a_file() {
    let dir = temp_dir("atomic");
    let path = dir.join("sub").join("file.json");
    write_atomic(&path, b"first").unwrap();
    write_atomic(&path, b"second, longer").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
    let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("file.json")]);
    // A write that fails (the target is a folder) leaves nothing behind.
    let folder = dir.join("folder");
    std::fs::create_dir_all(folder.join("inside")).unwrap();
    assert!(write_atomic(&folder, b"x").is_err());
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

#[test]
fn settings_round_trip() {
    let dir = temp_dir("settings");
    let path = DataDir::at(&dir).settings();
    let mut chosen = variant_settings(
        gamut_engine::loa::Variant::Parachute,
        computer(4),
        Player::Human,
    );
    chosen.think_time = Duration::from_millis(2500);
    chosen.animation = gamut::model::AnimationSpeed::Slow;
    let mut prefs = Preferences::default();
    prefs.remember(&chosen);
    prefs.save(&path).unwrap();
    let (read, notice) = Preferences::load(&path);
    assert_eq!(notice, None);
    assert_eq!(read, prefs);
    let applied = read.apply(GameSettings::default());
    assert_eq!(applied.config.kind, chosen.config.kind);
    assert_eq!(applied.config.loa, chosen.config.loa);
    assert_eq!(applied.black, computer(4));
    assert_eq!(applied.white, Player::Human);
    assert_eq!(applied.think_time, chosen.think_time);
    assert_eq!(applied.animation, chosen.animation);
}

#[test]
fn presentation_settings_round_trip_and_a_change_in_the_game_is_written() {
    use gamut::model::{Language, Presentation, Theme, TurnBoard};
    let dir = temp_dir("presentation");
    let path = DataDir::at(&dir).settings();
    let chosen = Presentation {
        language: Some(Language::French),
        theme: Theme::HighContrast,
        ui_scale: 1.5,
        volume: 0.35,
        muted: true,
        show_evaluation: true,
        announce_wins: false,
        turn_board: TurnBoard::Never,
    };
    let prefs = Preferences {
        presentation: chosen,
        ..Preferences::default()
    };
    prefs.save(&path).unwrap();
    let (read, notice) = Preferences::load(&path);
    assert_eq!(notice, None);
    assert_eq!(read.presentation, chosen);

    // In the game: the settings screen changes the resource; the file follows.
    let mut app = started(&dir, humans());
    app.update();
    app.world_mut().resource_mut::<Presentation>().theme = Theme::Stone;
    app.update();
    let (read, _) = Preferences::load(&path);
    assert_eq!(read.presentation.theme, Theme::Stone);
}

#[test]
fn out_of_range_presentation_numbers_in_the_file_are_brought_back() {
    let dir = temp_dir("presentation-wild");
    let path = DataDir::at(&dir).settings();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        r#"{"presentation": {"ui_scale": 99, "volume": -3, "theme": "stone"}}"#,
    )
    .unwrap();
    let (read, notice) = Preferences::load(&path);
    assert_eq!(notice, None);
    assert_eq!(read.presentation.ui_scale, 2.5);
    assert_eq!(read.presentation.volume, 0.0);
    assert_eq!(read.presentation.theme, gamut::model::Theme::Stone);
}

#[test]
fn a_started_game_is_remembered() {
    let dir = temp_dir("settings-app");
    let mut app = started(&dir, humans());
    app.update();
    let (read, notice) = Preferences::load(&DataDir::at(&dir).settings());
    assert_eq!(notice, None);
    assert_eq!(
        read.apply(GameSettings::default()).black_marked,
        computer(2)
    );
}

#[test]
fn a_broken_settings_file_gives_defaults_a_notice_and_a_bad_copy() {
    let dir = temp_dir("settings-bad");
    let path = DataDir::at(&dir).settings();
    std::fs::write(&path, b"{\"think_time_ms\": \"soon\"").unwrap();
    let (prefs, notice) = Preferences::load(&path);
    assert_eq!(prefs, Preferences::default());
    assert!(
        matches!(
            &notice,
            Some(Notice::DataFile(gamut::model::FileReport {
                file: gamut::model::DataFile::Settings,
                fate: gamut::model::Fate::SetAside { .. },
                ..
            }))
        ),
        "{notice:?}"
    );
    let bad = dir.join("settings.json.bad");
    assert_eq!(
        std::fs::read(&bad).unwrap(),
        b"{\"think_time_ms\": \"soon\""
    );
}

#[test]
fn from_replay_keeps_every_move_to_take_back() {
    let dir = temp_dir("replay");
    let mut app = started(&dir, humans());
    play_moves(&mut app, 8, 6);
    let mut copy = CurrentGame::from_replay(game(&app).config, game(&app).position());
    assert_eq!(copy.notation(), game(&app).notation());
    let mut n = 0;
    while copy.undo() {
        n += 1;
    }
    assert_eq!(n, 8);
    assert_eq!(
        copy.position().to_string(),
        CurrentGame::new(copy.config).position().to_string()
    );
}

#[test]
fn reviewing_a_game_does_not_overwrite_its_autosave_with_an_earlier_move() {
    use gamut::review::{ReviewCommand, ReviewPlugin};
    let dir = temp_dir("review");
    let mut app = persist_app(&dir, humans(), PersistStart::default());
    app.add_plugins(ReviewPlugin);
    start(&mut app);
    play_moves(&mut app, 6, 7);
    app.update();
    assert_eq!(autosave_ply(&dir), 6);
    for command in [ReviewCommand::Enter, ReviewCommand::First] {
        app.world_mut().write_message(command);
        app.update();
        app.update();
        app.update();
    }
    assert_eq!(game(&app).ply(), 0, "the review shows the start");
    assert_eq!(
        autosave_ply(&dir),
        6,
        "the autosave was overwritten by the review"
    );
    app.world_mut().write_message(ReviewCommand::Leave);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 6);
    assert_eq!(autosave_ply(&dir), 6);
}
