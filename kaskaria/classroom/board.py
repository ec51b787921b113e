"""The class on the projector: :class:`ClassBoard`, a widget in the teacher's notebook.

It shows, live, who joined, each table as the table view sees it, the prediction open now (the
class's votes, then the reveal), how many answered each of the lesson's questions and how many
right (counts only: no pupil's name or answer reaches the projector) and the class tally growing
as the class plays. Its browser half
connects to the class server itself with the projector's key (it shows the class and changes
nothing; the teacher key stays in the kernel); its Python methods ask the server over HTTP with
the teacher key, so a lesson can open a prediction, reveal it, add counts typed from real dice and
read the tally exactly (``board.tally()``).

:func:`find_server` says whether a class server runs for this computer (the file ``kaskaria-class``
writes, or ``KASKARIA_CLASS_URL`` and ``KASKARIA_CLASS_KEY``): lessons use the board when one
does, and their typed tally when none does (on Binder, pupils cannot reach a teacher's server).
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .devices import board_key

__all__ = ["ClassBoard", "find_server"]

_HERE = Path(__file__).resolve().parent / "static"


def _announce_path() -> Path:
    env = os.environ.get("KASKARIA_CLASS_ANNOUNCE")
    return Path(env) if env else Path.home() / ".kaskaria" / "class-server.json"


def _get(url: str, key: str, timeout: float) -> Any:
    request = urllib.request.Request(url, headers={"X-Kaskaria-Key": key})
    with urllib.request.urlopen(request, timeout=timeout) as r:  # noqa: S310 (our own server)
        return json.loads(r.read().decode("utf-8"))


def find_server(timeout: float = 2.0) -> dict[str, str] | None:
    """``{"url": ..., "key": ..., "code": ...}`` of the class server running for this computer,
    or None (no server announced, or it does not answer within ``timeout`` seconds)."""
    url = os.environ.get("KASKARIA_CLASS_URL")
    key = os.environ.get("KASKARIA_CLASS_KEY")
    if not (url and key):
        try:
            found = json.loads(_announce_path().read_text(encoding="utf-8"))
            url, key = str(found["url"]), str(found["key"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
    if not url.endswith("/"):
        url += "/"
    if not url.startswith(("http://", "https://")):
        return None
    try:
        snap = _get(url + "api/class", key, timeout)
    except (OSError, ValueError, urllib.error.URLError):
        return None
    return {"url": url, "key": key, "code": str(snap.get("code", ""))}


class ClassBoard(anywidget.AnyWidget):
    """The class server's board for the projector: ``ClassBoard()`` finds the server running
    for this computer (or give ``url`` and ``key``). ``lang``: ``"en"`` or ``"de"``."""

    _esm = (
        (_HERE / "classboard.js").read_text(encoding="utf-8")
        + "\nexport default { render({ model, el }) { return renderClass(el, { url: "
        'model.get("browser_url") || model.get("url"), key: model.get("board_key"), code: model.get("code"), lang: '
        'model.get("lang"), part: model.get("part"), controls: false, projector: true }); } };\n'
    )
    _css = (_HERE / "class.css").read_text(encoding="utf-8")

    url = traitlets.Unicode("").tag(sync=True)
    #: the projector's key (:func:`~kaskaria.classroom.devices.board_key`): the browser half
    #: shows the class with it and can change nothing; the teacher key stays in the kernel
    #: (:attr:`key`), so neither the projector's page nor a notebook saved with its widgets holds it
    board_key = traitlets.Unicode("").tag(sync=True)
    code = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    #: what the board shows: ``"all"``, or only the class ``"tally"``
    part = traitlets.Unicode("all").tag(sync=True)
    #: the server's address as the teacher's browser reaches it, when that is not ``url`` (behind
    #: JupyterHub: the proxied address; the kernel keeps using ``url``)
    browser_url = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        url: str | None = None,
        key: str | None = None,
        lang: str = "en",
        part: str = "all",
        browser_url: str | None = None,
    ) -> None:
        if lang not in ("en", "de"):
            raise ValueError(f"lang is 'en' or 'de', got {str(lang)[:20]!r}")
        if part not in ("all", "tally"):
            raise ValueError(f"part is 'all' or 'tally', got {str(part)[:20]!r}")
        if url is None or key is None:
            found = find_server()
            if found is None:
                raise RuntimeError(
                    "no class server answers on this computer: start one with `make class` "
                    "(or `kaskaria-class`), or give ClassBoard(url=..., key=...)"
                )
            url, key = found["url"], found["key"]
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            raise ValueError(
                f"url is the class server's address (http://...), got {str(url)[:40]!r}"
            )
        if not isinstance(key, str) or not key:
            raise ValueError("key is the teacher key the class server printed")
        url = url if url.endswith("/") else url + "/"
        snap = _get(url + "api/class", key, 5)
        if browser_url is not None:
            if not isinstance(browser_url, str) or not browser_url.startswith(("http", "/")):
                raise ValueError(
                    f"browser_url is an address (http://... or /path/), got {str(browser_url)[:40]!r}"
                )
            browser_url = browser_url if browser_url.endswith("/") else browser_url + "/"
        super().__init__(
            url=url,
            board_key=board_key(key),
            code=str(snap["code"]),
            lang=lang,
            part=part,
            browser_url=browser_url or "",
        )
        #: the teacher key, for the board's commands from Python (never sent to the browser)
        self.key = key

    # -- what Python reads and does ------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything the board shows, now."""
        return dict(_get(f"{self.url}api/class?lang={self.lang}", self.key, 5))

    def _command(self, **message: Any) -> None:
        body = json.dumps(message).encode("utf-8")
        request = urllib.request.Request(
            self.url + "api/command",
            data=body,
            headers={"X-Kaskaria-Key": self.key, "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=5) as r:  # noqa: S310 (our own server)
            answer = json.loads(r.read().decode("utf-8"))
        if not answer.get("ok"):
            raise ValueError(" ".join(answer.get("errors", [])) or "the class server refused")

    def ask(self, question: str, options: list[str]) -> int:
        """Open a prediction: pupils vote on their devices; returns its number."""
        self._command(type="poll_open", question=question, options=list(options))
        return int(self.snapshot()["polls"][-1]["id"])

    def votes(self) -> list[int]:
        """How many pupils chose each answer of the latest prediction."""
        polls = self.snapshot()["polls"]
        return list(polls[-1]["counts"]) if polls else []

    def reveal(self, answer: int | None = None, poll: int | None = None) -> None:
        """Show the latest prediction's votes to everyone, and (if given) the right answer."""
        if poll is None:
            polls = self.snapshot()["polls"]
            if not polls:
                raise ValueError("no prediction has been opened yet")
            poll = int(polls[-1]["id"])
        message: dict[str, Any] = {"type": "poll_reveal", "poll": poll}
        if answer is not None:
            message["answer"] = answer
        self._command(**message)

    def open_question(self, spec: dict[str, Any]) -> None:
        """Open a lesson's exercise or exit-ticket question on the pupils' devices (``spec``:
        :meth:`kaskaria.lessons.Lesson.answer_spec`); each pupil's answer is marked by the
        lessons' rule."""
        self._command(type="question_open", **spec)

    def close_question(self, qid: str) -> None:
        """No more answers to question ``qid``: each pupil's device shows their verdict."""
        self._command(type="question_close", qid=qid)

    def answers(self) -> dict[str, Any]:
        """The answers as the teacher's page shows them: per question the counts, per pupil
        each answer typed and its mark ("right", "near" or "not_yet")."""
        return dict(self.snapshot()["answers"])

    def add_counts(self, rolls: int, fails: int, label: str = "") -> None:
        """Counts typed from real dice (two dice, the red dragon scared) join the tally."""
        self._command(type="tally_add", rolls=rolls, fails=fails, label=label)

    def tally(self) -> dict[str, Any]:
        """The class tally: rolls, failed rolls and the failures the exact chances expect
        (a Fraction), from every Dragon Battle table and the typed counts."""
        t = self.snapshot()["tally"]
        return {
            "rolls": int(t["rolls"]),
            "fails": int(t["fails"]),
            "expected": Fraction(t["expected_exact"]),
            "table_rolls": int(t["table_rolls"]),
            "typed_rolls": int(t["typed_rolls"]),
        }

    def __repr__(self) -> str:
        return f"<ClassBoard class {self.code} at {self.url}>"
