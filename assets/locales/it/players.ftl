# Giocatori con nome: i nomi della finestra Nuova partita, il file dei giocatori ricordati, il
# punteggio di ogni giocatore con nome. Italiano.

## Nuova partita: ogni posto di una persona ha un nome. $name: il nome di un giocatore; $rating:
## un numero intero.
players-name-rating = { $name } (punteggio { $rating })
players-no-name = Senza nome
players-add = Aggiungi un giocatore…
players-hint = Chi siede qui: un giocatore ricordato, uno nuovo, o nessun nome. Le partite di un giocatore con nome contano per il suo punteggio.
players-name-hint = Nome
players-add-confirm = Aggiungi
players-add-cancel = Torna all'elenco (niente aggiunto)
players-refused-empty = Scrivi prima un nome.
# $max: il numero massimo di caratteri di un nome.
players-refused-too-long = Un nome ha al massimo { $max } caratteri.
players-refused-taken = C'è già un giocatore con questo nome.
players-refused-reserved = Questo nome è riservato ai giocatori senza nome e al computer.

## Il pannello laterale e il pannello di fine partita. $name: il nome di un giocatore; $side:
## Nero o Bianco.
players-at-seat = { $name } con il { $side }

## Il pannello di fine partita, dopo una partita contata per un giocatore con nome. $name: il suo
## nome; $game: il nome del gioco; $rating, $deviation: numeri interi; $change: con il segno.
players-change = Punteggio di { $name } a { $game }: { $rating } ± { $deviation } ({ $change } rispetto a { $before })

## La tua forza: di chi.
players-whose = La forza di:
players-you = Tu (senza nome)
