# Accessibilité : le plateau tourné vers qui a le trait, les phrases du lecteur d'écran.

settings-turn-board = Tourner le plateau vers le joueur qui a le trait
turn-board-never = Jamais
turn-board-hot-seat = À plusieurs sur un même écran
turn-board-always = Toujours

## Le lecteur d'écran

# Une case telle que le lecteur d'écran la dit. $square : son nom (d4).
access-square-empty = { $square }, vide
# $colour : black ou white ; $game : loa (pions) ou epaminondas (pierres) ; $marked : yes pour un
# pion marqué (LOA à quatre, ambidextre), sinon no.
access-square-piece = { $square }, { $game ->
    [epaminondas] { $colour ->
        [black] pierre noire
       *[white] pierre blanche
    }
   *[loa] { $colour ->
        [black] pion noir
       *[white] pion blanc
    }{ $marked ->
        [yes] , marqué
       *[no] {""}
    }
}
# Un coup joué. $side : side-black ou side-white ; $move : le coup en notation.
access-move = { $side } a joué { $move }
access-move-capture = { $side } a joué { $move }, avec prise
