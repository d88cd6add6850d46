"""The speed layer: enumeration tables, memo stores, the opening reach and the shortcuts of
turn-must-finish, proven equal to the rules (:mod:`kanasta.rules`) by
``tests/properties/test_fast_equals_rules.py``. It cites no clause; only
:mod:`kanasta.engine` enters it.
"""
