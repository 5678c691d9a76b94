"""``python -m benchmarks --help`` prints the benchmarks' names and runs none of them."""

from __future__ import annotations

import pytest

from benchmarks import __main__ as entry


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["memory_api", "--help"]])
def test_help_lists_the_benchmarks_and_runs_nothing(argv, monkeypatch, capsys):
    ran: list[str] = []
    for name, run in list(entry.BENCHMARKS.items()):
        def record(flags, name=name):  # noqa: ANN001, ANN202
            ran.append(name)
        record.__module__ = run.__module__
        monkeypatch.setitem(entry.BENCHMARKS, name, record)
    assert entry.main(argv) == 0
    out = capsys.readouterr().out
    assert ran == []
    assert all(name in out for name in entry.BENCHMARKS)


def test_a_name_still_runs_its_benchmark(monkeypatch):
    ran: list[list[str]] = []
    monkeypatch.setitem(entry.BENCHMARKS, "inspection", lambda flags: ran.append(flags))
    assert entry.main(["inspection", "--quick"]) == 0
    assert ran == [["--quick"]]
