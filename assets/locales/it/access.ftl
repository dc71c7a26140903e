# Accessibilità: la scacchiera girata verso chi ha il tratto, le frasi del lettore di schermo.

settings-turn-board = Gira la scacchiera verso il giocatore che ha il tratto
turn-board-never = Mai
turn-board-hot-seat = Più giocatori, uno schermo
turn-board-always = Sempre
