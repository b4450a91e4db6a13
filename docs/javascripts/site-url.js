/* A page that gives an address of this server (a manifest's, Discord's endpoint) shows it whole:
 * the site and the API are served together, so the page's own origin is the server's. */
const root = new URL("../", import.meta.url);
for (const code of /** @type {NodeListOf<HTMLElement>} */ (
  document.querySelectorAll("code[data-site-url]"))) {
  code.textContent = new URL(code.dataset.siteUrl.replace(/^\//, ""), root).href;
}
