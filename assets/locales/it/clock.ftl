# Orologi e cadenze. Italiano.

# $winner, $loser: nomi delle parti.
win-on-time = Vince il { $winner }: il { $loser } ha esaurito il tempo
clock-none = Senza orologio
# $minutes: minuti per giocatore; $seconds: secondi aggiunti dopo ogni mossa.
clock-game = { $minutes } min + { $seconds } s
# $seconds: secondi per ogni mossa.
clock-per-move = { $seconds } s a mossa
new-game-clock = Orologio
new-game-pause-clocks = Ferma gli orologi durante i dialoghi o a finestra ridotta
new-game-think-time-clock = Con l'orologio, il computer prende il tempo dal proprio orologio (nessun tempo di riflessione fisso).
panel-clock-paused = orologi fermi
