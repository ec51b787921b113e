"""The sizes of a test in the tiers: ``make test`` runs the tests marked ``slow`` (and the quick
ones), ``make soak`` the ones marked ``soak`` (only with ``--soak``), with more games or samples.

``@pytest.mark.parametrize("games", sizes(12, 60))`` runs a test with 12 games in ``make test``
and with 60 in ``make soak``.
"""

from __future__ import annotations

import pytest


def sizes(test: int, soak: int) -> list:
    """Two parameters: ``test`` marked slow (``make test``), ``soak`` marked soak (``make soak``)."""
    return [
        pytest.param(test, marks=pytest.mark.slow, id=f"{test}"),
        pytest.param(soak, marks=pytest.mark.soak, id=f"soak{soak}"),
    ]
