# Jouer sans souris : le champ de saisie des coups du panneau latéral, le curseur du clavier. Français.

# $typed : le texte tel que le joueur l'a tapé.
notice-unreadable-move = « { $typed } » n'est pas un coup : tapez-le comme b1-d3, b1xd3 ou b1d3 (Parachute : b1-d3 @d4, ou @d4 seul).
move-entry-label = Taper un coup (M) :
move-entry-hint = b1-d3
move-entry-help = Entrée joue le coup, Échap quitte le champ.
