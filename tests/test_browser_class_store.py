"""The teacher's page in a real browser when the class's store cannot be written, on a class
server at 127.0.0.1: the store's folder turns into a file mid-lesson (nothing is injected), a
change is refused with a sentence, the teacher's page shows the alert until the store writes
again and then says the file was written again."""

from __future__ import annotations

import shutil

import pytest
from class_support import ServerProcess, teacher_command
from test_browser_class import at

pytestmark = pytest.mark.browser


def test_the_teacher_page_shows_a_store_that_cannot_be_written(browser, tmp_path):
    folder = tmp_path / "class"
    server = ServerProcess(folder / "class.sqlite3").start()
    errors: list[str] = []
    teacher = browser.context.new_page()
    teacher.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        teacher.goto(f"{server.url}teacher#key={server.key}&c={server.code}")
        teacher.wait_for_selector(".kc-class .kc-code")
        assert teacher_command(server, type="create", game="heroes", players=2, level="easy")["ok"]
        at(teacher).wait_for_selector(".kc-table[data-table='1']")
        # the store's folder is deleted and a file takes its name: the store cannot be made again
        shutil.rmtree(folder)
        folder.write_text("not a folder")
        said = teacher_command(server, type="create", game="heroes", players=3, level="easy")
        assert said["ok"] is False
        assert said["errors"] == [
            "That could not be saved, so it did not happen. Try again in a moment."
        ]
        at(teacher).wait_for_function(
            "() => (document.querySelector('.kc-store-alert') || {}).textContent"
            '?.startsWith("The class\'s file could not be written")'
        )
        # the folder is back: within the server's next check the store writes, the alert goes
        folder.unlink()
        at(teacher).wait_for_function(
            "() => !document.querySelector('.kc-store-alert')", timeout=10_000
        )
        at(teacher).wait_for_function(
            "() => document.body.textContent.includes('has been written again from memory')"
        )
        assert (folder / "class.sqlite3").exists()
        assert teacher_command(server, type="create", game="heroes", players=3, level="easy")["ok"]
        # the page shows the two tables that were kept, never the refused one
        at(teacher).wait_for_selector(".kc-table[data-table='2']")
        assert teacher.eval_on_selector_all(".kc-table", "ts => ts.length") == 2
        assert errors == []
    finally:
        teacher.close()
        server.stop()
