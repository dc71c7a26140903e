# Partager : la partie en GIF animé, la position affichée en PNG, la notation copiée
# (le bouton Partager… de la fin de partie et de la revue). Français.

share-open = Partager…
share-title = Partager cette partie
share-intro = Un GIF animé de toute la partie et une image de la position affichée, assez légers pour être publiés. La notation de la partie est copiée dans le presse-papiers.
share-size = Taille des images
share-size-small = Petite ({ $pixels } px)
share-size-medium = Moyenne ({ $pixels } px)
share-size-large = Grande ({ $pixels } px)
share-save = Enregistrer les images
share-make = Créer les images
share-saved = Enregistrées dans { $folder } :
share-file = { $name } ({ $size })
share-kilobytes = { $kb } Ko
share-ready = Les images sont prêtes :
share-download-gif = Télécharger le GIF ({ $size })
share-download-png = Télécharger le PNG ({ $size })
share-sheet = Partager…
share-copied = La notation de la partie est dans le presse-papiers.
share-failed-folder = Les images n'ont pas pu être enregistrées dans { $folder } : { $problem }
share-no-board = La variante Sans limites n'a pas de plateau de cases à dessiner.
share-too-long = Cette partie compte { $moves } coups : un GIF en montre { $limit } au plus.
share-not-drawn = Cette partie n'a pas pu être dessinée.
share-close = Fermer
# Les deux joueurs d'une couleur à LOA à quatre, sur les images.
share-team = { $first } et { $second }
# La ligne sous les noms sur la première image : le jeu et sa variante.
share-title-variant = { $game }, { $variant }
