/* A server's procedures and expeditions, as the integrations (Foundry VTT, Owlbear Rodeo) use
 * them: everything read at run time from the server itself, nothing of a rule copied here.
 *
 * The procedures and their titles come from the index (GET /api/v1/), each form from the
 * procedure's GET operation in the OpenAPI document (fields, Czech labels `x-label`, the rules'
 * words `x-words`, bounds, defaults), the answers from the procedure itself. Every request has a
 * timeout: a VTT must not hang on a server that went away.
 */

import { Refused, Unreachable, keyFromFragment } from "../expedition/api.js";

export { Refused, Unreachable };

/** How long a request may take (ms). */
export const TIMEOUT_MS = 8000;
/** Inputs every procedure takes that the forms leave to the integration. */
const COMMON = new Set(["seed", "dice", "lang", "format"]);

/**
 * @typedef {Record<string, any>} Field  One input of a procedure's form.
 * @property {string} name  The API's field name.
 * @property {string} label  What the form shows (Czech `x-label`; in English the description).
 * @property {string} kind  "boolean", "integer", "number", "string", "choice", "choices",
 *   "list" (values separated by commas) or "json" (an object or a list of objects).
 * @property {boolean} required
 * @property {number|null} min
 * @property {number|null} max
 * @property {*} fallback  The schema's default, shown in the form.
 * @property {{value: string, word: string}[]} choices
 * @property {string} placeholder
 */

/** Text safe inside HTML (labels and words come from a server). @param {*} text */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An expedition link's id and token (".../vyprava/#<id>.<token>"), or null.
 * @param {string} link @returns {{id: string, token: string}|null} */
export function linkKey(link) {
  try {
    return keyFromFragment(new URL(String(link || "").trim()).hash);
  } catch {
    return null; // not a URL
  }
}

/** One server of Pravidla a procedury, asked in one language. */
export class Server {
  /**
   * @param {string} base  The server's root ("https://rpg.example.org"), without /api/v1.
   * @param {string} lang  "cs" or "en".
   * @param {{timeout?: number}} [options]
   */
  constructor(base, lang, { timeout = TIMEOUT_MS } = {}) {
    this.base = String(base || "").replace(/\/+$/, "");
    this.lang = lang === "en" ? "en" : "cs";
    this.timeout = timeout;
    this.cached = {};
  }

  /**
   * One request to the API; the answer's JSON, or `Refused`/`Unreachable`.
   * @param {string} method @param {string} path  below /api/v1
   * @param {{body?: Record<string, any>, token?: string}} [options]
   */
  async call(method, path, { body, token } = {}) {
    const headers = { Accept: "application/json", "Accept-Language": this.lang };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.timeout);
    let response;
    try {
      response = await fetch(`${this.base}/api/v1${path}`, {
        method, headers, signal: abort.signal, cache: "no-store",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new Unreachable(String(error));
    } finally {
      clearTimeout(timer);
    }
    const data = await response.json().catch(() => null);
    if (!response.ok) throw new Refused(response.status, data);
    return data;
  }

  /** The index: every procedure's path and title, in the server's order.
   * @returns {Promise<{path: string, summary: string}[]>} */
  async procedures() {
    this.cached.index ??= this.call("GET", `/?lang=${this.lang}`);
    return (await this.cached.index).procedures;
  }

  /** The OpenAPI document (read once). */
  async document() {
    this.cached.document ??= this.call("GET", "/openapi.json");
    return this.cached.document;
  }

  /** The form of the procedure `path`, from its GET operation.
   * @param {string} path @returns {Promise<Field[]>} */
  async fields(path) {
    const document = await this.document();
    const operation = document.paths[`/api/v1/${path}`].get;
    return operation.parameters.filter((p) => !COMMON.has(p.name))
      .map((parameter) => field(parameter, document, this.lang));
  }

  /** The procedure's answer (JSON) and its card (the same roll again by its seed, as HTML).
   * @param {string} path @param {Record<string, any>} inputs @returns {Promise<{answer: Record<string, any>, card: string}>} */
  async roll(path, inputs) {
    const answer = await this.call("POST", `/${path}`, { body: { ...inputs, lang: this.lang } });
    const again = answer.seed === null ? inputs : { ...inputs, seed: answer.seed };
    const card = await this.card(path, again);
    return { answer, card };
  }

  /** A procedure's HTML card (a VTT chat's). @param {string} path @param {Record<string, any>} inputs */
  async card(path, inputs) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.timeout);
    try {
      const response = await fetch(`${this.base}/api/v1/${path}`, {
        method: "POST", signal: abort.signal, cache: "no-store",
        headers: { "Content-Type": "application/json", Accept: "text/html" },
        body: JSON.stringify({ ...inputs, lang: this.lang, format: "html" }),
      });
      return await response.text();
    } catch (error) {
      throw new Unreachable(String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  /** What the expedition buttons say (their titles) and a shift's length in minutes. */
  async expeditionWords() {
    this.cached.expedition ??= this.call("GET", `/integrations/expedition?lang=${this.lang}`);
    return this.cached.expedition;
  }

  /** The integrations' own words in the server's language. */
  async words() {
    this.cached.words ??= this.call("GET", `/integrations/words?lang=${this.lang}`);
    return this.cached.words;
  }

  /** The actions a button takes: those needing no input but the version (OpenAPI). */
  async buttonActions() {
    const document = await this.document();
    const kinds = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const match = /^\/api\/v1\/expeditions\/\{public_id\}\/actions\/([\w-]+)$/.exec(path);
      if (!match) continue;
      const reference = operations.post.requestBody.content["application/json"].schema.$ref;
      const schema = document.components.schemas[reference.split("/").pop()];
      const required = schema.required || [];
      if (required.length === 1 && required[0] === "version") kinds.push(match[1]);
    }
    return kinds;
  }

  /** An expedition as `key` reads it: role, version, state, newest entries.
   * @param {{id: string, token: string}} key @param {number} [entries] */
  read(key, entries = 1) {
    return this.call("GET", `/expeditions/${key.id}?entries=${entries}`, { token: key.token });
  }

  /** An action of the expedition (the GM's key), at the version last read; again once on 409.
   * @param {{id: string, token: string}} key @param {string} kind @param {Record<string, any>} [inputs] */
  async act(key, kind, inputs = {}) {
    const path = kind === "undo" ? `/expeditions/${key.id}/undo`
      : `/expeditions/${key.id}/actions/${kind}`;
    for (let attempt = 0; ; attempt += 1) {
      const { version, state } = await this.read(key);
      try {
        const acted = await this.call("POST", path, { body: { ...inputs, version },
          token: key.token });
        return { before: state, ...acted };
      } catch (error) {
        if (!(error instanceof Refused) || error.status !== 409 || attempt) throw error;
      }
    }
  }

  /** The players' link of the expedition the GM's `key` opens.
   * @param {{id: string, token: string}} key @returns {Promise<string>} */
  async playersLink(key) {
    return (await this.call("GET", `/expeditions/${key.id}/players-link`, { token: key.token }))
      .players;
  }
}

/** One parameter of an operation as a form's field.
 * @param {Record<string, any>} parameter  the OpenAPI parameter @param {Record<string, any>} document @param {string} lang
 * @returns {Field} */
function field(parameter, document, lang) {
  const schema = parameter.schema;
  const items = schema.items && schema.items.$ref
    ? document.components.schemas[schema.items.$ref.split("/").pop()] : schema.items || {};
  const words = (source) => (source["x-words"] || {});
  let kind = schema.type;
  let choices = [];
  if ("oneOf" in schema || kind === "object" || (kind === "array" && (items.properties
    || items.type === "array"))) {
    kind = "json";
  } else if (kind === "array" && items.enum) {
    kind = "choices";
    choices = items.enum.map((value) => ({ value, word: words(items)[value] || value }));
  } else if (kind === "array") {
    kind = "list";
  } else if (schema.enum) {
    kind = "choice";
    choices = schema.enum.map((value) => ({ value, word: words(schema)[value] || value }));
  }
  const english = String(parameter.description || parameter.name).split(/[.;(]/)[0].trim();
  return {
    name: parameter.name,
    label: lang === "cs" ? schema["x-label"] || parameter.name : english || parameter.name,
    kind,
    required: Boolean(parameter.required),
    min: schema.minimum ?? null,
    max: schema.maximum ?? null,
    fallback: schema.default ?? schema["x-default"] ?? null,
    choices,
    placeholder: schema.example === undefined ? "" : (typeof schema.example === "string"
      ? schema.example : JSON.stringify(schema.example)),
  };
}

/**
 * A form's fields as HTML: each labelled, typed and bounded as the API's field.
 * @param {Field[]} fields @param {string} prefix  ids' prefix @param {string} unset  the word of
 *   an empty choice
 */
export function fieldsHtml(fields, prefix, unset) {
  return fields.map((f) => {
    const id = `${prefix}-${f.name}`;
    const label = `<label for="${id}">${escapeHtml(f.label)}</label>`;
    const named = `id="${id}" name="${escapeHtml(f.name)}" data-kind="${f.kind}"`
      + (f.required ? " required" : "");
    if (f.kind === "boolean") {
      return `<div class="rpg-field rpg-field--check"><input type="checkbox" ${named}`
        + `${f.fallback === true ? " checked" : ""}>${label}</div>`;
    }
    if (f.kind === "choice") {
      const empty = f.required && f.fallback !== null ? ""
        : `<option value="">${escapeHtml(unset)}</option>`;
      const options = f.choices.map((c) => `<option value="${escapeHtml(c.value)}"`
        + `${c.value === f.fallback && f.required ? " selected" : ""}>`
        + `${escapeHtml(c.word)}</option>`).join("");
      return `<div class="rpg-field">${label}<select ${named}>${empty}${options}</select></div>`;
    }
    if (f.kind === "choices") {
      const boxes = f.choices.map((c, i) => `<label class="rpg-choice"><input type="checkbox" `
        + `name="${escapeHtml(f.name)}" value="${escapeHtml(c.value)}" id="${id}-${i}">`
        + `${escapeHtml(c.word)}</label>`).join("");
      return `<fieldset class="rpg-field" data-kind="choices" data-name="${escapeHtml(f.name)}">`
        + `<legend>${escapeHtml(f.label)}</legend>${boxes}</fieldset>`;
    }
    if (f.kind === "integer" || f.kind === "number") {
      const bounds = (f.min === null ? "" : ` min="${f.min}"`)
        + (f.max === null ? "" : ` max="${f.max}"`);
      const value = f.fallback === null ? "" : ` value="${escapeHtml(f.fallback)}"`;
      return `<div class="rpg-field">${label}<input type="number" `
        + `step="${f.kind === "integer" ? 1 : "any"}"${bounds}${value} ${named}></div>`;
    }
    if (f.kind === "json") {
      return `<div class="rpg-field rpg-field--wide">${label}<textarea rows="3" ${named} `
        + `placeholder="${escapeHtml(f.placeholder)}" spellcheck="false"></textarea></div>`;
    }
    const value = f.kind === "string" && f.fallback !== null
      ? ` value="${escapeHtml(f.fallback)}"` : "";
    return `<div class="rpg-field">${label}<input type="text" autocomplete="off"${value} `
      + `placeholder="${escapeHtml(f.placeholder)}" ${named}></div>`;
  }).join("");
}

/**
 * The API's input from a form built by `fieldsHtml`: empty fields left out (the procedure's
 * defaults), lists split at commas, JSON parsed. The server checks the rest (a 422 names it).
 * @param {HTMLFormElement|HTMLElement} form @param {Field[]} fields
 */
export function readFields(form, fields) {
  const inputs = {};
  for (const f of fields) {
    if (f.kind === "choices") {
      const checked = [.../** @type {NodeListOf<HTMLInputElement>} */ (
        form.querySelectorAll(`input[name="${f.name}"]:checked`))];
      if (checked.length) inputs[f.name] = checked.map((box) => box.value);
      continue;
    }
    const control = /** @type {HTMLInputElement | null} */ (
      form.querySelector(`[name="${f.name}"]`));
    if (!control) continue;
    if (f.kind === "boolean") {
      inputs[f.name] = control.checked;
      continue;
    }
    const text = control.value.trim();
    if (text === "") continue;
    if (f.kind === "integer" || f.kind === "number") {
      const parsed = Number(text.replace(",", "."));
      inputs[f.name] = Number.isNaN(parsed) ? text : parsed;
    } else if (f.kind === "list") {
      inputs[f.name] = text.split(",").map((part) => part.trim()).filter(Boolean);
    } else if (f.kind === "json") {
      try {
        inputs[f.name] = JSON.parse(text);
      } catch {
        inputs[f.name] = text; // the server names it in its refusal
      }
    } else {
      inputs[f.name] = text;
    }
  }
  return inputs;
}
