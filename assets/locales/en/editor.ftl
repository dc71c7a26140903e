# The board editor: set up any position by mouse. English.

## On the title screen and in the game's side panel

title-editor = Board editor
button-edit-position = Edit this position

## The editor's panel

editor-title = Board editor
editor-palette = Piece to place
editor-eraser = Eraser
editor-clear = Clear the board
editor-start-position = Start position
editor-to-move = To move
# The status line under the board.
editor-help = Click a square to put the chosen piece there; click it again to take it away. Right-drag turns the board.
editor-help-boundless = Click a square to put the chosen piece there; click it again to take it away. The board grows around the pieces: there is always room beyond them.
editor-help-touch = Tap a square to put the chosen piece there; tap it again to take it away. Two fingers turn the board.
editor-help-boundless-touch = Tap a square to put the chosen piece there; tap it again to take it away. The board grows around the pieces: there is always room beyond them.
# $text: the position text, as copied.
editor-copied = Position text copied: { $text }

## Whether the position can be played

editor-playable = This position can be played.
editor-not-playable = This position cannot be played:
# $side: side-black or side-white; $game: loa (pieces) or epaminondas (stones).
editor-problem-no-pieces = { $side } has no { $game ->
    [epaminondas] stones
   *[loa] pieces
}.
# $count: pieces on the board; $most: how many a set has.
editor-problem-too-many = { $side } has { $count } { $game ->
    [epaminondas] stones
   *[loa] pieces
} on the board; a set has only { $most }.
# $seat: a colour and its set, like "White (marked)".
editor-problem-too-many-in-set = { $seat } has { $count } pieces; the set has only { $most }.
# Parachute. $count: pieces held; $most: how many may be held in this position.
editor-problem-too-many-held = { $side } holds { $count } { $count ->
    [one] piece
   *[other] pieces
}; at most { $most } can be held here (six at the start, and no more than are missing from the board).
# $side: the winner; $other: the other side.
editor-problem-won-connected = { $side } has already won: all its pieces are connected.
editor-problem-won-home-row = { $side } has already won: it has more stones on the far row than { $other } has on the other.
editor-problem-won-no-stones = { $side } has already won: { $other } has no stones left.
editor-problem-drawn = The game is already drawn: both sides are connected.
editor-problem-refused = The rules do not accept this position.

## What to do with it

editor-play-computer = Play against the computer
# Play against the computer from the position: the person's side and the computer's level.
editor-you-play = You play
editor-computer-level = The computer's level
editor-start-computer = Start
editor-play-hot-seat = Play hot-seat
editor-analyse = Analyse
editor-copy = Copy position text
editor-save-puzzle = Save as puzzle…
editor-puzzle-title = Title of the puzzle
editor-puzzle-prove = Prove and save
editor-puzzle-cancel = Cancel
editor-puzzle-proving = The engine is looking for a forced win…
# $file: the file's name; $side: who wins; $moves: in how many moves.
editor-puzzle-saved = Saved as “{ $file }”: { $side } to play and win in { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}. It is in the puzzles, under “Your puzzles”.
editor-puzzle-no-win = The engine finds no forced win for { $side } in { $moves } moves or fewer: nothing was saved.
editor-puzzle-too-long = The engine could not finish its proof in the time it has: nothing was saved. A position with fewer pieces, or a shorter win, is quicker to prove.
# $problem: what went wrong with the file.
editor-puzzle-cannot-write = The puzzle could not be saved: { $problem }.
editor-back-game = Back to the game (Esc)
editor-back-title = Back to the title (Esc)

## The puzzles screen

editor-puzzles-mine = Your puzzles
