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
