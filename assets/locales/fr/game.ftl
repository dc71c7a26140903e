# Les mots des jeux : camps, places, niveaux, joueurs, jeux, variantes, options, fins de partie
# et avis de l'ordinateur. Français (termes des règles françaises : pions, pierres, phalange).

## Camps et places

side-black = Noir
side-white = Blanc
seat-plain = { $side } (non marqués)
seat-marked = { $side } (marqués)

## Niveaux de l'ordinateur

level-1 = Débutant
level-2 = Novice
level-3 = Loisir
level-4 = Apprenti
level-5 = Amateur
level-6 = Club
level-7 = Club fort
level-8 = Avancé
level-9 = Expert
level-10 = Candidat maître
level-11 = Maître
level-12 = Maître international
level-13 = Grand maître
level-14 = Champion
level-description = { $search }, { $errors }
level-looks-ahead = voit { $plies ->
    [one] un coup
   *[other] { $plies } coups
} à l'avance
level-node-search = une recherche de { $thousands } mille positions
level-all-the-time = toute sa force avec tout le temps de réflexion
level-blunders-very-often = fait très souvent des gaffes
level-blunders-often = fait souvent des gaffes
level-blunders-fairly-often = fait assez souvent des gaffes
level-blunders-sometimes = fait des gaffes de temps en temps
level-blunders-occasionally = fait parfois des gaffes
level-blunders-rarely = fait rarement des gaffes
level-blunders-hardly-ever = ne fait presque jamais de gaffes
level-slight-randomness = un peu de hasard
level-no-randomness = joue son meilleur coup

## Joueurs

player-human = Humain
player-computer = Ordinateur — { $level } ({ $number })
player-short-human = Humain
player-short-computer = Ordinateur ({ $number })

## Jeux et variantes

game-loa = Lines of Action
game-epaminondas = Epaminondas
game-with-variant = { $game } ({ $variant })
variant-standard = Standard
variant-scrambled-eggs = Œufs brouillés
variant-parachute = Parachute
variant-four-players = LOA à quatre
variant-ambidextrous = LOA ambidextre
variant-boundless = Sans limites
variant-summary-standard = Le jeu de la règle.
variant-summary-scrambled-eggs = Œufs brouillés : les couleurs alternent sur le pourtour, les coins restent vides.
variant-summary-parachute = Parachute : seuls les pions des colonnes a et h commencent sur le plateau ; chaque joueur garde en réserve les six autres pions de l'adversaire. Pendant les six premiers tours de chacun, un tour est un déplacement, puis la pose d'un pion adverse de sa réserve sur une case vide quelconque. Vous ne pouvez pas gagner tant que votre adversaire garde en réserve certains de vos pions (notre règle).
variant-summary-four-players = LOA à quatre : deux équipes. Chaque couleur a des pions non marqués et des pions marqués (anneau rouge) ; quatre places jouent à tour de rôle — Noir non marqués, Blanc non marqués, Noir marqués, Blanc marqués — chacune seulement ses propres pions. Une couleur dont tous les pions encore sur le plateau, marqués et non marqués, sont reliés fait gagner son équipe.
variant-summary-ambidextrous = LOA ambidextre : les pions de LOA à quatre, deux joueurs. À vos 1er, 3e, 5e… tours, déplacez un pion non marqué ; à vos 2e, 4e… tours, un pion marqué (anneau rouge).
variant-summary-boundless = Sans limites : les pions peuvent sortir du plateau 8×8 sur un plan sans bord ; une ligne compte tous ses pions, si loin soient-ils. Le plateau s'agrandit à mesure que les pions s'étendent.

## Options de règle, telles que le panneau liste celles qui diffèrent de la règle

board-standard = plateau 14 × 12
board-small = plateau 8 × 8 (partie courte)

# Les plateaux de Lines of Action (Nouvelle partie, l'éditeur).
loa-board-8 = 8 × 8
loa-board-7 = 7 × 7
loa-board-6 = 6 × 6
loa-board-summary = Les petits plateaux font des parties plus courtes (avec le départ standard) : 6 × 6 pour une première partie.
option-loa-board = plateau { $side } × { $side }
option-first-player = { $side } commence
option-both-connected-draw = deux camps reliés du même coup : partie nulle
option-both-connected-mover-wins = deux camps reliés du même coup : celui qui vient de jouer gagne
option-repetition-draw = triple répétition : partie nulle
option-no-repetition-draw = pas de nulle par répétition
option-anti-symmetry = règle d'antisymétrie
option-no-anti-symmetry = sans règle d'antisymétrie

## Fins de partie

win-connected = { $winner } gagne : tous ses pions sont reliés
win-connected-by-opponent = { $winner } gagne : relié par la prise de l'adversaire
win-both-connected-mover-wins = { $winner } gagne : son coup a relié les deux camps (celui qui vient de jouer gagne)
win-home-row = { $winner } gagne : plus de pierres sur la dernière rangée
win-no-stones = { $winner } gagne : toutes les pierres adverses sont prises
win-resigned = { $winner } gagne : { $loser } abandonne
draw-both-connected = Partie nulle : un coup a relié les deux camps
draw-repetition = Partie nulle : la même position s'est produite trois fois
draw-agreed = Partie nulle d'un commun accord
game-length = après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}

## L'avis de l'ordinateur

evaluation-even = Position équilibrée
evaluation-slightly-better = { $side } est légèrement mieux
evaluation-better = { $side } est mieux
evaluation-winning = { $side } est en train de gagner
evaluation-wins-in = { $side } gagne en { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
