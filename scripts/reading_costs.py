"""Each per-note reading's cold CPU in the chain, over the deep pass's own judgments (perf50d, issue 16).

Run after ``QUORUM_BENCH_FREETEXT=0.3 QUORUM_BENCH_SUBJECTS=64 python -m benchmarks consolidation`` on its
database (``QUORUM_DATABASE_NAME`` or ``DATABASE_URL``), from the root of the tree to measure. Every
reading of ``memory.equivalence`` that is computed once per note — each ``@per_text`` function (memoised
per scope, ``memo.py``) and each ``@text_cache`` one (``memory.text_caches``) — is wrapped so that its
*computations* (not the answers served from a cache) are timed with the process's CPU clock, exclusive
of the readings it calls in turn. Then the pass's chain judgments (``profile_deep_pass.group_judgments``,
run by run, one :func:`~memory.equivalence.texts_memoised` scope a run) are judged with every per-text
cache emptied first (the objects made before, the resources included, frozen out of the collector
after a first warm-up round, as a pool process freezes them), ``--repeat`` times; the repetition with the least total CPU is printed: the chain's
CPU (with the wrappers: compare readings with each other, not with unwrapped runs), the readings' sum,
and each reading's computations, exclusive and inclusive CPU.

A reading whose answer is not computed (a pair-level one such as ``rules._compared`` is listed too:
it is ``@per_text`` over two texts) costs nothing here; the ES↔EN readings (``bilingual.*``,
``translation.translate``) include their Apertium exchanges' in-process side (the pipelines' own CPU is
in child processes, not here).

    python scripts/reading_costs.py [--repeat 3] [--top 40]

Ids-free: names of functions, counts and times only.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import os
import pkgutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from config.runner import WORKER_OMP_ENV  # noqa: E402

for _name, _value in WORKER_OMP_ENV.items():
    os.environ.setdefault(_name, _value)

_STACK: list[float] = []
_EXCLUSIVE: dict[str, float] = {}
_INCLUSIVE: dict[str, float] = {}
_COUNT: dict[str, int] = {}


def _timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` with its CPU recorded under ``name``, the nested timed readings' CPU subtracted."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _STACK.append(0.0)
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent = time.process_time() - started
            nested = _STACK.pop()
            if _STACK:
                _STACK[-1] += spent
            _EXCLUSIVE[name] = _EXCLUSIVE.get(name, 0.0) + spent - nested
            _INCLUSIVE[name] = _INCLUSIVE.get(name, 0.0) + spent
            _COUNT[name] = _COUNT.get(name, 0) + 1

    return wrapper


def _wrap_readings() -> list[Any]:
    """Time every per-note reading of the package; returns the replacement process caches (to empty)."""
    import memory.equivalence as package
    from memory import text_caches

    modules = [importlib.import_module(f"memory.equivalence.{info.name}")
               for info in pkgutil.iter_modules(package.__path__)]
    registered = text_caches.registered()
    replaced: dict[int, tuple[Any, Any]] = {}
    for module in modules:
        for attribute, value in list(vars(module).items()):
            if getattr(value, "__module__", None) != module.__name__ or id(value) in replaced:
                continue
            name = f"{module.__name__.rsplit('.', 1)[1]}.{attribute}"
            if any(value is cache for cache in registered):
                # a process cache: a new lru_cache over the timed function, put wherever the old one is named
                new = functools.lru_cache(maxsize=value.cache_info().maxsize)(_timed(name, value.__wrapped__))
                replaced[id(value)] = (value, new)
            elif getattr(getattr(value, "__code__", None), "co_name", "") == "memoised" and value.__closure__:
                # a @per_text reading: the function its memo calls on a miss is swapped for the timed one
                cell = value.__closure__[value.__code__.co_freevars.index("function")]
                cell.cell_contents = _timed(name, cell.cell_contents)
    for module in modules:
        for attribute, value in list(vars(module).items()):
            if id(value) in replaced and replaced[id(value)][0] is value:
                setattr(module, attribute, replaced[id(value)][1])
    return [new for _, new in replaced.values()]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django  # local import: the settings module is chosen first

    django.setup()
    from governance.selectors.predicates import predicate_cardinalities  # local imports: after django.setup()
    from memory.equivalence import default_chain, texts_memoised
    from profile_deep_pass import _caches_clear, group_judgments

    caches = _wrap_readings()
    runs, memories = group_judgments()
    pairs = [[(memories[a], memories[b], score) for a, b, score in run] for run in runs.values()]
    chain = default_chain(cardinality=predicate_cardinalities().get)

    def clear() -> None:
        _caches_clear()
        for cache in caches:
            cache.cache_clear()

    def judge_all() -> None:
        for run in pairs:
            with texts_memoised():
                for a, b, score in run:
                    chain.judge(a, b, similarity=score)

    clear()
    judge_all()  # load the resources (tables, WordNet, the Apertium pipelines)
    # as a pool process does after its warm-up (config/worker_start.py): without it a full collection
    # walks every object the resources made (≈ 190,000), ≈ 0.09 s of CPU charged to whichever reading
    # happens to be allocating at the time
    gc.collect()
    gc.freeze()
    best: tuple[float, dict[str, float], dict[str, float], dict[str, int]] | None = None
    for _ in range(args.repeat):
        _EXCLUSIVE.clear()
        _INCLUSIVE.clear()
        _COUNT.clear()
        clear()
        started = time.process_time()
        judge_all()
        total = time.process_time() - started
        if best is None or total < best[0]:
            best = (total, dict(_EXCLUSIVE), dict(_INCLUSIVE), dict(_COUNT))
    assert best is not None
    total, exclusive, inclusive, count = best
    judged = sum(len(run) for run in pairs)
    print(f"{judged:,} chain judgments of {len(pairs)} runs, cold: {total:.3f} s CPU (with the wrappers); "
          f"the readings' computations {sum(exclusive.values()):.3f} s; load {os.getloadavg()[0]:.1f}")
    for name in sorted(exclusive, key=exclusive.__getitem__, reverse=True)[:args.top]:
        print(f"  {name:<40} {count[name]:6d} computations  exclusive {1000 * exclusive[name]:7.1f} ms"
              f"  inclusive {1000 * inclusive[name]:7.1f} ms  {1000 * exclusive[name] / count[name]:.4f} ms each")


if __name__ == "__main__":
    main()
