# Le regole predefinite di Lines of Action in Nuova partita (ognuna imposta le opzioni sotto;
# opzioni cambiate a mano mostrano «Personalizzate») e i colori estratti a sorte. Italiano.

new-game-preset = Regole
preset-tournament = Torneo
preset-gamut-1st = A Gamut of Games, 1ª edizione
preset-gamut-2nd = A Gamut of Games, 2ª edizione
preset-custom = Personalizzate
preset-summary-tournament = Le regole della Computer Olympiad: muove per primo il Nero; una mossa che connette entrambi i colori è patta; senza mosse si passa; la terza ripetizione è patta.
preset-summary-gamut-1st = Il libro di Sid Sackson, 1ª edizione: muove per primo il Nero; una mossa che connette entrambi i colori è patta; niente patta per ripetizione (regola dell'Olympiad).
preset-summary-gamut-2nd = Il libro di Sid Sackson, 2ª edizione: muove per primo il Nero; una mossa che connette entrambi i colori fa vincere chi l'ha giocata, su richiesta di Claude Soucie; niente patta per ripetizione.
preset-summary-custom = Opzioni scelte a mano.
new-game-colours = Colori
new-game-colours-by-lot = Estrai i colori a sorte
new-game-colours-by-lot-hint = Come nelle regole Abacus: all'inizio della partita un sorteggio decide il colore di ogni giocatore.
