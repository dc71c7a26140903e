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
# $file: the progress file's name; $problem: what is wrong with it (in English, from the system).
puzzles-progress-unreadable = Your puzzle progress ({ $file }) could not be read: { $problem }. The file is kept as it is and not written over; what you solve now is not remembered.
puzzles-progress-unwritable = Your puzzle progress could not be saved in { $file }: { $problem }
# $file: a puzzle file; $problem: what is wrong with it.
puzzles-file-problem = A puzzle was left out ({ $file }): { $problem }
puzzles-none = No puzzles were found.
puzzles-back-to-title = Back to title

## The panel beside the board

# $group: the group's name (puzzles-group-win or -article); $number, $total: numbers.
puzzle-heading = { $group } · puzzle { $number } of { $total }
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
puzzle-hint-piece = Hint: move the piece on { $square }.
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
