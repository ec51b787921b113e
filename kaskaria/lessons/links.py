"""Each lesson's own Binder link, and a QR code of it, for the teacher edition and the answer key.

The README's Binder badge opens ``notebooks/00-start-here.ipynb`` from :data:`BINDER`; a lesson's
link opens its own notebook from the same address (the German twin's from ``notebooks/de/``), so a
group opens the lesson itself with one tap or one scan instead of finding it in a file list.

>>> binder_link("05b-dragons-gold-deals.ipynb", "de")
'https://mybinder.org/v2/gh/kaskaria/kaskaria/HEAD?urlpath=lab/tree/notebooks/de/05b-dragons-gold-deals.ipynb'
"""

from __future__ import annotations

import base64
import io

from ..i18n import check_lang

__all__ = ["BINDER", "binder_link", "notebook_path", "qr_data_uri", "qr_svg"]

#: the repository on mybinder.org, as the README's badge opens it
BINDER = "https://mybinder.org/v2/gh/kaskaria/kaskaria/HEAD"


def notebook_path(notebook: str, lang: str) -> str:
    """The pupils' notebook of a lesson in ``lang``, from the repository's top
    (``notebooks/05b-....ipynb``, ``notebooks/de/05b-....ipynb``)."""
    check_lang(lang)
    return f"notebooks/{notebook}" if lang == "en" else f"notebooks/{lang}/{notebook}"


def binder_link(notebook: str, lang: str) -> str:
    """The Binder link that opens the pupils' notebook ``notebook`` in ``lang`` in JupyterLab."""
    return f"{BINDER}?urlpath=lab/tree/{notebook_path(notebook, lang)}"


def qr_svg(url: str, inline: bool = False) -> str | None:
    """A QR code of ``url`` as an SVG element (no XML declaration), or None without segno (the
    class server's QR library, installed with the notebooks): a picture of its own, with its
    namespace, width and height, or ``inline`` in an HTML page, with a viewBox only (sized by the
    page's style) and no namespace (HTML needs none)."""
    try:
        import segno
    except ImportError:  # pragma: no cover - segno comes with the notebooks' extra
        return None
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=3, border=2, xmldecl=False, omitsize=inline, svgns=not inline
    )
    return out.getvalue().decode("utf-8")


def qr_data_uri(url: str) -> str | None:
    """The QR code of ``url`` as a ``data:`` address for a Markdown picture, or None."""
    svg = qr_svg(url)
    if svg is None:
        return None
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
