"""Tests of Olgoj Chorchoj."""
