# La parola del coach su una mossa rivista (la striscia di revisione), una frase per motivo.

coach-allows-win = { $game ->
    [epaminondas] { $moves ->
        [one] Questa mossa lascia vincere il { $side } alla mossa seguente: { $line }.
       *[other] Questa mossa dà al { $side } una vittoria forzata in { $moves } mosse: { $line }.
    }
   *[loa] { $moves ->
        [one] Questa mossa lascia il { $side } connettere i suoi pezzi alla mossa seguente: { $line }.
       *[other] Questa mossa dà al { $side } una vittoria forzata in { $moves } mosse: { $line }.
    }
}
coach-gives-up-win = { $moves ->
    [one] Il { $side } aveva qui una mossa vincente, e non è questa.
   *[other] Il { $side } aveva una vittoria forzata in { $moves } mosse, e questa mossa la lascia sfuggire.
}
coach-allows-capture = { $game ->
    [epaminondas] { $count ->
        [one] Questa mossa lascia il { $side } catturare una pietra: { $reply }.
       *[other] Questa mossa lascia il { $side } catturare { $count } pietre: { $reply }.
    }
   *[loa] Questa mossa lascia il { $side } catturare un pezzo: { $reply }.
}
coach-splits-group = Questa mossa divide in due il gruppo più grande del { $side }: { $before } pezzi, poi { $after } al massimo.
coach-blocks-own = { $game ->
    [epaminondas] Questa mossa ostacola le pietre del { $side }: { $before } mosse possibili, poi { $after }.
   *[loa] Questa mossa ostacola i pezzi del { $side }: { $before } mosse possibili, poi { $after }.
}
coach-worse = { $game ->
    [epaminondas] { $drop ->
        [one] La posizione peggiora di circa una pietra.
       *[other] La posizione peggiora di circa { $drop } pietre.
    }
   *[loa] { $drop ->
        [one] La posizione peggiora di circa un pezzo.
       *[other] La posizione peggiora di circa { $drop } pezzi.
    }
}
coach-keeps-win = { $moves ->
    [one] L'unica mossa vincente.
   *[other] L'unica mossa che mantiene la vittoria (in { $moves } mosse).
}
coach-better = Meglio: { $move }.
coach-said = { $move } — { $name }: { $reasons }
