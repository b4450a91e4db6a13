"""The rules site's MkDocs plugin: one object holds a build's state from event to event.

- ``on_files``: asks the app for its OpenAPI document (the API page's reference and every
  calculator's form come from it) and adds the reference to the build;
- ``on_page_markdown``: the API page's marker becomes the interactive reference;
- ``on_page_content``: the expedition pages' ``data-label`` markers get their fields' labels
  (:mod:`rulesite.expedition`); each procedure's calculator lands right after the element whose
  id is its rule's anchor (the rule pages stay as written), the page loads the calculators'
  script, and the page's bold lead rules are noted for search;
- ``on_post_page``: every page links the web app manifest, and starts the site's search worker,
  which builds the index at the first query rather than on every page's load;
- ``on_post_template``: the 404 page links the manifest and starts the site's search worker too;
- ``on_post_build``: the calculators ship as one script per page and the chunks pages share (the
  verification page's script among them, :mod:`rulesite.verify`), the integrations' scripts and
  the players' page's are bundled (:mod:`rulesite.integrations`, :mod:`rulesite.expedition`), the
  search index gets its fields without diacritics, the search worker is written beside
  Material's, and the service worker gets its list of files (in that order: the list sees the
  scripts and the search worker).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from rpg.core.citations import RULES
from rpg.core.registry import procedures
from rulesite import bundle, expedition, integrations, reference, search, verify
from rulesite.calculators import SCRIPTS, Forms


# mkdocs's Config and BasePlugin run an unannotated __init_subclass__ on every subclass.
class RuleSiteConfig(Config):  # type: ignore[no-untyped-call]
    """``plugins: [rulesite]``; ``calculators: false`` builds the rules without them."""

    calculators = config_options.Type(bool, default=True)


class RuleSitePlugin(BasePlugin[RuleSiteConfig]):  # type: ignore[no-untyped-call]
    """Calculators beside their rules, the API reference, search and the offline copy."""

    def __init__(self) -> None:
        self.forms: Forms | None = None
        self.document: dict[str, Any] = {}
        self.pages: dict[str, dict[str, str]] = {}
        self.leads: dict[str, list[dict[str, Any]]] = {}

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """The app's OpenAPI document: the reference on the API page, and the forms."""
        document = self.document = reference.openapi_document()
        files.append(File.generated(config, reference.SPEC_PATH,
                                    content=json.dumps(document, ensure_ascii=False, indent=2)))
        self.forms = Forms(document, Path(config["docs_dir"]))
        self.pages = {}
        self.leads = {}
        return files

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str:
        """The API page's marker becomes the interactive reference."""
        return markdown.replace(reference.MARKER, reference.swagger_tag())

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str:
        """The expedition pages' labels; each calculator after its rule's anchor, and the
        script on pages that have one."""
        html = expedition.labelled(html, self.document)
        self.leads[page.url] = search.lead_entries(page.url, html)
        if not self.config.calculators or self.forms is None:
            return html
        here = "/" + page.url
        placed: dict[str, str] = {}
        # In reverse: each lands right after its anchor, so the first declared ends up first.
        for procedure in reversed(list(procedures().values())):
            rule = RULES[procedure.rule]
            if procedure.calculator and rule.page == here:
                html = _insert_after(html, rule.section, self.forms.html(procedure))
                placed[procedure.path] = self.forms.module(procedure)
        if placed:
            script = bundle.script_name(page.url)
            self.pages[script] = placed
            root = "../" * page.url.count("/")
            html += f'<script type="module" src="{root}{(SCRIPTS / script).as_posix()}"></script>'
        return html

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Link the manifest and theme colour from every page's head (and, on the API page,
        stand in for the reference frame's call to the page until the page's script is there);
        start the site's search worker instead of Material's."""
        head = search.head_links(search.page_root(page.url)) + reference.head_scripts(output)
        return search.on_demand(output.replace("</head>", head + "</head>", 1))

    def on_post_template(self, output_content: str, *, template_name: str,
                         config: MkDocsConfig) -> str:
        """The 404 page (a template, not a page) links the manifest and starts the site's search
        worker too."""
        if template_name != "404.html":
            return output_content
        head = search.head_links(search.not_found_root(config.site_url))
        return search.on_demand(output_content.replace("</head>", head + "</head>", 1))

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """The scripts, the folded search index, the search worker, then the offline list
        (which sees them all)."""
        site = Path(config["site_dir"])
        built = site / SCRIPTS
        for module in built.rglob("*.js"):
            module.unlink()
        for folder in sorted(built.rglob("*"), reverse=True):
            if folder.is_dir():
                folder.rmdir()
        if self.config.calculators:
            rules = bundle.rules_data()
            built.mkdir(parents=True, exist_ok=True)
            folder = Path(config["docs_dir"]) / SCRIPTS
            shipped = bundle.bundled(folder, self.pages, rules, verify.written(folder, rules),
                                     [verify.SCRIPT])
            for name, content in shipped.items():
                (built / name).write_bytes(content)
        integrations.build(Path(config["docs_dir"]), site)
        expedition.build(Path(config["docs_dir"]), site)
        search.fold_index(site, self.leads)
        search.write_search_worker(Path(config["docs_dir"]), site)
        search.write_worker(site)


def _insert_after(content: str, anchor: str, snippet: str) -> str:
    """``snippet`` right after the element whose id is ``anchor`` (a heading or a paragraph)."""
    opening = re.search(rf'<(\w+)[^>]*\bid="{re.escape(anchor)}"', content)
    if opening is None:
        raise RuntimeError(f"no element with id '{anchor}' to put a calculator after")
    closing = content.find(f"</{opening.group(1)}>", opening.end())
    end = closing + len(opening.group(1)) + 3
    return content[:end] + snippet + content[end:]
