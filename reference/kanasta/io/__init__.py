"""Reading and writing at the edges: the JSON forms the spec defines (states, melds,
actions, game records and deals), the scenario builder that completes partial setups, and
the one writer of every output file (``files``).
"""
