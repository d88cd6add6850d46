"""The native engine's tests: every module here skips cleanly when kanasta-native is not
installed (``pip install ./native``)."""

from __future__ import annotations

import pytest

pytest.importorskip(
    "kanasta_native", reason="kanasta-native is not installed (pip install ./native)"
)
