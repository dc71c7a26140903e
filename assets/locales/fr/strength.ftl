# Votre force : la cote du joueur dans chaque jeu face aux niveaux de l'ordinateur, l'adversaire
# adaptatif, le fichier des cotes. Français.

strength-title = Votre force
strength-intro = Votre cote dans chaque jeu, calculée d'après vos parties terminées contre l'ordinateur (Glicko-2, sur l'échelle des niveaux de l'ordinateur). Le ± dit sa précision : il diminue à mesure que vous jouez.
# $rating, $deviation : des nombres entiers.
strength-rating = { $rating } ± { $deviation }
# $games : les parties comptées ; $wins, $draws, $losses : leurs résultats.
strength-games = { $games ->
    [0] Aucune partie comptée pour l'instant.
    [one] 1 partie : { $wins ->
        [one] { $wins } gagnée
       *[other] { $wins } gagnées
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $losses ->
        [one] { $losses } perdue
       *[other] { $losses } perdues
    }.
   *[other] { $games } parties : { $wins ->
        [one] { $wins } gagnée
       *[other] { $wins } gagnées
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $losses ->
        [one] { $losses } perdue
       *[other] { $losses } perdues
    }.
}
# $level : le numéro d'un niveau ; $name : son nom.
strength-start = Votre cote part de celle du niveau { $level } ({ $name }) et se précise à mesure que vous jouez. Une partie terminée contre l'ordinateur compte ; les leçons, les problèmes, les parties à plusieurs sur un même écran et les parties abandonnées en cours de route ne comptent pas.
strength-graph-rating = Cote
strength-graph-band = Cote ± écart
strength-graph-axis = Parties comptées
# $level : le numéro du niveau ; $name : son nom ; $rating : sa cote.
strength-suggested = Niveau recommandé : { $level } ({ $name }, coté { $rating }), une partie à peu près égale.
# $level : le numéro du niveau.
strength-play = Jouer au niveau { $level }
strength-close = Fermer

## Le panneau de fin de partie, après une partie comptée. $game : le nom du jeu ; $rating,
## $deviation : des nombres entiers ; $change : la variation, avec son signe (+48, −12).
strength-change = Votre cote à { $game } : { $rating } ± { $deviation } ({ $change } depuis { $before })

## La boîte Nouvelle partie.
strength-adaptive = Adaptatif
strength-adaptive-hint = L'ordinateur joue au niveau le plus proche de votre cote, réglé de nouveau après chaque partie, pour que vous gagniez environ une partie sur deux.
