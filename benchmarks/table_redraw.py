"""Click-to-redraw of the Dragon's Gold table, early and late in a long game, in a real browser.

Run: ``.venv/bin/python benchmarks/table_redraw.py`` (needs Chromium on PATH and Playwright;
``--quick`` stops after 60 clicks). Voila serves a temporary notebook with two widgets: a trivial
counter (a button whose click goes to the kernel and back, the floor of any widget's redraw) and a
four-player Dragon's Gold table with a person in every seat, shown to the omniscient viewer (no
pass-the-device screen, every decision a click). The script plays a whole game by clicking one of
the offered move buttons (chosen by a seeded random generator; a move that asks first is confirmed, and
the "yes" is the click timed), timing each click inside the page
from the click event to the redrawn table (its ``data-version`` changed), and clicks the counter
before and after the game. The last lines are ``name: value``, one figure per line:

- ``early_ms``: the median of the table's first 10 clicks;
- ``late_ms``: the median of its last 15 clicks (the log then holds hundreds of entries);
- ``late_over_early``: their ratio (the goal: at most 1.2);
- ``counter_ms``: the counter's median round trip in the same run;
- ``late_over_counter``: late_ms / counter_ms;
- ``clicks``, ``log_entries``, ``elements``: how long the game was, the actions in its record
  and the elements of the table at the end.

The clock starts at the click event's own time stamp, so Playwright's overhead is outside it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import browser_support as bs  # noqa: E402

COUNTER = '''
import anywidget, traitlets

class Counter(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const b = document.createElement("button");
      b.className = "bench-counter-button";
      const root = document.createElement("div");
      root.className = "bench-counter";
      const show = () => {
        b.textContent = "count " + model.get("count");
        root.setAttribute("data-version", String(model.get("count")));
      };
      b.addEventListener("click", () => model.send({ type: "inc" }));
      model.on("change:count", show);
      show();
      root.append(b);
      el.append(root);
    } };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda _w, content, _b: setattr(self, "count", self.count + 1))

    def __repr__(self):
        return "<Counter>"

Counter()
'''

TABLE = """
from kaskaria.widgets import DragonsGoldTable
table = DragonsGoldTable(players=4, seats=("human",) * 4, seed={seed}, autoplay=None,
                         viewer="omniscient", viewers=["omniscient"])
table
"""

ROOT = ".kaskaria-table.kaskaria-dg[data-version]"


def notebook(seed: int) -> dict:
    def cell(source: str) -> dict:
        return {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": source,
        }

    return {
        "cells": [cell(COUNTER), cell(TABLE.format(seed=seed))],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def counter_clicks(page, n: int) -> list[float]:
    button = page.locator(".bench-counter-button")
    return [bs.timed_click(page, button)["ms"] for _ in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="stop after 60 clicks")
    parser.add_argument("--seed", type=int, default=5, help="the game's seed")
    parser.add_argument("--max-clicks", type=int, default=900)
    args = parser.parse_args()
    reason = bs.browser_unavailable_reason()
    if reason is not None:
        sys.exit(f"cannot measure: {reason}")
    limit = 60 if args.quick else args.max_clicks
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        path = base / "bench.ipynb"
        path.write_text(json.dumps(notebook(args.seed)), encoding="utf-8")
        with bs.VoilaServer(path, base / "jupyter") as server:
            browser = bs.Browser(bs.find_chromium(), base / "profile")
            try:
                page = browser.context.new_page()
                page.set_viewport_size({"width": 1280, "height": 800})
                page.goto(server.url)
                page.locator(ROOT).first.wait_for(timeout=120_000)
                page.locator(".bench-counter-button").wait_for(timeout=60_000)
                page.wait_for_timeout(1000)
                bs.install_redraw_timer(page, ".bench-counter")
                counter = counter_clicks(page, 15)
                page.evaluate("() => { window.__kasRedraw = null; }")
                bs.install_redraw_timer(page, ROOT)
                root = page.locator(ROOT).first
                rng = random.Random(args.seed)
                samples: list[float] = []
                while len(samples) < limit:
                    if root.get_attribute("data-to-move") == "over":
                        break
                    buttons = root.locator("button.kt-action:not([disabled])")
                    count = buttons.count()
                    if count == 0:
                        raise SystemExit(f"no move to click after {len(samples)} clicks")
                    button = buttons.nth(rng.randrange(count))
                    if "kt-destructive" in (button.get_attribute("class") or ""):
                        # a move that asks first ("no deal"): the timed click is the "yes"
                        button.click()
                        button = root.locator(".kt-confirm-yes")
                    samples.append(bs.timed_click(page, button)["ms"])
                elements = root.evaluate("(el) => el.querySelectorAll('*').length")
                # the number of the log's latest entry: the actions in the game's record
                log_entries = root.evaluate(
                    "(el) => { const li = el.querySelector('.kt-log li:last-child'); "
                    "return li ? li.value : null; }"
                )
                page.evaluate("() => { window.__kasRedraw = null; }")
                bs.install_redraw_timer(page, ".bench-counter")
                counter += counter_clicks(page, 15)
            finally:
                browser.close()
    early = statistics.median(samples[:10])
    late = statistics.median(samples[-15:])
    counter_ms = statistics.median(counter)
    print(f"clicks: {len(samples)}")
    print(f"log_entries: {log_entries}")
    print(f"elements: {elements}")
    print(f"early_ms: {early:.1f}")
    print(f"late_ms: {late:.1f}")
    print(f"late_over_early: {late / early:.2f}")
    print(f"counter_ms: {counter_ms:.1f}")
    print(f"late_over_counter: {late / counter_ms:.2f}")


if __name__ == "__main__":
    main()
