# I pannelli, i pulsanti e le finestre. Italiano.

window-title = Gamut — Lines of Action · Epaminondas

## Il pannello laterale

panel-to-move = Tocca al { $seat }
panel-game-over = Partita finita
panel-seat-player = Posto: { $player }
panel-marked-set-moves = In questo turno muovono i pezzi segnati (anello rosso); si illuminano di verde.
panel-plain-set-moves = In questo turno muovono i pezzi semplici (senza anello); si illuminano di verde.
panel-move-then-place = Muovi, poi posa uno dei pezzi { $colour ->
    [black] neri
   *[white] bianchi
} della tua riserva.
panel-thinking = Il computer sta pensando…
panel-side-pieces = { $side } — { $game ->
    [epaminondas] { $count ->
        [one] { $count } pietra
       *[other] { $count } pietre
    }
   *[loa] { $count ->
        [one] { $count } pezzo
       *[other] { $count } pezzi
    }
}
panel-plain-player = semplici: { $player }
panel-marked-player = segnati: { $player }
panel-seat-players = semplici: { $plain } · segnati: { $marked }
panel-holds = Il { $side } ha { $count } { $colour ->
    [black] { $count ->
        [one] pezzo nero
       *[other] pezzi neri
    }
   *[white] { $count ->
        [one] pezzo bianco
       *[other] pezzi bianchi
    }
} da posare
panel-computer-view = Giudizio del computer: { $view }
panel-moves = Mosse
button-undo = Annulla (U)
button-redo = Ripeti (R)
button-hint = Suggerimento (H)
button-resign = Abbandona…
button-new-game = Nuova partita (N)
button-menu = ☰ Menu
button-title = Schermata iniziale (Esc)
button-rules = Regole (F1)
button-review = Rivedi
button-saves = Partite… (Ctrl+S)
button-view-3d = Vista 3D (V)
button-view-2d = Vista 2D (V)
button-flip = Gira (F)
button-reset-view = Ricentra (C)
controls-help-flat = Clicca { $game ->
    [epaminondas] una pietra
   *[loa] un pezzo
}, poi una delle caselle evidenziate.  Rotella: zoom  ·  V: vista 3D  ·  F: gira  ·  C: ricentra
controls-help-3d = Clicca { $game ->
    [epaminondas] una pietra
   *[loa] un pezzo
}, poi una delle caselle evidenziate.  Trascina col tasto destro: ruota la scacchiera  ·  rotella: zoom  ·  V: vista 2D  ·  F: gira  ·  C: ricentra
controls-view-flat = Rotella: zoom  ·  V: vista 3D  ·  F: gira  ·  C: ricentra
controls-view-3d = Trascina col tasto destro: ruota la scacchiera  ·  rotella: zoom  ·  V: vista 2D  ·  F: gira  ·  C: ricentra
controls-help-touch-flat = Tocca { $game ->
    [epaminondas] una pietra
   *[loa] un pezzo
}, poi una delle caselle evidenziate (o trascinalo fin lì).  Due dita: pizzica per lo zoom
controls-help-touch-3d = Tocca { $game ->
    [epaminondas] una pietra
   *[loa] un pezzo
}, poi una delle caselle evidenziate (o trascinalo fin lì).  Due dita: pizzica per lo zoom, ruota per girare la scacchiera, scorri su o giù per inclinarla
controls-view-touch-flat = Due dita: pizzica per lo zoom
controls-view-touch-3d = Due dita: pizzica per lo zoom, ruota per girare la scacchiera, scorri su o giù per inclinarla

## Regole, abbandono, fine della partita

rules-title = Regole
rules-close = Chiudi
resign-title = Abbandonare?
resign-question = Il { $side } abbandona e perde questa partita.
resign-confirm = Abbandona
resign-keep-playing = Continua a giocare
game-over-title = Partita finita
game-over-new-game = Nuova partita
game-over-undo = Annulla
game-over-close = Chiudi

## La finestra Nuova partita

new-game-title = Nuova partita
new-game-start = Inizia
new-game-cancel = Annulla
new-game-game = Gioco
new-game-variant = Variante
new-game-first-player = Primo giocatore
new-game-both-connected = Entrambi connessi
new-game-draw = Patta
new-game-mover-wins = Vince chi ha appena mosso
new-game-repetition = Ripetizione
new-game-repetition-draw = La triplice ripetizione è patta
new-game-board = Scacchiera
new-game-anti-symmetry = Anti-simmetria
new-game-forbid-symmetric = Vieta le mosse simmetriche sull'ultima riga
new-game-seat-plain = { $side }, semplici
new-game-seat-marked = { $side }, segnati
new-game-human = Umano
new-game-computer = Computer
new-game-level = livello
new-game-level-value = { $number } { $name }
new-game-think-time = Tempo di riflessione
new-game-animation = Animazione
speed-instant = Istantanea
speed-fast = Veloce
speed-normal = Normale
speed-slow = Lenta

## Partite salvate e ripresa

saves-title = Partite salvate
saves-name = Nome:
saves-save = Salva
saves-open = Apri
saves-rename = Rinomina con questo nome
saves-delete = Elimina…
saves-delete-confirm = Elimina
saves-copy = Copia la notazione
saves-paste = Incolla una notazione…
saves-download = Scarica
saves-open-file = Apri un file…
saves-start-pasted = Inizia da questa notazione
saves-close = Chiudi
saves-column-name = Nome
saves-column-date = Data
saves-column-game = Gioco
saves-column-players = Giocatori
saves-column-moves = Mosse
saves-column-result = Risultato
saves-empty = Nessuna partita salvata.
saves-paste-hint = Incolla qui la notazione di una partita (Ctrl+V)
saves-confirm-delete = Eliminare «{ $name }» per sempre?
saves-unreadable = non leggibile: { $problem }
saves-failed = { $name }: { $problem }
saves-copied = Notazione copiata negli appunti.
saves-downloaded = { $name } è stato affidato al browser per lo scaricamento.
result-unfinished = non finita
result-won = ha vinto il { $side }
result-draw = patta
resume-offer = Riprendi: { $game } { $against }, mossa { $move }
resume-between-people = tra persone
resume-computer-against-computer = computer contro computer
resume-against-computer = contro il computer ({ $count ->
    [one] livello
   *[other] livelli
} { $levels })

## Rivedere una partita

review-title = Rivedi la partita
review-moves = Mosse (clicca una mossa per vederne la posizione)
review-start-position = Posizione iniziale (di { $last ->
    [one] { $last } mossa
   *[other] { $last } mosse
})
review-after-move = Dopo la mossa { $number }, { $move } (di { $last })
review-analysing = Analisi delle posizioni: { $done } di { $total }
review-analysis-done = Valutazione dal punto di vista del Nero (in alto: meglio il Nero). Clicca il grafico per saltare.
review-analysis-done-touch = Valutazione dal punto di vista del Nero (in alto: meglio il Nero). Tocca il grafico per saltare.
review-analysis-failed = L’analisi non è riuscita: il motore si è fermato. Chiudete, poi rivedete la partita per riprovare.
review-mistake = ? errore
review-blunder = ?? errore grave
review-only-move = ! unica mossa
review-evaluation = Valutazione
review-step-start = Inizio (Home)
review-step-back = Una mossa indietro (←)
review-step-forward = Una mossa avanti (→)
review-step-end = Fine (Fine)
review-play-computer = Gioca da qui contro il computer
review-play-hot-seat = Gioca da qui (in due)
review-close = Chiudi (Esc)
