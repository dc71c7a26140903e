// Browsers start a page's sound only after a click, a tap or a key: the game's audio
// contexts are noted as they are made and resumed at the player's first gesture.
(function () {
  const contexts = [];
  for (const name of ['AudioContext', 'webkitAudioContext']) {
    const Original = window[name];
    if (!Original) continue;
    window[name] = new Proxy(Original, {
      construct(target, args) {
        const context = new target(...args);
        contexts.push(context);
        return context;
      },
    });
  }
  const resume = () => {
    for (const context of contexts) {
      if (context.state === 'suspended') context.resume();
    }
  };
  for (const kind of ['pointerdown', 'touchend', 'keydown']) {
    document.addEventListener(kind, resume, { capture: true });
  }
})();
