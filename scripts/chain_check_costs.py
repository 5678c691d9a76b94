"""Each check of the equivalence chain on the deep pass's own judgments: calls, how often it answers, CPU (perf53b).

Run from the root of the tree to measure (a stop-49 tree too: a check it lacks is skipped) after
``QUORUM_BENCH_FREETEXT=0.3 QUORUM_BENCH_SUBJECTS=64 python -m benchmarks consolidation`` on its database
(``DATABASE_URL`` or ``QUORUM_DATABASE_NAME``). Re-judges the pass's chain judgments run by run
(``profile_deep_pass.group_judgments``), one ``texts_memoised`` scope a run, every per-text cache emptied
first; ``CHECKS_REPEAT=2`` judges them once more before, so the process's tables (CLDR's currencies,
WordNet's files) are built as a warmed-up worker has them. Wraps the judges, the similarity judge's veto
checks, the ES↔EN checks of ``_across_languages`` and their modules' entry points: a check called inside
another wrapped one is counted in both (inclusive times), and the wrappers cost CPU of their own — compare
checks with each other and trees with each other, not with unwrapped runs. Ids-free: counts and times only.

    CHECKS_REPEAT=2 python scripts/chain_check_costs.py
"""
from __future__ import annotations

import contextlib
import importlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from config.runner import WORKER_OMP_ENV  # noqa: E402

for _name, _value in WORKER_OMP_ENV.items():
    os.environ.setdefault(_name, _value)

# deep_pass_stages's per-check timer and its tables (calls, answers, CPU): one wrapper for both scripts.
from deep_pass_stages import ANSWERED, CALLS, SPENT  # noqa: E402
from deep_pass_stages import _timed as _timed_by  # noqa: E402

#: The checks wrapped, by module of ``memory.equivalence`` (similarity's names as it imported them).
TARGETS = {
    "similarity": ["signature", "mismatch", "people", "role_mismatch", "frames_compare", "converse_swap",
                   "transfer_clash", "actor_order_swap", "case_marked_swap", "exchanged_around", "owner_swap",
                   "compares", "_marked_across", "rank_on_one_side", "direction_classes", "other_subject",
                   "first_word", "_across_languages", "_analyse"],
    "activity_roles": ["opposite_sides"],
    "phrases": ["one_against_several", "kind_narrowed", "rank_against_count", "language"],
    "opposites": ["opposite_adjectives"],
    "verb_opposites": ["opposite_verbs"],
    "siblings": ["role_heads", "sibling_adjectives", "unknown_member"],
    "bilingual": ["substituted_nouns", "only_moved", "one_noun_substituted"],
    "slot_swaps": ["slot_substitution"],
    "counted": ["counts_moved"],
    "endpoints": ["reversed_endpoints"],
    "translated_classes": ["one_reading_class"],
    "translation": ["translated_veto"],
    "currencies": ["different_currencies"],
}


def _timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` timed under ``name``; a truthy answer counts as answered."""
    return _timed_by(name, function, bool)


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()
    from profile_deep_pass import _caches_clear, group_judgments

    from governance.selectors.predicates import predicate_cardinalities
    from memory.equivalence import default_chain

    for module_name, names in TARGETS.items():
        try:
            module = importlib.import_module(f"memory.equivalence.{module_name}")
        except ImportError:  # an older tree without the check
            continue
        for name in names:
            if hasattr(module, name):
                label = name if module_name == "similarity" else f"{module_name}.{name}"
                setattr(module, name, _timed(label, getattr(module, name)))
    try:
        from memory.equivalence import texts_memoised as scope
    except ImportError:  # a tree from before the per-text memo
        scope = contextlib.nullcontext  # type: ignore[assignment]
    runs, statements = group_judgments()
    chain = default_chain(cardinality=predicate_cardinalities().get)
    for judge in chain.judges:
        judge.judge = _timed(f"judge:{judge.name}", judge.judge)
    rules_judge, similarity_judge = chain.judges[1], chain.judges[2]
    similarity_judge.veto = _timed("similarity.veto", similarity_judge.veto)
    similarity_judge.unproven = _timed("similarity.unproven", similarity_judge.unproven)
    rules_judge.veto = _timed("rules.veto", rules_judge.veto)
    rules_judge.entailment = _timed("rules.entailment", rules_judge.entailment)
    one = statements[next(iter(statements))]
    chain.judge(one, one, similarity=0.9)  # load the resources

    def judge_all() -> float:
        spent = 0.0
        for pairs in runs.values():
            with scope():
                started = time.process_time()
                for a, b, score in pairs:
                    chain.judge(statements[a], statements[b], similarity=score)
                spent += time.process_time() - started
        return spent

    for _ in range(int(os.environ.get("CHECKS_REPEAT", "1")) - 1):
        _caches_clear()
        judge_all()  # builds every table a first pair would, as a warmed-up worker has them
    _caches_clear()
    for counter in (CALLS, ANSWERED, SPENT):
        counter.clear()
    total = judge_all()
    judged = sum(len(pairs) for pairs in runs.values())
    print(f"tree {ROOT}: {judged:,} judgments, chain CPU {total:.3f} s wrapped "
          f"({1000 * total / judged:.3f} ms a judgment), load {os.getloadavg()[0]:.2f}")
    print(f"{'stage':<40}{'calls':>7}{'answered':>9}{'CPU s':>8}{'ms/call':>9}")
    for name in sorted(SPENT, key=lambda k: -SPENT[k]):
        print(f"{name:<40}{CALLS[name]:>7}{ANSWERED[name]:>9}{SPENT[name]:>8.3f}"
              f"{1000 * SPENT[name] / max(1, CALLS[name]):>9.3f}")


if __name__ == "__main__":
    main()
