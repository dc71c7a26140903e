# The title screen and the settings screen. English.

## Title screen

title-games = Lines of Action · Epaminondas
title-source = by Claude Soucie · by Robert Abbott
title-against-computer = Play against the computer
title-hot-seat = Hot-seat: people at one screen
title-exhibition = Exhibition
title-lessons = Lessons
title-puzzles = Puzzles
title-open = Open a saved game…
title-settings = Settings
title-quit = Quit
button-settings = Settings…

## Settings screen

settings-title = Settings
settings-language = Language
# $language: the operating system's language, in its own name.
settings-language-system = System ({ $language })
settings-theme = Theme
theme-wood = Wood
theme-stone = Stone
theme-tournament = Tournament
theme-high-contrast = High contrast
settings-ui-scale = Text and panel size
# Under the sizes, when the largest are greyed: the window is too narrow for them.
settings-ui-scale-wider = Larger sizes need a wider window.
settings-volume = Sound volume
settings-mute = Mute
settings-animation = Animation
settings-evaluation = Evaluation
settings-evaluation-show = Show the computer's opinion during games
settings-fullscreen = Full screen
settings-fullscreen-key = On (F11)
settings-close = Close
