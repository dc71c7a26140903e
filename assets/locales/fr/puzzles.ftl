# Les problèmes : la liste et le panneau à côté du plateau. Français.

## La liste

puzzles-title = Problèmes
puzzles-intro = Chaque problème est prouvé par le moteur : le camp au trait force le gain dans le nombre de coups annoncé contre toute défense, et un seul premier coup y parvient.
# $moves : le N de « gain en N ».
puzzles-group-win = { $moves ->
    [one] Gain en 1 coup
   *[other] Gain en { $moves } coups
}
puzzles-group-article = La tactique de l'article français sur Lines of Action
# $solved, $total : des nombres.
puzzles-group-count = résolus : { $solved }/{ $total }
puzzles-state-new = nouveau
puzzles-state-tried = essayé
puzzles-state-solved = résolu
puzzles-legend = ✔ résolu · ○ essayé · sans marque : nouveau
# $file : un fichier de problème ; $problem : ce qui ne va pas.
puzzles-file-problem = Un problème a été écarté ({ $file }) : { $problem }
puzzles-problem-not-text = le fichier n'est pas du texte.
puzzles-problem-not-a-puzzle = la partie n'a pas d'étiquette Puzzle (comme [Puzzle "win in 2"]).
puzzles-problem-bad-goal = son étiquette Puzzle ne dit pas de but (comme « win in 2 »).
puzzles-problem-no-solution = le problème n'a aucun coup (ses coups sont la solution).
puzzles-problem-finished = la position de départ du problème est déjà terminée.
puzzles-problem-other-rules = un problème de { $game } ({ $rules }), pas aux règles de son dossier.
puzzles-none = Aucun problème n'a été trouvé.
puzzles-back-to-title = Retour à l'écran titre
# L'en-tête d'un dossier de variante ou de plateau. $game : le nom du jeu ; $variant : le nom de la variante ou puzzles-board-small.
puzzles-section-variant = { $game } · { $variant }
puzzles-board-small = plateau 8 × 8
# Les thèmes : ce que fait le coup clé d'un problème (trouvé par le moteur).
puzzle-theme-connect = Relier
puzzle-theme-capture = Prendre pour gagner
puzzle-theme-quiet = Coup tranquille
puzzle-theme-breakthrough = Percée
puzzle-theme-block = Parer la menace
puzzle-theme-defend = Défendre
# $id : l'identifiant du problème, son dossier et son fichier joints par un tiret (loa-w2-03) ; le titre de chaque problème.
puzzle-title = { $id ->
    [loa-w1-01] Un pas vers le groupe
    [loa-w1-02] Le bord se referme
    [loa-w1-03] Le lien en diagonale
    [loa-w1-04] Loin du bord
    [loa-w1-05] Au centre
    [loa-w1-06] La grande diagonale
    [loa-w1-07] Le retardataire
    [loa-w1-08] Remonter la diagonale
    [loa-w1-09] Combler le vide
    [loa-w2-01] Prise latérale
    [loa-w2-02] Prendre et regrouper
    [loa-w2-03] Le pas tranquille
    [loa-w2-04] Frappe d'en haut
    [loa-w2-05] Coup en diagonale
    [loa-w2-06] À travers le plateau
    [loa-w2-07] Préparer la jonction
    [loa-w2-08] Descente du bord
    [loa-w2-09] Le grand détour
    [loa-w3-01] Depuis le coin
    [loa-w3-02] Le long du bas
    [loa-w3-03] Le rassemblement
    [loa-w3-04] La longue prise
    [loa-w3-05] En montant la colonne h
    [loa-w3-06] En descendant la colonne d
    [loa-w3-07] Raid en diagonale
    [loa-w3-08] Prise en profondeur
    [loa-w3-09] La diagonale silencieuse
    [loa-w4-01] Lentement mais sûrement
    [loa-w4-02] Bloquer, puis gagner
    [loa-w4-03] La prise lointaine
    [loa-w4-04] Patience
    [loa-w4-05] Prendre et construire
    [loa-w4-06] La longue marche
    [loa-w4-07] Un petit pas
    [loa-w4-08] La fin de partie
    [loa-6x6-w1-01] Monter au coin
    [loa-6x6-w1-02] La jonction en diagonale
    [loa-6x6-w1-03] Le long de la colonne
    [loa-6x6-w2-01] Un pas tranquille
    [loa-6x6-w2-02] À travers le centre
    [loa-6x6-w3-01] D'abord bloquer
    [loa-6x6-w3-02] Vers le centre
    [loa-6x6-w4-01] Le long projet
    [loa-7x7-w1-01] Deux pas de côté
    [loa-7x7-w1-02] La diagonale montante
    [loa-7x7-w1-03] Le long du bord
    [loa-7x7-w2-01] Rassembler
    [loa-7x7-w2-02] Hors du coin
    [loa-7x7-w3-01] Une prise pour commencer
    [loa-7x7-w3-02] Le chemin patient
    [loa-7x7-w4-01] Quatre pour finir
    [loa-article-defence] Que peut faire Noir ?
    [scrambled-eggs-w1-01] Le dernier œuf
    [scrambled-eggs-w2-01] Battus ensemble
    [scrambled-eggs-w2-02] Dans le bol
    [scrambled-eggs-w3-01] À feu doux
    [parachute-w1-01] Atterrissage en douceur
    [parachute-w2-01] La descente
    [parachute-w2-02] Zone de largage
    [parachute-w3-01] Chute libre
    [boundless-w1-01] Dans les limites
    [boundless-w2-01] Venu d'au-delà du bord
    [boundless-w2-02] Nul bord où se cacher
    [boundless-w3-01] Le voyageur lointain
    [epaminondas-w1-01] La phalange frappe
    [epaminondas-w1-02] Par la porte
    [epaminondas-w1-03] Droit au but
    [epaminondas-w1-04] Un pas vers la gloire
    [epaminondas-w1-05] Le coup de balai
    [epaminondas-w1-06] Se faufiler
    [epaminondas-w1-07] Charge en diagonale
    [epaminondas-w1-08] La longue colonne
    [epaminondas-w1-09] Briser le mur
    [epaminondas-w1-10] Course oblique
    [epaminondas-w1-11] Tout droit
    [epaminondas-w1-12] La diagonale ouverte
    [epaminondas-w1-13] Jusqu'au coin
    [epaminondas-w2-01] Deux coups
    [epaminondas-w2-02] Préparer la charge
    [epaminondas-w2-03] Ouvrir la voie
    [epaminondas-w2-04] Vague après vague
    [epaminondas-w2-05] La seconde vague
    [epaminondas-w2-06] Le leurre
    [epaminondas-w2-07] Prendre et avancer
    [epaminondas-w2-08] Sacrifice à la porte
    [epaminondas-w2-09] L'appât
    [epaminondas-w2-10] Offrir et reprendre
    [epaminondas-w2-11] Échanger pour gagner
    [epaminondas-w2-12] Assaut en colonne
    [epaminondas-w2-13] La longue oblique
    [epaminondas-w3-01] Tenir la ligne
    [epaminondas-w3-02] L'infiltré
    [epaminondas-w3-03] Deux fronts
    [epaminondas-w3-04] Sans relâche
    [epaminondas-w3-05] Trois vagues
    [epaminondas-small-w1-01] Petit plateau, longue course
    [epaminondas-small-w2-01] Jusqu'au bout
    [epaminondas-small-w2-02] Plongeon en diagonale
    [epaminondas-small-w3-01] Le pas patient
   *[other] { $id }
}

## Le panneau à côté du plateau

# $group : le nom du groupe (puzzles-group-win ou -article) ; $theme : le thème du problème (puzzle-theme-…) ; $number, $total : des nombres.
puzzle-heading = { $group } · { $theme } · problème { $number } sur { $total }
# $colour : black ou white (le camp au trait) ; $moves : le N de « gain en N ».
puzzle-goal-win = { $colour ->
    [black] Les Noirs jouent
   *[white] Les Blancs jouent
} et gagnent en { $moves ->
    [one] 1 coup.
   *[other] { $moves } coups.
}
# Un problème de défense. $colour : le camp au trait ; $moves : le gain adverse menacé.
puzzle-goal-defend = { $colour ->
    [black] Les Noirs
   *[white] Les Blancs
} au trait : empêchez le gain adverse en { $moves ->
    [one] 1 coup.
   *[other] { $moves } coups.
}
puzzle-article-question = C'est à Noir de jouer. Blanc menace de gagner en deux tours : a2-c2. Que peut faire Noir ?
puzzle-article-source = D'après l'article français sur Lines of Action, « Un peu de tactique ». La figure de l'article est perdue : la position est reconstruite d'après son texte.
# $moves : les coups qui restent à l'attaquant.
puzzle-moves-left = { $moves ->
    [one] Il reste 1 coup.
   *[other] Il reste { $moves } coups.
}
puzzle-your-move = À vous de jouer.
puzzle-thinking = Le moteur cherche la meilleure défense…
# $move : la réponse du moteur, dans la notation du jeu.
puzzle-reply = Le moteur a répondu { $move }.
# $square : une case comme c1.
puzzle-hint-piece = Indice : jouez { $game ->
    [epaminondas] la pierre
   *[loa] le pion
} en { $square }.
# $move : un coup comme c1-d2.
puzzle-hint-move = Indice : jouez { $move }.
puzzle-showing = La solution, coup par coup…
puzzle-solved = Résolu !
puzzle-solved-not-counted = Résolu, après avoir vu la solution : essayez un autre problème pour qu'il compte.
# $played : le coup joué ; $escape : la défense qui échappe au gain forcé.
puzzle-not-winning = { $played } ne force pas le gain dans les coups qui restent : la réponse { $escape } y échappe.
# $played : le coup joué.
puzzle-not-winning-end = { $played } ne gagne pas : la partie s'est terminée sans votre victoire.
puzzle-not-winning-plain = Ce coup ne force pas le gain dans les coups qui restent.
puzzle-solution-shown = La solution : { $moves }. Un problème ne compte comme résolu que si vous le résolvez sans afficher la solution.
# $played : le coup joué.
puzzle-saved = { $played } empêche le gain forcé : bien défendu !
puzzle-lost = L'adversaire a gagné : ce coup ne sauvait pas la partie.
# $count : les coups légaux des Noirs dans la position du problème.
puzzle-article-verdict = Le verdict du moteur : rien ne sauve Noir dans cette position. Après chacun des { $count } coups de Noir, Blanc force le gain en deux coups au plus. Les essais de l'article : b4-d2 met un troisième pion sur la deuxième rangée, et a2xd2 gagne ; b3-c2 ouvre la diagonale, et a2xd5 gagne ; b4-b2 est suivi de c5-b4, qui menace a2-a3. L'article conclut : « Noir ne disposerait d'aucun mouvement gagnant », et laisse le lecteur essayer d'autres options ; le moteur les a toutes essayées.
puzzle-button-hint = Indice
puzzle-button-solution = Voir la solution
puzzle-button-try-again = Réessayer
puzzle-button-next = Problème suivant
puzzle-button-list = Retour à la liste
