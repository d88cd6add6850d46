"""kanasta: the executable rule specification of Canasta (koz, fi-5200, fi-351, classic)."""

__version__ = "0.1.0"

__all__ = ["__version__"]
