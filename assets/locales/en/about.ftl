# The About page of each game (a tab of the Rules window, and "About the games" on the title
# screen): its inventor and history, from the rule texts the game is built on, each saying
# which text it comes from. English.

title-about = About the games
about-title = About
rules-tab-rules = Rules
rules-tab-about = History
about-heading-inventor = The game and its inventor
about-heading-sources = Sources

about-loa-title = Lines of Action
about-loa-soucie = Lines of Action is an abstract strategy game for two players invented by Claude Soucie. The Italian encyclopedia dates it to 1960; the French article says its rules were presented in the 1960s, before the first edition came out.
about-loa-sackson = The game became widely known when Sid Sackson published it in his book A Gamut of Games (1969). It caught on in North America more than in Europe, where it is still little known (French article).
about-loa-disputes = Claude Soucie died just as his game was winning over many players, so some fine points of the rules were settled without him. Sid Sackson was close to him, and on every disputed point Sackson's view is generally accepted as well founded (French article).
about-loa-heading-editions = Both sides connected at once
about-loa-first-edition = In the first edition of A Gamut of Games, a move that connects both sides at once was a draw.
about-loa-second-edition = The second edition changed the rule: the player who has just moved wins. In its preface Sackson says he removed the draw at Claude Soucie's request.
about-loa-tournaments = Despite the author's wish, most tournaments still treat it as a draw (French article; the Italian text says the same). This game follows them by default; the second edition's rule is an option in New Game.
about-loa-heading-variants = Variants (Abacus Spiele rules, 1993)
about-loa-scrambled-eggs = Scrambled Eggs, invented by Claude Soucie himself: a different start, the colours alternating around the edge.
about-loa-parachute = Parachute, by David Voorhees: only half the pieces start on the board; during the first six turns each player also drops one of the opponent's pieces he holds.
about-loa-four = LOA for four: two teams of two; the partners may not confer, and each moves only his own pieces (marked or plain).
about-loa-ambidextrous = Ambidextrous LOA: the same marked pieces for two players, who must alternate between marked and plain pieces.
about-loa-boundless = A last variant lets the pieces play beyond the edges of the board.
about-loa-lot = The same rules draw the colours by lot and let White begin: both are options in New Game.
about-loa-sources = A French article on Lines of Action (its history, rules, a sample game); the Abacus Spiele rules of 1993 in French, from François Haffner's site, thanks to Dave Dyer; the Italian Wikipedia article "Lines of Action".

about-epaminondas-title = Epaminondas
about-epaminondas-abbott = Epaminondas is a strategy game invented by Robert Abbott in 1975. It is named after the Theban general Epaminondas, famed for his strategic use of the phalanx — the idea at the heart of the game.
about-epaminondas-crossings = It was first presented as Crossings in Sid Sackson's book A Gamut of Games. The original version was played on an 8×8 draughts board; today's game uses a 14×12 board and different captures.
about-epaminondas-name = When it came out, it was presented as one of the first modern games to print its inventor's name in its rules.
about-epaminondas-small = The 8×8 board offered in New Game keeps today's rules on a smaller board: it is not Crossings.
about-epaminondas-sources = The French Wikipedia article "Epaminondas (jeu)", which cites Kerry Handscomb, "Epaminondas … a game of classical elegance", Abstract Games no. 3, and R. Wayne Schmittberger, New Rules for Classic Games, "Epaminondas and Crossings".
