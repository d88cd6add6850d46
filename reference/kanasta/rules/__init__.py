"""The rules, one module per spec chapter: literal, each rule one function citing its clause.

Nothing here is tuned for speed: the enumeration tables and caches live in
:mod:`kanasta.fast`, which :mod:`kanasta.engine` composes with these rules.
"""
