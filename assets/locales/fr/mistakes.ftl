# Apprendre de ses erreurs : après une partie contre l'ordinateur, les erreurs du joueur une à
# une. $move : un coup en notation ; $mark : ? ou ?? ; $side : side-black ou side-white.

mistakes-open = Apprendre de ses erreurs
mistakes-title = Apprendre de ses erreurs
mistakes-analysing = Recherche de vos erreurs : { $done } positions analysées sur { $total }.
mistakes-none = Aucune erreur dans vos coups : bien joué !
mistakes-progress = Erreur { $n } sur { $total }
mistakes-find = Coup { $number } : vous avez joué { $move } ({ $mark }). Trouvez un meilleur coup pour { $side }.
mistakes-judging = Examen de votre coup…
mistakes-good-best = { $move } : le choix du moteur lui-même. Bien trouvé !
mistakes-good = { $move } est un bon coup : il tient la position.
mistakes-not-better = { $move } n'est pas meilleur. { $reasons }
mistakes-why = Dans la partie, { $move } : { $reasons }
# After a first try no better: a second try before the answer ($reasons said without it).
mistakes-once-more = Pas encore : essayez encore une fois. Le meilleur coup est montré après un second essai manqué, ou tout de suite avec « Montrer le meilleur coup ».
mistakes-try-again = Réessayer
mistakes-show-better = Montrer le meilleur coup
mistakes-next = Erreur suivante
mistakes-finish = Retour à la partie
