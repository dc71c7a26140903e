fn main() {
    let mut p = gamut_engine::loa::Position::new(Default::default());
    for d in 1..=5 {
        let t = std::time::Instant::now();
        let n = gamut_engine::perft::perft(&mut p, d);
        println!("{d} {n} {:?}", t.elapsed());
    }
}
