# Quando il computer non ha nessun driver per disegnare la finestra del gioco
# (src/desktop/no_gpu.rs): detto nel terminale e in una finestra di messaggio, prima che la
# finestra del gioco esista.
no-gpu-title = Gamut non riesce a disegnare la sua finestra
no-gpu-what = Su questo computer non è stato trovato nessun driver grafico con cui Gamut possa disegnare: serve un driver Vulkan.
no-gpu-install-linux =
    Su Debian o Ubuntu, installa i driver Mesa, poi avvia di nuovo Gamut:
        sudo apt install mesa-vulkan-drivers
    Su Fedora: sudo dnf install mesa-vulkan-drivers. Su altri sistemi, installa i driver Vulkan di Mesa o il driver della tua scheda grafica.
no-gpu-install-other = Installa o aggiorna il driver della tua scheda grafica, poi avvia di nuovo Gamut.
no-gpu-close = Chiudi
