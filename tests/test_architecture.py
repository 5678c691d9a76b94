"""The architecture check (scripts/check_architecture.py, ``make lint``) fails on each rule it
claims, on small packages written for the purpose, and passes on the real tree.

It runs as a subprocess, as ``make lint`` runs it: the synthetic packages reuse the project's
names (``memory``, ``governance``), which inside this process are the real, already imported ones.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKER = ROOT / "scripts" / "check_architecture.py"


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        for parent in path.relative_to(root).parents:
            if parent != Path(".") and not (root / parent / "__init__.py").exists():
                (root / parent / "__init__.py").write_text("")
        path.write_text(textwrap.dedent(text))


def run(root: Path, *packages: str) -> tuple[int, list[str]]:
    result = subprocess.run(
        [sys.executable, str(CHECKER), "--root", str(root), "--packages", *packages],
        capture_output=True, text=True, timeout=120, cwd=root)
    assert result.stderr == "", result.stderr
    lines = result.stdout.splitlines()
    return result.returncode, lines


def violations(lines: list[str], rule: str) -> list[str]:
    return [line for line in lines if f": {rule}: " in line]


def test_clean_tree_passes(tmp_path: Path) -> None:
    write(tmp_path, {
        "memory/models.py": "X = 1\n",
        "memory/services/records.py": """\
            from governance.services.suppressions import key
            from governance.selectors.reviews import pending
            from governance.policy import Policy
            from governance.errors import GovernanceError
            from memory.models import X
            """,
        "governance/services/suppressions.py": "key = 1\n",
        "governance/selectors/reviews.py": "pending = 1\n",
        "governance/policy.py": "Policy = 1\n",
        "governance/errors.py": "GovernanceError = 1\n",
    })
    status, lines = run(tmp_path, "memory", "governance")
    assert status == 0, lines
    assert lines == ["architecture: clean (import-cycle 0, seam 0, module-size 0, local-import 0)"]


def test_cycle_through_a_function_local_import_fails(tmp_path: Path) -> None:
    write(tmp_path, {
        "memory/services/records.py": "from memory.tasks import embed_task\n",
        "memory/tasks.py": """\
            def embed_task():
                from memory.services import records  # local import: (the cycle under test)
                return records
            """,
    })
    status, lines = run(tmp_path, "memory")
    assert status == 1
    assert violations(lines, "import-cycle") == [
        "memory/services/records.py:1: import-cycle: memory.services.records -> memory.tasks "
        "(memory/services/records.py:1); memory.tasks -> memory.services.records (memory/tasks.py:2)"]
    assert lines[-1].startswith("architecture: 1 violation(s) (import-cycle 1,")


def test_longer_cycle_across_packages_is_found(tmp_path: Path) -> None:
    write(tmp_path, {
        "config/audit.py": "import dashboard.views\n",
        "dashboard/views.py": "from memory import apis\n",
        "memory/apis.py": "from config.audit import audit\n",
    })
    status, lines = run(tmp_path, "config", "dashboard", "memory")
    assert status == 1
    [cycle] = violations(lines, "import-cycle")
    assert cycle.startswith("config/audit.py:1: import-cycle: config.audit -> dashboard.views")
    assert "dashboard.views -> memory.apis" in cycle and "memory.apis -> config.audit" in cycle


def test_type_checking_imports_make_no_cycle_and_cross_no_seam(tmp_path: Path) -> None:
    write(tmp_path, {
        "memory/models.py": """\
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from governance.models import Suppression
                from memory.tasks import embed_task
            """,
        "memory/tasks.py": "from memory.models import Memory\n",
        "governance/models.py": "Suppression = 1\n",
    })
    status, lines = run(tmp_path, "memory", "governance")
    assert (status, lines[-1]) == (0, "architecture: clean (import-cycle 0, seam 0, module-size 0, local-import 0)")


@pytest.mark.parametrize(("importer", "statement", "target"), [
    ("memory/services/consolidation.py", "from governance.models import ReviewItem", "governance.models"),
    ("memory/roots.py", "import governance.taxonomy", "governance.taxonomy"),
    ("governance/services/exports.py", "from memory.models import Memory", "memory.models"),
    ("governance/dsr_apis.py", "from memory.portal_apis import PortalPermission", "memory.portal_apis"),
])
def test_import_across_the_seam_past_its_openings_fails(
        tmp_path: Path, importer: str, statement: str, target: str) -> None:
    write(tmp_path, {
        importer: f'"""Docstring."""\n\n{statement}\n',
        "memory/models.py": "Memory = 1\n",
        "memory/portal_apis.py": "PortalPermission = 1\n",
        "governance/models.py": "ReviewItem = 1\n",
        "governance/taxonomy.py": "",
        "config/audit.py": "from memory.models import Memory\nfrom governance.models import ReviewItem\n",
    })
    status, lines = run(tmp_path, "memory", "governance", "config")
    assert status == 1
    [seam] = violations(lines, "seam")
    module = importer.removesuffix(".py").replace("/", ".")
    assert seam.startswith(f"{importer}:3: seam: {module} imports {target}; ")


def test_product_module_over_800_lines_fails_and_tests_and_migrations_are_exempt(tmp_path: Path) -> None:
    write(tmp_path, {
        "memory/equivalence.py": "x = 1\n" * 801,
        "memory/scrubbing.py": "x = 1\n" * 800,
        "memory/migrations/0001_initial.py": "x = 1\n" * 900,
        "memory/tests/test_big.py": "x = 1\n" * 900,
    })
    status, lines = run(tmp_path, "memory")
    assert status == 1
    assert violations(lines, "module-size") == [
        "memory/equivalence.py:801: module-size: memory.equivalence has 801 lines (at most 800)"]


def test_unexplained_function_local_project_import_fails(tmp_path: Path) -> None:
    write(tmp_path, {
        "memory/errors.py": "E = 1\n",
        "memory/apps.py": """\
            def ready():
                import json
                from memory.errors import E
                return E, json
            """,
        "memory/explained.py": """\
            class Thing:
                def same_line(self):
                    from memory.errors import E  # local import: app registry not ready at import
                    return E

                def line_above(self):
                    # local import: app registry not ready at import
                    from memory import errors
                    return errors

                async def multi_line(self):
                    from memory.errors import (
                        E,  # local import: app registry not ready at import
                    )
                    return E
            """,
        "memory/unexplained.py": """\
            def outer():
                # a comment that gives no reason
                def inner():
                    from . import errors  # local import:
                    return errors
                return inner
            """,
        "memory/module_level.py": "from memory.errors import E\n",
    })
    status, lines = run(tmp_path, "memory")
    assert status == 1
    assert [line.split(": local-import: ")[0] for line in violations(lines, "local-import")] == [
        "memory/apps.py:3", "memory/unexplained.py:4"]
    assert "memory.apps imports memory.errors inside a function" in violations(lines, "local-import")[0]


def test_rule_option_limits_the_check(tmp_path: Path) -> None:
    write(tmp_path, {"memory/big.py": "x = 1\n" * 801, "memory/apps.py": "def f():\n    from memory import big\n"})
    status, lines = run(tmp_path, "memory")
    assert status == 1 and len(violations(lines, "module-size")) == len(violations(lines, "local-import")) == 1
    result = subprocess.run([sys.executable, str(CHECKER), "--root", str(tmp_path), "--packages", "memory",
                             "--rule", "local-import"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert violations(result.stdout.splitlines(), "module-size") == []


def test_benchmarks_import_late_and_run_long_but_still_count_for_cycles(tmp_path: Path) -> None:
    write(tmp_path, {
        "memory/models.py": "X = 1\n",
        "benchmarks/recall.py": "def main():\n    from memory.models import X\n    return X\n" + "# pad\n" * 801,
    })
    code, lines = run(tmp_path, "memory", "benchmarks")
    assert code == 0, lines
    write(tmp_path, {"memory/models.py": "def late():\n    from benchmarks import recall  # local import: test\n"})
    code, lines = run(tmp_path, "memory", "benchmarks")
    assert code == 1
    assert len(violations(lines, "import-cycle")) == 1, lines


def test_real_tree_is_clean() -> None:
    result = subprocess.run([sys.executable, str(CHECKER)], capture_output=True, text=True,
                            timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stdout
    assert result.stdout.splitlines()[-1].startswith("architecture: clean")
