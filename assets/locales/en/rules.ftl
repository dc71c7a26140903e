# The Rules window (F1): each game's rules under headings — the setup and who moves first, the
# moves, the end — and, apart, what is our convention rather than the rule texts'. English.

rules-heading-setup = Setup
rules-heading-moves = Moves
rules-heading-end = End of the game
rules-heading-ours = Our conventions (not in the rule texts)
rules-pass = A player with no legal move passes (Computer Olympiad rule).
rules-repetition = The third time the same position comes back with the same player to move, the game is drawn (Computer Olympiad rule; option: off).

rules-loa-title = Lines of Action (Claude Soucie)
rules-loa-board = 8×8 board, 12 pieces each: Black on b1–g1 and b8–g8, White on a2–a7 and h2–h7.
rules-loa-first = Black moves first, as in Sid Sackson's book and at the Computer Olympiad (and in the Italian text). Option: White first, as in the French article and the Abacus rules.
rules-loa-move = Move a piece in a straight line (rank, file or diagonal) exactly as many squares as there are pieces — of both colours — on that whole line.
rules-loa-jump = You may jump your own pieces but never an enemy piece. You may not land on your own piece; landing on an enemy piece captures it.
rules-loa-connect = Connect all your pieces into one group (touching sideways or diagonally) to win. A single piece is connected.
rules-loa-capture = If your capture leaves the opponent connected, the opponent wins.
rules-loa-simultaneous = One move that connects both sides: a draw, as in most tournaments and the Italian text (the default). Option: the player who has just moved wins, as in A Gamut of Games, 2nd edition, and the Abacus rules.
rules-loa-parachute-held = Parachute: you cannot win while your opponent still holds some of your pieces in reserve.
rules-loa-four-marks = LOA for four and Ambidextrous: which pieces are marked — every other piece along each edge (the rules' figure is lost).

rules-epaminondas-title = Epaminondas (Robert Abbott, 1975)
rules-epaminondas-board = 14×12 board, 28 stones each on the two home rows: White on ranks 1 and 2, Black on ranks 11 and 12. Option: an 8×8 board with two rows each, for short games.
rules-epaminondas-first = White moves first.
rules-epaminondas-phalanx = A phalanx is an unbroken straight line of your stones. Choose its tail: the tail and the stones ahead of it move together, 1 square up to as many squares as there are stones, along their line. A single stone moves one square in any direction.
rules-epaminondas-capture = The squares passed over must be empty. If the head lands on an enemy stone, it captures the enemy phalanx lying ahead of it in that line, if that phalanx has fewer stones than yours. A single stone never captures; capturing is never compulsory.
rules-epaminondas-win = At the start of your turn, if you have more stones on the opponent's home row than he has on yours, you win.
rules-epaminondas-anti-symmetry = Anti-symmetry, on by default (option: off): a move that puts a stone on the opponent's home row may not leave a position that is the same with the colours swapped, mirrored between the home rows or turned half round. The rule text is marked unclear; this is our reading.
rules-epaminondas-no-stones = A player with no stones left loses.
