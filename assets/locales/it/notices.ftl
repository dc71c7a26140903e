# La riga di stato: cosa il gioco dice al giocatore, e perché il regolamento rifiuta una mossa.
# Italiano.

notice-new-game = Nuova partita.
# I colori estratti a sorte all'inizio di una partita (regole Abacus). $colour: black o white.
notice-colours-drawn-you = Nuova partita, colori estratti a sorte: giochi con il { $colour ->
    [black] Nero
   *[white] Bianco
}.
notice-colours-drawn-swapped = Nuova partita, colori estratti a sorte: i giocatori si scambiano i colori.
notice-colours-drawn-kept = Nuova partita, colori estratti a sorte: i giocatori tengono i loro colori.
# $moves: how many moves went back (a person's and the computer's reply: 2).
notice-move-taken-back = { $moves ->
    [one] Mossa annullata.
   *[other] { $moves } mosse annullate.
}
notice-nothing-to-take-back = Nessuna mossa da annullare.
notice-move-replayed = Mossa ripetuta.
notice-nothing-to-redo = Nessuna mossa da ripetere.
notice-refused = { $move }: { $reason }
notice-not-your-turn-yet = Attendi: non è ancora il tuo turno.
notice-computers-turn = Tocca al computer ({ $seat }).
notice-select-own-piece = Scegli prima { $game ->
    [epaminondas] una pietra
   *[loa] un pezzo
} del { $seat }.
notice-no-move-for-piece = { $game ->
    [epaminondas] La pietra
   *[loa] Il pezzo
} in { $cell } non ha mosse legali.
notice-passed = Il { $side } non ha mosse legali e passa.
notice-must-place-only = Il { $side } non ha mosse legali: posa uno dei pezzi { $colour ->
    [black] neri
   *[white] bianchi
} della riserva su una casella vuota.
notice-choose-placement = { $from }-{ $to }: ora posa uno dei pezzi { $colour ->
    [black] neri
   *[white] bianchi
} della tua riserva su una casella vuota (Esc: scegli un'altra mossa).
notice-placement-not-empty = { $cell } non è vuota: posa il pezzo della riserva su una casella vuota (Esc: scegli un'altra mossa).
notice-looking-for-hint = Cerco una buona mossa…
notice-hint = Suggerimento: { $move }
notice-saved = Salvata come «{ $name }».
notice-opened = Aperto { $name }.
notice-resumed = La partita non finita continua.
notice-nothing-to-resume = Non c'è nessuna partita non finita da riprendere.
notice-file-picker-refused = Il browser non ha aperto la scelta dei file: premete di nuovo «Apri un file…».
notice-cannot-open = Impossibile aprire { $file }: { $problem }
notice-cannot-save = Impossibile salvare { $file }: { $problem }
clipboard = appunti

## Perché una mossa è rifiutata

refusal-game-over = la partita è finita: { $end }
refusal-off-board = { $cell } è fuori dalla scacchiera
refusal-nothing-to-place = in questo gioco non c'è nulla da posare
illegal-game-over = la partita è finita
illegal-pass-not-allowed = puoi passare solo se non hai mosse legali

## Lines of Action

illegal-no-piece = non c'è nessun pezzo in { $cell }
illegal-not-your-piece = il pezzo in { $cell } non è tuo
illegal-same-square = un pezzo deve muoversi
illegal-not-on-a-line = { $from } e { $to } non sono sulla stessa linea (i pezzi muovono in orizzontale, verticale o diagonale)
illegal-wrong-distance = il pezzo in { $from } deve muovere esattamente di { $needed ->
    [one] { $needed } casella lungo quella linea ({ $needed } pezzo sulla linea)
   *[other] { $needed } caselle lungo quella linea ({ $needed } pezzi sulla linea)
}
illegal-blocked = il pezzo avversario in { $cell } blocca la strada (si scavalcano solo i propri pezzi)
illegal-own-piece = in { $cell } c'è già un tuo pezzo
illegal-wrong-set = { $set ->
    [marked] il pezzo in { $cell } è semplice; in questo turno muovono i pezzi segnati
   *[plain] il pezzo in { $cell } è segnato; in questo turno muovono i pezzi semplici
}
illegal-placement-missing = devi anche posare uno dei pezzi avversari della tua riserva (come a3-a5 @d4)
illegal-nothing-to-place = non hai pezzi avversari in riserva
illegal-placement-not-empty = { $cell } non è vuota: un pezzo della riserva va posato su una casella vuota

## Epaminondas

illegal-no-stone = non c'è nessuna pietra in { $cell }
illegal-not-your-stone = la pietra in { $cell } non è tua
illegal-stone-same-square = una pietra deve muoversi
illegal-phalanx-not-on-a-line = { $from } e { $to } non sono sulla stessa linea (le falangi muovono in orizzontale, verticale o diagonale)
illegal-inside-phalanx = { $to } è dentro la falange che muove: indica la casella dove arriva la sua testa ({ $head })
illegal-too-far = { $stones ->
    [one] una pietra sola muove di una sola casella
   *[other] una falange di { $stones } pietre muove al massimo di { $stones } caselle
}
illegal-own-stone = in { $cell } c'è già una tua pietra
illegal-stone-blocked = la pietra in { $cell } è d'intralcio (una falange non attraversa le pietre)
illegal-single-stone-capture = una pietra sola non può catturare
illegal-row-too-long = una falange di { $stones } cattura solo una fila avversaria di meno di { $stones } pietre; questa ne ha { $row }
illegal-symmetric = una mossa sull'ultima riga non può lasciare una posizione simmetrica a colori invertiti (regola anti-simmetria)
