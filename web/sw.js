// The page's service worker (docs/web.md, "Installed, and offline"): it keeps the page's files
// in the browser's Cache Storage, so that the page opens and plays without a network after its
// first load. scripts/web.sh writes the build's files and their version below; a new build is
// a new sw.js, which the browser installs at the page's next start beside the old one. Only
// the page's own files are answered here: the server's WebSocket (/ws), a table's record
// (/tables/…) and anything else go to the network as without a worker.

const VERSION = '@VERSION@';
const FILES = '@FILES@'.split(' ');
const CACHE = `gamut-${VERSION}`;
// Named by their content (scripts/web.sh): the same name is the same bytes, so the browser's
// HTTP cache may give them; the other files are asked again from the server.
const HASHED = /-[0-9a-f]{16}\.[a-z]+$/;

// A new build's worker takes over as soon as it has kept its files: a new start of the page is
// the new build. A page of the build before may still run (its files are all named by their
// content, its engine's worker too: web/index.html), so that build's cache is kept until the
// next one comes; older ones are deleted.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(FILES.map((file) =>
      new Request(file, { cache: HASHED.test(file) ? 'default' : 'no-cache' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // Cache Storage lists its caches in the order they were made.
  event.waitUntil(caches.keys().then((names) => {
    const builds = names.filter((name) => name.startsWith('gamut-') && name !== CACHE);
    return Promise.all(builds.slice(0, -1).map((name) => caches.delete(name)));
  }));
});

const scope = new URL(self.registration.scope);
const own = new Set(FILES.map((file) => new URL(file, scope).href));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  let key = null;
  if (request.mode === 'navigate' && url.origin === scope.origin &&
      (url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`)) {
    // The page, whatever its query (?language=fr, ?table=…).
    key = new URL('index.html', scope).href;
  } else if (url.search === '' && (own.has(url.href) ||
      (url.href.startsWith(scope.href) && HASHED.test(url.pathname)))) {
    // This build's files, and a file of the build before's (named by its content).
    key = url.href;
  }
  if (key === null) return;
  // This build's copy first, then the build before's (a page of it still running).
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(key))
    .then((kept) => kept || caches.match(key))
    .then((kept) => kept || fetch(request)));
});

// A notice of the tables' server (docs/server.md, "Told when it is your move"): its text is
// `{"title","body","url"}`, already in the player's language. A push that does not read shows
// nothing but the page's name (a browser counts a push shown by none against the page).
self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (e) {
    notice = {};
  }
  const text = (value, most) => (typeof value === 'string' ? value.slice(0, most) : '');
  const title = text(notice.title, 120) || 'Gamut';
  event.waitUntil(self.registration.showNotification(title, {
    body: text(notice.body, 400),
    tag: 'gamut-turn',
    renotify: true,
    data: { url: text(notice.url, 1000) },
  }));
});

// A click on the notice opens its table in the page (the page's own address only), or brings
// a page already there to the front.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let target = scope.href;
  try {
    const url = new URL(event.notification.data.url, scope);
    if (url.origin === scope.origin) target = url.href;
  } catch (e) {
    target = scope.href;
  }
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true })
    .then((windows) => {
      const open = windows.find((w) => w.url === target && 'focus' in w);
      return open ? open.focus() : self.clients.openWindow(target);
    }));
});
