"""How long marking one typed answer takes, for everyday answers and for the worst a pupil can
type (the longest calculations, powers, brackets and number words within the 80-character limit),
against ``float()`` of a short number in the same run.

Run: ``.venv/bin/python benchmarks/marking.py``. Prints, per group of inputs, the median and the
slowest time of one ``check_number`` call in microseconds, and ``worst_ratio``: the slowest
worst-case input over the median everyday one (a bound on what a pupil can make a check cost).
"""

from __future__ import annotations

import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kaskaria.lessons.answers import check_number  # noqa: E402

EVERYDAY = [
    "1/27", "3.7%", "0,037", "4 %", "1 in 27", "1 von 27", "0.32", "33 Prozent", "18 gold",
    "four", "drei Viertel", "7+7+4", "1 - 1/4", "2/6*2/6*2/6", "banana", "", "10,077,696",
]  # fmt: skip
WORST = [
    "999999999999999" + "*999999999999999" * 4,
    "(" * 40 + "1" + ")" * 39,
    "9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9^9",
    "-" * 79 + "1",
    "1+" * 39 + "1",
    "siebenhundertsiebenundsiebzigtausendsiebenhundertsiebenundsiebzig Siebtel",
    "one hundred and twenty-three thousand four hundred and fifty-six ninths",
    "x" * 80,
    "1/2/3/4/5/6/7/8/9/1/2/3/4/5/6/7/8/9/1/2/3/4/5/6/7/8/9/1/2/3/4/5/6/7/8/9/1/2",
    "٣" * 80,
]


def timed(typed: str, repeat: int = 200) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            check_number(typed, Fraction(1, 27), "hint", "de")
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1e6


def main() -> None:
    start = time.perf_counter()
    for _ in range(100_000):
        float("0.037")
    baseline = (time.perf_counter() - start) / 100_000 * 1e6
    everyday = [timed(t) for t in EVERYDAY]
    worst = [timed(t, 50) for t in WORST]
    print(f"float('0.037'): {baseline:.2f} us")
    print(
        f"everyday answers ({len(EVERYDAY)}): median {statistics.median(everyday):.0f} us, "
        f"slowest {max(everyday):.0f} us"
    )
    print(
        f"worst-case inputs ({len(WORST)}): median {statistics.median(worst):.0f} us, "
        f"slowest {max(worst):.0f} us"
    )
    print(f"worst_ratio: {max(worst) / statistics.median(everyday):.1f}")


if __name__ == "__main__":
    main()
