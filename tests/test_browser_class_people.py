"""The teacher blocks a pupil in a real browser, on a class server at 127.0.0.1: the pupil's page
stops, a reload does not bring it back, nor does another nickname typed in the same browser."""

from __future__ import annotations

import pytest
from class_support import ServerProcess
from test_browser_class import at

pytestmark = pytest.mark.browser

BLOCKED = "The teacher has stopped this device from joining."


def test_a_blocked_browser_does_not_come_back(browser, tmp_path):
    server = ServerProcess(tmp_path / "class.sqlite3").start()
    errors: list[str] = []
    teacher = browser.context.new_page()
    kid = browser.context.new_page()
    try:
        for page in (teacher, kid):
            page.on("pageerror", lambda exc: errors.append(str(exc)))
        teacher.goto(f"{server.url}teacher#key={server.key}&c={server.code}")
        teacher.wait_for_selector(".kc-class .kc-code")
        at(kid).goto(f"{server.url}?c={server.code}")
        kid.fill("#kc-name", "Mallory")
        kid.click(".kc-join-button")
        kid.wait_for_selector("#kc-lobby:not([hidden])")
        at(teacher).wait_for_selector(".kc-pupils li:has-text('Mallory') .kc-p-block")
        teacher.click(".kc-pupils li:has-text('Mallory') .kc-p-block")
        # Block asks first, on Mallory's row (a second click of a double-click does not answer)
        teacher.wait_for_selector(".kc-pupils li:has-text('Mallory') .kc-block-question")
        teacher.wait_for_timeout(600)
        teacher.click(".kc-pupils li:has-text('Mallory') .kc-p-block-yes")
        # on this computer every device has one address: the teacher hears what a block holds
        teacher.wait_for_selector(".kc-done:has-text('that browser cannot join again')")
        at(kid).wait_for_selector("#kc-join:not([hidden])")
        # a reload joins again by itself (its token and nickname): refused
        kid.reload()
        kid.wait_for_function(
            f"() => document.getElementById('kc-error').textContent.includes({BLOCKED!r})"
        )
        assert kid.is_hidden("#kc-lobby")
        # another nickname in the same browser: refused too
        kid.fill("#kc-name", "Mal2")
        kid.evaluate("() => { document.getElementById('kc-error').textContent = ''; }")
        kid.click(".kc-join-button")
        kid.wait_for_function(
            f"() => document.getElementById('kc-error').textContent.includes({BLOCKED!r})"
        )
        assert kid.is_hidden("#kc-lobby")
        at(teacher).wait_for_function("() => !document.querySelector('.kc-pupils li')")
        assert errors == []
    finally:
        for page in (teacher, kid):
            page.close()
        server.stop()
