# I problemi: l'elenco e il pannello accanto alla scacchiera. Italiano.

## L'elenco

puzzles-title = Problemi
puzzles-intro = Ogni problema è dimostrato dal motore: chi ha il tratto forza la vittoria nel numero di mosse indicato contro ogni difesa, e una sola prima mossa ci riesce.
# $moves: la N di «vince in N».
puzzles-group-win = { $moves ->
    [one] Vittoria in 1 mossa
   *[other] Vittoria in { $moves } mosse
}
puzzles-group-article = La tattica dell'articolo francese
# $solved, $total: numeri.
puzzles-group-count = risolti: { $solved }/{ $total }
puzzles-state-new = nuovo
puzzles-state-tried = tentato
puzzles-state-solved = risolto
puzzles-legend = ✔ risolto · ○ tentato · senza segno: nuovo
# $file: un file di problema; $problem: cosa non va.
puzzles-file-problem = Un problema è stato escluso ({ $file }): { $problem }
puzzles-problem-not-text = il file non è testo.
puzzles-problem-not-a-puzzle = la partita non ha l'etichetta Puzzle (come [Puzzle "win in 2"]).
puzzles-problem-bad-goal = la sua etichetta Puzzle non dice uno scopo (come «win in 2»).
puzzles-problem-no-solution = il problema non ha mosse (le sue mosse sono la soluzione).
puzzles-problem-finished = la posizione di partenza del problema è già conclusa.
puzzles-problem-other-rules = un problema di { $game } ({ $rules }), non con le regole della sua cartella.
puzzles-none = Nessun problema trovato.
puzzles-back-to-title = Torna al titolo
# L'intestazione di una cartella di variante o di scacchiera. $game: il nome del gioco; $variant: il nome della variante o puzzles-board-small.
puzzles-section-variant = { $game } · { $variant }
puzzles-board-small = scacchiera 8 × 8
# I temi: che cosa fa la mossa chiave di un problema (trovato dal motore).
puzzle-theme-connect = Connettere
puzzle-theme-capture = Catturare per vincere
puzzle-theme-quiet = Mossa tranquilla
puzzle-theme-breakthrough = Sfondamento
puzzle-theme-block = Parare la minaccia
puzzle-theme-defend = Difendersi
# $id: l'identificativo del problema, cartella e file uniti da un trattino (loa-w2-03); il titolo di ogni problema.
puzzle-title = { $id ->
    [loa-w1-01] Un passo verso il gruppo
    [loa-w1-02] Il bordo si chiude
    [loa-w1-03] Il legame diagonale
    [loa-w1-04] Via dal bordo
    [loa-w1-05] Al centro
    [loa-w1-06] La lunga diagonale
    [loa-w1-07] Il ritardatario
    [loa-w1-08] Risalire la diagonale
    [loa-w1-09] Colmare il vuoto
    [loa-w2-01] Presa laterale
    [loa-w2-02] Prendi e raccogli
    [loa-w2-03] Il passo tranquillo
    [loa-w2-04] Colpo dall'alto
    [loa-w2-05] Colpo in diagonale
    [loa-w2-06] Attraverso la scacchiera
    [loa-w2-07] Preparare l'unione
    [loa-w2-08] Giù dal bordo
    [loa-w2-09] Il lungo giro
    [loa-w3-01] Dall'angolo
    [loa-w3-02] Lungo il fondo
    [loa-w3-03] Il raduno
    [loa-w3-04] La lunga presa
    [loa-w3-05] Su per la colonna h
    [loa-w3-06] Giù per la colonna d
    [loa-w3-07] Incursione in diagonale
    [loa-w3-08] Presa in profondità
    [loa-w3-09] La diagonale silenziosa
    [loa-w4-01] Piano ma sicuro
    [loa-w4-02] Bloccare, poi vincere
    [loa-w4-03] La presa lontana
    [loa-w4-04] Pazienza
    [loa-w4-05] Prendere e costruire
    [loa-w4-06] La lunga marcia
    [loa-w4-07] Un piccolo passo
    [loa-w4-08] Il finale
    [loa-6x6-w1-01] Su fino all'angolo
    [loa-6x6-w1-02] L'unione in diagonale
    [loa-6x6-w1-03] Giù per la colonna
    [loa-6x6-w2-01] Un passo tranquillo
    [loa-6x6-w2-02] Attraverso il centro
    [loa-6x6-w3-01] Prima bloccare
    [loa-6x6-w3-02] Verso il centro
    [loa-6x6-w4-01] Il piano lungo
    [loa-7x7-w1-01] Due passi di lato
    [loa-7x7-w1-02] La diagonale che sale
    [loa-7x7-w1-03] Lungo il bordo
    [loa-7x7-w2-01] Raccogliere
    [loa-7x7-w2-02] Fuori dall'angolo
    [loa-7x7-w3-01] Una presa per cominciare
    [loa-7x7-w3-02] La strada paziente
    [loa-7x7-w4-01] Quattro per finire
    [loa-article-defence] Che cosa può fare il Nero?
    [scrambled-eggs-w1-01] L'ultimo uovo
    [scrambled-eggs-w2-01] Sbattute insieme
    [scrambled-eggs-w2-02] Nella ciotola
    [scrambled-eggs-w3-01] A fuoco lento
    [parachute-w1-01] Atterraggio morbido
    [parachute-w2-01] La discesa
    [parachute-w2-02] Zona di lancio
    [parachute-w3-01] Caduta libera
    [boundless-w1-01] Entro i confini
    [boundless-w2-01] Da oltre il bordo
    [boundless-w2-02] Nessun bordo a cui appoggiarsi
    [boundless-w3-01] Il viandante lontano
    [epaminondas-w1-01] La falange colpisce
    [epaminondas-w1-02] Attraverso la porta
    [epaminondas-w1-03] Dritti alla meta
    [epaminondas-w1-04] Un passo verso la gloria
    [epaminondas-w1-05] Colpo di scopa
    [epaminondas-w1-06] Sgusciare via
    [epaminondas-w1-07] Carica in diagonale
    [epaminondas-w1-08] La lunga colonna
    [epaminondas-w1-09] Rompere il muro
    [epaminondas-w1-10] Corsa obliqua
    [epaminondas-w1-11] Dritto giù
    [epaminondas-w1-12] La diagonale aperta
    [epaminondas-w1-13] Fino all'angolo
    [epaminondas-w2-01] Due colpi
    [epaminondas-w2-02] Preparare la carica
    [epaminondas-w2-03] Aprire la strada
    [epaminondas-w2-04] Ondata dopo ondata
    [epaminondas-w2-05] La seconda ondata
    [epaminondas-w2-06] Il richiamo
    [epaminondas-w2-07] Prendere e avanzare
    [epaminondas-w2-08] Sacrificio alla porta
    [epaminondas-w2-09] L'esca
    [epaminondas-w2-10] Offrire e riprendere
    [epaminondas-w2-11] Scambiare per vincere
    [epaminondas-w2-12] Assalto in colonna
    [epaminondas-w2-13] La lunga obliqua
    [epaminondas-w3-01] Tenere la linea
    [epaminondas-w3-02] L'infiltrato
    [epaminondas-w3-03] Due fronti
    [epaminondas-w3-04] Senza tregua
    [epaminondas-w3-05] Tre ondate
    [epaminondas-small-w1-01] Piccola scacchiera, lunga corsa
    [epaminondas-small-w2-01] Fino in fondo
    [epaminondas-small-w2-02] Tuffo in diagonale
    [epaminondas-small-w3-01] Il passo paziente
   *[other] { $id }
}

## Il pannello accanto alla scacchiera

# $group: il nome del gruppo (puzzles-group-win o -article); $theme: il tema del problema (puzzle-theme-…); $number, $total: numeri.
puzzle-heading = { $group } · { $theme } · problema { $number } di { $total }
# $colour: black o white (chi ha il tratto); $moves: la N di «vince in N».
puzzle-goal-win = { $colour ->
    [black] Il Nero muove
   *[white] Il Bianco muove
} e vince in { $moves ->
    [one] 1 mossa.
   *[other] { $moves } mosse.
}
# Un problema di difesa. $colour: chi ha il tratto; $moves: la vittoria avversaria minacciata.
puzzle-goal-defend = { $colour ->
    [black] Muove il Nero
   *[white] Muove il Bianco
}: ferma la vittoria avversaria in { $moves ->
    [one] 1 mossa.
   *[other] { $moves } mosse.
}
puzzle-article-question = Tocca al Nero. Il Bianco minaccia di vincere in due turni: a2-c2. Che cosa può fare il Nero?
puzzle-article-source = Dall'articolo francese su Lines of Action, «Un peu de tactique». Il diagramma dell'articolo è andato perduto: la posizione è ricostruita dal suo testo.
# $moves: le mosse che restano all'attaccante.
puzzle-moves-left = { $moves ->
    [one] Resta 1 mossa.
   *[other] Restano { $moves } mosse.
}
puzzle-your-move = Tocca a te.
puzzle-thinking = Il motore cerca la difesa migliore…
# $move: la risposta del motore, nella notazione del gioco.
puzzle-reply = Il motore ha risposto { $move }.
# $square: una casa come c1.
puzzle-hint-piece = Suggerimento: muovi { $game ->
    [epaminondas] la pietra
   *[loa] il pezzo
} in { $square }.
# $move: una mossa come c1-d2.
puzzle-hint-move = Suggerimento: gioca { $move }.
puzzle-showing = La soluzione, mossa per mossa…
puzzle-solved = Risolto!
puzzle-solved-not-counted = Risolto, dopo aver visto la soluzione: prova un altro problema perché conti.
# $played: la mossa giocata; $escape: la difesa che sfugge alla vittoria forzata.
puzzle-not-winning = { $played } non forza la vittoria nelle mosse che restano: la risposta { $escape } la evita.
# $played: la mossa giocata.
puzzle-not-winning-end = { $played } non vince: la partita è finita senza la tua vittoria.
puzzle-not-winning-plain = Questa mossa non forza la vittoria nelle mosse che restano.
puzzle-solution-shown = La soluzione: { $moves }. Un problema conta come risolto solo se lo risolvi senza mostrare la soluzione.
# $played: la mossa giocata.
puzzle-saved = { $played } ferma la vittoria forzata: ben difeso!
puzzle-lost = L'avversario ha vinto: quella mossa non salvava la partita.
# $count: le mosse legali del Nero nella posizione del problema.
puzzle-article-verdict = Il verdetto del motore: niente salva il Nero in questa posizione. Dopo ognuna delle { $count } mosse del Nero, il Bianco forza la vittoria in al più due mosse. I tentativi dell'articolo: b4-d2 mette un terzo pezzo sulla seconda riga, e a2xd2 vince; b3-c2 apre la diagonale, e a2xd5 vince; b4-b2 è seguito da c5-b4, che minaccia a2-a3. L'articolo conclude: «il Nero non avrebbe alcuna mossa vincente», e lascia al lettore altre prove; il motore le ha provate tutte.
puzzle-button-hint = Suggerimento
puzzle-button-solution = Mostra la soluzione
puzzle-button-try-again = Riprova
puzzle-button-next = Problema successivo
puzzle-button-list = Torna all'elenco
