# Les préréglages de règles de Lines of Action dans Nouvelle partie (chacun règle les options
# en dessous ; des options changées à la main affichent « Personnalisé ») et les couleurs tirées
# au sort. Français.

new-game-preset = Règles
preset-tournament = Tournoi
preset-gamut-1st = A Gamut of Games, 1re édition
preset-gamut-2nd = A Gamut of Games, 2e édition
preset-custom = Personnalisé
preset-summary-tournament = Les règles de la Computer Olympiad : Noir commence ; un coup qui relie les deux camps donne une partie nulle ; sans coup, on passe ; la troisième répétition est nulle.
preset-summary-gamut-1st = Le livre de Sid Sackson, 1re édition : Noir commence ; un coup qui relie les deux camps donne une partie nulle ; pas de nulle par répétition (règle de l'Olympiad).
preset-summary-gamut-2nd = Le livre de Sid Sackson, 2e édition : Noir commence ; un coup qui relie les deux camps fait gagner celui qui vient de jouer, à la demande de Claude Soucie ; pas de nulle par répétition.
preset-summary-custom = Options choisies à la main.
new-game-colours = Couleurs
new-game-colours-by-lot = Tirer les couleurs au sort
new-game-colours-by-lot-hint = Comme dans la règle Abacus : au début de la partie, un tirage au sort décide de la couleur de chaque joueur.
