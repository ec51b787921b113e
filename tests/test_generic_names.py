"""Generic code names no game: the table layer, the class server, the widget shell, the bots'
registry and the other shared modules reach a game only through the registry (its presenter, its
bots module, its tally), never by its name, its package or a field of its state. Adding a game
then takes what docs/adding-a-game.md says, and nothing in these files."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

import kaskaria
from kaskaria.classroom.devices import Device, Pupil
from kaskaria.classroom.tables import ClassTable
from kaskaria.match import Match
from kaskaria.present import Presenter
from kaskaria.tables import Screen, Table

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kaskaria"
#: The game registry itself (kaskaria/__init__.py names the package's games, once) and the
#: packages of a game (its engine, bots, presenter, lessons and widget classes) are not generic.
GENERIC_PY = sorted(
    [
        *(p for p in PACKAGE.glob("*.py") if p.name != "__init__.py"),
        *PACKAGE.glob("tables/*.py"),
        *PACKAGE.glob("classroom/*.py"),
        PACKAGE / "widgets" / "table.py",
        PACKAGE / "widgets" / "_static.py",
    ]
)
GENERIC_JS = sorted(
    [
        *(ROOT / "widgets").glob("table*.js"),
        *(ROOT / "widgets").glob("table*.css"),
        *PACKAGE.glob("classroom/static/*.js"),
        *PACKAGE.glob("classroom/static/*.css"),
        *PACKAGE.glob("classroom/static/*.html"),
    ]
)


def game_words() -> tuple[set[str], set[str]]:
    """(each game's name and its package's, its board module's file name and its CSS prefix;
    the fields of one game's state that other games' states do not have)."""
    from kaskaria.present import presenter_for

    names: set[str] = set()
    fields: dict[str, set[str]] = {}
    for name, (module, _) in kaskaria.GAMES.items():
        game = kaskaria.load(name)
        presenter = presenter_for(game)
        names |= {name, module.rsplit(".", 1)[1], presenter.prefix}
        names |= {f for f in (presenter.board_js, presenter.board_css) if f}
        fields[name] = {f.name for f in dataclasses.fields(game.new_state())}
    common = set.intersection(*fields.values())
    # words the generic classes use for their own attributes are theirs, whatever a state calls
    # its fields
    from kaskaria.classroom.board import ClassBoard
    from kaskaria.core import GameType
    from kaskaria.tables.protocol import COMMANDS

    generic = set()
    classes = (Table, Screen, Match, Presenter, ClassTable, Device, Pupil, ClassBoard, GameType)
    for cls in (*classes, *COMMANDS.values(), set, dict, list, str):
        generic |= {n for n in dir(cls) if not n.startswith("__")}
        if dataclasses.is_dataclass(cls):
            generic |= {f.name for f in dataclasses.fields(cls)}
    specific = set().union(*fields.values()) - common - generic
    return names, specific


NAMES, FIELDS = game_words()


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def python_findings(path: Path) -> list[str]:
    """What in ``path``'s code (not its docstrings or comments) names a game."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    packages = {n for n in NAMES if "_" in n or n.isalpha()}
    found = []
    for node in ast.walk(tree):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            if text in NAMES or any(f"{p}." in text or f".{p}" in text for p in packages):
                found.append(f"{where}: the text {text!r}")
        elif isinstance(node, ast.Name) and any(p in node.id for p in packages):
            found.append(f"{where}: the name {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in FIELDS:
            found.append(f"{where}: a game's state field .{node.attr}")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            modules += [a.name for a in node.names]
            for module in modules:
                if any(p in module.split(".") for p in packages):
                    found.append(f"{where}: imports {module}")
    return found


def js_findings(path: Path) -> list[str]:
    """What in ``path`` (comments left out) names a game."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"(?m)(^|[^:\"'])//.*$", r"\1", text)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    found = []
    for name in sorted(NAMES):
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?!\w)", text):
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    return found


def test_the_check_knows_every_game_and_what_is_its_own():
    assert {"dragon-battle", "heroes", "dragons-gold", "dragon_battle", "dragons_gold"} <= NAMES
    assert {"kaskaria-db", "dragon_battle.js"} <= NAMES
    assert {"on_dragon", "griffins", "treasure"} <= FIELDS  # what the check looks for can fail
    assert "phase" not in FIELDS and "game" not in FIELDS  # what every game's state has


@pytest.mark.parametrize("path", GENERIC_PY, ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_python_names_no_game(path):
    assert python_findings(path) == []


@pytest.mark.parametrize("path", GENERIC_JS, ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_browser_files_name_no_game(path):
    assert js_findings(path) == []


def test_the_check_finds_a_game_named_in_code(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text(
        '"""A docstring may say dragon-battle."""\n'
        "from kaskaria.dragon_battle.odds import fail_chance\n"
        'BOARDS = {"heroes": "heroes.js"}\n'
        "def count(before):\n"
        "    return sum(1 for d in before.on_dragon if d)\n",
        encoding="utf-8",
    )
    found = python_findings_at(planted)
    assert any("imports kaskaria.dragon_battle.odds" in f for f in found)
    assert any("'heroes'" in f for f in found)
    assert any(".on_dragon" in f for f in found)
    assert not any("docstring" in f for f in found)
    js = tmp_path / "planted.js"
    js.write_text('// dragon-battle in a comment\nconst x = "kaskaria-db-die";\n', encoding="utf-8")
    assert [f.split(": ")[-1] for f in js_findings_at(js)] == ["kaskaria-db"]


def python_findings_at(path: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return python_findings(path)
    finally:
        ROOT = saved


def js_findings_at(path: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return js_findings(path)
    finally:
        ROOT = saved
