"""The calculators' pages, each loaded once per process and handed out again to every test that
needs one of its calculators, reset to the state the page was loaded in.

A page load costs Chromium a second or more (the API page, Swagger UI and the dice calculator,
7–11 s), most of a browser test's time on a 2-core machine. So a test is handed the page already
loaded, every calculator on it reset as a user would reset it (the form's own reset, which
brings its rows back, and the output, refusals and folded groups as they started). What a test
left that the reset does not undo must not hide a failure of the next: the page's state as first
loaded is recorded (:data:`STATE`: every control's value, checked box and chosen option, each
row editor's rows, the output, each ``aria-invalid`` and ``aria-describedby``, each visible
refusal, the calculators' markup, the focus, the page's address, local and session storage) and
compared after every reset; a page that differs is loaded again, and must then equal its record.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from tests.browser import PHONE

#: The state of every calculator on the page (by procedure) and of the page around them.
STATE = """() => {
  const storage = (store) => Object.entries(store).sort();
  // Elements with their attributes in a fixed order (a reset may set them in another), an empty
  // class or style as none (left by one set and taken off again), and a template's content.
  const markup = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const attributes = [...node.attributes]
      .filter((a) => a.value !== "" || (a.name !== "class" && a.name !== "style"))
      .map((a) => ` ${a.name}=${JSON.stringify(a.value)}`).sort().join("");
    const children = [...(node.content ?? node).childNodes].map(markup).join("");
    return `<${node.localName}${attributes}>${children}</${node.localName}>`;
  };
  const active = document.activeElement;
  return {
    address: location.pathname + location.search,
    focus: !active || active === document.body ? null : active.outerHTML,
    storage: { local: storage(localStorage), session: storage(sessionStorage) },
    calculators: Object.fromEntries([...document.querySelectorAll("[data-procedure]")].map(
      (root) => {
        const output = root.querySelector("[data-output]");
        return [root.dataset.procedure, {
          controls: [...root.querySelectorAll("input, select, textarea, button")].map((el) => [
            el.id || el.getAttribute("name") || el.dataset.cell || el.dataset.action || el.tagName,
            el.value, el.checked ?? null, el.disabled,
            el.tagName === "SELECT" ? [...el.selectedOptions].map((o) => o.value) : null]),
          rows: [...root.querySelectorAll(".calculator__rows")].map((editor) =>
            [...editor.children].filter((child) => child.matches("[data-row]")).length),
          output: [output.innerHTML, output.dataset.result ?? null],
          aria: [...root.querySelectorAll("[aria-invalid], [aria-describedby]")].map((el) =>
            [el.id, el.getAttribute("aria-invalid"), el.getAttribute("aria-describedby")]),
          refusals: [...root.querySelectorAll(".calculator__error")]
            .filter((slot) => slot.checkVisibility()).map((slot) => [slot.id, slot.textContent]),
          open: [...root.querySelectorAll("details")].map((group) => group.open),
          markup: markup(root),
        }];
      })),
  };
}"""

#: Every calculator of the page reset as a user resets it, with what a user cannot reset by the
#: form (its output, refusals, unfolded groups, focus, storage) put back as :data:`STATE`
#: recorded it when the page was first loaded (``pristine``).
RESET = """(pristine) => {
  for (const [store, entries] of [[localStorage, pristine.storage.local],
                                  [sessionStorage, pristine.storage.session]]) {
    store.clear();
    for (const [key, value] of entries) store.setItem(key, value);
  }
  document.activeElement?.blur();
  for (const root of document.querySelectorAll("[data-procedure]")) {
    root.querySelector("form").reset(); // core/ui.js puts the rows back as built
    const output = root.querySelector("[data-output]");
    output.replaceChildren();
    delete output.dataset.result;
    for (const slot of root.querySelectorAll(".calculator__error")) {
      slot.hidden = true;
      slot.textContent = "";
    }
    for (const marked of root.querySelectorAll("[aria-invalid]")) {
      marked.removeAttribute("aria-invalid");
    }
    const open = pristine.calculators[root.dataset.procedure]?.open ?? [];
    root.querySelectorAll("details").forEach((group, index) => {
      group.open = Boolean(open[index]);
    });
  }
}"""

#: The page brought to the section of the calculator handed out, as loading ``page#section``
#: would (the address shows the section; the section is scrolled to).
TO_SECTION = """(section) => {
  history.replaceState(history.state, "", "#" + section);
  document.getElementById(section)?.scrollIntoView();
}"""


def page_of(path: str) -> str:
    """The site page holding ``path``'s calculator and its section: ``pravidla/unava/#unava``."""
    from rpg.core.citations import RULES
    from rpg.core.registry import procedures

    rule = RULES[procedures()[path].rule]
    return rule.page.lstrip("/") + "#" + rule.section


def by_page(paths: Iterable[str]) -> dict[str, list[str]]:
    """``paths`` grouped by the page that holds their calculators (its URL without the
    section), in their order: a page's calculators are checked on one load of it."""
    pages: dict[str, list[str]] = {}
    for path in paths:
        pages.setdefault(page_of(path).split("#")[0], []).append(path)
    return pages


def differences(state: dict[str, Any], record: dict[str, Any]) -> list[str]:
    """What differs between two :data:`STATE` readings, named (``magic-items: rows``)."""
    named = [key for key in ("address", "focus", "storage") if state[key] != record[key]]
    now, then = state["calculators"], record["calculators"]
    if now.keys() != then.keys():
        return [*named, "calculators"]
    return named + [f"{path}: {part}" for path in then for part in then[path]
                    if now[path][part] != then[path][part]]


class Opened(NamedTuple):
    """A calculator handed out: its page, its root element, and the page's errors since."""

    page: Any
    root: Any
    errors: list[str]


class _Loaded:
    """One loaded page: its state as first loaded, and the list its errors now go to."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.record: dict[str, Any] = {}
        self.errors: list[str] = []
        self.at_load: list[str] = []  # errors thrown while it loaded, for every test of it
        page.on("pageerror", lambda error: self.errors.append(str(error)))


class LoadedPages:
    """The site's calculator pages in one phone-sized context, each loaded once and handed out
    again reset (see the module's docstring). ``loads`` counts the page loads, ``reloads`` those
    forced because a reset page differed from its record."""

    def __init__(self, browser: Any, url: str) -> None:
        self._browser, self._url = browser, url
        self._context: Any = None
        self._pages: dict[str, _Loaded] = {}
        self.loads = self.reloads = 0

    def open(self, path: str) -> Opened:
        """``path``'s calculator on its page, as if the page had just been loaded; the page's
        errors go to a fresh list (with those thrown while it loaded)."""
        address, section = page_of(path).split("#")
        loaded = self._pages.get(address)
        if loaded is None:
            loaded = self._pages[address] = self._load(address, path)
        else:
            loaded.errors = list(loaded.at_load)
            loaded.page.evaluate(RESET, loaded.record)
            if differences(self.state(loaded.page), loaded.record):
                self.reloads += 1
                self._goto(loaded, address, path)
                left = differences(self.state(loaded.page), loaded.record)
                assert not left, f"{address} loaded again differs from its first load: {left}"
        loaded.page.bring_to_front()  # a page behind the others has its timers throttled
        loaded.page.evaluate(TO_SECTION, section)
        return Opened(loaded.page, loaded.page.locator(f'[data-procedure="{path}"]'),
                      loaded.errors)

    def state(self, page: Any) -> dict[str, Any]:
        """The page's :data:`STATE` now."""
        return dict(page.evaluate(STATE))

    def record(self, path: str) -> dict[str, Any]:
        """The state of ``path``'s page as first loaded."""
        return self._pages[page_of(path).split("#")[0]].record

    def close(self) -> None:
        if self._context is not None:
            self._context.close()

    def _load(self, address: str, path: str) -> _Loaded:
        if self._context is None:
            # No service worker here: precaching the whole site would slow every page down.
            self._context = self._browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
        loaded = _Loaded(self._context.new_page())
        self._goto(loaded, address, path)
        loaded.record = self.state(loaded.page)
        return loaded

    def _goto(self, loaded: _Loaded, address: str, path: str) -> None:
        """The page loaded afresh, its errors collected from the start."""
        self.loads += 1
        loaded.errors = []
        if loaded.page.url != "about:blank":  # else a new section of it would not load it
            loaded.page.goto("about:blank")
        loaded.page.goto(self._url + page_of(path))
        # The page's script marks its calculators ready one after another in one task.
        loaded.page.wait_for_selector(f'[data-procedure="{path}"][data-ready]')
        loaded.at_load = list(loaded.errors)
