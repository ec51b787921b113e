"""The worksheets and answer keys printed to A4 PDFs in a real Chromium (the browser a teacher
prints from): a worksheet is exactly three pages, one per part handed out (part one, the
predictions, on the first; part two, for the lesson's page-2 moment, on the second; the exit ticket
alone on the third), an answer key has the pages its content needs, and no text is cut off. The PDFs are saved to test-artifacts/worksheets/.

Pages are counted from the PDF's page objects (``/Type /Page``); the printed height is measured in
the page itself, laid out at the printable width of A4 with the print styles on, and compared with
the height one printed page holds.
"""

from __future__ import annotations

import math
import re

import browser_support as bs
import pytest

from kaskaria.lessons.worksheets import PAGE, names

pytestmark = pytest.mark.browser

SHEETS = bs.REPO / "docs" / "worksheets"
NAMES = names()
PX_PER_MM = 96 / 25.4
#: the printable area of one A4 page, in CSS pixels
WIDTH_PX = (PAGE["width"] - PAGE["left"] - PAGE["right"]) * PX_PER_MM
HEIGHT_PX = (PAGE["height"] - PAGE["top"] - PAGE["bottom"]) * PX_PER_MM
MAX_KEY_PAGES = 3

_MEASURE_JS = """
() => {
  const doc = document.documentElement;
  const overflowing = [...document.body.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 0.5)
    .map((el) => el.tagName + ': ' + (el.textContent || '').trim().slice(0, 40));
  return {
    height: document.body.scrollHeight,
    width: doc.scrollWidth,
    viewport: doc.clientWidth,
    overflowing,
    last: (document.body.lastElementChild?.textContent || '').trim(),
    parts: [...document.querySelectorAll('.part-one, .part-two, .part-three, .part-four')].map(
      (el) => el.getBoundingClientRect().height),
  };
}
"""


def pdf_pages(pdf: bytes) -> int:
    """The number of pages: page objects, not the /Pages tree node."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_pages_are_counted_from_page_objects():
    fake = (
        b"<< /Type /Pages /Kids [1 0 R 2 0 R] >> << /Type /Page >> << /Type/Page /Parent 3 0 R >>"
    )
    assert pdf_pages(fake) == 2


@pytest.mark.parametrize("name", NAMES)
def test_a_sheet_prints_on_its_pages(browser, browser_report, name):
    path = SHEETS / name
    assert path.is_file(), f"docs/worksheets/{name} is missing (make worksheets)"
    page = browser.context.new_page()
    watch = bs.PageWatch().attach(page)
    try:
        page.set_viewport_size({"width": math.floor(WIDTH_PX), "height": 400})
        page.goto(path.resolve().as_uri())
        page.emulate_media(media="print")
        shown = page.evaluate(_MEASURE_JS)
        pdf = page.pdf(format="A4", print_background=True)
    finally:
        page.close()
    out = bs.artifact_path(f"worksheets/{path.stem}.pdf")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pdf)
    pages = pdf_pages(pdf)
    needed = math.ceil(shown["height"] / HEIGHT_PX)
    browser_report(
        [
            f"{name}: {pages} page(s); printed height {shown['height']} px "
            f"= {shown['height'] / HEIGHT_PX:.2f} A4 pages of {HEIGHT_PX:.0f} px"
        ]
    )

    assert pdf.startswith(b"%PDF") and pages >= 1
    assert shown["width"] <= shown["viewport"], f"{name} is wider than A4: {shown}"
    assert shown["overflowing"] == [], f"{name}: cut off at the right edge: {shown['overflowing']}"
    assert watch.errors() == [] and watch.failed_requests == [], watch.summary()
    if ".answers." in name:
        # every part of the key is printed: the PDF has at least the pages its height needs (and
        # at most one more, where a question moved whole to the next page)
        assert needed <= pages <= needed + 1, (name, pages, shown["height"])
        assert pages <= MAX_KEY_PAGES, f"{name} grew to {pages} pages"
    else:
        # part one on the first page (handed out at the start), part two on the second, the exit
        # ticket alone on the third (handed out at the end and collected), and an exit ticket
        # set as homework alone on a fourth (it goes home)
        parts = ("part one", "part two", "exit ticket", "homework")
        homework = 'class="part-four"' in path.read_text(encoding="utf-8")
        assert len(shown["parts"]) == (4 if homework else 3), shown["parts"]
        for which, height in zip(parts, shown["parts"], strict=False):
            assert height <= HEIGHT_PX, (
                f"{name}: {which} needs {height} px, one A4 page holds {HEIGHT_PX:.0f} px"
            )
        assert pages == len(shown["parts"]), f"{name} printed on {pages} pages"


_SIZES_JS = """
() => {
  const px = (sel) => document.querySelector(sel).getBoundingClientRect().height;
  return {
    lines: px('#ex1 .lines'),
    line: px('#ex1 .lines div'),
    box: px('#ex2 .work'),
    note: getComputedStyle(document.querySelector('#ex1 .note')).whiteSpace,
    parts: [px('.part-one'), px('.part-two'), px('.part-three')],
  };
}
"""


def test_working_space_prints_at_the_size_the_plan_gives(browser, tmp_path):
    """A made-up lesson with ruled lines, a box and a note (tests/lesson_support.py): the room
    has the height its plan asks for, and each part of the sheet fits its own page."""
    from lesson_support import PLAN

    from kaskaria.lessons.worksheets import worksheet

    path = tmp_path / "toy.en.html"
    path.write_text(worksheet(PLAN, "en"), encoding="utf-8")
    page = browser.context.new_page()
    watch = bs.PageWatch().attach(page)
    try:
        page.set_viewport_size({"width": math.floor(WIDTH_PX), "height": 400})
        page.goto(path.as_uri())
        page.emulate_media(media="print")
        sizes = page.evaluate(_SIZES_JS)
        pdf = page.pdf(format="A4", print_background=True)
    finally:
        page.close()
    assert sizes["line"] == pytest.approx(7 * PX_PER_MM, abs=1)
    assert sizes["lines"] == pytest.approx(3 * 7 * PX_PER_MM, abs=2)
    assert sizes["box"] == pytest.approx(30 * PX_PER_MM, abs=1)
    assert sizes["note"] == "pre-line"
    assert max(sizes["parts"]) <= HEIGHT_PX and pdf_pages(pdf) == 3
    assert watch.errors() == [] and watch.failed_requests == [], watch.summary()
