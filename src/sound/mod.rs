//! Sound: the game's events turned into [`SoundCue`]s ([`cues`] decides which), and the cues
//! played from `assets/sounds/` at the player's volume ([`Presentation`]).
//!
//! A move's knock plays as the piece lands, after the board's glide; the end of a game plays
//! once, after the last knock, and only when it happens during play (not when a finished game
//! is opened or a review ends); review steps click quietly; a loaded or resumed game's moves are
//! silent (they are not played, the board is rebuilt). With no audio device, or without Bevy's
//! audio and asset plugins (tests), nothing is heard and nothing fails.

pub mod cues;

use bevy::audio::{AudioSinkPlayback, AudioSource, Volume};
use bevy::prelude::*;

pub use cues::{SoundCue, end_cue, move_cues, notice_cue};

use crate::model::{CurrentGame, Presentation};
use crate::play::{AppState, BoardReset, MovePlayed, PiecesMoved, PlaySystems, Status};

/// At most this many sounds at once: a burst of cues does not become a din.
const MAX_VOICES: usize = 8;

/// Seconds between the last knock of a game and its won/lost/draw chord.
const END_GAP: f32 = 0.15;

/// The sounds, loaded through the asset server, one per cue (in [`SoundCue::ALL`]'s order).
#[derive(Resource, Debug, Clone)]
pub struct SoundBank(Vec<Handle<AudioSource>>);

impl SoundBank {
    /// The sound of `cue`.
    pub fn handle(&self, cue: SoundCue) -> &Handle<AudioSource> {
        let index = SoundCue::ALL.iter().position(|&c| c == cue).unwrap_or(0);
        &self.0[index]
    }

    /// Every sound, with its cue.
    pub fn handles(&self) -> impl Iterator<Item = (SoundCue, &Handle<AudioSource>)> {
        SoundCue::ALL.into_iter().zip(&self.0)
    }
}

/// Cues waiting for their moment (a knock waits for its piece to land), seconds left for each.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct PendingCues(Vec<(SoundCue, f32)>);

impl PendingCues {
    /// Plays `cue` in `seconds`.
    pub fn add(&mut self, cue: SoundCue, seconds: f32) {
        self.0.push((cue, seconds));
    }

    /// When the last waiting cue plays (0 if none waits).
    pub fn last(&self) -> f32 {
        self.0.iter().map(|&(_, s)| s).fold(0.0, f32::max)
    }

    /// The cues waiting.
    pub fn waiting(&self) -> impl Iterator<Item = SoundCue> + '_ {
        self.0.iter().map(|&(cue, _)| cue)
    }
}

/// A sound playing (or, with no audio device, that would be): despawned when its sound is
/// surely over, if the audio plugin has not despawned it first.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct SoundVoice {
    /// The cue it plays.
    pub cue: SoundCue,
    /// Seconds left before it goes.
    left: f32,
}

/// Counts of cues heard and unheard since the start (for tests and the log).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SoundCounts {
    /// Cues that started a sound.
    pub started: u32,
    /// Cues dropped: muted, too many sounds at once, or no sounds loaded.
    pub silent: u32,
}

/// Turns the game's events into cues and plays them. Needs [`crate::play::PlayPlugin`]; plays
/// only with Bevy's `AssetPlugin` and `AudioPlugin` (in `DefaultPlugins`).
pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<SoundCue>()
            .add_message::<crate::play::ClockWarning>()
            .init_resource::<Presentation>()
            .init_resource::<PendingCues>()
            .init_resource::<SoundCounts>()
            .add_systems(Startup, load_sounds)
            .add_systems(
                Update,
                (
                    forget_on_reset,
                    cue_moves,
                    cue_notices,
                    cue_game_end,
                    cue_low_time,
                    release_due_cues,
                    play_cues,
                    retire_voices,
                    follow_volume,
                )
                    .chain()
                    .after(PlaySystems),
            );
    }
}

/// How loud a sound plays for a volume setting: the square, so that the slider's middle
/// sounds half as loud rather than barely quieter; 0 when muted.
pub fn loudness(presentation: &Presentation) -> f32 {
    let v = presentation.effective_volume().clamp(0.0, 1.0);
    v * v
}

fn load_sounds(
    mut commands: Commands,
    server: Option<Res<AssetServer>>,
    sources: Option<Res<Assets<AudioSource>>>,
) {
    let (Some(server), Some(_)) = (server, sources) else {
        info!("sound: no audio or asset plugin, the game is silent");
        return;
    };
    let handles = SoundCue::ALL.map(|cue| server.load(cue.file())).to_vec();
    commands.insert_resource(SoundBank(handles));
}

fn in_review(state: &Option<Res<State<AppState>>>) -> bool {
    state.as_ref().is_some_and(|s| *s.get() == AppState::Review)
}

/// A new game, an undo, a loaded game: the knocks of moves no longer shown are dropped.
fn forget_on_reset(mut resets: MessageReader<BoardReset>, mut pending: ResMut<PendingCues>) {
    if resets.read().count() > 0 {
        pending.0.clear();
    }
}

/// A played move knocks as it lands; a step through a review clicks.
fn cue_moves(
    mut played: MessageReader<MovePlayed>,
    mut moved: MessageReader<PiecesMoved>,
    state: Option<Res<State<AppState>>>,
    pace: crate::play::Pace,
    mut pending: ResMut<PendingCues>,
) {
    let stepped = moved.read().count() > 0;
    if in_review(&state) {
        if played.read().count() > 0 || stepped {
            pending.add(SoundCue::Click, 0.0);
        }
        return;
    }
    let glide = pace.animation().glide_seconds();
    for event in played.read() {
        for (cue, delay) in move_cues(&event.effects, glide) {
            pending.add(cue, delay);
        }
    }
}

/// A refused click says "nope"; a new game chimes.
fn cue_notices(status: Res<Status>, mut pending: ResMut<PendingCues>) {
    if status.is_changed()
        && let Some(cue) = status.notice().and_then(notice_cue)
    {
        pending.add(cue, 0.0);
    }
}

/// A clock getting low warns once.
fn cue_low_time(
    mut warnings: MessageReader<crate::play::ClockWarning>,
    mut pending: ResMut<PendingCues>,
) {
    if warnings.read().count() > 0 {
        pending.add(SoundCue::LowTime, 0.0);
    }
}

/// The end of a game, heard once when it happens in play: the game was going on, and is over
/// now without having been replaced (a reset) or stepped to in a review.
fn cue_game_end(
    game: Res<CurrentGame>,
    seats: Res<crate::model::Seats>,
    state: Option<Res<State<AppState>>>,
    mut resets: MessageReader<BoardReset>,
    mut was_going_on: Local<bool>,
    mut pending: ResMut<PendingCues>,
) {
    let reset = resets.read().count() > 0;
    if !reset && !game.is_changed() {
        return;
    }
    let end = game.end();
    if let Some(end) = end
        && *was_going_on
        && !reset
        && !in_review(&state)
    {
        let after = pending.last() + END_GAP;
        pending.add(end_cue(end, &seats), after);
    }
    *was_going_on = end.is_none();
}

fn release_due_cues(
    time: Res<Time>,
    mut pending: ResMut<PendingCues>,
    mut cues: MessageWriter<SoundCue>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
) {
    if pending.0.is_empty() {
        return;
    }
    let dt = time.delta_secs();
    pending.0.retain_mut(|(cue, left)| {
        *left -= dt;
        if *left <= 0.0 {
            cues.write(*cue);
        }
        *left > 0.0
    });
    // The resting game wakes for the next cue.
    if let Some(soonest) = pending.0.iter().map(|(_, left)| *left).reduce(f32::min) {
        next_frame.within(std::time::Duration::from_secs_f32(soonest.max(0.0)));
    }
}

/// Starts a sound for each cue (the same cue twice in a frame plays once).
fn play_cues(
    mut commands: Commands,
    mut cues: MessageReader<SoundCue>,
    bank: Option<Res<SoundBank>>,
    presentation: Res<Presentation>,
    voices: Query<(), With<SoundVoice>>,
    mut counts: ResMut<SoundCounts>,
) {
    let volume = loudness(&presentation);
    let mut playing = voices.iter().count();
    let mut this_frame = Vec::new();
    for &cue in cues.read() {
        if this_frame.contains(&cue) {
            continue;
        }
        this_frame.push(cue);
        debug!("sound: {cue:?}");
        let Some(bank) = bank
            .as_ref()
            .filter(|_| volume > 0.0 && playing < MAX_VOICES)
        else {
            counts.silent += 1;
            continue;
        };
        commands.spawn((
            AudioPlayer::new(bank.handle(cue).clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
            SoundVoice {
                cue,
                left: cue.max_seconds() + 0.5,
            },
        ));
        playing += 1;
        counts.started += 1;
    }
}

/// Sounds surely over are despawned (with no audio device none ever starts, so none ends).
fn retire_voices(
    mut commands: Commands,
    time: Res<Time>,
    mut voices: Query<(Entity, &mut SoundVoice)>,
) {
    for (entity, mut voice) in &mut voices {
        voice.left -= time.delta_secs();
        if voice.left <= 0.0 {
            commands.entity(entity).despawn();
        }
    }
}

/// A new volume applies to the sounds playing; muting stops them.
fn follow_volume(
    mut commands: Commands,
    presentation: Res<Presentation>,
    mut sinks: Query<(Entity, &mut AudioSink), With<SoundVoice>>,
) {
    if !presentation.is_changed() {
        return;
    }
    let volume = loudness(&presentation);
    for (entity, mut sink) in &mut sinks {
        if volume > 0.0 {
            sink.set_volume(Volume::Linear(volume));
        } else {
            commands.entity(entity).despawn();
        }
    }
}
