"""Shared pytest configuration.

Browser tests (marker `browser`) drive JupyterLab in Debian's Chromium through Playwright. When
Chromium or Playwright is missing they are skipped with the reason, unless KASKARIA_REQUIRE_BROWSER=1
(CI), which turns the missing browser into a failure. The fixtures below share one JupyterLab
server (on a temporary copy of notebooks/) and one browser across the session.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import browser_support as bs
import pytest
import toy_game

# A class server running on this computer (`make class`) must not change what the lessons show
# under nbval: the tests' kernels look for one where none is announced.
os.environ["KASKARIA_CLASS_ANNOUNCE"] = str(Path(tempfile.mkdtemp()) / "no-class-server.json")
os.environ.pop("KASKARIA_CLASS_URL", None)
os.environ.pop("KASKARIA_CLASS_KEY", None)

# The test-only card game joins the registry like any game (and so the conformance suite).
toy_game.register()

_REPORT_KEY = pytest.StashKey[list]()
_DURATION_KEY = pytest.StashKey[dict]()


def retried_once(start):
    """``start`` (nbval's kernel start) tried a second time if the kernel dies before it answers.
    Jupyter picks a kernel's ports free, closes them and hands them to the kernel: another
    process (a worker's kernel or server, the browser) may take one in between, and the kernel
    then dies binding it ("Kernel died before replying to kernel_info", seen once in a fresh
    clone's run of the suite). A second start picks new ports; a kernel that dies for a reason
    of its own dies twice, and that error stands."""

    def start_new_kernel(*args, **kwargs):
        try:
            return start(*args, **kwargs)
        except RuntimeError as error:
            if "Kernel died before replying" not in str(error):
                raise
            return start(*args, **kwargs)

    return start_new_kernel


def pytest_configure(config):
    config.stash[_REPORT_KEY] = []
    config.stash[_DURATION_KEY] = {}
    import nbval.kernel

    nbval.kernel.start_new_kernel = retried_once(nbval.kernel.start_new_kernel)


# --------------------------------------------------------------------------- spreading over cores
# `make test` runs pytest-xdist. The notebooks and the browser files go to the workers file by file
# (a notebook's cells must run in order in one kernel, a browser file shares one server), and so
# do the few files whose module fixtures are costly to build twice; every other test is a unit of
# its own. The slow tests are sent first (the longest work starts first, so no core waits alone at
# the end), the browser files next, the notebooks, many short units, last: they fill the gaps.
# (The scheduler sees only node ids, hence the rules by path.)
_BY_FILE = (
    "notebooks/",
    "tests/test_browser_",
    "tests/test_widget_dragon_battle.py",  # a module fixture and two browser tests
    "tests/test_dragon_battle_bots.py",  # module fixtures: positions for every bot
)


#: browser files sent test by test: each test starts what it needs (its own class server) and
#: shares only the worker's session browser, so nothing is started twice for splitting them
_BY_TEST = ("tests/test_browser_class.py",)
#: a file sent in one unit per parameter prefix: the apps' playthroughs, one unit per app (both
#: languages; a worker that gets two apps keeps its Voila server), so the longest browser file
#: does not keep one core busy alone for minutes
_BY_PARAM = ("tests/test_browser_apps.py::test_each_app_plays_to_its_end_on_the_first_screen",)


def _scope(nodeid: str) -> str:
    if nodeid.startswith(_BY_PARAM) and nodeid.endswith("]"):
        head, param = nodeid[:-1].rsplit("[", 1)
        return f"{head}[{param.rsplit('-', 1)[0]}]"  # the app, in either language
    if nodeid.startswith(_BY_TEST):
        return nodeid
    if nodeid.startswith(_BY_FILE):
        return nodeid.split("::", 1)[0]
    return nodeid


# the longest of the slow tests (10 to 25 s of CPU each in make test), sent before the others
_LONGEST = (
    "tests/test_heroes_bots.py::test_planner_beats_every_other_bot",
    "tests/test_dragon_battle_games.py::test_whole_game_statistics_agree_with_the_engine",
    "tests/test_heroes_odds.py::test_expected_turns_against_the_known_place_chain",
    "tests/test_lessons_dragons_gold.py::test_the_stored_long_tournament",
)


# the longest browser tests (30 to 50 s each in make test: whole games by clicks, three devices
# on a class server, a rules notebook run and played in JupyterLab), sent before the other
# browser tests
_LONGEST_BROWSER = (
    "tests/test_browser_apps.py::test_each_app_plays_to_its_end_on_the_first_screen",
    "tests/test_browser_class.py::",
    "tests/test_browser_dragon_battle.py::",
    "tests/test_browser_dragons_gold.py::",
    "tests/test_browser_heroes.py::",
    "tests/test_browser_lab_apps.py::",  # six play notebooks run in JupyterLab, about 70 s
)


def _order(item) -> int:
    """The longest slow tests first, the other slow tests, then the browser files (long, and
    mostly waiting on a browser or a kernel; the longest first), then the other tests, the
    notebooks last."""
    if item.get_closest_marker("slow") is not None:
        return 0 if item.nodeid.startswith(_LONGEST) else 1
    if item.get_closest_marker("browser") is not None:
        return 2 if item.nodeid.startswith(_LONGEST_BROWSER) else 3
    return 5 if item.nodeid.startswith("notebooks/") else 4


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class Scheduler(LoadScopeScheduling):
        def __init__(self, config, log=None):
            super().__init__(config, log)
            config.option.loadscopereorder = False  # keep the order set at collection

        def _split_scope(self, nodeid: str) -> str:
            return _scope(nodeid)

    return Scheduler(config, log)


def pytest_addoption(parser):
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="also run the long soak (tests marked soak: 1,000 games per player count and "
        "variant); make soak",
    )


def pytest_collection_modifyitems(session, config, items):
    """The soak only with --soak; slow tests first, the notebooks last (a stable sort: each
    file's tests keep their order)."""
    if not config.getoption("--soak"):
        soak = [item for item in items if item.get_closest_marker("soak") is not None]
        if soak:
            config.hook.pytest_deselected(items=soak)
            items[:] = [item for item in items if item.get_closest_marker("soak") is None]
    items.sort(key=_order)


#: `make test` solves the two-player Dragon Battle (the "hard" bot's table, about a minute of a
#: core on a new machine) beside the first tests rather than before them all: this variable holds
#: the solving process's id. Until the table is there only the long computing tests run (they are
#: sent first and none has a time limit; one that asks for the table waits at the table's lock);
#: any other test waits for the table before it starts, as a browser or a kernel waiting on a bot
#: would run into its time limit.
SOLVER_ENV = "KASKARIA_DUEL_SOLVER"
_solved = False


def _solving(pid: int) -> bool:
    """True while process ``pid`` runs (a process that ended but was not yet waited for is a
    zombie, state Z: it no longer solves)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def wait_for_the_duel_table() -> None:
    """Wait (once per worker) until the solve `make test` started has left its table."""
    global _solved
    if _solved or not os.environ.get(SOLVER_ENV, "").isdigit():
        return
    import kaskaria
    from kaskaria.dragon_battle import duel

    rules = duel.duel_rules(kaskaria.load("dragon-battle", players=2))
    assert rules is not None
    path = duel.cache_dir() / f"dragon-battle-duel-{rules.key}.npz"
    pid = int(os.environ[SOLVER_ENV])
    while not path.exists() and _solving(pid):
        with duel.cache_lock(path):  # held by the solve while it solves
            pass
        time.sleep(0.2)
    _solved = True


def pytest_runtest_setup(item):
    if item.get_closest_marker("slow") is None or item.get_closest_marker("browser") is not None:
        wait_for_the_duel_table()
    if item.get_closest_marker("browser") is None:
        return
    reason = bs.browser_unavailable_reason()
    if reason is None:
        return
    if bs.browser_required():
        pytest.fail(
            f"{bs.REQUIRE_ENV}=1 requires the browser tests to run, but {reason}", pytrace=False
        )
    pytest.skip(f"browser test skipped: {reason} (set {bs.REQUIRE_ENV}=1 to fail instead)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"_kas_report_{report.when}", report)
    if item.get_closest_marker("browser") is not None:
        # Per test: [seconds over setup + call + teardown, whether the test body ran].
        entry = item.config.stash[_DURATION_KEY].setdefault(item.nodeid, [0.0, False])
        entry[0] += report.duration
        entry[1] = entry[1] or report.when == "call"
    return report


def pytest_terminal_summary(terminalreporter, config):
    lines = config.stash.get(_REPORT_KEY, [])
    durations = {
        nodeid: seconds
        for nodeid, (seconds, ran) in config.stash.get(_DURATION_KEY, {}).items()
        if ran
    }
    if not lines and not durations:
        return
    terminalreporter.section("browser tests")
    for line in lines:
        terminalreporter.write_line(line)
    if durations:
        for nodeid, seconds in durations.items():
            terminalreporter.write_line(f"{seconds:7.1f} s  {nodeid}")
        total = sum(durations.values())
        terminalreporter.write_line(
            f"{total:7.1f} s  total browser test time (server and browser start included)"
        )
        if lines:
            with bs.artifact_path("browser_timings.txt").open("a", encoding="utf-8") as out:
                out.write(f"total browser test time: {total:.1f} s\n")


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def browser_report(pytestconfig):
    """Call with a list of lines: printed in the terminal summary and written to
    test-artifacts/browser_timings.txt (rewritten each session)."""
    path = bs.artifact_path("browser_timings.txt")
    path.write_text(f"# browser test timings, {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
    collected = pytestconfig.stash[_REPORT_KEY]

    def report(lines):
        collected.extend(lines)
        with path.open("a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")

    return report


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """JupyterLab serving a temporary copy of notebooks/ (the committed files are never opened)."""
    base = tmp_path_factory.mktemp("lab")
    root = bs.copy_notebooks(base / "notebooks")
    with bs.LabServer(root, base / "jupyter") as server:
        yield server


@pytest.fixture(scope="session")
def notebook_server(tmp_path_factory):
    """Jupyter Notebook 7 serving a temporary copy of notebooks/."""
    base = tmp_path_factory.mktemp("nb7")
    root = bs.copy_notebooks(base / "notebooks")
    with bs.NotebookServer(root, base / "jupyter") as server:
        yield server


@pytest.fixture(scope="session")
def apps_server(tmp_path_factory, request):
    """Voila serving a temporary copy of notebooks/ (every app: /voila/render/<path>), one per
    worker for every module that opens the apps (each page runs its notebook in a kernel of its
    own: nothing carries over between pages): the apps deal game bs.DEAL in `make test`, a new
    game each run in `make soak`."""
    base = tmp_path_factory.mktemp("voila-apps")
    deal = None if request.config.getoption("--soak") else bs.DEAL
    root = bs.copy_notebooks(base / "notebooks", deal)
    with bs.VoilaServer(root, base / "jupyter") as server:
        yield server


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Voila serving (a temporary copy of) the children's app, set up as `make play` does."""
    base = tmp_path_factory.mktemp("voila")
    root = bs.copy_notebooks(base / "notebooks")
    with bs.VoilaServer(root / "play-dragon-battle.ipynb", base / "jupyter") as server:
        yield server


@pytest.fixture
def new_page(browser, request):
    """A new tab with its console watched (for pages outside JupyterLab); a screenshot is kept
    if the test fails. Yields (page, watch)."""
    page = browser.context.new_page()
    watch = bs.PageWatch().attach(page)
    yield page, watch
    failed = getattr(request.node, "_kas_report_call", None)
    if failed is not None and failed.failed:
        name = request.node.name.replace("/", "_").replace("[", "_").replace("]", "")
        try:
            page.screenshot(path=str(bs.artifact_path(f"failure-{name}.png")))
        except Exception as exc:  # the page may be gone; the test failure is what matters
            print(f"could not save a failure screenshot: {exc}")
    page.close()


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """Debian Chromium through Playwright, fresh profile."""
    chromium = bs.find_chromium()
    assert chromium is not None, "no Chromium on PATH (checked before the test, so unexpected)"
    instance = bs.Browser(chromium, tmp_path_factory.mktemp("chromium-profile"))
    yield instance
    instance.close()


@pytest.fixture
def lab_page(browser, lab_server, request):
    """A new tab with its console watched; a screenshot is kept if the test fails.

    Yields (page, watch) where watch is a browser_support.PageWatch.
    """
    page = browser.context.new_page()
    watch = bs.PageWatch().attach(page)
    yield page, watch
    failed = getattr(request.node, "_kas_report_call", None)
    if failed is not None and failed.failed:
        name = request.node.name.replace("/", "_").replace("[", "_").replace("]", "")
        try:
            page.screenshot(path=str(bs.artifact_path(f"failure-{name}.png")))
        except Exception as exc:  # the page may be gone; the test failure is what matters
            print(f"could not save a failure screenshot: {exc}")
    page.close()
    lab_server.shutdown_sessions()
