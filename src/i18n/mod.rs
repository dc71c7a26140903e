//! The interface's languages: English, French and Italian, in Fluent files under
//! `assets/locales/<code>/*.ftl`, loaded through Bevy's AssetServer. [`Words`] says a message in
//! the language in use: the player's choice ([`Presentation::language`]) or else the operating
//! system's, when it is one of ours (English otherwise). Changing `Presentation` switches at once.
//!
//! Until the files are loaded (a frame or two) [`Words::is_ready`] is false and the interface is
//! not drawn, rather than drawn with keys in place of words.

mod files;
mod words;

use bevy::asset::{LoadedFolder, RecursiveDependencyLoadState};
use bevy::prelude::*;

pub use files::{FtlFile, FtlLoader};
pub use words::{Bundle, Words, first_supported};

use crate::model::{Language, Presentation};

/// Loads the languages and keeps [`Words`] in the language the player chose.
pub struct I18nPlugin;

impl Plugin for I18nPlugin {
    fn build(&self, app: &mut App) {
        let os = first_supported(sys_locale::get_locales());
        app.init_asset::<FtlFile>()
            .init_asset_loader::<FtlLoader>()
            .init_resource::<Presentation>()
            .insert_resource(Words::loading(os))
            .add_systems(Startup, start_loading)
            .add_systems(
                PreUpdate,
                (build_bundles, follow_presentation)
                    .chain()
                    .run_if(resource_exists::<LocaleFolders>),
            );
    }
}

/// Whether the words are there to draw the interface with (a run condition).
pub fn words_ready(words: Res<Words>) -> bool {
    words.is_ready()
}

/// The folder of each language being loaded.
#[derive(Resource)]
struct LocaleFolders {
    folders: Vec<(Language, Handle<LoadedFolder>)>,
    frames: u32,
}

fn start_loading(mut commands: Commands, server: Res<AssetServer>) {
    let folders = Language::ALL
        .into_iter()
        .map(|l| (l, server.load_folder(format!("locales/{}", l.code()))))
        .collect();
    commands.insert_resource(LocaleFolders { folders, frames: 0 });
}

/// When every language's folder has loaded (or failed), builds the bundles; again when a file
/// changes (with Bevy's file watcher, translators see their edits live).
fn build_bundles(
    mut folders: ResMut<LocaleFolders>,
    server: Res<AssetServer>,
    loaded: Res<Assets<LoadedFolder>>,
    files: Res<Assets<FtlFile>>,
    mut changes: MessageReader<AssetEvent<FtlFile>>,
    mut words: ResMut<Words>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
) {
    let changed = changes.read().count() > 0;
    folders.frames += 1;
    let settled = folders.folders.iter().all(|(_, h)| {
        matches!(
            server.recursive_dependency_load_state(h),
            RecursiveDependencyLoadState::Loaded | RecursiveDependencyLoadState::Failed(_)
        )
    });
    if !words.is_ready() {
        // Nothing can be drawn without the words: no rest until they are in.
        next_frame.now();
    }
    if !settled || (words.is_ready() && !changed) {
        return;
    }
    for (language, handle) in &folders.folders {
        let Some(folder) = loaded.get(handle) else {
            warn!("the {} messages could not be loaded", language.code());
            continue;
        };
        let mut found: Vec<_> = folder
            .handles
            .iter()
            .filter_map(|h| {
                let typed = h.clone().try_typed::<FtlFile>().ok()?;
                let path = h.path().map(|p| p.to_string()).unwrap_or_default();
                Some((path, files.get(&typed)?.resource.clone()))
            })
            .collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        words.set_bundle(*language, found.into_iter().map(|(_, r)| r).collect());
    }
    if !words.is_ready() {
        info!("languages loaded after {} frames", folders.frames);
        words.set_ready();
    }
}

/// Keeps the language in use as the player chose, or the operating system's.
fn follow_presentation(presentation: Res<Presentation>, mut words: ResMut<Words>) {
    let wanted = presentation.language.unwrap_or(words.os_language());
    if words.language() != wanted {
        words.set_language(wanted);
    }
}
