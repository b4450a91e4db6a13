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

from pathlib import Path

from rulesite.bundle import one_script

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
    written = []
    for source, target in BUNDLES.items():
        one_script(docs_dir / SOURCES / source, site_dir / target)
        written.append(site_dir / target)
    return written
