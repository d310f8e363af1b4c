"""``python -m pokerbull``: the same as the ``pokerbull`` command."""

import sys

from .cli.main import main

sys.exit(main())
