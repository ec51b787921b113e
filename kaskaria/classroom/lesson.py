"""A lesson with the class: predictions on the pupils' devices and the class tally, live.

``join_class(L)`` in a lesson notebook (``L`` its :class:`kaskaria.lessons.Lesson`): when a class
server runs on this computer, it shows the class board on the projector, and from then on each
``L.predict(...)`` with answers to choose from is also asked on every pupil's device, and each
``L.reveal(...)`` shows the class's votes there (the answer stays behind the notebook's reveal
button); each ``L.exercise(...)`` and ``L.exit_ticket(...)`` also opens an answer box on every
pupil's device, marked by the lesson's own rule, and the teacher's page shows per pupil who
answered and whether right, nearly or not yet (``C.close(qid)`` or the page's button closes it). ``C.tally(db.tally())`` shows the class tally live (every roll of every Dragon Battle table
and the counts typed from real dice). When no class server runs (and always on Binder), it says
so in a sentence and the lesson keeps its own votes and its typed tally, unchanged.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..i18n import text as _t
from . import messages as _messages  # noqa: F401  (registers the words)

__all__ = ["ClassLink", "join_class"]


class ClassLink:
    """What :func:`join_class` gives a lesson: the class board, or a note that there is none."""

    def __init__(self, lesson: Any, board: Any | None) -> None:
        self.lesson = lesson
        self.board = board
        self.polls: dict[str, int] = {}
        lang = getattr(lesson, "lang", "en")
        self.lang = lang if lang in ("en", "de") else "en"

    @property
    def live(self) -> bool:
        """Is a class server taking part?"""
        return self.board is not None

    def _note(self) -> str:
        return _t("classroom", "lesson_alone", self.lang)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        if self.board is not None:
            bundle = self.board._repr_mimebundle_(**kwargs)
            return dict(bundle[0] if isinstance(bundle, tuple) else bundle)
        note = self._note()
        return {"text/plain": note, "text/html": f"<p><i>{escape(note)}</i></p>"}

    def __repr__(self) -> str:
        return self._note() if self.board is None else repr(self.board)

    def tally(self, typed: Any) -> Any:
        """The class tally on the board when a class server runs, else ``typed`` (the lesson's
        own table for typed counts)."""
        if self.board is None:
            return typed
        from .board import ClassBoard

        return ClassBoard(self.board.url, self.board.key, self.lang, part="tally")

    # -- the lesson's predictions on the devices -------------------------------------------------
    # (each takes what the lesson's own method takes and hands it on: a reveal's ``then=``, the
    # evidence drawn with the answer, broke every lesson's reveal while a class server ran)
    def _predict(self, qid: str, *args: Any, **kwargs: Any) -> Any:
        widget = self._lesson_predict(qid, *args, **kwargs)
        if self.board is not None:
            q = self.lesson.plan.question(qid)
            if q.kind == "choice":
                labels = [c.label[self.lang][:60] for c in q.choices][:6]
                self.polls[qid] = self.board.ask(q.prompt[self.lang][:200], labels)
        return widget

    def _reveal(self, qid: str, *args: Any, **kwargs: Any) -> Any:
        shown = self._lesson_reveal(qid, *args, **kwargs)
        if self.board is not None and qid in self.polls:
            self.board.reveal(poll=self.polls[qid])
        return shown

    # -- the lesson's exercises and exit ticket on the devices ------------------------------------
    def _asked(self, qid: str) -> None:
        spec = getattr(self.lesson, "answer_spec", None)
        if self.board is not None and spec is not None:
            try:
                self.board.open_question(spec(qid))
            except (OSError, ValueError):
                pass  # the class server went away or refused: the notebook's box still marks

    def _exercise(self, qid: str, *args: Any, **kwargs: Any) -> Any:
        widget = self._lesson_exercise(qid, *args, **kwargs)
        self._asked(qid)
        return widget

    def _exit_ticket(self, qid: str, *args: Any, **kwargs: Any) -> Any:
        widget = self._lesson_exit_ticket(qid, *args, **kwargs)
        self._asked(qid)
        return widget

    def close(self, qid: str) -> None:
        """No more answers to question ``qid`` on the devices: each pupil sees their verdict
        (the teacher's page has a button for it too)."""
        if self.board is not None:
            self.board.close_question(qid)

    def attach(self) -> ClassLink:
        """Route the lesson's predictions, exercises and exit ticket through the class (only
        when a server runs)."""
        if self.board is not None:
            self._lesson_predict = self.lesson.predict
            self._lesson_reveal = self.lesson.reveal
            self.lesson.predict = self._predict
            self.lesson.reveal = self._reveal
            self._lesson_exercise = self.lesson.exercise
            self._lesson_exit_ticket = self.lesson.exit_ticket
            self.lesson.exercise = self._exercise
            self.lesson.exit_ticket = self._exit_ticket
        return self


def join_class(lesson: Any, lang: str | None = None) -> ClassLink:
    """The class server's board for ``lesson`` when one runs on this computer, else a link that
    keeps the lesson as it is (see the module's text)."""
    from .board import find_server

    found = find_server()
    board = None
    if found is not None:
        from .board import ClassBoard

        board = ClassBoard(found["url"], found["key"], str(lang or getattr(lesson, "lang", "en")))
    return ClassLink(lesson, board).attach()
