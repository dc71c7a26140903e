//! Hostile input to the game's own files: the fuzz of the settings reader and of the game's
//! save reader (the short run; `scripts/fuzz.sh` runs each for at least 10 million inputs), and
//! files too large to be what they claim.

use std::time::Duration;

use gamut::model::{CurrentGame, FileProblem, FileTrouble, GameSettings, Notice};
use gamut::persist::save::{load, save_file};
use gamut::persist::settings::Preferences;
use gamut::persist::{DataDir, SavedView};
use gamut_engine::Game;
use gamut_engine::record::MAX_RECORD_BYTES;
use gamut_fuzz::{Budget, CountingAllocator, Target, describe_failures, fuzz, targets};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamut-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Settings of every game and variant, remembered one after the other.
fn settings_seeds() -> Vec<Vec<u8>> {
    let mut seeds = vec![b"{}".to_vec()];
    let mut prefs = Preferences::default();
    seeds.push(serde_json::to_vec_pretty(&prefs).unwrap());
    for (_, config) in targets::configs() {
        let settings = GameSettings {
            config,
            ..GameSettings::default()
        };
        prefs.remember(&settings);
        prefs.view = Some(SavedView {
            flat: true,
            flipped: false,
        });
        seeds.push(serde_json::to_vec_pretty(&prefs).unwrap());
    }
    seeds
}

fn settings_target() -> Target {
    Target {
        name: "settings",
        seeds: settings_seeds(),
        run: Box::new(|input| {
            let Ok(prefs) = Preferences::parse(input) else {
                return false;
            };
            let settings = prefs.apply(GameSettings::default());
            assert!(settings.think_time >= Duration::from_millis(10));
            let written = serde_json::to_vec(&prefs).expect("settings always write");
            let again = Preferences::parse(&written).expect("written settings read back");
            assert_eq!(again, prefs, "settings round trip");
            true
        }),
    }
}

/// Saves of random games of every game and variant.
fn save_seeds() -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (i, (_, config)) in targets::configs().into_iter().enumerate() {
        for position in targets::random_positions(config, 1, i as u64)
            .into_iter()
            .step_by(4)
        {
            let game = CurrentGame::from_replay(config, &position);
            let settings = GameSettings {
                config,
                ..GameSettings::default()
            };
            let view = Some(SavedView {
                flat: false,
                flipped: true,
            });
            seeds.push(save_file(&game, &settings, view).to_json().into_bytes());
        }
    }
    seeds
}

fn game_save_target() -> Target {
    Target {
        name: "game-save",
        seeds: save_seeds(),
        run: Box::new(|input| {
            let Ok(loaded) = load(input, &GameSettings::default()) else {
                return false;
            };
            let text = save_file(&loaded.game, &loaded.settings, loaded.view).to_json();
            let again = load(text.as_bytes(), &GameSettings::default())
                .unwrap_or_else(|e| panic!("a written save does not read back: {e}\n{text}"));
            assert_eq!(
                again.game.position().to_text(),
                loaded.game.position().to_text()
            );
            assert_eq!(again.game.ply(), loaded.game.ply());
            assert_eq!(again.settings, loaded.settings);
            true
        }),
    }
}

/// `GAMUT_FUZZ_INPUTS=N` runs N inputs per parser (the long run); without it, a second each.
#[test]
fn the_game_s_file_readers_survive_mutated_input() {
    let inputs = std::env::var("GAMUT_FUZZ_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok());
    let budget = Budget {
        inputs: inputs.unwrap_or(u64::MAX),
        time: inputs.is_none().then_some(Duration::from_secs(1)),
        // The long run shares a busy machine at nice 19: only a call this long is a hang.
        input_time_limit: Duration::from_secs(if inputs.is_some() { 60 } else { 5 }),
        ..Budget::default()
    };
    let mut failures = String::new();
    for target in [settings_target(), game_save_target()] {
        let report = fuzz(&target, budget);
        println!("{report}");
        assert!(report.inputs > 0 && report.accepted > 0);
        failures.push_str(&describe_failures(&report, budget.seed));
    }
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn a_huge_settings_file_is_not_read_and_is_kept_aside() {
    let dir = temp_dir("settings-huge");
    let path = DataDir::at(&dir).settings();
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(5 << 30).unwrap(); // 5 GiB, sparse: reading it whole would take the memory
    let (prefs, notice) = Preferences::load(&path);
    assert_eq!(prefs, Preferences::default());
    let Some(Notice::DataFile(gamut::model::FileReport {
        fate:
            gamut::model::Fate::SetAside {
                why: gamut::model::FileProblem::Unreadable(problem),
                ..
            },
        ..
    })) = notice
    else {
        panic!("expected a notice, got {notice:?}");
    };
    assert!(
        matches!(problem, FileTrouble::TooLarge { .. }),
        "{problem:?}"
    );
    assert!(!path.exists(), "moved aside, so it is not overwritten");
    assert!(dir.join("settings.json.bad").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_huge_autosave_is_refused_with_a_message() {
    let dir = temp_dir("autosave-huge");
    let data = DataDir::at(&dir);
    let file = std::fs::File::create(data.autosave()).unwrap();
    file.set_len(5 << 30).unwrap();
    let read = gamut::persist::autosave::read_autosave(&data, &GameSettings::default());
    let Some(Err(Notice::CannotOpen { problem, .. })) = read else {
        panic!("expected an error");
    };
    assert!(
        matches!(
            problem,
            FileProblem::Unreadable(FileTrouble::TooLarge { .. })
        ),
        "{problem:?}"
    );
    // Just over the record limit is refused too, by the same check.
    let file = std::fs::File::create(data.autosave()).unwrap();
    file.set_len(MAX_RECORD_BYTES as u64 + 1).unwrap();
    assert!(matches!(
        gamut::persist::autosave::read_autosave(&data, &GameSettings::default()),
        Some(Err(_))
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
