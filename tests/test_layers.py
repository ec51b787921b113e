"""The layers of ``kaskaria/``: import-linter's contracts in pyproject.toml, checked on the package's
import graph, and shown to break on each kind of breach.

From the top: the apps (lessons, the class server), the widgets, the notebook's table session (a
facade), the shared table and its screens (``kaskaria.tables``), the three games (independent of
each other), the core every game builds on. The table imports the games only through
the registry, and no package has an import cycle. Imports inside functions count like any other;
imports under ``if TYPE_CHECKING:`` do not (they never run).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from copy import deepcopy
from pathlib import Path
from typing import Any

import grimp
import pytest
from importlinter import api
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract
from importlinter.domain.helpers import MissingImport

ROOT = Path(__file__).resolve().parents[1]
CONFIG = api.read_configuration(str(ROOT / "pyproject.toml"))
CLASSES = {
    "layers": LayersContract,
    "forbidden": ForbiddenContract,
    "acyclic_siblings": AcyclicSiblingsContract,
}
LAYERS, REGISTRY, ACYCLIC = (c["name"] for c in CONFIG["contracts_options"])
GAMES = ("kaskaria.dragon_battle", "kaskaria.heroes", "kaskaria.dragons_gold")
CORE = (
    "kaskaria.bots",
    "kaskaria.core",
    "kaskaria.hint_messages",
    "kaskaria.hints",
    "kaskaria.ladder",
    "kaskaria.search",
    "kaskaria.i18n",
    "kaskaria.identifier_allowed",
    "kaskaria.marking",
    "kaskaria.match",
    "kaskaria.names",
    "kaskaria.messages",
    "kaskaria.options",
    "kaskaria.positions",
    "kaskaria.present",
    "kaskaria.provenance",
    "kaskaria.tournament",
    "kaskaria.validate",
)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("kaskaria", exclude_type_checking_imports=True, cache_dir=None)


def kept(graph: grimp.ImportGraph) -> dict[str, bool]:
    """Each contract of pyproject.toml checked on (a copy of) ``graph``: kept or not."""
    out = {}
    for options in CONFIG["contracts_options"]:
        contract = CLASSES[options["type"]](
            name=options["name"],
            session_options=CONFIG["session_options"],
            contract_options=options,
        )
        out[options["name"]] = contract.check(deepcopy(graph), verbose=False).kept
    return out


def the_report() -> str:
    """import-linter's own report (which imports break which contract), for a failure message."""
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or "lint-imports"
    done = subprocess.run(
        [exe, "--no-cache", "--no-logo"],  # the contracts of pyproject.toml in ROOT
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return done.stdout[-6000:] + done.stderr[-2000:]


def self_cycles(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    """Cycles between a package's own ``__init__`` and a module inside it, which the
    acyclic-siblings contract does not look at (it compares sibling modules only)."""
    found = []
    for module in sorted(graph.modules):
        parts = module.split(".")
        for k in range(1, len(parts)):
            package = ".".join(parts[:k])
            if package in graph.modules and (
                graph.chain_exists(importer=package, imported=module)
                and graph.chain_exists(importer=module, imported=package)
            ):
                found.append((package, module))
    return found


def test_the_contracts_name_the_modules_this_test_knows(graph):
    """The layers in pyproject.toml are the ones written above; every module of kaskaria is in
    one of them (a new top-level module must be placed) or is the registry itself."""
    layers = CONFIG["contracts_options"][0]["layers"]
    named = [m.strip() for layer in layers for m in layer.replace("|", ":").split(":")]
    assert sorted(named[-len(CORE) :]) == sorted(CORE)
    assert set(GAMES) <= set(named)
    top = {".".join(m.split(".")[:2]) for m in graph.modules} - {"kaskaria"}
    assert top == set(named), f"place these in a layer: {sorted(top - set(named))}"


def test_the_layers_hold_and_nothing_imports_in_a_cycle(graph):
    results = kept(graph)
    assert all(results.values()), f"broken: {[n for n, ok in results.items() if not ok]}\n" + (
        the_report()
    )
    assert self_cycles(graph) == []


@pytest.mark.parametrize(
    ("importer", "imported", "broken"),
    [
        # the core imports no game, table, widget, lesson or class module
        ("kaskaria.match", "kaskaria.heroes.engine", LAYERS),
        ("kaskaria.core", "kaskaria.session", LAYERS),
        ("kaskaria.core", "kaskaria.tables.table", LAYERS),
        ("kaskaria.present", "kaskaria.widgets.table", LAYERS),
        ("kaskaria.bots", "kaskaria.lessons.content", LAYERS),
        ("kaskaria.validate", "kaskaria.classroom.room", LAYERS),
        # a game imports only the core (and its own package)
        ("kaskaria.dragons_gold.bots", "kaskaria.heroes.rules", LAYERS),
        ("kaskaria.heroes.present", "kaskaria.session", LAYERS),
        ("kaskaria.dragons_gold.present", "kaskaria.tables.view", LAYERS),
        # the shared table is below the notebook's facade, the widgets and the class server
        ("kaskaria.tables.table", "kaskaria.session", LAYERS),
        ("kaskaria.tables.view", "kaskaria.classroom.tables", LAYERS),
        ("kaskaria.dragon_battle.odds", "kaskaria.lessons.dragon_battle", LAYERS),
        # the table reaches a game only through the registry
        ("kaskaria.session", "kaskaria.heroes.odds", REGISTRY),
        ("kaskaria.tables.view", "kaskaria.dragon_battle.present", REGISTRY),
        ("kaskaria.widgets.dragon_battle", "kaskaria.dragon_battle.rules", REGISTRY),
        ("kaskaria.classroom.tally", "kaskaria.dragon_battle.odds", REGISTRY),
        ("kaskaria.widgets.table", "kaskaria.dragons_gold.rules", REGISTRY),
        ("kaskaria.classroom.server", "kaskaria.dragon_battle.present", REGISTRY),
        # no cycles, in the core, in a game, in the apps
        ("kaskaria.validate", "kaskaria.match", ACYCLIC),
        ("kaskaria.heroes.rules", "kaskaria.heroes.bots", ACYCLIC),
        ("kaskaria.dragons_gold.engine", "kaskaria.dragons_gold.positions", ACYCLIC),
        ("kaskaria.lessons.content", "kaskaria.lessons.content_heroes", ACYCLIC),
    ],
)
def test_each_kind_of_breach_breaks_its_contract(graph, importer, imported, broken):
    assert graph.direct_import_exists(importer=importer, imported=imported) is False
    breached = deepcopy(graph)
    breached.add_import(importer=importer, imported=imported, line_number=1, line_contents="")
    results = kept(breached)
    # (it may break another one too: an import up the layers often closes a cycle, and one from
    # the core into a game lets the table reach that game through the core)
    assert results[broken] is False


def test_a_cycle_through_a_package_s_own_init_is_found(graph):
    breached = deepcopy(graph)
    breached.add_import(
        importer="kaskaria.dragon_battle.engine",
        imported="kaskaria.dragon_battle",
        line_number=1,
        line_contents="",
    )
    assert self_cycles(breached) == [("kaskaria.dragon_battle", "kaskaria.dragon_battle.engine")]


def test_the_table_has_no_exceptions_and_a_stale_one_fails(graph):
    """The registry contract lets nothing through: the per-game widget classes and the class
    server's tally reach their games through the registry. Should an exception be listed again,
    one that matches no import fails the check, so the list cannot go stale."""
    registry: dict[str, Any] = CONFIG["contracts_options"][1]
    assert registry["type"] == "forbidden"
    assert registry.get("ignore_imports", []) == []
    assert "kaskaria.tables" in registry["source_modules"]
    stale = deepcopy(registry)
    stale["ignore_imports"] = ["kaskaria.widgets.dragon_battle -> kaskaria.dragon_battle.rules"]
    contract = ForbiddenContract(
        name=stale["name"], session_options=CONFIG["session_options"], contract_options=stale
    )
    with pytest.raises(MissingImport, match=r"kaskaria\.dragon_battle\.rules"):
        contract.check(deepcopy(graph), verbose=False)
