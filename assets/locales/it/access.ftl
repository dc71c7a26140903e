# Accessibilità: la scacchiera girata verso chi ha il tratto, le frasi del lettore di schermo.

settings-turn-board = Gira la scacchiera verso il giocatore che ha il tratto
turn-board-never = Mai
turn-board-hot-seat = Più giocatori, uno schermo
turn-board-always = Sempre

## Il lettore di schermo

# Una casa come la dice il lettore di schermo. $square: il suo nome (d4).
access-square-empty = { $square }, vuota
# $colour: black o white; $game: loa (pezzi) o epaminondas (pietre); $marked: yes per un pezzo
# segnato (LOA a quattro, ambidestro), altrimenti no.
access-square-piece = { $square }, { $game ->
    [epaminondas] { $colour ->
        [black] pietra nera
       *[white] pietra bianca
    }
   *[loa] { $colour ->
        [black] pezzo nero
       *[white] pezzo bianco
    }{ $marked ->
        [yes] , segnato
       *[no] {""}
    }
}
# Una mossa giocata. $side: side-black o side-white; $move: la mossa in notazione.
access-move = Il { $side } ha giocato { $move }
access-move-capture = Il { $side } ha giocato { $move }, con cattura
