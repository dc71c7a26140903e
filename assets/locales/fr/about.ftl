# La page « À propos » de chaque jeu (un onglet de la fenêtre Règles, et « À propos des jeux »
# sur l'écran titre) : son inventeur et son histoire, d'après les textes de règles sur lesquels
# le jeu repose, chacun disant de quel texte il vient. Français.

title-about = À propos des jeux
about-title = À propos
rules-tab-rules = Règles
rules-tab-about = Histoire
about-heading-inventor = Le jeu et son inventeur
about-heading-sources = Sources

about-loa-title = Lines of Action
about-loa-soucie = Lines of Action est un jeu de stratégie combinatoire abstrait pour deux joueurs inventé par Claude Soucie. L'encyclopédie italienne le date de 1960 ; l'article français dit que ses règles ont été présentées dans les années 1960, avant sa première édition.
about-loa-sackson = Le jeu a commencé à se répandre lors de sa publication dans le livre de Sid Sackson, A Gamut of Games (1969). Il a connu un certain engouement en Amérique du Nord, moins en Europe, où il est encore largement méconnu (article français).
about-loa-disputes = Claude Soucie est mort alors que son jeu commençait à intéresser de nombreux joueurs : certains points de règles très précis ont été fixés sans lui. Sid Sackson était très proche de lui, et sur tous les points débattus la position de Sackson est généralement acceptée comme bien fondée (article français).
about-loa-heading-editions = Les deux camps reliés du même coup
about-loa-first-edition = Dans la première édition de A Gamut of Games, un coup qui relie les deux camps à la fois donnait une partie nulle.
about-loa-second-edition = La seconde édition a changé la règle : le joueur qui vient de jouer gagne. Dans sa préface, Sackson indique qu'il a supprimé la partie nulle à la demande de Claude Soucie.
about-loa-tournaments = Malgré le souhait de l'auteur, la plupart des tournois comptent encore comme nulle une partie où un coup relie les deux camps (article français ; le texte italien dit de même). Ce jeu les suit par défaut ; la règle de la seconde édition est une option de Nouvelle partie.
about-loa-heading-variants = Variantes (règle Abacus Spiele, 1993)
about-loa-scrambled-eggs = Les œufs brouillés, inventée par Claude Soucie lui-même : un autre départ, les couleurs alternant le long des bords.
about-loa-parachute = Le Parachute, de David Voorhees : seule la moitié des pions commence sur le plateau ; pendant les six premiers tours, chaque joueur pose aussi un des pions adverses qu'il a en réserve.
about-loa-four = LOA à quatre : deux équipes de deux ; les partenaires n'ont pas le droit de se concerter, et chacun ne joue que ses propres pions (marqués ou non).
about-loa-ambidextrous = LOA ambidextre : les mêmes pions marqués pour deux joueurs, qui doivent alterner pions marqués et pions non marqués.
about-loa-boundless = Une dernière variante permet de jouer au-delà des limites du plateau.
about-loa-lot = La même règle tire les couleurs au sort et fait commencer Blanc : ce sont deux options de Nouvelle partie.
about-loa-sources = Un article français sur Lines of Action (histoire, règles, une partie d'exemple) ; la règle Abacus Spiele de 1993 en français, du site de François Haffner, avec les remerciements à Dave Dyer ; l'article « Lines of Action » de la Wikipédia italienne.

about-epaminondas-title = Epaminondas
about-epaminondas-abbott = Epaminondas est un jeu de stratégie inventé par Robert Abbott en 1975. Il tire son nom du général thébain Épaminondas, renommé pour son usage stratégique de la phalange — l'idée au cœur du jeu.
about-epaminondas-crossings = Il fut d'abord présenté sous le nom de Crossings dans le livre de Sid Sackson, A Gamut of Games. La version originale se jouait sur un plateau de dames de 8×8 ; le jeu actuel utilise un plateau de 14×12 et des règles de prise différentes.
about-epaminondas-name = À sa publication, il fut présenté comme l'un des premiers jeux modernes à mentionner le nom de son inventeur dans ses règles.
about-epaminondas-small = Le plateau de 8×8 proposé dans Nouvelle partie garde les règles actuelles sur un plateau plus petit : ce n'est pas Crossings.
about-epaminondas-sources = L'article « Epaminondas (jeu) » de Wikipédia, qui cite Kerry Handscomb, « Epaminondas … a game of classical elegance », Abstract Games no 3, et R. Wayne Schmittberger, New Rules for Classic Games, « Epaminondas and Crossings ».
