"""Tests of "Pravidla a procedury", one file per rule."""
