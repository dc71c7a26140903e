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
