# La ligne d'état : ce que le jeu dit au joueur, et pourquoi la règle refuse un coup. Français.

notice-new-game = Nouvelle partie.
# Les couleurs tirées au sort au début d'une partie (règle Abacus). $colour : black ou white.
notice-colours-drawn-you = Nouvelle partie, couleurs tirées au sort : vous jouez { $colour ->
    [black] les Noirs
   *[white] les Blancs
}.
notice-colours-drawn-swapped = Nouvelle partie, couleurs tirées au sort : les joueurs échangent leurs couleurs.
notice-colours-drawn-kept = Nouvelle partie, couleurs tirées au sort : les joueurs gardent leurs couleurs.
# $moves: how many moves went back (a person's and the computer's reply: 2).
notice-move-taken-back = { $moves ->
    [one] Coup annulé.
   *[other] { $moves } coups annulés.
}
notice-nothing-to-take-back = Aucun coup à annuler.
notice-move-replayed = Coup rejoué.
notice-nothing-to-redo = Aucun coup à rejouer.
notice-refused = { $move } : { $reason }
notice-not-your-turn-yet = Patience : ce n'est pas encore à vous de jouer.
notice-computers-turn = C'est au tour de l'ordinateur ({ $seat }).
notice-select-own-piece = Choisissez d'abord { $game ->
    [epaminondas] une pierre
   *[loa] un pion
} de { $seat }.
notice-no-move-for-piece = { $game ->
    [epaminondas] La pierre
   *[loa] Le pion
} en { $cell } n'a aucun coup légal.
notice-passed = { $side } n'a aucun coup légal et passe.
notice-must-place-only = { $side } n'a aucun coup légal : posez un des pions { $colour ->
    [black] noirs
   *[white] blancs
} de votre réserve sur une case vide.
notice-choose-placement = { $from }-{ $to } : posez maintenant un des pions { $colour ->
    [black] noirs
   *[white] blancs
} de votre réserve sur une case vide (Échap : choisir un autre coup).
notice-placement-not-empty = { $cell } n'est pas vide : posez le pion de réserve sur une case vide (Échap : choisir un autre coup).
notice-looking-for-hint = Recherche d'un bon coup…
notice-hint = Indice : { $move }
notice-saved = Partie enregistrée sous « { $name } ».
notice-opened = { $name } ouvert.
notice-resumed = La partie inachevée continue.
notice-nothing-to-resume = Il n'y a pas de partie inachevée à reprendre.
notice-file-picker-refused = Le navigateur n’a pas ouvert son sélecteur de fichiers : appuyez de nouveau sur « Ouvrir un fichier… ».
notice-cannot-open = Impossible d'ouvrir { $file } : { $problem }
notice-cannot-save = Impossible d'enregistrer { $file } : { $problem }
clipboard = presse-papiers

## Pourquoi un coup est refusé

refusal-game-over = la partie est finie : { $end }
refusal-off-board = { $cell } est hors du plateau
refusal-nothing-to-place = il n'y a rien à poser dans ce jeu
illegal-game-over = la partie est finie
illegal-pass-not-allowed = on ne peut passer que sans aucun coup légal

## Lines of Action

illegal-no-piece = il n'y a pas de pion en { $cell }
illegal-not-your-piece = le pion en { $cell } n'est pas à vous
illegal-same-square = un pion doit se déplacer
illegal-not-on-a-line = { $from } et { $to } ne sont pas sur une même ligne (les pions se déplacent en ligne droite ou en diagonale)
illegal-wrong-distance = le pion en { $from } doit se déplacer d'exactement { $needed ->
    [one] { $needed } case sur cette ligne ({ $needed } pion sur la ligne)
   *[other] { $needed } cases sur cette ligne ({ $needed } pions sur la ligne)
}
illegal-blocked = le pion adverse en { $cell } barre le chemin (on ne saute que ses propres pions)
illegal-own-piece = { $cell } est occupée par un de vos pions
illegal-wrong-set = { $set ->
    [marked] le pion en { $cell } n'est pas marqué ; à ce tour, ce sont les pions marqués qui jouent
   *[plain] le pion en { $cell } est marqué ; à ce tour, ce sont les pions non marqués qui jouent
}
illegal-placement-missing = vous devez aussi poser un des pions adverses de votre réserve (comme a3-a5 @d4)
illegal-nothing-to-place = vous n'avez aucun pion adverse en réserve
illegal-placement-not-empty = { $cell } n'est pas vide : un pion de réserve se pose sur une case vide

## Epaminondas

illegal-no-stone = il n'y a pas de pierre en { $cell }
illegal-not-your-stone = la pierre en { $cell } n'est pas à vous
illegal-stone-same-square = une pierre doit se déplacer
illegal-phalanx-not-on-a-line = { $from } et { $to } ne sont pas sur une même ligne (les phalanges se déplacent en ligne droite ou en diagonale)
illegal-inside-phalanx = { $to } est dans la phalange qui se déplace : indiquez la case où arrive sa tête ({ $head })
illegal-too-far = { $stones ->
    [one] une pierre seule ne se déplace que d'une case
   *[other] une phalange de { $stones } pierres se déplace d'au plus { $stones } cases
}
illegal-own-stone = { $cell } est occupée par une de vos pierres
illegal-stone-blocked = la pierre en { $cell } barre le chemin (une phalange ne traverse pas les pierres)
illegal-single-stone-capture = une pierre seule ne peut pas prendre
illegal-row-too-long = une phalange de { $stones } ne prend qu'une rangée adverse de moins de { $stones } pierres ; celle-ci en a { $row }
illegal-symmetric = un coup sur la dernière rangée ne peut pas laisser une position symétrique aux couleurs inversées (règle d'antisymétrie)
