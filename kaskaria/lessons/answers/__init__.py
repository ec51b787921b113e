"""``kaskaria.lessons.answers`` is :mod:`kaskaria.marking.answers`: the marking lives below the
lessons, so the class server marks by the same rule. This name stays for the lessons, the tools
and the tests (the very same module, its private names too)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ...marking import answers as _moved

sys.modules[__name__] = _moved

if TYPE_CHECKING:  # what the alias gives, for type checkers
    from ...marking.answers import *  # noqa: F403
    from ...marking.answers import KINDS, other_name  # noqa: F401
