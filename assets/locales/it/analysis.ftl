# La scacchiera d'analisi: qualsiasi posizione, entrambi i colori mossi dal giocatore, le
# varianti tenute ad albero, le tre linee migliori del motore accanto alla scacchiera.

title-analysis = Analisi
button-analyse = Analizza
review-analyse = Analizza da qui
saves-analyse = Analizza
saves-analyse-pasted = Analizza
saves-analysis = Analisi
notice-analysis-opened = Analisi: muovi l'uno o l'altro colore; ogni nuova mossa apre una variante.

analysis-title = Analisi
# $side: side-black o side-white.
analysis-to-move = Tocca al { $side }
analysis-engine-start = Avvia il motore
analysis-engine-stop = Ferma il motore
# Profondità della ricerca del motore (in mosse dell'uno o dell'altro colore).
analysis-depth = profondità { $depth } · punteggi per il Nero
# Punteggio di una linea quando un colore vince per forza: $side vince in $moves mosse.
analysis-score-win = Il { $side } vince in { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}
analysis-score-sign = I punteggi sono dal lato del Nero: + il Nero è in vantaggio, − il Bianco (in valore di pezzi).
analysis-line-tip = Clicca per giocare la prima mossa di questa linea
analysis-no-moves = Ancora nessuna mossa: gioca sulla scacchiera.
analysis-promote = Rendi linea principale
analysis-delete = Elimina da qui
analysis-comment-hint = Un commento su questa mossa
analysis-save = Salva l'analisi
analysis-copy = Copia la partita

# Vittorie dimostrate: ciò che la ricerca per numeri di prova ha stabilito su una posizione
# (scacchiera d'analisi, revisione, annuncio del computer). $side: side-black o side-white;
# $moves: le mosse del vincitore fino alla vittoria, contro la difesa più lunga.
proof-wins = Il { $side } vince forzatamente in { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}
proof-wins-from-here = Da qui il { $side } vince forzatamente in { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}
proof-drawn = Nessuno dei due colori può forzare la vittoria: questa posizione non si può perdere
proof-with-line = { $proven }: { $line }
proof-searching = Ricerca di una vittoria forzata…
proof-unknown = Nessuna vittoria forzata dimostrata entro il limite della ricerca
proof-line-tip = La linea dimostrata: le mosse più rapide del vincitore contro la difesa più lunga. Clicca per giocarne la prima mossa.
proof-win-let-go = { $move } ha lasciato sfuggire la vittoria dimostrata del { $side } (il { $side } vinceva forzatamente in { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
})
notice-forced-win = Il computer annuncia: il { $side } vince forzatamente in { $moves ->
    [one] { $moves } mossa
   *[other] { $moves } mosse
}: { $line }
settings-announce = Vittorie forzate
settings-announce-on = Il computer annuncia le sue vittorie forzate (livelli da 11 a 14)
