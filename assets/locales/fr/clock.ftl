# Pendules et cadences. Français.

# $winner, $loser : noms des camps.
win-on-time = { $winner } gagne : { $loser } a dépassé le temps
clock-none = Sans pendule
# $minutes : minutes par joueur ; $seconds : secondes ajoutées après chaque coup.
clock-game = { $minutes } min + { $seconds } s
# $seconds : secondes pour chaque coup.
clock-per-move = { $seconds } s par coup
new-game-clock = Pendule
new-game-pause-clocks = Arrêter les pendules pendant un dialogue ou si le jeu est réduit
new-game-think-time-clock = Avec une pendule, l'ordinateur prend son temps sur sa propre pendule (pas de temps de réflexion fixe).
panel-clock-paused = pendules arrêtées
