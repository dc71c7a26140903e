//! The egui interface: the side panel, the status bar, the New Game dialog, the rules, the
//! resign confirmation and the game-over panel. All words come from [`crate::i18n::Words`]
//! (sentences built from typed values in [`text`]); nothing is drawn until they are loaded.

pub mod about;
mod clocks;
mod dialogs;
pub mod fonts;
pub mod landmark;
mod move_entry;
pub(crate) mod new_game;
pub mod notices;
pub mod players;
pub mod problems;
pub mod proven;
mod review_panel;
mod review_proof;
mod saves;
mod settings;
pub mod sheet;
pub(crate) mod side_panel;
pub mod style;
pub mod text;
mod title;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::i18n::{Words, words_ready};

/// The panels and dialogs' systems (screens of their own, like the puzzles', draw after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct UiSystems;

/// The game is shown as a big screen (a table's host watching it): the side panel and the
/// status bar give way to a view of their own, which frames the board.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct BigScreen(pub bool);

/// What a part drawn over the board's corner covers at the window's top left (a table's
/// bar), in points, as last drawn: the side panel frames the board beside a tall one (a
/// column), under a short one (a line), and under it on a phone.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct BarCover {
    pub width: f32,
    pub height: f32,
    /// The bar says whose turn it is (a seated player's line, a phone watcher's): a phone's
    /// sheet leaves out its own line of it, for the players' room.
    pub says_the_turn: bool,
}

/// The panels and dialogs.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        use crate::play::{AppState, GameMode, MenuScreen, Modal, RulesWindow};
        textures_before_asset_events(app);
        #[cfg(target_arch = "wasm32")]
        app.add_systems(
            PreUpdate,
            fonts::give_page_fonts
                .after(bevy_egui::EguiPreUpdateSet::InitContexts)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
        app.init_resource::<about::RulesPage>()
            .init_resource::<BigScreen>()
            .init_resource::<BarCover>()
            .init_resource::<saves::SavesState>()
            .add_systems(Startup, spawn_ui_camera)
            .add_systems(OnEnter(Modal::NewGame), new_game::begin_draft)
            .add_systems(OnEnter(Modal::Saves), saves::opened)
            .add_systems(OnExit(AppState::Playing), dialogs::forget_resign)
            .add_systems(Update, window_title.run_if(resource_changed::<Words>))
            .add_systems(
                EguiPrimaryContextPass,
                (
                    style::apply_style,
                    style::apply_ui_scale,
                    note_pointer_kind.run_if(resource_exists::<crate::input::pointer::PointerKind>),
                    side_panel::panels
                        .run_if(|big: Res<BigScreen>| !big.0)
                        .run_if(not(in_state(crate::play::Practising)))
                        .run_if(not(in_state(crate::play::Analysing))),
                    move_entry::submit,
                    title::title_screen
                        .run_if(in_state(MenuScreen::Title))
                        .run_if(in_state(Modal::None)),
                    new_game::new_game_dialog.run_if(in_state(Modal::NewGame)),
                    settings::settings_window.run_if(in_state(Modal::Settings)),
                    dialogs::rules_window.run_if(in_state(RulesWindow::Open)),
                    dialogs::confirm_resign
                        .run_if(in_state(Modal::ConfirmResign))
                        .run_if(in_state(AppState::Playing)),
                    dialogs::game_over
                        .run_if(in_state(AppState::GameOver))
                        .run_if(in_state(GameMode::Own)),
                    saves::saves_window.run_if(in_state(Modal::Saves)),
                )
                    .chain()
                    .in_set(UiSystems)
                    .run_if(words_ready),
            )
            .add_systems(
                EguiPrimaryContextPass,
                settle_windows.after(UiSystems).run_if(words_ready),
            );
    }
}

/// egui's new letters (and its first atlas, which also holds the white pixel every panel is
/// filled with) reach the screen the frame they are first drawn. bevy_egui writes the atlas
/// into its image in `PostUpdate` with no order against the images' change events: written
/// after them, the drawing saw the change a frame late, and for that frame the new words lost
/// their letters (and, with a new atlas, the panels were not drawn at all).
pub fn textures_before_asset_events(app: &mut App) {
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    );
}

/// The panels get a camera of their own over the whole window, drawn after the board's (whose
/// camera draws only into the part the panels leave free).
fn spawn_ui_camera(
    mut commands: Commands,
    settings: Option<ResMut<bevy_egui::EguiGlobalSettings>>,
) {
    if let Some(mut settings) = settings {
        settings.auto_create_primary_context = false;
    }
    commands.spawn((
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        bevy_egui::PrimaryEguiContext,
    ));
}

/// Where egui keeps whether the player points with a finger (see [`touch_screen`]).
fn touch_key() -> egui::Id {
    egui::Id::new("pointer is a finger")
}

/// Whether the player last pressed with a finger: the hints then name a finger's gestures.
pub fn touch_screen(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(touch_key()).unwrap_or(false))
}

/// Tells the screens whether the player points with a finger ([`touch_screen`]); a finger's
/// buttons name no keys.
fn note_pointer_kind(
    mut contexts: bevy_egui::EguiContexts,
    kind: Res<crate::input::pointer::PointerKind>,
    mut words: ResMut<Words>,
) {
    let touch = *kind == crate::input::pointer::PointerKind::Touch;
    if words.key_hints() == touch {
        words.set_key_hints(!touch);
    }
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.data_mut(|d| d.insert_temp(touch_key(), touch));
    }
}

/// Every window, of every screen, drawn where it stays (see [`style::settle_windows`]).
fn settle_windows(mut contexts: bevy_egui::EguiContexts) {
    if let Ok(ctx) = contexts.ctx_mut() {
        style::settle_windows(ctx);
    }
}

/// The window's title in the player's language.
fn window_title(words: Res<Words>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !words.is_ready() {
        return;
    }
    let title = words.t("window-title");
    for mut window in &mut windows {
        if window.title != title {
            window.title = title.clone();
        }
    }
}

/// A round swatch of a side's colour.
pub(crate) fn swatch(ui: &mut egui::Ui, side: gamut_engine::Color) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let fill = match side {
        gamut_engine::Color::Black => egui::Color32::from_rgb(25, 25, 28),
        gamut_engine::Color::White => egui::Color32::from_rgb(240, 233, 214),
    };
    ui.painter().circle(
        rect.center(),
        8.0,
        fill,
        egui::Stroke::new(1.5, egui::Color32::GRAY),
    );
}

// Last in the file: the i18n test reads the code above the first `cfg(test)` for its keys.
#[cfg(test)]
pub mod layout_check;

#[cfg(test)]
mod tests {
    use bevy::asset::AssetPlugin;
    use bevy::prelude::*;
    use bevy_egui::{EguiPostUpdateSet, EguiRenderOutput, egui, update_egui_textures_system};

    /// The image change events seen in `Last`, frame by frame.
    #[derive(Resource, Default)]
    struct Seen(Vec<Vec<&'static str>>);

    fn watch(mut events: MessageReader<AssetEvent<Image>>, mut seen: ResMut<Seen>) {
        let kinds = events.read().map(|event| match event {
            AssetEvent::Added { .. } => "added",
            AssetEvent::Modified { .. } => "modified",
            _ => "other",
        });
        seen.0.push(kinds.collect());
    }

    /// egui's texture change of one frame: the whole atlas (`at` none) or a patch of it.
    fn atlas(at: Option<[usize; 2]>, size: usize) -> egui::TexturesDelta {
        let image = egui::ColorImage::filled([size, size], egui::Color32::WHITE);
        let delta = egui::epaint::ImageDelta {
            image: egui::ImageData::Color(image.into()),
            options: egui::TextureOptions::LINEAR,
            pos: at,
        };
        egui::TexturesDelta {
            set: [(egui::TextureId::Managed(0), [delta].into_iter().collect())]
                .into_iter()
                .collect(),
            free: Default::default(),
        }
    }

    #[test]
    fn new_letters_reach_the_drawing_the_frame_they_appear() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>()
            .init_resource::<Seen>()
            .add_systems(
                PostUpdate,
                update_egui_textures_system.in_set(EguiPostUpdateSet::PostProcessOutput),
            )
            .add_systems(Last, watch);
        app.init_resource::<bevy_egui::EguiManagedTextures>();
        super::textures_before_asset_events(&mut app);
        let context = app.world_mut().spawn(EguiRenderOutput::default()).id();
        for delta in [
            atlas(None, 8),
            atlas(Some([2, 2]), 2),
            egui::TexturesDelta::default(),
        ] {
            app.world_mut()
                .entity_mut(context)
                .insert(EguiRenderOutput {
                    paint_jobs: vec![],
                    textures_delta: delta,
                });
            app.update();
        }
        let seen = &app.world().resource::<Seen>().0;
        assert_eq!(seen[0], ["added"], "the first atlas, in its own frame");
        assert_eq!(seen[1], ["modified"], "new letters, in their own frame");
        assert!(seen[2].is_empty(), "nothing left for the next frame");
    }
}
