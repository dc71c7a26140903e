//! The pictures read back by the `gif` and `png` decoders, as a viewer would show them: the
//! frame count, the size, the palette, and the colours at the middle of chosen squares (a
//! piece, an empty square, the square a piece left), for Lines of Action and Epaminondas; and
//! bad games refused without a panic.

use gamut_engine::any_game::{AnyMove, AnyPosition, GameConfig, GameKind};
use gamut_engine::loa;
use gamut_engine::record::{Record, RecordMove};
use gamut_engine::{Color, Game};
use gamut_share::colours::*;
use gamut_share::{Labels, Layout, Options, ShareError, final_png, game_gif, position_png};

/// A GIF decoded: its size, its global palette, and every frame composed onto the ones before
/// (each frame's rectangle laid over the last picture, its transparent pixels left).
struct Decoded {
    width: usize,
    height: usize,
    palette: Vec<[u8; 3]>,
    pictures: Vec<Vec<u8>>,
}

impl Decoded {
    /// The colour at `x`, `y` of picture `n`.
    fn rgb(&self, n: usize, (x, y): (u32, u32)) -> [u8; 3] {
        let index = self.pictures[n][y as usize * self.width + x as usize];
        self.palette[usize::from(index)]
    }
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let rgb = decoder.global_palette().expect("a global palette").to_vec();
    let palette = rgb.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
    let mut screen = vec![0u8; width * height];
    let mut pictures = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert!(frame.palette.is_none(), "one palette for every frame");
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        let frame_width = usize::from(frame.width);
        for y in 0..usize::from(frame.height) {
            for x in 0..frame_width {
                let index = frame.buffer[y * frame_width + x];
                if Some(index) != frame.transparent {
                    screen[(top + y) * width + left + x] = index;
                }
            }
        }
        pictures.push(screen.clone());
    }
    Decoded {
        width,
        height,
        palette,
        pictures,
    }
}

/// `count` moves from the start of `config`'s game, the same ones each time.
fn game(config: GameConfig, count: usize) -> AnyPosition {
    let mut position = config.start();
    for _ in 0..count {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(position.ply() * 7 + 3) % moves.len()];
        position.play(mv).unwrap();
    }
    position
}

fn epaminondas() -> GameConfig {
    GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    }
}

fn options(size: u32) -> Options {
    Options {
        size,
        ..Options::default()
    }
}

/// The from and to squares (file, rank) of a Lines of Action move.
fn step(mv: AnyMove) -> ((u8, u8), (u8, u8)) {
    let AnyMove::LinesOfAction(m) = mv else {
        panic!("a Lines of Action move");
    };
    let (from, to) = m.step().expect("a step");
    ((from.file(), from.rank()), (to.file(), to.rank()))
}

#[test]
fn a_finished_game_has_a_picture_per_move_and_the_result() {
    let config = GameConfig::default();
    let position = game(config, 12);
    let mut record = Record::from_game(config, &position);
    record.resign(Color::White);
    let labels = Labels::english(&record);
    assert_eq!(labels.result.as_deref(), Some("Black wins — resignation"));
    assert_eq!(
        (labels.black.as_str(), labels.white.as_str()),
        ("Black", "White")
    );
    for size in [240, 360, 480] {
        let bytes = game_gif(&record, &labels, &options(size)).unwrap();
        let gif = decode(&bytes);
        let layout = Layout::new(8, 8, size).with_result_strip();
        assert!(layout.footer > 0);
        assert_eq!(
            (gif.width, gif.height),
            (size as usize, layout.height as usize)
        );
        assert_eq!(gif.pictures.len(), 12 + 2, "start, 12 moves, result");
        assert!(gif.palette.len() <= 256);
    }
}

/// The result's picture leaves the last position whole: every pixel of the board and its rim
/// is as the last move's picture has it, and the result is written in the strip under them
/// (dark pixels there, none on the move's picture).
#[test]
fn the_result_leaves_the_last_position_readable() {
    let config = GameConfig::default();
    let position = game(config, 9);
    let mut record = Record::from_game(config, &position);
    record.resign(Color::Black);
    let labels = Labels::english(&record);
    for size in [240, 360, 480] {
        let gif = decode(&game_gif(&record, &labels, &options(size)).unwrap());
        let layout = Layout::new(8, 8, size).with_result_strip();
        let (result, last) = (gif.pictures.len() - 1, gif.pictures.len() - 2);
        let board_bottom = layout.top + layout.cell * 8 + layout.rim;
        for y in layout.top..board_bottom {
            for x in 0..layout.width {
                assert_eq!(
                    gif.rgb(result, (x, y)),
                    gif.rgb(last, (x, y)),
                    "{size}: the result covers the board at {x}, {y}"
                );
            }
        }
        let text = |n: usize| {
            (board_bottom..layout.height)
                .flat_map(|y| (0..layout.width).map(move |x| (x, y)))
                .filter(|&p| gif.rgb(n, p) != gif.rgb(0, (0, layout.height - 1)))
                .count()
        };
        assert_eq!(
            text(last),
            0,
            "{size}: the strip is empty before the result"
        );
        assert!(
            text(result) > (layout.width * layout.footer / 3) as usize,
            "{size}: the result's band is in the strip"
        );
    }
}

#[test]
fn the_pieces_are_where_the_game_put_them() {
    let config = GameConfig::default();
    let position = game(config, 6);
    let record = Record::from_game(config, &position);
    let gif = decode(&game_gif(&record, &Labels::english(&record), &options(360)).unwrap());
    assert_eq!(
        gif.pictures.len(),
        6 + 1,
        "a game going on has no result picture"
    );
    let layout = Layout::new(8, 8, 360);
    let centre = |file, rank| layout.square_centre(file, rank);
    // The start: Black on b1, White on a2, a1 empty (a dark square), c2 empty (a light one).
    assert_eq!(gif.rgb(0, centre(1, 0)), BLACK_PIECE);
    assert_eq!(gif.rgb(0, centre(0, 1)), WHITE_PIECE);
    assert_eq!(gif.rgb(0, centre(0, 0)), DARK_SQUARE);
    assert_eq!(gif.rgb(0, centre(2, 1)), LIGHT_SQUARE);
    // Each move: the square left holds no piece, tinted as the last move's; the piece moved
    // stands where it landed, in its side's colour.
    let mut replay = config.start();
    for (n, mv) in record.move_list().into_iter().enumerate() {
        let side = replay.side_to_move();
        replay.play(mv).unwrap();
        let (from, to) = step(mv);
        let left = gif.rgb(n + 1, centre(from.0, from.1));
        assert!(
            left == LIGHT_LAST_MOVE || left == DARK_LAST_MOVE,
            "move {}: {left:?}",
            n + 1
        );
        let piece = match side {
            Color::Black => BLACK_PIECE,
            Color::White => WHITE_PIECE,
        };
        assert_eq!(gif.rgb(n + 1, centre(to.0, to.1)), piece, "move {}", n + 1);
    }
}

#[test]
fn epaminondas_draws_its_fourteen_by_twelve_board() {
    let config = epaminondas();
    let position = game(config, 4);
    let record = Record::from_game(config, &position);
    let gif = decode(&game_gif(&record, &Labels::english(&record), &options(480)).unwrap());
    assert_eq!(gif.pictures.len(), 4 + 1);
    let layout = Layout::new(14, 12, 480);
    assert_eq!((gif.width, gif.height), (480, layout.height as usize));
    let centre = |file, rank| layout.square_centre(file, rank);
    // White's two rows at the bottom, Black's at the top; the middle empty.
    assert_eq!(gif.rgb(0, centre(0, 0)), WHITE_PIECE);
    assert_eq!(gif.rgb(0, centre(13, 1)), WHITE_PIECE);
    assert_eq!(gif.rgb(0, centre(0, 11)), BLACK_PIECE);
    assert_eq!(gif.rgb(0, centre(5, 10)), BLACK_PIECE);
    let empty = gif.rgb(0, centre(6, 5));
    assert!(empty == LIGHT_SQUARE || empty == DARK_SQUARE, "{empty:?}");
}

/// Lines of Action on 6×6: a board of six squares a side, its start where the rules put it.
#[test]
fn the_small_board_draws_its_six_by_six_squares() {
    let mut config = GameConfig::default();
    config.loa.board = gamut_engine::loa::BoardSize::Six;
    let position = game(config, 4);
    let record = Record::from_game(config, &position);
    let gif = decode(&game_gif(&record, &Labels::english(&record), &options(360)).unwrap());
    assert_eq!(gif.pictures.len(), 4 + 1);
    let layout = Layout::new(6, 6, 360);
    assert_eq!((gif.width, gif.height), (360, layout.height as usize));
    let centre = |file, rank| layout.square_centre(file, rank);
    // Black on b1–e1 and b6–e6, White on a2–a5 and f2–f5; the corners empty.
    assert_eq!(gif.rgb(0, centre(1, 0)), BLACK_PIECE);
    assert_eq!(gif.rgb(0, centre(4, 5)), BLACK_PIECE);
    assert_eq!(gif.rgb(0, centre(0, 1)), WHITE_PIECE);
    assert_eq!(gif.rgb(0, centre(5, 4)), WHITE_PIECE);
    assert_eq!(gif.rgb(0, centre(0, 0)), DARK_SQUARE);
    assert_eq!(gif.rgb(0, centre(5, 5)), DARK_SQUARE);
}

#[test]
fn a_position_draws_as_a_png() {
    let config = GameConfig::default();
    let position = game(config, 1);
    let record = Record::from_game(config, &position);
    let bytes = position_png(&position, &Labels::english(&record), &options(240)).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let info = reader.info().clone();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    let layout = Layout::new(8, 8, 240);
    assert_eq!((info.width, info.height), (layout.width, layout.height));
    let palette: Vec<[u8; 3]> = info
        .palette
        .as_ref()
        .unwrap()
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    assert!(palette.len() <= 256);
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut pixels).unwrap();
    let rgb = |(x, y): (u32, u32)| palette[usize::from(pixels[(y * layout.width + x) as usize])];
    let (from, to) = step(record.move_list()[0]);
    let left = rgb(layout.square_centre(from.0, from.1));
    assert!(
        left == LIGHT_LAST_MOVE || left == DARK_LAST_MOVE,
        "{left:?}"
    );
    assert_eq!(rgb(layout.square_centre(to.0, to.1)), BLACK_PIECE);
    assert_eq!(rgb(layout.square_centre(0, 1)), WHITE_PIECE);

    // The final position of an Epaminondas record, too.
    let config = epaminondas();
    let record = Record::from_game(config, &game(config, 3));
    let bytes = final_png(&record, &Labels::english(&record), &options(360)).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"));
}

#[test]
fn bad_games_are_refused_without_a_panic() {
    let config = GameConfig::default();
    let labels = Labels::english(&Record::new(config));
    // A move that is not legal at the start (a1 is empty).
    let mut record = Record::new(config);
    let a1 = loa::Square::new(0).unwrap();
    let a3 = loa::Square::new(16).unwrap();
    let illegal = AnyMove::LinesOfAction(loa::Move::Step { from: a1, to: a3 });
    record.moves.push(RecordMove::new(illegal));
    let refused = game_gif(&record, &labels, &Options::default());
    assert!(matches!(refused, Err(ShareError::Replay(_))), "{refused:?}");
    assert!(final_png(&record, &labels, &Options::default()).is_err());
    // A start position that is not one.
    let mut record = Record::new(config);
    record.start = Some("not a position".into());
    assert!(matches!(
        game_gif(&record, &labels, &Options::default()),
        Err(ShareError::Replay(_))
    ));
    // Boundless LOA has no board of squares.
    let mut boundless = GameConfig::default();
    boundless.loa.variant = loa::Variant::Boundless;
    let refused = game_gif(&Record::new(boundless), &labels, &Options::default());
    assert!(
        matches!(refused, Err(ShareError::Unsupported(_))),
        "{refused:?}"
    );
    // Sizes out of bounds are brought within them.
    assert_eq!(Layout::new(8, 8, 1).width, gamut_share::MIN_SIZE);
    assert_eq!(Layout::new(8, 8, 100_000).width, gamut_share::MAX_SIZE);
}

#[test]
fn marked_sets_are_drawn_in_their_sides_colours() {
    let mut config = GameConfig::default();
    config.loa.variant = loa::Variant::FourPlayers;
    let position = game(config, 8);
    let record = Record::from_game(config, &position);
    let gif = decode(&game_gif(&record, &Labels::english(&record), &options(360)).unwrap());
    assert_eq!(gif.pictures.len(), 8 + 1);
    // Every piece's centre is its side's colour, marked or not.
    let layout = Layout::new(8, 8, 360);
    let AnyPosition::LinesOfAction(start) = config.start() else {
        panic!("an 8×8 board");
    };
    assert_ne!(start.marked(), 0, "LOA for four has marked pieces");
    for square in loa::Square::all() {
        let expected = match start.piece_at(square) {
            Some(Color::Black) => BLACK_PIECE,
            Some(Color::White) => WHITE_PIECE,
            None => continue,
        };
        let at = layout.square_centre(square.file(), square.rank());
        assert_eq!(gif.rgb(0, at), expected, "{square:?}");
    }
}
