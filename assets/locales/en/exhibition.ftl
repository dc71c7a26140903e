# The Exhibition (the computer against itself, for a big screen): its captions, top line and
# the graph at the end of each game. Lines of Action has pieces, Epaminondas stones.
# $side, $other: a side's name (side-black, side-white); $from, $to, $at: squares.

# A move: one piece or stone ($count 1), or an Epaminondas phalanx of $count stones.
exhibition-moved = { $count ->
    [one] { $side } moves { $from }–{ $to }
   *[other] { $side } moves a phalanx of { $count } stones from { $from } to { $to }
}
# A capture: one piece or stone, or (Epaminondas) $count stones, the first on $at.
exhibition-captured = { $count ->
    [one] { $side } captures on { $at }
   *[other] { $side } captures { $count } stones at { $at }
}
# Parachute: $side drops one of the opponent's pieces it holds ($colour: black or white).
exhibition-placed = { $side } drops a { $colour ->
    [black] black
   *[white] white
} piece on { $at }
exhibition-passed = { $side } has no move and passes
exhibition-near-connection = { $side } is one move from connecting
exhibition-near-win = { $side } is one move from winning
exhibition-crossed = { $side } has reached the far row — { $other } must answer
exhibition-near-crossing = { $side } is one move from the far row
exhibition-won-connection = { $side } connects and wins!
exhibition-won-far-row = { $side } wins on the far row!
exhibition-won-all-captured = { $side } takes every stone and wins!
exhibition-won-resignation = { $side } wins by resignation
exhibition-drawn = Draw

# The game and its variant or board: "Lines of Action · Scrambled Eggs".
exhibition-title = { $game } · { $detail }
exhibition-computer = Computer, level { $level }
exhibition-human = Human
# LOA for four: a side's two sets ($plain, $marked: a level number or exhibition-human).
exhibition-two-sets = levels { $plain } (plain) · { $marked } (marked)
# A side and its player: "Black — Computer, level 6".
exhibition-seat = { $side } — { $player }
exhibition-thinking = thinking…
# The game's place in the cycle, and the moves played.
exhibition-place = Game { $number } of { $count } · Move { $moves }

# The end of a game: the title and how long it lasted, the graph, the next game.
exhibition-summary = { $title } · { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
exhibition-graph-title = Black's advantage over the game (up: Black ahead, down: White ahead)
exhibition-graph-line = Black's advantage
exhibition-graph-axis = moves
exhibition-next = Next: { $title }
