"""A lesson's kernel speaks to pupils kindly: a SyntaxError, a NameError, ``sum`` of things that
are no numbers or a division by 0 in a lesson's cell shows one sentence in the pupil's language that
names the mistake (:func:`kaskaria.lessons.answers.explain_error`), with Python's own message folded
away under it, instead of Python's English traceback.

A :class:`~kaskaria.lessons.Lesson` made in an IPython kernel calls :func:`install`: it sets an
IPython custom exception handler on that kernel only (``shell.set_custom_exc``), in the language
of the lesson made last. It never replaces a handler something else installed, and any other
error (or one the sentences do not cover) still gets Python's own traceback. Outside IPython
(scripts, the tests of the checks) nothing is installed. The cell still fails, so "Run All" stops
there as before.

The your-turn check uses the kernel's namespace too (:func:`user_names`): when the variable still
holds ``...`` but the pupil's cell set a name much like it (``chanse``, ``Chance``), the check
says which name it reads. It judges the pupil's latest cell (:func:`last_assigned`: the names the
cell run last before the check sets), never a name left over from an earlier, corrected run.
When that cell stopped with an error (:func:`last_failed`, from IPython's ``post_run_cell`` event),
the variable may still hold a value from an earlier run: the check then says that the cell above
must run without an error first, names the mistake again as the cell's own sentence did
(:func:`last_error`), and judges nothing.
"""

from __future__ import annotations

import ast
import linecache
from collections.abc import Iterable
from html import escape
from typing import Any

from ..i18n import text as _t
from .answers import explain_error, other_name
from .messages_marking import EN  # noqa: F401  (registers the marking words)

__all__ = ["install", "last_assigned", "last_error", "last_failed", "shell", "user_names"]

#: the errors a lesson's cells explain in words (others show Python's traceback)
ERRORS = (SyntaxError, NameError, TypeError, ZeroDivisionError)
#: names of the kernel's own, never a pupil's
_KERNEL_NAMES = frozenset({"In", "Out", "exit", "quit", "get_ipython", "open"})

_STYLE = (
    "font-family:sans-serif;font-size:16px;border:2px solid #c9c3b3;border-radius:10px;"
    "padding:10px 14px;margin:6px 0;background:#fbe9e7;max-width:820px;"
    "border-left:5px solid #b3372f"
)


def shell() -> Any:
    """The running IPython shell, or None outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the notebooks' extra brings IPython
        return None
    return get_ipython()


def user_names(ip: Any = None) -> set[str]:
    """The names a pupil's cells set in the kernel (none outside IPython)."""
    ip = ip if ip is not None else shell()
    if ip is None:
        return set()
    try:
        names = list(ip.user_ns)
    except Exception:  # noqa: BLE001
        return set()
    return {n for n in names if isinstance(n, str) and not n.startswith("_")} - _KERNEL_NAMES


def last_assigned(ip: Any = None, skip: str = "check_code(") -> list[str] | None:
    """The names the pupil's latest cell sets: the cell run last (before the running one) that
    sets a name and does not call ``skip`` (the check itself, which may be run twice). None
    outside IPython or when the history cannot be read; empty when no such cell ran."""
    found = _latest_setting_cell(ip, skip)
    return None if found is None else found[1]


def last_source(ip: Any = None, skip: str = "check_code(") -> str | None:
    """The text of the pupil's latest cell, as :func:`last_assigned` finds it; None outside
    IPython, when the history cannot be read or when no such cell ran."""
    found = _latest_setting_cell(ip, skip)
    return found[0] if found is not None and found[1] else None


def _latest_setting_cell(ip: Any, skip: str) -> tuple[str, list[str]] | None:
    """The latest cell that sets a name and does not call ``skip``, with the names it sets:
    ``("", [])`` when no such cell ran, None outside IPython or when the history cannot be
    read."""
    ip = ip if ip is not None else shell()
    if ip is None:
        return None
    try:
        cells = list(ip.history_manager.input_hist_raw)
    except Exception:  # noqa: BLE001
        return None
    for source in reversed(cells[-50:]):
        if not isinstance(source, str) or skip in source:
            continue
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            continue
        names: list[str] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                if node.id not in names and not node.id.startswith("_"):
                    names.append(node.id)
        if names:
            return source, names
    return "", []


def _after_cell(result: Any) -> None:
    """IPython's ``post_run_cell`` event: remember whether the cell ran without an error (the
    check's own cell, which may be run twice, does not count)."""
    try:
        source = result.info.raw_cell
        ok = bool(result.success)
        ip = shell()
    except Exception:  # noqa: BLE001 - an odd result must not break the kernel
        return
    if ip is None or not isinstance(source, str):
        return
    said = getattr(ip, "_kaskaria_said", None)  # the sentence this cell's error got, if any
    ip._kaskaria_said = None
    if "check_code(" in source:
        return
    ip._kaskaria_last_ok = ok
    ip._kaskaria_last_error = None if ok else said


def watch(ip: Any = None) -> bool:
    """Remember after each cell whether it ran without an error (once per kernel). False
    outside IPython."""
    ip = ip if ip is not None else shell()
    events = getattr(ip, "events", None)
    if events is None:
        return False
    try:
        if _after_cell not in events.callbacks.get("post_run_cell", []):
            events.register("post_run_cell", _after_cell)
    except Exception:  # noqa: BLE001
        return False
    return True


def last_failed(ip: Any = None) -> bool:
    """Did the pupil's latest cell (the cell run last before the check) stop with an error?
    False outside IPython or when no cell ran since the lesson was made."""
    ip = ip if ip is not None else shell()
    return ip is not None and getattr(ip, "_kaskaria_last_ok", True) is False


def last_error(ip: Any = None) -> str | None:
    """The sentence that named the mistake of the pupil's latest cell, when it stopped with an
    error the lesson's kernel explains in words (a bracket never closed, a misspelt name); None
    otherwise."""
    ip = ip if ip is not None else shell()
    if ip is None or not last_failed(ip):
        return None
    said = getattr(ip, "_kaskaria_last_error", None)
    return said if isinstance(said, str) else None


def user_namespace(ip: Any = None) -> dict[str, Any] | None:
    """The names the pupil's cells set, with what they hold (None outside a kernel)."""
    ip = ip if ip is not None else shell()
    try:
        return dict(ip.user_ns) if ip is not None else None
    except Exception:  # noqa: BLE001
        return None


def user_numbers(names: Iterable[str], ip: Any = None) -> list[str]:
    """Those of ``names`` (in the order of the kernel's namespace) that hold a number (an int, a
    float or a Fraction; not True or False)."""
    from fractions import Fraction

    ip = ip if ip is not None else shell()
    try:
        ns = dict(ip.user_ns) if ip is not None else {}
    except Exception:  # noqa: BLE001
        return []
    wanted = set(names)
    return [
        n
        for n, v in ns.items()
        if n in wanted and isinstance(v, (int, float, Fraction)) and not isinstance(v, bool)
    ]


class _Words:
    """What the handler says, for the lesson made last in this kernel."""

    def __init__(
        self,
        lang: str,
        variables: Iterable[str],
        others: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.lang = lang
        self.variables = tuple(variables)
        self.others = dict(others or {})

    def unset(self, ip: Any, error: BaseException) -> str | None:
        """The variable a your-turn check reads was never set (``points`` missing, the check
        cell fails): the pupil's cell set the other notebook's name (``points`` in the German
        notebook, which reads ``punkte``) or a name much like it (``pionts``). Say which name the
        check reads and which the cell made; never Python's "did you mean pionts?", which sends
        the pupil to copy the misspelling. None when neither is the case."""
        name = getattr(error, "name", None)
        if not isinstance(error, NameError) or name not in self.variables:
            return None
        made = user_names(ip) - set(self.variables)
        for other in self.others.get(name, ()):
            if other in made:
                return _t("marking", "code_other_language", self.lang, name=other, variable=name)
        like = other_name(name, sorted(made))
        if like is not None:
            return _t("marking", "code_other_name", self.lang, name=like, variable=name)
        return None

    def __call__(self, ip: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None):
        source, line = _where(ip, value, tb)
        if isinstance(value, (TypeError, ZeroDivisionError)) and not _raised_in_cell(tb):
            # raised inside a library the cell called: Python's own traceback says where
            ip.showtraceback((etype, value, tb), tb_offset=tb_offset)
            return None
        variable = self.variables[0] if len(self.variables) == 1 else "..."
        for name in self.variables:
            if source and name in source:
                variable = name
        sentence = self.unset(ip, value) or explain_error(
            value,
            self.lang,
            names=[*user_names(ip), *self.variables],
            variable=variable,
            source=source,
            line=line,
        )
        if sentence is None:
            ip.showtraceback((etype, value, tb), tb_offset=tb_offset)
            return None
        _show(sentence, f"{etype.__name__}: {value}", self.lang)
        ip._kaskaria_said = sentence  # the check after this cell names the mistake again
        return None


def _raised_in_cell(tb: Any) -> bool:
    """Was the error raised by the cell's own code (its last Python frame is the cell's)?"""
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    return last is not None and last.tb_frame.f_code.co_name == "<module>"


def _where(ip: Any, error: BaseException, tb: Any) -> tuple[str | None, int | None]:
    """The failing cell's text and the line in it, as well as they can be known."""
    if isinstance(error, SyntaxError):
        source = None
        try:
            source = ip.history_manager.input_hist_raw[-1]
        except Exception:  # noqa: BLE001
            pass
        return source, error.lineno
    line = None
    filename = None
    while tb is not None:
        if tb.tb_frame.f_code.co_name == "<module>":
            line, filename = tb.tb_lineno, tb.tb_frame.f_code.co_filename
        tb = tb.tb_next
    source = "".join(linecache.getlines(filename)) if filename else None
    return source or None, line


def _show(sentence: str, python: str, lang: str) -> None:
    from IPython.display import display

    from ..i18n import text
    from .show import Shown

    label = text("marking", "error.python", lang)
    html = (
        f'<div class="kaskaria-lesson kaskaria-lesson-error" style="{_STYLE}" role="alert">'
        f"<p>{escape(sentence)}</p><details><summary>{escape(label)}</summary>"
        f"<pre>{escape(python)}</pre></details></div>"
    )
    display(Shown(html, sentence))


def install(
    lang: str,
    variables: Iterable[str],
    ip: Any = None,
    others: dict[str, tuple[str, ...]] | None = None,
) -> bool:
    """Let this kernel's errors speak ``lang`` (see the module's docstring); ``variables`` are
    the names the lesson's your-turn cells set, ``others`` the names each of them has in the
    other languages' notebooks (``{"punkte": ("points",)}``). True when installed, False outside
    IPython or when another custom handler is in place."""
    ip = ip if ip is not None else shell()
    if ip is None or not hasattr(ip, "set_custom_exc"):
        return False
    watch(ip)
    current = getattr(ip, "CustomTB", None)
    ours = getattr(ip, "_kaskaria_words", None)
    if getattr(ip, "custom_exceptions", ()) and (ours is None or current is not ours[1]):
        return False  # someone else's handler: leave it
    words = _Words(lang, variables, others)
    ip.set_custom_exc(ERRORS, words)
    ip._kaskaria_words = (words, ip.CustomTB)
    return True
