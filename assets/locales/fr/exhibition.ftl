# La démonstration (l'ordinateur contre lui-même, pour un grand écran) : ses légendes, sa ligne
# du haut et le graphique de la fin de chaque partie. Lines of Action a des pions, Epaminondas
# des pierres.

exhibition-moved = { $count ->
    [one] { $side } joue { $from }–{ $to }
   *[other] { $side } avance une phalange de { $count } pierres de { $from } à { $to }
}
exhibition-captured = { $count ->
    [one] { $side } prend en { $at }
   *[other] { $side } prend { $count } pierres en { $at }
}
exhibition-placed = { $side } parachute un pion { $colour ->
    [black] noir
   *[white] blanc
} en { $at }
exhibition-passed = { $side } n'a aucun coup et passe
exhibition-near-connection = { $side } est à un coup de relier ses pions
exhibition-near-win = { $side } est à un coup de la victoire
exhibition-crossed = { $side } a atteint la dernière rangée — { $other } doit répondre
exhibition-near-crossing = { $side } est à un coup de la dernière rangée
exhibition-won-connection = { $side } relie ses pions et gagne !
exhibition-won-far-row = { $side } gagne par la dernière rangée !
exhibition-won-all-captured = { $side } prend toutes les pierres et gagne !
exhibition-won-resignation = { $side } gagne par abandon
exhibition-drawn = Partie nulle

exhibition-title = { $game } · { $detail }
exhibition-computer = Ordinateur, niveau { $level }
exhibition-human = Humain
exhibition-two-sets = niveaux { $plain } (non marqués) · { $marked } (marqués)
exhibition-seat = { $side } — { $player }
exhibition-thinking = réfléchit…
exhibition-place = Partie { $number } sur { $count } · Coup { $moves }

exhibition-summary = { $title } · { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
exhibition-graph-title = Avantage de Noir au fil de la partie (en haut : Noir mène, en bas : Blanc mène)
exhibition-graph-line = Avantage de Noir
exhibition-graph-axis = coups
exhibition-next = Ensuite : { $title }
