# The New Game dialog's rule presets for Lines of Action (each sets the options below it; options
# changed by hand show "Custom") and the colours drawn by lot. English.

new-game-preset = Rules
preset-tournament = Tournament
preset-gamut-1st = A Gamut of Games, 1st edition
preset-gamut-2nd = A Gamut of Games, 2nd edition
preset-custom = Custom
preset-summary-tournament = The Computer Olympiad's rules: Black moves first; one move connecting both sides is a draw; no move, you pass; the third repetition is a draw.
preset-summary-gamut-1st = Sid Sackson's book, 1st edition: Black moves first; one move connecting both sides is a draw; no draw by repetition (an Olympiad rule).
preset-summary-gamut-2nd = Sid Sackson's book, 2nd edition: Black moves first; one move connecting both sides wins for the player who made it, at Claude Soucie's request; no draw by repetition.
preset-summary-custom = Options chosen by hand.
new-game-colours = Colours
new-game-colours-by-lot = Draw the colours by lot
new-game-colours-by-lot-hint = As in the Abacus rules: when the game starts, a draw decides which colour each player gets.
