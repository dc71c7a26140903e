# Quand l'ordinateur n'a aucun pilote pour dessiner la fenêtre du jeu (src/desktop/no_gpu.rs) :
# dit dans le terminal et dans une boîte de message, avant que la fenêtre existe.
no-gpu-title = Gamut ne peut pas afficher sa fenêtre
no-gpu-what = Aucun pilote graphique avec lequel Gamut puisse dessiner n'a été trouvé sur cet ordinateur : il lui faut un pilote Vulkan.
no-gpu-install-linux =
    Sur Debian ou Ubuntu, installez les pilotes Mesa, puis relancez Gamut :
        sudo apt install mesa-vulkan-drivers
    Sur Fedora : sudo dnf install mesa-vulkan-drivers. Sur d'autres systèmes, installez les pilotes Vulkan de Mesa ou le pilote de votre carte graphique.
no-gpu-install-other = Installez ou mettez à jour le pilote de votre carte graphique, puis relancez Gamut.
no-gpu-close = Fermer
