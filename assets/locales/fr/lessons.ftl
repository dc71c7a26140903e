# Les leçons (src/learn). Français (Lines of Action : pions ; Epaminondas : pierres, phalange).

## La liste et les boutons

lesson-list-heading = Leçons
lesson-list-intro = Chaque leçon place une position sur le plateau. Lisez, puis jouez sur le plateau.
lesson-group-loa = Lines of Action
lesson-group-loa-variants = Lines of Action : options et variantes
lesson-group-epaminondas = Epaminondas
lesson-group-strategy = Stratégie
lesson-back-to-title = Retour à l'écran titre
lesson-back-to-list = Retour aux leçons
# $step : le numéro de l'étape ; $total : le nombre d'étapes de la leçon.
lesson-step = Étape { $step } sur { $total }
# $side : side-black ou side-white.
lesson-you-play = Vous jouez : { $side }.
lesson-next = Suivant ›
lesson-finish = Terminer ✔
lesson-show-me = Montrez-moi
lesson-try-again = Réessayer
lesson-right = Bravo !
lesson-shown = Voici le coup.
lesson-illegal = Interdit :
lesson-legal-but = Permis, mais…
lesson-not-this-one = Ce coup est permis, mais ce n'est pas celui que demande cette étape. Cliquez sur « Réessayer ».
# Les données d'une leçon ne se mettent pas en place (un défaut du jeu) : $text est la position écrite.
lesson-problem-position = La position de cette leçon ne peut pas être mise en place : { $text }
lesson-problem-move = Le coup de cette leçon ne peut pas être lu : { $move }
lesson-problem-refused = Les règles refusent le coup { $move } de cette leçon : { $why }

## Lines of Action

lesson-loa-six-title = Une première partie sur 6 × 6
lesson-loa-six-0-ask = Lines of Action sur un petit plateau, pour l'apprendre en quelques minutes : huit pions chacun. Ceux de Noir sont sur la première et la dernière rangée (b1–e1, b6–e6), ceux de Blanc sur les deux colonnes du bord (a2–a5, f2–f5). Le premier qui réunit tous ses pions en un seul groupe gagne. Appuyez sur « Suivant ».
lesson-loa-six-1-ask = Un pion avance en ligne droite (en travers, en long ou en diagonale) d'exactement autant de cases qu'il y a de pions sur cette ligne, des deux couleurs. La colonne b porte deux pions, b1 et b6 : avancez b1 de deux cases.
lesson-loa-six-1-done = b1-b3 : deux pions sur la ligne, deux cases.
lesson-loa-six-2-ask = Un pion peut sauter par-dessus les siens mais pas par-dessus ceux de l'adversaire, et il prend un pion ennemi en s'arrêtant sur sa case. La colonne d porte deux pions : prenez le pion blanc en d4.
lesson-loa-six-2-done = d2xd4 : le pion blanc quitte le plateau. Moins de pions se réunissent plus vite : prenez avec prudence.
lesson-loa-six-3-ask = Les pions noirs de b2, c2 et c3 se touchent déjà (les diagonales comptent). Amenez e1 jusqu'à eux et gagnez.
lesson-loa-six-3-done = Un seul groupe : Noir gagne. C'est tout le jeu. Jouez-en une partie sur 6 × 6 contre l'ordinateur (Nouvelle partie, Plateau 6 × 6), puis passez au plateau 8 × 8 dans les leçons suivantes.

lesson-loa-moves-title = De combien avance un pion
lesson-loa-moves-0-ask = Le départ : douze pions chacun. Ceux de Noir sont sur les rangées du bas et du haut (b1–g1, b8–g8), ceux de Blanc sur les deux colonnes du bord (a2–a7, h2–h7). Ici Noir commence, comme chez Sackson et en tournoi ; certaines éditions font commencer Blanc (une option de Nouvelle partie). Cliquez sur « Suivant ».
lesson-loa-moves-1-ask = Un pion se déplace en ligne droite (horizontalement, verticalement ou en diagonale) d'exactement autant de cases qu'il y a de pions sur cette ligne, amis ou adverses. La colonne b compte deux pions, b1 et b8 : avancez b1 de deux cases.
lesson-loa-moves-1-done = b1-b3 : deux pions sur la ligne, deux cases. La leçon « Une partie d'exemple » commence de la même façon.
lesson-loa-moves-2-ask = En diagonale aussi. La diagonale qui part de c1 vers la droite compte deux pions : c1 et le pion blanc en h6 (les adverses comptent aussi). Déplacez c1 le long de cette diagonale.
lesson-loa-moves-2-done = c1-e3 : deux pions, deux cases.
lesson-loa-moves-3-ask = Comptez toute la ligne, des deux côtés du pion. La 4e rangée compte trois pions : a4, d4 et h4. Déplacez d4 vers la droite.
lesson-loa-moves-3-done = d4-g4 : trois cases. Vers la gauche, il irait aussi de trois cases et prendrait a4.

lesson-loa-jump-title = Sauter et prendre
lesson-loa-jump-1-ask = Le schéma de l'article français. La 6e rangée compte trois pions, mais a6 ne peut pas aller en d6 : il sauterait le pion noir en c6, et on ne saute jamais un pion adverse. Essayez a6-d6. Puis jouez a6-c4 : la diagonale a6–f1 compte deux pions.
lesson-loa-jump-1-done = a6-c4 : deux pions sur la diagonale (a6 et f1), deux cases, rien ne barre le chemin.
lesson-loa-jump-2-ask = À Noir, comme dans la suite de l'article. Vos propres pions ne bloquent jamais : on peut les sauter (mais pas s'arrêter dessus). La diagonale a4–e8 compte trois pions : descendez e8 de trois cases jusqu'en b5, par-dessus votre pion en c6.
lesson-loa-jump-2-done = e8-b5 : trois pions sur la diagonale, trois cases, par-dessus votre propre pion.
lesson-loa-jump-3-ask = De nouveau Blanc. Un pion qui s'arrête sur un pion adverse le prend. La courte diagonale h3–f1 compte deux pions : prenez le pion noir en f1.
lesson-loa-jump-3-done = h3xf1 : le pion noir quitte la partie.

lesson-loa-capture-title = Prendre
lesson-loa-capture-1-ask = Un pion qui s'arrête sur un pion adverse le prend. La 3e rangée compte trois pions : c3 avance de trois cases vers la droite et arrive en f3. Prenez-le.
lesson-loa-capture-1-done = Pris : le pion en f3 quitte la partie. Mais le but n'est pas de prendre, c'est de relier.

lesson-loa-connect-title = Relier ses pions
lesson-loa-connect-1-ask = Le but : tous vos pions en un seul groupe. Des pions qui se touchent par un côté ou par un coin (en diagonale) sont reliés. Un coup relie tous les pions noirs : trouvez-le.
lesson-loa-connect-1-wrong = Permis, mais vos pions ne forment pas encore un seul groupe. Quel pion est isolé ? Cliquez sur « Réessayer ».
lesson-loa-connect-1-done = Tous vos pions se touchent, diagonales comprises. Un seul pion restant compterait aussi comme relié.
lesson-loa-connect-2-ask = La règle d'Abacus montre Noir qui gagne en déplaçant son pion de g5 en f4. Ici aussi, g5 est le seul pion noir à l'écart : reliez vos pions.
lesson-loa-connect-2-done = Vos pions forment un seul groupe : vous gagnez. Le nombre de pions ne compte pas, seulement qu'ils se touchent tous.
lesson-loa-connect-3-ask = L'« exemple de partie gagnée » de l'article français, dans une position à nous : il reste à Blanc un pion à ramener. Il faudrait encore deux tours à Noir pour réunir les siens. Reliez les pions blancs.
lesson-loa-connect-3-done = Blanc est relié et gagne, alors que les pions noirs sont encore dispersés.

## Options et variantes

lesson-loa-both-title = Un coup qui relie les deux camps
lesson-loa-both-1-ask = Et si un coup relie les deux camps à la fois ? Prenez g3 avec g1 (deux pions sur la colonne g) : vos pions se rejoignent, et il reste à Blanc d6 et e6, qui se touchent.
lesson-loa-both-1-done = Les deux camps sont reliés. Par défaut (la règle des tournois, et celle du texte italien), la partie est nulle.
lesson-loa-both-2-ask = Le même coup avec l'option « celui qui vient de jouer gagne » (A Gamut of Games, 2e édition ; la règle d'Abacus). Prenez de nouveau g3.
lesson-loa-both-2-done = Cette fois, celui qui vient de jouer gagne. La règle se choisit dans la fenêtre Nouvelle partie.

lesson-loa-first-title = Qui commence
lesson-loa-first-1-ask = Par défaut, Noir commence (Sackson, la Computer Olympiad). Une option fait commencer Blanc, comme dans certaines éditions (celle d'Abacus, par exemple). La position de départ ne change pas. Ici, Blanc a le trait : essayez un coup.

lesson-scrambled-title = Œufs brouillés
lesson-scrambled-1-ask = Œufs brouillés (Scrambled Eggs, Claude Soucie) : les couleurs alternent le long du bord et les coins sont vides. Le reste ne change pas. Jouez un premier coup.
lesson-scrambled-1-done = Les pions partent mélangés : les groupes se forment tout autrement.

lesson-parachute-title = Parachute
lesson-parachute-1-ask = Parachute (David Voorhees) : seuls les pions des colonnes a et h commencent sur le plateau ; chaque joueur garde en réserve six pions de l'adversaire. Pendant vos six premiers tours, jouez un coup, puis posez un des pions adverses que vous gardez sur une case vide (elle s'éclaire en bleu). Essayez.
lesson-parachute-1-done = Posé ! Posez les pions de l'adversaire là où ils le gênent. Notre règle : vous ne pouvez pas gagner tant que votre adversaire garde en réserve certains de vos pions.

lesson-four-title = LOA à quatre
lesson-four-1-ask = LOA à quatre : deux équipes, Noir et Blanc. Chaque couleur a deux jeux de six pions : non marqués, et marqués d'un anneau rouge. Quatre places jouent à tour de rôle : Noir non marqués, Blanc non marqués, Noir marqués, Blanc marqués. Chaque place ne déplace que son jeu. Une équipe gagne quand tous ses pions encore sur le plateau, marqués et non marqués, sont reliés.

lesson-ambidextrous-title = LOA ambidextre
lesson-ambidextrous-1-ask = LOA ambidextre : les deux jeux de LOA à quatre, mais deux joueurs. On alterne : son jeu non marqué aux 1er, 3e, 5e… tours, son jeu marqué aux 2e, 4e… Sans coup permis dans ce jeu, on passe. Ici, c'est le jeu non marqué de Noir : ses pions brillent.

lesson-boundless-title = Sans limites
lesson-boundless-1-ask = Sans limites : le plateau n'a pas de bord. Les pions peuvent sortir du carré 8×8 et chaque ligne continue sans fin. La colonne b compte deux pions : reculez b1 de deux cases, hors du plateau.
lesson-boundless-1-done = Hors du plateau, et permis : le plateau grandit avec les pions. On compte comme d'habitude, sur toute la ligne sans fin.

## Epaminondas

lesson-epa-board-title = Le plateau et les phalanges
lesson-epa-board-1-ask = Epaminondas se joue sur un plateau de 14 colonnes et 12 rangées. Chaque joueur a 28 pierres sur ses deux rangées de départ : Blanc sur les rangées 1 et 2, Noir sur les rangées 11 et 12. Blanc commence. Cliquez sur « Suivant ».
lesson-epa-board-2-ask = Une phalange est une ligne droite de vos pierres : horizontale, verticale ou diagonale. a1 et b2 forment une phalange diagonale de deux pierres. Prenez a1 comme queue et avancez la paire en diagonale, d'une ou deux cases.
lesson-epa-board-2-done = Toute la phalange a avancé le long de sa diagonale, d'au plus autant de cases qu'elle a de pierres.
lesson-epa-board-3-ask = Une pierre peut appartenir à plusieurs phalanges, une par direction : b2 est dans la rangée 2, dans la paire b1–b2, et dans les diagonales a1–b2 et c1–b2. Avancez la paire c1–b2 vers le haut et la gauche : queue c1, une case.
lesson-epa-board-3-done = b2 a avancé comme tête de la phalange c1–b2 ; ses autres phalanges n'ont pas bougé.

lesson-phalanx-title = Les phalanges sur un petit plateau
lesson-phalanx-1-ask = Sur le petit plateau 8×8 (une option, pour des parties courtes), votre phalange c1–c3 a trois pierres. Elle avance le long de sa ligne d'au plus autant de cases qu'elle a de pierres : cliquez sa queue c1, puis avancez-la de trois cases (sa tête arrive en c6).
lesson-phalanx-1-done = Trois pierres, jusqu'à trois cases. Une pierre seule avance d'une case, dans n'importe quelle direction.
lesson-phalanx-2-ask = Une phalange peut se diviser : prenez une pierre du milieu comme queue, seules elle et celles de devant bougent. Prenez c2 comme queue : c2 et c3 avancent d'une ou deux cases.
lesson-phalanx-2-done = Seul l'avant a bougé ; c1 est resté derrière.
lesson-phalanx-3-ask = Une phalange ne traverse jamais de pierres, les vôtres ni celles de l'adversaire. Votre pierre en c5 barre le chemin. Essayez c1 vers c6, puis avancez la phalange aussi loin que possible.
lesson-phalanx-3-done = Seule c4 était libre : une case.

lesson-epa-capture-title = Prendre avec une phalange
lesson-epa-capture-1-ask = Pour prendre, la tête de votre phalange s'arrête sur une pierre adverse. La phalange adverse qui lui fait face, en ligne à partir de cette pierre (c5 et c6 : deux pierres), doit être plus courte que la vôtre (trois). Prenez : c1 vers c5.
lesson-epa-capture-1-done = Toute la phalange adverse a disparu. Une pierre seule ne prend jamais, et la prise n'est jamais obligatoire.
lesson-epa-capture-2-ask = L'égalité ne suffit pas : votre paire f2–f3 ne peut pas prendre la paire f5–f6 (essayez f2 vers f5). La pierre seule en d5, elle, peut être prise : prenez-la.
lesson-epa-capture-2-done = Deux contre une : prise. Deux contre deux demanderait une troisième pierre.

lesson-epa-win-title = Gagner, et défendre sa rangée de départ
lesson-epa-win-1-ask = Vous gagnez si, au début de votre tour, vous avez plus de pierres sur la rangée de départ adverse que l'adversaire n'en a sur la vôtre. Celle de Noir est la rangée 8. Amenez-y e7, et tenez un tour.
lesson-epa-win-1-done = Noir n'a pas pu prendre votre pierre. Au début de votre tour, vous avez une pierre sur la rangée 8 et Noir aucune sur la rangée 1 : vous gagnez.
lesson-epa-win-2-ask = Sur le vrai plateau : une pierre noire est arrivée en g1, sur votre rangée de départ. Si elle y est encore au début du tour de Noir, et que vous n'avez aucune pierre sur la rangée 12, Noir gagne. Répondez.
lesson-epa-win-2-done = L'intruse a disparu. Une phalange de deux pierres ou plus, alignée avec elle, la prend ; une pierre seule ne le pourrait pas.

lesson-symmetry-title = La règle d'antisymétrie
lesson-symmetry-1-ask = Un coup qui arrive sur la dernière rangée ne peut pas laisser une position identique couleurs inversées (en miroir de haut en bas, ou retournée d'un demi-tour). Cette règle est active par défaut ; le texte français la dit de façon peu claire, et voici notre lecture. Noir a une pierre en c1, sur votre rangée. c7 vers c8 donnerait ce miroir : essayez. Puis atteignez la rangée 8 autrement.
lesson-symmetry-1-done = Une pierre chacun sur la dernière rangée : personne ne gagne encore, la partie continue.

## Stratégie

lesson-opening-title = Les coups d'ouverture
lesson-opening-1-ask = À l'ouverture, les pions des deux camps sont très mobiles et le jeu peut vite devenir tactique. Jouez un premier coup qui n'offre à Blanc aucune nouvelle prise.
lesson-opening-1-wrong = Permis, mais Blanc peut maintenant prendre un de vos pions. Cliquez sur « Réessayer ».
lesson-opening-1-done = Rien de nouveau à prendre. Un bon coup d'ouverture enlève aussi des cases aux pions adverses.

lesson-game-title = Une partie d'exemple
lesson-game-1-ask = Une partie d'exemple, tirée d'une présentation française de Lines of Action. Noir commence par b1-b3 (deux pions sur la colonne b) : ce coup n'offre aucune prise à Blanc et limite ses pions de la colonne a. Jouez-le.
lesson-game-1-done = Blanc répond h4-f2 (deux pions sur cette diagonale) et commence à gêner la première rangée de Noir.
lesson-game-2-ask = Noir prend a4 depuis d1, en sautant son propre pion en b3 : la diagonale compte trois pions (d1, b3, a4). Jouez-le.
lesson-game-2-done = Un pion de plus, mais les prises rapides sur les bords sont rarement intéressantes. Blanc répond h2-e2, en sautant son propre pion, et continue de bloquer la première rangée de Noir.
lesson-game-3-ask = Blanc a joué en second, mais il a déjà l'avantage : e2 et f2 enferment la première rangée de Noir. Noir essaie d'en sortir : e1 vers c3 (deux pions sur cette diagonale).
lesson-game-3-done = Blanc prend quand même : a5 prend c3.
lesson-game-4-ask = La partie de l'article s'arrête ici. Noir a le trait, de nouveau à égalité de pions (onze chacun), sa première rangée toujours murée ; Blanc prévoit a2-d2 pour fermer son mur. Cliquez sur « Terminer ».

lesson-wall-title = Le mur
lesson-wall-1-ask = Bloquez les pions adverses contre le bord en vous déplaçant le long de votre deuxième rangée. Si Noir avait joué c8-c6 dans la partie d'exemple, Blanc continuerait son mur : e2 et f2 enferment déjà la première rangée de Noir. Jouez a2 vers d2.
lesson-wall-1-done = d2, e2 et f2 : les pions noirs de la rangée 1 devront sortir par les côtés pour rejoindre les autres.

lesson-centre-title = Les prises au centre
lesson-centre-1-ask = Noir peut prendre sur le bord (d1 prend a4) ou au centre (g3 prend e5). Laquelle est la meilleure ? Jouez-la.
lesson-centre-1-wrong = Permis, mais ce n'est pas une prise au centre : le pion en a4 servait peu à Blanc. Prenez plutôt au centre. Cliquez sur « Réessayer ».
lesson-centre-1-done = Les prises au centre sont souvent très bonnes : la chaîne blanche e5–f6–g7 est coupée et votre pion est au milieu. Plus de pions peuvent bloquer, mais moins de pions sont plus faciles à réunir.

lesson-which-title = Quelle prise, selon quelle règle
lesson-which-1-ask = Deux coups relient vos pions : g1 vers f2, ou g1 qui prend e1. Mais la prise relie aussi les deux derniers pions blancs, et avec la règle des tournois (par défaut) un coup qui relie les deux camps donne une partie nulle. Gagnez.
lesson-which-1-wrong = Pas une victoire : votre prise a aussi relié Blanc, et avec cette règle la partie est nulle. Cliquez sur « Réessayer », et reliez sans prendre.
lesson-which-1-done = Vous gagnez sans relier du même coup les pions blancs.
lesson-which-2-ask = La même position avec la règle d'A Gamut of Games, 2e édition : celui qui vient de jouer gagne quand les deux camps sont reliés. Maintenant la prise gagne aussi. Gagnez, d'une façon ou de l'autre.
lesson-which-2-done = Avec cette règle, les deux coups gagnent. Vérifiez la règle avant de prendre.
