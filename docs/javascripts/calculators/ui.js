/* The calculators' page side: read and check a form, run the procedure, show the outcome.
 * Every calculator's form is generated at build time from the API's OpenAPI document; this
 * module only follows its data-* attributes (docs/hooks/calculators.py). */
import { RandomDice, ReplayDice, RuleError, number, setRules, value } from "./engine.js";

const MESSAGES = {
  required: "Vyplň toto pole.",
  integer: "Zadej celé číslo.",
  number: "Zadej číslo.",
  range: (min, max) => `Zadej hodnotu od ${min} do ${max}.`,
  length: (min, max) => `Délka musí být ${min} až ${max} znaků.`,
  items: (min, max) => `Zadej ${min} až ${max} položek oddělených čárkou.`,
  item: (index, message) => `Položka č. ${index}: ${message}`,
  json: "Zápis není platný JSON.",
};

/** One value of a field kind ("integer", "number", "string"), checked against its bounds. */
function parseValue(text, kind, min, max) {
  let parsed = text;
  if (kind === "integer" || kind === "number") {
    const pattern = kind === "integer" ? /^[+\-−]?\d+$/ : /^[+\-−]?(\d+([.,]\d*)?|[.,]\d+)$/;
    if (!pattern.test(text)) throw new Error(MESSAGES[kind]);
    parsed = Number(text.replace("−", "-").replace(",", "."));
    if ((min !== null && parsed < min) || (max !== null && parsed > max)) {
      throw new Error(MESSAGES.range(number(min), number(max)));
    }
  } else if ((min !== null && text.length < min) || (max !== null && text.length > max)) {
    throw new Error(MESSAGES.length(min, max));
  }
  return parsed;
}

/** An item written "Meč +2" (or just "Plášť"): {name, bonus}. */
function namedBonus(element, text) {
  const [, name, bonus] = text.match(/^(.*?)(?:\s+([+\-−]?\d+))?$/);
  return {
    name: parseValue(name, "string", bound(element, "nameMin"), bound(element, "nameMax")),
    bonus: bonus === undefined ? 0 : parseValue(bonus, "integer", bound(element, "bonusMin"),
      bound(element, "bonusMax")),
  };
}

const bound = (element, name) => (element.dataset[name] === undefined
  ? null : Number(element.dataset[name]));

/** A field's value as the API takes it, or undefined when left empty; throws a Czech message. */
function readField(element) {
  const kind = element.dataset.kind;
  if (kind === "boolean") return element.checked;
  const text = element.value.trim();
  if (kind === "array") {
    const parts = text.split(",").map((part) => part.trim()).filter(Boolean);
    if (!parts.length) {
      if (element.required) throw new Error(MESSAGES.required);
      return undefined;
    }
    const [min, max] = [bound(element, "minItems") ?? 0, bound(element, "maxItems")];
    if (parts.length < min || (max !== null && parts.length > max)) {
      throw new Error(MESSAGES.items(min, max));
    }
    return parts.map((part, i) => {
      try {
        if (element.dataset.item === "named-bonus") return namedBonus(element, part);
        return parseValue(part, element.dataset.item, bound(element, "itemMin"),
          bound(element, "itemMax"));
      } catch (error) {
        throw new Error(MESSAGES.item(i + 1, error.message));
      }
    });
  }
  if (text === "") {
    if (element.required) throw new Error(MESSAGES.required);
    return undefined;
  }
  if (kind === "json") { // an object-valued input (a module's enhance() makes the control)
    try { return JSON.parse(text); } catch { throw new Error(MESSAGES.json); }
  }
  return parseValue(text, kind, bound(element, "min"), bound(element, "max"));
}

function showError(root, field, message) {
  // A field inside a JSON input ("sectors.0.units") is shown beside that input.
  const element = root.querySelector(`[name="${field}"]`)
    || root.querySelector(`[name="${field.split(".")[0]}"]`);
  const slot = element && root.querySelector(`#${element.id}-chyba`);
  if (!slot) return false;
  slot.textContent = message;
  slot.hidden = false;
  element.setAttribute("aria-invalid", "true");
  const group = element.closest("details");
  if (group) group.open = true; // a refusal inside a folded group must be seen
  return true;
}

function clearErrors(root) {
  root.querySelectorAll(".calculator__error").forEach((slot) => {
    slot.hidden = true;
    slot.textContent = "";
  });
  root.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
}

const percent = (p) => `${number(Math.round(p * 10000) / 100)} %`;

/** A small bar chart of a distribution; the rolled outcome is highlighted. */
function chart(bars, title) {
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
  return `<svg class="calculator__chart" viewBox="0 0 ${width} ${height}" role="img" `
    + `aria-label="${title}">${rects}</svg>`;
}

function render(root, outcome) {
  const output = root.querySelector("[data-output]");
  const parts = [`<p class="calculator__text">${escape(outcome.text)}</p>`];
  if (outcome.chance !== null) {
    const f = outcome.chance;
    const label = root.dataset.chance || "Šance";
    const exact = f.d === 1 ? String(f.n) : `${f.n}/${f.d}`;
    parts.push(`<p class="calculator__chance">${escape(label)}: <strong>${exact}</strong> `
      + `≈ ${percent(value(f))}</p>`);
  }
  if (outcome.chart) parts.push(chart(outcome.chart, "Rozdělení výsledků"));
  output.innerHTML = parts.join("");
  output.dataset.result = JSON.stringify(outcome.result);
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

async function compute(root, procedure) {
  const output = root.querySelector("[data-output]");
  delete output.dataset.result;
  clearErrors(root);
  const inputs = {};
  let dice = null;
  let valid = true;
  root.querySelectorAll("[data-kind]").forEach((element) => {
    try {
      const read = readField(element);
      if (element.name === "dice") dice = read ?? null;
      else if (read !== undefined) inputs[element.name] = read;
    } catch (error) {
      showError(root, element.name, error.message);
      valid = false;
    }
  });
  if (!valid) {
    output.innerHTML = '<p class="calculator__problem">Oprav zvýrazněná pole.</p>';
    return;
  }
  try {
    const source = dice ? new ReplayDice(dice) : new RandomDice();
    const outcome = procedure(source, inputs);
    source.finish();
    render(root, outcome);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    const beside = error.field && showError(root, error.field, error.message);
    output.innerHTML = `<p class="calculator__problem">${escape(beside
      ? "Oprav zvýrazněné pole." : error.message)}</p>`;
  }
}

const camel = (path) => path.split("/").pop().replace(/-(\w)/g, (_, c) => c.toUpperCase());

/** A button beside a list field adds its value to the list ("+ bez spánku" → "no-sleep"). */
function append(event) {
  const button = event.target.closest("[data-append]");
  if (!button) return;
  const field = button.closest(".calculator__field").querySelector("[data-kind]");
  field.value = [field.value.trim(), button.dataset.append].filter(Boolean).join(", ");
}

async function start() {
  const roots = document.querySelectorAll("[data-procedure]");
  if (!roots.length) return;
  // The engine's rule data, inlined by the build (docs/hooks/calculators.py).
  setRules(CALCULATOR_RULES); // eslint-disable-line no-undef
  for (const root of roots) {
    root.addEventListener("click", append);
    const module = await import(`./${root.dataset.module}.js`);
    const procedure = module[camel(root.dataset.procedure)];
    root.querySelector("form").addEventListener("submit", (event) => {
      event.preventDefault();
      compute(root, procedure);
    });
    module.enhance?.(root); // optional: a module's richer controls, after the form is wired
    root.dataset.ready = "";
  }
}

start();
