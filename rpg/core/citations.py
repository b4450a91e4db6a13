"""Where every rule lives on the docs site: the one place that defines the citation URL scheme.

A citation is ``/<rulebook>/<chapter>/#<section>``; every part is an ASCII slug of the Czech
heading it names (:func:`slugify`). The docs site uses the same :func:`slugify` for its heading
anchors (``mkdocs.yml`` → ``toc.slugify``) and gives explicit anchors to rules stated as bold lead
paragraphs, so a citation written here resolves to a real page and anchor (a site test checks
every entry of :data:`RULES`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(value: str, separator: str = "-") -> str:
    """ASCII slug of a Czech heading: ``"Pád z výšky"`` → ``"pad-z-vysky"``.

    The signature matches Python-Markdown's ``toc.slugify`` so the site uses this very function.
    """
    decomposed = unicodedata.normalize("NFKD", value)
    ascii_only = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_SLUG.sub(separator, ascii_only.lower()).strip(separator)


@dataclass(frozen=True, slots=True)
class Rule:
    """A citable rule: its Czech title and where it stands on the site."""

    title: str
    rulebook: str
    chapter: str
    section: str

    @property
    def url(self) -> str:
        """Site path of the rule's section, e.g. ``/pravidla/nebezpeci-a-nastrahy/#pad-z-vysky``."""
        return f"/{self.rulebook}/{self.chapter}/#{self.section}"

    @property
    def page(self) -> str:
        """Site path of the page that holds the rule."""
        return f"/{self.rulebook}/{self.chapter}/"


def _core(title: str, chapter: str, section: str | None = None) -> Rule:
    return Rule(title, "pravidla", chapter, section or slugify(title))


def cite(key: str, title: str, chapter: str, section: str | None = None, *,
         rulebook: str = "pravidla") -> Rule:
    """Declare a rule the engine cites, beside the procedure that cites it.

    ``section`` defaults to the slug of ``title`` (a heading's own anchor); a rule stated as a
    bold lead paragraph needs that anchor set on its page. A site test checks that every rule
    declared resolves to a page and an anchor.
    """
    rule = Rule(title, rulebook, chapter, section or slugify(title))
    if RULES.get(key, rule) != rule:
        raise ValueError(f"rule {key!r} is declared twice, differently")
    RULES[key] = rule
    return rule


#: Chapters of "Pravidla a procedury": one page each, slug → the chapter's Czech heading.
CORE_CHAPTERS: dict[str, str] = {
    "organizace-skupiny": "Organizace skupiny",
    "overeni-dovednosti": "Ověření dovedností (Skill check)",
    "zachranne-hody": "Záchranné hody",
    "poskozeni-leceni-a-smrt": "Poškození, léčení a smrt",
    "nebezpeci-a-nastrahy": "Nebezpečí a nástrahy",
    "unava": "Únava",
    "prenocovani-v-divocine": "Přenocování v divočině",
    "cestovani-po-svete": "Cestování po světě",
    "pruzkum-kobek": "Průzkum kobek",
    "nahla-setkani": "Náhlá setkání",
    "souboje": "Souboje",
    "utok-obecne": "Útok obecně",
    "ostatni-bojove-situace": "Ostatní bojové situace",
}

#: Every rule a procedure cites, by a stable key. Sections named after a bold lead paragraph
#: (``**Pád z výšky:**``) need an explicit anchor on the site; headings get theirs from slugify.
RULES: dict[str, Rule] = {
    "dice-notation": Rule("Zápis kostek", "nastroje", "api", "zapis-kostek"),
    "skill-check": _core("Ověření dovedností", "overeni-dovednosti", "hod"),
    "other-methods": _core("Jiné metody řešení nejasných situací", "overeni-dovednosti"),
    "saving-throw": _core("Hod záchranného hodu", "zachranne-hody"),
    "magic-items": _core("Zničení magických předmětů", "poskozeni-leceni-a-smrt"),
    "natural-healing": _core("Přirozené léčení", "poskozeni-leceni-a-smrt"),
    "death-save": _core(
        "Mírnější systém smrti pro heroická dobrodružství",
        "poskozeni-leceni-a-smrt",
    ),
    "falling": _core("Pád z výšky", "nebezpeci-a-nastrahy"),
    "hold-breath": _core("Zadržení dechu", "nebezpeci-a-nastrahy"),
    "climbing": _core("Šplhání", "nebezpeci-a-nastrahy"),
    "swimming": _core("Plavání", "nebezpeci-a-nastrahy"),
    "fatigue": _core("Efekty únavy", "unava"),
    "fatigue-death": _core("Smrt na únavu", "unava"),
    "camping": _core("Pokus o utáboření", "prenocovani-v-divocine"),
    "camping-dungeon": _core("Přenocování v kobce", "prenocovani-v-divocine"),
    "travel": _core("Pohyb po světě", "cestovani-po-svete"),
    "fast-travel": _core("Rychlé cestování", "cestovani-po-svete"),
    "wandering-monsters": _core("Putující monstra", "pruzkum-kobek"),
    "dungeon-rest": _core("Odpočinek", "pruzkum-kobek"),
    "trap": _core("Pasti", "pruzkum-kobek"),
    "surprise": _core("Hod na překvapení", "nahla-setkani"),
    "encounter-distance": _core("Vzdálenost setkání", "nahla-setkani"),
    "encounter": _core("Náhlá setkání", "nahla-setkani"),
    "reaction": _core("Akce monster", "nahla-setkani"),
    "initiative": _core("Iniciativa", "souboje"),
    "morale": _core("Morálka", "souboje"),
    "movement": _core("Pohyb", "souboje"),
    "melee-engaged": _core("Vázání v boji na blízko", "souboje"),
    "range-zones": _core("Zóny dosahu", "souboje"),
    "attack": _core("Útok obecně", "utok-obecne"),
    "thrown-weapon": _core("Hození zbraně", "ostatni-bojove-situace"),
    "shield-block": _core("Reflexivní blokování štítem", "ostatni-bojove-situace"),
    "held-spell": _core("Držení kouzla", "ostatni-bojove-situace"),
    "unstable-ground": _core("Nestabilní povrchy", "ostatni-bojove-situace"),
    "other-combat": _core("Ostatní bojové situace", "ostatni-bojove-situace"),
    "psychopaths-action-points": Rule(
        "Určení počtu akčních bodů", "zeme-psychopatu", "faze-kola",
        "1-urceni-poctu-akcnich-bodu",
    ),
    "psychopaths-round": Rule("Fáze kola", "zeme-psychopatu", "faze-kola", "faze-kola"),
    "psychopaths-combat": Rule("Průběh boje", "zeme-psychopatu", "boj", "prubeh-boje"),
    "conquest-units": Rule(
        "Přehled jednotek", "dobyvani-soustav", "pravidla-hry", "prehled-jednotek"
    ),
    "conquest-attack": Rule("Útok", "dobyvani-soustav", "pravidla-hry", "utok"),
    "conquest-regen": Rule("Regenerace", "dobyvani-soustav", "pravidla-hry", "regenerace"),
    "conquest-income": Rule(
        "Příjem kreditů", "dobyvani-soustav", "pravidla-hry", "2-prijem-kreditu"
    ),
    "conquest-special": Rule(
        "Použití speciální schopnosti", "dobyvani-soustav", "pravidla-hry",
        "pouziti-specialni-schopnosti",
    ),
    "conquest-buy": Rule(
        "Nákup a umisťování jednotek", "dobyvani-soustav", "pravidla-hry",
        "4-nakup-a-umistovani-jednotek",
    ),
    "conquest-end": Rule("Konec hry", "dobyvani-soustav", "pravidla-hry", "konec-hry"),
    "conquest-credits": Rule("Kredity", "dobyvani-soustav", "pravidla-hry", "kredity"),
    "conquest-capture": Rule(
        "Vyhodnocení speciálních efektů", "dobyvani-soustav", "pravidla-hry",
        "1-vyhodnoceni-specialnich-efektu",
    ),
    "olgoj-engineering": Rule("Inženýrství", "olgoj-chorchoj", "zetony-akci", "inzenyrstvi"),
    "olgoj-tokens": Rule(
        "Získání žetonu akce", "olgoj-chorchoj", "zetony-akci", "ziskani-zetonu-akce"
    ),
}
