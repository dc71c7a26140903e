# The status line: what the game tells the player, and why the rules refuse a move. English.
# $cell, $from, $to, $head: squares (d4); $side: a side's name; $seat: a seat's name;
# $colour: black or white, for selectors (the colour of pieces, as an adjective).

notice-new-game = New game.
# The colours drawn by lot as a new game starts (the Abacus rules). $colour: black or white.
notice-colours-drawn-you = New game, colours drawn by lot: you play { $colour ->
    [black] Black
   *[white] White
}.
notice-colours-drawn-swapped = New game, colours drawn by lot: the players swap colours.
notice-colours-drawn-kept = New game, colours drawn by lot: the players keep their colours.
# $moves: how many moves went back (a person's and the computer's reply: 2).
notice-move-taken-back = { $moves ->
    [one] Move taken back.
   *[other] { $moves } moves taken back.
}
notice-nothing-to-take-back = Nothing to take back.
notice-move-replayed = Move replayed.
notice-nothing-to-redo = Nothing to redo.
# $move: the move asked for (b1-d3); $reason: one of the refusal- or illegal- messages.
notice-refused = { $move }: { $reason }
notice-not-your-turn-yet = Wait: it is not your turn to move yet.
notice-computers-turn = It is the computer's turn ({ $seat }).
# $game: loa (pieces) or epaminondas (stones).
notice-select-own-piece = Select one of { $seat }'s { $game ->
    [epaminondas] stones
   *[loa] pieces
} first.
notice-no-move-for-piece = The { $game ->
    [epaminondas] stone
   *[loa] piece
} on { $cell } has no legal move.
notice-passed = { $side } has no legal move and passes.
notice-must-place-only = { $side } has no legal move: place one of the held { $colour ->
    [black] Black
   *[white] White
} pieces on an empty square.
notice-choose-placement = { $from }-{ $to }: now place one of the { $colour ->
    [black] Black
   *[white] White
} pieces you hold on an empty square (Esc: choose another move).
notice-placement-not-empty = { $cell } is not empty: place the held piece on an empty square (Esc: choose another move).
notice-looking-for-hint = Looking for a good move…
notice-hint = Hint: { $move }
notice-saved = Saved as "{ $name }".
notice-opened = Opened { $name }.
notice-resumed = The unfinished game continues.
notice-nothing-to-resume = There is no unfinished game to resume.
notice-file-picker-refused = The browser did not open its file chooser: press “Open a file…” again.
# $problem: the system's or the record reader's words.
notice-cannot-open = Cannot open { $file }: { $problem }
notice-cannot-save = Cannot save { $file }: { $problem }
# The clipboard, named as a file is.
clipboard = clipboard

## Why a move is refused

# $end: how the game ended (a win- or draw- message).
refusal-game-over = the game is over: { $end }
refusal-off-board = { $cell } is off the board
refusal-nothing-to-place = there is nothing to place in this game
illegal-game-over = the game is over
illegal-pass-not-allowed = you may pass only when you have no legal move

## Lines of Action

illegal-no-piece = there is no piece on { $cell }
illegal-not-your-piece = the piece on { $cell } is not yours
illegal-same-square = a piece must move
illegal-not-on-a-line = { $from } and { $to } are not on one line (pieces move straight or diagonally)
illegal-wrong-distance = the piece on { $from } must move exactly { $needed ->
    [one] { $needed } square along that line ({ $needed } piece on it)
   *[other] { $needed } squares along that line ({ $needed } pieces on it)
}
illegal-blocked = the enemy piece on { $cell } blocks the way (pieces jump only their own side)
illegal-own-piece = { $cell } holds one of your own pieces
# $set: the set that moves this turn (plain or marked).
illegal-wrong-set = { $set ->
    [marked] the piece on { $cell } is plain; this turn the marked set moves
   *[plain] the piece on { $cell } is marked; this turn the plain set moves
}
illegal-placement-missing = you must also place one of the enemy pieces you hold (like a3-a5 @d4)
illegal-nothing-to-place = you hold no enemy pieces to place
illegal-placement-not-empty = { $cell } is not empty: a held piece goes on an empty square

## Epaminondas

illegal-no-stone = there is no stone on { $cell }
illegal-not-your-stone = the stone on { $cell } is not yours
illegal-stone-same-square = a stone must move
illegal-phalanx-not-on-a-line = { $from } and { $to } are not on one line (phalanxes move straight or diagonally)
illegal-inside-phalanx = { $to } is inside the moving phalanx: name the square where its head ({ $head }) lands
illegal-too-far = { $stones ->
    [one] a single stone moves only one square
   *[other] a phalanx of { $stones } stones moves at most { $stones } squares
}
illegal-own-stone = { $cell } holds one of your own stones
illegal-stone-blocked = the stone on { $cell } is in the way (a phalanx cannot pass through stones)
illegal-single-stone-capture = a single stone cannot capture
illegal-row-too-long = a phalanx of { $stones } captures only an enemy row of fewer than { $stones } stones; this row has { $row }
illegal-symmetric = a move onto the far row may not leave the position symmetric with the colours swapped (anti-symmetry rule)
