# I problemi: l'elenco e il pannello accanto alla scacchiera. Italiano.

## L'elenco

puzzles-title = Problemi
puzzles-intro = Ogni problema è dimostrato dal motore: il lato che muove forza la vittoria nel numero di mosse indicato contro ogni difesa, e una sola prima mossa ci riesce.
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
# $file: il file dei progressi; $problem: cosa non va (in inglese, dal sistema).
puzzles-progress-unreadable = Non è stato possibile leggere i tuoi progressi ({ $file }): { $problem }. Il file resta com'è e non viene sovrascritto; ciò che risolvi ora non sarà ricordato.
puzzles-progress-unwritable = Non è stato possibile salvare i tuoi progressi in { $file }: { $problem }
# $file: un file di problema; $problem: cosa non va.
puzzles-file-problem = Un problema è stato escluso ({ $file }): { $problem }
puzzles-none = Nessun problema trovato.
puzzles-back-to-title = Torna al titolo

## Il pannello accanto alla scacchiera

# $group: il nome del gruppo; $number, $total: numeri.
puzzle-heading = { $group } · problema { $number } di { $total }
# $colour: black o white (il lato che muove); $moves: la N di «vince in N».
puzzle-goal-win = { $colour ->
    [black] Il Nero muove
   *[white] Il Bianco muove
} e vince in { $moves ->
    [one] 1 mossa.
   *[other] { $moves } mosse.
}
# Un problema di difesa. $colour: il lato che muove; $moves: la vittoria avversaria minacciata.
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
puzzle-hint-piece = Suggerimento: muovi il pezzo in { $square }.
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
puzzle-article-verdict = Il verdetto del motore: niente salva il Nero in questa posizione. Dopo ognuna delle { $count } mosse del Nero, il Bianco forza la vittoria in al più due mosse. I tentativi dell'articolo: b4-d2 mette un terzo pezzo sulla seconda traversa, e a2xd2 vince; b3-c2 apre la diagonale, e a2xd5 vince; b4-b2 è seguito da c5-b4, che minaccia a2-a3. L'articolo conclude: «il Nero non avrebbe alcuna mossa vincente», e lascia al lettore altre prove; il motore le ha provate tutte.
puzzle-button-hint = Suggerimento
puzzle-button-solution = Mostra la soluzione
puzzle-button-try-again = Riprova
puzzle-button-next = Problema successivo
puzzle-button-list = Torna all'elenco
