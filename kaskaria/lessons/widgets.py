"""The small widgets of a lesson: predict, reveal, answer, tally and a slider with a picture.

Each is an anywidget drawn by ``widgets/lessons.js`` from plain data; every word comes from Python
(English or German). Each also shows a static picture (``text/html``) where no kernel runs (GitHub,
nbviewer, a notebook opened without its widget state), and a short stable text for nbval. Typed
answers get kind words, never a traceback; answers are kept inside the widget, never in a variable
a pupil reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

import anywidget
import traitlets

from ..i18n import text as _t
from ..present import cells_aligned
from ..widgets._static import static_text
from .answers import Verdict

__all__ = [
    "THEN_ITEM",
    "AnswerBox",
    "ImageSlider",
    "LessonWidget",
    "Predict",
    "Reveal",
    "Tally",
    "then_html",
]


class LessonWidget(anywidget.AnyWidget):
    """Base: ``spec`` (what to draw) and ``state`` (what changed), a stable repr and a static
    picture."""

    _esm = static_text("lessons.js")
    _css = static_text("lessons.css")
    spec = traitlets.Dict().tag(sync=True)
    state = traitlets.Dict().tag(sync=True)

    def __init__(self, spec: dict[str, Any], state: dict[str, Any] | None = None) -> None:
        super().__init__(spec=spec, state=state or {})
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            try:
                self.handle(content)
            except (TypeError, ValueError):  # pragma: no cover - handlers never raise
                return

    def handle(self, content: dict[str, Any]) -> None:  # pragma: no cover - per kind
        pass

    def static_html(self) -> str:  # pragma: no cover - per kind
        return ""

    def static_text(self) -> str:
        """What the widget says where only text is shown (and what nbval compares)."""
        return f"<{type(self).__name__} {self.spec.get('id', '')}>"

    def __repr__(self) -> str:
        return self.static_text()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/html"] = cells_aligned(self.static_html())
        return bundle


def _box(kind: str, inner: str) -> str:
    return (
        f'<div class="kaskaria-lesson kaskaria-lesson-{kind}" style="font-family:sans-serif;'
        f"font-size:16px;border:2px solid #c9c3b3;border-radius:10px;padding:10px 14px;"
        f'margin:6px 0;background:#faf8f2;max-width:820px">{inner}</div>'
    )


class Predict(LessonWidget):
    """A vote or a guess, asked before a reveal: buttons (a choice) or a number box."""

    def __init__(
        self,
        qid: str,
        prompt: str,
        choices: list[tuple[str, str]] | None,
        lang: str,
        unit: str = "",
    ) -> None:
        spec = {
            "kind": "predict",
            "id": qid,
            "prompt": prompt,
            "choices": [{"value": v, "label": label} for v, label in (choices or [])],
            "unit": unit,
            "words": {
                "title": _t("core", "lesson.predict", lang),
                "lock": _t("core", "lesson.lock", lang),
                "yours": _t("core", "lesson.your_guess", lang),
                "placeholder": _t("core", "lesson.type_guess", lang),
            },
        }
        self._labels = {v: label for v, label in (choices or [])}
        super().__init__(spec, {"guess": None})

    @property
    def guess(self) -> str | None:
        return self.state.get("guess")

    def choose(self, value: str) -> None:
        """What a click does: record the guess (Python method behind the buttons)."""
        self.handle({"type": "guess", "value": value})

    def handle(self, content: dict[str, Any]) -> None:
        if content.get("type") != "guess":
            return
        value = content.get("value")
        if not isinstance(value, str) or len(value) > 60:
            return
        if self._labels and value not in self._labels:
            return
        self.state = {"guess": value.strip()}

    def label_of(self, value: str | None) -> str | None:
        if value is None:
            return None
        return self._labels.get(value, value)

    def static_text(self) -> str:
        s = self.spec
        options = "  ".join(f"[{c['label']}]" for c in s["choices"]) or "[ ... ]"
        return f"{s['words']['title']} {s['prompt']}\n{options}"

    def static_html(self) -> str:
        s = self.spec
        options = (
            "".join(
                f'<span style="display:inline-block;border:1px solid #888;border-radius:6px;'
                f'padding:2px 10px;margin:2px">{escape(c["label"])}</span>'
                for c in s["choices"]
            )
            or '<span style="border:1px solid #888;padding:2px 40px">&nbsp;</span>'
        )
        return _box(
            "predict",
            f"<b>{escape(s['words']['title'])}</b> {escape(s['prompt'])}<br>{options}",
        )


class Reveal(LessonWidget):
    """The answer, behind a button pressed after predicting; it compares the class's guess.

    ``then`` is what the reveal draws below the explanation once pressed: the evidence of the
    answer (a table, a chart, a story) as HTML (:func:`then_html`). It reaches the browser only
    with the pressed state; the stored output (what nbval compares and a class sees after Run
    All) keeps it inside the closed ``<details>``, and its plain text is the button alone."""

    def __init__(
        self,
        qid: str,
        prediction: Predict | None,
        answer_label: str,
        explain: str,
        right: str,
        lang: str,
        then: str = "",
        *,
        answer_box: AnswerBox | None = None,
        answered: bool = False,
    ) -> None:
        self._prediction = prediction
        self._answer_box = answer_box
        self._right = right
        self._answer_label = answer_label
        self._lang = lang
        self._then = then
        spec = {
            "kind": "reveal",
            "id": qid,
            "words": {
                "show": _t("core", "lesson.show_answer", lang),
                # a prediction's answer is opened after predicting; an exercise's, an exit
                # ticket's or a your-turn task's after answering
                "summary": _t(
                    "core",
                    "lesson.answer_summary_answered" if answered else "lesson.answer_summary",
                    lang,
                ),
            },
            "explain": explain,
            "answer": answer_label,
        }
        super().__init__(spec, {"shown": False, "verdict": ""})

    def show(self) -> None:
        """What the button does: show the answer and how the guess did."""
        self.handle({"type": "reveal"})

    def handle(self, content: dict[str, Any]) -> None:
        if content.get("type") != "reveal":
            return
        lang = self._lang
        guess = self._prediction.guess if self._prediction is not None else None
        box = self._answer_box
        if guess is None and box is not None and box.state.get("kind"):
            verdict = ""  # an exercise's reveal: the answer box has already marked the answer
        elif guess is None:
            verdict = _t("core", "lesson.no_guess", lang)
        elif guess == self._right:
            verdict = _t("core", "lesson.guess_right", lang)
        else:
            shown = self._prediction.label_of(guess) if self._prediction else guess
            verdict = _t("core", "lesson.guess_other", lang, guess=shown)
        pressed: dict[str, Any] = {"shown": True, "verdict": verdict}
        if self._then:
            pressed["then"] = self._then  # the evidence reaches the browser only now
        self.state = pressed

    def static_text(self) -> str:
        return f"[{self.spec['words']['show']}]"

    def static_html(self) -> str:
        s = self.spec
        return _box(
            "reveal",
            f"<details><summary>{escape(s['words']['summary'])}</summary>"
            f"<p><b>{escape(s['answer'])}</b></p><p>{escape(s['explain'])}</p>{self._then}"
            "</details>",
        )


#: the class of each piece a reveal draws when pressed (:func:`then_html`): the walk counts one
#: look at a picture for each, the audit reads them as part of the reveal
THEN_ITEM = "kl-then-item"


def then_html(then: Any) -> str:
    """What a reveal draws when pressed, as HTML: each piece of ``then`` (one object, or a list or
    tuple of them, in order) by its static picture: a game table's board (the HTML it shows
    without a kernel), an output's HTML (``_repr_html_``), or a chart's PNG with the numbers
    behind it as its text. Each piece is a ``<div class="kl-then-item">``; nothing (``None``)
    gives ``""``."""
    if then is None:
        return ""
    pieces = list(then) if isinstance(then, (list, tuple)) else [then]
    return "".join(f'<div class="{THEN_ITEM}">{_piece_html(p)}</div>' for p in pieces)


def _piece_html(piece: Any) -> str:
    if isinstance(piece, (str, bytes)) or piece is None:
        raise TypeError(
            f"a reveal shows tables, charts and outputs, not {type(piece).__name__}: write the "
            "words in the question's explanation"
        )
    bundle = getattr(piece, "_repr_mimebundle_", None)
    if callable(bundle):
        data = bundle()
        data = data[0] if isinstance(data, tuple) else data
        if isinstance(data, dict) and isinstance(data.get("text/html"), str):
            return data["text/html"]
    html = getattr(piece, "_repr_html_", None)
    if callable(html):
        shown = html()
        if isinstance(shown, str):
            return shown
    png = getattr(piece, "_repr_png_", None)
    if callable(png):
        data = png()
        if isinstance(data, bytes):
            import base64

            picture = base64.b64encode(data).decode()
            return (
                f'<img alt="{escape(repr(piece))}" style="max-width:100%" '
                f'src="data:image/png;base64,{picture}">'
            )
    raise TypeError(
        f"a reveal cannot show a {type(piece).__name__}: it shows what has HTML or a PNG "
        "(a table, a chart, a lesson's output)"
    )


class AnswerBox(LessonWidget):
    """An exercise: the question, a box to type the answer (or the choices), Check and Hint.

    A number in an exercise may be tried again and again, each try marked by the rule of
    :mod:`kaskaria.lessons.answers`. A choice question and every exit ticket (``once``: its
    answer label and explanation) take one try: the first answer the box can read (one of the
    choices, or a number) is marked, then the box shows right or not and the explanation and
    takes no other (so a two-choice item cannot be guessed twice, nor a number guessed through
    with hints). An exit ticket (``exit``) is answered alone: it has no Hint button and no hint
    in any of its sentences. The answer and the explanation stay in Python until then: they
    reach the browser only in the state after the pupil has answered.

    An exit ticket written first on the paper slip (``paper``) says so above its question, and
    its one try shows only that the answer is in: right or not, the answer and the explanation
    reach the browser at a separate "Show the answer" press after it (the teacher's, once the
    slips are collected), so a box tried on a shared device gives nothing away to the slip.
    """

    def __init__(
        self,
        qid: str,
        prompt: str,
        checker: Callable[[Any], Verdict],
        hint: str,
        lang: str,
        choices: list[tuple[str, str]] | None = None,
        title_key: str = "lesson.exercise",
        *,
        once: tuple[str, str] | None = None,
        placeholder: str | None = None,
        exit: bool = False,
        paper: bool = False,
    ) -> None:
        self._checker = checker
        self._once = once
        self._exit = exit
        self._paper = exit and paper
        self._held: dict[str, Any] | None = None  # a paper exit ticket's marked try, not yet shown
        self._hint = hint
        self._lang = lang
        self._verdict: Verdict | None = None
        spec = {
            "kind": "answer",
            "id": qid,
            "prompt": prompt,
            "choices": [{"value": v, "label": label} for v, label in (choices or [])],
            "hint": "" if exit else hint,
            "once": once is not None,
            "exit": exit,
            "paper": self._paper,
            "words": {
                "title": _t("core", title_key, lang),
                "check": _t("core", "lesson.check", lang),
                "hint": _t("core", "lesson.hint", lang),
                "placeholder": placeholder or _t("core", "lesson.type_answer", lang),
                "why": _t("marking", "why", lang),
                "paper": _t("core", "lesson.exit_paper", lang) if self._paper else "",
                "show": _t("core", "lesson.show_answer", lang),
            },
        }
        super().__init__(spec, {"typed": "", "message": "", "kind": ""})

    @property
    def answered(self) -> bool:
        """Has the one try of a choice question or an exit ticket been used?"""
        return bool(self.state.get("done"))

    def check(self, typed: Any) -> Verdict:
        """Check an answer (what the Check button or a choice's button does); returns the verdict
        it shows: right, close (right, with the exact value), a named mistake, "did you mean
        ... %?", the opposite, almost, not yet, or unreadable. Once a choice question is
        answered, the first verdict stands."""
        if self.answered and self._verdict is not None:
            return self._verdict
        verdict = self._checker(typed)  # an empty box gets no hint, exit ticket or not
        if self._once is not None and verdict.slip and verdict.slip_message:
            # a slip keeps the one try and is told only its form: "write the number without the
            # % sign" would tell the pupil the number is right
            verdict = replace(verdict, message=verdict.slip_message)
        if isinstance(typed, str):
            shown = str.__str__(typed)
        elif isinstance(typed, (int, float)) and not isinstance(typed, bool) and abs(typed) < 1e15:
            shown = repr(float(typed) if isinstance(typed, float) else int(typed))
        else:
            shown = ""
        state: dict[str, Any] = {
            "typed": shown[:80],
            "message": verdict.message,
            "kind": verdict.kind,
        }
        if (
            self._once is not None
            and verdict.kind not in ("unreadable", "empty")
            and not verdict.slip
        ):
            # the one try: an answer the box cannot read, or a slip of form (a % sign where a
            # number or a fraction is asked: 4/9 %, 40% or 12% for 40 rolls), does not count
            answer, explain = self._once
            if not verdict.right:
                verdict = self._last_word(verdict, answer)
            state.update(message=verdict.message, kind=verdict.kind, done=True, explain=explain)
            self._verdict = verdict
            if self._paper:  # the verdict waits for its own press: see the class's docstring
                self._held = state
                state = {
                    "typed": state["typed"],
                    "message": _t("core", "lesson.exit_held", self._lang),
                    "kind": "held",
                    "done": True,
                }
        self.state = state
        return verdict

    def show_answer(self) -> None:
        """Show a paper exit ticket's marked try: right or not, the answer and the explanation
        (what its "Show the answer" button does; nothing before the one try)."""
        if self._held is not None:
            self.state = {**self._held, "shown": True}

    def mark(self, typed: Any) -> Verdict:
        """The verdict of the marking rule alone (what one try would say in an exercise), without
        using the box's one try: for the tools that type many inputs into one box."""
        return self._checker(typed)

    def _without_hint(self, message: str) -> str:
        """``message`` without the hint at its end (``Not yet. Hint: ...`` -> ``Not yet.``)."""
        hint = self._hint
        cut = message[: message.index(hint)] if hint and hint in message else message
        cut = cut.rstrip()
        label = _t("core", "lesson.hint", self._lang) + ":"
        return cut[: -len(label)].rstrip() if cut.endswith(label) else cut

    def _last_word(self, verdict: Verdict, answer: str) -> Verdict:
        """What the one try of a choice or an exit ticket says when it is not right: what the
        box found ("that is the chance for 2 dice", "a chance lies between 0 and 1") without a
        hint, then the answer; a plain "not yet" becomes "not this time: the answer is ..."."""
        lang = self._lang
        said = self._without_hint(verdict.message)
        plain = self._without_hint(_t("core", "lesson.wrong", lang, hint=self._hint))
        if verdict.kind == "wrong" and said in (plain, ""):
            return Verdict(False, _t("marking", "choice_wrong", lang, answer=answer), "wrong")
        then = _t("marking", "exit_answer", lang, answer=answer)
        if said == _t("marking", "complement", lang):  # no "read the question again" on one try
            said = _t("marking", "complement_once", lang)
        yet = _t("marking", "not_yet_opening", lang)
        if said.startswith(yet):  # no second try follows: "Not this time: ..."
            said = _t("marking", "exit_opening", lang) + said[len(yet) :]
        return Verdict(False, f"{said} {then}", verdict.kind)

    def handle(self, content: dict[str, Any]) -> None:
        if content.get("type") == "check":
            typed = content.get("typed")
            self.check(typed if isinstance(typed, str) else "")
        elif content.get("type") == "show":
            self.show_answer()
        elif content.get("type") == "hint" and not self.answered and not self._exit:
            self.state = {**self.state, "message": self.spec["hint"], "kind": "hint"}

    def static_text(self) -> str:
        s = self.spec
        choices = " / ".join(c["label"] for c in s["choices"])
        return (
            f"{s['words']['title']} {s['prompt']}"
            + (f"\n({choices})" if choices else "")
            + "\n[ ... ]"
        )

    def static_html(self) -> str:
        s = self.spec
        choices = " / ".join(escape(c["label"]) for c in s["choices"])
        return _box(
            "answer",
            f"<b>{escape(s['words']['title'])}</b> {escape(s['prompt'])}"
            + (f"<br><i>{choices}</i>" if choices else "")
            + '<br><span style="display:inline-block;border:1px solid #888;width:12em">&nbsp;</span>',
        )


class Tally(LessonWidget):
    """The class's own counts: each group types its rolls and fails; the pooled share is set
    against the exact chance (and scenario codes can be pasted: only fair ones count). The table
    starts with ``rows`` rows and grows by one whenever its last row is typed into, up to
    :attr:`MOST`; what was typed stays in the state (``typed``), so pooling keeps every row."""

    #: the most rows the table grows to, and the most rows pooled
    MOST = 40

    def __init__(
        self,
        qid: str,
        words: dict[str, str],
        pool: Callable[[list[dict[str, Any]]], dict[str, Any]],
        rows: int = 8,
    ) -> None:
        self._pool = pool
        rows = max(1, min(rows, self.MOST))
        spec = {"kind": "tally", "id": qid, "rows": rows, "most": self.MOST, "words": words}
        super().__init__(spec, {**pool([]), "typed": []})

    def enter(self, rows: list[dict[str, Any]]) -> dict[str, Any]:
        """What the Pool button does: ``rows`` of ``{"rolls": n, "fails": k}`` (or ``{"code":
        "KAS1-..."}``) from the groups; returns the pooled summary it shows."""
        rows = rows[: self.MOST]
        typed = [
            {
                k: "" if row.get(k) is None else str(row.get(k))[:60_000]
                for k in ("rolls", "fails", "code")
            }
            if isinstance(row, dict)
            else {}
            for row in rows
        ]
        while typed and not any(typed[-1].values()):
            typed.pop()
        self.state = {**self._pool(rows), "typed": typed}
        return self.state

    def handle(self, content: dict[str, Any]) -> None:
        if content.get("type") == "pool" and isinstance(content.get("rows"), list):
            self.enter(content["rows"])

    def static_text(self) -> str:
        return f"{self.spec['words']['title']}\n{self.state.get('summary', '')}"

    def static_html(self) -> str:
        s = self.spec
        w = s["words"]
        head = f"<tr><th>{escape(w['group'])}</th><th>{escape(w['rolls'])}</th><th>{escape(w['fails'])}</th></tr>"
        rows = "".join(f"<tr><td>{i + 1}</td><td></td><td></td></tr>" for i in range(s["rows"]))
        return _box(
            "tally",
            f"<b>{escape(w['title'])}</b><br><table border=1 style='border-collapse:collapse'>{head}{rows}</table>"
            f"<p>{escape(self.state.get('summary', ''))}</p>",
        )


class ImageSlider(LessonWidget):
    """A slider whose every stop shows a picture (a chart drawn in Python) and a caption."""

    def __init__(
        self,
        qid: str,
        label: str,
        stops: list[tuple[str, Callable[[], tuple[str, str]]]],
        start: int = 0,
    ) -> None:
        self._stops = stops
        spec = {"kind": "slider", "id": qid, "label": label, "stops": [name for name, _ in stops]}
        super().__init__(spec, self._render(start))

    def _render(self, index: int) -> dict[str, Any]:
        png, caption = self._stops[index][1]()
        return {"index": index, "png": png, "caption": caption}

    def move(self, index: int) -> None:
        """What moving the slider does."""
        if index.__class__ is int and 0 <= index < len(self._stops):
            self.state = self._render(index)

    def handle(self, content: dict[str, Any]) -> None:
        if content.get("type") == "move":
            self.move(content.get("index"))  # type: ignore[arg-type]

    def static_text(self) -> str:
        st = self.state
        return f"{self.spec['label']}: {self.spec['stops'][st['index']]}\n{st['caption']}"

    def static_html(self) -> str:
        st = self.state
        return _box(
            "slider",
            f"<b>{escape(self.spec['label'])}</b>: {escape(self.spec['stops'][st['index']])}<br>"
            f'<img alt="{escape(st["caption"])}" style="max-width:100%" src="data:image/png;base64,{st["png"]}">'
            f"<pre>{escape(st['caption'])}</pre>",
        )
