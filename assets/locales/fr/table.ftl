# Tables en réseau : rejoindre une table par son adresse et son code, en héberger une, la barre de la table. Français.

title-tables = Tables en réseau
table-title = Tables en réseau
table-back = Accueil
table-intro = Jouez depuis votre propre appareil : le grand écran héberge une table, chaque joueur la rejoint avec son code, depuis un autre ordinateur ou le navigateur d'un téléphone. D'autres peuvent regarder.
table-your-name = Votre nom à la table
table-join = Rejoindre une table
table-address = L'adresse du serveur (affichée sur l'écran de l'hôte)
table-code = Le code de la table
table-join-button = Rejoindre et regarder
table-host = Héberger une table
table-host-game = Le jeu
table-host-computer = joué par l'ordinateur
table-host-level = niveau de l'ordinateur
table-host-help = Cet écran devient le grand écran : il montre le code de la table, son adresse et un code QR pour les téléphones.
table-host-button = Héberger une table ici
table-connecting = Liaison avec le serveur…
table-lost = La liaison avec la table a été perdue ; nouvel essai…
table-bad-address = Tapez l'adresse du serveur, par exemple 192.168.1.20:7878.
table-bad-code = Le code d'une table compte cinq lettres et chiffres.
table-bad-name = Tapez votre nom (1 à 40 caractères).
table-unreachable = Le serveur de la table est injoignable : vérifiez l'adresse, et que le jeu de l'hôte héberge toujours.
table-unreadable = Le serveur parle une autre version du protocole du jeu.
table-host-failed-runtime = Ce jeu n'a pas pu démarrer son serveur.
table-host-failed-database = Le fichier des tables dans le dossier de données ne peut pas être ouvert (voir le journal).
table-host-failed-port = Aucun port réseau de cette machine n'a pu être ouvert pour la table.
table-refused-unknown = Aucune table n'a ce code (ou il a expiré).
table-refused-seat-taken = Quelqu'un occupe déjà cette place.
table-refused-bad-token = Cette place est tenue par quelqu'un d'autre.
table-refused-not-your-turn = Ce n'est pas votre tour à la table : le plateau est remis comme la table l'est.
table-refused-illegal = L'arbitre de la table a refusé ce coup.
table-refused-game-over = La partie de la table est terminée.
table-refused-offer = Cela ne peut pas être proposé maintenant.
table-refused-full = Le serveur est plein ; réessayez plus tard.
table-refused-unavailable = Le serveur n'a pas pu l'enregistrer ; réessayez.
table-bar-heading = La table
table-bar-address = Rejoindre sur { $address }
table-bar-scan = Téléphones : scannez pour ouvrir le jeu.
table-spectators = { $count ->
    [one] Une personne regarde
   *[other] { $count } personnes regardent
}
table-sit = S'asseoir ici
table-seat-you = Vous
table-seat-free = Libre
table-seat-computer = Ordinateur ({ $level })
table-seat-away = { $name } (absent)
table-seat-rated = { $name } ({ $rating })
table-leave = Quitter la table
notice-remote-turn = C'est au tour de { $seat }, sur un autre appareil.
player-remote = Sur un autre appareil
table-host-clock = La pendule (le serveur la fait tourner)
table-clock-days = { $days ->
    [one] 1 jour par coup
   *[other] { $days } jours par coup
}
table-offers = Proposer…
table-offer-draw = Proposer la nulle
table-offer-take-back = Demander à reprendre votre coup
table-offer-rematch = Revanche
table-offered-draw = { $name } propose la nulle
table-offered-take-back = { $name } demande à reprendre son dernier coup
table-offered-rematch = { $name } propose une revanche, les camps échangés
table-accept = Accepter
table-decline = Refuser
table-waiting-answer = En attente de la réponse de l'autre camp…
table-declined-draw = Votre proposition de nulle a été refusée.
table-declined-take-back = Votre coup ne peut pas être repris.
table-declined-rematch = La revanche a été refusée.
table-your-games = Vos parties aux tables
table-go-back = Y retourner
table-forget = Oublier
table-standing-your-turn = À vous de jouer
table-standing-your-turn-left = À vous de jouer (il reste { $left })
table-standing-their-turn = À l'autre camp de jouer
table-standing-over = Terminée
table-standing-asking = Question au serveur…
table-standing-unreachable = Son serveur est injoignable
table-standing-gone = Son serveur n'a plus cette table
table-big-move = Coup { $number }
