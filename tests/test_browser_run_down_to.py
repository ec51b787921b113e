"""Lesson 05's pairs run the notebook down to "What we found" only, as its first cell tells them,
in a real JupyterLab: the first cell's link jumps to that heading, a click selects it, and
Run ▸ Run All Above Selected Cell runs every code cell above it (the tables, the votes, both
exercises) and none below, so the exit-ticket boxes stay unrun and have no "Show the answer"
button on the pairs' devices. Run ▸ Run Selected Cell and All Below from the Extensions heading
runs the extensions and still leaves the exit ticket unrun."""

from __future__ import annotations

import browser_support as bs
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "05-dragons-gold-rules.ipynb"

#: each code cell's source and execution count, from the notebook's models
_COUNTS_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return panel.content.widgets
    .filter((w) => w.model.type === 'code')
    .map((w) => ({
      source: w.model.sharedModel.getSource().trim(),
      count: w.model.executionCount,
      outputs: w.model.outputs.length,
    }));
}
"""

#: whether the last code cell whose source is `code` has run (its source whole, not a part: the
#: cell `dg.scores(finished)` comes before `dg.scores(finished, advanced=True)`, and waiting for
#: the first then read the counts while the later cells still ran)
_DONE_JS = """
(code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cell = panel.content.widgets.findLast((w) => w.model.sharedModel.getSource().trim() === code);
  return cell && cell.model.executionCount !== null && cell.model.executionState !== 'running';
}
"""


def _heading(page, anchor: str):
    """The Markdown cell whose heading holds `<a id=anchor>` (JupyterLab renders the id as
    data-jupyter-id, and a link to #anchor scrolls to it)."""
    selector = f'.jp-NotebookPanel .jp-MarkdownCell:has(a[data-jupyter-id="{anchor}"])'
    return page.locator(selector).first


def _run(page, anchor: str, item: str, last: str) -> list[dict]:
    """Run `item` of the Run menu from the heading `anchor`, and wait until the cell `last`
    (the last one the command runs) has run."""
    _heading(page, anchor).click()
    bs.menu_command(page, "Run", item)
    page.wait_for_function(_DONE_JS, arg=last, timeout=120_000)
    bs.wait_kernel_ready(page)
    return page.evaluate(_COUNTS_JS)


def test_pairs_run_down_to_what_we_found_and_the_exit_ticket_stays_unrun(lab_server, lab_page):
    page, _ = lab_page
    bs.open_notebook(page, lab_server, NOTEBOOK)
    bs.menu_command(page, "Edit", "Clear Outputs of All Cells")  # the stored outputs carry counts
    page.locator('.jp-NotebookPanel .jp-RenderedMarkdown a[href="#found"]').first.click()
    heading = _heading(page, "found")
    heading.wait_for(state="visible")
    box, view = heading.bounding_box(), page.viewport_size
    assert box and view and 0 <= box["y"] < view["height"], (box, view)  # the link jumped there

    cells = _run(page, "found", "Run All Above Selected Cell", 'L.exercise("ex2")')
    exit_at = min(i for i, c in enumerate(cells) if "L.exit_ticket(" in c["source"])
    assert all(c["count"] is not None for c in cells[:exit_at]), cells[:exit_at]
    # below: no count and no output, so no box takes an answer or has a "Show the answer"
    assert all(c["count"] is None and not c["outputs"] for c in cells[exit_at:]), cells[exit_at:]

    cells = _run(page, "extensions", "Run Selected Cell and All Below", "L.timing()")
    tickets = [c for c in cells if "L.exit_ticket(" in c["source"]]
    assert len(tickets) == 2 and all(c["count"] is None and not c["outputs"] for c in tickets)
    after = cells[max(i for i, c in enumerate(cells) if "L.exit_ticket(" in c["source"]) + 1 :]
    assert all(c["count"] is not None for c in after), after


_EXIT_OUTPUTS_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return panel.content.widgets
    .filter((w) => w.model.type === 'code')
    .filter((w) => w.model.sharedModel.getSource().includes('L.exit_ticket('))
    .map((w) => {
      const area = w.node.querySelector('.jp-OutputArea');
      return {
        outputs: w.model.outputs.length,
        text: area ? area.innerText : '',
        controls: area ? area.querySelectorAll('button, input, textarea, select').length : 0,
      };
    });
}
"""


def test_unrun_exit_ticket_cells_show_nothing_on_the_pairs_devices(lab_server, lab_page):
    """The pupil notebook keeps the exit-ticket boxes' stored outputs (the lesson's checks read
    them) but no widget state: opened on a pair's device and never run there, those cells show
    no box, no "Show the answer" button and no error text, as the teacher edition says."""
    page, _ = lab_page
    bs.open_notebook(page, lab_server, NOTEBOOK)
    bs.wait_kernel_ready(page)
    page.wait_for_timeout(3000)  # the widget manager has looked for the boxes' models by now
    shown = page.evaluate(_EXIT_OUTPUTS_JS)
    assert len(shown) == 2 and all(s["outputs"] for s in shown), shown  # stored outputs are there
    for s in shown:
        assert s["controls"] == 0, shown
        assert "Error" not in s["text"] and "Show the answer" not in s["text"], shown
        assert not s["text"].strip(), shown
