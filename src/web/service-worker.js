// The app's service worker: it keeps every file of the build (ASSETS, listed by the build, which puts
// this file after that list in dist/web/sw.js) so that the app opens and solves with no network. Each
// build has a cache of its own (CACHE names it), and the caches of older builds are dropped once a new one
// takes over. Requests are answered from the cache first, then from the network.
/* global ASSETS, CACHE */
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('snug-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // the page is kept as the folder ('./'): its own name, index.html, is the same page
  const url = new URL(request.url);
  const key = url.pathname.endsWith('/index.html') ? new URL('./', url).href : request;
  event.respondWith(caches.match(key, { ignoreSearch: true }).then((hit) => hit ?? fetch(request)));
});
