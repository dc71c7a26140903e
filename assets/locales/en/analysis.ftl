# The analysis board: any position, both sides moved by the player, variations kept as a tree,
# the engine's three best lines beside the board.

title-analysis = Analysis board
button-analyse = Analyse
review-analyse = Analyse from here
saves-analyse = Analyse
saves-analyse-pasted = Analyse
# The saves list's players column for an analysis (the player moved both sides).
saves-analysis = Analysis
notice-analysis-opened = Analysis board: move either side; each new move starts a variation.

analysis-title = Analysis board
# $side: side-black or side-white.
analysis-to-move = { $side } to move
analysis-engine-start = Start the engine
analysis-engine-stop = Stop the engine
# How deep the engine has searched (in moves of either side), and whose view the lines' scores
# are (always Black's).
analysis-depth = depth { $depth } · scores for Black
# An engine line's score when a side wins by force: $side wins in $moves of its moves.
analysis-score-win = { $side } wins in { $moves }
# Under the pointer on the depth and the lines: the sign of their scores (always Black's view).
analysis-score-sign = Scores are Black's: + Black is ahead, − White is ahead (in pieces' worth).
analysis-line-tip = Click to play this line's first move
analysis-no-moves = No moves yet: play on the board.
analysis-promote = Make main line
analysis-delete = Delete from here
analysis-comment-hint = A comment on this move
analysis-save = Save analysis
analysis-copy = Copy record

# Proven wins: what the proof-number search settled about a position (the analysis board, the
# review, the computer's announcement). $side: side-black or side-white; $moves: the winner's
# own moves to the win, against the longest defence.
proof-wins = { $side } wins by force in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
proof-wins-from-here = From here { $side } wins by force in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
# Neither side can force a win: the side to move (and the other) cannot be made to lose.
proof-drawn = Neither side can force a win: this position cannot be lost
proof-with-line = { $proven }: { $line }
proof-searching = Looking for a forced win…
proof-unknown = No forced win proven in the search's budget
proof-line-tip = The proven line: the winner's fastest moves against the longest defence. Click to play its first move.
# $move: the move played; $side its mover, who had a proven win before it and not after.
proof-win-let-go = { $move } let { $side }'s proven win go ({ $side } won by force in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
})
# The computer's announcement on the status line; $line: the proven line in the game's notation.
notice-forced-win = The computer announces: { $side } wins by force in { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}: { $line }
settings-announce = Forced wins
settings-announce-on = The computer announces its forced wins (levels 11 to 14)
