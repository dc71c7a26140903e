# The panels, buttons and dialogs. English.

window-title = Gamut — Lines of Action · Epaminondas

## The side panel

# $seat: a seat's name.
panel-to-move = { $seat } to move
panel-game-over = Game over
# LOA for four: who plays the seat to move. $player: a player- message.
panel-seat-player = Seat: { $player }
panel-marked-set-moves = This turn the marked pieces (red ring) move; they glow green.
panel-plain-set-moves = This turn the plain pieces (no ring) move; they glow green.
# Parachute. $colour: black or white, the held pieces' colour.
panel-move-then-place = Move, then place one of the { $colour ->
    [black] Black
   *[white] White
} pieces you hold.
panel-thinking = Computer is thinking…
# $game: loa (pieces) or epaminondas (stones).
panel-side-pieces = { $side } — { $game ->
    [epaminondas] { $count ->
        [one] { $count } stone
       *[other] { $count } stones
    }
   *[loa] { $count ->
        [one] { $count } piece
       *[other] { $count } pieces
    }
}
# LOA for four: who plays each set of a colour.
panel-plain-player = plain: { $player }
panel-marked-player = marked: { $player }
# LOA for four on a phone: a side's two seats on one line. $plain, $marked: player- messages.
panel-seat-players = plain: { $plain } · marked: { $marked }
panel-holds = { $side } holds { $count } { $colour ->
    [black] { $count ->
        [one] Black piece
       *[other] Black pieces
    }
   *[white] { $count ->
        [one] White piece
       *[other] White pieces
    }
} to place
# $view: an evaluation- message.
panel-computer-view = Computer's view: { $view }
panel-moves = Moves
button-undo = Undo (U)
button-redo = Redo (R)
button-hint = Hint (H)
button-resign = Resign…
button-new-game = New game (N)
button-menu = ☰ Menu
button-title = Title (Esc)
button-rules = Rules (F1)
button-review = Review
button-saves = Saves… (Ctrl+S)
button-view-3d = 3D view (V)
button-view-2d = 2D view (V)
button-flip = Flip (F)
button-reset-view = Reset view (C)
# The status line when there is nothing else to say.
# $game: loa (pieces) or epaminondas (stones).
controls-help-flat = Click { $game ->
    [epaminondas] a stone
   *[loa] a piece
}, then one of the highlighted squares.  Wheel: zoom  ·  V: 3D view  ·  F: flip  ·  C: reset view
controls-help-3d = Click { $game ->
    [epaminondas] a stone
   *[loa] a piece
}, then one of the highlighted squares.  Right-drag: turn the board  ·  wheel: zoom  ·  V: 2D view  ·  F: flip  ·  C: reset view
# When no person is to move (the computer, the end, a review): only how to turn the view.
controls-view-flat = Wheel: zoom  ·  V: 3D view  ·  F: flip  ·  C: reset view
controls-view-3d = Right-drag: turn the board  ·  wheel: zoom  ·  V: 2D view  ·  F: flip  ·  C: reset view
controls-help-touch-flat = Tap { $game ->
    [epaminondas] a stone
   *[loa] a piece
}, then one of the highlighted squares (or slide it there).  Two fingers: pinch to zoom
controls-help-touch-3d = Tap { $game ->
    [epaminondas] a stone
   *[loa] a piece
}, then one of the highlighted squares (or slide it there).  Two fingers: pinch to zoom, twist to turn the board, slide up or down to tilt it
controls-view-touch-flat = Two fingers: pinch to zoom
controls-view-touch-3d = Two fingers: pinch to zoom, twist to turn the board, slide up or down to tilt it

## Rules, resign, game over

rules-title = Rules
rules-close = Close
resign-title = Resign?
resign-question = { $side } resigns and loses this game.
resign-confirm = Resign
resign-keep-playing = Keep playing
game-over-title = Game over
game-over-new-game = New game
game-over-undo = Undo
game-over-close = Close

## The New Game dialog

new-game-title = New game
new-game-start = Start
new-game-cancel = Cancel
new-game-game = Game
new-game-variant = Variant
new-game-first-player = First player
new-game-both-connected = Both connected
new-game-draw = Draw
new-game-mover-wins = Mover wins
new-game-repetition = Repetition
new-game-repetition-draw = Third repetition is a draw
new-game-board = Board
new-game-anti-symmetry = Anti-symmetry
new-game-forbid-symmetric = Forbid symmetric far-row moves
# LOA for four's seats. $side: a side's name.
new-game-seat-plain = { $side }, plain
new-game-seat-marked = { $side }, marked
new-game-human = Human
new-game-computer = Computer
new-game-level = level
# The level slider's value: $number and $name (a level- message).
new-game-level-value = { $number } { $name }
new-game-think-time = Think time
new-game-animation = Animation
speed-instant = Instant
speed-fast = Fast
speed-normal = Normal
speed-slow = Slow

## Saved games and the resume offer

saves-title = Saved games
saves-name = Name:
saves-save = Save
saves-open = Open
saves-rename = Rename to this name
saves-delete = Delete…
saves-delete-confirm = Delete
saves-copy = Copy record
saves-paste = Paste record…
saves-download = Download
saves-open-file = Open a file…
saves-start-pasted = Start from this record
saves-close = Close
saves-column-name = Name
saves-column-date = Date
saves-column-game = Game
saves-column-players = Players
saves-column-moves = Moves
saves-column-result = Result
saves-empty = No saved games yet.
saves-paste-hint = Paste a game record here (Ctrl+V)
saves-confirm-delete = Delete "{ $name }" for good?
saves-unreadable = cannot be read: { $problem }
saves-failed = { $name }: { $problem }
saves-copied = Record copied to the clipboard.
saves-downloaded = { $name } was handed to your browser to download.
result-unfinished = unfinished
result-won = { $side } won
result-draw = draw
# $game: a game's name (with its variant); $against: one of the three below; $move: move number.
resume-offer = Resume: { $game } { $against }, move { $move }
resume-between-people = between people
resume-computer-against-computer = computer against computer
# $count: how many seats the computer plays; $levels: their levels (3, 5).
resume-against-computer = against the computer ({ $count ->
    [one] level
   *[other] levels
} { $levels })

## Review

review-title = Review
review-moves = Moves (click one to see its position)
review-start-position = Start position (of { $last ->
    [one] { $last } move
   *[other] { $last } moves
})
review-after-move = After move { $number }, { $move } (of { $last })
review-analysing = Analysing positions: { $done } of { $total }
review-analysis-done = Evaluation from Black's view (up: Black better). Click the graph to jump.
review-analysis-done-touch = Evaluation from Black's view (up: Black better). Tap the graph to jump.
review-analysis-failed = The analysis could not run: the engine stopped. Close the review and open it again to try again.
review-mistake = ? mistake
review-blunder = ?? blunder
review-only-move = ! only move
review-evaluation = Evaluation
review-step-start = Start (Home)
review-step-back = Back a move (←)
review-step-forward = Forward a move (→)
review-step-end = End (End)
review-play-computer = Play from here vs computer
review-play-hot-seat = Play from here (hot-seat)
review-close = Close review (Esc)
