/* The expedition pages' forms: what one sends, by the API's field names.
 *
 * Every form of the GM's page and of a character's page names its inputs as the API does
 * ("attack.ac" nests); a count input (data-value) sends its value that many times, a checkbox
 * with a value is one of a list, a list or items input is split at its commas.
 */
import { namedBonusParts } from "../items.js";

/** The inputs of a form, by the API's field names ("attack.ac" nests).
 * @param {HTMLFormElement} form
 * @returns {Record<string, any>}
 */
export function inputsOf(form) {
  const inputs = {};
  const put = (name, value) => {
    const [head, tail] = name.split(".");
    if (tail) {
      inputs[head] = inputs[head] || {};
      inputs[head][tail] = value;
    } else {
      inputs[head] = value;
    }
  };
  const lists = {};
  for (const element of /** @type {Iterable<HTMLInputElement>} */ (form.elements)) {
    if (!element.name || element.disabled) continue;
    if (element.dataset.value !== undefined) {  // a count: its value that many times
      lists[element.name] = lists[element.name] || [];
      for (let n = Number(element.value || 0); n > 0; n -= 1) {
        lists[element.name].push(element.dataset.value);
      }
    } else if (element.type === "checkbox" && element.value !== "on") {
      lists[element.name] = lists[element.name] || [];
      if (element.checked) lists[element.name].push(element.value);
    } else if (element.type === "checkbox") {
      put(element.name, element.checked);
    } else if (element.value === "") {
      continue;
    } else if (element.hasAttribute("data-items")) {  // "Meč +2, Plášť"
      put(element.name, element.value.split(",").map((part) => part.trim()).filter(Boolean)
        .map((part) => {
          const [name, bonus] = namedBonusParts(part);
          return { name, bonus: bonus === undefined ? 0 : Number(bonus.replace("−", "-")) };
        }));
    } else if (element.hasAttribute("data-list")) {
      put(element.name, element.value.split(",").map((part) => part.trim()).filter(Boolean));
    } else if (element.type === "number") {
      put(element.name, Number(element.value));
    } else {
      put(element.name, element.value.trim());
    }
  }
  for (const [name, values] of Object.entries(lists)) put(name, values);
  return inputs;
}
