//! The decoder against Debian's `brotli` (the compressor scripts/web.sh uses): a file it
//! compressed decodes to the original; a stream cut short, or damaged, or not brotli at all,
//! is an error, never a panic; the limit holds.

use gamut_unpack::{Unpacked, unbrotli};
use rand::{RngExt, SeedableRng};

const ORIGINAL: &[u8] = include_bytes!("fixture.txt");
const PACKED: &[u8] = include_bytes!("fixture.txt.br");

#[test]
fn a_file_brotli_compressed_decodes_to_the_original() {
    assert!(PACKED.len() * 5 < ORIGINAL.len(), "the fixture compresses");
    assert_eq!(unbrotli(PACKED, ORIGINAL.len(), 1 << 20).unwrap(), ORIGINAL);
    // A wrong guess of the size changes nothing but the first room made.
    assert_eq!(unbrotli(PACKED, 0, 1 << 20).unwrap(), ORIGINAL);
}

#[test]
fn a_stream_cut_short_is_an_error() {
    for cut in [0, 1, PACKED.len() / 2, PACKED.len() - 1] {
        let result = unbrotli(&PACKED[..cut], ORIGINAL.len(), 1 << 20);
        assert!(
            matches!(result, Err(Unpacked::NotBrotli(_))),
            "cut at {cut}: {result:?}"
        );
    }
}

#[test]
fn damaged_or_foreign_bytes_are_errors_not_panics() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(48);
    for _ in 0..200 {
        let mut bytes = PACKED.to_vec();
        for _ in 0..rng.random_range(1..8) {
            let at = rng.random_range(0..bytes.len());
            bytes[at] = rng.random();
        }
        // Decoded or refused, never more than the limit and never a panic.
        if let Ok(out) = unbrotli(&bytes, ORIGINAL.len(), 1 << 20) {
            assert!(out.len() <= 1 << 20);
        }
    }
    let gzip = [
        0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    assert!(unbrotli(&gzip, 0, 1 << 20).is_err());
}

#[test]
fn more_than_the_limit_is_refused() {
    assert_eq!(unbrotli(PACKED, 0, 1000), Err(Unpacked::TooLarge));
    let exact = unbrotli(PACKED, 0, ORIGINAL.len()).unwrap();
    assert_eq!(exact.len(), ORIGINAL.len());
}
