# Tavoli in rete: unirsi a un tavolo con indirizzo e codice, ospitarne uno, la barra del tavolo. Italiano.

title-tables = Tavoli in rete
table-title = Tavoli in rete
table-back = Titolo
table-intro = Gioca dal tuo dispositivo: il grande schermo ospita un tavolo, ogni giocatore si unisce con il suo codice, da un altro computer o dal browser di un telefono. Altri possono guardare.
table-your-name = Il tuo nome al tavolo
table-join = Unisciti a un tavolo
table-address = L'indirizzo del server (mostrato sullo schermo di chi ospita)
table-code = Il codice del tavolo
table-join-button = Unisciti e guarda
table-host = Ospita un tavolo
table-host-game = Il gioco
table-host-computer = giocato dal computer
table-host-level = livello del computer
table-host-help = Questo schermo diventa il grande schermo: mostra il codice del tavolo, il suo indirizzo e un codice QR per i telefoni.
table-host-button = Ospita un tavolo qui
table-connecting = Connessione…
table-lost = La connessione al tavolo si è interrotta; nuovo tentativo…
table-bad-address = Scrivi l'indirizzo del server, per esempio 192.168.1.20:7878.
table-bad-code = Il codice di un tavolo ha cinque lettere e cifre.
table-bad-name = Scrivi il tuo nome (da 1 a 40 caratteri).
table-unreachable = Il server del tavolo non è raggiungibile: controlla l'indirizzo, e che il gioco di chi ospita stia ancora ospitando.
table-unreadable = Il server parla un'altra versione del protocollo del gioco.
table-host-failed-runtime = Questo gioco non ha potuto avviare il suo server.
table-host-failed-database = Il file dei tavoli nella cartella dei dati non si apre (vedi il registro).
table-host-failed-port = Nessuna porta di rete di questa macchina ha potuto aprirsi per il tavolo.
table-refused-unknown = Nessun tavolo ha questo codice (o è scaduto).
table-refused-seat-taken = Qualcuno siede già lì.
table-refused-bad-token = Questo posto è tenuto da qualcun altro.
table-refused-not-your-turn = Non è il tuo turno al tavolo: la scacchiera torna com'è al tavolo.
table-refused-illegal = L'arbitro del tavolo ha rifiutato questa mossa.
table-refused-game-over = La partita al tavolo è finita.
table-refused-offer = Non si può proporre ora.
table-refused-full = Il server è pieno; riprova più tardi.
table-refused-unavailable = Il server non ha potuto salvarlo; riprova.
table-bar-heading = Il tavolo
table-bar-address = Unisciti su { $address }
table-bar-scan = Telefoni: inquadrate per aprire il gioco.
table-spectators = { $count ->
    [one] Una persona guarda
   *[other] { $count } persone guardano
}
table-sit = Siediti qui
table-seat-you = Tu
table-seat-free = Libero
table-seat-computer = Il computer, livello { $level }
table-seat-away = { $name } (assente)
table-seat-rated = { $name } ({ $rating })
table-leave = Lascia il tavolo
notice-remote-turn = Tocca a { $seat }, su un altro dispositivo.
player-remote = Su un altro dispositivo
table-host-clock = L'orologio (lo gestisce il server)
table-clock-days = { $days ->
    [one] 1 giorno per mossa
   *[other] { $days } giorni per mossa
}
table-offers = Proponi…
table-offer-draw = Proponi la patta
table-offer-take-back = Chiedi di ritirare la tua mossa
table-offer-rematch = Rivincita
table-offered-draw = { $name } propone la patta
table-offered-take-back = { $name } chiede di ritirare la sua ultima mossa
table-offered-rematch = { $name } propone la rivincita, a colori invertiti
table-accept = Accetta
table-decline = Rifiuta
table-waiting-answer = In attesa della risposta dell'altra parte…
table-declined-draw = La tua proposta di patta è stata rifiutata.
table-declined-take-back = La tua mossa non può essere ritirata.
table-declined-rematch = La rivincita è stata rifiutata.
table-your-games = Le tue partite ai tavoli
table-go-back = Torna alla partita
table-forget = Dimentica
table-standing-your-turn = Tocca a te
table-standing-your-turn-left = Tocca a te (restano { $left })
table-standing-their-turn = Tocca all'altra parte
table-standing-over = Finita
table-standing-asking = Richiesta al server…
table-standing-unreachable = Il suo server non è raggiungibile
table-standing-gone = Il suo server non ha più questo tavolo
table-big-move = Mossa { $number }
