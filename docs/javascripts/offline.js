/* Registers the service worker that keeps the site available offline (see sw.js). The worker
 * sits at the site's root, one level above this script, so its scope is the whole site. */
(() => {
  if (!("serviceWorker" in navigator) || !document.currentScript) return;
  const root = new URL("..", /** @type {HTMLScriptElement} */ (document.currentScript).src);
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
    .catch((error) => console.warn("Offline mode unavailable:", error));
})();
