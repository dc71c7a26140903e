# Joueurs nommés : les noms du dialogue Nouvelle partie, le fichier des joueurs retenus, la cote
# de chaque joueur nommé. Français.

## Nouvelle partie : chaque place d'une personne a un nom. $name : le nom d'un joueur ; $rating :
## un nombre entier.
players-name-rating = { $name } (cote { $rating })
players-no-name = Sans nom
players-add = Ajouter un joueur…
players-hint = Qui s'assoit ici : un joueur retenu, un nouveau, ou personne de nommé. Les parties d'un joueur nommé comptent pour sa propre cote.
players-name-hint = Nom
players-add-confirm = Ajouter
players-add-cancel = Retour à la liste (rien n'est ajouté)
players-refused-empty = Tapez d'abord un nom.
# $max : le nombre maximal de caractères d'un nom.
players-refused-too-long = Un nom a au plus { $max } caractères.
players-refused-taken = Il y a déjà un joueur de ce nom.
players-refused-reserved = Ce nom est réservé aux joueurs sans nom et à l'ordinateur.

## Le panneau de fin de partie. $name : le nom d'un joueur ; $side : Noir
## ou Blanc.
players-at-seat = { $name }, côté { $side }

## Le panneau de fin de partie, après une partie comptée pour un joueur nommé. $name : son nom ;
## $game : le nom du jeu ; $rating, $deviation : des nombres entiers ; $change : avec son signe.
players-change = Cote de { $name } à { $game } : { $rating } ± { $deviation } ({ $change } depuis { $before })

## Votre force : de qui.
players-whose = La force de :
players-you = Vous (sans nom)
