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
use gamut::table::{Phase, Table, TableCommand, TablePlugin};
use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use gamut_net::Seat;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A game without a window that can go to tables.
fn player_app(data: &std::path::Path) -> App {
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

/// The player at `app` moves at random, by the clicks a move takes, once the board waits for
/// them (as the board's input does: a click while a move is shown is not yet a move).
fn click_a_move(app: &mut App, rng: &mut StdRng) {
    until(&mut [&mut *app], "the board waits for the player", |app| {
        common::turn_state(app) == Some(gamut::play::TurnState::AwaitingInput)
    });
    let request = random_request(app, rng).expect("a legal move");
    app.world_mut().write_message(request);
}

fn table(app: &App) -> &Table {
    app.world().resource::<Table>()
}

fn mode(app: &App) -> GameMode {
    *app.world().resource::<State<GameMode>>().get()
}

/// The host's app hosts a table of `settings` and watches it; its code and address.
fn host(host: &mut App, settings: GameSettings) -> (String, String) {
    host.world_mut().write_message(TableCommand::Host {
        settings,
        name: "Big screen".into(),
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
    let people = GameSettings {
        black: Player::Human,
        white: Player::Human,
        ..GameSettings::default()
    };
    let (code, address) = host(&mut big_screen, people);
    let mut ann = player_app(&dir.path().join("ann"));
    let mut bob = player_app(&dir.path().join("bob"));
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
    let people = GameSettings {
        black: Player::Human,
        white: Player::Human,
        ..GameSettings::default()
    };
    let (code, address) = host(&mut big_screen, people);
    let (through, cut, _proxy) = proxy(address.clone());
    let mut ann = player_app(&dir.path().join("ann"));
    let mut bob = player_app(&dir.path().join("bob"));
    join_and_sit(&mut ann, &through, &code, "Ann", 0);
    join_and_sit(&mut bob, &address, &code, "Bob", 1);
    let mut rng = StdRng::seed_from_u64(5);
    click_a_move(&mut ann, &mut rng);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the first move",
        |app| game(app).ply() == 1,
    );
    // Ann's network drops; Bob moves meanwhile.
    cut();
    until(&mut [&mut ann], "Ann sees the connection lost", |app| {
        table(app).phase == Phase::Lost
    });
    click_a_move(&mut bob, &mut rng);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "Ann is back at her seat and shown the move made while she was away",
        |app| game(app).ply() == 2 && table(app).phase == Phase::AtTable,
    );
    assert_eq!(table(&ann).seat, Seat::new(0));
    assert_eq!(game(&ann).notation(), game(&bob).notation());
    // And she plays on from there.
    click_a_move(&mut ann, &mut rng);
    until(
        &mut [&mut big_screen, &mut ann, &mut bob],
        "the third move",
        |app| game(app).ply() == 3,
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
