"""What a deep pass writes, as a canonical dump, and how many SQL statements it sends per subject.

For a before/after of a change to the consolidation pass that must not change its behaviour: run it
from each tree's root on the same database (the benchmark's, after ``python -m benchmarks
consolidation`` or a copy of it) and compare the two dumps byte for byte.

    python scripts/consolidation_identity.py --out FILE [--subjects N] [--fresh]

Every subject (``cons-`` subjects, pk order) gets two deep runs in this one process, each inside a
transaction that is rolled back (the rows stay as they were): the first from the state found (with
``--fresh``: the subject's collective layer, runs, decisions, digest and review items deleted first,
so the first run promotes from scratch, as the benchmark's pass does) and a second one at steady
state. After each run the rows it wrote are read back — the subject's collective versions (every
column but times that are "now"), their evidence, the run's Decisions in order, the audit events
appended, the review items opened and the digest — with every id the run made (facts, lineages,
runs) replaced by a label in a deterministic order, and written as one JSON line per run. The judge
memo is emptied first (as in a new worker). Ids, labels and counts go to stdout; the dump holds the
benchmark's synthetic statements (digest text, fact statements), so keep it under /tmp.

Prints the SQL statements per run (Django's ``CaptureQueriesContext``), first and steady, by the
statement's first words.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
from config.runner import WORKER_OMP_ENV  # noqa: E402

for _name, _value in WORKER_OMP_ENV.items():
    os.environ.setdefault(_name, _value)

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


class _Rollback(Exception):
    pass


def _shape(sql: str) -> str:
    """A statement's kind and table, for the per-run counts (no values)."""
    words = sql.split()
    head = words[0].upper() if words else ""
    table = next((w.strip('"') for i, w in enumerate(words) if i and words[i - 1].upper() in ("FROM", "INTO", "UPDATE")
                  and not w.startswith("(")), "")
    if head == "SELECT" and "pg_try_advisory" in sql:
        table = "advisory_lock"
    if head == "SELECT" and "quorum_audit_append" in sql:
        table = "audit_append"
    return f"{head} {table}".strip()


def subject_layer_clear(subject_id: Any) -> None:
    """The subject's collective layer, runs, decisions, digest and review items deleted (``--fresh``;
    inside the caller's transaction), so the next run promotes from scratch as a first pass does.
    ``scripts/profile_deep_pass.py --fresh`` calls it too."""
    from governance.models import ReviewItem
    from memory.models import CollectiveFact, ConsolidationRun, Decision, Digest

    CollectiveFact.objects.filter(subject_id=subject_id).update(revises=None)
    Decision.objects.filter(subject_id=subject_id).delete()
    CollectiveFact.objects.filter(subject_id=subject_id).delete()
    ConsolidationRun.objects.filter(subject_id=subject_id).delete()
    Digest.objects.filter(subject_id=subject_id).delete()
    ReviewItem.objects.filter(subject_id=subject_id).delete()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--subjects", type=int, default=0)
    parser.add_argument("--fresh", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from governance.models import AuditEvent, ReviewItem
    from memory.consolidation import run
    from memory.models import CollectiveFact, ConsolidationRun, Decision, Digest, Evidence, Subject

    import memory

    print(f"tree: {Path(memory.__file__).parent.parent}")
    subjects = list(Subject.objects.filter(external_ref__startswith="cons-").order_by("pk")
                    .values_list("pk", flat=True))
    if args.subjects:
        subjects = subjects[:args.subjects]
    run.JUDGMENTS.data.clear()
    chain = run.default_judge_chain()
    started = timezone.now()

    def when(value: datetime | None) -> str | None:
        return None if value is None else ("NOW" if value >= started else value.isoformat())

    def dump(subject_id: Any, run_id: Any, audit_after: int, review_after: set[Any], labels: dict[str, str]) -> dict:
        facts = list(CollectiveFact.objects.filter(subject_id=subject_id))
        evidence: dict[Any, list[tuple]] = {}
        for e in Evidence.objects.filter(fact__subject_id=subject_id).order_by("memory_id"):
            evidence.setdefault(e.fact_id, []).append((str(e.memory_id), e.agent_id, e.session_id, e.root, e.trust,
                                                       e.counted, e.discount_reason))
        # Facts in a deterministic order: by what they say and which memories support them.
        facts.sort(key=lambda f: (f.key, json.dumps(f.value, sort_keys=True), f.statement, f.status,
                                  evidence.get(f.pk, [])))
        for f in facts:
            labels.setdefault(str(f.lineage), f"L{len(labels)}")
            labels.setdefault(str(f.pk), f"F{len(labels)}")
        # Review items the run opened (random ids): labelled in the order of what they say.
        for r in sorted(ReviewItem.objects.filter(subject_id=subject_id).exclude(pk__in=review_after),
                        key=lambda r: json.dumps([r.kind, r.refs, r.reason], sort_keys=True)):
            labels.setdefault(str(r.pk), f"R{len(labels)}")
        rows = {
            "facts": [{"id": str(f.pk), "lineage": str(f.lineage), "revises": str(f.revises_id),
                       "predicate": f.predicate_id, "key": f.key, "single": f.single, "statement": f.statement,
                       "value": f.value, "category": f.category, "status": f.status,
                       "valid_from": when(f.valid_from), "valid_to": when(f.valid_to), "closed": when(f.closed_at),
                       "close_reason": f.close_reason, "trust": f.trust, "confidence": f.confidence,
                       "importance": f.importance, "roots": f.support_roots, "agents": f.support_agents,
                       "lineages": f.support_lineages, "sessions": f.support_sessions, "domains": f.domains,
                       "first_evidence_at": when(f.first_evidence_at), "last_confirmed_at": when(f.last_confirmed_at),
                       "policy_version": f.policy_version, "run": str(f.run_id), "subject_asserted": f.subject_asserted,
                       "evidence": evidence.get(f.pk, [])} for f in facts],
            "decisions": [[d.step, d.inputs, d.outcome, None if d.score is None else round(d.score, 6), d.judge,
                           d.reason, d.policy_version]
                          for d in Decision.objects.filter(run_id=run_id).order_by("pk")],
            "audit": [[a.actor_kind, a.actor_id, a.action, a.object_type, a.object_id, a.data]
                      for a in AuditEvent.objects.filter(pk__gt=audit_after).order_by("pk")],
            "reviews": sorted([[r.kind, r.refs, r.reason, r.status] for r in ReviewItem.objects.filter(
                subject_id=subject_id).exclude(pk__in=review_after)], key=lambda r: json.dumps(r, sort_keys=True)),
            "digest": [[d.items, d.text] for d in Digest.objects.filter(subject_id=subject_id)],
            "run": list(ConsolidationRun.objects.filter(pk=run_id).values_list("status", "mode", "policy_version",
                                                                                "code_version")),
        }
        stats = ConsolidationRun.objects.get(pk=run_id).stats
        rows["stats"] = {k: v for k, v in stats.items() if k not in ("ms", "used")}
        text = json.dumps(rows, sort_keys=True, default=str)
        return json.loads(_UUID.sub(lambda m: labels.get(m.group(0), m.group(0)), text))

    counts: dict[str, list[int]] = {"first": [], "steady": []}
    shapes: dict[str, Counter[str]] = {"first": Counter(), "steady": Counter()}
    with open(args.out, "w") as out:
        for n, subject_id in enumerate(subjects):
            try:
                with transaction.atomic():
                    if args.fresh:
                        subject_layer_clear(subject_id)
                    labels: dict[str, str] = {}
                    for phase in ("first", "steady"):
                        audit_after = AuditEvent.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
                        review_after = set(ReviewItem.objects.filter(subject_id=subject_id)
                                           .values_list("pk", flat=True))
                        with CaptureQueriesContext(connection) as captured:
                            result = run.consolidation_run_subject(subject_id=subject_id, actor=run.CONSOLIDATOR,
                                                                   mode="deep", judge_chain=chain)
                        labels.setdefault(result.run_id, f"RUN-{phase}")
                        counts[phase].append(len(captured.captured_queries))
                        shapes[phase].update(_shape(q["sql"]) for q in captured.captured_queries)
                        out.write(json.dumps({"subject": n, "phase": phase,
                                              **dump(subject_id, result.run_id, audit_after, review_after, labels)},
                                             sort_keys=True) + "\n")
                    raise _Rollback
            except _Rollback:
                pass
    for phase in ("first", "steady"):
        c = counts[phase]
        print(f"{phase}: {len(c)} runs, SQL statements per run mean {sum(c) / max(len(c), 1):.1f}, "
              f"min {min(c, default=0)}, max {max(c, default=0)}")
        for shape, k in shapes[phase].most_common():
            print(f"    {k / max(len(c), 1):7.2f}  {shape}")


if __name__ == "__main__":
    main()
