"""``python -m kanasta``."""

import sys

from kanasta.cli import main

sys.exit(main())
