# Learn from your mistakes: after a game against the computer, the player's own mistakes one by
# one. $move: a move in the game's notation; $mark: ? or ??; $side: side-black or side-white.

mistakes-open = Learn from your mistakes
mistakes-title = Learn from your mistakes
mistakes-analysing = Looking for your mistakes: { $done } of { $total } positions analysed.
mistakes-none = No mistakes found in your moves: well played!
# Which mistake of how many.
mistakes-progress = Mistake { $n } of { $total }
mistakes-find = Move { $number }: you played { $move } ({ $mark }). Find a better move for { $side }.
mistakes-judging = Looking at your move…
mistakes-good-best = { $move }: the engine's own choice. Well found!
mistakes-good = { $move } is a good move: it keeps the position.
# $reasons: the coach's sentences on the move tried.
mistakes-not-better = { $move } is not better. { $reasons }
# $reasons: the coach's sentences on the move played in the game, with the better move.
mistakes-why = In the game, { $move }: { $reasons }
# After a first try no better: a second try before the answer ($reasons said without it).
mistakes-once-more = Not yet: try once more. The better move is shown after a second miss, or now with “Show the better move”.
mistakes-try-again = Try again
mistakes-show-better = Show the better move
mistakes-next = Next mistake
mistakes-finish = Back to the game
