# The Rules window (F1): each game's rules in a title and five points. English.

rules-loa-title = Lines of Action (Claude Soucie)
rules-loa-move = Move a piece in a straight line (rank, file or diagonal) exactly as many squares as there are pieces — of both colours — on that whole line.
rules-loa-jump = You may jump your own pieces but never an enemy piece. You may not land on your own piece; landing on an enemy piece captures it.
rules-loa-connect = Connect all your pieces into one group (touching sideways or diagonally) to win. A single piece is connected.
rules-loa-capture = If your capture leaves the opponent connected, the opponent wins. One move connecting both sides is a draw by default (option: the mover wins).
rules-loa-pass = No legal move: you pass. The third repetition of a position is a draw (option).

rules-epaminondas-title = Epaminondas (Robert Abbott)
rules-epaminondas-phalanx = A phalanx is an unbroken straight line of your stones. Choose its tail: the tail and the stones ahead of it move together, 1 square up to as many squares as there are stones, along their line. A single stone moves one square in any direction.
rules-epaminondas-capture = The squares passed over must be empty. Landing on an enemy stone captures the whole enemy row in front, if that row is shorter than your phalanx.
rules-epaminondas-win = At the start of your turn, if you have more stones on the opponent's home row than he has on yours, you win. A player with no stones loses.
rules-epaminondas-anti-symmetry = Anti-symmetry (option): a move onto the far row may not leave a colour-swapped mirror-image position.
rules-epaminondas-pass = No legal move: you pass. The third repetition of a position is a draw (option).
