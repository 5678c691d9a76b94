"""The entry and the orchestration (memory/consolidation/run.py): lock, run row, budget, marker,
the one transaction, the audit row and the order of the steps."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, transaction

from config.actors import Actor
from governance.models import AuditEvent
from memory.consolidation import digest
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject, default_judge_chain, subject_lock_try
from memory.equivalence import Judgment, Statement
from memory.models import CollectiveFact, ConsolidationRun, Decision, Evidence, Subject
from memory.services.memories import memory_record
from tests.memory.consolidation.support import consolidate, corroborate_short_reports, current, remember

pytestmark = pytest.mark.django_db


def test_two_agents_two_sessions_distinct_origins_promote_once_with_provenance(agents):
    a = remember(agents[0], "Prefiere informes breves", session="s1", origin="utt-1",
                 predicate="preference.report_length", value="short")
    b = remember(agents[1], "Prefiere informes breves", session="s2", origin="utt-2",
                 predicate="preference.report_length", value="short")
    consolidate()
    facts = current()
    assert len(facts) == 1
    fact = facts[0]
    assert fact.statement == "Preferred report length: short"
    assert (fact.support_roots, fact.support_agents, fact.support_sessions) == (2, 2, 2)
    evidence = {e.memory_id: e for e in Evidence.objects.filter(fact=fact)}
    assert set(evidence) == {a.pk, b.pk} and {e.root for e in evidence.values()} == {"utt-1", "utt-2"}
    assert all(e.counted for e in evidence.values())
    # Re-running changes nothing: same version, no duplicate.
    consolidate()
    assert [f.pk for f in current()] == [fact.pk]
    assert CollectiveFact.objects.count() == 1
    assert Subject.objects.get(external_ref="ana").consolidation_requested_at is None


def test_a_run_records_the_steps_in_order_and_audits_with_ids_only(agents):
    corroborate_short_reports(agents)
    result = consolidate()
    steps = list(Decision.objects.filter(run_id=result.run_id).order_by("pk").values_list("step", flat=True))
    assert steps == ["gather", "group", "corroborate", "gate", "validity"]
    run = ConsolidationRun.objects.get(pk=result.run_id)
    assert run.status == "succeeded" and run.stats["promoted"] == 1 and run.used["judge_calls"] == 1
    event = AuditEvent.objects.get(action="consolidation.run")
    assert (event.actor_kind, event.actor_id) == ("system", "consolidator")
    assert event.data == {"run": result.run_id, "promoted": 1, "superseded": 0, "unsupported": 0, "review": 0}
    assert "informes" not in str(event.data) and "short" not in str(event.data)


def test_the_actor_is_required_and_recorded(agents):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    with pytest.raises(TypeError):
        consolidation_run_subject(subject_id=subject_id)  # type: ignore[call-arg]
    consolidation_run_subject(subject_id=subject_id, actor=Actor.system("operator-test"))
    assert AuditEvent.objects.get(action="consolidation.run").actor_id == "operator-test"
    assert set(AuditEvent.objects.filter(action="fact.recorded").values_list("actor_id", flat=True)) == {
        "operator-test"}


def test_a_failed_run_changes_nothing_and_keeps_the_subject_marked(agents, monkeypatch):
    corroborate_short_reports(agents)

    def explode(*, subject: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(digest, "digest_rebuild", explode)
    result = consolidate()
    assert result.status == "failed"
    assert CollectiveFact.objects.count() == 0 and Evidence.objects.count() == 0
    assert ConsolidationRun.objects.get(pk=result.run_id).error == "RuntimeError"
    assert Subject.objects.get(external_ref="ana").consolidation_requested_at is not None
    monkeypatch.undo()
    assert consolidate().status == "succeeded" and len(current()) == 1


def test_an_exhausted_budget_keeps_the_subject_marked(agents):
    from governance.models import Policy

    policy = Policy.objects.get(active=True)
    policy.rules = {**policy.rules, "budget": {"max_candidates": 0, "max_judge_calls": 0, "max_seconds": 20}}
    policy.save()
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1", predicate="preference.report_length")
    remember(agents[1], "Pide resúmenes cortos", session="s2", origin="u2", predicate="preference.report_length")
    result = consolidate()
    assert result.stats["budget_exhausted"] is True
    assert result.stats["used"]["candidates"] == 1 and result.stats["used"]["judge_calls"] == 1
    assert Subject.objects.get(external_ref="ana").consolidation_requested_at is not None


class _HeldChain:
    """The production chain, but its first judgment waits until the test lets it go: the run
    holding it is, deterministically, inside its locked transaction meanwhile."""

    def __init__(self) -> None:
        self.inner = default_judge_chain()
        self.entered, self.release = threading.Event(), threading.Event()

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment:
        self.entered.set()
        self.release.wait(10)
        return self.inner.judge(a, b, similarity=similarity)


@pytest.mark.django_db(transaction=True)
def test_concurrent_runs_on_one_subject_do_the_work_once(agents):
    corroborate_short_reports(agents)
    subject_id = Subject.objects.get(external_ref="ana").pk
    # While another transaction holds the subject's lock, a run is skipped.
    holding, release = threading.Event(), threading.Event()
    locked: list[bool] = []

    def hold() -> None:
        with transaction.atomic():
            locked.append(subject_lock_try(subject_id))
            holding.set()
            release.wait(10)
        connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    skipped = consolidation_run_subject(subject_id=subject_id, actor=CONSOLIDATOR)
    release.set()
    holder.join()
    assert locked == [True]  # the holder really had the lock (asserted here, not in its thread)
    assert skipped.status == "skipped" and CollectiveFact.objects.count() == 0
    assert ConsolidationRun.objects.get(pk=skipped.run_id).stats == {"reason": "locked", "ms": skipped.stats["ms"]}
    assert Subject.objects.get(pk=subject_id).consolidation_requested_at is not None
    # Two real runs at once: the second starts while the first is inside its transaction.
    chain = _HeldChain()
    first: list[str] = []

    def run_first() -> None:
        first.append(consolidation_run_subject(subject_id=subject_id, actor=CONSOLIDATOR, judge_chain=chain).status)
        connection.close()

    runner = threading.Thread(target=run_first)
    runner.start()
    assert chain.entered.wait(10)
    second = consolidation_run_subject(subject_id=subject_id, actor=CONSOLIDATOR).status
    chain.release.set()
    runner.join()
    assert (first, second) == (["succeeded"], "skipped")
    assert CollectiveFact.objects.filter(status="current").count() == 1
    assert CollectiveFact.objects.count() == 1
    # And one more pass afterwards finds the work done.
    assert consolidation_run_subject(subject_id=subject_id, actor=CONSOLIDATOR).status == "succeeded"
    assert CollectiveFact.objects.count() == 1


def test_a_subject_without_facts_consolidates_cleanly(agents):
    memory_record(actor=Actor.for_agent(agents[0]), agent=agents[0], subject_ref="@workspace", kind="event",
                  content="El flujo nocturno falló", session_id="w1")
    result = consolidate("@workspace")
    assert result.status == "succeeded" and result.stats["memories"] == 0
    assert Subject.objects.get(external_ref="@workspace").consolidation_requested_at is None


def _fields(subject: Subject) -> dict[str, Any]:
    return {f.attname: (type(v := getattr(subject, f.attname)), v) for f in Subject._meta.concrete_fields}


def test_the_runs_subject_read_compiled_once_is_the_querysets():
    """perf52b: ``subject_get`` is ``Subject.objects.get`` — the same fields and types, marked loaded
    — for a UUID, its string and an int, person by person in either order; a missing id raises
    ``DoesNotExist``, an invalid one ``ValidationError``, as ``get`` does."""
    import uuid

    from django.core.exceptions import ValidationError
    from django.utils import timezone

    from memory.consolidation import run as run_module
    from memory.services.memories import subject_get_or_create

    people = [subject_get_or_create(external_ref=ref) for ref in ("ana", "bea", "cai")]
    Subject.objects.filter(pk=people[1].pk).update(consolidation_requested_at=timezone.now())
    for person in people + people[::-1]:
        expected = Subject.objects.get(pk=person.pk)
        for asked in (person.pk, str(person.pk), person.pk.int, person.pk.hex):
            got = run_module.subject_get(asked)
            assert _fields(got) == _fields(expected)
            assert (got._state.adding, got._state.db) == (False, "default")
    assert run_module._SUBJECT._compiled is not None
    for missing in (uuid.uuid4(), str(uuid.uuid4()), None):
        with pytest.raises(Subject.DoesNotExist):
            Subject.objects.get(pk=missing)
        with pytest.raises(Subject.DoesNotExist):
            run_module.subject_get(missing)
    with pytest.raises(ValidationError):
        Subject.objects.get(pk="not-a-uuid")
    with pytest.raises(ValidationError):
        run_module.subject_get("not-a-uuid")


def test_each_decision_keeps_its_run_person_policy_and_own_time(agents):
    """perf52b hoisted the run's, person's and policy's ids out of ``decide``: every Decision still
    names them, and each keeps the time it was made (not one time for the run)."""
    corroborate_short_reports(agents)
    result = consolidate()
    rows = list(Decision.objects.filter(run_id=result.run_id).order_by("pk")
                .values_list("run_id", "subject_id", "policy_version", "created_at"))
    run_row = ConsolidationRun.objects.get(pk=result.run_id)
    assert len(rows) >= 3
    assert {(str(r), s, p) for r, s, p, _ in rows} == {(result.run_id, run_row.subject_id, run_row.policy_version)}
    times = [t for *_, t in rows]
    assert times == sorted(times) and len(set(times)) > 1


def _loaded(obj: Any) -> dict[str, Any]:
    """Every attribute an instance carries (deferred ones absent), with its type; related caches by pk."""
    out = {k: (type(v), v) for k, v in obj.__dict__.items() if k not in ("_state", "_prefetched_objects_cache")}
    out["_state"] = (obj._state.adding, obj._state.db, sorted(obj._state.fields_cache))
    return out


def test_the_open_versions_compiled_once_are_the_querysets(agents):
    """perf53a: ``open_versions`` is the queryset ``run`` read before — the same versions in the same
    order (current and pending review, never superseded or another person's), every loaded field and
    its type, marked loaded, and the same evidence prefetched with the same fields; none for a person
    without versions."""
    from django.db.models import Prefetch
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from memory.consolidation.run import open_versions

    corroborate_short_reports(agents)
    for i, agent in enumerate(agents[:2]):
        remember(agent, "Vive en Sevilla", session=f"t{i}", origin=f"v{i}", predicate="person.home_city",
                 value="Sevilla")
        remember(agent, "Prefiere té", session=f"t{i}", origin=f"w{i}", subject="bea", key="drink")
    consolidate()
    consolidate("bea")
    ana = Subject.objects.get(external_ref="ana")
    promoted = list(CollectiveFact.objects.filter(subject=ana))
    assert len(promoted) >= 1 and Evidence.objects.filter(fact__in=promoted).count() >= 2
    for status in ("pending_review", "superseded", "current"):
        CollectiveFact.objects.create(subject=ana, key=f"k-{status}", statement="x", status=status, value=[1, "a"],
                                      valid_from=timezone.now(), trust="inferred", policy_version="v",
                                      domains=["health"], confidence=0.5)
    for person in (ana, Subject.objects.get(external_ref="bea"), Subject.objects.create(external_ref="cai")):
        expected = list(CollectiveFact.objects.filter(
            subject=person, status__in=[CollectiveFact.Status.CURRENT, CollectiveFact.Status.PENDING_REVIEW])
            .prefetch_related(Prefetch("evidence", queryset=Evidence.objects.only(
                "fact_id", "memory_id", "root", "counted", "discount_reason"))))
        with CaptureQueriesContext(connection) as sent:
            got = open_versions(person.pk)
        assert [_loaded(f) for f in got] == [_loaded(f) for f in expected]
        assert [[_loaded(e) for e in f.evidence.all()] for f in got] == \
            [[_loaded(e) for e in f.evidence.all()] for f in expected]
        assert len(sent) == (2 if expected else 1)
    assert any(f.status == "pending_review" for f in open_versions(ana.pk))
