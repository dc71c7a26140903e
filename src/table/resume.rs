//! A host that restarts: the tables this game hosted are hosted again as it starts (on the
//! same port, so the players' devices, trying again, find them), and its screen goes back to
//! the game in progress: to the seat it held there, else as the table's big screen. The
//! Tables screen lists the tables this computer hosts, with how far each is, to show any of
//! them on this screen.

use bevy::prelude::*;
use gamut_net::TableView;

use super::{Table, TableCommand};

/// The tables this game hosts as last looked at (for the Tables screen).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct HostedTables {
    pub views: Vec<TableView>,
    /// The address this game reaches its server at (`127.0.0.1:port`).
    pub here: Option<String>,
}

/// How often the Tables screen looks at the hosted tables again.
const LOOK_AGAIN: std::time::Duration = std::time::Duration::from_secs(3);

/// Whether a table's game is going on with someone at it (worth going back to).
pub fn in_play(view: &TableView) -> bool {
    view.end.is_none() && view.seats.iter().any(|s| s.name.is_some())
}

/// The table to show after a restart: the one in play furthest along (ties: the first code).
pub fn game_in_progress(views: &[TableView]) -> Option<&TableView> {
    views
        .iter()
        .filter(|v| in_play(v))
        .max_by(|a, b| a.moves.len().cmp(&b.moves.len()).then(b.code.cmp(&a.code)))
}

/// What the host's screen goes back to after a restart: its own seat at a hosted table in
/// play (kept in the list of games waiting), else the game in progress on the big screen.
pub fn going_back(
    views: &[TableView],
    kept: &[super::kept::KeptSeat],
    here: &str,
) -> Option<TableCommand> {
    let seat = kept.iter().find(|k| {
        views
            .iter()
            .any(|v| v.code == k.code && v.end.is_none() && in_play(v))
    });
    if let Some(seat) = seat {
        return Some(TableCommand::Rejoin {
            address: here.to_string(),
            code: seat.code.clone(),
            token: seat.token.clone(),
        });
    }
    game_in_progress(views).map(|view| TableCommand::Show(view.code.clone()))
}

/// On the first frame: the tables hosted before hosted again, and the screen back at the game
/// in progress when the game starts at its title (not when the command line started a game).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn host_again(
    mut done: Local<bool>,
    mut table: ResMut<Table>,
    data_dir: Option<Res<crate::persist::DataDir>>,
    state: Res<State<crate::play::AppState>>,
    start: Option<Res<crate::persist::PersistStart>>,
    kept: Res<super::kept::KeptSeats>,
    mut commands: MessageWriter<TableCommand>,
) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    let Some(dir) = data_dir else {
        return;
    };
    if table.hosted.is_some() || !super::host::has_tables_in_play(&dir) {
        return;
    }
    let at = match super::follow::hosted_here(&mut table, Some(&dir)) {
        Ok(at) => at,
        Err(why) => {
            warn!("cannot host the tables of before again: {why:?}");
            return;
        }
    };
    let views = table
        .hosted
        .as_ref()
        .map(|h| h.tables())
        .unwrap_or_default();
    info!("hosting again: {} table(s) in play", views.len());
    let at_title = *state.get() == crate::play::AppState::Menu
        && start.is_none_or(|s| s.open.is_none() && !s.resume);
    if !at_title {
        return;
    }
    if let Some(command) = going_back(&views, &kept.seats, &at.here) {
        commands.write(command);
    }
}

/// The page hosts nothing.
#[cfg(target_arch = "wasm32")]
pub(super) fn host_again() {}

/// While the Tables screen is open: the hosted tables looked at again now and then.
pub(super) fn look_at_hosted_tables(
    table: Res<Table>,
    mut hosted: ResMut<HostedTables>,
    mut next: Local<Option<web_time::Instant>>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
) {
    let now = web_time::Instant::now();
    if next.is_some_and(|at| now < at) {
        if let Some(at) = *next {
            next_frame.within(at - now);
        }
        return;
    }
    *next = Some(now + LOOK_AGAIN);
    next_frame.within(LOOK_AGAIN);
    #[cfg(not(target_arch = "wasm32"))]
    let seen = table.hosted.as_ref().map(|h| HostedTables {
        views: h.tables(),
        here: Some(format!("127.0.0.1:{}", h.port)),
    });
    #[cfg(target_arch = "wasm32")]
    let seen: Option<HostedTables> = {
        let _ = &table;
        None
    };
    hosted.set_if_neq(seen.unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_net::{Clock, Code, MoveText, Name, SeatView, Token};

    fn view(code: &str, names: [Option<&str>; 2], moves: usize, over: bool) -> TableView {
        let seat = |name: Option<&str>| SeatView {
            name: name.map(|n| Name::parse(n).unwrap()),
            rating: None,
            connected: false,
            computer: None,
        };
        TableView {
            code: Code::parse(code).unwrap(),
            game: Default::default(),
            start: String::new(),
            moves: vec![MoveText::parse("b1d3").unwrap(); moves],
            clock: Clock::Untimed,
            clocks: None,
            seats: names.into_iter().map(seat).collect(),
            spectators: 0,
            end: over.then_some(gamut_net::Ended {
                winner: Some(0),
                reason: gamut_net::EndReason::Resigned,
            }),
        }
    }

    fn kept(code: &str) -> super::super::kept::KeptSeat {
        super::super::kept::KeptSeat {
            address: "192.168.1.20:7878".into(),
            code: Code::parse(code).unwrap(),
            token: Token::parse("0123456789abcdef0123456789abcdef").unwrap(),
            seat: gamut_net::Seat::new(0).unwrap(),
            game: Default::default(),
        }
    }

    /// After a restart the host goes back to its own seat in a game in play; else it shows the
    /// game in progress furthest along; a table nobody sat at, or over, is not one.
    #[test]
    fn the_host_goes_back_to_the_game_in_progress() {
        let views = vec![
            view("AAAAA", [Some("Ann"), Some("Bob")], 12, false),
            view("BBBBB", [Some("Cy"), None], 2, false),
            view("CCCCC", [None, None], 0, false),
            view("DDDDD", [Some("Di"), Some("Ed")], 40, true),
        ];
        let here = "127.0.0.1:7878";
        assert_eq!(
            going_back(&views, &[], here),
            Some(TableCommand::Show(Code::parse("AAAAA").unwrap()))
        );
        let mine = [kept("DDDDD"), kept("BBBBB")];
        assert_eq!(
            going_back(&views, &mine, here),
            Some(TableCommand::Rejoin {
                address: here.into(),
                code: Code::parse("BBBBB").unwrap(),
                token: mine[1].token.clone(),
            }),
            "her own seat, at this machine's address (not the network's)"
        );
        assert_eq!(going_back(&views[2..], &[], here), None);
    }
}
