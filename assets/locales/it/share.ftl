# Condividi: la partita come GIF animata, la posizione mostrata come PNG, la notazione copiata
# (il pulsante Condividi… di fine partita e della revisione). Italiano.

share-open = Condividi…
share-title = Condividi questa partita
share-intro = Una GIF animata di tutta la partita e un'immagine della posizione mostrata, abbastanza leggere da pubblicare. La notazione della partita viene copiata negli appunti.
share-size = Dimensione delle immagini
share-size-small = Piccola ({ $pixels } px)
share-size-medium = Media ({ $pixels } px)
share-size-large = Grande ({ $pixels } px)
share-save = Salva le immagini
share-make = Crea le immagini
share-saved = Salvate in { $folder }:
share-file = { $name } ({ $size })
share-kilobytes = { $kb } KB
share-ready = Le immagini sono pronte:
share-download-gif = Scarica la GIF ({ $size })
share-download-png = Scarica il PNG ({ $size })
share-sheet = Condividi…
share-copied = La notazione della partita è negli appunti.
share-failed-folder = Non è stato possibile salvare le immagini in { $folder }: { $problem }
share-no-board = La variante Senza confini non ha una scacchiera a caselle da disegnare.
share-too-long = Questa partita ha { $moves } mosse: una GIF ne mostra al massimo { $limit }.
share-not-drawn = Non è stato possibile disegnare questa partita.
share-close = Chiudi
# I due giocatori di un colore in LOA a quattro, sulle immagini.
share-team = { $first } e { $second }
# La riga sotto i nomi nella prima immagine: il gioco e la sua variante.
share-title-variant = { $game }, { $variant }
