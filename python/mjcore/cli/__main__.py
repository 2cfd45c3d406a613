"""``python -m mjcore.cli``: the same as the ``mjcore`` command."""

import sys

from . import main

sys.exit(main())
