# La finestra Regole (F1): le regole di ogni gioco in un titolo e cinque punti. Italiano.

rules-loa-title = Lines of Action (Claude Soucie)
rules-loa-move = Muovi un pezzo in linea retta (in orizzontale, verticale o diagonale) di esattamente tante caselle quanti sono i pezzi — di entrambi i colori — sull'intera linea di azione.
rules-loa-jump = Puoi scavalcare i tuoi pezzi ma mai un pezzo avversario. Non puoi finire su un tuo pezzo; finendo su un pezzo avversario lo mangi.
rules-loa-connect = Connetti tutti i tuoi pezzi in un solo gruppo (che si toccano per un lato o per un angolo) per vincere. Un pezzo rimasto da solo è connesso.
rules-loa-capture = Se la tua presa lascia l'avversario connesso, vince l'avversario. Una mossa che connette entrambi i colori è patta per impostazione predefinita (opzione: vince chi muove).
rules-loa-pass = Senza mosse legali si passa. La terza ripetizione di una posizione è patta (opzione).

rules-epaminondas-title = Epaminonda (Robert Abbott)
rules-epaminondas-phalanx = Una falange è una linea continua di tue pedine. Scegli la sua coda: la coda e le pedine davanti a lei muovono insieme, da 1 casella fino a tante caselle quante sono le pedine, lungo la loro linea. Una pedina sola muove di una casella in qualsiasi direzione.
rules-epaminondas-capture = Le caselle attraversate devono essere vuote. Arrivando su una pedina avversaria si cattura l'intera fila avversaria davanti, se è più corta della tua falange.
rules-epaminondas-win = All'inizio del tuo turno, se hai più pedine sulla prima riga dell'avversario di quante lui ne abbia sulla tua, vinci. Chi resta senza pedine perde.
rules-epaminondas-anti-symmetry = Anti-simmetria (opzione): una mossa sull'ultima riga non può lasciare una posizione speculare a colori invertiti.
rules-epaminondas-pass = Senza mosse legali si passa. La terza ripetizione di una posizione è patta (opzione).
