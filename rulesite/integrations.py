"""The integrations' scripts, bundled by esbuild as the calculators' are.

- ``javascripts/integrations/foundry.js`` → ``integrace/foundry/rpg-companion.js``: the Foundry
  VTT module's one script (the app zips it with the module's manifest, style and words:
  :mod:`api.integrations`);
- ``javascripts/integrations/owlbear.js`` → ``integrace/owlbear/popover.js`` and
  ``owlbear-background.js`` → ``integrace/owlbear/background.js``: the Owlbear Rodeo
  extension's popover and background pages (``docs/integrace/owlbear/*.html``), with the
  ``@owlbear-rodeo/sdk`` package from ``node_modules``.

The sources are left out of the built site (``exclude_docs``): a page loads the bundles only.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from rulesite.bundle import ESBUILD

#: The integrations' sources, below the site's ``docs`` folder.
SOURCES = Path("javascripts") / "integrations"
#: Each bundle: its source, and where the built site holds it.
BUNDLES = {
    "foundry.js": "integrace/foundry/rpg-companion.js",
    "owlbear.js": "integrace/owlbear/popover.js",
    "owlbear-background.js": "integrace/owlbear/background.js",
}


def build(docs_dir: Path, site_dir: Path) -> list[Path]:
    """Bundle each integration's script into the built site; the files written."""
    if not ESBUILD.is_file():
        raise RuntimeError(f"{ESBUILD.name} is missing from node_modules: run scripts/setup")
    written = []
    for source, target in BUNDLES.items():
        out = site_dir / target
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [str(ESBUILD), str(docs_dir / SOURCES / source), "--bundle", "--format=esm",
             "--minify", "--target=es2022", "--platform=browser", "--legal-comments=none",
             "--charset=utf8", "--log-level=warning", f"--outfile={out}"],
            cwd=docs_dir.parent, check=True, capture_output=True)
        written.append(out)
    return written
