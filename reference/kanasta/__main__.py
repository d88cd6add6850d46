"""``python -m kanasta``."""

import sys

try:
    from kanasta.cli import main

    status = main()
except KeyboardInterrupt:  # Ctrl-C while the command line is still being loaded
    print("kanasta: interrupted (Ctrl-C).", file=sys.stderr)
    status = 130
sys.exit(status)
