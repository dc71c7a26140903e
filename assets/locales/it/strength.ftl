# La tua forza: il punteggio del giocatore in ogni gioco contro i livelli del computer,
# l'avversario adattivo, il file dei punteggi. Italiano.

strength-title = La tua forza
strength-intro = Il tuo punteggio in ogni gioco, calcolato dalle tue partite finite contro il computer (Glicko-2, sulla scala dei livelli del computer). Il ± dice quanto è preciso: diminuisce man mano che giochi.
# $rating, $deviation: numeri interi.
strength-rating = { $rating } ± { $deviation }
# $games: le partite contate; $wins, $draws, $losses: come sono andate.
strength-games = { $games ->
    [0] Ancora nessuna partita contata.
    [one] 1 partita: { $wins ->
        [one] { $wins } vinta
       *[other] { $wins } vinte
    }, { $draws ->
        [one] { $draws } patta
       *[other] { $draws } patte
    }, { $losses ->
        [one] { $losses } persa
       *[other] { $losses } perse
    }.
   *[other] { $games } partite: { $wins ->
        [one] { $wins } vinta
       *[other] { $wins } vinte
    }, { $draws ->
        [one] { $draws } patta
       *[other] { $draws } patte
    }, { $losses ->
        [one] { $losses } persa
       *[other] { $losses } perse
    }.
}
# $level: il numero di un livello; $name: il suo nome.
strength-start = Il tuo punteggio parte da quello del livello { $level } ({ $name }) e si precisa man mano che giochi. Conta ogni partita finita contro il computer; le lezioni, i problemi, le partite tra più giocatori su uno schermo e le partite lasciate a metà non contano.
strength-graph-rating = Punteggio
strength-graph-band = Punteggio ± scarto
strength-graph-axis = Partite contate
# $level: il numero del livello; $name: il suo nome; $rating: il suo punteggio.
strength-suggested = Livello consigliato: { $level } ({ $name }, punteggio { $rating }), una partita più o meno alla pari.
# $level: il numero del livello.
strength-play = Gioca al livello { $level }
strength-close = Chiudi

## Il pannello di fine partita, dopo una partita contata. $game: il nome del gioco; $rating,
## $deviation: numeri interi; $change: la variazione, con il segno (+48, −12).
strength-change = Il tuo punteggio a { $game }: { $rating } ± { $deviation } ({ $change } rispetto a { $before })

## La finestra Nuova partita.
strength-adaptive = Adattivo
strength-adaptive-hint = Il computer gioca al livello più vicino al tuo punteggio, scelto di nuovo dopo ogni partita, così che tu vinca circa metà delle partite.
