//! Makes a table on a running server and prints its code: what the page's browser test joins
//! (scripts/web-table-test.py). The seats given as `--computer SEAT:LEVEL` are played by the
//! server's engine; the others wait for players.
//!
//!     cargo run -p gamut-server --example make_table -- 127.0.0.1:7878 --computer 1:1

use futures_util::{SinkExt, StreamExt};
use gamut_net::{Clock, ComputerSeat, Seat, ToClient, ToServer, decode, encode};
use tokio_tungstenite::tungstenite::Message;

fn computers(args: &[String]) -> Result<Vec<ComputerSeat>, String> {
    let mut seats = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word != "--computer" {
            return Err(format!("unknown argument {word}"));
        }
        let given = words.next().ok_or("--computer needs SEAT:LEVEL")?;
        let (seat, level) = given.split_once(':').ok_or("--computer needs SEAT:LEVEL")?;
        let seat = seat
            .parse()
            .ok()
            .and_then(Seat::new)
            .ok_or("a seat is 0 to 3")?;
        let level = level.parse().map_err(|e| format!("{e}"))?;
        seats.push(ComputerSeat { seat, level });
    }
    Ok(seats)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let address = args
        .first()
        .ok_or("usage: make_table ADDRESS [--computer SEAT:LEVEL]…")?;
    let computers = computers(&args[1..])?;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
        .await
        .map_err(|e| e.to_string())?;
    let create = ToServer::Create {
        game: Default::default(),
        clock: Clock::Untimed,
        computers,
        operator: None,
    };
    ws.send(Message::Text(encode(&create).into()))
        .await
        .map_err(|e| e.to_string())?;
    while let Some(message) = ws.next().await {
        let Ok(Message::Text(text)) = message else {
            continue;
        };
        match decode::<ToClient>(text.as_bytes()) {
            Ok(ToClient::Created { code, .. }) => {
                println!("table {}", code.as_str());
                return Ok(());
            }
            Ok(ToClient::Refused { refusal }) => return Err(format!("refused: {refusal:?}")),
            _ => {}
        }
    }
    Err("the server closed the connection".into())
}
