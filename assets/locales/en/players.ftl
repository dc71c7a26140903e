# Named players: the New Game dialog's names, the remembered players' file, each named
# person's rating. English.

## New Game: each person's seat has a name. $name: a player's name; $rating: a whole number.
players-name-rating = { $name } (rated { $rating })
players-no-name = No name
players-add = Add a player…
players-hint = Who sits here: a remembered player, a new one, or no name. A named player's games count for their own rating.
players-name-hint = Name
players-add-confirm = Add
players-add-cancel = Back to the list (nothing added)
players-refused-empty = Type a name first.
# $max: the most characters a name may have.
players-refused-too-long = A name has at most { $max } characters.
players-refused-taken = There is already a player of that name.
players-refused-reserved = That name is kept for unnamed players and the computer.

## The side panel and the game-over panel. $name: a player's name; $side: Black or White.
players-at-seat = { $name } plays { $side }

## The game-over panel, after a game that counted for a named player. $name: their name;
## $game: the game's name; $rating, $deviation: whole numbers; $change: signed (+48, −12);
## $before: the rating before the game.
players-change = { $name }'s { $game } rating: { $rating } ± { $deviation } ({ $change } from { $before })

## Your strength: whose.
players-whose = Whose strength:
players-you = You (no name)
