# Why a file or a record could not be read or written. These fill the $problem of
# notice-cannot-open, notice-cannot-save, notice-settings-reset, saves-unreadable,
# saves-failed and the puzzle progress messages.

## A file (a save, the autosave, the settings, the puzzle progress).
file-missing = the file is not there
file-no-permission = the system does not allow it
# $kib: the most the game reads, in KiB.
file-too-large = the file is larger than { $kib } KiB, more than it can be
file-exists = a file of that name is already there
file-disk-full = the disk is full
file-read-only = the disk or the folder cannot be written
file-not-a-file = a folder stands where the file should be
file-not-json = the file is damaged: its text stops being JSON at line { $line }, column { $column }
file-wrong-content = the file does not hold what it should (line { $line }, column { $column })
file-format-too-new = the file was written by a newer version of the game (format { $format }; this one reads up to { $newest })
file-other = the system refused (its own words are in the log)

## A game record, or a save file holding one. $tag: a tag's name as written in the file.
record-at = line { $line }, column { $column }: { $problem }
record-at-in-save = line { $line }, column { $column } of the record inside the save file: { $problem }
record-too-large = the record is larger than { $kib } KiB, the most that is read
record-not-utf8 = the text is not in UTF-8 (Unicode)
record-empty = the record is empty (no tags and no moves)
record-expected-tag-name = a tag name should follow “[” (like [Game "Lines of Action"])
record-expected-tag-value = the tag { $tag } has no value in double quotes (like [{ $tag } "…"])
record-unterminated-tag-value = the value of the tag { $tag } has no closing quote on its line
record-bad-escape = “\{ $escape }” is not allowed in a tag value (only \" and \\ are)
record-expected-tag-end = “]” is missing at the end of the tag { $tag }
record-duplicate-tag = the tag { $tag } is given twice
record-bad-tag-value = the tag { $tag } cannot have the value “{ $value }”
record-tag-not-for-game = the tag { $tag } does not apply to this game or variant
record-bad-position = the Position tag is not a position of this game
record-tag-after-moves = the tags must come before the moves
record-unterminated-comment = the comment opened here is never closed with “{"}"}”
record-stray-brace = “{"}"}” closes a comment that was never opened
record-variation-without-move = a variation “(” must follow the move it is an alternative to
record-unclosed-variation = the variation opened here is never closed with “)”
record-stray-parenthesis = “)” closes a variation that was never opened
record-empty-variation = the variation opened here holds no move
record-variation-too-deep = variations nest more than { $limit } deep
record-result-in-variation = only the main line may end with a result, not a variation
record-move-number = the move number { $found } should be { $expected } here
record-placement-without-move = the drop “{ $text }” must follow a move (like a3-a5 @d4)
record-not-a-move = move { $number } (“{ $text }”) is not a move of this game
record-illegal-move = move { $number } (“{ $text }”) is not allowed: { $reason }
record-move-after-end = move { $number } (“{ $text }”) comes after the end of the game ({ $end })
record-text-after-result = only comments may follow the result (one game per record)
record-result-mismatch = the Result tag says “{ $tag }” but the moves end with “{ $movetext }”
record-result-contradicts = the record says “{ $result }”, but its moves end the game otherwise: { $end }
record-unexplained-result = the record says “{ $result }”, but the game is not over after its moves (an earlier end needs a Termination tag)
# $termination: the Termination tag's value as written in the file.
record-termination-not-over = the Termination tag says “{ $termination }”, but the game is not over after its moves
record-termination-contradicts = the Termination tag says “{ $termination }”, but the rules ended the game: { $end }
record-termination-result = the Termination tag “{ $termination }” does not go with the result “{ $result }”
record-save-not-json = the save file is damaged (it is not valid JSON)
record-save-not-object = the save file does not hold a game (it is not a JSON object)
record-save-no-format = the save file has no format number
record-save-format-too-new = the save file was written by a newer version of the game (format { $format }; this one reads up to { $newest })
record-save-no-record = the save file holds no game record
record-unreadable = the record cannot be read

## One of the game's own files could not be read or written, and what the store did with it
## (one set of words for the settings, the autosave, the puzzle progress, the ratings, the
## players, the tournament and the saves). $file: which file; $what: its name as a subject
## (data-file); $name: the file's name; $kept: the name it is kept under; $problem: what is
## wrong (the messages above); $salvaged: how many entries could still be read and were kept.
file-inconsistent = the file's contents do not fit together
file-unknown-game = the file is for a game this version does not know
data-file = { $file ->
    [settings] The settings file
    [autosave] The autosave
    [progress] Your puzzle progress file
    [ratings] Your ratings file
    [players] The players file
    [tournament] The saved tournament
    [tables] Your tables file
   *[save] The save
}
data-file-set-aside = { $what } could not be read: { $problem }. It is kept as { $kept } and a new one was started{ $salvaged ->
    [0] .
    [one] {" "}with the one { $file ->
        [players] player
       *[other] game
    } that could still be read.
   *[other] {" "}with the { $salvaged } { $file ->
        [players] players
       *[other] games
    } that could still be read.
}
data-file-left-alone = { $what } ({ $name }) could not be read: { $problem }. It is kept as it is and not written over; what changes now is not remembered.
data-file-unwritable = { $what } could not be saved in { $name }: { $problem }
