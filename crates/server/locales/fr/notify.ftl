# Les mails et pages des avis de gamut-server (crates/server/src/notify) : prévenu quand c'est
# votre coup dans une partie par correspondance.

confirm-subject = Confirmez votre adresse pour vos coups sur { $site }
confirm-body =
    Quelqu'un, peut-être vous, a demandé au serveur de tables de { $site } d'envoyer un mail à cette adresse quand c'est son coup dans une partie par correspondance.

    Pour confirmer, suivez ce lien :
    { $link }

    Si ce n'était pas vous, ignorez ce mail : rien d'autre ne sera envoyé à cette adresse tant que le lien n'est pas suivi.

digest-subject =
    { $count ->
        [one] À vous de jouer à la table { $first }
       *[other] À vous de jouer à { $count } tables
    }
digest-intro = C'est à vous de jouer :
digest-line = Table { $code } contre { $others }, coup { $move }, { $hours } h restantes : { $link }

reminder-subject = Plus que { $hours } h pour votre coup à la table { $code }
reminder-body =
    Votre temps pour ce coup à la table { $code } (contre { $others }) se termine dans { $hours } h.

    Jouez-le ici : { $link }

footer =
    Vous recevez ce mail parce que vous l'avez demandé sur { $site }. Arrêter tout mail à cette adresse :
    { $stop }

page-confirmed = Votre adresse est confirmée : vous serez prévenu quand c'est votre coup.
page-stopped = C'est fait : plus aucun mail ne sera envoyé à cette adresse, et elle a été effacée.
page-unknown = Ce lien n'est pas (ou plus) valable.

push-title = À vous de jouer
push-digest =
    { $count ->
        [one] C'est votre coup à la table { $first }.
       *[other] C'est votre coup à { $count } tables : { $codes }.
    }
push-reminder = Plus que { $hours } h pour votre coup à la table { $code }.
nobody = personne encore
