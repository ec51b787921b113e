"""Screenshots of each table at 1280 x 800 for the README, and the one-screen figures.

    .venv/bin/python tools/table_screenshots.py            # docs/img/*.png and the figures
    .venv/bin/python tools/table_screenshots.py --figures  # only the figures (no files written)

The pictures are small palette PNGs (128 colours, the tables are flat drawings). Each table is
drawn by its real module and styles in Chromium (the Debian one on PATH), without
JupyterLab, at the moments the browser test ``tests/test_browser_one_screen.py`` measures. For each
moment, language and size the script prints how tall the page is and what a child would have to
scroll to (nothing, when the board, whose turn, what happened and every move fit on one screen).

Beside the pictures, docs/img/views.json keeps a hash of each picture's view (its words, pieces
and moves): tests/test_docs.py fails when a table's view is no longer the one its picture shows,
so the README's pictures cannot go stale silently. A change of the drawing alone (CSS) is not
caught: draw them again after one.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import browser_support as bs  # noqa: E402


def small_png(data: bytes, path: Path, colours: int = 128) -> None:
    """Save a screenshot as a small PNG: a palette of `colours` colours (the tables are flat
    drawings), no dithering, compressed; about a fifth of the full-colour file."""
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(data)).convert("RGB")
    small = image.quantize(
        colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    small.save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--figures", action="store_true", help="print the figures only")
    args = parser.parse_args()
    reason = bs.browser_unavailable_reason()
    if reason is not None:
        sys.exit(f"cannot draw the tables: {reason}")
    out = ROOT / "docs" / "img"
    wanted = {(moment, lang): name for name, moment, lang in bs.PICTURES}
    drawn: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        browser = bs.Browser(bs.find_chromium(), Path(tmp) / "profile")
        try:
            for lang in ("en", "de"):
                for moment, table in bs.one_screen_tables(lang).items():
                    page = bs.WidgetPage(browser, table)
                    try:
                        for size, (width, height) in bs.ONE_SCREEN_SIZES.items():
                            page.page.set_viewport_size({"width": width, "height": height})
                            page.page.wait_for_timeout(100)
                            m = page.page.evaluate(bs.ONE_SCREEN_JS)
                            missing = bs.off_screen(m) or "nothing"
                            print(
                                f"{moment} {lang} {size}: page {m['scrollHeight']} px tall, "
                                f"{len(m['moves'])} moves, {m['pieces']} clickable pieces; "
                                f"below the first screen: {missing}"
                            )
                            name = wanted.get((moment, lang))
                            if size == "1280x800" and name and not args.figures:
                                out.mkdir(parents=True, exist_ok=True)
                                small_png(page.page.screenshot(), out / name)
                                drawn[name] = bs.view_hash(table.view)
                    finally:
                        page.close()
        finally:
            browser.close()
    if drawn:
        # what each picture was drawn from: tests/test_docs.py finds a picture gone stale
        bs.PICTURE_VIEWS.write_text(json.dumps(drawn, indent=1, sort_keys=True) + "\n")
        print(f"{bs.PICTURE_VIEWS.relative_to(ROOT)}: the views the pictures show")


if __name__ == "__main__":
    main()
