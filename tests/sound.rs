//! Sound, headless: the cues the game's events make (a knock when the piece lands, a "nope" for a
//! refused move, won or lost for the person who played the computer, nothing for a finished game
//! opened or stepped through), and the real sounds loaded and played through Bevy's audio with
//! no audio device (as on CI and under Xvfb): nothing fails, every cue is handled.

mod common;

use std::time::Duration;

use bevy::asset::AssetPlugin;
use bevy::audio::{AudioPlugin, AudioSource, Decodable, Source};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::*;
use gamut::model::{AnimationSpeed, CurrentGame, GameSettings, Player, Presentation};
use gamut::play::{AppState, BoardReset, GameCommand};
use gamut::review::{AnalysisLimits, ReviewCommand, ReviewPlugin};
use gamut::sound::{SoundBank, SoundCounts, SoundCue, SoundPlugin, SoundVoice};
use gamut_engine::any_game::GameKind;

/// The cues written so far.
#[derive(Resource, Default)]
struct Heard(Vec<SoundCue>);

fn hear(mut cues: MessageReader<SoundCue>, mut heard: ResMut<Heard>) {
    heard.0.extend(cues.read().copied());
}

fn heard(app: &App) -> Vec<SoundCue> {
    app.world().resource::<Heard>().0.clone()
}

fn forget(app: &mut App) {
    app.world_mut().resource_mut::<Heard>().0.clear();
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

const END_CUES: [SoundCue; 3] = [SoundCue::Won, SoundCue::Lost, SoundCue::Draw];

/// The headless game with the sound's cues (no audio plugin), 50 ms a frame.
fn cue_app(settings: GameSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, gamut::HeadlessPlugins))
        .add_plugins(SoundPlugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )))
        .insert_resource(settings)
        .insert_resource(CurrentGame::new(settings.config))
        .init_resource::<Heard>()
        .add_systems(Last, hear);
    start(&mut app);
    app
}

fn hot_seat() -> GameSettings {
    settings(GameKind::LinesOfAction, Player::Human, Player::Human)
}

#[test]
fn a_new_game_chimes_and_a_move_knocks_when_its_piece_lands() {
    let mut s = hot_seat();
    s.animation = AnimationSpeed::Normal; // 0.35 s: 7 frames
    let mut app = cue_app(s);
    assert_eq!(heard(&app), [SoundCue::GameStart]);
    forget(&mut app);
    app.world_mut().write_message(step("b1", "b3"));
    frames(&mut app, 4);
    assert_eq!(game(&app).ply(), 1, "the move was played");
    assert!(heard(&app).is_empty(), "the knock waits for the landing");
    frames(&mut app, 5);
    assert_eq!(heard(&app), [SoundCue::Move]);
}

#[test]
fn a_refused_move_says_nope() {
    let mut app = cue_app(hot_seat());
    forget(&mut app);
    app.world_mut().write_message(step("b1", "b5"));
    frames(&mut app, 2);
    assert_eq!(game(&app).ply(), 0);
    assert_eq!(heard(&app), [SoundCue::Illegal]);
}

fn resign_cue(settings: GameSettings) -> Vec<SoundCue> {
    let mut app = cue_app(settings);
    forget(&mut app);
    app.world_mut().write_message(GameCommand::Resign);
    frames(&mut app, 4);
    assert_eq!(app_state(&app), AppState::GameOver);
    heard(&app)
}

#[test]
fn the_person_who_resigns_to_the_computer_hears_a_loss_a_hot_seat_a_win() {
    let against_computer = settings(GameKind::LinesOfAction, Player::Human, computer(1));
    assert_eq!(resign_cue(against_computer), [SoundCue::Lost]);
    assert_eq!(resign_cue(hot_seat()), [SoundCue::Won]);
}

/// A hot-seat game played to its end, with the review.
fn finished(seed: u64) -> App {
    let mut app = cue_app(hot_seat());
    app.add_plugins(ReviewPlugin)
        .insert_resource(AnalysisLimits {
            per_position: Duration::from_millis(5),
            depth: 1,
        });
    play_out(&mut app, seed, 5000);
    frames(&mut app, 2);
    assert_eq!(app_state(&app), AppState::GameOver);
    app
}

#[test]
fn a_game_ends_once_and_an_opened_finished_game_is_silent() {
    let app = finished(7);
    let cues = heard(&app);
    let ends: Vec<_> = cues.iter().filter(|c| END_CUES.contains(c)).collect();
    assert_eq!(ends.len(), 1, "one end cue: {cues:?}");
    assert!(cues.contains(&SoundCue::Move) || cues.contains(&SoundCue::Capture));

    // Opened as the persist plugin does it: the game replaced, the board rebuilt, play on.
    let done = game(&app).clone();
    let mut other = cue_app(hot_seat());
    forget(&mut other);
    *other.world_mut().resource_mut::<CurrentGame>() = done;
    other.world_mut().write_message(BoardReset);
    other
        .world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Playing);
    frames(&mut other, 6);
    assert_eq!(app_state(&other), AppState::GameOver);
    assert!(heard(&other).is_empty(), "heard {:?}", heard(&other));
}

#[test]
fn review_steps_click_and_leaving_the_review_is_silent() {
    let mut app = finished(11);
    forget(&mut app);
    for command in [
        ReviewCommand::Enter,
        ReviewCommand::Previous,
        ReviewCommand::Next,
        ReviewCommand::Leave,
    ] {
        app.world_mut().write_message(command);
        frames(&mut app, 3);
    }
    assert_eq!(app_state(&app), AppState::GameOver);
    let cues = heard(&app);
    assert!(cues.contains(&SoundCue::Click), "heard {cues:?}");
    assert!(
        cues.iter().all(|&c| c == SoundCue::Click),
        "only clicks: {cues:?}"
    );
}

/// The game with Bevy's asset and audio plugins, as in the real game: on a machine with no
/// audio device the audio plugin only warns.
fn audio_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin {
            file_path: gamut::asset_folder(),
            ..default()
        },
        AudioPlugin::default(),
        gamut::HeadlessPlugins,
        SoundPlugin,
    ))
    .insert_resource(hot_seat())
    .insert_resource(CurrentGame::new(hot_seat().config));
    app
}

/// Runs frames until every sound is loaded; their handles.
fn load_all(app: &mut App) -> Vec<(SoundCue, Handle<AudioSource>)> {
    app.update();
    let bank = app.world().resource::<SoundBank>().clone();
    let handles: Vec<_> = bank.handles().map(|(c, h)| (c, h.clone())).collect();
    let started = std::time::Instant::now();
    while started.elapsed() < GENEROUS {
        let server = app.world().resource::<AssetServer>();
        if handles.iter().all(|(_, h)| server.is_loaded(h)) {
            return handles;
        }
        for (cue, h) in &handles {
            assert!(
                !server.load_state(h).is_failed(),
                "{} did not load",
                cue.file()
            );
        }
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the sounds did not load in time");
}

#[test]
fn the_game_runs_with_no_audio_device_and_handles_every_cue() {
    let mut app = audio_app();
    load_all(&mut app);
    start(&mut app);
    let mut voices = app.world_mut().query::<&SoundVoice>();
    let mut most = 0;
    for round in 0..40 {
        if round < 10 {
            for cue in SoundCue::ALL {
                app.world_mut().write_message(cue);
            }
        }
        app.update();
        most = most.max(voices.iter(app.world()).count());
        std::thread::sleep(Duration::from_millis(10));
    }
    let counts = *app.world().resource::<SoundCounts>();
    assert!(most > 0, "no sound was started");
    assert!(counts.started >= 8, "{counts:?}");
    // Ten rounds of every cue, plus the new game's chime: each started or dropped.
    assert_eq!(counts.started + counts.silent, 10 * 10 + 1, "{counts:?}");

    // Time passes: every sound ends, whether it played or not.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    frames(&mut app, 30);
    assert_eq!(voices.iter(app.world()).count(), 0, "sounds never ended");

    // Muted: cues are dropped.
    app.world_mut().resource_mut::<Presentation>().muted = true;
    let before = *app.world().resource::<SoundCounts>();
    app.world_mut().write_message(SoundCue::Move);
    app.update();
    let after = *app.world().resource::<SoundCounts>();
    assert_eq!(after.started, before.started);
    assert_eq!(after.silent, before.silent + 1);
}

#[test]
fn every_sound_decodes_short_and_below_full_scale() {
    let mut app = audio_app();
    for (cue, handle) in load_all(&mut app) {
        let sources = app.world().resource::<Assets<AudioSource>>();
        let source = sources.get(&handle).expect("loaded");
        let decoder = source.decoder();
        let rate = decoder.sample_rate().get() as f32;
        let channels = decoder.channels().get() as f32;
        let (mut n, mut peak) = (0usize, 0f32);
        for sample in decoder {
            n += 1;
            peak = peak.max(sample.abs());
        }
        let seconds = n as f32 / rate / channels;
        assert!(
            seconds > 0.01 && seconds <= cue.max_seconds(),
            "{}: {seconds} s",
            cue.file()
        );
        assert!(peak > 0.05 && peak < 0.95, "{}: peak {peak}", cue.file());
    }
}
