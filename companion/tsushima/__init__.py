"""Tsushima rules core (see docs/tsushima.md)."""
