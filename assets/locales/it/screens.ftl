# La schermata del titolo e quella delle impostazioni. Italiano.

## Schermata del titolo

title-games = Lines of Action · Epaminondas
title-source = di Claude Soucie · di Robert Abbott
title-against-computer = Gioca contro il computer
title-hot-seat = Più giocatori, uno schermo
title-exhibition = Esibizione
title-lessons = Lezioni
title-puzzles = Problemi
title-open = Apri una partita salvata…
title-settings = Impostazioni
title-quit = Esci
button-settings = Impostazioni…

## Schermata delle impostazioni

settings-title = Impostazioni
settings-language = Lingua
# $language: la lingua del sistema, nel suo nome.
settings-language-system = Sistema ({ $language })
settings-theme = Tema
theme-wood = Legno
theme-stone = Pietra
theme-tournament = Torneo
theme-high-contrast = Alto contrasto
settings-ui-scale = Dimensione di testo e pannelli
# Under the sizes, when the largest are greyed: the window is too narrow for them.
settings-ui-scale-wider = Le dimensioni più grandi richiedono una finestra più larga.
settings-volume = Volume
settings-mute = Silenzioso
settings-animation = Animazione
settings-evaluation = Valutazione
settings-evaluation-show = Mostra il giudizio del computer durante la partita
settings-fullscreen = Schermo intero
settings-fullscreen-key = Attivo (F11)
settings-close = Chiudi
