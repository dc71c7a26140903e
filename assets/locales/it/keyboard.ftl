# Giocare senza mouse: il campo delle mosse del pannello laterale, il cursore della tastiera. Italiano.

# $typed: il testo come il giocatore l'ha scritto.
notice-unreadable-move = «{ $typed }» non è una mossa: scrivila come b1-d3, b1xd3 o b1d3 (Paracadute: b1-d3 @d4, o solo @d4).
move-entry-label = Scrivi una mossa (M):
move-entry-hint = b1-d3
move-entry-help = Invio gioca la mossa, Esc esce dal campo.
