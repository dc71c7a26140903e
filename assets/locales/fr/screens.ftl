# L'écran titre et l'écran des réglages. Français.

## Écran titre

title-games = Lines of Action · Epaminondas
title-source = de Claude Soucie · de Robert Abbott
title-against-computer = Jouer contre l'ordinateur
title-hot-seat = À plusieurs sur un même écran
title-exhibition = Démonstration
title-lessons = Leçons
title-puzzles = Problèmes
title-open = Ouvrir une partie enregistrée…
title-settings = Réglages
title-quit = Quitter
button-settings = Réglages…

## Écran des réglages

settings-title = Réglages
settings-language = Langue
# $language : la langue du système, dans sa propre langue.
settings-language-system = Système ({ $language })
settings-theme = Thème
theme-wood = Bois
theme-stone = Pierre
theme-tournament = Tournoi
theme-high-contrast = Contraste élevé
settings-ui-scale = Taille du texte et des panneaux
# Under the sizes, when the largest are greyed: the window is too narrow for them.
settings-ui-scale-wider = Les tailles plus grandes demandent une fenêtre plus large.
settings-volume = Volume sonore
settings-mute = Couper le son
settings-animation = Animation
settings-evaluation = Évaluation
settings-evaluation-show = Afficher l'avis de l'ordinateur pendant la partie
settings-fullscreen = Plein écran
settings-fullscreen-key = Activé (F11)
settings-close = Fermer
