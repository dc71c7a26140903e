# Le mail e le pagine degli avvisi di gamut-server (crates/server/src/notify): avvisato quando
# tocca a te in una partita per corrispondenza.

confirm-subject = Conferma il tuo indirizzo per le tue mosse su { $site }
confirm-body =
    Qualcuno, forse tu, ha chiesto al server dei tavoli di { $site } di mandare una mail a questo indirizzo quando tocca a lui in una partita per corrispondenza.

    Per confermare, segui questo link:
    { $link }

    Se non sei stato tu, ignora questa mail: nient'altro sarà inviato a questo indirizzo finché il link non è seguito.

digest-subject =
    { $count ->
        [one] Tocca a te al tavolo { $first }
       *[other] Tocca a te a { $count } tavoli
    }
digest-intro = Tocca a te:
digest-line = Tavolo { $code } contro { $others }, mossa { $move }, { $hours } h rimaste: { $link }

reminder-subject = Restano { $hours } h per la tua mossa al tavolo { $code }
reminder-body =
    Il tuo tempo per questa mossa al tavolo { $code } (contro { $others }) scade tra { $hours } h.

    Giocala qui: { $link }

footer =
    Ricevi questa mail perché l'hai chiesta su { $site }. Ferma ogni mail a questo indirizzo:
    { $stop }

page-confirmed = Il tuo indirizzo è confermato: sarai avvisato quando tocca a te.
page-stopped = Fatto: nessuna mail sarà più inviata a questo indirizzo, ed è stato cancellato.
page-unknown = Questo link non è (o non è più) valido.

push-title = Tocca a te
push-digest =
    { $count ->
        [one] Tocca a te al tavolo { $first }.
       *[other] Tocca a te a { $count } tavoli: { $codes }.
    }
push-reminder = Restano { $hours } h per la tua mossa al tavolo { $code }.
nobody = ancora nessuno
