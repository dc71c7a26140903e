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

## Le fichier des joueurs. $file, $kept : des noms de fichiers ; $problem : ce qui ne va pas.
# $people : combien de joueurs ont encore pu être lus et ont été gardés.
players-file-set-aside = Le fichier des joueurs n'a pas pu être lu : { $problem }. Il est gardé sous le nom { $kept } et un nouveau fichier a été commencé{ $people ->
    [0] .
    [one] avec le joueur qui a pu être lu.
   *[other] avec les { $people } joueurs qui ont pu être lus.
}
players-file-unreadable = Le fichier des joueurs ({ $file }) n'a pas pu être lu : { $problem }. Il est gardé tel quel et n'est pas réécrit ; les nouveaux joueurs et leurs parties ne seront pas retenus.
players-file-unwritable = Les joueurs n'ont pas pu être enregistrés dans { $file } : { $problem }
