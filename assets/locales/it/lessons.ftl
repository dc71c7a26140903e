# Le lezioni (src/learn). Italiano (Lines of Action: pezzi; Epaminondas: pietre, falange).

## L'elenco e i pulsanti

lesson-list-heading = Lezioni
lesson-list-intro = Ogni lezione mette una posizione sulla scacchiera. Leggi, poi gioca sulla scacchiera.
lesson-group-loa = Lines of Action
lesson-group-loa-variants = Lines of Action: opzioni e varianti
lesson-group-epaminondas = Epaminondas
lesson-group-strategy = Strategia
lesson-back-to-title = Torna alla schermata iniziale
lesson-back-to-list = Torna alle lezioni
# $step: il numero del passo; $total: quanti passi ha la lezione.
lesson-step = Passo { $step } di { $total }
# $side: side-black o side-white.
lesson-you-play = Giochi con il { $side }.
lesson-next = Avanti ›
lesson-finish = Fine ✔
lesson-show-me = Fammi vedere
lesson-try-again = Riprova
lesson-right = Bravo!
lesson-shown = Ecco la mossa.
lesson-illegal = Non è permesso:
lesson-legal-but = Permesso, ma…
lesson-not-this-one = Questa mossa è permessa, ma non è quella che chiede questo passo. Premi «Riprova».
# I dati di una lezione non si possono preparare (un difetto del gioco): $text è la posizione scritta.
lesson-problem-position = La posizione di questa lezione non si può preparare: { $text }
lesson-problem-move = La mossa di questa lezione non si può leggere: { $move }
lesson-problem-refused = Le regole rifiutano la mossa { $move } di questa lezione: { $why }

## Lines of Action

lesson-loa-six-title = Una prima partita su 6 × 6
lesson-loa-six-0-ask = Lines of Action su una scacchiera piccola, per impararlo in pochi minuti: otto pezzi ciascuno. Quelli del Nero stanno sulla prima e sull'ultima riga (b1–e1, b6–e6), quelli del Bianco sulle due colonne laterali (a2–a5, f2–f5). Vince chi per primo connette tutti i suoi pezzi in un solo gruppo. Premi «Avanti».
lesson-loa-six-1-ask = Un pezzo si muove in linea retta (in orizzontale, in verticale o in diagonale) di tante caselle quanti sono i pezzi su quella linea, di qualunque colore. La colonna b ha due pezzi, b1 e b6: muovi b1 di due caselle in avanti.
lesson-loa-six-1-done = b1-b3: due pezzi sulla linea, due caselle.
lesson-loa-six-2-ask = Un pezzo può scavalcare i propri ma non quelli avversari, e cattura un pezzo avversario fermandosi sulla sua casella. La colonna d ha due pezzi: cattura il pezzo bianco in d4.
lesson-loa-six-2-done = d2xd4: il pezzo bianco esce dalla scacchiera. Meno pezzi si connettono prima: cattura con giudizio.
lesson-loa-six-3-ask = I pezzi neri in b2, c2 e c3 si toccano già (le diagonali contano). Porta e1 vicino a loro e vinci.
lesson-loa-six-3-done = Un solo gruppo: vince il Nero. Questo è tutto il gioco. Giocane una partita su 6 × 6 contro il computer (Nuova partita, Scacchiera 6 × 6), poi passa alla scacchiera 8 × 8 nelle lezioni seguenti.

lesson-loa-moves-title = Di quanto si muove un pezzo
lesson-loa-moves-0-ask = La partenza: dodici pezzi ciascuno. Quelli del Nero stanno sulla riga in basso e su quella in alto (b1–g1, b8–g8), quelli del Bianco sulle due colonne laterali (a2–a7, h2–h7). Qui comincia il Nero, come in Sackson e nei tornei; alcune edizioni fanno cominciare il Bianco (un'opzione di Nuova partita). Premi «Avanti».
lesson-loa-moves-1-ask = Un pezzo si muove in linea retta (in orizzontale, in verticale o in diagonale) di tante caselle quanti sono i pezzi su quella linea, di qualunque colore. La colonna b ha due pezzi, b1 e b8: muovi b1 di due caselle in avanti.
lesson-loa-moves-1-done = b1-b3: due pezzi sulla linea, due caselle. La lezione «Una partita d'esempio» comincia allo stesso modo.
lesson-loa-moves-2-ask = Anche in diagonale. La diagonale che sale da c1 verso destra ha due pezzi: c1 e il pezzo bianco in h6 (anche gli avversari contano). Muovi c1 lungo questa diagonale.
lesson-loa-moves-2-done = c1-e3: due pezzi, due caselle.
lesson-loa-moves-3-ask = Conta tutta la linea, da entrambi i lati del pezzo. La riga 4 ha tre pezzi: a4, d4 e h4. Muovi d4 verso destra.
lesson-loa-moves-3-done = d4-g4: tre caselle. Verso sinistra andrebbe anche di tre caselle, catturando a4.

lesson-loa-jump-title = Scavalcare e catturare
lesson-loa-jump-1-ask = Lo schema dell'articolo francese. La riga 6 ha tre pezzi, ma a6 non può andare in d6: scavalcherebbe il pezzo nero in c6, e non si scavalcano mai i pezzi avversari. Prova a6-d6. Poi muovi a6 in c4: la diagonale a6–f1 ha due pezzi.
lesson-loa-jump-1-done = a6-c4: due pezzi sulla diagonale (a6 e f1), due caselle, nessun ostacolo.
lesson-loa-jump-2-ask = Ora il Nero, come prosegue l'articolo. I tuoi pezzi non bloccano mai: si possono scavalcare (ma non ci si può fermare sopra). La diagonale a4–e8 ha tre pezzi: porta e8 giù di tre caselle fino a b5, scavalcando il tuo pezzo in c6.
lesson-loa-jump-2-done = e8-b5: tre pezzi sulla diagonale, tre caselle, scavalcando un tuo pezzo.
lesson-loa-jump-3-ask = Di nuovo il Bianco. Un pezzo che si ferma su un pezzo avversario lo cattura. La breve diagonale h3–f1 ha due pezzi: cattura il pezzo nero in f1.
lesson-loa-jump-3-done = h3xf1: il pezzo nero esce dal gioco.

lesson-loa-capture-title = Catturare
lesson-loa-capture-1-ask = Un pezzo che si ferma su un pezzo avversario lo cattura. La riga 3 ha tre pezzi: c3 si muove di tre caselle verso destra e arriva in f3. Cattura.
lesson-loa-capture-1-done = Catturato: il pezzo in f3 esce dal gioco. Ma lo scopo non è catturare: è connettere.

lesson-loa-connect-title = Connettere i pezzi
lesson-loa-connect-1-ask = Lo scopo: tutti i tuoi pezzi in un solo gruppo. Pezzi che si toccano per un lato o per un angolo (in diagonale) sono connessi. Una mossa connette tutti i pezzi neri: trovala.
lesson-loa-connect-1-wrong = Permessa, ma i tuoi pezzi non formano ancora un solo gruppo. Quale pezzo è isolato? Premi «Riprova».
lesson-loa-connect-1-done = Tutti i tuoi pezzi si toccano, diagonali comprese. Anche un solo pezzo rimasto conterebbe come connesso.
lesson-loa-connect-2-ask = Le regole Abacus mostrano il Nero che vince portando il pezzo da g5 a f4. Anche qui g5 è l'unico pezzo nero lontano dagli altri: connetti i tuoi pezzi.
lesson-loa-connect-2-done = I tuoi pezzi formano un solo gruppo: hai vinto. Non conta quanti pezzi hai, ma che si tocchino tutti.
lesson-loa-connect-3-ask = L'«esempio di partita vinta» dell'articolo francese, in una posizione nostra: al Bianco resta un pezzo da riportare. Al Nero servirebbero ancora due turni per riunire i suoi. Connetti i pezzi bianchi.
lesson-loa-connect-3-done = Il Bianco è connesso e vince, mentre i pezzi neri sono ancora sparsi.

## Opzioni e varianti

lesson-loa-both-title = Una mossa connette entrambi
lesson-loa-both-1-ask = E se una mossa connette entrambi i giocatori? Cattura g3 con g1 (due pezzi sulla colonna g): i tuoi pezzi si uniscono, e al Bianco restano d6 ed e6, che si toccano.
lesson-loa-both-1-done = Entrambi sono connessi. Di norma (la regola dei tornei, e quella del testo italiano) la partita è patta.
lesson-loa-both-2-ask = La stessa mossa con l'opzione «vince chi ha appena mosso» (A Gamut of Games, 2ª edizione; la regola Abacus). Cattura di nuovo g3.
lesson-loa-both-2-done = Questa volta vince chi ha appena mosso. La regola si sceglie nella finestra Nuova partita.

lesson-loa-first-title = Chi comincia
lesson-loa-first-1-ask = Di norma comincia il Nero (Sackson, la Computer Olympiad). Un'opzione fa cominciare il Bianco, come in alcune edizioni (quella Abacus, per esempio). La disposizione iniziale non cambia. Qui il tratto è al Bianco: prova una mossa.

lesson-scrambled-title = Uova strapazzate
lesson-scrambled-1-ask = Uova strapazzate (Scrambled Eggs, Claude Soucie): i colori si alternano lungo il bordo e gli angoli sono vuoti. Il resto non cambia. Fai una prima mossa.
lesson-scrambled-1-done = I pezzi partono mescolati: i gruppi si formano in tutt'altro modo.

lesson-parachute-title = Paracadute
lesson-parachute-1-ask = Paracadute (David Voorhees): solo i pezzi delle colonne a e h partono sulla scacchiera; ogni giocatore tiene in riserva sei pezzi dell'avversario. Nei tuoi primi sei turni fai una mossa, poi posa uno dei pezzi avversari che tieni in riserva su una casella vuota (si illumina di blu). Prova.
lesson-parachute-1-done = Posato! Posa i pezzi dell'avversario dove gli danno fastidio. Regola nostra: non puoi vincere finché il tuo avversario tiene ancora in riserva alcuni dei tuoi pezzi.

lesson-four-title = LOA a quattro
lesson-four-1-ask = LOA a quattro: due squadre, Nero e Bianco. Ogni colore ha due gruppi di sei pezzi: semplici, e segnati da un anello rosso. Quattro posti muovono a turno: Nero semplici, Bianco semplici, Nero segnati, Bianco segnati. Ogni posto muove solo i propri pezzi. Una squadra vince quando tutti i suoi pezzi ancora sulla scacchiera, semplici e segnati, sono connessi.

lesson-ambidextrous-title = LOA ambidestro
lesson-ambidextrous-1-ask = LOA ambidestro: i pezzi di LOA a quattro, ma due giocatori. Si alterna: i pezzi semplici al 1°, 3°, 5°… turno, quelli segnati al 2°, 4°… Senza mosse permesse con quei pezzi, si passa. Qui muovono i pezzi semplici del Nero: brillano.

lesson-boundless-title = Senza confini
lesson-boundless-1-ask = Senza confini: la scacchiera non ha bordo. I pezzi possono uscire dal quadrato 8×8 e ogni linea continua senza fine. La colonna b ha due pezzi: muovi b1 di due caselle indietro, fuori dalla scacchiera.
lesson-boundless-1-done = Fuori dalla scacchiera, ed è permesso: la scacchiera cresce con i pezzi. Si conta come sempre, su tutta la linea senza fine.

## Epaminondas

lesson-epa-board-title = La scacchiera e le falangi
lesson-epa-board-1-ask = Epaminondas si gioca su una scacchiera di 14 colonne per 12 righe. Ogni giocatore ha 28 pietre sulle sue due righe di partenza: il Bianco sulle righe 1 e 2, il Nero sulle righe 11 e 12. Comincia il Bianco. Premi «Avanti».
lesson-epa-board-2-ask = Una falange è una linea retta di tue pietre: orizzontale, verticale o diagonale. a1 e b2 formano una falange diagonale di due pietre. Prendi a1 come coda e muovi la coppia in diagonale, di una o due caselle.
lesson-epa-board-2-done = Tutta la falange si è mossa lungo la sua diagonale, al massimo di tante caselle quante pietre ha.
lesson-epa-board-3-ask = Una pietra può appartenere a più falangi, una per direzione: b2 è nella riga 2, nella coppia b1–b2 e nelle diagonali a1–b2 e c1–b2. Muovi la coppia c1–b2 in alto a sinistra: coda c1, una casella.
lesson-epa-board-3-done = b2 si è mossa come testa della falange c1–b2; le sue altre falangi sono rimaste ferme.

lesson-phalanx-title = Le falangi su una scacchiera piccola
lesson-phalanx-1-ask = Sulla scacchiera piccola 8×8 (un'opzione, per partite brevi), la tua falange c1–c3 ha tre pietre. Si muove lungo la sua linea al massimo di tante caselle quante pietre ha: clicca la coda c1, poi muovila di tre caselle in avanti (la testa arriva in c6).
lesson-phalanx-1-done = Tre pietre, fino a tre caselle. Una pietra sola si muove di una casella, in qualsiasi direzione.
lesson-phalanx-2-ask = Una falange si può dividere: scegli come coda una pietra di mezzo, e si muovono solo lei e quelle davanti. Prendi c2 come coda: c2 e c3 avanzano di una o due caselle.
lesson-phalanx-2-done = Si è mossa solo la parte davanti; c1 è rimasta indietro.
lesson-phalanx-3-ask = Una falange non attraversa mai pietre, né tue né avversarie. La tua pietra in c5 sbarra la strada. Prova c1 verso c6, poi muovi la falange fin dove può.
lesson-phalanx-3-done = Solo c4 era libera: una casella.

lesson-epa-capture-title = Catturare con una falange
lesson-epa-capture-1-ask = Per catturare, la testa della falange si ferma su una pietra avversaria. La falange avversaria che le sta di fronte, in linea a partire da quella pietra (c5 e c6: due pietre), deve essere più corta della tua (tre). Cattura: c1 verso c5.
lesson-epa-capture-1-done = Tutta la falange avversaria è sparita. Una pietra sola non cattura mai, e catturare non è mai obbligatorio.
lesson-epa-capture-2-ask = La parità non basta: la tua coppia f2–f3 non può catturare la coppia f5–f6 (prova f2 verso f5). La pietra sola in d5 invece si può catturare: catturala.
lesson-epa-capture-2-done = Due contro una: catturata. Due contro due richiederebbe una terza pietra.

lesson-epa-win-title = Vincere, e difendere la propria riga di partenza
lesson-epa-win-1-ask = Vinci se, all'inizio del tuo turno, hai più pietre sulla riga di partenza avversaria di quante l'avversario ne abbia sulla tua. Quella del Nero è la riga 8. Portaci e7, e resisti un turno.
lesson-epa-win-1-done = Il Nero non ha potuto catturare la tua pietra. All'inizio del tuo turno hai una pietra sulla riga 8 e il Nero nessuna sulla riga 1: hai vinto.
lesson-epa-win-2-ask = Sulla scacchiera vera: una pietra nera è arrivata in g1, sulla tua riga di partenza. Se è ancora lì all'inizio del turno del Nero, e tu non hai pietre sulla riga 12, il Nero vince. Rispondi.
lesson-epa-win-2-done = L'intrusa è sparita. Una falange di due o più pietre in linea con lei la cattura; una pietra sola non potrebbe.

lesson-symmetry-title = La regola dell'antisimmetria
lesson-symmetry-1-ask = Una mossa che arriva sull'ultima riga non può lasciare una posizione identica a colori invertiti (a specchio dall'alto in basso, o girata di mezzo giro). Questa regola è attiva di norma; il testo francese la enuncia in modo poco chiaro, e questa è la nostra lettura. Il Nero ha una pietra in c1, sulla tua riga. c7 verso c8 darebbe quello specchio: prova. Poi raggiungi la riga 8 in un altro modo.
lesson-symmetry-1-done = Una pietra a testa sull'ultima riga: nessuno vince ancora, la partita continua.

## Strategia

lesson-opening-title = Le mosse d'apertura
lesson-opening-1-ask = In apertura i pezzi di entrambi sono molto mobili e il gioco può farsi subito tattico. Fai una prima mossa che non offra al Bianco nessuna nuova cattura.
lesson-opening-1-wrong = Permessa, ma ora il Bianco può catturare uno dei tuoi pezzi. Premi «Riprova».
lesson-opening-1-done = Niente di nuovo da catturare. Una buona mossa d'apertura toglie anche caselle ai pezzi avversari.

lesson-game-title = Una partita d'esempio
lesson-game-1-ask = Una partita d'esempio, tratta da una presentazione francese di Lines of Action. Il Nero comincia con b1-b3 (due pezzi sulla colonna b): non offre catture al Bianco e limita i suoi pezzi della colonna a. Giocala.
lesson-game-1-done = Il Bianco risponde h4-f2 (due pezzi su quella diagonale) e comincia a chiudere la prima riga del Nero.
lesson-game-2-ask = Il Nero cattura a4 da d1, scavalcando il proprio pezzo in b3: la diagonale ha tre pezzi (d1, b3, a4). Giocala.
lesson-game-2-done = Un pezzo in più, ma le catture rapide sui bordi valgono di rado. Il Bianco risponde h2-e2, scavalcando un proprio pezzo, e continua a chiudere la prima riga del Nero.
lesson-game-3-ask = Il Bianco ha mosso per secondo, ma è già in vantaggio: e2 e f2 chiudono la prima riga del Nero. Il Nero prova a uscirne: e1 verso c3 (due pezzi su quella diagonale).
lesson-game-3-done = Il Bianco cattura lo stesso: a5 prende c3.
lesson-game-4-ask = La partita dell'articolo finisce qui. Il tratto è al Nero, di nuovo in parità di pezzi (undici ciascuno), con la prima riga ancora murata; il Bianco prepara a2-d2 per chiudere il muro. Premi «Fine».

lesson-wall-title = Il muro
lesson-wall-1-ask = Blocca i pezzi avversari contro il bordo muovendoti lungo la tua seconda riga. Se il Nero avesse giocato c8-c6 nella partita d'esempio, il Bianco continuerebbe il suo muro: e2 e f2 chiudono già la prima riga del Nero. Gioca a2 verso d2.
lesson-wall-1-done = d2, e2 e f2: i pezzi neri della riga 1 dovranno uscire dai lati per raggiungere gli altri.

lesson-centre-title = Le catture al centro
lesson-centre-1-ask = Il Nero può catturare sul bordo (d1 prende a4) o al centro (g3 prende e5). Quale è meglio? Giocala.
lesson-centre-1-wrong = Permessa, ma non è una cattura al centro: il pezzo in a4 serviva poco al Bianco. Cattura invece al centro. Premi «Riprova».
lesson-centre-1-done = Le catture al centro sono spesso ottime: la catena bianca e5–f6–g7 è spezzata e il tuo pezzo sta nel mezzo. Più pezzi possono bloccare, ma meno pezzi si connettono più facilmente.

lesson-which-title = Quale cattura, con quale regola
lesson-which-1-ask = Due mosse connettono i tuoi pezzi: g1 verso f2, oppure g1 che cattura e1. Ma la cattura lascia connessi anche gli ultimi due pezzi bianchi, e con la regola dei tornei (quella di norma) una mossa che connette entrambi dà la patta. Vinci.
lesson-which-1-wrong = Non è una vittoria: la tua cattura ha connesso anche il Bianco, e con questa regola la partita è patta. Premi «Riprova», e connetti senza catturare.
lesson-which-1-done = Vinci senza connettere anche i pezzi bianchi.
lesson-which-2-ask = La stessa posizione con la regola di A Gamut of Games, 2ª edizione: quando entrambi sono connessi vince chi ha appena mosso. Ora vince anche la cattura. Vinci, in un modo o nell'altro.
lesson-which-2-done = Con questa regola vincono entrambe le mosse. Controlla la regola prima di catturare.
