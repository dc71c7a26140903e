# The lessons (src/learn). English.

## The list and the buttons

lesson-list-heading = Lessons
lesson-list-intro = Each lesson puts a position on the board. Read, then play on the board.
lesson-group-loa = Lines of Action
lesson-group-loa-variants = Lines of Action: options and variants
lesson-group-epaminondas = Epaminondas
lesson-group-strategy = Strategy
lesson-back-to-title = Back to the title
lesson-back-to-list = Back to the lessons
# $step: this step's number; $total: how many steps the lesson has.
lesson-step = Step { $step } of { $total }
# $side: side-black or side-white.
lesson-you-play = You play { $side }.
lesson-next = Next ›
lesson-finish = Finish ✔
lesson-show-me = Show me
lesson-try-again = Try again
lesson-right = Well done!
lesson-shown = Here it is.
lesson-illegal = Not allowed:
lesson-legal-but = Legal, but…
lesson-not-this-one = That move is allowed, but it is not the one this step asks for. Press “Try again”.
# A lesson's own data cannot be set up (a bug in the game): $text is the position as written.
lesson-problem-position = This lesson's position cannot be set up: { $text }
# $move: the move as the lesson writes it.
lesson-problem-move = This lesson's move cannot be read: { $move }
# $move: the move as the lesson writes it; $why: the rules' reason.
lesson-problem-refused = The rules refuse this lesson's move { $move }: { $why }

## Lines of Action

lesson-loa-six-title = A first game on 6 × 6
lesson-loa-six-0-ask = Lines of Action on a small board, to learn it in a few minutes: eight pieces each. Black's stand on the bottom and top rows (b1–e1, b6–e6), White's on the two side files (a2–a5, f2–f5). Whoever first gathers all their pieces into one group wins. Press “Next”.
lesson-loa-six-1-ask = A piece moves in a straight line (across, up and down, or diagonally) exactly as many squares as there are pieces on that line, both colours counted. The b-file holds two pieces, b1 and b6: move b1 two squares up.
lesson-loa-six-1-done = b1-b3: two pieces on the line, two squares.
lesson-loa-six-2-ask = A piece may jump over its own pieces but not over the enemy's, and it captures an enemy piece by landing on it. The d-file holds two pieces: take the White piece on d4.
lesson-loa-six-2-done = d2xd4: the White piece is off the board. Fewer pieces are easier to join, so capture with care.
lesson-loa-six-3-ask = Black's pieces on b2, c2 and c3 already touch (diagonals count). Bring e1 to them and win.
lesson-loa-six-3-done = One group: Black wins. That is the whole game. Play one on 6 × 6 against the computer (New Game, Board 6 × 6), then go on to the full 8 × 8 board in the next lessons.

lesson-loa-moves-title = How far a piece moves
lesson-loa-moves-0-ask = The start: twelve pieces each. Black's stand on the bottom and top rows (b1–g1, b8–g8), White's on the two side files (a2–a7, h2–h7). Black moves first here, as Sackson and the tournaments have it; some editions let White start (an option in New Game). Press “Next”.
lesson-loa-moves-1-ask = A piece moves in a straight line (across, up and down, or diagonally) exactly as many squares as there are pieces on that line. Count both colours. The b-file holds two pieces, b1 and b8: move b1 two squares up.
lesson-loa-moves-1-done = b1-b3: two pieces on the line, two squares. The lesson “A sample game” begins the same way.
lesson-loa-moves-2-ask = Diagonals too. The diagonal from c1 up to the right holds two pieces: c1 and the White piece on h6 (enemies count too). Move c1 along it.
lesson-loa-moves-2-done = c1-e3: two pieces, two squares.
lesson-loa-moves-3-ask = Count the whole line, on both sides of the piece. Rank 4 holds three pieces: a4, d4 and h4. Move d4 to the right.
lesson-loa-moves-3-done = d4-g4: three squares. To the left it would also go three squares, and land on a4.

lesson-loa-jump-title = Jumping and capturing
lesson-loa-jump-1-ask = The French article's diagram. Rank 6 holds three pieces, but a6 may not go to d6: it would jump the Black piece on c6, and a piece never jumps an enemy. Try a6-d6. Then go from a6 to c4: the diagonal a6–f1 holds two pieces.
lesson-loa-jump-1-done = a6-c4: two pieces on the diagonal (a6 and f1), two squares, nothing in the way.
lesson-loa-jump-2-ask = Now Black, as the article goes on. Your own pieces never block: a piece may jump over them (but not land on them). The diagonal a4–e8 holds three pieces: move e8 three squares down to b5, over your piece on c6.
lesson-loa-jump-2-done = e8-b5: three pieces on the diagonal, three squares, over your own piece.
lesson-loa-jump-3-ask = White again. Landing on an enemy piece captures it. The short diagonal h3–f1 holds two pieces: capture the Black piece on f1.
lesson-loa-jump-3-done = h3xf1: the Black piece leaves the game.

lesson-loa-capture-title = Capturing
lesson-loa-capture-1-ask = Landing on an enemy piece captures it. Rank 3 holds three pieces, so c3 moves three squares to the right and lands on f3. Capture it.
lesson-loa-capture-1-done = Captured: the piece on f3 leaves the game. But capturing is not the goal: connecting is.

lesson-loa-connect-title = Connecting
lesson-loa-connect-1-ask = The goal: all your pieces in one group. Pieces that touch by a side or by a corner (diagonally) are together. One move connects all of Black's pieces: find it.
lesson-loa-connect-1-wrong = Allowed, but your pieces are not all in one group yet. Which piece is alone? Press “Try again”.
lesson-loa-connect-1-done = All your pieces touch, diagonals included. A single piece left would count as connected too.
lesson-loa-connect-2-ask = The Abacus rules show Black winning by moving the piece on g5 to f4. Here too, g5 is the only Black piece away from the others: connect your pieces.
lesson-loa-connect-2-done = Your pieces form one group: you win. It does not matter how many pieces you have, only that they all touch.
lesson-loa-connect-3-ask = The French article's “example of a won game”, in a position of ours: White has one piece left to bring in. Black would still need two turns to gather its own. Connect White's pieces.
lesson-loa-connect-3-done = White is connected and wins, while Black's pieces are still apart.

## Options and variants

lesson-loa-both-title = One move connects both sides
lesson-loa-both-1-ask = What if one move connects both sides? Capture g3 with g1 (two pieces on the g-file): your pieces join up, and White is left with d6 and e6, which touch.
lesson-loa-both-1-done = Both sides are connected. By default (the tournament rule, and the Italian text's) it is a draw.
lesson-loa-both-2-ask = The same move under the option “the mover wins” (A Gamut of Games, 2nd edition; the Abacus rules). Capture g3 again.
lesson-loa-both-2-done = This time the player who moved wins. You choose the rule in the New Game dialog.

lesson-loa-first-title = Who moves first
lesson-loa-first-1-ask = By default Black moves first (Sackson, the Computer Olympiad). An option lets White move first, as in some editions (Abacus, for one). The setup stays the same. Here White is to move: try a move.

lesson-scrambled-title = Scrambled Eggs
lesson-scrambled-1-ask = Scrambled Eggs (Claude Soucie): the colours alternate around the edge and the corners are empty. Everything else is the usual game. Make a first move.
lesson-scrambled-1-done = The pieces start mixed, so the groups form quite differently.

lesson-parachute-title = Parachute
lesson-parachute-1-ask = Parachute (David Voorhees): only the a- and h-file pieces start on the board; each player holds six of the opponent's pieces. In your first six turns, make a move, then drop one of the opponent's pieces you hold on any empty square (it lights up blue). Try it.
lesson-parachute-1-done = Dropped! Drop the opponent's pieces where they hurt. Our rule: you cannot win while your opponent still holds some of your pieces.

lesson-four-title = LOA for four
lesson-four-1-ask = LOA for four: two teams, Black and White. Each colour has two sets of six: plain, and marked with a red ring. Four seats play in turn: Black plain, White plain, Black marked, White marked. Each seat moves only its own set. A team wins when all of its pieces still on the board, plain and marked, are connected.

lesson-ambidextrous-title = Ambidextrous LOA
lesson-ambidextrous-1-ask = Ambidextrous LOA: the two sets of LOA for four, but two players. You alternate: your plain set on your 1st, 3rd, 5th… turn, your marked set on the 2nd, 4th… With no legal move in that set, you pass. Here Black's plain set moves: its pieces glow.

lesson-boundless-title = Boundless
lesson-boundless-1-ask = Boundless: the board has no edge. Pieces may leave the 8×8 square, and every line runs on without end. The b-file holds two pieces: move b1 two squares down, off the board.
lesson-boundless-1-done = Off the board, and legal: the board grows with the pieces. Counting works as usual, on the whole endless line.

## Epaminondas

lesson-epa-board-title = The board and the phalanxes
lesson-epa-board-1-ask = Epaminondas is played on a board of 14 files by 12 ranks. Each player has 28 stones on his two home rows: White on ranks 1 and 2, Black on ranks 11 and 12. White moves first. Press “Next”.
lesson-epa-board-2-ask = A phalanx is a straight line of your stones: across, up and down, or diagonal. a1 and b2 make a diagonal phalanx of two. Take a1 as its tail and move the pair diagonally up, one or two squares.
lesson-epa-board-2-done = The whole phalanx moved along its diagonal, up to as many squares as it has stones.
lesson-epa-board-3-ask = One stone can belong to several phalanxes, one for each direction: b2 is in rank 2, in the pair b1–b2, and in the diagonals a1–b2 and c1–b2. Move the pair c1–b2 up and to the left: tail c1, one square.
lesson-epa-board-3-done = b2 moved as the head of the phalanx c1–b2; its other phalanxes stayed where they were.

lesson-phalanx-title = Phalanxes on a small board
lesson-phalanx-1-ask = On the small 8×8 board (an option, for short games), your phalanx c1–c3 has three stones. It moves along its line, up to as many squares as it has stones: click its tail c1, then move it three squares up (its head lands on c6).
lesson-phalanx-1-done = Three stones, up to three squares. A single stone moves one square, in any direction.
lesson-phalanx-2-ask = A phalanx can split: take a stone in the middle as the tail, and only that stone and those in front of it move. Take c2 as the tail: c2 and c3 move one or two squares.
lesson-phalanx-2-done = Only the front part moved; c1 stayed behind.
lesson-phalanx-3-ask = A phalanx never passes through stones, yours or the enemy's. Your stone on c5 is in the way. Try c1 to c6, then move the phalanx as far as it can go.
lesson-phalanx-3-done = Only c4 was free: one square.

lesson-epa-capture-title = Capturing a phalanx
lesson-epa-capture-1-ask = To capture, the head of your phalanx lands on an enemy stone. The enemy phalanx in line ahead, from that stone on (c5 and c6: two stones), must be shorter than yours (three). Capture: c1 to c5.
lesson-epa-capture-1-done = The whole enemy phalanx is gone. A single stone never captures, and capturing is never compulsory.
lesson-epa-capture-2-ask = Equal is not enough: your pair f2–f3 cannot capture the pair f5–f6 (try f2 to f5). The single stone on d5 can be captured: do it.
lesson-epa-capture-2-done = Two against one: captured. Two against two would need a third stone.

lesson-epa-win-title = Winning, and defending your home row
lesson-epa-win-1-ask = You win if, at the start of your turn, you have more stones on the enemy's home row than the enemy has on yours. Black's home row is row 8. Move e7 onto it, and hold on for one turn.
lesson-epa-win-1-done = Black could not take your stone. At the start of your turn you have one stone on row 8 and Black has none on row 1: you win.
lesson-epa-win-2-ask = On the real board: a Black stone has reached g1, on your home row. If it is still there at the start of Black's turn, and you have no stone on rank 12, Black wins. Answer it.
lesson-epa-win-2-done = The intruder is gone. A phalanx of two or more next to it in line takes it; a single stone could not.

lesson-symmetry-title = The anti-symmetry rule
lesson-symmetry-1-ask = A move onto the far row may not leave the board looking the same with the colours swapped (mirrored top to bottom, or turned half round). This rule is on by default; the French text states it unclearly, and this is our reading. Black has a stone on c1, in your home row. c7 to c8 would make that mirror image: try it. Then reach row 8 another way.
lesson-symmetry-1-done = One stone each on the far rows: nobody wins yet and the game goes on.

## Strategy

lesson-opening-title = Opening moves
lesson-opening-1-ask = In the opening the pieces of both sides are very mobile, and the play can turn tactical at once. Make a first move that leaves White nothing to capture.
lesson-opening-1-wrong = Allowed, but now White can capture one of your pieces. Press “Try again”.
lesson-opening-1-done = Nothing to capture. A good opening move also takes squares from the opponent's pieces.

lesson-game-title = A sample game
lesson-game-1-ask = A sample game, from a French introduction to Lines of Action. Black starts with b1-b3 (two pieces on the b-file): it gives White nothing to capture, and keeps White's a-file pieces where they are. Play it.
lesson-game-1-done = White answers h4-f2 (two pieces on that diagonal), starting to hem in Black's first row.
lesson-game-2-ask = Black captures a4 from d1, jumping its own piece on b3: the diagonal holds three pieces (d1, b3, a4). Play it.
lesson-game-2-done = One piece more, but quick captures on the edge are rarely worth much. White answers h2-e2, jumping its own piece, and goes on walling in Black's first row.
lesson-game-3-ask = White moved second, yet already has the upper hand: its e2 and f2 shut in Black's first row. Black tries to get out: e1 to c3 (two pieces on that diagonal).
lesson-game-3-done = White captures anyway: a5 takes c3.
lesson-game-4-ask = The article's game ends here. Black to move, the pieces even again (eleven each), its first row still walled in; White's next plan is a2-d2, to close the wall. Press “Finish”.

lesson-wall-title = The wall
lesson-wall-1-ask = Block enemy pieces against the edge by moving along your second row. Had Black played c8-c6 in the sample game, White would go on with its wall: e2 and f2 already shut in Black's first row. Play a2 to d2.
lesson-wall-1-done = d2, e2 and f2: Black's pieces on row 1 must now leave by the sides to join the others.

lesson-centre-title = Central captures
lesson-centre-1-ask = Black can capture on the edge (d1 takes a4) or in the centre (g3 takes e5). Which is better? Play it.
lesson-centre-1-wrong = Allowed, but not a capture in the centre: the piece on a4 was of little use to White. Capture in the centre instead. Press “Try again”.
lesson-centre-1-done = Central captures are often very good: White's chain e5–f6–g7 is broken and your piece stands in the middle. More pieces can block, but fewer are easier to connect.

lesson-which-title = Which capture, under which rule
lesson-which-1-ask = Two moves connect your pieces: g1 to f2, or g1 capturing e1. But the capture also leaves White's last two pieces connected, and under the tournament rule (the default) a move that connects both sides is a draw. Win.
lesson-which-1-wrong = Not a win: your capture connected White too, and under this rule that is a draw. Press “Try again”, and connect without capturing.
lesson-which-1-done = You win without giving White its connection.
lesson-which-2-ask = The same position under the rule of A Gamut of Games, 2nd edition: the mover wins when both sides connect. Now the capture wins too. Win either way.
lesson-which-2-done = Under this rule both moves win. Check the rule before you capture.
