# Accessibilité : le plateau tourné vers qui a le trait, les phrases du lecteur d'écran.

settings-turn-board = Tourner le plateau vers le joueur qui a le trait
turn-board-never = Jamais
turn-board-hot-seat = À plusieurs sur un même écran
turn-board-always = Toujours
