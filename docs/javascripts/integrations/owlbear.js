/* The Owlbear Rodeo extension's popover (/integrace/owlbear/popover.html), a page of this server.
 *
 * The GM (OBR.player.getRole() is "GM") links an expedition with its GM link and sees the GM's
 * page of it; the players see the players' page. Only the players' link is shared, in the room's
 * metadata; the GM link stays in the GM's own browser (localStorage, per room). Anyone rolls a
 * procedure of the server (its form built from the server's index and OpenAPI document) and may
 * send the result to the room as a card (a broadcast every open popover shows and the
 * background page announces). Built by the site's plugin with @owlbear-rodeo/sdk.
 */
import OBR from "@owlbear-rodeo/sdk";
import { CHANNEL, METADATA } from "./owlbear-channel.js";
import { Server, escapeHtml, fieldsHtml, linkKey, readFields } from "./procedures.js";

/** @typedef {import("./owlbear-channel.js").Card} Card */

/** The site's root: this script lives in <root>/integrace/owlbear/. */
const ROOT = new URL("../../", import.meta.url);
const lang = (navigator.language || "cs").toLowerCase().startsWith("cs") ? "cs" : "en";
const server = new Server(ROOT.href, lang);
const page = /** @type {HTMLElement} */ (document.querySelector("[data-rpg-owlbear]"));
/** The page's element matching `selector`. @param {string} selector @returns {HTMLElement} */
const one = (selector) => /** @type {HTMLElement} */ (page.querySelector(selector));
/** The page's elements matching `selector`. @param {string} selector */
const all = (selector) => /** @type {NodeListOf<HTMLElement>} */ (page.querySelectorAll(selector));
const gmStorage = () => `rpg-companion:gm-link:${OBR.room.id}`;

let words = {};
let fields = [];
let last = null;

/** Show or hide the page's parts named `name`. @param {string} name @param {boolean} visible */
function show(name, visible) {
  for (const part of all(`[data-part="${name}"]`)) part.hidden = !visible;
}

/** The expedition's page in the popover: only its records and controls, without the site's
 * header, footer and the page's prose (the page is this server's own: the popover may).
 * @param {HTMLIFrameElement} view */
function fitted(view) {
  const inner = view.contentDocument;
  if (!inner || !inner.head) return;
  const style = inner.createElement("style");
  style.textContent = ".md-header,.md-tabs,.md-footer,.md-sidebar,"
    + ".md-typeset>:not([data-expedition]){display:none!important}"
    + ".md-main__inner{margin-top:0}";
  inner.head.append(style);
}

/** The expedition's page of `link` in the frame, or the note that none is linked.
 * @param {string|null} link */
function frame(link) {
  const view = /** @type {HTMLIFrameElement} */ (one("[data-expedition-frame]"));
  const key = linkKey(link);
  show("no-expedition", !key);
  view.hidden = !key;
  if (key && view.dataset.src !== link) {
    view.dataset.src = link;
    view.onload = () => fitted(view);
    view.src = link;
  }
}

/** The GM: the stored GM link (or the field to give one) and the GM's page. */
async function gmView() {
  show("gm", true);
  const stored = localStorage.getItem(gmStorage());
  const form = /** @type {HTMLFormElement} */ (one("[data-link-form]"));
  form.hidden = Boolean(stored);
  one("[data-unlink]").hidden = !stored;
  frame(stored);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const given = /** @type {HTMLInputElement} */ (form.elements.namedItem("link")).value.trim();
    const key = linkKey(given);
    const problem = one("[data-link-problem]");
    try {
      if (!key || (await server.read(key)).role !== "gm") throw new Error(words["not-gm"]);
      const players = await server.playersLink(key);
      localStorage.setItem(gmStorage(), new URL(`vyprava/#${key.id}.${key.token}`, ROOT).href);
      await OBR.room.setMetadata({ [METADATA]: { players } });
      problem.hidden = true;
      form.hidden = true;
      one("[data-unlink]").hidden = false;
      frame(localStorage.getItem(gmStorage()));
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    }
  });
  one("[data-unlink]").addEventListener("click", async () => {
    localStorage.removeItem(gmStorage());
    await OBR.room.setMetadata({ [METADATA]: undefined });
    form.hidden = false;
    one("[data-unlink]").hidden = true;
    frame(null);
  });
}

/** A player: the players' page of the link the GM shared, following the room's metadata. */
async function playersView() {
  show("gm", false);
  const shared = (metadata) => metadata[METADATA] && metadata[METADATA].players;
  frame(shared(await OBR.room.getMetadata()));
  OBR.room.onMetadataChange((metadata) => frame(shared(metadata)));
}

/** The roll form: the procedures of the server, the chosen one's fields. */
async function rollForm() {
  const form = /** @type {HTMLFormElement} */ (one("[data-roll-form]"));
  const select = /** @type {HTMLSelectElement} */ (form.elements.namedItem("procedure"));
  const procedures = await server.procedures();
  select.innerHTML = procedures.map((p) => `<option value="${escapeHtml(p.path)}">`
    + `${escapeHtml(p.summary)}</option>`).join("");
  const titles = Object.fromEntries(procedures.map((p) => [p.path, p.summary]));
  async function chosen() {
    fields = await server.fields(select.value);
    form.querySelector("[data-fields]").innerHTML = fieldsHtml(fields, "rpg", words.unset);
  }
  select.addEventListener("change", chosen);
  await chosen();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const out = one("[data-result]");
    try {
      const answer = await server.call("POST", `/${select.value}`,
        { body: { ...readFields(form, fields), lang } });
      last = { title: titles[select.value], text: answer.text, rule: answer.rule.title,
        url: new URL(answer.rule.url.replace(/^\//, ""), ROOT).href };
      out.replaceChildren(card(last));
      one("[data-broadcast]").hidden = false;
    } catch (error) {
      last = null;
      out.replaceChildren(Object.assign(document.createElement("p"),
        { className: "rpg-problem", textContent: error.message }));
      one("[data-broadcast]").hidden = true;
    }
  });
  one("[data-broadcast]").addEventListener("click", async () => {
    if (!last) return;
    const name = await OBR.player.getName();
    await OBR.broadcast.sendMessage(CHANNEL, { ...last, from: name }, { destination: "ALL" });
  });
}

/** A result as a card, every word set as text (a broadcast comes from another player).
 * @param {Card} result
 * @returns {HTMLElement} */
function card({ title, text, rule, url, from }) {
  const box = document.createElement("div");
  box.className = "rpg-result";
  const head = document.createElement("strong");
  head.textContent = from ? `${title} · ${words.from.replace("{name}", from)}` : title;
  const body = document.createElement("p");
  body.textContent = text;
  const link = document.createElement("a");
  link.href = url;
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = rule;
  box.append(head, body, link);
  return box;
}

OBR.onReady(async () => {
  words = await server.words();
  for (const element of all("[data-word]")) {
    element.textContent = words[element.dataset.word];
  }
  /** @type {HTMLInputElement} */ (one("[data-link-form] input")).placeholder = words["gm-link"];
  const role = await OBR.player.getRole();
  page.dataset.role = role;
  await (role === "GM" ? gmView() : playersView());
  OBR.broadcast.onMessage(CHANNEL, ({ data }) => {
    one("[data-room-cards]").prepend(card(/** @type {Card} */ (data)));
  });
  await rollForm();
  page.dataset.ready = "yes";
});
