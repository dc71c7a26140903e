# Le mot du coach sur un coup revu (le bandeau de revue), une phrase par raison.

coach-allows-win = { $game ->
    [epaminondas] { $moves ->
        [one] Ce coup laisse { $side } gagner au coup suivant : { $line }.
       *[other] Ce coup donne à { $side } un gain forcé en { $moves } coups : { $line }.
    }
   *[loa] { $moves ->
        [one] Ce coup laisse { $side } relier ses pions au coup suivant : { $line }.
       *[other] Ce coup donne à { $side } un gain forcé en { $moves } coups : { $line }.
    }
}
coach-gives-up-win = { $moves ->
    [one] { $side } avait ici un coup gagnant, et ce n'est pas celui-ci.
   *[other] { $side } avait un gain forcé en { $moves } coups, et ce coup le laisse passer.
}
coach-allows-capture = { $game ->
    [epaminondas] { $count ->
        [one] Ce coup laisse { $side } prendre une pierre : { $reply }.
       *[other] Ce coup laisse { $side } prendre { $count } pierres : { $reply }.
    }
   *[loa] Ce coup laisse { $side } prendre un pion : { $reply }.
}
coach-splits-group = Ce coup coupe en deux le plus grand groupe de { $side } : { $before } pions, puis { $after } au plus.
coach-blocks-own = { $game ->
    [epaminondas] Ce coup gêne les propres pierres de { $side } : { $before } coups possibles, puis { $after }.
   *[loa] Ce coup gêne les propres pions de { $side } : { $before } coups possibles, puis { $after }.
}
coach-worse = { $game ->
    [epaminondas] { $drop ->
        [one] La position se dégrade d'environ une pierre.
       *[other] La position se dégrade d'environ { $drop } pierres.
    }
   *[loa] { $drop ->
        [one] La position se dégrade d'environ un pion.
       *[other] La position se dégrade d'environ { $drop } pions.
    }
}
coach-keeps-win = { $moves ->
    [one] Le seul coup gagnant.
   *[other] Le seul coup qui conserve le gain (en { $moves } coups).
}
coach-better = Meilleur : { $move }.
coach-said = { $move } — { $name } : { $reasons }
