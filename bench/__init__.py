"""Benchmarks, each run as a script (``.venv/bin/python bench/http.py``).

A package only so that type checkers name ``bench/http.py`` ``bench.http``, not the standard
library's ``http``.
"""
