"""Which stages of the equivalence chain run in the deep pass, which decide, and their CPU (perf50b, issue 16).

Run after ``QUORUM_BENCH_FREETEXT=0.3 QUORUM_BENCH_SUBJECTS=64 python -m benchmarks consolidation`` on its
database (``QUORUM_DATABASE_NAME`` or ``DATABASE_URL``), from the root of the tree to measure: re-judges
exactly the pairs the benchmark's pass judged with the chain (its ``group`` Decisions, run by run, in
their order; ``profile_deep_pass.group_judgments``), every per-text cache of ``memory.equivalence``
emptied first, one :func:`~memory.equivalence.texts_memoised` scope a run as in the pass, and prints:

- the similarity judge's same-language ``veto`` calls by caller — the judge itself (``_judge``), the
  chain's veto of another judge's ``EQUIVALENT`` (``_veto``: it answers None at its first line for two
  structured statements), the translated readings of an ES↔EN pair (``<lambda>``, from
  ``translation.translated_veto``) — with what each call answered and its CPU;
- for each stage (the rules' judge, veto and entailment, the similarity judge's ``unproven``, each
  check its veto runs, the ES↔EN checks): calls, how many answered something (a reason, True, or a
  verdict), CPU;
- the chain's outcomes (label, judge, reason).

``--warm``: each run is judged twice and only the second is counted, with the pair-level answers
(``rules._compared``, ``slots.exchanged_around``) dropped in between and the notes' own readings kept
— what the stages cost once both notes have been read (``deep_pass_outcomes.py``'s "warm"). Without it
the figures are the pass's ("cold": the first judgment that meets a note pays its readings). The
wrappers cost a little CPU of their own; compare stages with each other, not with unwrapped runs.

    python scripts/deep_pass_stages.py [--warm] [--subjects N]

Ids-free: counts, reason codes and times only.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from config.runner import WORKER_OMP_ENV  # noqa: E402

for _name, _value in WORKER_OMP_ENV.items():
    os.environ.setdefault(_name, _value)

#: The checks the similarity judge's veto calls, as named in ``memory.equivalence.similarity``; for each,
#: what counts as "answered" (default: a truthy answer).
_CHECKS: dict[str, Callable[[Any], bool]] = {
    "signature": lambda answer: False,  # a reading, never an answer
    "mismatch": bool,
    "people": lambda answer: False,
    "role_mismatch": bool,
    "frames_compare": lambda answer: answer == "swap",
    "converse_swap": bool,
    "transfer_clash": lambda answer: answer == "direction_swap",
    "actor_order_swap": bool,
    "case_marked_swap": bool,
    "exchanged_around": bool,
    "owner_swap": bool,
    "compares": bool,
    "_marked_across": bool,
    "rank_on_one_side": bool,
    "direction_classes": lambda answer: False,
    "other_subject": bool,
    "first_word": lambda answer: False,
    "_across_languages": bool,
}

CALLS: Counter[str] = Counter()
ANSWERED: Counter[str] = Counter()
SPENT: defaultdict[str, float] = defaultdict(float)
VETO_CALLS: Counter[tuple[str, str | None]] = Counter()
VETO_SPENT: defaultdict[str, float] = defaultdict(float)


def _timed(name: str, function: Callable[..., Any], answered: Callable[[Any], bool]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            answer = function(*args, **kwargs)
        finally:
            SPENT[name] += time.process_time() - started
            CALLS[name] += 1
        if answered(answer):
            ANSWERED[name] += 1
        return answer
    return wrapper


def _counted_veto(veto: Callable[..., str | None]) -> Callable[..., str | None]:
    def wrapper(a: Any, b: Any, *, across_languages: bool = True) -> str | None:
        caller = sys._getframe(1).f_code.co_name  # noqa: SLF001 - a measuring script: who asked
        started = time.process_time()
        reason = veto(a, b, across_languages=across_languages)
        VETO_SPENT[caller] += time.process_time() - started
        VETO_CALLS[(caller, reason)] += 1
        return reason
    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--warm", action="store_true", help="count a second judgment of each run, notes already read")
    parser.add_argument("--subjects", type=int, default=0)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()
    from profile_deep_pass import _caches_clear, group_judgments

    from governance.selectors.predicates import predicate_cardinalities
    from memory.equivalence import activity_roles, default_chain, memo, rules, similarity, slots, texts_memoised

    for name, answered in _CHECKS.items():
        setattr(similarity, name, _timed(name, getattr(similarity, name), answered))
    activity_roles.opposite_sides = _timed("activity_roles.opposite_sides", activity_roles.opposite_sides, bool)
    runs, statements = group_judgments(args.subjects)
    chain = default_chain(cardinality=predicate_cardinalities().get)
    local_rules, similarity_judge = chain.judges[1], chain.judges[2]
    for name in ("judge", "entailment"):
        setattr(local_rules, name, _timed(f"rules.{name}", getattr(local_rules, name), lambda answer: answer is not None))
    local_rules.veto = _timed("rules.veto", local_rules.veto, bool)
    similarity_judge.unproven = _timed("similarity.unproven", similarity_judge.unproven, bool)
    similarity_judge.veto = _counted_veto(similarity_judge.veto)
    one = statements[next(iter(statements))]
    chain.judge(one, one, similarity=0.9)  # load the resources
    _caches_clear()
    counters = (CALLS, ANSWERED, SPENT, VETO_CALLS, VETO_SPENT)
    for counter in counters:
        counter.clear()
    outcomes: Counter[tuple[str, str, str]] = Counter()
    total = 0.0
    for pairs in runs.values():
        with texts_memoised():
            kept = [counter.copy() for counter in counters] if args.warm else []
            started = time.process_time()
            for a, b, score in pairs:
                judgment = chain.judge(statements[a], statements[b], similarity=score)
                outcomes[(judgment.label.value, judgment.judge, judgment.reason)] += 1
            if args.warm:
                scope = memo._SCOPE.get()
                assert scope is not None
                for key in [key for key in scope if key[0] is rules._compared]:
                    del scope[key]
                slots.exchanged_around.cache_clear()
                for counter, before in zip(counters, kept):
                    counter.clear()
                    counter.update(before)  # type: ignore[arg-type]
                started = time.process_time()
                for a, b, score in pairs:
                    chain.judge(statements[a], statements[b], similarity=score)
            total += time.process_time() - started
    print(f"{sum(outcomes.values()):,} chain judgments of {len(runs)} runs, {'warm' if args.warm else 'cold'}: "
          f"chain CPU {total:.2f} s (wrapped); load {os.getloadavg()[0]:.2f}")
    callers = Counter[str]()
    for (caller, _), n in VETO_CALLS.items():
        callers[caller] += n
    print("similarity.veto by caller (calls, CPU s): " + ", ".join(
        f"{caller} {n} {VETO_SPENT[caller]:.3f}" for caller, n in callers.most_common()))
    for (caller, reason), n in sorted(VETO_CALLS.items(), key=lambda item: (item[0][0], -item[1])):
        print(f"    {caller:<10} {reason or '-':<22} {n:>6}")
    print(f"{'stage':<34}{'calls':>7}{'answered':>10}{'CPU s':>8}{'ms/call':>9}")
    for name in sorted(SPENT, key=lambda k: -SPENT[k]):
        print(f"{name:<34}{CALLS[name]:>7}{ANSWERED[name]:>10}{SPENT[name]:>8.3f}{1000 * SPENT[name] / max(1, CALLS[name]):>9.3f}")
    print("outcomes (label, judge, reason):")
    for (label, judge, reason), n in outcomes.most_common():
        print(f"    {label:<12} {judge:<16} {reason:<34} {n:>6}")


if __name__ == "__main__":
    main()
