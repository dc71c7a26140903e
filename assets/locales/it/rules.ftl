# La finestra Regole (F1): le regole di ogni gioco sotto dei titoli — la disposizione e chi
# muove per primo, le mosse, la fine — e, a parte, ciò che è una nostra convenzione e non dei
# testi delle regole. Italiano.

rules-heading-setup = Disposizione
rules-heading-moves = Mosse
rules-heading-end = Fine della partita
rules-heading-ours = Nostre convenzioni (assenti dai testi delle regole)
rules-pass = Chi non ha mosse legali passa (regola della Computer Olympiad).
rules-repetition = Quando la stessa posizione si ripete per la terza volta con lo stesso giocatore al tratto, la partita è patta (regola della Computer Olympiad; opzione: disattivata).

rules-loa-title = Lines of Action (Claude Soucie)
rules-loa-board = Scacchiera 8×8, 12 pezzi ciascuno: il Nero in b1–g1 e b8–g8, il Bianco in a2–a7 e h2–h7.
rules-loa-first = Muove per primo il Nero, come nel libro di Sid Sackson, alla Computer Olympiad e nel testo italiano. Opzione: muove per primo il Bianco, come nell'articolo francese e nelle regole Abacus.
rules-loa-move = Muovi un pezzo in linea retta (in orizzontale, verticale o diagonale) di esattamente tante caselle quanti sono i pezzi — di entrambi i colori — sull'intera linea di azione.
rules-loa-jump = Puoi scavalcare i tuoi pezzi ma mai un pezzo avversario. Non puoi finire su un tuo pezzo; finendo su un pezzo avversario lo mangi.
rules-loa-connect = Connetti tutti i tuoi pezzi in un solo gruppo (che si toccano per un lato o per un angolo) per vincere. Un pezzo rimasto da solo è connesso.
rules-loa-capture = Se la tua presa lascia l'avversario connesso, vince l'avversario.
rules-loa-simultaneous = Una mossa che connette entrambi i colori: patta, come nella maggior parte dei tornei e nel testo italiano (predefinito). Opzione: vince chi ha appena mosso, come nella 2ª edizione di A Gamut of Games e nelle regole Abacus.
rules-loa-parachute-held = Paracadute: non puoi vincere finché il tuo avversario tiene ancora in riserva alcuni dei tuoi pezzi.
rules-loa-four-marks = LOA a quattro e LOA ambidestro: quali pezzi sono segnati — uno sì e uno no lungo ogni bordo (la figura delle regole è andata persa).

rules-epaminondas-title = Epaminondas (Robert Abbott, 1975)
rules-epaminondas-board = Scacchiera di 14×12, 28 pietre ciascuno sulle due righe di partenza: il Bianco sulle righe 1 e 2, il Nero sulle righe 11 e 12. Opzione: una scacchiera 8×8 con due righe ciascuno, per partite brevi.
rules-epaminondas-first = Muove per primo il Bianco.
rules-epaminondas-phalanx = Una falange è una linea continua di tue pietre. Scegli la sua coda: la coda e le pietre davanti a lei muovono insieme, da 1 casella fino a tante caselle quante sono le pietre, lungo la loro linea. Una pietra sola muove di una casella in qualsiasi direzione.
rules-epaminondas-capture = Le caselle attraversate devono essere vuote. Se la testa arriva su una pietra avversaria, cattura la falange avversaria che le sta davanti su quella linea, se ha meno pietre della tua. Una pietra sola non cattura mai; la cattura non è mai obbligatoria.
rules-epaminondas-win = All'inizio del tuo turno, se hai più pietre sulla prima riga dell'avversario di quante lui ne abbia sulla tua, vinci.
rules-epaminondas-anti-symmetry = Anti-simmetria, attiva per impostazione predefinita (opzione: disattivata): una mossa che porta una pietra sulla prima riga avversaria non può lasciare una posizione identica a colori invertiti, specchiata tra le due righe di partenza o ruotata di mezzo giro. Il testo della regola è segnalato come poco chiaro: questa è la nostra lettura.
rules-epaminondas-no-stones = Chi resta senza pietre perde.
