"""The teacher's controls of pupils in a real browser, on a class server at 127.0.0.1: the key
leaves the address bar at once, the QR code comes without it, the pages run under their content
policy, and the teacher hands a taken seat back, removes a pupil and closes the class."""

from __future__ import annotations

import pytest
from class_support import ServerProcess
from test_browser_class import command

pytestmark = pytest.mark.browser


@pytest.fixture
def class_server(tmp_path):
    s = ServerProcess(tmp_path / "class.sqlite3", extra=("--pace", "0.3")).start()
    yield s
    s.stop()


def test_the_teacher_removes_a_pupil_and_closes_the_class(browser, class_server):
    server = class_server
    errors: list[str] = []
    teacher = browser.context.new_page()
    teacher.on("pageerror", lambda exc: errors.append(str(exc)))

    def on_console(m) -> None:  # a refused script, style or socket is a console error
        where = (m.location or {}).get("url", "")
        if m.type == "error" and not where.endswith("/favicon.ico"):
            errors.append(f"{m.text} {where}")

    teacher.on("console", on_console)
    teacher.goto(f"{server.url}teacher#key={server.key}&c={server.code}")
    teacher.wait_for_selector(".kc-class .kc-code")
    assert server.key not in teacher.url and "key" not in teacher.url
    teacher.wait_for_function(
        "() => (document.querySelector('.kc-qr') || {}).src?.startsWith('blob:')"
    )
    command(server, type="create", game="heroes", players=2, level="easy")
    kid = browser.context.new_page()
    kid.on("pageerror", lambda exc: errors.append(str(exc)))
    kid.goto(f"{server.url}?c={server.code}")
    kid.fill("#kc-name", "Mallory")
    kid.click(".kc-join-button")
    kid.wait_for_selector(".kc-lobby-table[data-table='1'] button.kc-sit[data-seat='0']")
    teacher.wait_for_selector(".kc-pupils li:has-text('Mallory') .kc-p-remove")
    teacher.click(".kc-pupils li:has-text('Mallory') .kc-p-remove")
    kid.wait_for_function(
        "() => document.getElementById('kc-error').textContent.includes('took this nickname out')"
    )
    kid.wait_for_selector("#kc-join:not([hidden])")  # the page stops and offers to join again
    teacher.wait_for_function("() => !document.querySelector('.kc-pupils li')")
    kid.wait_for_timeout(1500)  # it does not join again by itself
    teacher.wait_for_function("() => !document.querySelector('.kc-pupils li')")
    teacher.click(".kc-c-joins")
    teacher.wait_for_selector(".kc-c-joins[aria-pressed='true']")
    late = browser.context.new_page()
    late.goto(f"{server.url}?c={server.code}")
    late.fill("#kc-name", "Zoe")
    late.click(".kc-join-button")
    late.wait_for_function(
        "() => document.getElementById('kc-error').textContent.includes('closed to new pupils')"
    )
    assert errors == []
    for page in (teacher, kid, late):
        page.close()
