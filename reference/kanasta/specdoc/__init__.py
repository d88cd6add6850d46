"""Docs tooling: the spec reader, the traceability gate and the Sphinx extension.

Nothing here is a rule: the engine never imports this package.
"""
