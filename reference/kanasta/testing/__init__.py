"""Test support for engines and test suites: Hypothesis strategies of cards, melds and states."""
