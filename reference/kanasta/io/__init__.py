"""Reading and writing at the edges: the JSON forms the spec defines (states, melds,
actions, game records and deals) and the scenario builder that completes partial setups.
"""
