# L'éditeur de position : placer n'importe quelle position à la souris. Français.

## Sur l'écran titre et dans le panneau de la partie

title-editor = Éditeur de position
button-edit-position = Modifier cette position

## Le panneau de l'éditeur

editor-title = Éditeur de position
editor-palette = Pion à poser
editor-eraser = Gomme
editor-clear = Vider le plateau
editor-start-position = Position de départ
editor-to-move = Trait
# La ligne d'état sous le plateau.
editor-help = Cliquez sur une case pour y poser le pion choisi ; cliquez de nouveau pour l'enlever. Clic droit et glisser pour tourner le plateau.
editor-help-boundless = Cliquez sur une case pour y poser le pion choisi ; cliquez de nouveau pour l'enlever. Le plateau s'agrandit autour des pions : il y a toujours de la place au-delà.
editor-help-touch = Touchez une case pour y poser le pion choisi ; touchez-la de nouveau pour l'enlever. Deux doigts tournent le plateau.
editor-help-boundless-touch = Touchez une case pour y poser le pion choisi ; touchez-la de nouveau pour l'enlever. Le plateau s'agrandit autour des pions : il y a toujours de la place au-delà.
# $text : le texte de la position, tel que copié.
editor-copied = Texte de la position copié : { $text }

## La position est-elle jouable ?

editor-playable = Cette position peut être jouée.
editor-not-playable = Cette position ne peut pas être jouée :
# $side : side-black ou side-white ; $game : loa (pions) ou epaminondas (pierres).
editor-problem-no-pieces = { $side } n'a { $game ->
    [epaminondas] aucune pierre
   *[loa] aucun pion
}.
# $count : pions sur le plateau ; $most : combien en compte un jeu.
editor-problem-too-many = { $side } a { $count } { $game ->
    [epaminondas] pierres
   *[loa] pions
} sur le plateau ; un jeu n'en compte que { $most }.
# $seat : une couleur et son jeu, comme « Blanc (marqués) ».
editor-problem-too-many-in-set = { $seat } : { $count } pions, alors que ce jeu n'en compte que { $most }.
# Parachute. $count : pions en réserve ; $most : combien on peut en garder dans cette position.
editor-problem-too-many-held = { $side } garde { $count } { $count ->
    [one] pion
   *[other] pions
} en réserve ; on ne peut en garder ici que { $most } au plus (six au départ, et pas plus qu'il n'en manque sur le plateau).
# $side : le gagnant ; $other : l'autre camp.
editor-problem-won-connected = { $side } a déjà gagné : tous ses pions sont reliés.
editor-problem-won-home-row = { $side } a déjà gagné : il a plus de pierres sur la dernière rangée que { $other } sur la sienne.
editor-problem-won-no-stones = { $side } a déjà gagné : { $other } n'a plus de pierres.
editor-problem-drawn = La partie est déjà nulle : les deux camps sont reliés.
editor-problem-refused = Les règles n'acceptent pas cette position.

## Qu'en faire

editor-play-computer = Jouer contre l'ordinateur
editor-you-play = Vous jouez
editor-computer-level = Niveau de l'ordinateur
editor-start-computer = Commencer
editor-play-hot-seat = Jouer à plusieurs
editor-analyse = Analyser
editor-copy = Copier le texte de la position
editor-save-puzzle = Enregistrer comme problème…
editor-puzzle-title = Titre du problème
editor-puzzle-prove = Prouver et enregistrer
editor-puzzle-cancel = Annuler
editor-puzzle-proving = Le moteur cherche un gain forcé…
# $file : le nom du fichier ; $side : qui gagne ; $moves : en combien de coups.
editor-puzzle-saved = Enregistré sous « { $file } » : { $side } joue et gagne en { $moves ->
    [one] 1 coup
   *[other] { $moves } coups
}. Il se trouve dans les problèmes, sous « Vos problèmes ».
editor-puzzle-no-win = Le moteur ne trouve aucun gain forcé pour { $side } en { $moves } coups ou moins : rien n'a été enregistré.
editor-puzzle-too-long = Le moteur n'a pas pu achever sa preuve dans le temps imparti : rien n'a été enregistré. Une position avec moins de pions, ou un gain plus court, se prouve plus vite.
# $problem : ce qui ne va pas avec le fichier.
editor-puzzle-cannot-write = Le problème n'a pas pu être enregistré : { $problem }.
editor-back-game = Retour à la partie (Échap)
editor-back-title = Retour à l'écran titre (Échap)

## L'écran des problèmes

editor-puzzles-mine = Vos problèmes
