"""Fixtures and reporting for tests/config."""

from __future__ import annotations

from typing import Any

# Filled by test_schemathesis.py; summarised at the end of the run whatever the capture mode.
SCHEMATHESIS_RESULTS: list[dict[str, Any]] = []


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    if SCHEMATHESIS_RESULTS:
        terminalreporter.section("schemathesis")
        for run in SCHEMATHESIS_RESULTS:
            terminalreporter.write_line(str(run.get("summary", run["name"])))
        total = sum(r["report"]["test_cases"]["generated"] for r in SCHEMATHESIS_RESULTS)
        fails = sum(r["report"]["test_cases"]["with_failures"] for r in SCHEMATHESIS_RESULTS)
        terminalreporter.write_line(f"schemathesis: {total} cases, {fails} failures")
