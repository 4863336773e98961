"""Helpers for scripts/bench: a seeded corpus and timing."""
