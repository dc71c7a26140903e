# Your strength: the player's rating per game against the computer's levels, the adaptive
# opponent, the ratings file. English.

strength-title = Your strength
strength-intro = Your rating in each game, worked out from your finished games against the computer (Glicko-2, on the scale of the computer's levels). The ± says how sure it is: it shrinks as you play.
# $rating, $deviation: whole numbers.
strength-rating = { $rating } ± { $deviation }
# $games: games counted; $wins, $draws, $losses: how they went.
strength-games = { $games ->
    [0] No game counted yet.
    [one] 1 game: { $wins } won, { $draws } drawn, { $losses } lost.
   *[other] { $games } games: { $wins } won, { $draws } drawn, { $losses } lost.
}
# $level: a level's number; $name: its name.
strength-start = Your rating starts at that of level { $level } ({ $name }) and settles as you play. A finished game against the computer counts; lessons, puzzles, hot-seat games and games left unfinished do not.
strength-graph-rating = Rating
strength-graph-band = Rating ± deviation
strength-graph-axis = Games counted
# $level: the level's number; $name: its name; $rating: its rating.
strength-suggested = Suggested level: { $level } ({ $name }, rated { $rating }), about an even game.
# $level: the level's number.
strength-play = Play level { $level }
strength-close = Close

## The game-over panel, after a game that counted. $game: the game's name; $rating,
## $deviation: whole numbers; $change: the change, signed (+48, −12); $before: the rating before
## the game (the first game's: the starting rating every new player has).
strength-change = Your { $game } rating: { $rating } ± { $deviation } ({ $change } from { $before })

## The New Game dialog.
strength-adaptive = Adaptive
strength-adaptive-hint = The computer plays at the level closest to your rating, set again after each game, so that you win about half your games.
