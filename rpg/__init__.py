"""The rules engine: pure Python procedures of the rulebooks, no Flask and no I/O."""
