# The coach's word on a reviewed move (the review strip), one sentence a reason.
# $side: a side's name; $game: loa (pieces) or epaminondas (stones); $moves: the winner's moves;
# $line, $reply, $move: moves in the game's notation.

# The move lets the opponent ($side) win by force.
coach-allows-win = { $game ->
    [epaminondas] { $moves ->
        [one] It lets { $side } win on the next move: { $line }.
       *[other] It gives { $side } a forced win in { $moves } moves: { $line }.
    }
   *[loa] { $moves ->
        [one] It lets { $side } connect on the next move: { $line }.
       *[other] It gives { $side } a forced win in { $moves } moves: { $line }.
    }
}
# The mover ($side) had a forced win and let it go.
coach-gives-up-win = { $moves ->
    [one] { $side } had a winning move here, and this is not it.
   *[other] { $side } had a forced win in { $moves } moves, and this move lets it go.
}
# The opponent ($side) can capture with $reply.
coach-allows-capture = { $game ->
    [epaminondas] { $count ->
        [one] It lets { $side } capture a stone: { $reply }.
       *[other] It lets { $side } capture { $count } stones: { $reply }.
    }
   *[loa] It lets { $side } capture a piece: { $reply }.
}
# The mover's ($side) largest group went from $before pieces to $after.
coach-splits-group = It splits { $side }'s largest group: { $before } pieces, then { $after } at most.
# The mover ($side) has fewer moves after the move and the best reply.
coach-blocks-own = { $game ->
    [epaminondas] It hems in { $side }'s own stones: { $before } possible moves, then { $after }.
   *[loa] It hems in { $side }'s own pieces: { $before } possible moves, then { $after }.
}
# No simpler reason: the evaluation dropped by about $drop pieces' worth.
coach-worse = { $game ->
    [epaminondas] { $drop ->
        [one] The position is worse by about one stone's worth.
       *[other] The position is worse by about { $drop } stones' worth.
    }
   *[loa] { $drop ->
        [one] The position is worse by about one piece's worth.
       *[other] The position is worse by about { $drop } pieces' worth.
    }
}
# A "!" move: every other move lets the win go.
coach-keeps-win = { $moves ->
    [one] The only move that wins.
   *[other] The only move that keeps the win (in { $moves } moves).
}
coach-better = Better: { $move }.
# The strip's line: the move, the name of its mark (review-mistake or review-blunder), the sentences.
coach-said = { $move } — { $name }: { $reasons }
