//! Tables on the network through the game's own path: a desktop game hosts a table (its
//! server in the game, as "Host a table" starts it) and watches it; two other games join it
//! by its address and code as the Tables screen asks, sit down as the table's bar asks, and
//! play a whole game by the requests their clicks make; everyone sees the same moves and the
//! same end. A person also plays the host's engine, and a click on the other device's turn is
//! refused here before it reaches the server.

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use common::{game, random_request};
use gamut::model::{GameEnd, GameSettings, Notice, Player};
use gamut::play::{AppState, GameMode, Status};
use gamut::table::{Phase, Table, TableCommand, TableNotice, TablePlugin};
use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use gamut_net::{Offer, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A game without a window that can go to tables.
fn player_app(data: &std::path::Path) -> App {
    game_app(data, false)
}

/// A game without a window that can go to tables, with the tournament night when `night`.
fn game_app(data: &std::path::Path, night: bool) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        gamut::HeadlessPlugins,
        TablePlugin,
    ))
    .insert_resource(gamut::persist::DataDir::at(data))
    .insert_resource(GameSettings {
        animation: gamut::model::AnimationSpeed::Instant,
        ..GameSettings::default()
    });
    if night {
        app.add_plugins((
            gamut::tournament::TournamentPlugin,
            gamut::strength::StrengthPlugin,
        ));
    }
    app.update();
    app
}

/// Runs every app's frames until `done` holds for all of them (a bound keeps a broken table
/// from hanging the tests).
fn until(apps: &mut [&mut App], what: &str, done: impl Fn(&App) -> bool) {
    let give_up = Instant::now() + Duration::from_secs(20);
    loop {
        for app in apps.iter_mut() {
            app.update();
        }
        if apps.iter().all(|app| done(app)) {
            return;
        }
        let tables: Vec<String> = apps.iter().map(|a| format!("{:?}", table(a))).collect();
        assert!(Instant::now() < give_up, "never: {what}: {tables:?}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Runs every app's frames until `done` holds for the first (the others go on meanwhile: their
/// messages reach the server).
fn until_first(apps: &mut [&mut App], what: &str, done: impl Fn(&App) -> bool) {
    let give_up = Instant::now() + Duration::from_secs(20);
    loop {
        for app in apps.iter_mut() {
            app.update();
        }
        if done(apps[0]) {
            return;
        }
        assert!(
            Instant::now() < give_up,
            "never: {what}: {:?}",
            table(apps[0])
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The player at `app` moves at random, by the clicks a move takes, once the board waits for
/// them (as the board's input does: a click while a move is shown is not yet a move).
fn click_a_move(app: &mut App, rng: &mut StdRng) {
    until(&mut [&mut *app], "the board waits for the player", |app| {
        common::turn_state(app) == Some(gamut::play::TurnState::AwaitingInput)
    });
    let request = random_request(app, rng).expect("a legal move");
    app.world_mut().write_message(request);
}

/// Two people at the table's seats, Black and White.
fn people() -> GameSettings {
    GameSettings {
        black: Player::Human,
        white: Player::Human,
        ..GameSettings::default()
    }
}

/// Every app's frames until each shows `ply` moves.
fn everyone_sees(apps: &mut [&mut App], what: &str, ply: usize) {
    until(apps, what, |app| game(app).ply() == ply);
}

fn table(app: &App) -> &Table {
    app.world().resource::<Table>()
}

fn mode(app: &App) -> GameMode {
    *app.world().resource::<State<GameMode>>().get()
}

/// The host's app hosts a table of `settings` and watches it; its code and address.
fn host(host: &mut App, settings: GameSettings) -> (String, String) {
    host_with(host, settings, gamut_net::Clock::Untimed)
}

/// The host's app hosts a table of `settings` with `clock`; its code and address.
fn host_with(host: &mut App, settings: GameSettings, clock: gamut_net::Clock) -> (String, String) {
    host.world_mut().write_message(TableCommand::Host {
        settings,
        clock,
        name: "Big screen".into(),
        seat: None,
    });
    until(&mut [host], "the host watches its table", |app| {
        table(app).phase == Phase::AtTable && mode(app) == GameMode::Table
    });
    let hosted = table(host).code.clone().expect("a code");
    let port = table(host)
        .address
        .as_ref()
        .and_then(|a| a.rsplit(':').next())
        .expect("an address")
        .to_string();
    (hosted.as_str().to_string(), format!("127.0.0.1:{port}"))
}

/// `app` joins the table `code` at `address` and sits at `seat`, as the screens ask.
fn join_and_sit(app: &mut App, address: &str, code: &str, name: &str, seat: u8) {
    app.world_mut().write_message(TableCommand::Join {
        address: address.into(),
        code: code.to_lowercase(),
        name: name.into(),
    });
    until(&mut [&mut *app], "the player watches the table", |app| {
        table(app).phase == Phase::AtTable && table(app).view.is_some()
    });
    app.world_mut().write_message(TableCommand::Sit {
        seat: Seat::new(seat).unwrap(),
        name: name.into(),
    });
    until(&mut [app], "the player sits down", |app| {
        let seats = app.world().resource::<gamut::model::Seats>();
        table(app).seat == Seat::new(seat)
            && mode(app) == GameMode::Table
            && seats.seats()[usize::from(seat)] == Player::Human
    });
}

#[test]
fn a_hosted_table_is_played_to_its_end_by_two_devices_and_watched_by_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let mut big_screen = player_app(&dir.path().join("host"));
    let people = people();
    let (code, address) = host(&mut big_screen, people);
    let mut ann = player_app(&dir.path().join("ann"));
    let mut bob = player_app(&dir.path().join("bob"));
    // Ann plays by name here: her rating travels with her.
    let mut roster = gamut::strength::Roster::default();
    roster.add("Ann").unwrap();
    ann.world_mut().insert_resource(roster);
    join_and_sit(&mut ann, &address, &code, "Ann", 0);
    join_and_sit(&mut bob, &address, &code, "Bob", 1);
    // Everyone sees both seats taken, by name.
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the seats are shown taken",
        |app| {
            table(app)
                .view
                .as_ref()
                .is_some_and(|v| v.seats.iter().filter(|s| s.connected).count() == 2)
        },
    );

    // Nobody watches: the big screen is not counted, on any screen.
    for app in [&big_screen, &ann, &bob] {
        assert_eq!(
            table(app).view.as_ref().unwrap().spectators,
            0,
            "{:?}",
            table(app)
        );
    }
    // Ann sat first: Bob's name reached her panel as he sat down.
    let names = ann.world().resource::<gamut::model::SeatNames>();
    assert_eq!(names.0[1].as_deref(), Some("Bob"));
    // The host's screen is the big screen (no side panel); a player's is not.
    assert!(big_screen.world().resource::<gamut::ui::BigScreen>().0);
    assert!(!ann.world().resource::<gamut::ui::BigScreen>().0);
    let seats = &table(&big_screen).view.as_ref().unwrap().seats;
    assert!(seats[0].rating.is_some(), "{seats:?}");
    assert_eq!(seats[1].rating, None, "Bob is not on his roster");

    // Bob clicks on Ann's turn: refused here, nothing sent.
    let mut rng = StdRng::seed_from_u64(39);
    let early = random_request(&ann, &mut rng).unwrap();
    bob.world_mut().write_message(early);
    bob.update();
    bob.update();
    assert_eq!(
        bob.world().resource::<Status>().notice(),
        Some(&Notice::RemoteTurn(game(&bob).seat()))
    );
    assert_eq!(game(&bob).ply(), 0);

    let mut plies = 0;
    while game(&ann).end().is_none() {
        assert!(plies < 1500, "the game ends");
        let mover = if game(&ann).side_to_move() == gamut_engine::Color::Black {
            &mut ann
        } else {
            &mut bob
        };
        click_a_move(mover, &mut rng);
        plies += 1;
        until(
            &mut [&mut big_screen, &mut ann, &mut bob],
            "every device shows the move",
            |app| game(app).ply() >= plies,
        );
    }
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "every device shows the end",
        |app| *app.world().resource::<State<AppState>>().get() == AppState::GameOver,
    );
    let end = game(&ann).end();
    assert!(matches!(end, Some(GameEnd::Rules(_))), "{end:?}");
    for app in [&big_screen, &bob] {
        assert_eq!(game(app).end(), end);
        assert_eq!(game(app).notation(), game(&ann).notation());
    }
    // The server kept the same game: a newcomer watching is shown every move and the end.
    let mut late = player_app(&dir.path().join("late"));
    late.world_mut().write_message(TableCommand::Join {
        address: address.clone(),
        code: code.clone(),
        name: "Cy".into(),
    });
    until(&mut [&mut late], "the newcomer is shown the game", |app| {
        game(app).end().is_some()
    });
    assert_eq!(game(&late).notation(), game(&ann).notation());
}

/// Two friends with two laptops: the host sits at Black as it makes its table (the Tables
/// screen's "Your seat"), a friend joins and sits at White, and they play each other; the
/// host's screen is its board, with the big screen's view a switch away (`B`). A host that
/// watched first sits down from the big screen's bar.
/// The host puts away a table from its Tables screen's list (as "Put away…" then "Put it
/// away" ask): the seated player and the big screen are told, the table is no longer hosted,
/// and a newcomer's code finds no table.
#[test]
fn the_host_puts_a_table_away_and_its_players_are_told() {
    let dir = tempfile::tempdir().unwrap();
    let mut tv = game_app(&dir.path().join("host"), false);
    let (code, address) = host(&mut tv, people());
    let mut bob = player_app(&dir.path().join("bob"));
    join_and_sit(&mut bob, &address, &code, "Bob", 1);
    let gamut_code = gamut_net::Code::parse(&code).unwrap();
    tv.world_mut()
        .write_message(TableCommand::PutAway(gamut_code.clone()));
    until(&mut [&mut tv, &mut bob], "both are told", |app| {
        table(app).notice == Some(gamut::table::TableNotice::PutAway)
    });
    let hosted = table(&tv).hosted.as_ref().expect("hosting").tables();
    assert!(
        hosted.iter().all(|v| v.code != gamut_code),
        "no longer hosted: {hosted:?}"
    );
    let mut cy = player_app(&dir.path().join("cy"));
    cy.world_mut().write_message(TableCommand::Join {
        address: address.clone(),
        code: code.to_lowercase(),
        name: "Cy".into(),
    });
    until(&mut [&mut cy], "the code finds no table", |app| {
        table(app).notice
            == Some(gamut::table::TableNotice::Refused(
                gamut_net::Refusal::UnknownTable,
            ))
    });
}

#[test]
fn the_host_sits_at_its_own_table_and_plays_a_friend() {
    let dir = tempfile::tempdir().unwrap();
    let mut ann = player_app(&dir.path().join("ann"));
    ann.world_mut().write_message(TableCommand::Host {
        settings: people(),
        clock: gamut_net::Clock::Untimed,
        name: "Ann".into(),
        seat: Seat::new(0),
    });
    until(&mut [&mut ann], "the host sits at Black", |app| {
        table(app).seat == Seat::new(0) && mode(app) == GameMode::Table
    });
    let code = table(&ann).code.clone().unwrap().as_str().to_string();
    let port = table(&ann).address.clone().unwrap();
    let port = port.rsplit(':').next().unwrap();
    let address = format!("127.0.0.1:{port}");
    assert!(
        !ann.world().resource::<gamut::ui::BigScreen>().0,
        "her board"
    );
    let mut bob = player_app(&dir.path().join("bob"));
    bob.insert_resource(gamut::persist::Preferences::default());
    join_and_sit(&mut bob, &address, &code, "Bob", 1);
    // His name and the address are remembered for the Tables screen, in his settings file.
    let settings = gamut::persist::DataDir::at(dir.path().join("bob")).settings();
    let (kept, _) = gamut::persist::Preferences::load(&settings);
    let kept = kept.table.unwrap_or_default();
    assert_eq!(kept.name.as_deref(), Some("Bob"));
    assert_eq!(kept.address.as_deref(), Some(address.as_str()));
    let mut rng = StdRng::seed_from_u64(47);
    for ply in 1..=4 {
        let mover = if ply % 2 == 1 { &mut ann } else { &mut bob };
        click_a_move(mover, &mut rng);
        everyone_sees(&mut [&mut ann, &mut bob], "both laptops show the move", ply);
    }
    let seats = &table(&bob).view.as_ref().unwrap().seats;
    assert_eq!(seats[0].name.as_ref().map(|n| n.as_str()), Some("Ann"));
    // The big screen's view and back, the game going on underneath.
    ann.world_mut().write_message(TableCommand::BigView(true));
    until(&mut [&mut ann], "the big screen's view", |app| {
        app.world().resource::<gamut::ui::BigScreen>().0
    });
    ann.world_mut().write_message(TableCommand::BigView(false));
    until(&mut [&mut ann], "her board again", |app| {
        !app.world().resource::<gamut::ui::BigScreen>().0
    });
    assert_eq!(table(&ann).seat, Seat::new(0));

    // A host that watched sits down from its big screen's bar.
    let mut cy = player_app(&dir.path().join("cy"));
    let (other, _) = host(&mut cy, people());
    assert!(cy.world().resource::<gamut::ui::BigScreen>().0);
    cy.world_mut().write_message(TableCommand::Sit {
        seat: Seat::new(1).unwrap(),
        name: "Cy".into(),
    });
    until(
        &mut [&mut cy],
        "the host sits at White, his board shown",
        |app| {
            let seats = app.world().resource::<gamut::model::Seats>();
            table(app).seat == Seat::new(1)
                && seats.seats()[1] == Player::Human
                && !app.world().resource::<gamut::ui::BigScreen>().0
        },
    );
    assert_eq!(table(&cy).code.as_ref().unwrap().as_str(), other);
}

/// A proxy on localhost in front of the server at `to`, whose connections can be cut (a
/// phone's network dropping): its address, and the cut.
fn proxy(to: String) -> (String, impl Fn(), tokio::runtime::Runtime) {
    use std::sync::{Arc, Mutex};
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let open: Arc<Mutex<Vec<tokio::task::AbortHandle>>> = Arc::default();
    let kept = open.clone();
    runtime.spawn(async move {
        while let Ok((mut client, _)) = listener.accept().await {
            let to = to.clone();
            let task = tokio::spawn(async move {
                if let Ok(mut server) = tokio::net::TcpStream::connect(to).await {
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                }
            });
            kept.lock().unwrap().push(task.abort_handle());
        }
    });
    let cut = move || {
        for task in open.lock().unwrap().drain(..) {
            task.abort();
        }
    };
    (address, cut, runtime)
}

#[test]
fn a_player_whose_connection_drops_is_back_at_the_same_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut big_screen = player_app(&dir.path().join("host"));
    let people = people();
    let (code, address) = host(&mut big_screen, people);
    let (through, cut, _proxy) = proxy(address.clone());
    let mut ann = player_app(&dir.path().join("ann"));
    let mut bob = player_app(&dir.path().join("bob"));
    join_and_sit(&mut ann, &through, &code, "Ann", 0);
    join_and_sit(&mut bob, &address, &code, "Bob", 1);
    let mut rng = StdRng::seed_from_u64(5);
    click_a_move(&mut ann, &mut rng);
    everyone_sees(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the first move",
        1,
    );
    // Ann's network drops; Bob moves meanwhile.
    cut();
    until(&mut [&mut ann], "Ann sees the connection lost", |app| {
        table(app).phase == Phase::Lost
    });
    // Bob and the big screen say she is away (her game, not updated, does not try again yet).
    let words = gamut::i18n::Words::from_assets(gamut::model::Language::English);
    let said = |app: &App| gamut::table::screen::presence_lines(&words, table(app));
    until(
        &mut [&mut big_screen, &mut bob],
        "Bob and the big screen say Ann is away",
        |app| said(app) == ["Ann is away: the seat is kept"],
    );
    click_a_move(&mut bob, &mut rng);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "Ann is back at her seat and shown the move made while she was away",
        |app| game(app).ply() == 2 && table(app).phase == Phase::AtTable,
    );
    until(
        &mut [&mut big_screen, &mut bob],
        "Bob and the big screen say Ann is back",
        |app| table(app).back.is_some_and(|(seat, _)| seat.index() == 0),
    );
    assert_eq!(said(&bob), ["Ann is back"]);
    assert_eq!(table(&ann).seat, Seat::new(0));
    assert_eq!(game(&ann).notation(), game(&bob).notation());
    // And she plays on from there.
    click_a_move(&mut ann, &mut rng);
    everyone_sees(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the third move",
        3,
    );
}

#[test]
fn a_person_plays_the_hosts_engine_and_resigns() {
    let dir = tempfile::tempdir().unwrap();
    let mut big_screen = player_app(&dir.path().join("host"));
    let against = GameSettings {
        config: GameConfig::default(),
        black: Player::Human,
        white: Player::Computer(Level::new(1).unwrap()),
        ..GameSettings::default()
    };
    let (code, address) = host(&mut big_screen, against);
    let mut ann = player_app(&dir.path().join("ann"));
    join_and_sit(&mut ann, &address, &code, "Ann", 0);
    let mut rng = StdRng::seed_from_u64(7);
    for plies in [2, 4] {
        click_a_move(&mut ann, &mut rng);
        until(
            &mut [&mut big_screen, &mut ann],
            "the host's engine answers",
            |app| game(app).ply() >= plies,
        );
    }
    assert_eq!(game(&ann).notation(), game(&big_screen).notation());
    ann.world_mut()
        .write_message(gamut::play::GameCommand::Resign);
    until(
        &mut [&mut big_screen, &mut ann],
        "the resignation reaches every screen",
        |app| game(app).end().is_some(),
    );
    let resigned = Some(GameEnd::Resigned(gamut_engine::Color::Black));
    assert_eq!(game(&ann).end(), resigned);
    assert_eq!(game(&big_screen).end(), resigned);
}

fn offer(app: &mut App, offer: Offer) {
    app.world_mut().write_message(TableCommand::Offer(offer));
}

fn answer(app: &mut App, offer: Offer, accept: bool) {
    app.world_mut()
        .write_message(TableCommand::Answer { offer, accept });
}

/// At a table with a live clock the server's clocks are shown; a move is taken back, a draw
/// declined then agreed, and a rematch played with the sides swapped, each offered and answered
/// as the table's bar asks.
#[test]
fn players_at_a_table_take_back_agree_a_draw_and_play_a_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let mut big_screen = player_app(&dir.path().join("host"));
    let people = people();
    let live = gamut_net::Clock::Live {
        seconds: 300,
        increment: 3,
    };
    let (code, address) = host_with(&mut big_screen, people, live);
    let mut ann = player_app(&dir.path().join("ann"));
    let mut bob = player_app(&dir.path().join("bob"));
    join_and_sit(&mut ann, &address, &code, "Ann", 0);
    join_and_sit(&mut bob, &address, &code, "Bob", 1);
    let mut rng = StdRng::seed_from_u64(11);
    click_a_move(&mut ann, &mut rng);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the first move, with the server's clocks",
        |app| game(app).ply() == 1 && table(app).clocks.is_some_and(|c| c.ply == 1),
    );
    // The clocks are the server's: five minutes, Ann's thought taken and her increment given.
    for app in [&big_screen, &ann, &bob] {
        let clocks = game(app).clocks();
        assert!(clocks.is_timed());
        let black = clocks.left(gamut_engine::Color::Black);
        assert!(black <= Duration::from_secs(303), "{black:?}");
        assert!(black > Duration::from_secs(200), "{black:?}");
    }

    // Ann takes her move back; Bob agrees.
    offer(&mut ann, Offer::TakeBack);
    until(&mut [&mut ann, &mut bob], "Bob is asked", |app| {
        table(app).offer == Some((Seat::new(0).unwrap(), Offer::TakeBack))
    });
    answer(&mut bob, Offer::TakeBack, true);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the move is taken back everywhere",
        |app| game(app).ply() == 0 && table(app).offer.is_none(),
    );
    click_a_move(&mut ann, &mut rng);
    everyone_sees(&mut [&mut ann, &mut bob], "Ann moves again", 1);

    // Bob's draw offer is declined: he is told, and plays on.
    offer(&mut bob, Offer::Draw);
    until(&mut [&mut ann, &mut bob], "Ann is offered a draw", |app| {
        table(app).offer == Some((Seat::new(1).unwrap(), Offer::Draw))
    });
    answer(&mut ann, Offer::Draw, false);
    until_first(&mut [&mut bob, &mut ann], "Bob is told", |app| {
        table(app).notice == Some(TableNotice::Declined(Offer::Draw))
    });
    assert_eq!(game(&bob).end(), None);
    // Then agreed.
    offer(&mut bob, Offer::Draw);
    until(
        &mut [&mut ann, &mut bob],
        "Ann is offered a draw again",
        |app| table(app).offer.is_some(),
    );
    answer(&mut ann, Offer::Draw, true);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the draw agreed is shown everywhere",
        |app| {
            game(app).end() == Some(GameEnd::Agreed)
                && *app.world().resource::<State<AppState>>().get() == AppState::GameOver
        },
    );

    // A rematch, the sides swapped: Bob now has Black.
    offer(&mut ann, Offer::Rematch);
    until(
        &mut [&mut bob, &mut ann],
        "Bob is offered a rematch",
        |app| table(app).offer == Some((Seat::new(0).unwrap(), Offer::Rematch)),
    );
    answer(&mut bob, Offer::Rematch, true);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "everyone is at the rematch's table",
        |app| {
            table(app).code.as_ref().is_some_and(|c| c.as_str() != code)
                && game(app).ply() == 0
                && game(app).end().is_none()
                && *app.world().resource::<State<AppState>>().get() == AppState::Playing
        },
    );
    assert_eq!(table(&ann).seat, Seat::new(1));
    assert_eq!(table(&bob).seat, Seat::new(0));
    assert_eq!(table(&big_screen).code, table(&ann).code);
    click_a_move(&mut bob, &mut rng);
    everyone_sees(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "Bob opens the rematch",
        1,
    );
}

/// A game by correspondence: Ann moves and leaves the table; Bob answers while she is away.
/// Back on the Tables screen, her game is listed as waiting for her move (her seat was kept in
/// her data folder); Go back takes her to her seat, and she plays on.
#[test]
fn a_correspondence_game_waits_in_the_list_and_its_player_goes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut big_screen = player_app(&dir.path().join("host"));
    let people = people();
    let days = gamut_net::Clock::Correspondence { days: 3 };
    let (code, address) = host_with(&mut big_screen, people, days);
    let ann_data = dir.path().join("ann");
    let mut ann = player_app(&ann_data);
    let mut bob = player_app(&dir.path().join("bob"));
    join_and_sit(&mut ann, &address, &code, "Ann", 0);
    join_and_sit(&mut bob, &address, &code, "Bob", 1);
    let mut rng = StdRng::seed_from_u64(3);
    click_a_move(&mut ann, &mut rng);
    everyone_sees(&mut [&mut ann, &mut bob], "Ann's move", 1);
    ann.world_mut().write_message(TableCommand::Leave);
    until(&mut [&mut ann], "Ann is back at the title", |app| {
        table(app).phase == Phase::Away
            && *app.world().resource::<State<AppState>>().get() == AppState::Menu
    });
    click_a_move(&mut bob, &mut rng);
    until(&mut [&mut bob], "Bob's move", |app| game(app).ply() == 2);

    // Her seat was kept on disk: a game started afresh on her data folder lists it.
    let mut ann = player_app(&ann_data);
    let kept = ann.world().resource::<gamut::table::kept::KeptSeats>();
    assert_eq!(kept.seats.len(), 1);
    assert_eq!(kept.seats[0].code.as_str(), code);
    assert_eq!(kept.seats[0].seat, Seat::new(0).unwrap());
    // The title's "Tables on the network": the list asks the server how the game stands.
    ann.world_mut()
        .resource_mut::<NextState<gamut::play::MenuScreen>>()
        .set(gamut::play::MenuScreen::Tables);
    until_first(
        &mut [&mut ann, &mut bob],
        "the game is listed as Ann's move",
        |app| {
            let standings = app.world().resource::<gamut::table::kept::Standings>();
            standings
                .games
                .values()
                .any(|g| g.code.as_str() == code && g.to_move && g.ply == 2 && g.end.is_none())
        },
    );
    // Go back.
    let kept = ann
        .world()
        .resource::<gamut::table::kept::KeptSeats>()
        .seats[0]
        .clone();
    ann.world_mut().write_message(TableCommand::Rejoin {
        address: kept.address,
        code: kept.code,
        token: kept.token,
    });
    until_first(
        &mut [&mut ann, &mut bob],
        "Ann is back at her seat",
        |app| {
            table(app).seat == Seat::new(0)
                && mode(app) == GameMode::Table
                && game(app).ply() == 2
                && game(app).clocks().is_timed()
        },
    );
    click_a_move(&mut ann, &mut rng);
    everyone_sees(&mut [&mut ann, &mut bob], "Ann plays on", 3);
}

/// The host's game with the tournament night.
fn tournament_host(data: &std::path::Path) -> App {
    game_app(data, true)
}

fn night(app: &App) -> &gamut::tournament::Night {
    app.world().resource::<gamut::tournament::Night>()
}

/// The names at `(round, board)`'s seats, Black then White.
fn pairing_names(app: &App, round: u8, board: u8) -> (String, String) {
    let t = night(app).tournament().expect("a tournament");
    let g = t.game(round, board).expect("a pairing");
    let name = |p| t.entrant(p).unwrap().name.clone();
    (name(g.black), name(g.white))
}

/// The code of `(round, board)`'s table, once made.
fn table_code(app: &App, at: (u8, u8)) -> Option<String> {
    let board = night(app).tables.boards.get(&at)?;
    board.code.as_ref().map(|c| c.as_str().to_string())
}

/// Two computer entries of the host's tournament meet at a table: the server makes a table
/// whose every seat is its engine only for the game that hosts it (its operator's key; from
/// anyone else it is refused), and the engine plays it out; the result comes back by itself.
#[test]
fn a_tournaments_computer_pairing_is_played_out_by_the_servers_engine() {
    use gamut::tournament::TournamentCommand;
    use gamut::tournament::core::{Entrant, Format};
    let dir = tempfile::tempdir().unwrap();
    let mut host = tournament_host(&dir.path().join("host"));
    host.world_mut().write_message(TournamentCommand::Create {
        entrants: vec![
            Entrant::person("Ann"),
            Entrant::computer("Alpha", 1),
            Entrant::computer("Beta", 1),
        ],
        format: Format::RoundRobin { double: false },
        game: people(),
    });
    until(&mut [&mut host], "the tournament is made", |app| {
        night(app).tournament().is_some()
    });
    // The round where the two computers meet (Ann sits that one out).
    let round = (1..=3)
        .find(|&round| {
            night(&host).tournament().unwrap().game(round, 1).is_some()
                && pairing_names(&host, round, 1).0 != "Ann"
                && pairing_names(&host, round, 1).1 != "Ann"
        })
        .expect("the computers meet");
    let at = (round, 1);
    host.world_mut()
        .write_message(TournamentCommand::AtTable { round, board: 1 });
    until(&mut [&mut host], "the table is made", |app| {
        table_code(app, at).is_some()
    });
    // The engine plays both sides to the end (at level 1, quickly; a generous bound).
    let give_up = Instant::now() + Duration::from_secs(240);
    loop {
        host.update();
        let t = night(&host).tournament().unwrap();
        if t.game(round, 1).unwrap().result.is_some() {
            break;
        }
        assert!(
            Instant::now() < give_up,
            "the engine never finished the game"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(night(&host).tables.boards[&at].moves > 0);
}

/// Game night across screens: the host's tournament puts round 1's two pairings at tables
/// (as the round page's "At a table" asks), the players join from their own devices with the
/// codes shown, a computer entry is the server's engine, the host's screen shows a board (its
/// big screen) and comes back to the tournament, and every result comes back by itself, into
/// the tournament's file and the named players' ratings too.
#[test]
fn a_tournaments_pairings_are_played_at_tables_and_their_results_come_back() {
    use gamut::tournament::TournamentCommand;
    use gamut::tournament::core::{Entrant, Format, GameResult};
    let dir = tempfile::tempdir().unwrap();
    let mut host = tournament_host(&dir.path().join("host"));
    host.world_mut().write_message(TournamentCommand::Create {
        entrants: vec![
            Entrant::person("Ann"),
            Entrant::person("Bob"),
            Entrant::person("Cy"),
            Entrant::computer("Gamut", 1),
        ],
        format: Format::RoundRobin { double: false },
        game: people(),
    });
    until(&mut [&mut host], "the tournament is made", |app| {
        night(app).tournament().is_some()
    });
    for board in [1, 2] {
        host.world_mut()
            .write_message(TournamentCommand::AtTable { round: 1, board });
    }
    until(&mut [&mut host], "both tables are made", |app| {
        table_code(app, (1, 1)).is_some() && table_code(app, (1, 2)).is_some()
    });
    let address = night(&host).tables.address.clone().expect("where to join");
    let port = address.rsplit(':').next().unwrap();
    let address = format!("127.0.0.1:{port}");

    // Which board has the two people, which the computer entry.
    let people_board = (1..=2)
        .find(|&b| {
            let (black, white) = pairing_names(&host, 1, b);
            black != "Gamut" && white != "Gamut"
        })
        .unwrap();
    let computer_board = 3 - people_board;
    let (black, white) = pairing_names(&host, 1, people_board);
    let code = table_code(&host, (1, people_board)).unwrap();
    let mut first = player_app(&dir.path().join("black"));
    let mut second = player_app(&dir.path().join("white"));
    join_and_sit(&mut first, &address, &code, &black, 0);
    join_and_sit(&mut second, &address, &code, &white, 1);
    until_first(
        &mut [&mut host, &mut first, &mut second],
        "the host sees who sat down",
        |app| {
            let board = &night(app).tables.boards[&(1, people_board)];
            board.sitter(gamut_engine::Color::Black) == Some(black.as_str())
                && board.sitter(gamut_engine::Color::White) == Some(white.as_str())
        },
    );
    let mut rng = StdRng::seed_from_u64(41);
    click_a_move(&mut first, &mut rng);
    everyone_sees(&mut [&mut first, &mut second], "Black's first move", 1);
    click_a_move(&mut second, &mut rng);
    until_first(
        &mut [&mut host, &mut first, &mut second],
        "the host sees how far the game is",
        |app| night(app).tables.boards[&(1, people_board)].moves == 2,
    );

    // The host shows the board on its screen: the big screen, then back to the tournament.
    host.world_mut().write_message(TournamentCommand::Show {
        round: 1,
        board: people_board,
    });
    until_first(
        &mut [&mut host, &mut first, &mut second],
        "the host's screen shows the board",
        |app| mode(app) == GameMode::Table && game(app).ply() == 2,
    );
    assert!(host.world().resource::<gamut::ui::BigScreen>().0);
    assert_eq!(night(&host).showing, Some((1, people_board)));

    // White resigns on her device, on Black's turn (the server takes a resignation at any
    // time): the tournament has Black's win, by itself.
    assert_eq!(game(&second).side_to_move(), gamut_engine::Color::Black);
    second
        .world_mut()
        .write_message(gamut::play::GameCommand::Resign);
    until_first(
        &mut [&mut host, &mut first, &mut second],
        "the result comes back to the tournament",
        |app| {
            let t = night(app).tournament().unwrap();
            t.game(1, people_board).unwrap().result.is_some()
        },
    );
    let t = night(&host).tournament().unwrap();
    assert_eq!(
        t.game(1, people_board).unwrap().result,
        Some(GameResult::BlackWins)
    );
    // The game counts for both named players' ratings, as on the host's screen.
    let kind = GameConfig::default().kind;
    until(&mut [&mut host], "the game is rated", |app| {
        let roster = app.world().resource::<gamut::strength::Roster>();
        roster
            .person(&white)
            .is_some_and(|p| !p.results(kind).is_empty())
    });
    let roster = host.world().resource::<gamut::strength::Roster>();
    for (name, won) in [(&black, true), (&white, false)] {
        let person = roster.person(name).expect("rated by name");
        let results = person.results(kind);
        assert_eq!(results.len(), 1, "{name}");
        assert_eq!(
            results[0].score == gamut::strength::Score::Win,
            won,
            "{name}"
        );
    }
    host.world_mut().write_message(TableCommand::Leave);
    until(&mut [&mut host], "back to the tournament", |app| {
        app.world()
            .get_resource::<State<gamut::play::MenuScreen>>()
            .is_some_and(|s| *s.get() == gamut::play::MenuScreen::Tournament)
    });

    // The computer entry's board: the person sits at the free seat; the server's engine
    // plays the other, and the person resigns after its reply.
    let code = table_code(&host, (1, computer_board)).unwrap();
    let (black, white) = pairing_names(&host, 1, computer_board);
    let (name, seat) = if black == "Gamut" {
        (white, 1)
    } else {
        (black, 0)
    };
    let mut third = player_app(&dir.path().join("third"));
    join_and_sit(&mut third, &address, &code, &name, seat);
    let seats = &table(&third).view.as_ref().unwrap().seats;
    assert!(seats[1 - usize::from(seat)].computer.is_some(), "{seats:?}");
    if seat == 0 {
        click_a_move(&mut third, &mut rng);
    }
    until_first(&mut [&mut third, &mut host], "the engine answers", |app| {
        game(app).ply() == if seat == 0 { 2 } else { 1 }
    });
    third
        .world_mut()
        .write_message(gamut::play::GameCommand::Resign);
    until_first(
        &mut [&mut host, &mut third],
        "the engine's win comes back",
        |app| {
            let t = night(app).tournament().unwrap();
            t.game(1, computer_board).unwrap().result.is_some()
        },
    );
    let expected = if seat == 0 {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    };
    let t = night(&host).tournament().unwrap();
    assert_eq!(t.game(1, computer_board).unwrap().result, Some(expected));

    // The file has both results and both tables' codes.
    let file = dir
        .path()
        .join("host")
        .join(gamut::tournament::night::NIGHT_FILE);
    let (kept, _) = gamut::tournament::night::open(gamut::store::Place::file(&file));
    let (kept, _) = kept.expect("the tournament's file");
    assert!(
        kept.round(1)
            .unwrap()
            .games
            .iter()
            .all(|g| g.result.is_some())
    );
    assert_eq!(gamut::tournament::tables::kept_codes(&kept).len(), 2);
}
