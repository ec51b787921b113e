"""The children's apps' Voila settings (voila.json), read as Voila reads them."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_kernels_of_closed_app_pages_are_shut_down():
    """A tester found 46 kernels (about 78 MB each) still running after 45 app pages were
    closed: on a class's laptop they would fill its memory. Voila's kernel manager, built from
    voila.json as Voila builds it, shuts down a kernel idle for 15 minutes with no page open on
    it; a page still open (a child thinking) keeps its kernel, however long it waits."""
    from traitlets.config.loader import JSONFileConfigLoader
    from voila.configuration import VoilaConfiguration
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    config = JSONFileConfigLoader("voila.json", path=str(REPO)).load_config()
    chosen = VoilaConfiguration(config=config).multi_kernel_manager_class
    manager = voila_kernel_manager_factory(chosen, False, 0)(config=config)
    assert manager.cull_idle_timeout == 15 * 60
    assert manager.cull_interval == 60
    assert manager.cull_connected is False
