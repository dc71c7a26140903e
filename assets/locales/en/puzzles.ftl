# The puzzles: the list and the panel beside the board. English.

## The list

puzzles-title = Puzzles
puzzles-intro = Every puzzle is proven by the engine: the side to move forces the win in the number of moves given, against every defence, and only one first move does it.
# $moves: the N of "win in N".
puzzles-group-win = { $moves ->
    [one] Win in 1 move
   *[other] Win in { $moves } moves
}
puzzles-group-article = The French article's tactic
# $solved, $total: numbers.
puzzles-group-count = { $solved }/{ $total } solved
puzzles-state-new = new
puzzles-state-tried = tried
puzzles-state-solved = solved
puzzles-legend = ✔ solved · ○ tried · no mark: new
# $file: a puzzle file; $problem: what is wrong with it.
puzzles-file-problem = A puzzle was left out ({ $file }): { $problem }
puzzles-problem-not-text = the file is not text.
puzzles-problem-not-a-puzzle = the record has no Puzzle tag (such as [Puzzle "win in 2"]).
puzzles-problem-bad-goal = its Puzzle tag does not say a goal (such as "win in 2").
puzzles-problem-no-solution = the puzzle has no moves (its moves are the solution).
puzzles-problem-finished = the puzzle's start position is already over.
# $game: the game's name; $rules: its variant or board and options.
puzzles-problem-other-rules = a puzzle of { $game } ({ $rules }), not of its folder's rules.
puzzles-none = No puzzles were found.
puzzles-back-to-title = Back to title
# A folder's heading for a variant or board. $game: the game's name; $variant: the variant's name or puzzles-board-small.
puzzles-section-variant = { $game } · { $variant }
puzzles-board-small = 8 × 8 board
# The themes: what a puzzle's key move does (found by the engine).
puzzle-theme-connect = Connect
puzzle-theme-capture = Capture to win
puzzle-theme-quiet = Quiet move
puzzle-theme-breakthrough = Breakthrough
puzzle-theme-block = Block the threat
puzzle-theme-defend = Defend
# $id: the puzzle's id, its folder and file with a dash (loa-w2-03); each puzzle's title.
puzzle-title = { $id ->
    [loa-w1-01] One step to the group
    [loa-w1-02] The edge closes
    [loa-w1-03] The diagonal link
    [loa-w1-04] Off the edge
    [loa-w1-05] Into the centre
    [loa-w1-06] The long diagonal
    [loa-w1-07] The straggler
    [loa-w1-08] Climb the diagonal
    [loa-w1-09] Bridge the gap
    [loa-w2-01] Sideways capture
    [loa-w2-02] Take and regroup
    [loa-w2-03] The quiet step
    [loa-w2-04] Strike from the top
    [loa-w2-05] Diagonal strike
    [loa-w2-06] Across the board
    [loa-w2-07] Prepare the join
    [loa-w2-08] Down from the edge
    [loa-w2-09] A long way round
    [loa-w3-01] From the corner
    [loa-w3-02] Along the bottom
    [loa-w3-03] Gathering in
    [loa-w3-04] The long capture
    [loa-w3-05] Up the h-file
    [loa-w3-06] Down the d-file
    [loa-w3-07] Diagonal raid
    [loa-w3-08] Deep capture
    [loa-w3-09] The silent diagonal
    [loa-w4-01] Slow and sure
    [loa-w4-02] Block, then win
    [loa-w4-03] The far capture
    [loa-w4-04] Patience
    [loa-w4-05] Capture and build
    [loa-w4-06] The long march
    [loa-w4-07] A small step
    [loa-w4-08] The endgame
    [loa-6x6-w1-01] Up to the corner
    [loa-6x6-w1-02] The diagonal join
    [loa-6x6-w1-03] Down the file
    [loa-6x6-w2-01] One quiet step
    [loa-6x6-w2-02] Across the middle
    [loa-6x6-w3-01] Block first
    [loa-6x6-w3-02] The centre on a small board
    [loa-6x6-w4-01] The long plan
    [loa-7x7-w1-01] Two steps across
    [loa-7x7-w1-02] The rising diagonal
    [loa-7x7-w1-03] Down the edge
    [loa-7x7-w2-01] Gather in
    [loa-7x7-w2-02] Out of the corner
    [loa-7x7-w3-01] A capture to begin
    [loa-7x7-w3-02] The patient route
    [loa-7x7-w4-01] Four to finish
    [loa-article-defence] What can Black do?
    [scrambled-eggs-w1-01] The last egg
    [scrambled-eggs-w2-01] Whisked together
    [scrambled-eggs-w2-02] Into the bowl
    [scrambled-eggs-w3-01] Slow cooking
    [parachute-w1-01] Soft landing
    [parachute-w2-01] The descent
    [parachute-w2-02] Drop zone
    [parachute-w3-01] Free fall
    [boundless-w1-01] Within bounds
    [boundless-w2-01] From beyond the edge
    [boundless-w2-02] No edge to hide behind
    [boundless-w3-01] The far wanderer
    [epaminondas-w1-01] The phalanx strikes
    [epaminondas-w1-02] Through the gate
    [epaminondas-w1-03] Straight home
    [epaminondas-w1-04] One step to glory
    [epaminondas-w1-05] The sweep
    [epaminondas-w1-06] Slip through
    [epaminondas-w1-07] Diagonal charge
    [epaminondas-w1-08] The long column
    [epaminondas-w1-09] Break the wall
    [epaminondas-w1-10] Slanting run
    [epaminondas-w1-11] Straight down
    [epaminondas-w1-12] The open diagonal
    [epaminondas-w1-13] Into the corner
    [epaminondas-w2-01] Two blows
    [epaminondas-w2-02] Set up the charge
    [epaminondas-w2-03] Clear the way
    [epaminondas-w2-04] Wave after wave
    [epaminondas-w2-05] The second wave
    [epaminondas-w2-06] Decoy
    [epaminondas-w2-07] Capture and advance
    [epaminondas-w2-08] Sacrifice at the gate
    [epaminondas-w2-09] Bait
    [epaminondas-w2-10] Offer and take back
    [epaminondas-w2-11] Trade to win
    [epaminondas-w2-12] Column assault
    [epaminondas-w2-13] The long slant
    [epaminondas-w3-01] Hold the line
    [epaminondas-w3-02] The infiltrator
    [epaminondas-w3-03] Two fronts
    [epaminondas-w3-04] Relentless
    [epaminondas-w3-05] Three waves
    [epaminondas-small-w1-01] Small board, long run
    [epaminondas-small-w2-01] Straight to the end
    [epaminondas-small-w2-02] Diagonal dive
    [epaminondas-small-w3-01] The patient step
   *[other] { $id }
}

## The panel beside the board

# $group: the group's name (puzzles-group-win or -article); $theme: the puzzle's theme (puzzle-theme-…); $number, $total: numbers.
puzzle-heading = { $group } · { $theme } · puzzle { $number } of { $total }
# $colour: black or white (the side to move); $moves: the N of "win in N".
puzzle-goal-win = { $colour ->
    [black] Black
   *[white] White
} to play and win in { $moves ->
    [one] 1 move.
   *[other] { $moves } moves.
}
# A defence puzzle. $colour: the side to move; $moves: the opponent's threatened win.
puzzle-goal-defend = { $colour ->
    [black] Black
   *[white] White
} to move: stop the opponent's win in { $moves ->
    [one] 1 move.
   *[other] { $moves } moves.
}
puzzle-article-question = Black to move. White threatens to win in two turns: a2-c2. What can Black do?
puzzle-article-source = From the French article on Lines of Action, “Un peu de tactique”. The article's diagram was lost: the position is rebuilt from its text.
# $moves: the attacker's moves left.
puzzle-moves-left = { $moves ->
    [one] 1 move left.
   *[other] { $moves } moves left.
}
puzzle-your-move = Your move.
puzzle-thinking = The engine looks for the best defence…
# $move: the engine's reply in the game's notation.
puzzle-reply = The engine answered { $move }.
# $square: a square such as c1.
# $game: loa (pieces) or epaminondas (stones).
puzzle-hint-piece = Hint: move the { $game ->
    [epaminondas] stone
   *[loa] piece
} on { $square }.
# $move: a move such as c1-d2.
puzzle-hint-move = Hint: play { $move }.
puzzle-showing = The solution, move by move…
puzzle-solved = Solved!
puzzle-solved-not-counted = Solved, after seeing the solution: try another puzzle to count one.
# $played: the player's move; $escape: the defence that escapes the forced win.
puzzle-not-winning = { $played } does not force the win in the moves left: the answer { $escape } escapes it.
# $played: the player's move.
puzzle-not-winning-end = { $played } does not win: the game ended without your win.
puzzle-not-winning-plain = This move does not force the win in the moves left.
puzzle-solution-shown = The solution: { $moves }. A puzzle counts as solved only if you solve it without showing the solution.
# $played: the player's move.
puzzle-saved = { $played } stops the forced win: well defended!
puzzle-lost = The opponent won: that move did not save the game.
# $count: Black's legal moves in the puzzle's position.
puzzle-article-verdict = The engine's verdict: nothing saves Black in this position. After each of Black's { $count } moves, White forces a win in at most two moves. The article's tries: b4-d2 puts a third piece on the second rank, so a2xd2 wins; b3-c2 opens the diagonal, so a2xd5 wins; b4-b2 is met by c5-b4, threatening a2-a3. The article ends: “Black would have no winning move”, leaving the reader to try other options; the engine tried them all.
puzzle-button-hint = Hint
puzzle-button-solution = Show solution
puzzle-button-try-again = Try again
puzzle-button-next = Next puzzle
puzzle-button-list = Back to list
