//! Writes a game's GIF, for a person to look at:
//!
//! ```text
//! cargo run -p gamut-share --example gif -- game.txt out.gif [--size 360] [--frames DIR] [--png P]
//! cargo run -p gamut-share --example gif -- --play loa out.gif [--seed 7] [--record game.txt]
//! ```
//!
//! The game is a record file (or a save file), or with `--play loa|epaminondas|epaminondas-small`
//! one the engine plays against itself (a shallow search, a random move now and then; the same
//! seed gives the same game). `--frames DIR` also writes the GIF's first and last pictures as
//! PNG, read back from the GIF itself; `--png` writes the last position's PNG as the server
//! serves it; `--record` writes the played game's record.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use gamut_engine::any_game::{AnyPosition, GameConfig, GameKind};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::eval::Evaluators;
use gamut_engine::record::{Record, read_record_or_save};
use gamut_engine::search::Limits;
use gamut_engine::{Color, Game};
use gamut_share::{Labels, Options, final_png, game_gif};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// What the command line asked for.
struct Args {
    input: Input,
    out: PathBuf,
    size: u32,
    frames: Option<PathBuf>,
    record: Option<PathBuf>,
    png: Option<PathBuf>,
}

/// Where the game comes from.
enum Input {
    File(PathBuf),
    Play { config: GameConfig, seed: u64 },
}

fn main() {
    if let Err(e) = run() {
        eprintln!("gif: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args = parse(std::env::args().skip(1).collect())?;
    let record = match &args.input {
        Input::File(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path:?}: {e}"))?;
            read_record_or_save(&text).map_err(|e| format!("{path:?}: {e}"))?
        }
        Input::Play { config, seed } => played(*config, *seed),
    };
    if let Some(path) = &args.record {
        std::fs::write(path, record.to_string()).map_err(|e| format!("{path:?}: {e}"))?;
    }
    let options = Options {
        size: args.size,
        ..Options::default()
    };
    let bytes =
        game_gif(&record, &Labels::english(&record), &options).map_err(|e| e.to_string())?;
    std::fs::write(&args.out, &bytes).map_err(|e| format!("{:?}: {e}", args.out))?;
    println!(
        "{}: {} moves, {} bytes",
        args.out.display(),
        record.moves.len(),
        bytes.len()
    );
    if let Some(path) = &args.png {
        let png =
            final_png(&record, &Labels::english(&record), &options).map_err(|e| e.to_string())?;
        std::fs::write(path, &png).map_err(|e| format!("{path:?}: {e}"))?;
        println!("{}: {} bytes", path.display(), png.len());
    }
    if let Some(dir) = &args.frames {
        first_and_last(&bytes, dir)?;
    }
    Ok(())
}

/// Reads the command line.
fn parse(words: Vec<String>) -> Result<Args, String> {
    let mut plain = Vec::new();
    let (mut size, mut frames, mut record, mut play, mut seed) = (360, None, None, None, 7);
    let mut png = None;
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--size" => size = value()?.parse().map_err(|_| "--size takes pixels")?,
            "--frames" => frames = Some(PathBuf::from(value()?)),
            "--record" => record = Some(PathBuf::from(value()?)),
            "--png" => png = Some(PathBuf::from(value()?)),
            "--play" => play = Some(value()?),
            "--seed" => seed = value()?.parse().map_err(|_| "--seed takes a number")?,
            _ => plain.push(word),
        }
    }
    let usage = "usage: gif (RECORD | --play GAME) OUT.gif [--size N] [--frames DIR] [--png P]";
    let (input, out) = match (play, plain.as_slice()) {
        (Some(game), [out]) => (
            Input::Play {
                config: config_of(&game)?,
                seed,
            },
            out,
        ),
        (None, [file, out]) => (Input::File(PathBuf::from(file)), out),
        _ => return Err(usage.into()),
    };
    Ok(Args {
        input,
        out: PathBuf::from(out),
        size,
        frames,
        record,
        png,
    })
}

/// The rules for a game's name.
fn config_of(name: &str) -> Result<GameConfig, String> {
    let mut config = GameConfig::default();
    match name {
        "loa" => {}
        "epaminondas" | "epaminondas-small" => {
            config.kind = GameKind::Epaminondas;
            if name == "epaminondas-small" {
                config.epaminondas.board = BoardSize::Small;
            }
        }
        _ => {
            return Err(format!(
                "unknown game {name}: loa, epaminondas, epaminondas-small"
            ));
        }
    }
    Ok(config)
}

/// A game the engine plays against itself: a 2-ply search, one move in six random; at most
/// 200 moves.
fn played(config: GameConfig, seed: u64) -> Record {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position: AnyPosition = config.start();
    let mut searcher = AnySearcher::new(&position, 4);
    let stop = AtomicBool::new(false);
    while position.outcome().is_none() && position.ply() < 200 {
        let legal = position.legal_moves();
        let searched = searcher
            .search(
                &position,
                &Evaluators::default(),
                Limits::depth(2),
                &stop,
                |_| {},
            )
            .best_move()
            .copied();
        let mv = match searched {
            Some(mv) if rng.random_range(0..6) != 0 => mv,
            _ => legal[rng.random_range(0..legal.len())],
        };
        position.play_unchecked(mv);
    }
    let mut record = Record::from_game(config, &position);
    record.players.black = Some("Gamut (Black)".into());
    record.players.white = Some("Gamut (White)".into());
    if position.outcome().is_none() {
        // Stopped at the move limit: say so as a match runner does.
        record.resign(Color::White);
    }
    record
}

/// Decodes `gif` and writes its first and last pictures, composed as a viewer shows them,
/// as `first.png` and `last.png` in `dir`.
fn first_and_last(gif: &[u8], dir: &PathBuf) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir:?}: {e}"))?;
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(gif).map_err(|e| e.to_string())?;
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut screen = vec![0u8; width * height * 4];
    let mut first = None;
    while let Some(frame) = decoder.read_next_frame().map_err(|e| e.to_string())? {
        for y in 0..usize::from(frame.height) {
            for x in 0..usize::from(frame.width) {
                let from = (y * usize::from(frame.width) + x) * 4;
                let pixel = &frame.buffer[from..from + 4];
                if pixel[3] == 0 {
                    continue;
                }
                let to = ((y + usize::from(frame.top)) * width + x + usize::from(frame.left)) * 4;
                screen[to..to + 4].copy_from_slice(pixel);
            }
        }
        first.get_or_insert_with(|| screen.clone());
    }
    let first = first.ok_or("the GIF has no picture")?;
    for (name, pixels) in [("first.png", &first), ("last.png", &screen)] {
        let path = dir.join(name);
        let file = std::fs::File::create(&path).map_err(|e| format!("{path:?}: {e}"))?;
        let mut encoder = png::Encoder::new(file, width as u32, height as u32);
        encoder.set_color(png::ColorType::Rgba);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer.write_image_data(pixels).map_err(|e| e.to_string())?;
        println!("{}", path.display());
    }
    Ok(())
}
