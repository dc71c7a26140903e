# La pagina «Informazioni» di ogni gioco (una scheda della finestra Regole, e «I giochi e la
# loro storia» nella schermata del titolo): il suo inventore e la sua storia, dai testi delle
# regole su cui il gioco si basa, ognuno col testo da cui viene. Italiano.

title-about = I giochi e la loro storia
about-title = Informazioni
rules-tab-rules = Regole
rules-tab-about = Storia
about-heading-inventor = Il gioco e il suo inventore
about-heading-sources = Fonti

about-loa-title = Lines of Action
about-loa-soucie = Lines of Action è un gioco da tavolo astratto per due giocatori inventato da Claude Soucie. L'enciclopedia italiana lo data al 1960; l'articolo francese dice che le sue regole furono presentate negli anni Sessanta, prima della prima edizione.
about-loa-sackson = Il gioco cominciò a diffondersi quando Sid Sackson lo pubblicò nel suo libro A Gamut of Games (1969). Ebbe successo in Nord America più che in Europa, dove è ancora poco conosciuto (articolo francese).
about-loa-disputes = Claude Soucie morì proprio mentre il suo gioco cominciava ad appassionare molti giocatori, e alcuni punti precisi delle regole furono fissati senza di lui. Sid Sackson gli era molto vicino, e su ogni punto controverso la posizione di Sackson è generalmente accettata come ben fondata (articolo francese).
about-loa-heading-editions = La connessione simultanea
about-loa-first-edition = Nella prima edizione di A Gamut of Games, una mossa che connette entrambi i colori insieme dava una patta.
about-loa-second-edition = La seconda edizione cambiò la regola: vince chi ha appena mosso. Nella prefazione Sackson spiega di aver eliminato la patta su richiesta di Claude Soucie.
about-loa-tournaments = Nonostante il desiderio dell'autore, la maggior parte dei tornei considera ancora patta la connessione simultanea (articolo francese; lo dice anche il testo italiano). Questo gioco li segue per impostazione predefinita; la regola della seconda edizione è un'opzione in Nuova partita.
about-loa-heading-variants = Varianti (regole Abacus Spiele, 1993)
about-loa-scrambled-eggs = Uova strapazzate, inventata dallo stesso Claude Soucie: una partenza diversa, con i colori alternati lungo i bordi.
about-loa-parachute = Paracadute, di David Voorhees: solo metà dei pezzi parte sulla scacchiera; nei primi sei turni ogni giocatore posa anche uno dei pezzi avversari che tiene in riserva.
about-loa-four = LOA a quattro: due squadre di due; i compagni non possono consultarsi, e ognuno muove solo i propri pezzi (segnati o semplici).
about-loa-ambidextrous = LOA ambidestro: gli stessi pezzi segnati per due giocatori, che devono alternare pezzi segnati e pezzi semplici.
about-loa-boundless = Un'ultima variante permette di giocare oltre i bordi della scacchiera.
about-loa-lot = Le stesse regole estraggono a sorte i colori e fanno muovere per primo il Bianco: sono due opzioni in Nuova partita.
about-loa-sources = Un articolo francese su Lines of Action (storia, regole, una partita di esempio); le regole Abacus Spiele del 1993 in francese, dal sito di François Haffner, con i ringraziamenti a Dave Dyer; la voce «Lines of Action» di Wikipedia in italiano.

about-epaminondas-title = Epaminondas
about-epaminondas-abbott = Epaminondas è un gioco di strategia inventato da Robert Abbott nel 1975. Prende il nome dal generale tebano Epaminonda, famoso per l'uso strategico della falange — l'idea al centro del gioco.
about-epaminondas-crossings = Fu presentato per la prima volta con il nome di Crossings nel libro di Sid Sackson A Gamut of Games. La versione originale si giocava su una scacchiera da dama 8×8; il gioco attuale usa una scacchiera 14×12 e regole di cattura diverse.
about-epaminondas-name = Alla sua pubblicazione fu presentato come uno dei primi giochi moderni a riportare il nome del suo inventore nelle regole.
about-epaminondas-small = La scacchiera 8×8 proposta in Nuova partita tiene le regole attuali su una scacchiera più piccola: non è Crossings.
about-epaminondas-sources = La voce «Epaminondas (jeu)» di Wikipedia in francese, che cita Kerry Handscomb, «Epaminondas … a game of classical elegance», Abstract Games n. 3, e R. Wayne Schmittberger, New Rules for Classic Games, «Epaminondas and Crossings».
