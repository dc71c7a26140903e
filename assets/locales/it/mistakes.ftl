# Impara dai tuoi errori: dopo una partita contro il computer, gli errori del giocatore uno
# alla volta. $move: una mossa in notazione; $mark: ? o ??; $side: side-black o side-white.

mistakes-open = Impara dai tuoi errori
mistakes-title = Impara dai tuoi errori
mistakes-analysing = Ricerca dei tuoi errori: { $done } posizioni analizzate su { $total }.
mistakes-none = Nessun errore nelle tue mosse: ben giocato!
mistakes-progress = Errore { $n } di { $total }
mistakes-find = Mossa { $number }: hai giocato { $move } ({ $mark }). Trova una mossa migliore per il { $side }.
mistakes-judging = Esame della tua mossa…
mistakes-good-best = { $move }: la scelta stessa del motore. Ben trovata!
mistakes-good = { $move } è una buona mossa: tiene la posizione.
mistakes-not-better = { $move } non è migliore. { $reasons }
mistakes-why = Nella partita, { $move }: { $reasons }
# After a first try no better: a second try before the answer ($reasons said without it).
mistakes-once-more = Non ancora: riprova ancora una volta. La mossa migliore è mostrata dopo un secondo errore, o subito con «Mostra la mossa migliore».
mistakes-try-again = Riprova
mistakes-show-better = Mostra la mossa migliore
mistakes-next = Errore successivo
mistakes-finish = Torna alla partita
