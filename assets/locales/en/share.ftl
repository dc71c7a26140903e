# Share: the game as an animated GIF, the position shown as a PNG, the record copied
# (the game-over panel's and the review's Share…). English.

share-open = Share…
share-title = Share this game
share-intro = An animated GIF of the whole game and a picture of the position shown, small enough to post. The game's record is copied to the clipboard.
share-size = Size of the pictures
share-size-small = Small ({ $pixels } px)
share-size-medium = Medium ({ $pixels } px)
share-size-large = Large ({ $pixels } px)
share-save = Save the pictures
share-make = Make the pictures
share-saved = Saved in { $folder }:
share-file = { $name } ({ $size })
share-kilobytes = { $kb } KB
share-ready = The pictures are ready:
share-download-gif = Download the GIF ({ $size })
share-download-png = Download the PNG ({ $size })
share-sheet = Share…
share-copied = The game's record is on the clipboard.
share-failed-folder = The pictures could not be saved in { $folder }: { $problem }
share-no-board = Boundless Lines of Action has no board of squares to draw.
share-too-long = This game has { $moves } moves: a GIF shows { $limit } at most.
share-not-drawn = This game could not be drawn.
share-close = Close
# Two players of one colour in LOA for four, on the pictures.
share-team = { $first } & { $second }
# The line under the names on the first picture: the game and its variant.
share-title-variant = { $game }, { $variant }
