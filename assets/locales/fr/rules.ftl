# La fenêtre Règles (F1) : les règles de chaque jeu en un titre et cinq points. Français.

rules-loa-title = Lines of Action (Claude Soucie)
rules-loa-move = Un pion se déplace en ligne droite (horizontalement, verticalement ou en diagonale) d'exactement autant de cases qu'il y a de pions — amis ou adverses — sur toute cette ligne.
rules-loa-jump = Un pion peut sauter par-dessus ses propres pions, mais jamais par-dessus un pion adverse. Il ne peut pas terminer sur un de ses pions ; s'il termine sur un pion adverse, celui-ci est pris.
rules-loa-connect = Connectez tous vos pions en un seul groupe (qui se touchent par un côté ou par un angle) pour gagner. Un pion seul est connecté.
rules-loa-capture = Si votre prise laisse l'adversaire connecté, l'adversaire gagne. Un coup qui connecte les deux camps est une partie nulle par défaut (option : celui qui vient de jouer gagne).
rules-loa-pass = Sans coup légal, on passe. La troisième répétition d'une position est une partie nulle (option).

rules-epaminondas-title = Epaminondas (Robert Abbott)
rules-epaminondas-phalanx = Une phalange est une ligne continue de vos pierres. Choisissez sa queue : la queue et les pierres devant elle se déplacent ensemble, d'une case jusqu'à autant de cases qu'il y a de pierres, le long de leur ligne. Une pierre seule se déplace d'une case dans n'importe quelle direction.
rules-epaminondas-capture = Les cases traversées doivent être vides. Arriver sur une pierre adverse prend toute la rangée adverse en face, si elle est plus courte que votre phalange.
rules-epaminondas-win = Au début de votre tour, si vous avez plus de pierres sur la première rangée de l'adversaire qu'il n'en a sur la vôtre, vous gagnez. Un joueur sans pierres perd.
rules-epaminondas-anti-symmetry = Antisymétrie (option) : un coup sur la dernière rangée ne peut pas laisser une position symétrique aux couleurs inversées.
rules-epaminondas-pass = Sans coup légal, on passe. La troisième répétition d'une position est une partie nulle (option).
