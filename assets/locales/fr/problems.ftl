# Pourquoi un fichier ou une partie n'a pu être lu ou écrit.

## Un fichier (sauvegarde, sauvegarde automatique, réglages, progrès des problèmes).
file-missing = le fichier n'existe pas
file-no-permission = le système ne le permet pas
file-too-large = le fichier dépasse { $kib } Kio, plus qu'il ne peut faire
file-exists = un fichier de ce nom existe déjà
file-disk-full = le disque est plein
file-read-only = le disque ou le dossier est protégé en écriture
file-not-a-file = un dossier se trouve à la place du fichier
file-not-json = le fichier est abîmé : son texte n'est plus du JSON à la ligne { $line }, colonne { $column }
file-wrong-content = le fichier ne contient pas ce qu'il devrait (ligne { $line }, colonne { $column })
file-format-too-new = le fichier a été écrit par une version plus récente du jeu (format { $format } ; celle-ci lit jusqu'au { $newest })
file-other = le système a refusé (sa propre explication est dans le journal)

## Une partie notée, ou une sauvegarde qui en contient une.
record-at = ligne { $line }, colonne { $column } : { $problem }
record-at-in-save = ligne { $line }, colonne { $column } de la partie notée dans la sauvegarde : { $problem }
record-too-large = la partie notée dépasse { $kib } Kio, le maximum lu
record-not-utf8 = le texte n'est pas en UTF-8 (Unicode)
record-empty = la partie notée est vide (ni balises ni coups)
record-expected-tag-name = un nom de balise doit suivre « [ » (comme [Game "Lines of Action"])
record-expected-tag-value = la balise { $tag } n'a pas de valeur entre guillemets droits (comme [{ $tag } "…"])
record-unterminated-tag-value = la valeur de la balise { $tag } n'a pas de guillemet fermant sur sa ligne
record-bad-escape = « \{ $escape } » n'est pas permis dans une valeur de balise (seuls \" et \\ le sont)
record-expected-tag-end = il manque « ] » à la fin de la balise { $tag }
record-duplicate-tag = la balise { $tag } est donnée deux fois
record-bad-tag-value = la balise { $tag } ne peut pas valoir « { $value } »
record-tag-not-for-game = la balise { $tag } ne s'applique pas à ce jeu ou à cette variante
record-bad-position = la balise Position n'est pas une position de ce jeu
record-tag-after-moves = les balises doivent précéder les coups
record-unterminated-comment = le commentaire ouvert ici n'est jamais fermé par « {"}"} »
record-stray-brace = « {"}"} » ferme un commentaire qui n'a pas été ouvert
record-variation-without-move = une variante « ( » doit suivre le coup qu'elle remplace
record-unclosed-variation = la variante ouverte ici n'est jamais fermée par « ) »
record-stray-parenthesis = « ) » ferme une variante qui n'a pas été ouverte
record-empty-variation = la variante ouverte ici ne contient aucun coup
record-variation-too-deep = les variantes s'imbriquent sur plus de { $limit } niveaux
record-result-in-variation = seule la ligne principale peut finir par un résultat, pas une variante
record-move-number = le numéro de coup { $found } devrait être { $expected } ici
record-placement-without-move = la pose « { $text } » doit suivre un déplacement (comme a3-a5 @d4)
record-not-a-move = le coup { $number } (« { $text } ») n'est pas un coup de ce jeu
record-illegal-move = le coup { $number } (« { $text } ») n'est pas permis : { $reason }
record-move-after-end = le coup { $number } (« { $text } ») vient après la fin de la partie ({ $end })
record-text-after-result = seuls des commentaires peuvent suivre le résultat (une partie par fichier)
record-result-mismatch = la balise Result dit « { $tag } » mais les coups finissent par « { $movetext } »
record-result-contradicts = la partie notée dit « { $result } », mais ses coups finissent la partie autrement : { $end }
record-unexplained-result = la partie notée dit « { $result } », mais la partie n'est pas finie après ses coups (une fin anticipée demande une balise Termination)
record-termination-not-over = la balise Termination dit « { $termination } », mais la partie n'est pas finie après ses coups
record-termination-contradicts = la balise Termination dit « { $termination } », mais la règle a fini la partie : { $end }
record-termination-result = la balise Termination « { $termination } » ne va pas avec le résultat « { $result } »
record-save-not-json = la sauvegarde est abîmée (ce n'est pas du JSON valide)
record-save-not-object = la sauvegarde ne contient pas de partie (ce n'est pas un objet JSON)
record-save-no-format = la sauvegarde n'a pas de numéro de format
record-save-format-too-new = la sauvegarde a été écrite par une version plus récente du jeu (format { $format } ; celle-ci lit jusqu'au { $newest })
record-save-no-record = la sauvegarde ne contient aucune partie notée
record-unreadable = la partie notée ne peut pas être lue

## Un fichier du jeu n'a pas pu être lu ou écrit, et ce que le jeu en a fait (les mêmes mots
## pour les réglages, la sauvegarde automatique, la progression, les cotes, les joueurs, le
## tournoi et les sauvegardes). $file : lequel ; $what : son nom en sujet (data-file) ;
## $name : le nom du fichier ; $kept : le nom sous lequel il est gardé ; $problem : ce qui ne
## va pas ; $salvaged : combien d'éléments ont encore pu être lus et sont gardés.
file-inconsistent = le contenu du fichier n'est pas cohérent
file-unknown-game = le fichier est pour un jeu que cette version ne connaît pas
data-file = { $file ->
    [settings] Le fichier des réglages
    [autosave] Le fichier de sauvegarde automatique
    [progress] Le fichier de votre progression aux problèmes
    [ratings] Votre fichier des cotes
    [players] Le fichier des joueurs
    [tournament] Le fichier du tournoi enregistré
    [tables] Le fichier de vos tables
   *[save] Le fichier de sauvegarde
}
data-file-set-aside = { $what } n'a pas pu être lu : { $problem }. Il est gardé sous le nom { $kept } et un nouveau fichier a été commencé{ $salvaged ->
    [0] .
    [one] {" "}avec { $file ->
        [players] le seul joueur qui a pu être lu.
       *[other] la seule partie qui a pu être lue.
    }
   *[other] {" "}avec { $file ->
        [players] les { $salvaged } joueurs qui ont pu être lus.
       *[other] les { $salvaged } parties qui ont pu être lues.
    }
}
data-file-left-alone = { $what } ({ $name }) n'a pas pu être lu : { $problem }. Il est gardé tel quel et n'est pas réécrit ; ce qui change maintenant ne sera pas retenu.
data-file-unwritable = { $what } n'a pas pu être enregistré dans { $name } : { $problem }
