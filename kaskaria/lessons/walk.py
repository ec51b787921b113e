"""``python -m kaskaria.lessons.walk``: the class's walk through a lesson's core path, section by
section (the walk itself is :mod:`kaskaria.lessons.audit.walk`, beside the audit that reads the
same notebooks)."""

from __future__ import annotations

import sys

from .audit.walk import PERIOD, Walk, main, walk

__all__ = ["PERIOD", "Walk", "main", "walk"]

if __name__ == "__main__":
    sys.exit(main())
