# Perché un file o una partita non si è potuto leggere o scrivere.

## Un file (salvataggio, salvataggio automatico, impostazioni, progressi dei problemi).
file-missing = il file non c'è
file-no-permission = il sistema non lo permette
file-too-large = il file supera { $kib } KiB, più di quanto possa essere
file-exists = esiste già un file con questo nome
file-disk-full = il disco è pieno
file-read-only = il disco o la cartella non sono scrivibili
file-not-a-file = al posto del file c'è una cartella
file-not-json = il file è danneggiato: il suo testo smette di essere JSON alla riga { $line }, colonna { $column }
file-wrong-content = il file non contiene ciò che dovrebbe (riga { $line }, colonna { $column })
file-format-too-new = il file è stato scritto da una versione più recente del gioco (formato { $format }; questa legge fino al { $newest })
file-other = il sistema ha rifiutato (la sua spiegazione è nel registro)

## Una partita registrata, o un salvataggio che ne contiene una.
record-at = riga { $line }, colonna { $column }: { $problem }
record-at-in-save = riga { $line }, colonna { $column } della partita registrata nel salvataggio: { $problem }
record-too-large = la partita registrata supera { $kib } KiB, il massimo che si legge
record-not-utf8 = il testo non è in UTF-8 (Unicode)
record-empty = la partita registrata è vuota (né etichette né mosse)
record-expected-tag-name = dopo «[» ci vuole il nome di un'etichetta (come [Game "Lines of Action"])
record-expected-tag-value = l'etichetta { $tag } non ha un valore tra virgolette diritte (come [{ $tag } "…"])
record-unterminated-tag-value = il valore dell'etichetta { $tag } non ha la virgoletta di chiusura sulla sua riga
record-bad-escape = «\{ $escape }» non è ammesso nel valore di un'etichetta (solo \" e \\ lo sono)
record-expected-tag-end = manca «]» alla fine dell'etichetta { $tag }
record-duplicate-tag = l'etichetta { $tag } compare due volte
record-bad-tag-value = l'etichetta { $tag } non può valere «{ $value }»
record-tag-not-for-game = l'etichetta { $tag } non vale per questo gioco o variante
record-bad-position = l'etichetta Position non è una posizione di questo gioco
record-tag-after-moves = le etichette devono venire prima delle mosse
record-unterminated-comment = il commento aperto qui non è mai chiuso da «{"}"}»
record-stray-brace = «{"}"}» chiude un commento mai aperto
record-variation-without-move = una variante «(» deve seguire la mossa che sostituisce
record-unclosed-variation = la variante aperta qui non è mai chiusa da «)»
record-stray-parenthesis = «)» chiude una variante mai aperta
record-empty-variation = la variante aperta qui non contiene mosse
record-variation-too-deep = le varianti si annidano per più di { $limit } livelli
record-result-in-variation = solo la linea principale può finire con un risultato, non una variante
record-move-number = qui il numero di mossa { $found } dovrebbe essere { $expected }
record-placement-without-move = la posa «{ $text }» deve seguire uno spostamento (come a3-a5 @d4)
record-not-a-move = la mossa { $number } («{ $text }») non è una mossa di questo gioco
record-illegal-move = la mossa { $number } («{ $text }») non è ammessa: { $reason }
record-move-after-end = la mossa { $number } («{ $text }») viene dopo la fine della partita ({ $end })
record-text-after-result = dopo il risultato possono venire solo commenti (una partita per file)
record-result-mismatch = l'etichetta Result dice «{ $tag }» ma le mosse finiscono con «{ $movetext }»
record-result-contradicts = la partita registrata dice «{ $result }», ma le sue mosse finiscono la partita diversamente: { $end }
record-unexplained-result = la partita registrata dice «{ $result }», ma dopo le sue mosse la partita non è finita (una fine anticipata richiede un'etichetta Termination)
record-termination-not-over = l'etichetta Termination dice «{ $termination }», ma dopo le sue mosse la partita non è finita
record-termination-contradicts = l'etichetta Termination dice «{ $termination }», ma le regole hanno finito la partita: { $end }
record-termination-result = l'etichetta Termination «{ $termination }» non va con il risultato «{ $result }»
record-save-not-json = il salvataggio è danneggiato (non è JSON valido)
record-save-not-object = il salvataggio non contiene una partita (non è un oggetto JSON)
record-save-no-format = il salvataggio non ha un numero di formato
record-save-format-too-new = il salvataggio è stato scritto da una versione più recente del gioco (formato { $format }; questa legge fino al { $newest })
record-save-no-record = il salvataggio non contiene alcuna partita registrata
record-unreadable = la partita registrata non si può leggere

## Un file del gioco non si è potuto leggere o scrivere, e cosa ne ha fatto il gioco (le stesse
## parole per le impostazioni, il salvataggio automatico, i progressi, i punteggi, i giocatori,
## il torneo e i salvataggi). $file: quale; $what: il suo nome come soggetto (data-file);
## $name: il nome del file; $kept: il nome con cui è conservato; $problem: cosa non va;
## $salvaged: quanti elementi si sono ancora potuti leggere e sono conservati.
file-inconsistent = il contenuto del file non è coerente
file-unknown-game = il file è per un gioco che questa versione non conosce
data-file = { $file ->
    [settings] Il file delle impostazioni
    [autosave] Il file del salvataggio automatico
    [progress] Il file dei tuoi progressi nei problemi
    [ratings] Il file dei tuoi punteggi
    [players] Il file dei giocatori
    [tournament] Il file del torneo salvato
    [tables] Il file dei tuoi tavoli
   *[save] Il file di salvataggio
}
data-file-set-aside = { $what } non si è potuto leggere: { $problem }. È conservato come { $kept } ed è stato iniziato un nuovo file{ $salvaged ->
    [0] .
    [one] {" "}con { $file ->
        [players] l'unico giocatore che si è potuto leggere.
       *[other] l'unica partita che si è potuta leggere.
    }
   *[other] {" "}con { $file ->
        [players] i { $salvaged } giocatori che si sono potuti leggere.
       *[other] le { $salvaged } partite che si sono potute leggere.
    }
}
data-file-left-alone = { $what } ({ $name }) non si è potuto leggere: { $problem }. Resta com'è e non viene sovrascritto; ciò che cambia ora non sarà ricordato.
data-file-unwritable = { $what } non si è potuto salvare in { $name }: { $problem }
