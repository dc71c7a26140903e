# L'échiquier d'analyse : toute position, les deux camps joués par le joueur, les variantes
# gardées en arbre, les trois meilleures lignes du moteur à côté du plateau.

title-analysis = Plateau d'analyse
button-analyse = Analyser
review-analyse = Analyser d'ici
saves-analyse = Analyser
saves-analyse-pasted = Analyser
saves-analysis = Analyse
notice-analysis-opened = Analyse : jouez l'un ou l'autre camp ; chaque nouveau coup ouvre une variante.

analysis-title = Plateau d'analyse
# $side : side-black ou side-white.
analysis-to-move = { $side } au trait
analysis-engine-start = Lancer le moteur
analysis-engine-stop = Arrêter le moteur
# Profondeur de la recherche du moteur (en coups de l'un ou l'autre camp).
analysis-depth = profondeur { $depth } · scores pour Noir
# Score d'une ligne quand un camp gagne de force : $side gagne en $moves coups.
analysis-score-win = { $side } gagne en { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
analysis-score-sign = Les scores sont ceux de Noir : + Noir mène, − Blanc mène (en valeur de pions).
analysis-line-tip = Cliquez pour jouer le premier coup de cette ligne
analysis-no-moves = Aucun coup encore : jouez sur le plateau.
analysis-promote = En faire la ligne principale
analysis-delete = Supprimer à partir d'ici
analysis-comment-hint = Un commentaire sur ce coup
analysis-save = Enregistrer l'analyse
analysis-copy = Copier la partie

# Gains prouvés : ce que la recherche par nombres de preuve a établi sur une position (plateau
# d'analyse, revue, annonce de l'ordinateur). $side : side-black ou side-white ; $moves : les
# coups du gagnant jusqu'au gain, contre la défense la plus longue.
proof-wins = { $side } gagne de force en { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
proof-wins-from-here = À partir d'ici, { $side } gagne de force en { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
proof-drawn = Aucun camp ne peut forcer le gain : cette position ne peut pas être perdue
proof-with-line = { $proven } : { $line }
proof-searching = Recherche d'un gain forcé…
proof-unknown = Aucun gain forcé prouvé dans le budget de la recherche
proof-line-tip = La ligne prouvée : les coups les plus rapides du gagnant contre la défense la plus longue. Cliquez pour jouer son premier coup.
proof-win-let-go = { $move } a laissé échapper le gain prouvé de { $side } ({ $side } gagnait de force en { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
})
notice-forced-win = L'ordinateur annonce : { $side } gagne de force en { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
} : { $line }
settings-announce = Gains forcés
settings-announce-on = L'ordinateur annonce ses gains forcés (niveaux 11 à 14)
