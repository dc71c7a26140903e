//! Highlight markers: what lights up where is a pure plan ([`plan`]); the system turns the plan
//! into marker entities when anything it depends on changes.

use bevy::prelude::*;
use gamut_engine::any_game::AnyMove;

use super::assets::BoardAssets;
use super::geometry::square_center;
use super::shapes::Mark;
use crate::input::Selection;
use crate::model::game::{move_cells, move_origin};
use crate::model::{Cell, CurrentGame};
use crate::play::{AppState, BoardReset, Hint};

/// What lights up where.
pub fn plan(
    game: &CurrentGame,
    selection: &Selection,
    hint: Option<AnyMove>,
    state: AppState,
) -> Vec<(Cell, Mark)> {
    let mut marks = Vec::new();
    let winners = if state == AppState::GameOver {
        game.winning_squares()
    } else {
        Vec::new()
    };
    // The winning star wins over the last move's square (the piece that completed the group).
    let origin = game.last_move().and_then(move_origin);
    for c in game.last_move_squares() {
        if !winners.contains(&c) {
            let mark = if Some(c) == origin {
                Mark::LastFrom
            } else {
                Mark::LastTo
            };
            marks.push((c, mark));
        }
    }
    marks.extend(winners.iter().map(|&c| (c, Mark::Winner)));
    if let Some(mv) = hint {
        marks.extend(move_cells(mv).into_iter().map(|c| (c, Mark::Hint)));
    }
    let playing = state == AppState::Playing;
    if game.has_marked_sets() && playing && *selection == Selection::Idle {
        marks.extend(game.movers().iter().map(|&c| (c, Mark::Movable)));
    }
    let placing = match selection {
        Selection::Placing { step, squares } => Some((*step, squares.clone())),
        _ if playing && game.must_pass_and_place() => Some((None, game.placements(None))),
        _ => None,
    };
    if let Some((step, squares)) = placing {
        if let Some((from, to)) = step {
            marks.push((from, Mark::Selected));
            marks.push((to, Mark::Target));
        }
        marks.extend(squares.into_iter().map(|c| (c, Mark::Placement)));
    }
    if let Selection::Selected {
        from,
        moves,
        moving_stones,
    } = selection
    {
        marks.push((*from, Mark::Selected));
        for mv in moves {
            let mark = if mv.capture {
                Mark::CaptureTarget
            } else {
                Mark::Target
            };
            marks.push((mv.to, mark));
        }
        marks.extend(moving_stones.iter().map(|&c| (c, Mark::MovingStone)));
    }
    marks
}

/// A highlight marker entity.
#[derive(Component)]
pub(super) struct Highlight;

/// Rebuilds the markers when the game, the selection, the hint or the state changes.
pub(super) fn show_highlights(
    mut commands: Commands,
    game: Res<CurrentGame>,
    selection: Res<Selection>,
    hint: Res<Hint>,
    state: Res<State<AppState>>,
    assets: Res<BoardAssets>,
    existing: Query<Entity, With<Highlight>>,
    mut resets: MessageReader<BoardReset>,
) {
    let reset = resets.read().count() > 0;
    if !(game.is_changed()
        || selection.is_changed()
        || hint.is_changed()
        || state.is_changed()
        || reset)
    {
        return;
    }
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    for (cell, mark) in plan(&game, &selection, hint.0, *state.get()) {
        let (material, mesh, y) = assets.marker(mark);
        commands.spawn((
            Highlight,
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Transform::from_translation(square_center(cell, game.bounds()) + Vec3::Y * y),
            bevy::picking::Pickable::IGNORE,
        ));
    }
}

#[cfg(test)]
mod tests {
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::loa::Variant;

    use super::*;
    use crate::model::MoveRequest;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn the_piece_that_completed_the_group_glows_as_a_winner_not_as_the_last_move() {
        // Black d5, d4 and b3; b3-c3 joins them. White's a1 and h1 stay apart.
        let text = "8/8/8/3b4/3b4/1b6/8/w6w b";
        let config = GameConfig::default();
        let mut game = CurrentGame::from_text(config, text).expect("position");
        let mv = game
            .check(MoveRequest::step(c("b3"), c("c3")))
            .expect("b3-c3 is legal");
        game.play(mv);
        assert!(game.end().is_some(), "Black connected");
        let marks = plan(&game, &Selection::Idle, None, AppState::GameOver);
        assert!(marks.contains(&(c("c3"), Mark::Winner)));
        assert!(!marks.contains(&(c("c3"), Mark::LastTo)));
        assert!(
            marks.contains(&(c("b3"), Mark::LastFrom)),
            "the origin keeps its brackets"
        );
    }

    #[test]
    fn marked_sets_light_the_set_that_moves_only_while_nothing_is_selected() {
        let mut config = GameConfig::default();
        config.loa.variant = Variant::Ambidextrous;
        let game = CurrentGame::new(config);
        let idle = plan(&game, &Selection::Idle, None, AppState::Playing);
        let movable = idle.iter().filter(|(_, m)| *m == Mark::Movable).count();
        assert_eq!(movable, game.movers().len());
        let selected = crate::input::machine::click(&Selection::Idle, &game, game.movers()[0]).next;
        let marks = plan(&game, &selected, None, AppState::Playing);
        assert!(!marks.iter().any(|(_, m)| *m == Mark::Movable));
        assert!(marks.iter().any(|(_, m)| *m == Mark::Target));
    }
}
