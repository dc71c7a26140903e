# L'editor di posizioni: preparare qualsiasi posizione col mouse. Italiano.

## Nella schermata del titolo e nel pannello della partita

title-editor = Editor di posizioni
button-edit-position = Modifica questa posizione

## Il pannello dell'editor

editor-title = Editor di posizioni
editor-palette = Pezzo da posare
editor-eraser = Gomma
editor-clear = Svuota la scacchiera
editor-start-position = Posizione iniziale
editor-to-move = Ha il tratto
# La riga di stato sotto la scacchiera.
editor-help = Clicca una casa per posarvi il pezzo scelto; clicca di nuovo per toglierlo. Trascina col tasto destro per girare la scacchiera.
editor-help-boundless = Clicca una casa per posarvi il pezzo scelto; clicca di nuovo per toglierlo. La scacchiera cresce attorno ai pezzi: oltre di loro c'è sempre spazio.
editor-help-touch = Tocca una casa per posarvi il pezzo scelto; toccala di nuovo per toglierlo. Due dita girano la scacchiera.
editor-help-boundless-touch = Tocca una casa per posarvi il pezzo scelto; toccala di nuovo per toglierlo. La scacchiera cresce attorno ai pezzi: oltre di loro c'è sempre spazio.
# $text: il testo della posizione, come è stato copiato.
editor-copied = Testo della posizione copiato: { $text }

## La posizione si può giocare?

editor-playable = Questa posizione si può giocare.
editor-not-playable = Questa posizione non si può giocare:
# $side: side-black o side-white; $game: loa (pezzi) o epaminondas (pietre).
editor-problem-no-pieces = Il { $side } non ha { $game ->
    [epaminondas] pietre
   *[loa] pezzi
}.
# $count: i pezzi sulla scacchiera; $most: quanti ne ha un gioco.
editor-problem-too-many = Il { $side } ha { $count } { $game ->
    [epaminondas] pietre
   *[loa] pezzi
} sulla scacchiera; un gioco ne ha solo { $most }.
# $seat: un colore e il suo gioco, come «Bianco (segnati)».
editor-problem-too-many-in-set = { $seat }: { $count } pezzi, ma questo gioco ne ha solo { $most }.
# Paracadute. $count: i pezzi in riserva; $most: quanti se ne possono tenere in questa posizione.
editor-problem-too-many-held = Il { $side } tiene in riserva { $count } { $count ->
    [one] pezzo
   *[other] pezzi
}; qui se ne possono tenere al massimo { $most } (sei all'inizio, e non più di quanti ne mancano sulla scacchiera).
# $side: il vincitore; $other: l'altro colore.
editor-problem-won-connected = Il { $side } ha già vinto: tutti i suoi pezzi sono connessi.
editor-problem-won-home-row = Il { $side } ha già vinto: ha più pietre sull'ultima riga di quante il { $other } ne abbia sulla sua.
editor-problem-won-no-stones = Il { $side } ha già vinto: il { $other } non ha più pietre.
editor-problem-drawn = La partita è già patta: entrambi i colori sono connessi.
editor-problem-refused = Le regole non accettano questa posizione.

## Che cosa farne

editor-play-computer = Gioca contro il computer
editor-you-play = Giochi col
editor-computer-level = Livello del computer
editor-start-computer = Inizia
editor-play-hot-seat = Gioca in più persone
editor-analyse = Analizza
editor-copy = Copia il testo della posizione
editor-save-puzzle = Salva come problema…
editor-puzzle-title = Titolo del problema
editor-puzzle-prove = Dimostra e salva
editor-puzzle-cancel = Annulla
editor-puzzle-proving = Il motore cerca una vittoria forzata…
# $file: il nome del file; $side: chi vince; $moves: in quante mosse.
editor-puzzle-saved = Salvato come «{ $file }»: il { $side } muove e vince in { $moves ->
    [one] 1 mossa
   *[other] { $moves } mosse
}. Si trova tra i problemi, sotto «I tuoi problemi».
editor-puzzle-no-win = Il motore non trova alcuna vittoria forzata per il { $side } in { $moves } mosse o meno: non è stato salvato nulla.
editor-puzzle-too-long = Il motore non è riuscito a finire la dimostrazione nel tempo che ha: non è stato salvato nulla. Una posizione con meno pezzi, o una vittoria più breve, si dimostra più in fretta.
# $problem: che cosa non va col file.
editor-puzzle-cannot-write = Non è stato possibile salvare il problema: { $problem }.
editor-back-game = Torna alla partita (Esc)
editor-back-title = Torna al titolo (Esc)

## La schermata dei problemi

editor-puzzles-mine = I tuoi problemi
