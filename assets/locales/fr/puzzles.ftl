# Les problèmes : la liste et le panneau à côté du plateau. Français.

## La liste

puzzles-title = Problèmes
puzzles-intro = Chaque problème est prouvé par le moteur : le camp au trait force le gain dans le nombre de coups annoncé contre toute défense, et un seul premier coup y parvient.
# $moves : le N de « gain en N ».
puzzles-group-win = { $moves ->
    [one] Gain en 1 coup
   *[other] Gain en { $moves } coups
}
puzzles-group-article = La tactique de l'article français sur Lines of Action
# $solved, $total : des nombres.
puzzles-group-count = résolus : { $solved }/{ $total }
puzzles-state-new = nouveau
puzzles-state-tried = essayé
puzzles-state-solved = résolu
puzzles-legend = ✔ résolu · ○ essayé · sans marque : nouveau
# $file : le fichier de progression ; $problem : ce qui ne va pas (en anglais, du système).
puzzles-progress-unreadable = Votre progression ({ $file }) n'a pas pu être lue : { $problem }. Le fichier est gardé tel quel et n'est pas réécrit ; ce que vous résolvez maintenant ne sera pas retenu.
puzzles-progress-unwritable = Votre progression n'a pas pu être enregistrée dans { $file } : { $problem }
# $file : un fichier de problème ; $problem : ce qui ne va pas.
puzzles-file-problem = Un problème a été écarté ({ $file }) : { $problem }
puzzles-none = Aucun problème n'a été trouvé.
puzzles-back-to-title = Retour à l'écran titre

## Le panneau à côté du plateau

# $group : le nom du groupe ; $number, $total : des nombres.
puzzle-heading = { $group } · problème { $number } sur { $total }
# $colour : black ou white (le camp au trait) ; $moves : le N de « gain en N ».
puzzle-goal-win = { $colour ->
    [black] Les Noirs jouent
   *[white] Les Blancs jouent
} et gagnent en { $moves ->
    [one] 1 coup.
   *[other] { $moves } coups.
}
# Un problème de défense. $colour : le camp au trait ; $moves : le gain adverse menacé.
puzzle-goal-defend = { $colour ->
    [black] Les Noirs
   *[white] Les Blancs
} au trait : empêchez le gain adverse en { $moves ->
    [one] 1 coup.
   *[other] { $moves } coups.
}
puzzle-article-question = C'est à Noir de jouer. Blanc menace de gagner en deux tours : a2-c2. Que peut faire Noir ?
puzzle-article-source = D'après l'article français sur Lines of Action, « Un peu de tactique ». La figure de l'article est perdue : la position est reconstruite d'après son texte.
# $moves : les coups qui restent à l'attaquant.
puzzle-moves-left = { $moves ->
    [one] Il reste 1 coup.
   *[other] Il reste { $moves } coups.
}
puzzle-your-move = À vous de jouer.
puzzle-thinking = Le moteur cherche la meilleure défense…
# $move : la réponse du moteur, dans la notation du jeu.
puzzle-reply = Le moteur a répondu { $move }.
# $square : une case comme c1.
puzzle-hint-piece = Indice : jouez la pièce en { $square }.
# $move : un coup comme c1-d2.
puzzle-hint-move = Indice : jouez { $move }.
puzzle-showing = La solution, coup par coup…
puzzle-solved = Résolu !
puzzle-solved-not-counted = Résolu, après avoir vu la solution : essayez un autre problème pour qu'il compte.
# $played : le coup joué ; $escape : la défense qui échappe au gain forcé.
puzzle-not-winning = { $played } ne force pas le gain dans les coups qui restent : la réponse { $escape } y échappe.
# $played : le coup joué.
puzzle-not-winning-end = { $played } ne gagne pas : la partie s'est terminée sans votre victoire.
puzzle-not-winning-plain = Ce coup ne force pas le gain dans les coups qui restent.
puzzle-solution-shown = La solution : { $moves }. Un problème ne compte comme résolu que si vous le résolvez sans afficher la solution.
# $played : le coup joué.
puzzle-saved = { $played } empêche le gain forcé : bien défendu !
puzzle-lost = L'adversaire a gagné : ce coup ne sauvait pas la partie.
# $count : les coups légaux des Noirs dans la position du problème.
puzzle-article-verdict = Le verdict du moteur : rien ne sauve les Noirs dans cette position. Après chacun des { $count } coups des Noirs, les Blancs forcent le gain en deux coups au plus. Les essais de l'article : b4-d2 met une troisième pièce sur la deuxième rangée, et a2xd2 gagne ; b3-c2 ouvre la diagonale, et a2xd5 gagne ; b4-b2 est suivi de c5-b4, qui menace a2-a3. L'article conclut : « Noir ne disposerait d'aucun mouvement gagnant », et laisse le lecteur essayer d'autres options ; le moteur les a toutes essayées.
puzzle-button-hint = Indice
puzzle-button-solution = Voir la solution
puzzle-button-try-again = Réessayer
puzzle-button-next = Problème suivant
puzzle-button-list = Retour à la liste
