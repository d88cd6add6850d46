"""Whole games without a person: the random policies, self-play and the benchmark."""
