# Accessibility: the board turned to the player to move, the screen reader's sentences.

settings-turn-board = Turn the board to the player to move
turn-board-never = Never
turn-board-hot-seat = In games between people at one screen
turn-board-always = Always

## The screen reader

# A square as the screen reader says it. $square: its name (d4).
access-square-empty = { $square }, empty
# $colour: black or white; $game: loa (pieces) or epaminondas (stones); $marked: yes for a
# marked piece (LOA for four, Ambidextrous), else no.
access-square-piece = { $square }, { $colour ->
    [black] black
   *[white] white
} { $game ->
    [epaminondas] stone
   *[loa] piece
}{ $marked ->
    [yes] , marked
   *[no] {""}
}
# A move played. $side: side-black or side-white; $move: the move in the move list's notation.
access-move = { $side } played { $move }
access-move-capture = { $side } played { $move }, capturing
