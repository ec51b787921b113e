"""The notebooks' kernels under nbval start again once if a kernel dies before it answers (the
port a kernel was handed was taken first: tests/conftest.py, ``retried_once``), and only then."""

from __future__ import annotations

import nbval.kernel
import pytest
from conftest import retried_once


def test_a_kernel_that_died_at_its_start_is_started_once_more():
    calls = []

    def start(*args, **kwargs):
        calls.append((args, kwargs))
        if len(calls) == 1:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return "manager", "client"

    assert retried_once(start)(kernel_name="python3", cwd="x") == ("manager", "client")
    assert calls == [((), {"kernel_name": "python3", "cwd": "x"})] * 2


def test_a_kernel_that_dies_twice_or_fails_otherwise_is_not_started_again():
    calls = []

    def dies(**kwargs):
        calls.append(kwargs)
        raise RuntimeError("Kernel died before replying to kernel_info")

    with pytest.raises(RuntimeError, match="Kernel died"):
        retried_once(dies)()
    assert len(calls) == 2

    def refused(**kwargs):
        calls.append(kwargs)
        raise RuntimeError("Kernel info reqest timed out")

    calls.clear()
    with pytest.raises(RuntimeError, match="timed out"):
        retried_once(refused)()
    assert len(calls) == 1


def test_the_suite_starts_the_notebooks_kernels_so():
    assert "retried_once" in nbval.kernel.start_new_kernel.__qualname__
