//! The server through real WebSocket connections on localhost: a whole game between two
//! clients watched by a third, a client lost and back at its seat, the server restarted (and
//! killed) under a game, and clients that break the rules or the protocol.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use common::{Client, position, start};
use gamut_engine::Game;
use gamut_engine::any_game::GameConfig;
use gamut_net::{Clock, Code, Fault, Refusal, ToClient, Token};
use gamut_server::hub::{Hub, Limits};
use gamut_server::store::Store;

/// The move a test player picks: one of the legal moves, spread by the ply.
fn pick(table: &gamut_engine::any_game::AnyPosition) -> String {
    let moves = table.legal_moves();
    moves[(table.ply() * 7 + 3) % moves.len()].to_string()
}

/// Every client reads the move of ply `ply`.
async fn everyone_sees(clients: &mut [&mut Client], ply: u32) {
    for client in clients.iter_mut() {
        client
            .until(|m| match m {
                ToClient::Moved { ply: p, .. } if *p == ply => Some(()),
                ToClient::Refused { refusal } => panic!("refused: {refusal:?}"),
                _ => None,
            })
            .await;
    }
}

/// Every client reads the game's end; the end they were told.
async fn everyone_sees_the_end(clients: &mut [&mut Client]) -> gamut_net::Ended {
    let mut ends = Vec::new();
    for client in clients.iter_mut() {
        let end = client
            .until(|m| match m {
                ToClient::Ended { end, .. } => Some(*end),
                _ => None,
            })
            .await;
        ends.push(end);
    }
    assert!(ends.windows(2).all(|w| w[0] == w[1]), "{ends:?}");
    ends[0]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_game_watched_by_a_third() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let Played {
        code,
        tokens: [black_token, white_token],
        clients: [mut black, mut white],
        ..
    } = Played::new(&address, Clock::Untimed).await;
    let mut watcher = Client::connect(&address).await;
    let (watcher_token, table) = watcher.join(&code, None, "Cy").await;
    assert_eq!(table.seats.iter().filter(|s| s.connected).count(), 2);

    // Nobody moves for another: a guessed token, the other side's turn, a seat taken.
    white.play(&code, &Token::from_bits(42), 0, "b1b3").await;
    assert_eq!(white.refusal().await, Refusal::BadToken);
    white.play(&code, &white_token, 0, "b1b3").await;
    assert_eq!(white.refusal().await, Refusal::NotYourTurn);
    watcher.play(&code, &watcher_token, 0, "b1b3").await;
    assert_eq!(
        watcher.refusal().await,
        Refusal::BadToken,
        "a spectator never acts"
    );
    black.play(&code, &black_token, 0, "b1b4").await;
    assert!(matches!(black.refusal().await, Refusal::Illegal { .. }));
    let mut intruder = Client::connect(&address).await;
    intruder
        .send(&gamut_net::ToServer::Join {
            code: code.clone(),
            seat: gamut_net::Seat::new(1),
            name: gamut_net::Name::parse("Eve").unwrap(),
            rating: None,
        })
        .await;
    assert_eq!(intruder.refusal().await, Refusal::SeatTaken);

    // The whole game: each side plays from its own copy of the table.
    let mut game = position(&table);
    let end = loop {
        let ply = game.ply() as u32;
        assert!(ply < 2000, "the game ends");
        let mv = pick(&game);
        let (mover, token) = if game.seat_to_move() == 0 {
            (&mut black, &black_token)
        } else {
            (&mut white, &white_token)
        };
        mover.play(&code, token, ply, &mv).await;
        everyone_sees(&mut [&mut black, &mut white, &mut watcher], ply).await;
        game.play(game.parse_move(&mv).unwrap()).unwrap();
        if game.outcome().is_some() {
            break everyone_sees_the_end(&mut [&mut black, &mut white, &mut watcher]).await;
        }
    };
    let outcome = game.outcome().expect("the rules ended the game");
    assert_eq!(end.winner, outcome.winner().map(|c| c.index() as u8));
    // The finished game refuses moves; the watcher saw every one.
    black
        .play(&code, &black_token, game.ply() as u32, "b1b3")
        .await;
    assert_eq!(black.refusal().await, Refusal::GameOver);
    let (_, seen) = watcher.join(&code, None, "Cy").await;
    assert_eq!(seen.moves.len(), game.ply());
    assert_eq!(seen.end, Some(end));
}

/// A table on the 6×6 board: the game's rules travel with the table, a move off the small
/// board is refused, and the game is played out to its end on 6×6.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_on_the_small_board_is_played_out() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let mut config = GameConfig::default();
    config.loa.board = gamut_engine::loa::BoardSize::Six;
    let mut black = Client::connect(&address).await;
    let (code, _) = black.create(config, Clock::Untimed).await;
    let (black_token, table) = black.join(&code, Some(0), "Ada").await;
    assert_eq!(table.game, config);
    let mut white = Client::connect(&address).await;
    let (white_token, _) = white.join(&code, Some(1), "Bea").await;
    let mut game = position(&table);
    assert_eq!(game.legal_moves().len(), 24, "the 6×6 start");
    // Rank 1 holds four pieces: four squares to the right of c1 is g1, off the 6×6 board.
    black.play(&code, &black_token, 0, "c1g1").await;
    assert!(matches!(black.refusal().await, Refusal::Illegal { .. }));
    let tokens = [black_token, white_token];
    let mut clients = [black, white];
    loop {
        let ply = game.ply() as u32;
        assert!(ply < 1000, "the game ends");
        let mv = pick(&game);
        let seat = game.seat_to_move();
        clients[seat].play(&code, &tokens[seat], ply, &mv).await;
        let [a, b] = &mut clients;
        everyone_sees(&mut [a, b], ply).await;
        game.play(game.parse_move(&mv).unwrap()).unwrap();
        if game.outcome().is_some() {
            let [a, b] = &mut clients;
            let end = everyone_sees_the_end(&mut [a, b]).await;
            let winner = game.outcome().and_then(|o| o.winner());
            assert_eq!(end.winner, winner.map(|c| c.index() as u8));
            break;
        }
    }
    let mut watcher = Client::connect(&address).await;
    let (_, seen) = watcher.join(&code, None, "Cy").await;
    assert_eq!(seen.game, config);
    assert_eq!(seen.moves.len(), game.ply());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_client_comes_back_to_its_seat() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let Played {
        code,
        tokens: [black_token, white_token],
        clients: [mut black, mut white],
        ..
    } = Played::new(&address, Clock::Untimed).await;
    black.play(&code, &black_token, 0, "b1b3").await;
    everyone_sees(&mut [&mut black, &mut white], 0).await;
    // White's phone sleeps: the connection is gone; Black sees the seat empty.
    drop(white);
    let seats = black
        .until(|m| match m {
            ToClient::Seats { seats, .. } if seats[1].name.is_some() && !seats[1].connected => {
                Some(seats.clone())
            }
            _ => None,
        })
        .await;
    assert_eq!(seats[1].name.as_ref().map(|n| n.as_str()), Some("Bea"));
    // Back with its token: the same seat, the game as it is.
    let mut white = Client::connect(&address).await;
    let (_, table) = white.rejoin(&code, &white_token).await;
    assert_eq!(table.moves.len(), 1);
    assert!(table.seats[1].connected);
    white.play(&code, &white_token, 1, "a2c2").await;
    everyone_sees(&mut [&mut black, &mut white], 1).await;
}

/// The host's big screen watches with the table's host token and is not counted: every
/// screen says the same number of people watching. A wrong token is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_big_screen_is_not_counted_among_the_spectators() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let mut host = Client::connect(&address).await;
    let (code, host_token) = host.create(GameConfig::default(), Clock::Untimed).await;
    let mut intruder = Client::connect(&address).await;
    intruder
        .send(&gamut_net::ToServer::Screen {
            code: code.clone(),
            host: Token::from_bits(7),
        })
        .await;
    assert_eq!(intruder.refusal().await, Refusal::BadToken);
    let (_, table) = host.screen(&code, &host_token).await;
    assert_eq!(table.spectators, 0, "the big screen alone");
    let mut ann = Client::connect(&address).await;
    let (_, table) = ann.join(&code, Some(0), "Ann").await;
    assert_eq!(table.spectators, 0);
    let mut cy = Client::connect(&address).await;
    let (_, table) = cy.join(&code, None, "-").await;
    assert_eq!(table.spectators, 1, "Cy watches");
    for client in [&mut host, &mut ann] {
        let told = client
            .until(|m| match m {
                // Told as Cy sat down to watch (before: 0).
                ToClient::Seats { spectators, .. } if *spectators > 0 => Some(*spectators),
                _ => None,
            })
            .await;
        assert_eq!(told, 1, "the same count on every screen");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_goes_on_after_the_server_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let (address, server) = start(&db).await;
    let clock = Clock::Correspondence { days: 3 };
    let Played {
        code,
        tokens: [black_token, white_token],
        clients: [mut black, mut white],
        ..
    } = Played::new(&address, clock).await;
    black.play(&code, &black_token, 0, "b1b3").await;
    everyone_sees(&mut [&mut black, &mut white], 0).await;
    black.close().await;
    white.close().await;
    server.abort();
    let _ = server.await;

    let (address, _server) = start(&db).await;
    // Days later, Bea asks how her games stand: this one waits for her move.
    let mut white = Client::connect(&address).await;
    let games = white
        .games(vec![
            (code.clone(), white_token.clone()),
            (code.clone(), Token::from_bits(5)),
            (Code::parse("ZZZZZ").unwrap(), white_token.clone()),
        ])
        .await;
    assert_eq!(
        games.len(),
        1,
        "a wrong token and an unknown table are left out"
    );
    assert!(games[0].to_move && games[0].ply == 1 && games[0].seat.index() == 1);
    let (_, table) = white.rejoin(&code, &white_token).await;
    assert_eq!(table.clock, clock);
    assert_eq!(table.moves.len(), 1, "the acknowledged move was kept");
    white.play(&code, &white_token, 1, "a2c2").await;
    everyone_sees(&mut [&mut white], 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_runs_the_clocks_and_a_flag_falls_with_nobody_moving() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let mut black = Client::connect(&address).await;
    let clock = Clock::Live {
        seconds: 1,
        increment: 0,
    };
    let (code, _) = black.create(GameConfig::default(), clock).await;
    let (black_token, table) = black.join(&code, Some(0), "Ada").await;
    assert_eq!(
        table.clocks.map(|c| c.running),
        Some(false),
        "no clock for an empty seat"
    );
    let mut white = Client::connect(&address).await;
    let (_, table) = white.join(&code, Some(1), "Bea").await;
    let clocks = table.clocks.expect("a live table's clocks");
    assert!(clocks.running && clocks.left_ms[0] <= 1000 && clocks.left_ms[1] == 1000);
    // Black does not move: a second later Black has lost on time, and both are told.
    let end = everyone_sees_the_end(&mut [&mut black, &mut white]).await;
    assert_eq!(
        (end.winner, end.reason),
        (Some(1), gamut_net::EndReason::OutOfTime)
    );
    black.play(&code, &black_token, 0, "b1b3").await;
    assert_eq!(black.refusal().await, Refusal::GameOver);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_engine_plays_a_seat_and_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let (address, server) = start(&db).await;
    let mut black = Client::connect(&address).await;
    let computer = gamut_net::ComputerSeat {
        seat: gamut_net::Seat::new(1).unwrap(),
        level: gamut_engine::level::Level::new(1).unwrap(),
    };
    let (code, _) = black
        .create_with(GameConfig::default(), Clock::Untimed, vec![computer])
        .await;
    let (black_token, table) = black.join(&code, Some(0), "Ada").await;
    assert_eq!(table.seats[1].computer, Some(computer.level));
    let mut intruder = Client::connect(&address).await;
    intruder
        .send(&gamut_net::ToServer::Join {
            code: code.clone(),
            seat: gamut_net::Seat::new(1),
            name: gamut_net::Name::parse("Eve").unwrap(),
            rating: None,
        })
        .await;
    assert_eq!(
        intruder.refusal().await,
        Refusal::SeatTaken,
        "the engine's seat"
    );
    let mut game = position(&table);
    for _ in 0..3 {
        let ply = game.ply() as u32;
        let mv = pick(&game);
        black.play(&code, &black_token, ply, &mv).await;
        everyone_sees(&mut [&mut black], ply).await;
        game.play(game.parse_move(&mv).unwrap()).unwrap();
        // The engine's answer, for White's seat.
        let answer = black
            .until(|m| match m {
                ToClient::Moved {
                    ply: p, seat, mv, ..
                } if *p == ply + 1 => Some((*seat, mv.clone())),
                _ => None,
            })
            .await;
        assert_eq!(answer.0.index(), 1);
        game.play(game.parse_move(answer.1.as_str()).unwrap())
            .unwrap();
    }
    // Stopped with Black to move, started again: Black moves and the engine answers.
    black.close().await;
    server.abort();
    let _ = server.await;
    let (address, _server) = start(&db).await;
    let mut black = Client::connect(&address).await;
    let (_, table) = black.rejoin(&code, &black_token).await;
    assert_eq!(table.moves.len(), game.ply());
    let ply = game.ply() as u32;
    black.play(&code, &black_token, ply, &pick(&game)).await;
    everyone_sees(&mut [&mut black], ply).await;
    everyone_sees(&mut [&mut black], ply + 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_take_backs_and_a_rematch_need_the_other_side() {
    use gamut_net::{EndReason, Offer, ToServer};
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let Played {
        code,
        tokens: [black_token, white_token],
        clients: [mut black, mut white],
        ..
    } = Played::new(&address, Clock::Untimed).await;
    let offer = |token: &Token, offer| ToServer::Offer {
        code: code.clone(),
        token: token.clone(),
        offer,
    };
    let answer = |token: &Token, offer, accept| ToServer::Answer {
        code: code.clone(),
        token: token.clone(),
        offer,
        accept,
    };
    let answered = |m: &ToClient| match m {
        ToClient::Answered { offer, accept, .. } => Some((*offer, *accept)),
        _ => None,
    };
    // The other side answers once told of the offer (its answer could reach the server first:
    // two connections).
    let offered = |wanted: Offer| {
        move |m: &ToClient| match m {
            ToClient::Offered { offer, .. } if *offer == wanted => Some(*offer),
            _ => None,
        }
    };
    // Nothing to take back yet; a rematch before the end; no offer to answer.
    black.send(&offer(&black_token, Offer::TakeBack)).await;
    assert_eq!(black.refusal().await, Refusal::CannotOffer);
    black.send(&offer(&black_token, Offer::Rematch)).await;
    assert_eq!(black.refusal().await, Refusal::CannotOffer);
    white.send(&answer(&white_token, Offer::Draw, true)).await;
    assert_eq!(white.refusal().await, Refusal::NoOffer);

    // Black moves, asks to take it back; Black cannot answer its own offer; White agrees.
    black.play(&code, &black_token, 0, "b1b3").await;
    everyone_sees(&mut [&mut black, &mut white], 0).await;
    black.send(&offer(&black_token, Offer::TakeBack)).await;
    black
        .send(&answer(&black_token, Offer::TakeBack, true))
        .await;
    assert_eq!(black.refusal().await, Refusal::NoOffer);
    assert_eq!(white.until(offered(Offer::TakeBack)).await, Offer::TakeBack);
    white
        .send(&answer(&white_token, Offer::TakeBack, true))
        .await;
    for client in [&mut black, &mut white] {
        assert_eq!(client.until(answered).await, (Offer::TakeBack, true));
        let ply = client
            .until(|m| match m {
                ToClient::TakenBack { ply, .. } => Some(*ply),
                _ => None,
            })
            .await;
        assert_eq!(ply, 0);
    }
    // Black plays another move instead.
    black.play(&code, &black_token, 0, "c1c3").await;
    everyone_sees(&mut [&mut black, &mut white], 0).await;

    // A draw offered and declined, then offered and accepted.
    white.send(&offer(&white_token, Offer::Draw)).await;
    assert_eq!(black.until(offered(Offer::Draw)).await, Offer::Draw);
    black.send(&answer(&black_token, Offer::Draw, false)).await;
    assert_eq!(white.until(answered).await, (Offer::Draw, false));
    white.send(&offer(&white_token, Offer::Draw)).await;
    assert_eq!(black.until(offered(Offer::Draw)).await, Offer::Draw);
    black.send(&answer(&black_token, Offer::Draw, true)).await;
    let end = everyone_sees_the_end(&mut [&mut black, &mut white]).await;
    assert_eq!((end.winner, end.reason), (None, EndReason::Agreed));

    // A rematch, the sides swapped: Ada is White at the new table.
    white.send(&offer(&white_token, Offer::Rematch)).await;
    assert_eq!(black.until(offered(Offer::Rematch)).await, Offer::Rematch);
    black
        .send(&answer(&black_token, Offer::Rematch, true))
        .await;
    let rematch = |m: &ToClient| match m {
        ToClient::Rematch { code, seat, token } => Some((code.clone(), *seat, token.clone())),
        _ => None,
    };
    let (new_code, ada_seat, ada_token) = black.until(rematch).await;
    let (bea_code, bea_seat, bea_token) = white.until(rematch).await;
    assert_eq!(new_code, bea_code);
    assert_ne!(new_code, code);
    assert_eq!((ada_seat.index(), bea_seat.index()), (1, 0));
    let (_, table) = black.rejoin(&new_code, &ada_token).await;
    white.rejoin(&new_code, &bea_token).await;
    assert_eq!(
        table.seats[1].name.as_ref().map(|n| n.as_str()),
        Some("Ada")
    );
    assert!(table.moves.is_empty());
    // Bea, now Black, moves first there; the old tokens hold no seat at the new table.
    black.play(&new_code, &black_token, 0, "b1b3").await;
    assert_eq!(black.refusal().await, Refusal::BadToken);
    white.play(&new_code, &bea_token, 0, "b1b3").await;
    everyone_sees(&mut [&mut black, &mut white], 0).await;
}

/// The page's files, served at `/` beside the WebSocket (a phone joins with its browser at the
/// server's address), compressed for a browser that takes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_serves_the_page() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir(&web).unwrap();
    std::fs::write(web.join("index.html"), "<title>Gamut</title>").unwrap();
    std::fs::write(web.join("gamut_bg.wasm"), b"\0asm plain").unwrap();
    std::fs::write(web.join("gamut_bg.wasm.gz"), b"gzipped").unwrap();
    let (hub, _) = Hub::new(
        Store::open(&dir.path().join("tables.sqlite")).unwrap(),
        Limits::default(),
    )
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(gamut_server::ws::serve(
        listener,
        Arc::new(hub),
        gamut_server::ws::Serving {
            web: Some(web),
            ..Default::default()
        },
    ));
    let get = |path: &'static str, extra: &'static str| async move {
        let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n{extra}Connection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).await.unwrap();
        response
    };
    let page = get("/", "").await;
    assert!(
        page.starts_with("HTTP/1.1 200") && page.ends_with("<title>Gamut</title>"),
        "{page}"
    );
    let wasm = get("/gamut_bg.wasm", "Accept-Encoding: gzip\r\n").await;
    assert!(
        wasm.to_ascii_lowercase()
            .contains("content-type: application/wasm"),
        "{wasm}"
    );
    assert!(wasm.ends_with("gzipped"), "{wasm}");
    assert!(get("/missing", "").await.starts_with("HTTP/1.1 404"));
}

/// A table with Ada at Black and Bea at White: its code, their tokens and clients, and the game
/// as they keep it.
struct Played {
    code: Code,
    tokens: [Token; 2],
    clients: [Client; 2],
    game: gamut_engine::any_game::AnyPosition,
}

impl Played {
    async fn new(address: &str, clock: Clock) -> Played {
        let mut black = Client::connect(address).await;
        let (code, _) = black.create(GameConfig::default(), clock).await;
        let (black_token, table) = black.join(&code, Some(0), "Ada").await;
        let mut white = Client::connect(address).await;
        let (white_token, _) = white.join(&code, Some(1), "Bea").await;
        Played {
            code,
            tokens: [black_token, white_token],
            clients: [black, white],
            game: position(&table),
        }
    }

    /// The next move, sent; with `wait`, until the table acknowledged it.
    async fn next(&mut self, wait: bool) {
        let ply = self.game.ply() as u32;
        let mv = pick(&self.game);
        let seat = self.game.seat_to_move();
        let mover = &mut self.clients[seat];
        mover.play(&self.code, &self.tokens[seat], ply, &mv).await;
        if wait {
            mover
                .until(|m| matches!(m, ToClient::Moved { ply: p, .. } if *p == ply).then_some(()))
                .await;
            self.game.play(self.game.parse_move(&mv).unwrap()).unwrap();
        }
    }

    /// Both players back in their seats at a restarted server: the table's moves must begin
    /// with every acknowledged one. How many were acknowledged, and whether the move in flight
    /// was kept too.
    async fn back(&mut self, address: &str) -> (usize, bool) {
        self.clients = [
            Client::connect(address).await,
            Client::connect(address).await,
        ];
        let (_, seen) = self.clients[0].rejoin(&self.code, &self.tokens[0]).await;
        self.clients[1].rejoin(&self.code, &self.tokens[1]).await;
        assert!(seen.seats.iter().all(|s| s.name.is_some()));
        let acknowledged = self.game.ply();
        assert!(
            seen.moves.len() >= acknowledged,
            "an acknowledged move was lost"
        );
        assert!(seen.moves.len() <= acknowledged + 1);
        // The move in flight at the kill may have been kept: the players go on from the table.
        self.game = position(&seen);
        (acknowledged, seen.moves.len() > acknowledged)
    }
}

/// The server program itself, killed (SIGKILL) in the middle of a live and a correspondence
/// game, a move in flight at each, and started again on its database, `GAMUT_KILLS` times
/// (3 here; `scripts/server-faults.sh` runs 20): every move it acknowledged is there, and the
/// players are back in their seats.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    killed_and_started_again(db.as_os_str()).await;
}

/// The same on PostgreSQL (a server this test starts): the node started again under its name
/// takes its tables back at once.
#[cfg(feature = "postgres")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_on_postgresql_loses_no_acknowledged_move() {
    let postgres = common::postgres::Postgres::start();
    let url = postgres.database();
    killed_and_started_again(std::ffi::OsStr::new(&url)).await;
}

/// `GAMUT_KILLS` kills (3 by default) of the server over `db`, each with a move in flight in a
/// live and in a correspondence game, each followed by a check of both games.
async fn killed_and_started_again(db: &std::ffi::OsStr) {
    let kills: usize = std::env::var("GAMUT_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let (mut server, mut address) = program(db);
    let live = Clock::Live {
        seconds: 3600,
        increment: 0,
    };
    let mut games = [
        Played::new(&address, live).await,
        Played::new(&address, Clock::Correspondence { days: 3 }).await,
    ];
    let (mut checked, mut in_flight_kept) = (0, 0);
    for kill in 0..kills {
        for played in games.iter_mut() {
            for _ in 0..3 {
                if played.game.outcome().is_none() {
                    played.next(true).await;
                }
            }
            if played.game.outcome().is_none() {
                played.next(false).await;
            }
        }
        server.kill().unwrap();
        server.wait().unwrap();
        (server, address) = program(db);
        for played in games.iter_mut() {
            let (acknowledged, kept) = played.back(&address).await;
            checked += acknowledged;
            in_flight_kept += usize::from(kept);
        }
        println!("kill {kill}: every acknowledged move kept");
    }
    let total: usize = games.iter().map(|g| g.game.ply()).sum();
    println!(
        "{kills} kills: both games ({total} moves at the end) checked after each, {checked} \
         acknowledged moves found in all, 0 lost; the move in flight was kept {in_flight_kept} \
         times of {}",
        2 * kills
    );
    server.kill().unwrap();
    server.wait().unwrap();
}

/// `gamut-server` on a free port over `db` (a SQLite file or a PostgreSQL URL): the process
/// and its address.
fn program(db: &std::ffi::OsStr) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamut-server"))
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gamut-server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .strip_prefix("gamut-server listening on ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, address)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_clients_are_closed_and_touch_no_table() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let mut black = Client::connect(&address).await;
    let (code, _) = black.create(GameConfig::default(), Clock::Untimed).await;
    let (black_token, _) = black.join(&code, Some(0), "Ada").await;

    let faults = [
        ("not json at all", Fault::Garbage),
        (
            r#"{"v":9,"msg":{"type":"ping"}}"#,
            Fault::UnknownVersion { supported: 1 },
        ),
        (
            r#"{"v":1,"msg":{"type":"move","code":"ABCDE"}}"#,
            Fault::Garbage,
        ),
    ];
    for (text, fault) in faults {
        let mut hostile = Client::connect(&address).await;
        hostile.send_text(text).await;
        assert_eq!(
            hostile.next().await,
            Some(ToClient::Fault { fault }),
            "{text}"
        );
        assert_eq!(hostile.next().await, None, "closed after {text}");
    }
    // A flood: far more messages than a person sends.
    // The server answers a burst, tells the flood's fault and closes; what it had not read
    // when it closed may reset the connection before the client reads the fault.
    let mut flood = Client::connect(&address).await;
    let ping = gamut_net::encode(&gamut_net::ToServer::Ping);
    for _ in 0..200 {
        if !flood.try_send_text(&ping).await {
            break;
        }
    }
    let (mut pongs, mut faults) = (0, Vec::new());
    while let Some(msg) = flood.next().await {
        match msg {
            ToClient::Pong => pongs += 1,
            ToClient::Fault { fault } => faults.push(fault),
            other => panic!("{other:?}"),
        }
    }
    assert!(pongs < 200, "the flood was cut short ({pongs} answered)");
    assert!(faults.iter().all(|f| *f == Fault::Flood), "{faults:?}");
    // Too large for the protocol: the WebSocket layer closes it.
    let mut large = Client::connect(&address).await;
    large
        .send_text(&"x".repeat(gamut_net::MAX_MESSAGE_BYTES + 1))
        .await;
    assert_eq!(large.next().await, None);
    // An unknown table, a wrong code's shape refused before it is read.
    let mut lost = Client::connect(&address).await;
    lost.send(&gamut_net::ToServer::Rejoin {
        code: Code::parse("ZZZZZ").unwrap(),
        token: Token::from_bits(1),
    })
    .await;
    assert_eq!(lost.refusal().await, Refusal::UnknownTable);
    // The table was not touched: Black's move still goes through.
    black.play(&code, &black_token, 0, "b1b3").await;
    everyone_sees(&mut [&mut black], 0).await;
}
