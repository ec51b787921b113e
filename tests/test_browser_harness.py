"""Guards the browser harness itself, independent of the Kaskaria widgets.

A scratch notebook (written at test time next to the temporary notebook copy) defines a tiny inline
anywidget: a button whose click is handled in Python, which bumps a counter the page then redraws.
If this test fails, the problem is the harness (server, browser, Run All, clicks, kernel access),
not a widget.
"""

from __future__ import annotations

import json

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

COUNTER_CELLS = [
    "import anywidget\nimport traitlets",
    '''class Counter(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const root = document.createElement("div");
      root.className = "harness-counter";
      const button = document.createElement("button");
      button.className = "harness-inc";
      button.dataset.action = "increment";
      button.textContent = "+1";
      const value = document.createElement("span");
      value.className = "harness-value";
      const draw = () => {
        value.textContent = String(model.get("value"));
        root.dataset.version = String(model.get("value"));
      };
      // The click only asks Python; the new value comes back as a synced trait.
      button.addEventListener("click", () => model.send({ type: "increment" }));
      model.on("change:value", draw);
      draw();
      root.append(button, value);
      el.append(root);
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def _on_message(self, widget, content, buffers):
        if content.get("type") == "increment":
            self.value += 1''',
    "counter = Counter(value=40)\ncounter",
    'print("cells ran")',
]

CLICKS = 10


def scratch_notebook(cells: list[str]) -> dict:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell-{i}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_harness_runs_clicks_and_reaches_the_kernel(lab_server, lab_page, browser_report):
    page, watch = lab_page
    folder = lab_server.root / "_harness"
    folder.mkdir(exist_ok=True)
    (folder / "counter.ipynb").write_text(json.dumps(scratch_notebook(COUNTER_CELLS)))

    bs.open_notebook(page, lab_server, "_harness/counter.ipynb")
    cells = bs.run_all_cells(page)
    assert [bs._has_count(c["prompt"]) for c in cells] == [True] * len(COUNTER_CELLS)
    page.get_by_text("cells ran").first.wait_for()

    root = page.locator(".harness-counter")
    root.wait_for()
    assert root.count() == 1
    assert page.locator(".harness-value").inner_text() == "40"

    reply = bs.kernel_execute(page, "print(counter.value)")
    assert reply.path == "_harness/counter.ipynb"
    assert reply.kernel_id == lab_server.kernel_id_for("_harness/counter.ipynb")
    assert reply.stdout.strip() == "40"

    bs.install_redraw_timer(page, ".harness-counter")
    samples = [bs.timed_click(page, page.locator(".harness-inc")) for _ in range(CLICKS)]

    # Each click made exactly one step, in order, and the DOM shows it.
    assert [(s["from"], s["to"]) for s in samples] == [
        (str(40 + i), str(41 + i)) for i in range(CLICKS)
    ]
    assert page.locator(".harness-value").inner_text() == str(40 + CLICKS)
    # The kernel holds the value the page shows: the clicks went through Python.
    assert bs.kernel_execute(page, "print(counter.value)").stdout.strip() == str(40 + CLICKS)
    # And a change made in Python reaches the page.
    bs.kernel_execute(page, "counter.value = 7")
    page.wait_for_function("() => document.querySelector('.harness-value').textContent === '7'")

    errors = watch.errors()
    browser_report(
        bs.timing_report("harness counter widget", samples)
        + [f"harness page messages: {line}" for line in watch.summary()]
    )
    assert errors == [], "JavaScript errors in the page:\n" + "\n".join(errors)
