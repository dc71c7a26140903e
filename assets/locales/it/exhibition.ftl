# L'esibizione (il computer contro sé stesso, per un grande schermo): le didascalie, la riga in
# alto e il grafico alla fine di ogni partita. Lines of Action ha pezzi, Epaminondas pietre.

exhibition-moved = { $count ->
    [one] Il { $side } muove { $from }–{ $to }
   *[other] Il { $side } muove una falange di { $count } pietre da { $from } a { $to }
}
exhibition-captured = { $count ->
    [one] Il { $side } cattura in { $at }
   *[other] Il { $side } cattura { $count } pietre in { $at }
}
exhibition-placed = Il { $side } paracaduta un pezzo { $colour ->
    [black] nero
   *[white] bianco
} in { $at }
exhibition-passed = Il { $side } non ha mosse e passa
exhibition-near-connection = Il { $side } è a una mossa dal connettere i suoi pezzi
exhibition-near-win = Il { $side } è a una mossa dalla vittoria
exhibition-crossed = Il { $side } ha raggiunto l'ultima riga — il { $other } deve rispondere
exhibition-near-crossing = Il { $side } è a una mossa dall'ultima riga
exhibition-won-connection = Il { $side } connette i suoi pezzi e vince!
exhibition-won-far-row = Il { $side } vince sull'ultima riga!
exhibition-won-all-captured = Il { $side } cattura tutte le pietre e vince!
exhibition-won-resignation = Il { $side } vince per abbandono
exhibition-drawn = Patta

exhibition-title = { $game } · { $detail }
exhibition-computer = Computer, livello { $level }
exhibition-human = Umano
exhibition-two-sets = livelli { $plain } (non marcati) · { $marked } (marcati)
exhibition-seat = { $side } — { $player }
exhibition-thinking = pensa…
exhibition-place = Partita { $number } di { $count } · Mossa { $moves }

exhibition-summary = { $title } · { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}
exhibition-graph-title = Vantaggio del Nero nel corso della partita (in alto: il Nero è avanti, in basso: il Bianco)
exhibition-graph-line = Vantaggio del Nero
exhibition-graph-axis = mosse
exhibition-next = Prossima: { $title }
