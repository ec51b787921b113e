"""Helpers for the real-browser tests: JupyterLab in a subprocess, Debian Chromium via Playwright.

Nothing here touches the committed notebooks: the server runs on a temporary copy, with its own
settings, data, runtime and workspace folders, so autosave and user settings cannot leak either way.
Playwright is imported lazily, so this module (and the test collection) works without it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
#: the game the children's apps deal in a test's copy of the notebooks (see copy_notebooks)
DEAL = 2026
ARTIFACTS = REPO / "test-artifacts"

REQUIRE_ENV = "KASKARIA_REQUIRE_BROWSER"
#: Chromium's headless shell first (Debian's `chromium-headless-shell`: the same engine without the
#: browser's windows; the browser tests alone took 296 s and 497 s of CPU with it against 366 s
#: and 674 s with the whole browser, back to back on one machine), else the whole browser
CHROMIUM_NAMES = ("chromium-headless-shell", "chromium", "chromium-browser")
# The flags measured in the project's toolchain notes. The profile folder is given to
# launch_persistent_context, because Playwright rejects --user-data-dir in args.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
VIEWPORT = {"width": 1280, "height": 1000}

# JupyterLab user settings for the test server: no news or update checks (they would try to reach
# the internet and open a pop-up over the notebook).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


# --------------------------------------------------------------------------- availability


def browser_required() -> bool:
    """True when KASKARIA_REQUIRE_BROWSER asks for the browser tests to run (CI)."""
    return os.environ.get(REQUIRE_ENV, "").strip().lower() not in ("", "0", "false", "no")


def find_chromium() -> str | None:
    """The Chromium executable on PATH (the first of CHROMIUM_NAMES found), or None."""
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def browser_unavailable_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as exc:
        return f"the Python package playwright is not importable ({exc})"
    if find_chromium() is None:
        return (
            f"no Chromium found on PATH (looked for {', '.join(CHROMIUM_NAMES)}; "
            "on Debian: apt-get install chromium-headless-shell)"
        )
    return None


# --------------------------------------------------------------------------- JupyterLab server


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def copy_notebooks(destination: Path, deal: int | None = DEAL) -> Path:
    """Copy notebooks/ (without checkpoints) to `destination` and return it. The children's
    apps (play-*.ipynb, a new deal each run) deal game `deal` in the copy, so that a test
    measures the same game every run (`make soak` passes None: a new deal each run)."""
    shutil.copytree(
        NOTEBOOKS,
        destination,
        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
    )
    if deal is not None:
        for app in destination.rglob("play-*.ipynb"):
            text = app.read_text(encoding="utf-8")
            assert text.count(", seed=None,") == 1, app  # the table's own line
            app.write_text(text.replace(", seed=None,", f", seed={int(deal)},"), encoding="utf-8")
    return destination


class LabServer:
    """JupyterLab on 127.0.0.1, a free port and a random token, serving `root`.

    `workdir` receives the server's isolated Jupyter folders and its log. Use as a context manager,
    or call start() and stop().
    """

    def __init__(self, root: Path, workdir: Path, *, startup_timeout: float = 90.0):
        self.root = Path(root)
        self.workdir = Path(workdir)
        self.startup_timeout = startup_timeout
        self.port: int | None = None
        self.token = os.urandom(16).hex()
        self.process: subprocess.Popen | None = None
        self.log_path = self.workdir / "jupyterlab.log"
        self._log_file = None

    # -- life cycle

    def _environment(self) -> dict[str, str]:
        dirs = {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_DATA_DIR": "data",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
            "IPYTHONDIR": "ipython",
        }
        env = dict(os.environ)
        for name, sub in dirs.items():
            path = self.workdir / sub
            path.mkdir(parents=True, exist_ok=True)
            env[name] = str(path)
        for relative, values in LAB_SETTINGS.items():
            path = self.workdir / "lab-settings" / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values, indent=2), encoding="utf-8")
        env.pop("JUPYTER_TOKEN", None)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def command(self) -> list[str]:
        cmd = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            # window.jupyterapp: lets a test talk to the very kernel of the open notebook.
            "--LabApp.expose_app_in_browser=True",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        return cmd

    def start(self) -> LabServer:
        self.workdir.mkdir(parents=True, exist_ok=True)
        env = self._environment()
        last_error = ""
        for _attempt in range(3):  # the free port can be taken between probe and bind
            self.port = free_port()
            self._log_file = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
            self.process = subprocess.Popen(
                self.command(),
                cwd=self.root,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=self._log_file,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its kernels share its process group, see stop()
            )
            try:
                self._wait_ready()
                return self
            except RuntimeError as exc:
                last_error = str(exc)
                self.stop()
        raise RuntimeError(f"JupyterLab did not start: {last_error}")

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the server exited with code {self.process.returncode}.\n{self.log_tail()}"
                )
            try:
                status = self.api("GET", "/api/status", timeout=2)
                if "started" in status:
                    return
            except (OSError, urllib.error.URLError, ValueError):
                pass
            time.sleep(0.2)
        raise RuntimeError(
            f"no answer from {self.base_url}/api/status after {self.startup_timeout:.0f} s.\n"
            f"{self.log_tail()}"
        )

    def stop(self) -> None:
        """Shut the server and its kernels down through the API; if it does not go, SIGTERM it
        by PID, and as a last resort SIGKILL its process group (the server and the kernels it
        started: start_new_session made the group, with the server's PID as its id)."""
        proc = self.process
        if proc is not None and proc.poll() is None:
            try:
                self.api("POST", "/api/shutdown", timeout=5)
            except (OSError, urllib.error.URLError, ValueError):
                pass
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)  # the server is alive: the group exists
                    proc.wait(timeout=10)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None
        self.process = None

    def __enter__(self) -> LabServer:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    # -- HTTP API

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, method: str, path: str, *, timeout: float = 10) -> Any:
        request = urllib.request.Request(
            self.base_url + path,
            method=method,
            headers={"Authorization": f"token {self.token}"},
            data=b"" if method == "POST" else None,
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        return json.loads(body) if body else None

    def lab_url(self, notebook: str, workspace: str | None = None, *, single: bool = False) -> str:
        """The URL opening `notebook`; a fresh `workspace` name keeps earlier tabs out;
        `single`: in Lab's single-document view (its /doc address, side bar closed)."""
        view = "doc" if single else "lab"
        where = f"/{view}/workspaces/{workspace}" if workspace else f"/{view}"
        return f"{self.base_url}{where}/tree/{notebook}?token={self.token}"

    def shutdown_sessions(self) -> None:
        """Stop every notebook kernel the server runs (between tests)."""
        for session in self.api("GET", "/api/sessions"):
            self.api("DELETE", f"/api/sessions/{session['id']}")

    def kernel_id_for(self, notebook: str) -> str | None:
        """The id of the kernel the server runs for `notebook` (a path relative to the root)."""
        for session in self.api("GET", "/api/sessions"):
            if session.get("path") == notebook and session.get("kernel"):
                return session["kernel"]["id"]
        return None

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no server log)"
        return "server log (last lines):\n" + "\n".join(text.splitlines()[-lines:])


class NotebookServer(LabServer):
    """Jupyter Notebook 7 (the `notebook` package) instead of JupyterLab, same isolation; its
    application is exposed as window.jupyterapp too, so kernel_execute() works in its pages."""

    def command(self) -> list[str]:
        cmd = super().command()
        cmd[cmd.index("jupyterlab")] = "notebook"
        cmd[cmd.index("--LabApp.expose_app_in_browser=True")] = (
            "--JupyterNotebookApp.expose_app_in_browser=True"
        )
        return cmd

    def notebook_url(self, notebook: str) -> str:
        return f"{self.base_url}/notebooks/{notebook}?token={self.token}"


#: Voila reads voila.json from its working folder (the repository root) and finds the app's page
#: template in share/jupyter: the same set-up `make play` uses.
VOILA_CONFIG = REPO / "voila.json"
VOILA_DATA = REPO / "share" / "jupyter"


class VoilaServer:
    """Voila serving one notebook as an app on 127.0.0.1 and a free port, started from the
    repository root (so voila.json applies), with isolated Jupyter folders. Voila never writes the
    notebook it shows; it still gets a temporary copy. Ready when its port accepts connections
    (a request to the page would start the notebook's kernel)."""

    def __init__(self, notebook: Path, workdir: Path, *, startup_timeout: float = 60.0):
        self.notebook = Path(notebook)
        self.workdir = Path(workdir)
        self.startup_timeout = startup_timeout
        self.port: int | None = None
        self.process: subprocess.Popen | None = None
        self.log_path = self.workdir / "voila.log"
        self._log_file = None

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "voila",
            str(self.notebook),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
        ]

    def _environment(self) -> dict[str, str]:
        env = dict(os.environ)
        for name, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime")):
            path = self.workdir / sub
            path.mkdir(parents=True, exist_ok=True)
            env[name] = str(path)
        env["JUPYTER_PATH"] = os.pathsep.join(
            p for p in (str(VOILA_DATA), env.get("JUPYTER_PATH", "")) if p
        )
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def start(self) -> VoilaServer:
        self.workdir.mkdir(parents=True, exist_ok=True)
        last_error = ""
        for _attempt in range(3):
            self.port = free_port()
            self._log_file = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop())
            self.process = subprocess.Popen(
                self.command(),
                cwd=REPO,
                env=self._environment(),
                stdin=subprocess.DEVNULL,
                stdout=self._log_file,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                self._wait_ready()
                return self
            except RuntimeError as exc:
                last_error = str(exc)
                self.stop()
        raise RuntimeError(f"Voila did not start: {last_error}")

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"Voila exited with code {self.process.returncode}.\n{self.log_tail()}"
                )
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
                sock.settimeout(1)
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"Voila's port {self.port} did not open.\n{self.log_tail()}")

    def stop(self) -> None:
        """SIGTERM by PID; if it does not go, SIGKILL its process group (Voila and its kernels)."""
        proc = self.process
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None
        self.process = None

    def __enter__(self) -> VoilaServer:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no Voila log)"
        return "Voila log (last lines):\n" + "\n".join(text.splitlines()[-lines:])


# --------------------------------------------------------------------------- the browser


class Browser:
    """Debian Chromium driven by Playwright, with a fresh profile folder."""

    def __init__(self, executable: str, profile_dir: Path):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        try:
            self.context = self._playwright.chromium.launch_persistent_context(
                str(profile_dir),
                executable_path=executable,
                headless=True,
                args=list(CHROMIUM_ARGS),
                viewport=VIEWPORT,
            )
        except Exception:
            self._playwright.stop()
            raise
        self.context.set_default_timeout(60_000)
        #: tabs of bare widget pages given back, to be used again (see `WidgetPage`)
        self._spare_pages: list = []

    def widget_tab(self, viewport: dict | None = None):
        """A tab for a bare widget page: one given back by `give_back` if there is one (a new
        tab costs the browser a new renderer process: about two fifths of what a small widget
        page costs), else a new one; at ``viewport`` (the browser's default size if None)."""
        while self._spare_pages:
            page = self._spare_pages.pop()
            if not page.is_closed():
                # the tab in front again: a test that waits for the page's next frames must
                # get them (a suite run once stalled on requestAnimationFrame in a reused tab)
                page.bring_to_front()
                page.set_viewport_size(viewport or VIEWPORT)
                return page
        page = self.context.new_page()
        if viewport is not None:
            page.set_viewport_size(viewport)
        return page

    def give_back(self, page) -> None:
        """Take back a tab from `widget_tab` once its test is done with it: its routes and
        emulated media are undone, the mouse goes to the page's corner (no hover carries over)
        and the page is emptied (nothing moves while it waits); the next user loads a new
        document in it (on the same site: the same renderer process; 0.27 s of CPU a page
        against 0.45 s in a new tab, measured on seven tables). A tab in any doubt is closed
        instead."""
        try:
            page.unroute_all(behavior="ignoreErrors")
            page.emulate_media(media="null", reduced_motion="null", color_scheme="null")
            page.mouse.move(0, 0)
            page.evaluate("() => document.body && document.body.replaceChildren()")
        except Exception:
            page.close()
            return
        self._spare_pages.append(page)

    def close(self) -> None:
        try:
            self.context.close()
        finally:
            self._playwright.stop()


@dataclass
class PageWatch:
    """Everything the page reports: console messages, uncaught errors, failed requests."""

    console: list[tuple[str, str, str]] = field(default_factory=list)  # (type, text, location)
    page_errors: list[str] = field(default_factory=list)
    page_error_stacks: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)

    def attach(self, page) -> PageWatch:
        def on_console(msg):
            loc = msg.location or {}
            where = f"{loc.get('url', '')}:{loc.get('lineNumber', '')}"
            self.console.append((msg.type, msg.text, where))

        def on_error(exc):
            self.page_errors.append(str(exc))
            self.page_error_stacks.append(getattr(exc, "stack", "") or "")

        def on_failed(req):
            self.failed_requests.append(f"{req.method} {req.url}: {req.failure}")

        self._listening = (
            ("console", on_console),
            ("pageerror", on_error),
            ("requestfailed", on_failed),
        )
        for event, handler in self._listening:
            page.on(event, handler)
        return self

    def detach(self, page) -> None:
        """Stop watching ``page`` (a tab given back for another test)."""
        for event, handler in getattr(self, "_listening", ()):
            page.remove_listener(event, handler)
        self._listening = ()

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions, one line each."""
        found = [
            f"console.error: {text} ({where})"
            for kind, text, where in self.console
            if kind == "error"
        ]
        return found + [f"uncaught: {text}" for text in self.page_errors]

    def summary(self) -> list[str]:
        lines = [f"console.{kind}: {text}" for kind, text, _ in self.console]
        lines += [f"uncaught: {text}" for text in self.page_errors]
        lines += [f"request failed: {text}" for text in self.failed_requests]
        return lines


# --------------------------------------------------------------------------- JupyterLab UI


def open_notebook(
    page, server: LabServer, notebook: str, *, single: bool = False, timeout: float = 90_000
) -> None:
    """Open `notebook` (relative to the server root) in a workspace of its own, so no tab of an
    earlier test is restored, and wait until its kernel is really ready; `single`: by Lab's
    single-document address (/doc)."""
    workspace = f"test-{os.urandom(4).hex()}"
    page.goto(server.lab_url(notebook, workspace=workspace, single=single))
    page.wait_for_function(
        "(path) => window.jupyterapp?.shell?.currentWidget?.context?.path === path",
        arg=notebook,
        timeout=timeout,
    )
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(state="visible", timeout=timeout)
    wait_kernel_ready(page, timeout=timeout)


def wait_kernel_ready(page, *, timeout: float = 90_000) -> None:
    """Wait for "Idle" in the status bar and an enabled debugger button.

    Waiting only for the toolbar's idle indicator races on a fresh server: Run All then clears
    the cells without running them.
    """
    page.locator("#jp-main-statusbar").get_by_text("Idle").first.wait_for(timeout=timeout)
    page.locator('.jp-DebuggerBugButton[aria-disabled="false"]').first.wait_for(
        state="attached", timeout=timeout
    )


def menu_command(page, menu: str, item: str) -> None:
    """Click a main-menu item by its labels, e.g. menu_command(page, "Run", "Run All Cells")."""
    page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-content .lm-Menu-itemLabel").get_by_text(item, exact=True).click()


_CELLS_STATE_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = [...panel.node.querySelectorAll('.jp-Notebook .jp-CodeCell')];
  // each cell's source from its model; a cell whose input is hidden (jupyter.source_hidden, as
  // in the play notebooks) shows no editor and an empty prompt: its count is read there too
  const model = (cell) => panel.content.widgets.find((w) => w.node === cell)?.model;
  const prompt = (cell) => {
    const shown = (cell.querySelector('.jp-InputPrompt')?.textContent || '').trim();
    const m = model(cell);
    if (shown || !m) return shown;
    if (m.executionState === 'running') return '[*]:';
    return m.executionCount === null ? '' : `[${m.executionCount}]:`;
  };
  return cells.map((cell) => ({
    prompt: prompt(cell),
    source: (model(cell)?.sharedModel.getSource() ?? '').trim(),
    errors: [...cell.querySelectorAll('.jp-OutputArea-output')]
      .filter((o) => o.getAttribute('data-mime-type') === 'application/vnd.jupyter.stderr')
      .map((o) => o.textContent.slice(0, 2000)),
  }));
}
"""


def run_all_cells(page, *, timeout: float = 300.0) -> list[dict]:
    """Clear all outputs, then Run > Run All Cells; wait until every cell has run.

    Cells whose input is hidden are waited for too (their count is read from the cell's model).
    Clearing first makes completion observable (the stored outputs carry the same execution
    counts a fresh run gives). Fails with the stderr/traceback outputs when a cell stops the run.
    Returns the cells as seen in the page (prompt, source, stderr outputs).
    """
    menu_command(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(
        "() => ![...window.jupyterapp.shell.currentWidget.node"
        ".querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
        ".some((p) => /\\[\\d+\\]/.test(p.textContent))",
        timeout=30_000,
    )
    menu_command(page, "Run", "Run All Cells")
    started = time.monotonic()
    deadline = started + timeout
    cells: list[dict] = []
    while time.monotonic() < deadline:
        cells = page.evaluate(_CELLS_STATE_JS)
        to_run = [c for c in cells if c["source"]]
        running = any("*" in c["prompt"] for c in to_run)
        done = all(_has_count(c["prompt"]) for c in to_run)
        if done and to_run:
            wait_kernel_ready(page)
            wait_scroll_settled(page)
            return cells
        if not running and not any(_has_count(c["prompt"]) for c in to_run):
            if time.monotonic() - started > 30:
                raise AssertionError("Run All Cells started no cell within 30 s")
            page.wait_for_timeout(100)
            continue
        if not running and any(_has_count(c["prompt"]) for c in to_run):
            # Nothing queued any more, yet some cells never ran: a cell raised. Settle, recheck.
            page.wait_for_timeout(500)
            cells = page.evaluate(_CELLS_STATE_JS)
            to_run = [c for c in cells if c["source"]]
            if not any("*" in c["prompt"] for c in to_run) and not all(
                _has_count(c["prompt"]) for c in to_run
            ):
                stopped = next(i for i, c in enumerate(to_run) if not _has_count(c["prompt"]))
                errors = [e for c in to_run for e in c["errors"]]
                raise AssertionError(
                    f"Run All Cells stopped before code cell {stopped} "
                    f"({to_run[stopped]['source'][:80]!r}); error outputs:\n" + "\n".join(errors)
                )
        page.wait_for_timeout(100)
    raise AssertionError(f"Run All Cells did not finish in {timeout:.0f} s; cells: {cells}")


_SCROLL_QUIET_JS = """
(quietMs) => {
  const now = performance.now();
  const key = [...document.querySelectorAll('.jp-WindowedPanel-outer')]
    .map((e) => `${e.scrollTop}/${e.scrollHeight}`).join(',');
  const w = (window.__kasScroll = window.__kasScroll || {key: null, since: now});
  if (key !== w.key) {
    w.key = key;
    w.since = now;
    return false;
  }
  return now - w.since >= quietMs;
}
"""


def wait_scroll_settled(page, *, quiet_ms: int = 800, timeout: float = 30_000) -> None:
    """Wait until the notebook's scroll position and height have not changed for ``quiet_ms``.

    After Run All, a windowed notebook keeps measuring the cells it has rendered and scrolling
    to the active cell for a moment; a button clicked meanwhile can move away between the press
    and the release (a person would not click that fast, a test does)."""
    page.evaluate("() => { window.__kasScroll = null; }")
    page.wait_for_function(_SCROLL_QUIET_JS, arg=quiet_ms, timeout=timeout, polling=100)


def _has_count(prompt: str) -> bool:
    inner = prompt.strip().removeprefix("[").removesuffix("]:").removesuffix("]").strip()
    return inner.isdigit()


_KERNEL_EXECUTE_JS = """
async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let stdout = '', stderr = '';
  future.onIOPub = (msg) => {
    const kind = msg.header.msg_type;
    if (kind === 'stream') {
      if (msg.content.name === 'stdout') stdout += msg.content.text;
      else stderr += msg.content.text;
    } else if (kind === 'error') {
      stderr += `${msg.content.ename}: ${msg.content.evalue}\\n`;
    }
  };
  const reply = await future.done;
  return {stdout, stderr, status: reply.content.status, kernelId: kernel.id,
          path: panel.context.path};
}
"""


@dataclass
class KernelReply:
    stdout: str
    stderr: str
    status: str
    kernel_id: str
    path: str


def kernel_execute(page, code: str) -> KernelReply:
    """Run `code` in the kernel of the notebook open in the page (through the page's own
    kernel connection; nothing is added to the notebook) and return what it printed."""
    raw = page.evaluate(_KERNEL_EXECUTE_JS, code)
    reply = KernelReply(raw["stdout"], raw["stderr"], raw["status"], raw["kernelId"], raw["path"])
    if reply.status != "ok":
        raise AssertionError(f"kernel code {code!r} failed: {reply.stderr}")
    return reply


# --------------------------------------------------------------------------- click-to-redraw timing

_TIMER_JS = """
(rootSelector) => {
  if (window.__kasRedraw) return;
  const T = (window.__kasRedraw = {samples: [], pending: null});
  // Capture phase on document: runs before the widget's own click handler.
  document.addEventListener('click', (ev) => {
    const button = ev.target instanceof Element ? ev.target.closest('button') : null;
    const root = button ? button.closest(rootSelector) : null;
    if (!root) return;
    T.pending = {
      t0: ev.timeStamp, host: root.parentElement, root,
      version: root.getAttribute('data-version'),
      label: button.dataset.action || button.dataset.key || button.className,
    };
  }, true);
  const check = () => {
    const p = T.pending;
    if (!p) return;
    const root = p.root.isConnected ? p.root : p.host && p.host.querySelector(rootSelector);
    if (!root) return;
    const version = root.getAttribute('data-version');
    if (version === p.version) return;
    const now = performance.now();
    T.pending = null;
    const sample = {label: p.label, from: p.version, to: version, ms: now - p.t0, frame_ms: null};
    T.samples.push(sample);
    requestAnimationFrame(() => { sample.frame_ms = performance.now() - p.t0; });
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-version'],
  });
}
"""


def install_redraw_timer(page, root_selector: str) -> None:
    """Time, inside the page, each click on a button within `root_selector` until the root's
    data-version changes (the widget sets it after redrawing). Playwright's overhead is outside
    the measured interval: the clock starts at the click event's own time stamp."""
    page.evaluate(_TIMER_JS, root_selector)


def timed_click(page, button, *, timeout: float = 30_000) -> dict:
    """Click `button` (a Locator) and wait for the redraw; return the in-page sample."""
    before = page.evaluate("() => window.__kasRedraw.samples.length")
    label = (
        button.get_attribute("data-action")
        or button.get_attribute("data-key")
        or button.get_attribute("class")
    )
    button.click()
    try:
        page.wait_for_function(
            "(n) => window.__kasRedraw.samples.length > n", arg=before, timeout=timeout
        )
    except Exception as exc:
        raise AssertionError(
            f"clicking {label!r} did not change data-version within {timeout / 1000:.0f} s"
        ) from exc
    # Let the requestAnimationFrame callback fill in frame_ms.
    page.wait_for_function(
        "(n) => window.__kasRedraw.samples[n].frame_ms !== null", arg=before, timeout=5_000
    )
    return page.evaluate("(n) => window.__kasRedraw.samples[n]", before)


def timing_report(title: str, samples: list[dict]) -> list[str]:
    """Lines describing click-to-redraw samples: median, then every sample in order."""
    ms = [s["ms"] for s in samples]
    frames = [s["frame_ms"] for s in samples]
    lines = [
        f"{title}: {len(ms)} clicks; click -> redrawn DOM (data-version changed): "
        f"median {statistics.median(ms):.1f} ms, min {min(ms):.1f}, max {max(ms):.1f} "
        f"(goal < 100 ms); click -> next animation frame: median "
        f"{statistics.median(frames):.1f} ms",
    ]
    lines += [
        f"  {i + 1:2d}. {s['label']:<28} v{s['from']} -> v{s['to']}: "
        f"{s['ms']:7.1f} ms (frame {s['frame_ms']:7.1f} ms)"
        for i, s in enumerate(samples)
    ]
    return lines


# --------------------------------------------------------------------------- artifacts


def artifact_path(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name


#: whether the tests keep their pictures of the pages for people to look at (test-artifacts/):
#: in `make soak` and with KASKARIA_SCREENSHOTS=1; `make test` keeps only a failed test's page
#: (a picture is no check; the hundred or so of a run took the browser half a minute of a core or
#: more, about 0.2 s each measured in the apps' playthrough)
SCREENSHOTS = os.environ.get("KASKARIA_SCREENSHOTS", "") not in ("", "0")


def page_screenshot(page, name: str, **options: Any) -> Path:
    """Save a screenshot of the page as test-artifacts/`name` (if pictures are kept)."""
    path = artifact_path(name)
    if SCREENSHOTS:
        page.screenshot(path=str(path), **options)
    return path


def element_screenshot(page, element, name: str, *, max_height: int = 4000) -> Path:
    """Save a screenshot of `element` (a Locator) as test-artifacts/`name` (if pictures are
    kept, see SCREENSHOTS).

    The notebook scrolls inside JupyterLab, so a tall widget would be cut at the notebook's
    edge: the viewport is made tall enough for the whole element, then restored.
    """
    path = artifact_path(name)
    if not SCREENSHOTS:
        return path
    original = page.viewport_size
    box = element.bounding_box()
    needed = int(box["height"]) + 400 if box else original["height"]
    if needed > original["height"]:
        page.set_viewport_size({"width": original["width"], "height": min(needed, max_height)})
    try:
        element.scroll_into_view_if_needed()
        page.wait_for_timeout(100)  # let JupyterLab lay the resized panel out
        element.screenshot(path=str(path))
    finally:
        page.set_viewport_size(original)
    return path


# --------------------------------------------------------------------------- a widget without JupyterLab

_WIDGET_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="widget.css"></head><body><div id="out"></div>
<script type="module">
import widget from "./widget.js";
const listeners = [];
window.__sent = [];
window.__state = {};
// the whole model a table's shell may use: get("view"), on("change:view"), send(message)
// (no off: a page outside Jupyter need not give one)
const model = {
  get: (name) => window.__state[name],
  on: (event, f) => { if (event === "change:view") listeners.push(f); },
  send: (msg) => window.__sent.push(msg),
};
// one comm message per change, as Python sent it: the new view
window.__setView = (state) => { window.__state = state; listeners.forEach((f) => f()); };
window.__start = (state) => {
  window.__state = state;
  widget.render({ model, el: document.getElementById("out") });
};
window.__ready = true;
</script></body></html>"""


class WidgetPage:
    """A table widget's ES module and styles (exactly the strings anywidget gets) in a page served
    from memory, with a stand-in for the Jupyter model: fast, no JupyterLab.

    `relay()` hands what the page sent to the table's own message handler and then every change
    the table made, in order (as the comm delivers them), to the page.
    """

    def __init__(self, browser, table, *, viewport: dict | None = None, hidden_first: bool = False):
        """``hidden_first``: the table is drawn while its page is hidden, then shown, as Voila
        draws an app (its first view comes while the page is still hidden)."""
        self.table = table
        self._browser = browser
        self.page = browser.widget_tab(viewport)
        self.watch = PageWatch().attach(self.page)
        self._pushed: list[dict] = []
        table.observe(self._on_view, names="view")
        self.page.route("http://kaskaria.test/**", self._serve)
        self.page.goto("http://kaskaria.test/index.html")
        self.page.wait_for_function("window.__ready === true")
        if hidden_first:
            self.page.evaluate("() => { document.getElementById('out').style.display = 'none'; }")
        self.page.evaluate("(v) => window.__start(v)", self.state())
        if hidden_first:
            self.page.evaluate(
                "() => new Promise((done) => requestAnimationFrame(() => {"
                " document.getElementById('out').style.display = ''; done(); }))"
            )

    def state(self) -> dict:
        """The table's synced state as the page's model holds it: ``{"view": ...}``."""
        return {"view": self.table.view}

    def _on_view(self, change) -> None:
        self._pushed.append(self.state())

    def _serve(self, route):
        path = "/" + route.request.url.split("/", 3)[3].split("?")[0]
        static = {
            "/widget.js": (str(self.table._esm), "text/javascript"),
            "/widget.css": (str(self.table._css), "text/css"),
        }
        if path in static:
            text, kind = static[path]
            route.fulfill(body=text, content_type=kind)
        elif path == "/index.html":
            route.fulfill(body=_WIDGET_PAGE, content_type="text/html")
        else:
            route.fulfill(status=404, body="")

    def handle(self, content: dict) -> None:
        """Deliver one message to the table as the comm does."""
        self.table._handle_msg(
            {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
        )

    def relay(self) -> list[dict]:
        """Hand what the page sent to the table, then each change it made to the page; return
        what the page sent."""
        sent = self.page.evaluate("() => window.__sent.splice(0)")
        for content in sent:
            self.handle(content)
        self.deliver()
        return sent

    @property
    def pending(self) -> int:
        """How many of the table's changes wait to be delivered."""
        return len(self._pushed)

    def deliver(self, latest_only: bool = False, upto: int | None = None) -> dict:
        """Push the changes the table made since the last delivery to the page (the first
        ``upto`` of them, if given: the rest wait), all in one task; return the root's
        data-version right after (what is on screen at once). ``latest_only``: the newest of
        them alone, as a page that joins a table later gets it (a test that plays on to one
        moment need not draw every view on the way: each costs the browser a redraw)."""
        cut = len(self._pushed) if upto is None else upto
        views, self._pushed = self._pushed[:cut], self._pushed[cut:]
        if latest_only:
            views = views[-1:]
        return self.page.evaluate(
            """(views) => {
                for (const v of views) window.__setView(v);
                const root = document.querySelector('.kaskaria-table');
                return {version: root.getAttribute('data-version'), count: views.length};
            }""",
            views,
        )

    def close(self):
        self.table.unobserve(self._on_view, names="view")
        self.watch.detach(self.page)
        self._browser.give_back(self.page)


def next_step_buttons(table, widget, limit: int = 600):
    """Play a table whose first seat is a person's to its end, each view delivered to the page:
    the person's moves (the first legal one) and the bots' steps the page offers no "Next step"
    for are made by the table; each time the page offers an enabled "Next step", yield it (the
    caller presses it, by a click or a key, and relays what the page sent)."""
    page = widget.page
    for _ in range(limit):
        view = table.view
        if view["turn"]["to_move"] == "over":
            return
        if view["moves"]["actions"]:
            table.act(view["moves"]["actions"][0]["action"])
            widget.deliver()
            continue
        button = page.locator("button.kt-next:not([disabled])")
        if not button.count():
            table.next()
            widget.deliver()
            continue
        yield button


# --------------------------------------------------------------------------- one screen

#: the sizes a table must fit without scrolling: a laptop, and a 1024 x 768 projector at 150 %
ONE_SCREEN_SIZES = {"1280x800": (1280, 800), "1024x768": (1024, 768), "683x512": (683, 512)}
#: the smallest of them as a page's viewport: where a test's point does not depend on the size
#: (what is named, where the focus goes), it runs there alone
SMALLEST = {"width": 683, "height": 512}

#: what a child needs on one screen, as boxes (CSS px): the board, whose turn, what happened
#: (the summary and the message) and every move the viewer can make
ONE_SCREEN_JS = """() => {
  const root = document.querySelector('.kaskaria-table');
  const visible = (el) => el && el.getClientRects().length > 0;
  const box = (el) => {
    const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom};
  };
  const one = (sel) => { const el = root.querySelector(sel); return visible(el) ? box(el) : null; };
  return {
    width: window.innerWidth,
    height: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    parts: {
      board: one('.kt-board-host:not([hidden])') || one('.kt-pass') || one('.kt-results'),
      turn: one('.kt-turn'),
      summary: one('.kt-summary'),
      message: one('.kt-message'),
    },
    // every decision, "Play again", the hint, and the take-back with its note (why it cannot
    // be used now): a child reads them all without scrolling
    moves: [...root.querySelectorAll('button.kt-action, button.kt-pass-ready, .kt-play-again, button.kt-hint-button, button.kt-undo, .kt-undo-reason')]
      .filter(visible).map((b) => ({action: b.dataset.action || b.className.split(' ')[0],
                                    box: box(b)})),
    pieces: root.querySelectorAll('.kt-clickable').length,
  };
}"""


#: every word of the table that lies on more than one line, as "<its element's class>: <word>"
#: (a word's piece on each line is a box of its own). A word may break only where it says it may:
#: at a hyphen or a soft hyphen ("Schnei-derin"), never inside a piece between them.
BROKEN_WORDS_JS = """(selector) => {
  const broken = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !el.getClientRects().length) continue;
      for (const m of node.data.matchAll(/[^\\s\\u00ad-]+/g)) {
        // the line of each letter (its last box: a letter just after a soft hyphen's break also
        // has the hyphen's box at the end of the line before)
        const tops = new Set();
        for (let i = m.index; i < m.index + m[0].length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
          if (boxes.length) tops.add(Math.round(boxes[boxes.length - 1].top));
        }
        if (tops.size > 1) broken.push(`${el.className.split(' ')[0] || el.tagName}: ${m[0]}`);
      }
    }
  }
  return [...new Set(broken)];
}"""


def broken_words(page, selector: str = ".kaskaria-table") -> list[str]:
    """The words of the tables (``selector``) on ``page`` that break inside (empty: none)."""
    return page.evaluate(BROKEN_WORDS_JS, selector)


def off_screen(measure: dict) -> list[str]:
    """What a child would have to scroll to (empty: everything needed is on one screen)."""
    w, h = measure["width"], measure["height"]

    def out(b: dict) -> bool:
        return b["left"] < -0.5 or b["top"] < -0.5 or b["right"] > w + 0.5 or b["bottom"] > h + 0.5

    missing = []
    if measure["scrollWidth"] > w:
        missing.append(f"page {measure['scrollWidth']} px wide")
    for name, b in measure["parts"].items():
        if b is None:
            missing.append(f"{name}: not shown")
        elif out(b):
            missing.append(f"{name}: bottom at {round(b['bottom'])}")
    for m in measure["moves"]:
        if out(m["box"]):
            missing.append(f"move {m['action']}: bottom at {round(m['box']['bottom'])}")
    return missing


#: Dragon's Gold's searches made while tables were played to a moment, in this process: the
#: same seeded game is played to the same moment in many tests (see remembered_searches)
_SEARCHES: dict = {}


@contextmanager
def remembered_searches():
    """Dragon's Gold's searching bot, asked again in this process what it was asked before (the
    same view of its seat, the same choices and budget, its random numbers in the same state),
    answers what it answered then at once, its random numbers left where that search left them:
    the table reaches the same moment by the same code, without searching again."""
    from kaskaria.dragons_gold import search

    think = search.think

    def remembered(view, rng, choices, *args, **kwargs):
        key = json.dumps(
            [view.observation, view.seat, [repr(c) for c in choices], args, kwargs,
             rng.bit_generator.state],
            sort_keys=True, default=repr,
        )  # fmt: skip
        if key not in _SEARCHES:
            result = think(view, rng, choices, *args, **kwargs)
            _SEARCHES[key] = (result, rng.bit_generator.state)
        result, after = _SEARCHES[key]
        rng.bit_generator.state = after
        return result

    search.think = remembered
    try:
        yield
    finally:
        search.think = think


def tab_stops(page: Any, focus_js: str, presses: int = 150) -> list[dict]:
    """Where the focus lands after each Tab from the page's start (``focus_js`` says what it is,
    with an ``"id"``), until it comes round to the first again."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    stops: list[dict] = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        here = page.evaluate(focus_js)
        if stops and here["id"] == stops[0]["id"]:
            break
        stops.append(here)
    return stops


def divide_and_choose_table(lang: str, phase: str):
    """A seeded three-player Dragon's Gold table with the divide-and-choose rules (a person, an
    easy and a medium bot; hints on, as in the children's apps), played at random (bots by
    Next) until the person divides the treasure (``phase="divide"``) or takes a pile
    (``"choose"``)."""
    from kaskaria.widgets import DragonsGoldTable

    table = DragonsGoldTable(
        players=3,
        seats=("human", "easy", "medium"),
        variant="basic-strategic",
        seed=4,
        lang=lang,
        autoplay=None,
        hints=True,
    )
    return _played_until(table, (phase,))


def _played_until(
    table, phases: tuple[str, ...], seed: int = 0, limit: int = 400, after: int = 0, until=None
):
    """``table`` played at random (bots by Next) until, after ``after`` steps, its person decides
    in one of ``phases`` (and ``until(view)`` holds, if given)."""
    import random

    rng = random.Random(seed)
    with remembered_searches():
        for step in range(limit):
            view = table.view
            if (
                step >= after
                and view["turn"]["to_move"] == "human"
                and view["turn"]["phase"] in phases
                and (until is None or until(view))
            ):
                return table
            if view["moves"]["actions"]:
                table.act(rng.choice(view["moves"]["actions"])["action"])
            else:
                table.next()
    raise AssertionError(f"no {phases} decision for the person in {limit} steps")


class _Tables(Mapping):
    """Tables by name, each set up when it is first asked for: most tests want one of them, and
    setting up Dragon's Gold's two moments plays a game with a searching bot (seconds of a core
    in each test's process)."""

    def __init__(self, makers: dict) -> None:
        self._makers = makers
        self._made: dict = {}

    def __getitem__(self, name: str):
        if name not in self._made:
            self._made[name] = self._makers[name]()
        return self._made[name]

    def __iter__(self):
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


def one_screen_tables(lang: str) -> Mapping:
    """The tables at moments a child decides (the first turn, a roll, building and answering a
    proposal, a hand in mid-game), as a projector would show them, with the Hint button of the
    children's apps; each set up when it is first asked for."""
    from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

    set_up = ["draw maid", "draw king", "draw knight", "draw page"]

    def dragons_gold():
        return DragonsGoldTable(
            players=4,
            seats=("human", "easy", "medium", "hard"),
            seed=2,
            lang=lang,
            autoplay=None,
            hints=True,  # as in the children's apps
            hourglass=True,  # as in the children's app
        )

    return _Tables(
        {
            "dragon-battle-decide": lambda: DragonBattleTable(
                players=4,
                seats=("human", "hard", "easy", "medium"),
                seed=1,
                lang=lang,
                autoplay=None,
                hints=True,  # as in the children's apps
                actions=[*set_up, "roll", "roll black blue red red", "place red"],
            ),
            "heroes-later": lambda: _played_until(
                HeroesTable(
                    seats=("human", "medium"), seed=3, lang=lang, autoplay=None, hints=True
                ),
                ("choose",),
                after=40,
            ),
            "dragons-gold-build": lambda: _played_until(dragons_gold(), ("build",)),
            "dragons-gold-answer": lambda: _played_until(dragons_gold(), ("answer",)),
            "dragon-battle": lambda: DragonBattleTable(
                players=3,
                seats=("human", "hard", "easy"),
                seed=1,
                lang=lang,
                autoplay=None,
                hints=True,  # as in the children's apps
                actions=[*set_up, "roll", "roll yellow red blue silver"],
            ),
            "heroes": lambda: HeroesTable(
                seats=("human", "medium"), seed=3, lang=lang, autoplay=None, hints=True
            ),
            "dragons-gold": lambda: DragonsGoldTable(
                players=4,
                seats=("human", "easy", "medium", "hard"),
                seed=2,
                lang=lang,
                autoplay=None,
                hints=True,
            ),
        }
    )


#: the README's pictures of the tables (docs/img/): (file, moment of :func:`one_screen_tables`,
#: language); ``tools/table_screenshots.py`` draws them at 1280 x 800
PICTURES = (
    ("table-dragon-battle.png", "dragon-battle", "en"),
    ("table-heroes.png", "heroes", "en"),
    ("table-dragons-gold.png", "dragons-gold-answer", "en"),
    ("table-dragons-gold-de.png", "dragons-gold", "de"),
)
#: what each picture was drawn from: a hash of its table's view, kept beside the pictures
PICTURE_VIEWS = Path(__file__).resolve().parent.parent / "docs" / "img" / "views.json"


def view_hash(view: dict) -> str:
    """A short hash of everything a view tells a screen (its words, pieces, moves), but its
    clock and timer (the hourglass runs by the wall clock)."""
    import hashlib

    told = {part: value for part, value in view.items() if part not in ("clock", "timer")}
    text = json.dumps(told, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def picture_views() -> dict[str, str]:
    """For each README picture, the hash of the view its table has now."""
    tables = {lang: one_screen_tables(lang) for lang in {lang for _, _, lang in PICTURES}}
    return {name: view_hash(tables[lang][moment].view) for name, moment, lang in PICTURES}


# --------------------------------------------------------------------------- axe-core

AXE_SCRIPT = None


def axe_script() -> str:
    global AXE_SCRIPT
    if AXE_SCRIPT is None:
        import axe_playwright_python  # its bundled axe.min.js (axe-core 4.12)

        AXE_SCRIPT = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
    return AXE_SCRIPT


def run_axe(page, context: str | None = None) -> list[dict]:
    """axe-core's violations on the whole page (or the elements `context` selects):
    [{id, impact, nodes: [target...]}]."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    return page.evaluate(
        """async (context) => {
            // a piece sliding in is half transparent: let short animations end first (at most
            // 1 s; an endless one, such as a running hourglass, never ends: it is not waited for)
            const ends = document.getAnimations()
              .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
              .map((a) => a.finished.catch(() => null));
            await Promise.race([Promise.all(ends), new Promise((r) => setTimeout(r, 1000))]);
            const r = await axe.run(context || document, {resultTypes: ['violations']});
            return r.violations.map((v) => ({id: v.id, impact: v.impact,
              nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' +
                (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim())}));
        }""",
        context,
    )


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]


#: an app's table once drawn (its root carries the view's version)
APP_TABLE = ".kaskaria-table[data-version]"


def app_version(page: Any) -> int:
    """The version of the view an app's table shows now."""
    return int(page.locator(APP_TABLE).first.get_attribute("data-version"))


def wait_new_view(page: Any, before: int, timeout: float = 30_000) -> None:
    """Wait until an app's table shows a view newer than ``before``."""
    page.wait_for_function(
        "([sel, v]) => { const el = document.querySelector(sel);"
        " return el && Number(el.getAttribute('data-version')) > v; }",
        arg=[APP_TABLE, before],
        timeout=timeout,
    )


def overlap(a: dict, b: dict) -> bool:
    """Do two boxes (left, right, top, bottom in CSS px) overlap by more than half a pixel?"""
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )
