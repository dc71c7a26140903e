# The mails and pages of gamut-server's notices (crates/server/src/notify): told when it is
# your move at a correspondence table.

confirm-subject = Confirm your address for your moves at { $site }
confirm-body =
    Someone, perhaps you, asked the tables' server at { $site } to send this address a mail when it is their move in a correspondence game.

    To confirm, follow this link:
    { $link }

    If it was not you, ignore this mail: nothing else will be sent to this address unless the link is followed.

digest-subject =
    { $count ->
        [one] Your move at table { $first }
       *[other] Your move at { $count } tables
    }
digest-intro = It is your move at:
digest-line = Table { $code } against { $others }, move { $move }, { $hours } h left: { $link }

reminder-subject = { $hours } h left for your move at table { $code }
reminder-body =
    Your time for this move at table { $code } (against { $others }) runs out in { $hours } h.

    Play it here: { $link }

footer =
    You receive this because you asked for it at { $site }. Stop every mail to this address:
    { $stop }

page-confirmed = Your address is confirmed: you will be told when it is your move.
page-stopped = Done: no more mail will be sent to this address, and it was deleted.
page-unknown = This link is not valid (or no longer).

push-title = Your move
push-digest =
    { $count ->
        [one] It is your move at table { $first }.
       *[other] It is your move at { $count } tables: { $codes }.
    }
push-reminder = { $hours } h left for your move at table { $code }.
nobody = nobody yet
