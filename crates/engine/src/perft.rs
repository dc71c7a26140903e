//! Perft: counting every legal move sequence to a fixed depth, the standard check of a move
//! generator.

use crate::Game;

/// Leaf count at `depth` (a finished game has no moves, so its subtree counts 0 beyond it).
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    perft_with(game, depth, &mut buffers)
}

fn perft_with<G: Game>(game: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_legal_moves() as u64,
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per depth");
            game.legal_moves_into(moves);
            let mut total = 0;
            for &mv in moves.iter() {
                game.play_unchecked(mv);
                total += perft_with(game, depth - 1, rest);
                game.undo();
            }
            total
        }
    }
}

/// Perft split by first move: each legal move with the leaf count below it.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = game.legal_moves();
    moves
        .into_iter()
        .map(|mv| {
            game.play_unchecked(mv);
            let n = perft(game, depth - 1);
            game.undo();
            (mv, n)
        })
        .collect()
}
