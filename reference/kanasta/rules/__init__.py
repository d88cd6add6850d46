"""The rules, one module per spec chapter: literal, each rule one function citing its clause.

Nothing here is tuned for speed: the enumeration tables, caches and shortcuts live in
:mod:`kanasta.fast`, which :mod:`kanasta.engine` composes with these rules; the JSON forms
live in :mod:`kanasta.io`.
"""
