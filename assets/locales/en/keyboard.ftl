# Playing without a mouse: the move field of the side panel, the keyboard's cursor. English.

# $typed: the text as the player typed it.
notice-unreadable-move = "{ $typed }" is not a move: type it like b1-d3, b1xd3 or b1d3 (Parachute: b1-d3 @d4, or @d4 alone).
move-entry-label = Type a move (M):
move-entry-hint = b1-d3
move-entry-help = Enter plays the move, Esc leaves the field.
