# The games' own words: sides, seats, levels, players, games, variants, options, how games end
# and the computer's view. English.

## Sides and seats

side-black = Black
side-white = White
# A seat where each colour has two sets (LOA for four, Ambidextrous). $side: side-black or -white.
seat-plain = { $side } (plain)
seat-marked = { $side } (marked)

## Levels of the computer

level-1 = Beginner
level-2 = Novice
level-3 = Casual
level-4 = Apprentice
level-5 = Amateur
level-6 = Club
level-7 = Strong club
level-8 = Advanced
level-9 = Expert
level-10 = Candidate master
level-11 = Master
level-12 = International master
level-13 = Grandmaster
level-14 = Champion
level-description = { $search }, { $errors }
level-looks-ahead = looks { $plies ->
    [one] one move
   *[other] { $plies } moves
} ahead
level-node-search = a search of { $thousands } thousand positions
level-all-the-time = full strength with all the think time
level-blunders-very-often = blunders very often
level-blunders-often = often blunders
level-blunders-fairly-often = blunders fairly often
level-blunders-sometimes = blunders now and then
level-blunders-occasionally = blunders occasionally
level-blunders-rarely = rarely blunders
level-blunders-hardly-ever = hardly ever blunders
level-slight-randomness = slight randomness
level-no-randomness = plays its best move

## Players. $level: a level's name; $number: its number.

player-human = Human
player-computer = Computer — { $level } ({ $number })
player-short-human = Human
player-short-computer = Computer ({ $number })

## Games and variants

game-loa = Lines of Action
game-epaminondas = Epaminondas
game-with-variant = { $game } ({ $variant })
variant-standard = Standard
variant-scrambled-eggs = Scrambled Eggs
variant-parachute = Parachute
variant-four-players = LOA for four
variant-ambidextrous = Ambidextrous
variant-boundless = Boundless
variant-summary-standard = The rule book's game.
variant-summary-scrambled-eggs = Scrambled Eggs: the colours alternate around the edge, corners empty.
variant-summary-parachute = Parachute: only the a- and h-file pieces start on the board; each player holds the opponent's other six. For each player's first six turns, a turn is a move, then placing one held enemy piece on any empty square. You cannot win while your opponent still holds some of your pieces (our rule).
variant-summary-four-players = LOA for four: two teams. Each colour has a plain and a marked set (red ring); four seats move in turn — Black plain, White plain, Black marked, White marked — each only its own set. A colour whose pieces still on the board, plain and marked, all connect wins for its team.
variant-summary-ambidextrous = Ambidextrous: the sets of LOA for four, two players. On your 1st, 3rd, 5th… turn move a plain piece, on your 2nd, 4th… turn a marked one (red ring).
variant-summary-boundless = Boundless: pieces may move off the 8×8 board onto an endless plane; a line counts every piece on it however far away. The board grows as the pieces spread.

## Rule options, as the panel lists those that differ from the rule book

board-standard = 14 × 12 board
board-small = 8 × 8 board (short game)

# Lines of Action's boards (New Game, the editor).
loa-board-8 = 8 × 8
loa-board-7 = 7 × 7
loa-board-6 = 6 × 6
loa-board-summary = Smaller boards make shorter games (the standard setup only): 6 × 6 for a first game.
option-loa-board = { $side } × { $side } board
option-first-player = { $side } moves first
option-both-connected-draw = both connected: draw
option-both-connected-mover-wins = both connected: the mover wins
option-repetition-draw = third repetition draws
option-no-repetition-draw = no draw by repetition
option-anti-symmetry = anti-symmetry rule
option-no-anti-symmetry = no anti-symmetry rule

## How a game ends. $winner, $loser: side names.

win-connected = { $winner } wins: connected all pieces
win-connected-by-opponent = { $winner } wins: was connected by the opponent's capture
win-both-connected-mover-wins = { $winner } wins: connected both sides with one move (mover wins)
win-home-row = { $winner } wins: has more stones on the far row
win-no-stones = { $winner } wins: captured every enemy stone
win-resigned = { $winner } wins: { $loser } resigned
draw-both-connected = Draw: one move connected both sides
draw-repetition = Draw: the same position occurred three times
draw-agreed = Draw agreed by the players
# $moves: numbered moves of the move list.
game-length = after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}

## The computer's view of the game. $side: who is better.

evaluation-even = About even
evaluation-slightly-better = { $side } is slightly better
evaluation-better = { $side } is better
evaluation-winning = { $side } is winning
evaluation-wins-in = { $side } wins in { $moves }
