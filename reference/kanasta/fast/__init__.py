"""The speed layer: enumeration tables, memo stores and candidates, proven equal to the
rules (:mod:`kanasta.rules`) by property tests. It cites no clause; only
:mod:`kanasta.engine` enters it.
"""
