"""Tests of Země psychopatů."""
