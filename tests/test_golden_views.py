"""The golden views hold: every screen of the fixed seeded runs receives, byte for byte, what was
recorded in tests/golden/ (see tests/golden_views.py for what is recorded and how to record
again after an intended change)."""

from __future__ import annotations

import difflib

import golden_views as gv
import pytest


def _recorded(name: str) -> dict[str, list[str]]:
    """The record's lines by run."""
    _, lines = gv.read(name)
    runs: dict[str, list[str]] = {}
    current: list[str] = []
    for line in lines:
        if line.startswith("run "):
            current = runs.setdefault(line.split()[1], [])
        current.append(line)
    return runs


CASES = [(name, run.name) for name, runs in gv.RUNS.items() for run in runs] + [("class", "class")]


def _first_difference(want: list[str], got: list[str]) -> str:
    diff = list(difflib.unified_diff(want, got, "recorded", "now", n=2, lineterm=""))
    return "\n".join(line[:300] for line in diff[:40])


@pytest.mark.parametrize(("name", "run"), CASES, ids=[f"{n}:{r}" for n, r in CASES])
def test_every_screen_receives_what_was_recorded(name, run, tmp_path):
    want = _recorded(name)[run]
    if name == "class":
        rec = gv.ClassRecorder(str(tmp_path / "class.sqlite3"))
        try:
            got = list(rec.lines())
        finally:
            rec.close()
    else:
        (spec,) = [r for r in gv.RUNS[name] if r.name == run]
        got = list(gv.Recorder(spec).lines())
    assert got == want, _first_difference(want, got)


def test_every_run_is_recorded():
    for name in gv.names():
        assert sorted(_recorded(name)) == sorted(
            r.name for r in gv.RUNS.get(name, [gv.Run("class", "", 0, "", (), 0, 0)])
        )
