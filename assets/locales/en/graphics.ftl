# When the computer has no driver to draw the game's window with (src/desktop/no_gpu.rs): said
# on the terminal and in a message box, before the game's window exists.
no-gpu-title = Gamut cannot draw its window
no-gpu-what = No graphics driver that Gamut can draw with was found on this computer: it needs a Vulkan driver.
no-gpu-install-linux =
    On Debian or Ubuntu, install the Mesa drivers, then start Gamut again:
        sudo apt install mesa-vulkan-drivers
    On Fedora: sudo dnf install mesa-vulkan-drivers. On other systems, install the Mesa Vulkan drivers or your graphics card's own driver.
no-gpu-install-other = Install or update your graphics card's driver, then start Gamut again.
no-gpu-close = Close
