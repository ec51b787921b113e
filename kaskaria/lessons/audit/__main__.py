"""``python -m kaskaria.lessons.audit``: see :func:`kaskaria.lessons.audit.main`."""

import sys

from . import main

sys.exit(main())
