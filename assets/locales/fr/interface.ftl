# Les panneaux, boutons et fenêtres. Français.

window-title = Gamut — Lines of Action · Epaminondas

## Le panneau latéral

panel-to-move = Au tour de { $seat }
panel-game-over = Partie terminée
panel-seat-player = Place : { $player }
panel-marked-set-moves = À ce tour, les pions marqués (anneau rouge) jouent ; ils brillent en vert.
panel-plain-set-moves = À ce tour, les pions non marqués (sans anneau) jouent ; ils brillent en vert.
panel-move-then-place = Déplacez un pion, puis posez un des pions { $colour ->
    [black] noirs
   *[white] blancs
} de votre réserve.
panel-thinking = L'ordinateur réfléchit…
panel-side-pieces = { $side } — { $game ->
    [epaminondas] { $count ->
        [one] { $count } pierre
       *[other] { $count } pierres
    }
   *[loa] { $count ->
        [one] { $count } pion
       *[other] { $count } pions
    }
}
panel-plain-player = non marqués : { $player }
panel-marked-player = marqués : { $player }
panel-seat-players = non marqués : { $plain } · marqués : { $marked }
panel-holds = { $side } a { $count } { $colour ->
    [black] { $count ->
        [one] pion noir
       *[other] pions noirs
    }
   *[white] { $count ->
        [one] pion blanc
       *[other] pions blancs
    }
} à poser
panel-computer-view = Avis de l'ordinateur : { $view }
panel-moves = Coups
button-undo = Annuler (U)
button-redo = Rejouer (R)
button-hint = Indice (H)
button-resign = Abandonner…
button-new-game = Nouvelle partie (N)
button-menu = ☰ Menu
button-title = Écran titre (Échap)
button-rules = Règles (F1)
button-review = Revoir
button-saves = Parties… (Ctrl+S)
button-view-3d = Vue 3D (V)
button-view-2d = Vue 2D (V)
button-flip = Retourner (F)
button-reset-view = Recentrer (C)
controls-help-flat = Cliquez sur { $game ->
    [epaminondas] une pierre
   *[loa] un pion
}, puis sur une des cases en surbrillance.  Molette : zoom  ·  V : vue 3D  ·  F : retourner  ·  C : recentrer
controls-help-3d = Cliquez sur { $game ->
    [epaminondas] une pierre
   *[loa] un pion
}, puis sur une des cases en surbrillance.  Clic droit glissé : tourner le plateau  ·  molette : zoom  ·  V : vue 2D  ·  F : retourner  ·  C : recentrer
controls-view-flat = Molette : zoom  ·  V : vue 3D  ·  F : retourner  ·  C : recentrer
controls-view-3d = Clic droit glissé : tourner le plateau  ·  molette : zoom  ·  V : vue 2D  ·  F : retourner  ·  C : recentrer
controls-help-touch-flat = Touchez { $game ->
    [epaminondas] une pierre
   *[loa] un pion
}, puis une des cases en surbrillance (ou faites-le glisser jusque-là).  Deux doigts : pincer pour zoomer
controls-help-touch-3d = Touchez { $game ->
    [epaminondas] une pierre
   *[loa] un pion
}, puis une des cases en surbrillance (ou faites-le glisser jusque-là).  Deux doigts : pincer pour zoomer, tourner pour faire pivoter le plateau, glisser vers le haut ou le bas pour l'incliner
controls-view-touch-flat = Deux doigts : pincer pour zoomer
controls-view-touch-3d = Deux doigts : pincer pour zoomer, tourner pour faire pivoter le plateau, glisser vers le haut ou le bas pour l'incliner

## Règles, abandon, fin de partie

rules-title = Règles
rules-close = Fermer
resign-title = Abandonner ?
resign-question = { $side } abandonne et perd cette partie.
resign-confirm = Abandonner
resign-keep-playing = Continuer à jouer
game-over-title = Partie terminée
game-over-new-game = Nouvelle partie
game-over-undo = Annuler
game-over-close = Fermer

## La fenêtre Nouvelle partie

new-game-title = Nouvelle partie
new-game-start = Commencer
new-game-cancel = Annuler
new-game-game = Jeu
new-game-variant = Variante
new-game-first-player = Premier joueur
new-game-both-connected = Deux camps reliés
new-game-draw = Nulle
new-game-mover-wins = Celui qui vient de jouer gagne
new-game-repetition = Répétition
new-game-repetition-draw = Triple répétition : partie nulle
new-game-board = Plateau
new-game-anti-symmetry = Antisymétrie
new-game-forbid-symmetric = Interdire les coups symétriques sur la dernière rangée
new-game-seat-plain = { $side }, non marqués
new-game-seat-marked = { $side }, marqués
new-game-human = Humain
new-game-computer = Ordinateur
new-game-level = niveau
new-game-level-value = { $number } { $name }
new-game-think-time = Temps de réflexion
new-game-animation = Animation
speed-instant = Instantanée
speed-fast = Rapide
speed-normal = Normale
speed-slow = Lente

## Parties enregistrées et reprise

saves-title = Parties enregistrées
saves-name = Nom :
saves-save = Enregistrer
saves-open = Ouvrir
saves-rename = Renommer avec ce nom
saves-delete = Supprimer…
saves-delete-confirm = Supprimer
saves-copy = Copier la notation
saves-paste = Coller une notation…
saves-download = Télécharger
saves-open-file = Ouvrir un fichier…
saves-start-pasted = Commencer depuis cette notation
saves-close = Fermer
saves-column-name = Nom
saves-column-date = Date
saves-column-game = Jeu
saves-column-players = Joueurs
saves-column-moves = Coups
saves-column-result = Résultat
saves-empty = Aucune partie enregistrée.
saves-paste-hint = Collez ici la notation d'une partie (Ctrl+V)
saves-confirm-delete = Supprimer « { $name } » définitivement ?
saves-unreadable = illisible : { $problem }
saves-failed = { $name } : { $problem }
saves-copied = Notation copiée dans le presse-papiers.
saves-downloaded = { $name } a été confié à votre navigateur pour le téléchargement.
result-unfinished = inachevée
result-won = { $side } a gagné
result-draw = nulle
resume-offer = Reprendre : { $game } { $against }, coup { $move }
resume-between-people = entre personnes
resume-computer-against-computer = ordinateur contre ordinateur
resume-against-computer = contre l'ordinateur ({ $count ->
    [one] niveau
   *[other] niveaux
} { $levels })

## Revoir une partie

review-title = Revoir la partie
review-moves = Coups (cliquez sur un coup pour voir sa position)
review-start-position = Position de départ (sur { $last ->
    [one] { $last } coup
   *[other] { $last } coups
})
review-after-move = Après le coup { $number }, { $move } (sur { $last })
review-analysing = Analyse des positions : { $done } sur { $total }
review-analysis-done = Évaluation du point de vue de Noir (en haut : Noir mieux). Cliquez sur le graphique pour y aller.
review-analysis-done-touch = Évaluation du point de vue de Noir (en haut : Noir mieux). Touchez le graphique pour y aller.
review-analysis-failed = L’analyse n’a pas pu se faire : le moteur s’est arrêté. Fermez, puis revoyez la partie pour réessayer.
review-mistake = ? erreur
review-blunder = ?? gaffe
review-only-move = ! seul coup
review-evaluation = Évaluation
review-step-start = Début (Début)
review-step-back = Un coup en arrière (←)
review-step-forward = Un coup en avant (→)
review-step-end = Fin (Fin)
review-play-computer = Jouer d'ici contre l'ordinateur
review-play-hot-seat = Jouer d'ici (à deux)
review-close = Fermer (Échap)
