# La fenêtre Règles (F1) : les règles de chaque jeu sous des titres — la mise en place et qui
# commence, les déplacements, la fin — et, à part, ce qui est notre convention et non celle des
# textes de règles. Français.

rules-heading-setup = Mise en place
rules-heading-moves = Déplacements
rules-heading-end = Fin de la partie
rules-heading-ours = Nos conventions (absentes des textes de règles)
rules-pass = Un joueur sans coup légal passe (règle de la Computer Olympiad).
rules-repetition = Quand la même position revient pour la troisième fois avec le même joueur au trait, la partie est nulle (règle de la Computer Olympiad ; option : désactivée).

rules-loa-title = Lines of Action (Claude Soucie)
rules-loa-board = Plateau de 8×8, 12 pions chacun : Noir en b1–g1 et b8–g8, Blanc en a2–a7 et h2–h7.
rules-loa-first = Noir commence, comme dans le livre de Sid Sackson et à la Computer Olympiad (et dans le texte italien). Option : Blanc commence, comme dans l'article français et la règle Abacus.
rules-loa-move = Un pion se déplace en ligne droite (horizontalement, verticalement ou en diagonale) d'exactement autant de cases qu'il y a de pions — amis ou adverses — sur toute cette ligne.
rules-loa-jump = Un pion peut sauter par-dessus ses propres pions, mais jamais par-dessus un pion adverse. Il ne peut pas terminer sur un de ses pions ; s'il termine sur un pion adverse, celui-ci est pris.
rules-loa-connect = Reliez tous vos pions en un seul groupe (qui se touchent par un côté ou par un angle) pour gagner. Un pion seul est relié.
rules-loa-capture = Si votre prise laisse l'adversaire relié, l'adversaire gagne.
rules-loa-simultaneous = Un coup qui relie les deux camps : partie nulle, comme dans la plupart des tournois et dans le texte italien (par défaut). Option : le joueur qui vient de jouer gagne, comme dans la 2e édition de A Gamut of Games et la règle Abacus.
rules-loa-parachute-held = Parachute : vous ne pouvez pas gagner tant que votre adversaire garde en réserve certains de vos pions.
rules-loa-four-marks = LOA à quatre et LOA ambidextre : quels pions sont marqués — un sur deux le long de chaque bord (la figure de la règle est perdue).

rules-epaminondas-title = Epaminondas (Robert Abbott, 1975)
rules-epaminondas-board = Plateau de 14×12, 28 pierres chacun sur les deux premières rangées de son camp : Blanc sur les rangées 1 et 2, Noir sur les rangées 11 et 12. Option : un plateau de 8×8 avec deux rangées chacun, pour des parties courtes.
rules-epaminondas-first = Blanc joue en premier.
rules-epaminondas-phalanx = Une phalange est une ligne continue de vos pierres. Choisissez sa queue : la queue et les pierres devant elle se déplacent ensemble, d'une case jusqu'à autant de cases qu'il y a de pierres, le long de leur ligne. Une pierre seule se déplace d'une case dans n'importe quelle direction.
rules-epaminondas-capture = Les cases traversées doivent être vides. Si la tête arrive sur une pierre adverse, elle prend la phalange adverse qui se trouve devant elle sur cette ligne, si cette phalange compte moins de pierres que la vôtre. Une pierre seule ne prend jamais ; la prise n'est jamais obligatoire.
rules-epaminondas-win = Au début de votre tour, si vous avez plus de pierres sur la première rangée de l'adversaire qu'il n'en a sur la vôtre, vous gagnez.
rules-epaminondas-anti-symmetry = Antisymétrie, activée par défaut (option : désactivée) : un coup qui amène une pierre sur la première rangée adverse ne peut pas laisser une position identique aux couleurs inversées, en miroir entre les deux camps ou après un demi-tour. Le texte de la règle est signalé comme peu clair : c'est notre lecture.
rules-epaminondas-no-stones = Un joueur qui n'a plus de pierres perd.
