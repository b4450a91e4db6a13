"""How long the verification page takes to check an export: under node and in Chromium at 390 px
(and, beside them, the Python verifier written from the published algorithm).

A synthetic export of ``--entries`` entries (``tests/expedition/synthetic_chain.py``: drawn,
given-seed and physical rolls, hidden entries, revealed keys) is checked ``--runs`` times by the
page's verifier (``docs/javascripts/expedition/verify.js``) with the calculators' replays: under
node (the modules as they are), then on the built page in Debian's Chromium (its bundled script,
the file chosen in its file input; the page notes each check's milliseconds), and by
``tests/expedition/chain_verifier.py`` (no replays: the chain, keys, seals, seeds and dice).
Prints each run's time and the median. Builds the site into a temporary folder unless ``--site``
names a built one.

    .venv/bin/python bench/verify_page.py [--entries 1000] [--runs 3] [--site DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the stdlib's http: keep this folder off the path, the root on it.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT), *(entry for entry in sys.path
                            if Path(entry or ".").resolve() != Path(__file__).resolve().parent)]

import argparse  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

from rulesite import bundle, verify  # noqa: E402
from tests.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, build_site, serve  # noqa: E402
from tests.expedition import chain_verifier, synthetic_chain  # noqa: E402

#: The verifier under node: the document's export checked RUNS times, each time printed in ms.
NODE_RUN = """
import { readFileSync } from "node:fs";
import { setCatalog } from "./docs/javascripts/calculators/core/catalog.js";
import { replayer } from "./docs/javascripts/expedition/replay.js";
import { verifyExport } from "./docs/javascripts/expedition/verify.js";

const document = JSON.parse(readFileSync(process.argv.at(-1), "utf8"));
const { rules, words, modules, exported, runs } = document;
setCatalog(words);
const camel = (name) => name.split("/").pop().replace(/-(\\w)/g, (_, c) => c.toUpperCase());
const base = "./docs/javascripts/calculators";
const loaders = Object.fromEntries(Object.entries(modules).map(([name, module]) => [name,
  async () => (await import(`${base}/${module}.js`))[camel(name)]
    ?? (await import(`${base}/pravidla/odds.js`)).oddsRow(module, name)]));
for (let run = 0; run < runs; run += 1) {
  const replay = replayer(loaders, rules, words);
  const started = performance.now();
  const verdict = await verifyExport(exported, replay);
  if (!verdict.ok) throw new Error(`the export failed at ${verdict.failure.seq}`);
  console.log(Math.round(performance.now() - started));
}
"""


def node_times(exported: dict[str, Any], runs: int, folder: Path) -> list[int]:
    """Each run's milliseconds under node."""
    data = folder / "node.json"
    data.write_text(json.dumps({
        "rules": bundle.rules_data(), "words": {**bundle.czech_catalog(), **verify.page_words()},
        "modules": verify.calculators(), "exported": exported, "runs": runs,
    }, ensure_ascii=False), encoding="utf-8")
    node = shutil.which("node") or "node"
    run = subprocess.run([node, "--input-type=module", "-e", NODE_RUN, str(data)], cwd=ROOT,
                         timeout=600, capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError(run.stderr[-2000:])
    out = run.stdout
    return [int(line) for line in out.split()]


def browser_times(file: Path, runs: int, site: Path) -> list[int]:
    """Each run's milliseconds on the built page in Chromium (390 px wide)."""
    from playwright.sync_api import sync_playwright

    times = []
    with serve(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            page = browser.new_page(viewport={"width": PHONE["width"], "height": PHONE["height"]},
                                    service_workers="block")
            page.set_default_timeout(600_000)
            page.goto(url + "vyprava/overeni/")
            page.wait_for_selector("[data-verify][data-ready]", state="attached")
            page.set_input_files("[data-form=file] input", str(file))
            page.wait_for_selector('[data-verdict][data-ok="true"]:not([hidden])')
            times.append(int(page.locator("[data-verify]").get_attribute("data-elapsed-ms") or 0))
            page.close()
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a built site (else built here)")
    args = parser.parse_args()
    exported, counts = synthetic_chain.build(args.entries)
    steps = counts.drawn + counts.physical + counts.seeded + counts.waiting
    print(f"export: {counts.entries} entries, {steps} steps replayed, "
          f"{counts.hidden} hidden entries")
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        file = folder / "vyprava.json"
        file.write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
        print(f"export file: {file.stat().st_size / 1024:.0f} KB")
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            assert chain_verifier.verify(exported).ok
            times.append(round((time.perf_counter() - started) * 1000))
        print(f"Python (tests/expedition/chain_verifier.py, no replays): {times} ms, "
              f"median {statistics.median(times):.0f} ms")
        times = node_times(exported, args.runs, folder)
        print(f"node: {times} ms, median {statistics.median(times):.0f} ms")
        site = args.site or build_site(folder / "site")
        times = browser_times(file, args.runs, site)
        print(f"Chromium, the page at 390 px: {times} ms, median {statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
