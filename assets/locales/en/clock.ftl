# Clocks and time controls. English.

# $winner, $loser: side names.
win-on-time = { $winner } wins: { $loser } ran out of time
clock-none = No clock
# $minutes: minutes per player; $seconds: seconds added after each move.
clock-game = { $minutes } min + { $seconds } s
# $seconds: seconds for every move.
clock-per-move = { $seconds } s per move
new-game-clock = Clock
new-game-pause-clocks = Stop the clocks during dialogs and when minimised
new-game-think-time-clock = With a clock, the computer takes its time from its own clock (no think time).
panel-clock-paused = clocks stopped
