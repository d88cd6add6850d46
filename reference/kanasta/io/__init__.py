"""Reading and writing at the edges: the scenario builder that completes partial setups."""
