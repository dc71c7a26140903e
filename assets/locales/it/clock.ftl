# Orologi e cadenze. Italiano.

# $winner, $loser: nomi delle parti.
win-on-time = Vince il { $winner }: il { $loser } ha esaurito il tempo
clock-none = Senza orologio
# $minutes: minuti per giocatore; $seconds: secondi aggiunti dopo ogni mossa.
clock-game = { $minutes } min + { $seconds } s
# $seconds: secondi per ogni mossa.
clock-per-move = { $seconds } s a mossa
new-game-clock = Orologio
new-game-pause-clocks = Ferma gli orologi quando una finestra di dialogo è aperta o il gioco è ridotto a icona
new-game-think-time-clock = Con l'orologio, il computer prende il tempo dal proprio orologio.
panel-clock-paused = orologi fermi
