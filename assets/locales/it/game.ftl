# Le parole dei giochi: colori, posti, livelli, giocatori, giochi, varianti, opzioni, fine della
# partita e giudizio del computer. Italiano (termini del regolamento italiano: pezzi, pietre,
# falange, patta).

## Colori e posti

side-black = Nero
side-white = Bianco
seat-plain = { $side } (semplici)
seat-marked = { $side } (segnati)

## Livelli del computer

level-1 = Principiante
level-2 = Novizio
level-3 = Amatoriale
level-4 = Apprendista
level-5 = Dilettante
level-6 = Circolo
level-7 = Circolo forte
level-8 = Avanzato
level-9 = Esperto
level-10 = Candidato maestro
level-11 = Maestro
level-12 = Maestro internazionale
level-13 = Gran maestro
level-14 = Campione
level-description = { $search }, { $errors }
level-looks-ahead = guarda { $plies ->
    [one] una mossa
   *[other] { $plies } mosse
} avanti
level-node-search = una ricerca di { $thousands } mila posizioni
level-all-the-time = tutta la sua forza con tutto il tempo di riflessione
level-blunders-very-often = commette molto spesso gravi errori
level-blunders-often = commette spesso gravi errori
level-blunders-fairly-often = commette abbastanza spesso gravi errori
level-blunders-sometimes = ogni tanto commette gravi errori
level-blunders-occasionally = a volte commette gravi errori
level-blunders-rarely = raramente commette gravi errori
level-blunders-hardly-ever = quasi mai gravi errori
level-slight-randomness = un po' di casualità
level-no-randomness = gioca la sua mossa migliore

## Giocatori

player-human = Umano
player-computer = Computer — { $level } ({ $number })
player-short-human = Umano
player-short-computer = Computer ({ $number })

## Giochi e varianti

game-loa = Lines of Action
game-epaminondas = Epaminondas
game-with-variant = { $game } ({ $variant })
variant-standard = Standard
variant-scrambled-eggs = Uova strapazzate
variant-parachute = Paracadute
variant-four-players = LOA a quattro
variant-ambidextrous = LOA ambidestro
variant-boundless = Senza confini
variant-summary-standard = Il gioco del regolamento.
variant-summary-scrambled-eggs = Uova strapazzate: i colori si alternano lungo il bordo, gli angoli restano vuoti.
variant-summary-parachute = Paracadute: solo i pezzi delle colonne a e h partono sulla scacchiera; ogni giocatore tiene in riserva gli altri sei pezzi dell'avversario. Nei primi sei turni di ciascun giocatore, un turno è una mossa seguita dalla posa di un pezzo avversario della riserva su una casella vuota qualsiasi. Non puoi vincere finché il tuo avversario tiene ancora in riserva alcuni dei tuoi pezzi (regola nostra).
variant-summary-four-players = LOA a quattro: due squadre. Ogni colore ha pezzi semplici e pezzi segnati (anello rosso); quattro posti muovono a turno — Nero semplici, Bianco semplici, Nero segnati, Bianco segnati — ciascuno solo i propri pezzi. Un colore i cui pezzi ancora sulla scacchiera, semplici e segnati, sono tutti connessi fa vincere la sua squadra.
variant-summary-ambidextrous = LOA ambidestro: i pezzi di LOA a quattro, due giocatori. Al tuo 1°, 3°, 5°… turno muovi un pezzo semplice, al 2°, 4°… turno uno segnato (anello rosso).
variant-summary-boundless = Senza confini: i pezzi possono uscire dalla scacchiera 8×8 su un piano senza bordi; una linea conta tutti i pezzi che vi si trovano, per quanto lontani. La scacchiera si allarga man mano che i pezzi si spargono.

## Opzioni di regola, come il pannello elenca quelle diverse dal regolamento

board-standard = scacchiera 14 × 12
board-small = scacchiera 8 × 8 (partita breve)

# Le scacchiere di Lines of Action (Nuova partita, l'editor).
loa-board-8 = 8 × 8
loa-board-7 = 7 × 7
loa-board-6 = 6 × 6
loa-board-summary = Le scacchiere piccole fanno partite più brevi (solo con la partenza standard): 6 × 6 per una prima partita.
option-loa-board = scacchiera { $side } × { $side }
option-first-player = muove per primo il { $side }
option-both-connected-draw = entrambi connessi: patta
option-both-connected-mover-wins = entrambi connessi: vince chi ha mosso
option-repetition-draw = triplice ripetizione: patta
option-no-repetition-draw = nessuna patta per ripetizione
option-anti-symmetry = regola anti-simmetria
option-no-anti-symmetry = senza regola anti-simmetria

## Fine della partita

win-connected = Vince il { $winner }: tutti i pezzi connessi
win-connected-by-opponent = Vince il { $winner }: connesso dalla presa dell'avversario
win-both-connected-mover-wins = Vince il { $winner }: la sua mossa ha connesso entrambi (vince chi ha appena mosso)
win-home-row = Vince il { $winner }: più pietre sull'ultima riga
win-no-stones = Vince il { $winner }: ha catturato tutte le pietre avversarie
win-resigned = Vince il { $winner }: il { $loser } abbandona
draw-both-connected = Patta: una mossa ha connesso entrambi i colori
draw-repetition = Patta: la stessa posizione si è ripetuta tre volte
draw-agreed = Patta concordata dai giocatori
game-length = dopo { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}

## Il giudizio del computer

evaluation-even = Posizione equilibrata
evaluation-slightly-better = Il { $side } sta leggermente meglio
evaluation-better = Il { $side } sta meglio
evaluation-winning = Il { $side } sta vincendo
evaluation-wins-in = Il { $side } vince in { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}
