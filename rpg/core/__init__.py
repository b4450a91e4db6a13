"""The engine's core, shared by every rulebook: dice sources, dice notation, bilingual text,
rule citations, errors and the outcome every procedure returns."""
