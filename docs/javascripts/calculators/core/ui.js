/* The calculators' page side: read and check a form, run the procedure, show the outcome.
 * Every calculator's form is generated at build time from the API's OpenAPI document; this
 * module only follows its data-* attributes (rulesite/calculators.py). Its words are the
 * catalog's ("calculator.*" in rulesite/messages.py). */
import { number, setCatalog, setNaming, t } from "./catalog.js";
import { R, RandomDice, ReplayDice, RuleError, setRules, value } from "./engine.js";
import { namedBonusParts } from "../../items.js";

/** One value of a field kind ("integer", "number", "string"), checked against its bounds. */
function parseValue(text, kind, min, max) {
  let parsed = text;
  if (kind === "integer" || kind === "number") {
    const pattern = kind === "integer" ? /^[+\-−]?\d+$/ : /^[+\-−]?(\d+([.,]\d*)?|[.,]\d+)$/;
    if (!pattern.test(text)) throw new Error(t(`calculator.${kind}`));
    parsed = Number(text.replace("−", "-").replace(",", "."));
    if ((min !== null && parsed < min) || (max !== null && parsed > max)) {
      throw new Error(t("calculator.range", { min: number(min), max: number(max) }));
    }
  } else if ((min !== null && text.length < min) || (max !== null && text.length > max)) {
    throw new Error(t("calculator.length", { min, max }));
  }
  return parsed;
}

const bound = (element, name) => (element.dataset[name] === undefined
  ? null : Number(element.dataset[name]));

/** An item written "Meč +2" (or just "Plášť"): {name, bonus}. */
function namedBonus(element, text) {
  const [name, bonus] = namedBonusParts(text);
  return {
    name: parseValue(name, "string", bound(element, "nameMin"), bound(element, "nameMax")),
    bonus: bonus === undefined ? 0 : parseValue(bonus, "integer", bound(element, "bonusMin"),
      bound(element, "bonusMax")),
  };
}

/** A list of choices: the checked values, or each value as many times as its count. */
function readChoices(element) {
  const values = [];
  element.querySelectorAll("input").forEach((input) => {
    if (input.type === "checkbox") {
      if (input.checked) values.push(input.value);
      return;
    }
    const text = input.value.trim() || "0";
    const count = parseValue(text, "integer", 0, bound(input, "max"));
    for (let i = 0; i < count; i += 1) values.push(input.dataset.value);
  });
  const [min, max] = [bound(element, "minItems") ?? 0, bound(element, "maxItems")];
  if (values.length < min || (max !== null && values.length > max)) {
    throw new Error(t("calculator.items", { min, max }));
  }
  return values.length ? values : undefined; // none chosen: the procedure's default
}

/** Refusals of a row editor's cells, each shown beside its cell. */
class CellErrors extends Error {
  constructor(cells) {
    super(t("calculator.fix-fields"));
    this.cells = cells; // [[cell, message], ...]
  }
}

const childrenMatching = (element, selector) => [...element.children]
  .filter((child) => child.matches(selector));

/** One cell of a row: its control's value (undefined when an optional one is empty), the
 * list or mapping of the row editor inside it, or the fixed list of its parts (a hex's [q, r]:
 * a part refused is the cell's refusal). */
function readCell(cell, cells) {
  const inner = cell.querySelector(":scope > [data-cell=rows]");
  if (inner?.dataset.rows === "tuple") {
    return childrenMatching(inner, ".calculator__cell").map((part) => readCell(part, cells));
  }
  if (inner) return readRows(inner, cells);
  const control = cell.querySelector("[data-cell=value]");
  const text = control.value.trim();
  if (text === "") {
    if (control.required) throw new Error(t("calculator.required"));
    return undefined;
  }
  return parseValue(text, control.dataset.type, bound(control, "min"), bound(control, "max"));
}

const cellLabel = (cell) => `„${cell.querySelector("span").textContent.trim()}“`;

/** A row editor's rows as the API takes them: a list of objects, of lists or of items, or a
 * mapping (a key and its value per row). A refused cell is collected into `cells` and named by
 * its row and its label; the list's own bounds are the editor's refusal. A column's cells
 * (`data-column`: a mapping keyed by the row's `data-by` cell) go into `columns`, by name. */
function readRows(editor, cells = [], columns = {}) {
  const rows = childrenMatching(editor, "[data-row]");
  const keys = new Map(); // a mapping's key → the row it is first given in
  const values = rows.map((row, index) => {
    const read = {};
    const shares = [];
    childrenMatching(row, ".calculator__cell").forEach((cell) => {
      try {
        const value = readCell(cell, cells);
        if (value !== undefined && cell.dataset.column) shares.push([cell, value]);
        else if (value !== undefined) read[cell.dataset.key ?? cell.dataset.part] = value;
        if (cell.dataset.part === "key" && value !== undefined) {
          if (keys.has(value)) throw new Error(t("calculator.twice", { row: keys.get(value) }));
          keys.set(value, index + 1);
        }
      } catch (error) {
        if (error instanceof CellErrors) return;
        cells.push([cell, t("calculator.cell", { row: index + 1, label: cellLabel(cell),
          message: error.message })]);
      }
    });
    shares.forEach(([cell, value]) => {
      columns[cell.dataset.column] ??= {};
      columns[cell.dataset.column][read[cell.dataset.by]] = value;
    });
    const shape = editor.dataset.rows;
    return shape === "object" ? read : shape === "list" ? read.item : [read.key, read.value];
  });
  if (cells.length) throw new CellErrors(cells);
  if (!rows.length && !editor.hasAttribute("data-required") && !editor.dataset.cell) {
    return undefined; // no rows: the procedure's default
  }
  const [min, max] = [bound(editor, "minItems") ?? 0, bound(editor, "maxItems")];
  if (rows.length < min || (max !== null && rows.length > max)) {
    throw new Error(t("calculator.rows", { min, max }));
  }
  return editor.dataset.rows === "mapping" ? Object.fromEntries(values) : values;
}

/** One way for all, or the rows when any are given (camping's payment for each failure). */
function readEither(element) {
  const rows = readRows(element.querySelector(".calculator__rows"));
  return rows?.length ? rows : element.querySelector("select").value;
}

/** A row editor's buttons: a row added (focused) or removed; no row beyond the list's bounds. */
function editRows(event) {
  const button = event.target.closest("[data-action=add-row], [data-action=remove-row]");
  if (!button) return;
  const editor = button.closest(".calculator__rows");
  if (button.dataset.action === "add-row") {
    const row = editor.querySelector(":scope > template").content.firstElementChild
      .cloneNode(true);
    button.before(row);
    row.querySelector("input, select")?.focus();
  } else {
    button.closest("[data-row]").remove();
    editor.querySelector(":scope > [data-action=add-row]").focus();
  }
  const count = childrenMatching(editor, "[data-row]").length;
  const max = bound(editor, "maxItems");
  editor.querySelector(":scope > [data-action=add-row]").disabled = max !== null && count >= max;
}

/** Each row editor's rows as built (the sample's, or a required list's first rows), kept
 * when the page starts so that a reset brings them back. */
const builtRows = new WeakMap();

function keepRows(form) {
  form.querySelectorAll(".calculator__rows").forEach((editor) => builtRows.set(editor,
    childrenMatching(editor, "[data-row]").map((row) => row.cloneNode(true))));
}

/** A reset form's row editors as built. */
function resetRows(form) {
  form.querySelectorAll(".calculator__rows").forEach((editor) => {
    if (!editor.isConnected || !builtRows.has(editor)) return; // inside a row reset above
    childrenMatching(editor, "[data-row]").forEach((row) => row.remove());
    const add = editor.querySelector(":scope > [data-action=add-row]");
    builtRows.get(editor).forEach((row) => add.before(row.cloneNode(true)));
    add.disabled = false;
  });
}

/** A field's value as the API takes it, or undefined when left empty; throws a Czech message.
 * The mappings entered as columns of its rows go into `columns`. */
function readField(element, columns) {
  const kind = element.dataset.kind;
  if (kind === "boolean") return element.checked;
  if (kind === "choices") return readChoices(element);
  if (kind === "rows") return readRows(element, [], columns);
  if (kind === "either") return readEither(element);
  const text = element.value.trim();
  if (kind === "array") {
    const parts = text.split(",").map((part) => part.trim()).filter(Boolean);
    if (!parts.length) {
      if (element.required) throw new Error(t("calculator.required"));
      return undefined;
    }
    const [min, max] = [bound(element, "minItems") ?? 0, bound(element, "maxItems")];
    if (parts.length < min || (max !== null && parts.length > max)) {
      throw new Error(t("calculator.items", { min, max }));
    }
    return parts.map((part, i) => {
      try {
        if (element.dataset.item === "named-bonus") return namedBonus(element, part);
        return parseValue(part, element.dataset.item, bound(element, "itemMin"),
          bound(element, "itemMax"));
      } catch (error) {
        throw new Error(t("calculator.item", { index: i + 1, message: error.message }),
          { cause: error });
      }
    });
  }
  if (text === "") {
    if (element.required) throw new Error(t("calculator.required"));
    return undefined;
  }
  return parseValue(text, kind, bound(element, "min"), bound(element, "max"));
}

/** The input named `name` in a calculator (a value inside a list or mapping: the input
 * holding it; a mapping entered as a column: the rows holding it). */
const inputNamed = (root, name) => root.querySelector(`[data-kind][name="${name}"]`)
  || root.querySelector(`[data-kind][data-name="${name}"]`)
  || root.querySelector(`[data-kind][data-columns~="${name}"]`)
  || root.querySelector(`[data-kind][name="${name.split(".")[0]}"]`)
  || root.querySelector(`[data-kind][data-name="${name.split(".")[0]}"]`);

/** The cell of a row editor that a refusal's dotted name points to ("ships.0.unit", in a list
 * of lists "sectors.0.1.name"), or the deepest cell on its way ("sectors.0.1": the sector's
 * cell); null when the name reaches no cell. Returns [cell, its row's number]. */
function cellNamed(root, name) {
  const [top, ...path] = name.split(".");
  let editor = root.querySelector(`[data-kind=rows][data-name="${top}"]`);
  let found = null;
  while (editor && path.length) {
    const index = Number(path.shift());
    const row = childrenMatching(editor, "[data-row]")[index];
    const key = editor.dataset.rows === "list" ? "item" : path.shift();
    const cell = row && key !== undefined && childrenMatching(row, ".calculator__cell")
      .find((c) => (c.dataset.key ?? c.dataset.part) === key);
    if (!cell) break;
    found = [cell, index + 1];
    editor = cell.querySelector(":scope > [data-cell=rows]");
  }
  return found;
}

/** A field's label, as the form shows it. */
function labelOf(root, name) {
  const column = root.querySelector(`[data-column="${name}"]`);
  if (column) return cellLabel(column);
  const element = inputNamed(root, name);
  if (!element) return `'${name}'`;
  const label = root.querySelector(`label[for="${element.id}"], #${element.id}-nazev`);
  return label ? `„${label.textContent.trim()}“` : `'${name}'`;
}

/** A choice's word, as the form shows it (an option, a checkbox's label). */
function wordOf(root, name, choice) {
  const element = inputNamed(root, name);
  const option = element && [...element.querySelectorAll("option, input")]
    .find((item) => (item.value || item.dataset.value || item.dataset.default) === choice);
  if (!option) return choice;
  if (option.tagName === "OPTION") return option.textContent.trim();
  const label = root.querySelector(`label[for="${option.id}"]`);
  return label ? label.textContent.trim() : choice;
}

function showError(root, name, message) {
  const cell = name.includes(".") && cellNamed(root, name);
  if (cell) { // a value in a row: beside its cell, named by its row and label
    const [where, row] = cell;
    showCellError(where, t("calculator.cell", { row, label: cellLabel(where), message }));
    where.closest("details")?.setAttribute("open", "");
    return true;
  }
  const element = inputNamed(root, name);
  const slot = element && root.querySelector(`#${element.id}-chyba`);
  if (!slot) return false;
  slot.textContent = message;
  slot.hidden = false;
  element.setAttribute("aria-invalid", "true");
  const group = element.closest("details");
  if (group) group.open = true; // a refusal inside a folded group must be seen
  return true;
}

/** A refused cell of a row: its message beside it, its control marked. */
function showCellError(cell, message) {
  const slot = cell.querySelector(":scope > .calculator__error");
  slot.textContent = message;
  slot.hidden = false;
  // Its own control, or the row editor it holds (not the first control inside that).
  cell.querySelector(":scope > label > [data-cell=value], :scope > [data-cell=rows]")
    ?.setAttribute("aria-invalid", "true");
}

function clearErrors(root) {
  root.querySelectorAll(".calculator__error").forEach((slot) => {
    slot.hidden = true;
    slot.textContent = "";
  });
  root.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
}

const percent = (p) => `${number(Math.round(p * 10000) / 100)}\u00a0%`;

/** A small bar chart of a distribution under its title (what it shows); the rolled outcome is
 * highlighted. */
function chart({ title, bars }) {
  const width = 320;
  const height = 110;
  const gap = bars.length > 30 ? 0 : 2;
  const step = width / bars.length;
  const top = Math.max(...bars.map((bar) => bar.p)) || 1;
  const labelEvery = Math.ceil(bars.length / 12);
  const rects = bars.map((bar, i) => {
    const h = Math.max(1, (bar.p / top) * (height - 34));
    const x = i * step;
    const cls = bar.current ? "is-current" : bar.good ? "is-good" : "";
    const label = i % labelEvery && bars.length > 12 ? "" : `<text x="${x + step / 2}" `
      + `y="${height - 4}" text-anchor="middle">${bar.label.length > 12 ? i + 1 : bar.label}</text>`;
    return `<rect class="${cls}" x="${x + gap / 2}" y="${height - 18 - h}" width="${step - gap}" `
      + `height="${h}"><title>${bar.label}: ${percent(bar.p)}</title></rect>${label}`;
  }).join("");
  return `<figure class="calculator__figure"><figcaption>${escape(title)}</figcaption>`
    + `<svg class="calculator__chart" viewBox="0 0 ${width} ${height}" role="img" `
    + `aria-label="${escape(title)}">${rects}</svg></figure>`;
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Inputs as a query string, as the API reads them back (api/procedures.py query_string). */
const query = (inputs) => new URLSearchParams(Object.entries(inputs).map(([key, v]) => [key,
  Array.isArray(v) ? v.join(",") : String(v)])).toString();

/** The next steps as the API lists them in `result.next`. */
export const nextSteps = (steps = []) => steps.map(({ procedure, inputs = {}, missing = [] }) => {
  const q = query(inputs);
  return { procedure, url: `/api/v1/${procedure}${q ? `?${q}` : ""}`,
    title: R.next[procedure][0], missing };
});

/** Links to the calculators the result calls for next (on this page, or on their rule's). */
function nextLinks(steps) {
  if (!steps.length) return "";
  const links = steps.map(({ procedure, title }) => {
    const target = document.querySelector(`[data-procedure="${procedure}"]`);
    const href = target ? `#${target.id}` : R.next[procedure][1];
    return `<a href="${escape(href)}">${escape(title)}</a>`;
  });
  return `<p class="calculator__next">${escape(t("calculator.next"))}: ${links.join(", ")}</p>`;
}

function render(root, outcome) {
  const output = root.querySelector("[data-output]");
  const parts = [`<p class="calculator__text">${escape(outcome.text)}</p>`];
  if (outcome.chance !== null) {
    const f = outcome.chance;
    const label = root.dataset.chance || t("calculator.chance");
    const exact = f.d === 1 ? String(f.n) : `${f.n}/${f.d}`;
    parts.push(`<p class="calculator__chance">${escape(label)}: <strong>${exact}</strong> `
      + `≈ ${percent(value(f))}</p>`);
  }
  if (outcome.chart) parts.push(chart(outcome.chart));
  if (outcome.figure) parts.push(outcome.figure); // drawn by the module: numbers and its words
  const next = nextSteps(outcome.next);
  parts.push(nextLinks(next));
  output.innerHTML = parts.join("");
  output.dataset.result = JSON.stringify({ ...outcome.result, next });
}

function compute(root, procedure) {
  const output = root.querySelector("[data-output]");
  delete output.dataset.result;
  clearErrors(root);
  // Messages name this form's fields and choices as the form shows them.
  setNaming({ field: (name) => labelOf(root, name), choice: (name, v) => wordOf(root, name, v) });
  const inputs = {};
  const columns = {};
  let dice = null;
  let valid = true;
  root.querySelectorAll("[data-kind]").forEach((element) => {
    const name = element.name || element.dataset.name;
    try {
      const read = readField(element, columns);
      if (name === "dice") dice = read ?? null;
      else if (read !== undefined) inputs[name] = read;
    } catch (error) {
      if (error instanceof CellErrors) {
        error.cells.forEach(([cell, message]) => showCellError(cell, message));
      } else {
        showError(root, name, error.message);
      }
      valid = false;
    }
  });
  if (!valid) {
    output.innerHTML = `<p class="calculator__problem">${escape(t("calculator.fix-fields"))}</p>`;
    focusFirstError(root);
    return;
  }
  Object.assign(inputs, columns);
  try {
    const source = dice ? new ReplayDice(dice) : new RandomDice();
    const outcome = procedure(source, inputs);
    source.finish();
    render(root, outcome);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const beside = error.field && showError(root, error.field, error.message);
    output.innerHTML = `<p class="calculator__problem">${escape(beside
      ? t("calculator.fix-field") : error.message)}</p>`;
    if (beside) focusFirstError(root);
  }
}

/** The first field to fix, focused and so scrolled into view: on a phone it may be a screen
 * above the button that was tapped. */
function focusFirstError(root) {
  root.querySelector('[aria-invalid="true"]')?.focus();
}

/** A row editor holding `items` (a list, or a mapping's entries) instead of its rows. */
function fillRows(editor, items) {
  childrenMatching(editor, "[data-row]").forEach((row) => row.remove());
  const add = editor.querySelector(":scope > [data-action=add-row]");
  const shape = editor.dataset.rows;
  const rows = shape === "mapping" ? Object.entries(items) : items;
  for (const item of rows) {
    const row = editor.querySelector(":scope > template").content.firstElementChild
      .cloneNode(true);
    add.before(row);
    childrenMatching(row, ".calculator__cell").forEach((cell, index) => {
      const key = cell.dataset.key ?? cell.dataset.part;
      const value = shape === "object" ? item[key] : shape === "list" ? item
        : shape === "mapping" ? item[key === "key" ? 0 : 1] : item[index];
      if (!cell.dataset.column) fillCell(cell, value);
    });
  }
}

/** One cell of a row: its control, or the rows inside it. */
function fillCell(cell, value) {
  const inner = cell.querySelector(":scope > [data-cell=rows]");
  if (inner) fillRows(inner, value ?? []);
  else cell.querySelector("[data-cell=value]").value = value ?? "";
}

/** An item of a list as its text input takes it: "Meč +2", "Plášť", "3". */
const itemText = (item) => (typeof item === "object" && item !== null
  ? `${item.name}${item.bonus ? ` ${item.bonus > 0 ? "+" : ""}${item.bonus}` : ""}`
  : String(item));

/** The field `name` of a calculator holding `value` as the API takes it (the inverse of
 * readField); a mapping entered as a column of rows fills the cells of the rows it keys. */
function fillField(root, name, value) {
  const column = root.querySelectorAll(`[data-column="${name}"]`);
  if (column.length) {
    column.forEach((cell) => {
      const by = childrenMatching(cell.parentElement, ".calculator__cell")
        .find((other) => other.dataset.key === cell.dataset.by);
      const key = by?.querySelector("[data-cell=value]").value;
      fillCell(cell, key !== undefined ? value?.[key] : undefined);
    });
    return;
  }
  const element = root.querySelector(`[data-kind][name="${name}"]`)
    || root.querySelector(`[data-kind][data-name="${name}"]`);
  if (!element || value === undefined) return;
  const kind = element.dataset.kind;
  if (kind === "boolean") {
    element.checked = Boolean(value);
  } else if (kind === "choices") {
    element.querySelectorAll("input").forEach((input) => {
      if (input.type === "checkbox") input.checked = (value ?? []).includes(input.value);
      else input.value = String((value ?? []).filter((v) => v === input.dataset.value).length);
    });
  } else if (kind === "rows") {
    fillRows(element, value ?? []);
  } else if (kind === "either") {
    const rows = element.querySelector(".calculator__rows");
    fillRows(rows, Array.isArray(value) ? value : []);
    if (!Array.isArray(value)) element.querySelector("select").value = value;
  } else if (kind === "array") {
    element.value = (value ?? []).map(itemText).join(", ");
  } else {
    element.value = value === null ? "" : String(value);
  }
}

/** A roll replayed from another page (the expedition's log: "přehrát hod"): the address names
 * the procedure, its inputs (JSON) and the dice it rolled; that calculator is filled with them,
 * computed, and brought into sight under its rule. */
function replayAsked(roots, procedures) {
  const asked = new URLSearchParams(window.location.search);
  const root = [...roots].find((each) => each.dataset.procedure === asked.get("prehrat"));
  if (!root) return;
  let inputs;
  try {
    inputs = JSON.parse(asked.get("vstup") || "{}");
  } catch {
    return;
  }
  // Rows first: a mapping entered as their column is keyed by what they hold.
  const columns = new Set([...root.querySelectorAll("[data-column]")]
    .map((cell) => /** @type {HTMLElement} */ (cell).dataset.column));
  const names = Object.keys(inputs).sort((a, b) => Number(columns.has(a)) - Number(columns.has(b)));
  for (const name of names) fillField(root, name, inputs[name]);
  fillField(root, "dice", (asked.get("kostky") || "").split(",").filter(Boolean));
  compute(root, procedures[root.dataset.procedure]);
  const inSight = () => root.scrollIntoView({ block: "start" });
  inSight();
  window.addEventListener("load", inSight, { once: true });
}

/** Wire every calculator of the page to its procedure (by path) and its module's optional
 * richer controls (`enhancers`, by module path); `templates` are the Czech messages they render
 * (the page's share of the engine's catalog, written into the page's script by the build). */
export function start(procedures, enhancers, templates) {
  /** @type {NodeListOf<HTMLElement>} */
  const roots = document.querySelectorAll("[data-procedure]");
  if (!roots.length) return;
  // The engine's rule data, inlined by the build (rulesite/bundle.py; core/globals.d.ts).
  setRules(CALCULATOR_RULES);
  setCatalog(templates);
  for (const root of roots) {
    const procedure = procedures[root.dataset.procedure];
    root.id ||= `kalkulacka-${root.dataset.procedure.replace("/", "-")}`;
    keepRows(root.querySelector("form"));
    root.querySelector("form").addEventListener("click", editRows);
    root.querySelector("form").addEventListener("reset", (event) => resetRows(event.target));
    root.querySelector("form").addEventListener("submit", (event) => {
      event.preventDefault();
      compute(root, procedure);
    });
    enhancers[root.dataset.module]?.(root); // a module's richer controls, once the form is wired
    root.dataset.ready = "";
  }
  replayAsked(roots, procedures);
}
