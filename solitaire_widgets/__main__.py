"""``python -m solitaire_widgets``: see :mod:`solitaire_widgets.cli`."""

import sys

from .cli import main

sys.exit(main())
