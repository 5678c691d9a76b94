"""The architecture check behind ``make lint`` (docs/decisions/0008-architecture-check.md).

Four rules over the project's own packages, one line per violation
(``path:line: rule: detail``) and exit status 1 if there is any:

``import-cycle``
    Modules that import each other, directly or round a longer loop, counting imports made inside
    functions (they still tie the modules together; they only move the failure to run time).
``seam``
    ``memory`` and ``governance`` reach each other only through ``services``, ``selectors``,
    ``policy`` and ``errors``; an import of anything else across that seam is a violation.
``module-size``
    A product module (not under ``tests/``, ``migrations/`` or ``benchmarks/``) over 800 lines.
``local-import``
    An import of a project module inside a function without ``# local import: <reason>`` on its
    line, another line of the same statement, or the line above.

Imports under ``if TYPE_CHECKING:`` never run, so no rule counts them. The import graph is
grimp's (the engine of import-linter); the only parsing done here is finding which of grimp's
import lines lie inside a function, and reading comments.

Runs without Django settings and imports no project module: ``python scripts/check_architecture.py``
(``--root`` and ``--packages`` point it at another tree, which is how its tests build failing ones).
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("agents_registry", "config", "dashboard", "evaluation", "governance", "memory",
            "observability", "quorum_mcp", "benchmarks")
MAX_LINES = 800
# Each side of a seam, and the parts of it the other side may import (a part and its submodules).
SEAMS = {"memory": "governance", "governance": "memory"}
SEAM_OPENINGS = ("services", "selectors", "policy", "errors")
NOT_PRODUCT = frozenset({"tests", "migrations"})
# Benchmarks choose their database (``benchmarks.common.setup_django``) before any model can be
# imported, so their project imports are late by design; they still count for import cycles.
NOT_PRODUCT_PACKAGES = frozenset({"benchmarks"})
LOCAL_IMPORT_REASON = re.compile(r"#\s*local import:\s*\S")
RULES = ("import-cycle", "seam", "module-size", "local-import")


@dataclass(frozen=True, order=True)
class Violation:
    path: str
    line: int
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule}: {self.detail}"


@dataclass(frozen=True)
class Tree:
    """The packages under ``root``: grimp's import graph plus where each module's file is."""

    root: Path
    graph: grimp.ImportGraph
    files: dict[str, Path]

    def path(self, module: str) -> str:
        return self.files[module].relative_to(self.root).as_posix()

    def import_lines(self, importer: str, imported: str) -> list[int]:
        details = self.graph.get_import_details(importer=importer, imported=imported)
        return sorted({detail["line_number"] for detail in details})


def tree_load(root: Path, packages: Sequence[str]) -> Tree:
    root = root.resolve()
    present = [name for name in packages if (root / name / "__init__.py").is_file()]
    if not present:
        raise SystemExit(f"no package of {', '.join(packages)} under {root}")
    sys.path.insert(0, str(root))
    graph = grimp.build_graph(*present, exclude_type_checking_imports=True, cache_dir=None)
    files: dict[str, Path] = {}
    for module in graph.modules:
        base = root.joinpath(*module.split("."))
        files[module] = base / "__init__.py" if (base / "__init__.py").is_file() else base.with_suffix(".py")
    return Tree(root=root, graph=graph, files=files)


def is_product(tree: Tree, module: str) -> bool:
    parts = module.split(".")
    return (parts[0] not in NOT_PRODUCT_PACKAGES and not NOT_PRODUCT & set(parts)
            and tree.files[module].is_file())


# --- import-cycle ---------------------------------------------------------------------------------

def tangles(tree: Tree) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    graph = tree.graph
    successors = {module: sorted(graph.find_modules_directly_imported_by(module))
                  for module in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(successors):
        if start in index:
            continue
        work = [(start, iter(successors[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def shortest_loop(tree: Tree, members: list[str]) -> list[str]:
    """The shortest way from the tangle's first module back to itself, staying inside the tangle."""
    inside = set(members)
    start = members[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(tree.graph.find_modules_directly_imported_by(node)):
                if child not in inside:
                    continue
                if child == start:
                    loop = [node]
                    while loop[-1] != start:
                        loop.append(came_from[loop[-1]])
                    return [start, *reversed(loop[:-1]), start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"{start} is in a tangle but no loop leads back to it")


def check_cycles(tree: Tree) -> list[Violation]:
    violations = []
    for members in tangles(tree):
        loop = shortest_loop(tree, members)
        steps = []
        for importer, imported in zip(loop, loop[1:]):
            lines = ",".join(str(n) for n in tree.import_lines(importer, imported))
            steps.append(f"{importer} -> {imported} ({tree.path(importer)}:{lines})")
        more = f"; {len(members)} modules in this tangle: {', '.join(members)}" if len(members) > len(loop) - 1 else ""
        first = tree.import_lines(loop[0], loop[1])[0]
        violations.append(Violation(tree.path(loop[0]), first, "import-cycle", "; ".join(steps) + more))
    return violations


# --- seam -----------------------------------------------------------------------------------------

def through_opening(imported: str, side: str) -> bool:
    parts = imported.split(".")
    return parts[0] == side and len(parts) > 1 and parts[1] in SEAM_OPENINGS


def check_seams(tree: Tree) -> list[Violation]:
    violations = []
    for importer in sorted(tree.graph.modules):
        other = SEAMS.get(importer.split(".")[0])
        if other is None:
            continue
        for imported in sorted(tree.graph.find_modules_directly_imported_by(importer)):
            if imported.split(".")[0] == other and not through_opening(imported, other):
                for line in tree.import_lines(importer, imported):
                    violations.append(Violation(
                        tree.path(importer), line, "seam",
                        f"{importer} imports {imported}; {other} is reachable only through "
                        + ", ".join(f"{other}.{part}" for part in SEAM_OPENINGS)))
    return violations


# --- module-size ----------------------------------------------------------------------------------

def check_sizes(tree: Tree) -> list[Violation]:
    violations = []
    for module in sorted(tree.graph.modules):
        if not is_product(tree, module):
            continue
        count = len(tree.files[module].read_text(encoding="utf-8").splitlines())
        if count > MAX_LINES:
            violations.append(Violation(tree.path(module), MAX_LINES + 1, "module-size",
                                        f"{module} has {count} lines (at most {MAX_LINES})"))
    return violations


# --- local-import ---------------------------------------------------------------------------------

def local_import_statements(source: str) -> dict[int, int]:
    """First line → last line of every import statement inside a function body."""
    statements: dict[int, int] = {}

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)) and in_function:
                statements[child.lineno] = child.end_lineno or child.lineno
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                           ast.Lambda)))

    visit(ast.parse(source), False)
    return statements


def comment_lines(source: str) -> dict[int, str]:
    comments: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string
    return comments


def check_local_imports(tree: Tree) -> list[Violation]:
    violations = []
    for importer in sorted(tree.graph.modules):
        imports = [(imported, line)
                   for imported in sorted(tree.graph.find_modules_directly_imported_by(importer))
                   for line in tree.import_lines(importer, imported)]
        if not imports or not is_product(tree, importer):
            continue
        source = tree.files[importer].read_text(encoding="utf-8")
        statements = local_import_statements(source)
        comments = comment_lines(source)
        for imported, line in imports:
            if line not in statements:
                continue
            explained = any(LOCAL_IMPORT_REASON.search(comments.get(n, ""))
                            for n in range(line - 1, statements[line] + 1))
            if not explained:
                violations.append(Violation(
                    tree.path(importer), line, "local-import",
                    f"{importer} imports {imported} inside a function with no "
                    f"'# local import: <reason>' beside it"))
    return violations


CHECKS = {"import-cycle": check_cycles, "seam": check_seams, "module-size": check_sizes,
          "local-import": check_local_imports}


def check(root: Path = ROOT, packages: Sequence[str] = PACKAGES,
          rules: Iterable[str] = RULES) -> list[Violation]:
    tree = tree_load(root, packages)
    return sorted(v for rule in rules for v in CHECKS[rule](tree))


def summary(violations: Sequence[Violation]) -> str:
    if not violations:
        return "architecture: clean (" + ", ".join(f"{rule} 0" for rule in RULES) + ")"
    counts = {rule: sum(1 for v in violations if v.rule == rule) for rule in RULES}
    return (f"architecture: {len(violations)} violation(s) ("
            + ", ".join(f"{rule} {n}" for rule, n in counts.items()) + ")")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to check (default: this repo)")
    parser.add_argument("--packages", nargs="+", default=list(PACKAGES),
                        help="top-level packages under the root (missing ones are skipped)")
    parser.add_argument("--rule", action="append", choices=RULES, dest="rules",
                        help="check only this rule (repeatable; default: all)")
    args = parser.parse_args(argv)
    violations = check(args.root, args.packages, args.rules or RULES)
    for violation in violations:
        print(violation)
    print(summary(violations))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
