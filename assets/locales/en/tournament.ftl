# The tournament night: players, pairings, results, standings, exports. English.

title-tournament = Tournament night
# The title's tournament button while a tournament is under way.
title-tournament-resume = Resume tournament, round { $round }
tournament-title = Tournament night
tournament-close = Title
# $game: the game (and variant); $format: round robin, double round robin or Swiss; $round: the round being played; $rounds: rounds in all.
tournament-subtitle = { $game } · { $format } · round { $round } of { $rounds }
tournament-format = Pairing
tournament-format-round-robin = Round robin
tournament-format-double = Double round robin
tournament-format-swiss = Swiss
tournament-rounds = Rounds
tournament-intro = Enter 3 to 16 players — friends at the table, and the computer at a level if you like. Gamut pairs each round with the colours balanced (a bye when the count is odd). Games are played here one after another, at tables on the players' own phones and computers, or on real boards with the results typed in. Everything is saved after every result.
# $count: players entered; $most: the most a tournament takes.
tournament-players = Players: { $count } (at most { $most })
tournament-remove = Remove
# $name: the entry's name; $level: the computer's level.
tournament-computer-entry = { $name } (level { $level })
tournament-name-hint = A player's name
tournament-add = Add
tournament-add-computer = Add the computer at
tournament-computer-name = Computer
tournament-remembered = Remembered players:
tournament-col-rating = Rating
tournament-start = Start the tournament
tournament-page-round = Round
tournament-page-standings = Standings
tournament-page-crosstable = Crosstable
tournament-page-rounds = All rounds
# $round: the round's number.
tournament-round = Round { $round }
# $board: the board's number.
tournament-board = Board { $board }
# $name: the player who sits out the round.
tournament-bye = Bye: { $name }
# $round: the round to pair.
tournament-pair-next = Pair round { $round }
tournament-play = Play on screen
tournament-or-enter = or result:
tournament-clear = Clear
tournament-at-table = At a table
tournament-at-table-hint = The two players play this game on their own phones or computers: they join its table with the code shown here, and the result comes back by itself.
tournament-at-table-no-clock = A table's clock has no time per move: choose another clock for the next tournament, or play this game on screen.
tournament-at-table-no-host = Only the desktop game can host tables.
tournament-table-show = Show
tournament-table-show-hint = Shows this game on this screen, with the standings; Leave the table comes back here.
# $seated: the players seated so far; $seats: the table's seats.
tournament-table-waiting = Waiting for the players ({ $seated } of { $seats } seated)
tournament-table-gone = The server no longer has this table: enter the result by hand.
# $name: who sat down; $side: the side they took.
tournament-table-wrong-seat = { $name } sat down as { $side }
# $address: where the players' devices join.
tournament-tables-join = Join at { $address } with your board's code
# $round: the round; $board: the board shown.
tournament-big-board = Round { $round } · board { $board }
# $count: how many share first place; $names: their names.
tournament-champion = { $count ->
    [one] Champion: { $names }
   *[other] Champions (shared first place): { $names }
}
tournament-col-rank = #
tournament-col-player = Player
tournament-col-points = Points
tournament-col-played = Games
tournament-col-wins = Won
tournament-col-draws = Drawn
tournament-col-losses = Lost
tournament-col-byes = Byes
tournament-col-direct = Direct
tournament-col-sb = S-B
tournament-col-left = Left
tournament-col-board = Board
tournament-col-result = Result
tournament-tie-breaks = Ties are broken by the direct encounter, then Sonneborn-Berger (S-B: the points of the players beaten, plus half those of the players drawn with), then wins.
tournament-export-text = Export as text
tournament-export-html = Export as a web page
tournament-new = New tournament
tournament-abandon = Abandon this tournament
tournament-put-away-sure = It is kept in the tournaments folder. Sure?
tournament-keep = Keep playing
# $game: the game (and variant).
tournament-export-title = Tournament night: { $game }
# $level: the computer's level (the export puts it in brackets after the name, as the screen does).
tournament-export-computer = level { $level }
tournament-export-champion = Champion
tournament-export-bye = Bye
tournament-result-refused = That result cannot change now: the next round is already paired from it.
tournament-pair-refused = The next round cannot be paired yet: every game of this round needs its result.
# $round, $board: the game whose result came back.
tournament-recorded = The result of round { $round }, board { $board } is in.
# $path: where the export was written.
tournament-exported = Written to { $path }
# $problem: what went wrong.
tournament-export-failed = The export could not be written: { $problem }
# $name: the archived file's name.
tournament-archived = The last tournament is kept as { $name }.
tournament-too-few = A tournament needs at least 3 players.
tournament-too-many = A tournament takes at most 16 players.
tournament-bad-name = Every player needs a name of up to 40 letters on one line.
# $player: the entry whose name is taken.
tournament-same-name = Player { $player } has the same name as another: give each player a name of their own.
# $most: the most Swiss rounds for this many players.
tournament-swiss-rounds = A Swiss of this many players plays from 1 to { $most } rounds.
tournament-game-over = Game over
# $name: the winner.
tournament-game-won = { $name } wins
tournament-game-drawn = A draw
tournament-game-recorded = The result is in the tournament.
tournament-back = Back to the tournament
# The side panel of a tournament game: which pairing is on the board.
tournament-round-board = Tournament night: round { $round }, board { $board }
# The rounds page: the first name of each game has $first (the side that moves first), the second $second.
tournament-colours = The first name has { $first }, the second { $second }.
