"""The lesson's exercises and exit ticket on the pupils' devices: the teacher's notebook opens a
question (its spec: the lesson's words in English and German, the exact answer, the choices, the
named mistakes), each pupil types one answer on their device (a new one replaces it while the
question is open), the server marks it by the lessons' own rule (:mod:`kaskaria.marking`), and the
teacher sees per pupil who answered and whether right, near or not yet; the projector sees
counts only. Every change is written to the store first.

**Marks.** The marking's verdict (:class:`kaskaria.marking.answers.Verdict`) becomes one of three
marks the teacher reads at a glance: ``"right"`` (the marking's "right"), ``"near"`` (counted right
but rounded coarsely, or right as a percentage without its sign: "close", "percent"; or almost
right: "nearly") and ``"not_yet"`` (a named mistake, the opposite, wrong, unreadable). The pupil's
device shows the marking's own sentence, so the pupil's screen and the teacher's page agree.

**When a pupil sees the verdict.** A number exercise answers at once (any number of tries, as the
lesson's answer box does). A choice, and every exit ticket, keep the verdict until the teacher
closes the question: until then the device says the answer is in and may be changed (an exit
ticket tells the teacher who needs help tomorrow, so it is not marked while the class can still
try every answer).
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from ..i18n import text as _t
from ..marking.answers import (
    Verdict,
    check_choice,
    check_number,
    placeholder,
    question_terms,
)
from .polls import Refused
from .store import Store

__all__ = ["MARKS", "MAX_QUESTIONS", "Answers", "mark_of", "spec_of"]

#: The most questions one class keeps (a lesson asks about twenty).
MAX_QUESTIONS = 200
#: The marks the teacher reads, in order.
MARKS = ("right", "near", "not_yet")
_NEAR = ("close", "percent", "nearly")
#: closed questions a pupil's device still shows (with their verdict)
_SHOWN_CLOSED = 3


def mark_of(verdict: Verdict) -> str:
    """The teacher's mark of a verdict: "right", "near" or "not_yet"."""
    if verdict.kind == "right":
        return "right"
    if verdict.kind in _NEAR:
        return "near"
    return "not_yet"


def _words(words: Any) -> dict[str, str]:
    return {"en": str(words.en), "de": str(words.de)}


def spec_of(message: Any) -> dict[str, Any]:
    """A question's spec (plain JSON values) from the teacher's ``question_open`` message; refused
    with ``bad_question`` when its answer cannot be marked."""
    spec: dict[str, Any] = {
        "id": message.qid,
        "lesson": message.lesson,
        "kind": message.form,
        "exact": message.exact,
        "prompt": _words(message.prompt),
        "hint": _words(message.hint),
        "exit": bool(message.exit),
        "young": bool(message.young),
        "marking": message.marking,
        "choices": [
            {"value": c.value, "label": _words(c.label), "also": list(c.also)}
            for c in message.choices
        ],
        "mistakes": [
            {"value": m.value, "words": _words(m.words), "written": m.written}
            for m in message.mistakes
        ],
    }
    if not spec["prompt"]["en"].strip() or not spec["id"].strip():
        raise Refused("bad_question")
    try:
        if spec["kind"] == "number":
            Fraction(spec["exact"])
            for m in spec["mistakes"]:
                Fraction(m["value"])
        elif spec["exact"] not in {c["value"] for c in spec["choices"]}:
            raise Refused("bad_question")
    except (ValueError, ZeroDivisionError):
        raise Refused("bad_question") from None
    return spec


def _mark(spec: dict[str, Any], typed: str, lang: str) -> Verdict:
    """``typed`` marked against ``spec`` by the lessons' rule, in ``lang``."""
    hint = spec["hint"][lang]
    if spec["kind"] == "choice":
        accepted: dict[str, str] = {}
        for c in spec["choices"]:
            for word in (c["value"], c["label"]["en"], c["label"]["de"], *c["also"]):
                accepted[word.strip().lower()] = c["value"]
        labels = [c["label"][lang] for c in spec["choices"]]
        return check_choice(typed, spec["exact"], accepted, hint, lang, labels)
    # "10/40" as written; a sum the mistake writes, when it is one (a question kept from before
    # mistakes said so has none)
    named = [(str(m["value"]), m["words"][lang], m.get("written", "")) for m in spec["mistakes"]]
    # a question kept from before the lessons said how they are marked is marked by default
    estimate = {"exact": False, "estimate": True}.get(spec.get("marking", ""))
    terms = question_terms(*spec["prompt"].values())
    exact = Fraction(spec["exact"])
    return check_number(typed, exact, hint, lang, named, spec["young"], estimate=estimate, **terms)


class Answers:
    """The class's questions by id (each with its answers by pupil's token)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: id -> {"spec", "state" ("open" or "closed"), "order", "answers": token -> answer}
        self.questions: dict[str, dict[str, Any]] = {}
        for qid, spec, state, order in store.questions():
            self.questions[qid] = {"spec": spec, "state": state, "order": order, "answers": {}}
        for qid, token, typed, lang in store.answers():
            if qid in self.questions:
                self._keep(qid, token, typed, lang)

    def _keep(self, qid: str, token: str, typed: str, lang: str) -> dict[str, Any]:
        spec = self.questions[qid]["spec"]
        verdict = _mark(spec, typed, lang)
        answer = {
            "typed": typed,
            "lang": lang,
            "mark": mark_of(verdict),
            "kind": verdict.kind,
            "said": verdict.message,
        }
        self.questions[qid]["answers"][token] = answer
        return answer

    # -- the teacher's -------------------------------------------------------------------------
    def open(self, spec: dict[str, Any]) -> None:
        """Open a question on the devices (again: a changed spec marks the answers again)."""
        qid = spec["id"]
        known = self.questions.get(qid)
        if known is None and len(self.questions) >= MAX_QUESTIONS:
            raise Refused("too_many_questions")
        order = time.time()
        self.store.save_question(qid, spec, "open", order)
        if known is None:
            self.questions[qid] = {"spec": spec, "state": "open", "order": order, "answers": {}}
            return
        answers = known["answers"]
        known.update(spec=spec, state="open", order=order, answers={})
        for token, a in answers.items():
            self._keep(qid, token, a["typed"], a["lang"])

    def close(self, qid: str) -> None:
        """No more answers; each pupil's device shows their verdict."""
        question = self._question(qid)
        self.store.set_question_state(qid, "closed")
        question["state"] = "closed"

    def _question(self, qid: str) -> dict[str, Any]:
        question = self.questions.get(qid)
        if question is None:
            raise Refused("no_question")
        return question

    # -- a pupil's -----------------------------------------------------------------------------
    def answer(self, token: str, qid: str, typed: str, lang: str) -> dict[str, Any]:
        """The pupil's answer (it replaces their earlier one), marked."""
        question = self.questions.get(qid)
        if question is None or question["state"] != "open":
            raise Refused("no_question")
        typed = " ".join(typed.split())
        if not typed:
            raise Refused("answer_empty")
        self.store.save_answer(qid, token, typed, lang, time.time())
        return self._keep(qid, token, typed, lang)

    def new_token(self, old: str, new: str) -> None:
        for question in self.questions.values():
            if old in question["answers"]:
                question["answers"][new] = question["answers"].pop(old)

    def forget(self, token: str) -> None:
        for question in self.questions.values():
            question["answers"].pop(token, None)

    # -- what the screens show -----------------------------------------------------------------
    def _ordered(self) -> list[dict[str, Any]]:
        return sorted(self.questions.values(), key=lambda q: q["order"])

    def for_pupil(self, token: str | None, lang: str) -> list[dict[str, Any]]:
        """The questions a pupil's device shows: every open one, and the last closed ones they
        answered (with their verdict); never anyone else's answer."""
        shown = []
        closed = [
            q for q in self._ordered() if q["state"] == "closed" and (token or "") in q["answers"]
        ][-_SHOWN_CLOSED:]
        for q in self._ordered():
            if q["state"] != "open" and q not in closed:
                continue
            spec = q["spec"]
            mine = q["answers"].get(token or "")
            is_open = q["state"] == "open"
            at_once = spec["kind"] == "number" and not spec["exit"]
            said = None
            if mine is not None:
                said = mine["said"] if at_once or not is_open else _w("answer_in", lang)
            shown.append(
                {
                    "id": spec["id"],
                    "prompt": spec["prompt"][lang],
                    "exit": spec["exit"],
                    "open": is_open,
                    "choices": [
                        {"value": c["value"], "label": c["label"][lang]} for c in spec["choices"]
                    ]
                    if spec["kind"] == "choice"
                    else None,
                    "placeholder": placeholder(Fraction(spec["exact"]), lang, spec["young"])
                    if spec["kind"] == "number"
                    else "",
                    "mine": None if mine is None else mine["typed"],
                    "said": said,
                    "mark": None if mine is None or (is_open and not at_once) else mine["mark"],
                }
            )
        return shown

    def counts(self, q: dict[str, Any]) -> dict[str, int]:
        counts = dict.fromkeys(MARKS, 0)
        for a in q["answers"].values():
            counts[a["mark"]] += 1
        return {"answered": len(q["answers"]), **counts}

    def for_projector(self, lang: str, pupils: int) -> dict[str, Any]:
        """The projector's view: per question how many answered and how each was marked (no
        names, no answers)."""
        return {
            "questions": [
                {
                    "id": q["spec"]["id"],
                    "prompt": q["spec"]["prompt"][lang],
                    "exit": q["spec"]["exit"],
                    "state": q["state"],
                    "text": _w("answers_count", lang, pupils=pupils, **self.counts(q)),
                    **self.counts(q),
                }
                for q in self._ordered()
            ],
            "pupils": None,
            "words": {k: _w(k, lang) for k in _WORDS},
        }

    def for_teacher(self, lang: str, pupils: list[tuple[str, str, str]]) -> dict[str, Any]:
        """The teacher's view: the projector's counts, and per pupil (``pupils``: public id and
        token and nickname) their answer to each question and its mark."""
        shown = self.for_projector(lang, len(pupils))
        rows = []
        for pid, token, name in pupils:
            cells = {}
            for q in self.questions.values():
                a = q["answers"].get(token)
                if a is not None:
                    cells[q["spec"]["id"]] = {"typed": a["typed"], "mark": a["mark"]}
            rows.append({"id": pid, "name": name, "cells": cells, "help": _needs_help(cells)})
        shown["pupils"] = rows
        return shown

    def rows(self, pupils: dict[str, str]) -> list[list[Any]]:
        """The CSV's rows: per pupil per question, the answer typed and its mark."""
        out = []
        for q in self._ordered():
            spec = q["spec"]
            for token, name in pupils.items():
                a = q["answers"].get(token)
                out.append(
                    [
                        "answer",
                        name,
                        spec["lesson"],
                        spec["id"],
                        "exit ticket" if spec["exit"] else "exercise",
                        "" if a is None else a["typed"],
                        "not answered" if a is None else a["mark"].replace("_", " "),
                        "" if a is None else a["kind"],
                    ]
                )
        return out


def _needs_help(cells: dict[str, dict[str, Any]]) -> bool:
    return any(c["mark"] == "not_yet" for c in cells.values())


#: The words of the answers' part of the class board.
_WORDS = (
    "w_answers_title",
    "w_close_question",
    "w_needs_help",
    "w_mark_right",
    "w_mark_near",
    "w_mark_not_yet",
    "w_mark_none",
    "w_exit_ticket",
)


def _w(key: str, lang: str, **params: Any) -> str:
    return _t("classroom", key, lang, **params)
