# Accessibility: the board turned to the player to move, the screen reader's sentences.

settings-turn-board = Turn the board to the player to move
turn-board-never = Never
turn-board-hot-seat = In games between people at one screen
turn-board-always = Always
