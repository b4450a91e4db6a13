"""The rules site's MkDocs plugin: calculators beside their rules, the API reference, search
without diacritics and the offline copy (``mkdocs.yml``: ``plugins: [rulesite]``)."""
