# Tables on the network: join a table by its address and code, host one, the table's bar. English.

title-tables = Tables on the network
table-title = Tables on the network
table-back = Title
table-intro = Play from your own device: the big screen hosts a table, each player joins it with its code, from another computer or a phone's browser. Others can watch.
table-your-name = Your name at the table
table-join = Join a table
table-address = The server's address (shown on the host's screen)
table-code = The table's code
table-join-button = Join and watch
table-host = Host a table
table-host-game = The game
table-host-computer = played by the computer
table-host-you = Your seat
table-host-watch = None: this screen is the big screen
table-hosted-here = Tables this computer hosts
table-hosted-show = Show here
table-hosted-put-away = Put away…
table-hosted-put-away-ask = Put this table away? Its players can no longer play it, here or after a restart.
table-hosted-put-away-yes = Put it away
table-hosted-put-away-no = Keep it
table-put-away = The host put this table away: it is played no more.
# $seated: seats taken; $seats: seats in all.
table-hosted-waiting = Waiting for the players ({ $seated } of { $seats } seated)
table-host-level = the computer's level
table-host-help = Unless you take a seat, this screen becomes the big screen: it shows the table's code, its address and a QR code for phones.
table-host-button = Host a table here
table-connecting = Connecting…
table-lost = The connection to the table was lost; trying again…
table-bad-address = Type the server's address, such as 192.168.1.20:7878.
table-bad-code = A table's code is five letters and digits.
table-bad-name = Type your name (1 to 40 characters).
table-unreachable = The table's server cannot be reached: check the address, and that the host's game is still hosting.
table-unreadable = The server speaks another version of the game's protocol.
table-host-failed-runtime = This game could not start its server.
table-host-failed-database = The tables' file in the data folder cannot be opened (see the log).
table-host-failed-port = No network port of this machine could be opened for the table.
table-refused-unknown = No table has this code (or it has expired).
table-refused-seat-taken = Someone sits there already.
table-refused-bad-token = This seat is held by someone else.
table-refused-not-your-turn = It is not your turn at the table: the board is set as the table stands.
table-refused-illegal = The table's referee refused that move.
table-refused-game-over = The game at the table is over.
table-refused-offer = That cannot be offered now.
table-refused-full = The server is full; try again later.
table-refused-limit-per-hour = Your network has made as many tables this hour as the server allows; try again later.
table-refused-limit-tables = Your network has as many games going on as the server allows; finish one first.
table-refused-limit-seats = Your network holds as many seats at games going on as the server allows; finish one first.
table-refused-limit-engine = The server's computer already plays as many games for your network as it allows; finish one first.
table-refused-limit-engine-only = Only the game that hosts the server makes a table where the computer plays every seat.
table-refused-unavailable = The server could not keep that; try again.
table-refused-notify-off = This server does not send such notices (its operator has not set them up).
table-refused-notify-not-correspondence = Only the players of a game by correspondence are told of their moves.
table-refused-notify-bad-email = The server cannot mail that address: check it.
table-refused-notify-bad-subscription = This server cannot send notifications to this browser.
table-refused-notify-too-many = Enough confirmation mails for today: try again tomorrow.
table-bar-heading = The table
# $address: where players join.
table-bar-address = Join at { $address }
table-bar-join = Join at:
# $name: who sits there; $side: the side (Black, White).
table-big-to-move = { $name } — { $side } — to move
table-big-side-to-move = { $side } to move
table-bar-scan = Phones: scan to open the game.
table-bar-no-page = Phones cannot open the game from here: the page is not built. In the game's source folder run ./scripts/web.sh build, then start the game again.
table-big-view = Big screen (B)
table-my-board = My board (B)
# $count: people watching.
table-spectators = { $count ->
    [one] One person watching
   *[other] { $count } people watching
}
table-sit = Sit here
table-seat-you = You
table-seat-free = Free
# $level: the computer's level.
table-seat-computer = Computer ({ $level })
# $name: a player whose device is not connected now.
table-seat-away = { $name } (away)
# $name: a player whose device dropped.
table-away = { $name } is away: the seat is kept
table-is-back = { $name } is back
table-your-move = Your move
# $name: who is to move.
table-their-move = { $name } to move
table-taken-back = Take-back agreed: the last move was taken back.
table-seat-rated = { $name } ({ $rating })
table-leave = Leave the table
notice-remote-turn = It is { $seat }'s turn, at another device.
player-remote = At another device
table-host-clock = The clock (the server runs it)
table-clock-days = { $days ->
    [one] 1 day a move
   *[other] { $days } days a move
}
table-offers = Offer…
table-offer-draw = Offer a draw
table-offer-take-back = Ask to take your move back
table-offer-rematch = Rematch
table-offered-draw = { $name } offers a draw
table-offered-take-back = { $name } asks to take their last move back
table-offered-rematch = { $name } offers a rematch, the sides swapped
table-accept = Accept
table-decline = Decline
table-waiting-answer = Waiting for the other side's answer…
table-declined-draw = Your draw offer was declined.
table-declined-take-back = Your move may not be taken back.
table-declined-rematch = The rematch was declined.
table-your-games = Your games at tables
table-go-back = Go back
table-forget = Forget
table-standing-your-turn = Your move
table-standing-your-turn-left = Your move ({ $left } left)
table-standing-their-turn = The other side's move
table-standing-over = Over
table-standing-asking = Asking its server…
table-standing-unreachable = Its server cannot be reached
table-standing-gone = Its server no longer has this table
table-big-move = Move { $number }
table-make = Make a table
table-make-help = The table is made on the server this page came from. Unless you take a seat, this screen shows it for everyone; its link brings friends straight to it.
table-make-button = Make the table
table-bar-link = Friends join with this link:
table-bar-copy-link = Copy the link

# Told when it is your move at a correspondence table (docs/server.md).
table-notify = Tell me…
table-notify-help = A mail when it is your move at this table (at most one every few hours, for all your tables), and a day and an hour before your time runs out. The address is kept only for this; every mail has a link to stop.
table-notify-email = Your email address
table-notify-email-hint = name@example.org
table-notify-button = Mail me
table-notify-confirming = A mail was sent to { $email }: follow its link to confirm the address.
table-notify-confirmed = You will be told at { $email } when it is your move.
table-bad-email = That is not an email address.
table-notify-push = Allow notifications
table-notify-push-on = This page will show a notification when it is your move.
table-notify-push-too = This page will also show a notification.
table-notify-stop = Tell me nothing more
table-notify-off = You will not be told of your moves.
table-notify-no-push-insecure = This page can show notifications only when it is opened over https.
table-notify-no-push-unsupported = This browser cannot show this page's notifications.
table-notify-no-push-denied = Notifications are blocked for this page: allow them in the browser's settings.
table-notify-no-push-off = This server does not send notifications.
table-notify-no-mail = This server sends no mail: it cannot tell you of your moves by mail (its operator has not set that up).
table-notify-no-push-failed = The browser could not sign up for notifications: try again later.
